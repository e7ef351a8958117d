"""Which cards to throw, and which way to declare.

:func:`advise_discards` ranks every legal discard of a hand by its pot equity against the
opponents given (known hands, or random ones), with each award's share, so that a discard that
pulls the two halves apart shows it. Every option is played over the same seeded runouts
(common random numbers), all in one call of the compiled engine, so the ranking is not blurred
by sampling noise between options; an option gets the very runouts
:func:`~splitpot.equity.equity` would deal for that discard alone with the same seed.

:func:`declaration_odds` gives a Doogie player's expected share of the pot for declaring high,
low or both once the last community card is out, under the two-way rules, against opponents
who declare as given or by :func:`splitpot.equity.policy.declare_by_cards`; the three
declarations are settled on the same runouts, in one call.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from splitpot.cards import Card, check_distinct, parse_cards
from splitpot.engine.showdown import DECLARATIONS
from splitpot.equity.results import EquityResult
from splitpot.equity.spot import (
    HERO,
    check_board,
    check_opponents,
    check_samples,
    pending_draws,
    prepare,
)
from splitpot.errors import ShowdownError
from splitpot.games import GAMES, GameSpec, find_game

__all__ = [
    "HERO",
    "DeclarationOdds",
    "DiscardOption",
    "advise_discards",
    "compare_discards",
    "declaration_odds",
]

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


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
    check_opponents(opponents)
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
    dead: str | Sequence[int] = (),
) -> list[DiscardOption]:
    """Every legal discard at the next draw, best first, with the hero's odds after it.

    An option is walked exactly when it has at most 20,000 runouts; the others are sampled,
    ``samples`` runouts each, every option on the same ones.
    """
    check_samples(samples)
    spec = find_game(game) if isinstance(game, str) else game
    cards = parse_cards(hand, where="in your hand")
    if len(cards) != spec.hole_cards:
        raise ShowdownError(
            f"your hand has {len(cards)} cards; {spec.name} deals {spec.hole_cards}"
        )
    board_cards = parse_cards(board, where="on the board")
    if len(board_cards) <= spec.board_cards:
        check_board(spec, len(board_cards))
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
    spot = prepare(spec, players, board_cards, dead, None, None, policy, None, max_discard)
    throws = [thrown for size in range(limit + 1) for thrown in combinations(cards, size)]
    from splitpot.equity import engine  # loaded when a computation runs (a fast start)

    results = engine.run_options(spot, HERO, throws, samples=samples, seed=seed, exact_limit=20_000)
    options = [DiscardOption(tuple(t), r) for t, r in zip(throws, results, strict=True)]
    options.sort(key=lambda o: o.equity, reverse=True)
    return options


def compare_discards(
    game: GameSpec | str,
    players: Mapping[str, str | Sequence[int]],
    board: str | Sequence[int],
    hero: str,
    options: Sequence[Sequence[int]],
    *,
    dead: str | Sequence[int] = (),
    draws: int | None = None,
    policy: str = "heuristic",
    declarations: Mapping[str, str] | None = None,
    samples: int = 4_000,
    seed: int = 0,
    exact_limit: int = 20_000,
    max_discard: int | None = None,
) -> list[EquityResult]:
    """The odds after each of ``hero``'s ``options`` at the next draw, as
    :func:`~splitpot.equity.equity` gives them with ``discards={hero: option}`` and the same
    arguments, but every sampled option in one call of the compiled engine."""
    check_samples(samples)
    spot = prepare(game, players, board, dead, None, draws, policy, declarations, max_discard)
    checked = [
        prepare(spot.game, players, board, dead, {hero: option}, draws, policy, declarations,
                max_discard)
        for option in options
    ]  # fmt: skip
    throws = [next(s.discard or () for s in c.seats if s.name == hero) for c in checked]
    from splitpot.equity import engine  # loaded when a computation runs (a fast start)

    return engine.run_options(
        spot, hero, throws, samples=samples, seed=seed, exact_limit=exact_limit
    )


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


def _declare_game(game: GameSpec | str | None) -> GameSpec:
    if game is not None:
        spec = find_game(game) if isinstance(game, str) else game
        if not spec.declare:
            raise ShowdownError(f"{spec.name} has no declaration")
        return spec
    declaring = [g for g in GAMES.values() if g.declare]
    if len(declaring) != 1:  # pragma: no cover - the registry has one declare game
        raise ShowdownError("name the game whose declarations to weigh")
    return declaring[0]


def declaration_odds(
    hand: str | Sequence[int],
    board: str | Sequence[int],
    *,
    opponents: int | None = None,
    opponent_hands: Sequence[str | Sequence[int]] | None = None,
    opponent_declarations: Sequence[str | None] | None = None,
    samples: int = 4_000,
    seed: int = 0,
    two_way_tie_keeps: bool | None = None,
    game: GameSpec | str | None = None,
) -> DeclarationOdds:
    """After the last community card: the hero's share of the pot for each declaration.

    ``game`` defaults to the registry's declaring game (Doogie); ``two_way_tie_keeps``
    defaults to its rule. Exact when at most one opponent's hand is unknown and its hands
    number at most 20,000, else ``samples`` runouts (the same for every declaration).
    """
    check_samples(samples)
    spec = _declare_game(game)
    cards = parse_cards(hand, where="in your hand")
    board_cards = parse_cards(board, where="on the board")
    if len(cards) != spec.hole_cards or len(board_cards) != spec.board_cards:
        raise ShowdownError(
            f"declaring needs your {_WORDS[spec.hole_cards]} cards and all "
            f"{_WORDS[spec.board_cards]} community cards"
        )
    rivals = _opponents(opponents, opponent_hands)
    known = {
        name: (() if isinstance(h, str) and h.strip().lower() in ("random", "?", "")
               else parse_cards(h, where=f"in {name}'s cards"))
        for name, h in rivals.items()
    }  # fmt: skip
    for name, held in known.items():
        if held and len(held) != spec.hole_cards:
            raise ShowdownError(f"{name} needs all {spec.hole_cards} cards, or none (random)")
    fixed_ways = list(opponent_declarations or [])
    for way in fixed_ways:
        if way is not None and way not in DECLARATIONS:
            raise ShowdownError(f"declaration {way!r}: use high, low or both")
    check_distinct(
        [("in your hand", cards), ("on the board", board_cards),
         *((f"in {n}'s cards", h) for n, h in known.items())]
    )  # fmt: skip
    players: dict[str, str | Sequence[int]] = {HERO: cards}
    players.update({n: h or "random" for n, h in known.items()})
    spot = prepare(spec, players, board_cards, (), None, None, "pat", None, None)
    from splitpot.equity import engine  # loaded when a computation runs (a fast start)

    unknown = [n for n, h in known.items() if not h]
    exact = not unknown or (
        len(unknown) == 1 and math.comb(len(spot.unseen), spec.hole_cards) <= 20_000
    )
    shares, errors, method, runouts = engine.declaration_shares(
        spot, HERO, fixed_ways, exact=exact, samples=samples, seed=seed,
        tie_keeps=two_way_tie_keeps,
    )  # fmt: skip
    return DeclarationOdds(shares, errors, method, runouts)
