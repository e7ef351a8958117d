"""Equity per award: exact enumeration where it is small enough, seeded Monte Carlo otherwise.

A spot is a game, each player's known cards (a hand can be partly or wholly unknown), the board
so far, dead cards, and the draws still to come. Every runout deals the unknown hole cards, then
each pending draw (a player's fixed discard for the next draw, or the policy's choice), then the
rest of the board, and settles the pot as fractions, without odd chips: each award that someone
can take gets an equal part of the pot, a tie divides its own award, an award nobody qualifies
for (or, in Doogie, nobody declared) goes to the other one, and a pot with no award is split
evenly. Winners are decided by :func:`splitpot.engine.awards.decide_awards`, the same code that
settles real pots.

Exact enumeration walks every way the unknown cards can fall when the cards needed do not depend
on cards still to come (no draw whose size depends on an unseen card) and the number of runouts
is at most ``exact_limit``; otherwise it samples, with a standard error.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from splitpot.cards import Card, check_distinct, full_deck, parse_cards
from splitpot.engine.awards import decide_awards
from splitpot.equity.policy import POLICIES, choose_discard
from splitpot.errors import ShowdownError
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Deal, Draw

__all__ = ["AwardOdds", "EquityResult", "PlayerOdds", "Seat", "equity", "pending_draws"]


@dataclass(frozen=True, slots=True)
class Seat:
    """A player in a spot: known cards (possibly fewer than the game deals) and, optionally,
    the cards they will throw at the next draw."""

    name: str
    known: tuple[Card, ...] = ()
    discard: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class AwardOdds:
    """One award for one player: probability of winning it alone, and the expected part of it
    won through ties (a two-way tie counts 1/2)."""

    win: float
    tie: float

    @property
    def share(self) -> float:
        """Expected fraction of this award won."""
        return self.win + self.tie


@dataclass(frozen=True, slots=True)
class PlayerOdds:
    """A player's odds: per award, the whole pot's expected fraction, and the scoop chance."""

    name: str
    awards: Mapping[str, AwardOdds]
    equity: float
    scoop: float
    std_error: float | None


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The odds of every player, how they were found, and over how many runouts."""

    game: GameSpec
    players: tuple[PlayerOdds, ...]
    method: str  # "exact" or "monte-carlo"
    runouts: int
    draws: int
    policy: str
    seed: int | None

    def player(self, name: str) -> PlayerOdds:
        """The odds of the player called ``name``."""
        return next(p for p in self.players if p.name == name)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "game": self.game.id,
            "method": self.method,
            "runouts": self.runouts,
            "samples": self.runouts if self.method == "monte-carlo" else None,
            "draws": self.draws,
            "policy": self.policy,
            "seed": self.seed,
            "players": {
                p.name: {
                    "equity": p.equity,
                    "scoop": p.scoop,
                    "std_error": p.std_error,
                    "awards": {
                        name: {"win": odds.win, "tie": odds.tie, "share": odds.share}
                        for name, odds in p.awards.items()
                    },
                }
                for p in self.players
            },
        }


@dataclass(frozen=True, slots=True)
class _PendingDraw:
    max_discard: int
    board_before: int  # board cards out when the draw happens


def pending_draws(game: GameSpec, board_count: int) -> list[_PendingDraw]:
    """The draws still to come when the board has ``board_count`` cards: a spot is taken right
    after the deal that brought the board to that size (or that is bringing it there)."""
    count = 0
    start = len(game.streets)
    for index, street in enumerate(game.streets):
        if isinstance(street, Deal):
            count += street.board
            if count >= board_count:
                start = index + 1
                break
    out: list[_PendingDraw] = []
    for street in game.streets[start:]:
        if isinstance(street, Deal):
            count += street.board
        elif isinstance(street, Draw):
            out.append(_PendingDraw(street.max_discard, count))
    return out


class _Tally:
    """Running sums for one player."""

    __slots__ = ("eq", "eq2", "scoop", "ties", "wins")

    def __init__(self, awards: Sequence[str]) -> None:
        self.eq = 0.0
        self.eq2 = 0.0
        self.scoop = 0
        self.wins = dict.fromkeys(awards, 0)
        self.ties = dict.fromkeys(awards, 0.0)


class _Spot:
    def __init__(  # noqa: PLR0917 - private, called once
        self,
        game: GameSpec,
        seats: Sequence[Seat],
        board: tuple[Card, ...],
        dead: tuple[Card, ...],
        draws: list[_PendingDraw],
        policy: str,
        declarations: Mapping[str, str] | None,
        max_discard: int | None,
    ) -> None:
        self.game = game
        self.seats = seats
        self.board = board
        self.draws = draws
        self.policy = policy
        self.declarations = dict(declarations) if declarations else None
        self.max_discard = max_discard
        used = {c for s in seats for c in s.known} | set(board) | set(dead)
        self.unseen = [c for c in full_deck() if c not in used]
        self.names = [s.name for s in seats]
        self.awards = [a.name for a in game.awards]
        self.tallies = {s.name: _Tally(self.awards) for s in seats}
        self.runouts = 0

    def fresh(self) -> _Spot:
        """A copy with empty tallies."""
        copy = object.__new__(_Spot)
        copy.__dict__.update(self.__dict__)
        copy.tallies = {name: _Tally(self.awards) for name in self.names}
        copy.runouts = 0
        return copy

    def merge(self, other: _Spot) -> None:
        """Add another run's tallies to this one's."""
        for name, tally in other.tallies.items():
            mine = self.tallies[name]
            mine.eq += tally.eq
            mine.eq2 += tally.eq2
            mine.scoop += tally.scoop
            for award in self.awards:
                mine.wins[award] += tally.wins[award]
                mine.ties[award] += tally.ties[award]
        self.runouts += other.runouts

    # -- one runout ---------------------------------------------------------------------

    def play(self, source: Iterator[Card], rng: random.Random | None = None) -> None:
        game = self.game
        discards: list[Card] = []

        def take(own: Sequence[Card] = ()) -> Card:
            # When the stub runs out, the discards so far (not the drawer's own of this draw)
            # are reshuffled, as at the table (RULES.md "Drawing").
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

        hands = [list(s.known) for s in self.seats]
        for hand in hands:
            while len(hand) < game.hole_cards:
                hand.append(take())
        board = list(self.board)
        for index, draw in enumerate(self.draws):
            while len(board) < draw.board_before:
                board.append(take())
            limit = draw.max_discard
            if self.max_discard is not None:
                limit = min(limit, self.max_discard)
            for seat, hand in zip(self.seats, hands, strict=True):
                if index == 0 and seat.discard is not None:
                    thrown: Sequence[Card] = seat.discard
                else:
                    thrown = choose_discard(game, hand, board, limit, self.policy)
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
        decision = decide_awards(game, values, self.names, self.declarations)
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

    # -- enumeration --------------------------------------------------------------------

    def fixed_slots(self) -> list[int] | None:
        """Card counts dealt in order, when they never depend on unseen cards; else None."""
        game = self.game
        slots = [game.hole_cards - len(s.known) for s in self.seats]
        if self.draws:
            if len(self.draws) > 1 or any(slots) or self.draws[0].board_before > len(self.board):
                return None
            draw = self.draws[0]
            limit = (
                draw.max_discard
                if self.max_discard is None
                else min(draw.max_discard, self.max_discard)
            )
            for seat in self.seats:
                thrown = (
                    seat.discard
                    if seat.discard is not None
                    else choose_discard(game, seat.known, self.board, limit, self.policy)
                )
                slots.append(len(thrown))
        slots.append(game.board_cards - len(self.board))
        return slots if sum(slots) <= len(self.unseen) else None

    def count(self, slots: Sequence[int]) -> int:
        total, left = 1, len(self.unseen)
        for k in slots:
            total *= math.comb(left, k)
            left -= k
        return total

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
        return EquityResult(
            self.game, tuple(players), method, n, len(self.draws), self.policy, seed
        )


_FAST_GAMES = {"omaha": "omaha", "omaha-5": "omaha", "omaha-6": "omaha", "holdem": "holdem"}


def _fast_exact(
    game: GameSpec,
    seats: Sequence[Seat],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    exact: bool | None,
) -> EquityResult | None:
    """Exact equity by the compiled board walk (splitpot.equity.fast), for the one-award
    reference games with every hand known; ``None`` where it does not apply."""
    kind = _FAST_GAMES.get(game.id)
    if kind is None or exact is False or any(len(s.known) != game.hole_cards for s in seats):
        return None
    from splitpot.equity import fast  # numba: loaded only when this path is taken

    try:
        counts = fast.exact_counts(kind, [s.known for s in seats], board, dead)
    except ValueError:
        return None  # too many boards for an exact walk: sample instead
    (award,) = game.awards
    players = tuple(
        PlayerOdds(seat.name, {award.name: AwardOdds(win, tie)}, share, win, None)
        for seat, (win, tie, share) in zip(seats, counts.results(), strict=True)
    )
    return EquityResult(game, players, "exact", counts.boards, 0, "pat", None)


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
    """Each player's odds per award, pot equity and scoop chance.

    ``players`` maps names to known cards ("random" or fewer cards than the game deals leaves
    the rest unknown). ``discards`` fixes a player's throw at the next draw; the others follow
    ``policy`` ("heuristic" or "pat"). ``draws`` is how many draws are still to come (default:
    every draw after the current board). ``exact``: True insists on enumeration, False samples,
    None (default) enumerates when at most ``exact_limit`` runouts.
    """
    spec = find_game(game) if isinstance(game, str) else game
    if policy not in POLICIES:
        raise ShowdownError(f"policy {policy!r}: use {' or '.join(POLICIES)}")
    if len(players) < 2:
        raise ShowdownError("equity needs at least two players")
    if len(players) > spec.max_players:
        raise ShowdownError(f"{spec.name} seats at most {spec.max_players} players")
    seats = []
    for name, cards in players.items():
        text = cards.strip().lower() if isinstance(cards, str) else None
        known = (
            () if text in ("random", "?", "") else parse_cards(cards, f"in player {name}'s cards")
        )
        if len(known) > spec.hole_cards:
            raise ShowdownError(
                f"player {name} has {len(known)} cards; {spec.name} deals {spec.hole_cards}"
            )
        seats.append(Seat(name, known))
    board_cards = parse_cards(board, where="on the board")
    if len(board_cards) > spec.board_cards:
        raise ShowdownError(
            f"the board has {len(board_cards)} cards; {spec.name} has {spec.board_cards}"
        )
    dead_cards = parse_cards(dead, where="in the dead cards")
    check_distinct(
        [*((f"in player {s.name}'s cards", s.known) for s in seats),
         ("on the board", board_cards), ("in the dead cards", dead_cards)]
    )  # fmt: skip
    schedule = pending_draws(spec, len(board_cards))
    if draws is not None:
        if draws < 0 or draws > len(schedule):
            raise ShowdownError(f"{draws} draws: {len(schedule)} can still come at this point")
        schedule = schedule[len(schedule) - draws :] if draws else []
    for name, thrown_text in (discards or {}).items():
        index = next((i for i, s in enumerate(seats) if s.name == name), None)
        if index is None:
            raise ShowdownError(f"discard for {name!r}, who is not a player")
        if not schedule:
            raise ShowdownError(f"no draw is to come, so {name} cannot discard")
        thrown = parse_cards(thrown_text, where=f"in player {name}'s discard")
        seat = seats[index]
        if len(seat.known) < spec.hole_cards:
            raise ShowdownError(f"player {name} needs all {spec.hole_cards} cards known to discard")
        for card in thrown:
            if card not in seat.known:
                raise ShowdownError(f"player {name} cannot discard {card}: not in their hand")
        limit = (
            schedule[0].max_discard
            if max_discard is None
            else min(schedule[0].max_discard, max_discard)
        )
        if len(thrown) > limit or len(set(thrown)) != len(thrown):
            raise ShowdownError(
                f"player {name} cannot discard {len(thrown)} cards: at most {limit}"
            )
        seats[index] = Seat(name, seat.known, tuple(thrown))
    if declarations:
        if not spec.declare:
            raise ShowdownError(f"{spec.name} has no declaration")
        missing = [s.name for s in seats if s.name not in declarations]
        if missing:
            raise ShowdownError(f"declarations are missing for {', '.join(missing)}")
    fast = _fast_exact(spec, seats, board_cards, dead_cards, exact)
    if fast is not None:
        return fast
    spot = _Spot(spec, seats, board_cards, dead_cards, schedule, policy, declarations, max_discard)
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
        spot.enumerate(slots)
        return spot.result("exact", None)
    if samples < 1:
        raise ShowdownError("samples must be at least 1")
    if samples >= PARALLEL_SAMPLES:
        _sample_on_two_cores(spot, samples, seed)
    else:
        spot.sample(samples, random.Random(seed))
    return spot.result("monte-carlo", seed)


PARALLEL_SAMPLES = 40_000
"""From this many samples, Monte Carlo runs as two halves, one per core, each seeded from the
seed and its half's number, so a result depends on the seed alone, not on the machine."""


def _sample_half(spot: _Spot, samples: int, seed_text: str) -> _Spot:
    spot.sample(samples, random.Random(seed_text))
    return spot


def _sample_on_two_cores(spot: _Spot, samples: int, seed: int) -> None:
    halves = [(samples + 1) // 2, samples // 2]
    seeds = [f"{seed}/half {i}" for i in range(2)]
    try:
        with ProcessPoolExecutor(max_workers=2) as pool:
            done = list(pool.map(_sample_half, [spot, spot], halves, seeds))
    except (OSError, RuntimeError):  # no processes to be had: the same halves, one by one
        done = [_sample_half(spot.fresh(), n, text) for n, text in zip(halves, seeds, strict=True)]
    for part in done:
        spot.merge(part)
