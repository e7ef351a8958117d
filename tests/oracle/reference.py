"""The study engine in plain Python: the test-only oracle the compiled core's study engine is
tested against (never on a user's path).

It does 30k-60k runouts a second; the tests compare the core's walks with it spot by spot. A
runout deals the unknown hole cards, then each pending draw (a player's fixed discard for the
next draw, or the policy's choice, tests/oracle/policy.py), then the rest of the board, and
settles the pot as fractions without odd chips by the oracle's award decision
(tests/oracle/awards.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations

from oracle.awards import decide_awards
from oracle.policy import choose_discard, declare_by_cards
from splitpot.cards import Card, check_distinct, parse_cards
from splitpot.engine.showdown import DECLARATIONS
from splitpot.equity.core import AwardOdds, EquityResult, PlayerOdds
from splitpot.equity.spot import Spot, prepare
from splitpot.errors import ShowdownError
from splitpot.games import GameSpec

__all__ = ["declaration_shares", "equity", "run"]


class _Tally:
    """Running sums for one player."""

    __slots__ = ("eq", "eq2", "scoop", "ties", "wins")

    def __init__(self, awards: Sequence[str]) -> None:
        self.eq = 0.0
        self.eq2 = 0.0
        self.scoop = 0
        self.wins = dict.fromkeys(awards, 0)
        self.ties = dict.fromkeys(awards, 0.0)


class _Runner:
    def __init__(self, spot: Spot) -> None:
        self.spot = spot
        self.game = spot.game
        self.unseen = list(spot.unseen)
        self.names = [s.name for s in spot.seats]
        self.awards = [a.name for a in spot.game.awards]
        self.tallies = {name: _Tally(self.awards) for name in self.names}
        self.runouts = 0

    def play(self, source: Iterator[Card], rng: random.Random | None = None) -> None:
        spot, game = self.spot, self.game
        discards: list[Card] = []

        def take(own: Sequence[Card] = ()) -> Card:
            # When the stub runs out, the discards so far (not the drawer's own of this draw)
            # are reshuffled, as at the table (docs/rules.md "Drawing").
            nonlocal source
            card = next(source, None)
            if card is None:
                pool = [c for c in discards if c not in own]
                if not pool or rng is None:
                    raise ShowdownError("not enough cards left in the deck for this spot")
                for c in pool:
                    discards.remove(c)
                rng.shuffle(pool)
                source = iter(pool)
                card = next(source)
            return card

        hands = [list(s.known) for s in spot.seats]
        for hand in hands:
            while len(hand) < game.hole_cards:
                hand.append(take())
        board = list(spot.board)
        for index, draw in enumerate(spot.draws):
            while len(board) < draw.board_before:
                board.append(take())
            limit = spot.limit(draw)
            for seat, hand in zip(spot.seats, hands, strict=True):
                if index == 0 and seat.discard is not None:
                    thrown: Sequence[Card] = seat.discard
                else:
                    thrown = choose_discard(game, hand, board, limit, spot.policy)
                for card in thrown:
                    hand.remove(card)
                for _ in thrown:
                    hand.append(take(thrown))
                discards.extend(thrown)
        while len(board) < game.board_cards:
            board.append(take())
        self.settle(hands, board)

    def settle(self, hands: Sequence[Sequence[Card]], board: Sequence[Card]) -> None:
        game = self.game
        values = {
            name: {award.name: award.raw(hand, board) for award in game.awards}
            for name, hand in zip(self.names, hands, strict=True)
        }
        decision = decide_awards(
            game, values, self.names, self.spot.declarations,
            two_way_tie_keeps=game.two_way_tie_keeps,
        )  # fmt: skip
        claimed = [name for name in self.awards if decision.winners[name]]
        share = dict.fromkeys(self.names, 0.0)
        if claimed:
            part = 1.0 / len(claimed)
            for award in claimed:
                winners = decision.winners[award]
                each = part / len(winners)
                for name in winners:
                    share[name] += each
        else:
            splitters = decision.even_split(self.names)
            for name in splitters:
                share[name] = 1.0 / len(splitters)
        for award in self.awards:
            winners = decision.winners[award]
            if len(winners) == 1:
                self.tallies[winners[0]].wins[award] += 1
            elif winners:
                for name in winners:
                    self.tallies[name].ties[award] += 1.0 / len(winners)
        for name, fraction in share.items():
            tally = self.tallies[name]
            tally.eq += fraction
            tally.eq2 += fraction * fraction
            if fraction > 1.0 - 1e-9:
                tally.scoop += 1
        self.runouts += 1

    def enumerate(self, slots: Sequence[int]) -> None:
        def walk(index: int, remaining: list[Card], dealt: list[Card]) -> None:
            if index == len(slots):
                self.play(iter(dealt))
                return
            for combo in combinations(remaining, slots[index]):
                taken = set(combo)
                walk(index + 1, [c for c in remaining if c not in taken], dealt + list(combo))

        walk(0, list(self.unseen), [])

    def sample(self, samples: int, rng: random.Random) -> None:
        unseen = self.unseen
        for _ in range(samples):
            order = unseen[:]
            rng.shuffle(order)
            self.play(iter(order), rng)

    def result(self, method: str, seed: int | None) -> EquityResult:
        n = self.runouts
        players = []
        for name in self.names:
            tally = self.tallies[name]
            mean = tally.eq / n
            error = None
            if method == "monte-carlo":
                variance = max(tally.eq2 / n - mean * mean, 0.0)
                error = math.sqrt(variance / n) if n > 1 else None
            awards = {
                award: AwardOdds(tally.wins[award] / n, tally.ties[award] / n)
                for award in self.awards
            }
            players.append(PlayerOdds(name, awards, mean, tally.scoop / n, error))
        spot = self.spot
        return EquityResult(
            spot.game, tuple(players), method, n, len(spot.draws), spot.policy, seed
        )


def run(
    spot: Spot, *, exact: bool | None, samples: int, seed: int, exact_limit: int
) -> EquityResult:
    """The odds of a checked spot, by the Python runouts (exact or sampled, as the compiled
    engine decides)."""
    runner = _Runner(spot)
    slots = spot.fixed_slots()
    size = spot.count(slots) if slots is not None else None
    if exact is True and (size is None or size > 50 * exact_limit):
        why = "the draws depend on unseen cards" if size is None else f"{size:,} runouts"
        raise ShowdownError(f"exact enumeration is out of reach here ({why}): use samples")
    if (
        slots is not None
        and size is not None
        and (exact or (exact is None and size <= exact_limit))
    ):
        runner.enumerate(slots)
        return runner.result("exact", None)
    runner.sample(samples, random.Random(seed))
    return runner.result("monte-carlo", seed)


def equity(
    game: GameSpec | str,
    players: Mapping[str, str | Sequence[int]],
    board: str | Sequence[int] = (),
    *,
    dead: str | Sequence[int] = (),
    discards: Mapping[str, str | Sequence[int]] | None = None,
    draws: int | None = None,
    policy: str = "heuristic",
    declarations: Mapping[str, str] | None = None,
    exact: bool | None = None,
    samples: int = 10_000,
    seed: int = 0,
    exact_limit: int = 200_000,
    max_discard: int | None = None,
) -> EquityResult:
    """:func:`splitpot.equity.equity`, computed in Python."""
    spot = prepare(game, players, board, dead, discards, draws, policy, declarations, max_discard)
    return run(spot, exact=exact, samples=samples, seed=seed, exact_limit=exact_limit)


def declaration_shares(
    game: GameSpec,
    hands: Mapping[str, Sequence[Card]],
    board: Sequence[Card],
    hero: str,
    fixed: Mapping[str, str],
) -> dict[str, float]:
    """The hero's share of the pot for each declaration on one final deal, the others
    declaring as ``fixed`` says or by their cards (the reference for the declaration odds)."""
    board_cards = parse_cards(board)
    check_distinct([(f"in {n}'s cards", h) for n, h in hands.items()])
    values = {n: {a.name: a.raw(h, board_cards) for a in game.awards} for n, h in hands.items()}
    high = next(a for a in game.awards if a.name == game.high_award)
    low = next(a for a in game.awards if a.name != game.high_award)
    ways: dict[str, str] = {}
    for name in hands:
        if name == hero:
            continue
        ways[name] = fixed.get(name) or declare_by_cards(
            high.qualifies_value(values[name][high.name]),
            low.qualifies_value(values[name][low.name]),
            values[name][low.name] is not None,
        )
    names = list(hands)
    out: dict[str, float] = {}
    for way in DECLARATIONS:
        decision = decide_awards(
            game, values, names, {**ways, hero: way}, two_way_tie_keeps=game.two_way_tie_keeps
        )
        claimed = [a.name for a in game.awards if decision.winners[a.name]]
        if claimed:
            out[way] = sum(
                1.0 / len(claimed) / len(decision.winners[a])
                for a in claimed
                if hero in decision.winners[a]
            )
        else:
            splitters = decision.even_split(names)
            out[way] = 1.0 / len(splitters) if hero in splitters else 0.0
    return out
