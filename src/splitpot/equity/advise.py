"""Which cards to throw, and which way to declare.

:func:`advise_discards` ranks every legal discard of a hand by its pot equity against the
opponents given (known hands, or random ones), with each award's share, so that a discard that
pulls the two halves apart shows it. Every option is played over the same seeded runouts
(common random numbers), so the ranking is not blurred by sampling noise between options.

:func:`declaration_odds` gives a Doogie player's expected share of the pot for declaring high,
low or both once the last community card is out, under the two-way rules, against opponents
who declare as given or by :func:`splitpot.equity.policy.declare_by_cards`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from splitpot.cards import Card, check_distinct, full_deck, parse_cards
from splitpot.engine.awards import decide_awards
from splitpot.engine.showdown import DECLARATIONS
from splitpot.equity.core import EquityResult, equity, pending_draws
from splitpot.equity.policy import declare_by_cards
from splitpot.errors import ShowdownError
from splitpot.games import GameSpec, find_game

__all__ = ["DeclarationOdds", "DiscardOption", "advise_discards", "declaration_odds"]

HERO = "you"


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One legal discard and the hero's odds after it."""

    discard: tuple[Card, ...]
    result: EquityResult

    @property
    def equity(self) -> float:
        """The hero's expected fraction of the pot."""
        return self.result.player(HERO).equity


def _opponents(
    opponents: int | None, opponent_hands: Sequence[str | Sequence[int]] | None
) -> dict[str, str | Sequence[int]]:
    hands = list(opponent_hands or [])
    count = max(opponents or 0, len(hands), 1)
    return {f"opp{i + 1}": (hands[i] if i < len(hands) else "random") for i in range(count)}


def advise_discards(
    game: GameSpec | str,
    hand: str | Sequence[int],
    board: str | Sequence[int] = (),
    *,
    opponents: int | None = None,
    opponent_hands: Sequence[str | Sequence[int]] | None = None,
    samples: int = 4_000,
    seed: int = 0,
    policy: str = "heuristic",
    max_discard: int | None = None,
) -> list[DiscardOption]:
    """Every legal discard at the next draw, best first, with the hero's odds after it."""
    spec = find_game(game) if isinstance(game, str) else game
    cards = parse_cards(hand, where="in your hand")
    if len(cards) != spec.hole_cards:
        raise ShowdownError(
            f"your hand has {len(cards)} cards; {spec.name} deals {spec.hole_cards}"
        )
    board_cards = parse_cards(board, where="on the board")
    schedule = pending_draws(spec, len(board_cards))
    if not schedule:
        raise ShowdownError(
            f"no draw is to come in {spec.name} with {len(board_cards)} board cards"
        )
    limit = (
        schedule[0].max_discard
        if max_discard is None
        else min(schedule[0].max_discard, max_discard)
    )
    if schedule[0].board_before > len(board_cards):
        raise ShowdownError(
            f"the next draw comes with {schedule[0].board_before} board cards out: give them"
        )
    players: dict[str, str | Sequence[int]] = {HERO: cards, **_opponents(opponents, opponent_hands)}
    options = []
    for size in range(limit + 1):
        for thrown in combinations(cards, size):
            result = equity(
                spec, players, board_cards, discards={HERO: thrown}, policy=policy,
                samples=samples, seed=seed, exact=None, exact_limit=20_000,
                max_discard=max_discard,
            )  # fmt: skip
            options.append(DiscardOption(tuple(thrown), result))
    options.sort(key=lambda o: o.equity, reverse=True)
    return options


@dataclass(frozen=True, slots=True)
class DeclarationOdds:
    """The hero's expected share of the pot for each declaration."""

    shares: Mapping[str, float]
    std_errors: Mapping[str, float | None]
    method: str
    runouts: int

    @property
    def best(self) -> str:
        """The declaration with the largest expected share."""
        return max(self.shares, key=lambda way: self.shares[way])


def declaration_odds(
    hand: str | Sequence[int],
    board: str | Sequence[int],
    *,
    opponents: int | None = None,
    opponent_hands: Sequence[str | Sequence[int]] | None = None,
    opponent_declarations: Sequence[str | None] | None = None,
    samples: int = 4_000,
    seed: int = 0,
    two_way_tie_keeps: bool = True,
) -> DeclarationOdds:
    """Doogie, after the last community card: the hero's share for each declaration."""
    spec = find_game("doogie")
    cards = parse_cards(hand, where="in your hand")
    board_cards = parse_cards(board, where="on the board")
    if len(cards) != spec.hole_cards or len(board_cards) != spec.board_cards:
        raise ShowdownError("declaring needs your six cards and all four community cards")
    rivals = _opponents(opponents, opponent_hands)
    known = {
        name: (() if isinstance(h, str) and h.strip().lower() in ("random", "?", "")
               else parse_cards(h, where=f"in {name}'s cards"))
        for name, h in rivals.items()
    }  # fmt: skip
    for name, held in known.items():
        if held and len(held) != spec.hole_cards:
            raise ShowdownError(f"{name} needs all {spec.hole_cards} cards, or none (random)")
    check_distinct(
        [("in your hand", cards), ("on the board", board_cards),
         *((f"in {n}'s cards", h) for n, h in known.items())]
    )  # fmt: skip
    fixed_ways = list(opponent_declarations or [])
    for way in fixed_ways:
        if way is not None and way not in DECLARATIONS:
            raise ShowdownError(f"declaration {way!r}: use high, low or both")
    used = set(cards) | set(board_cards) | {c for h in known.values() for c in h}
    unseen = [c for c in full_deck() if c not in used]
    unknown = [n for n, h in known.items() if not h]
    names = [HERO, *rivals]
    totals = dict.fromkeys(DECLARATIONS, 0.0)
    squares = dict.fromkeys(DECLARATIONS, 0.0)
    runouts = 0

    def settle(hands: Mapping[str, Sequence[Card]]) -> None:
        nonlocal runouts
        values = {n: {a.name: a.raw(h, board_cards) for a in spec.awards} for n, h in hands.items()}
        ways: dict[str, str] = {}
        for index, name in enumerate(names[1:]):
            given = fixed_ways[index] if index < len(fixed_ways) else None
            if given is not None:
                ways[name] = given
                continue
            high, low = spec.awards
            ways[name] = declare_by_cards(
                high.qualifies_value(values[name]["high"]),
                low.qualifies_value(values[name]["low"]),
                values[name]["low"] is not None,
            )
        for way in DECLARATIONS:
            decision = decide_awards(
                spec, values, names, {**ways, HERO: way}, two_way_tie_keeps=two_way_tie_keeps
            )
            claimed = [a for a in ("high", "low") if decision.winners[a]]
            if claimed:
                share = sum(
                    1.0 / len(claimed) / len(decision.winners[a])
                    for a in claimed
                    if HERO in decision.winners[a]
                )
            else:
                share = 1.0 / len(names)
            totals[way] += share
            squares[way] += share * share
        runouts += 1

    base = {HERO: cards, **{n: h for n, h in known.items() if h}}
    if not unknown:
        settle(base)
        method = "exact"
    elif len(unknown) == 1 and math.comb(len(unseen), spec.hole_cards) <= 20_000:
        for combo in combinations(unseen, spec.hole_cards):
            settle({**base, unknown[0]: combo})
        method = "exact"
    else:
        rng = random.Random(seed)
        for _ in range(samples):
            dealt = rng.sample(unseen, spec.hole_cards * len(unknown))
            extra = {
                n: dealt[i * spec.hole_cards : (i + 1) * spec.hole_cards]
                for i, n in enumerate(unknown)
            }
            settle({**base, **extra})
        method = "monte-carlo"
    shares = {way: totals[way] / runouts for way in DECLARATIONS}
    errors: dict[str, float | None] = {}
    for way in DECLARATIONS:
        if method == "exact" or runouts < 2:
            errors[way] = None
        else:
            variance = max(squares[way] / runouts - shares[way] ** 2, 0.0)
            errors[way] = math.sqrt(variance / runouts)
    return DeclarationOdds(shares, errors, method, runouts)
