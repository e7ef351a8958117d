"""A study spot, checked: the game, each player's known cards, the board, dead cards, the draws
still to come, the draw policy and Doogie's declarations.

Every study tool (equity, the discard advisor, the declaration odds) reads its input through
here, so the command line, the web advisor and the bots refuse the same things with the same
words: a board of a length the game never shows, no samples, no opponents, a card twice.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from splitpot.cards import Card, check_distinct, full_deck, parse_cards
from splitpot.equity.policy import POLICIES, choose_discard
from splitpot.errors import ShowdownError
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Deal, Draw

__all__ = [
    "HERO",
    "MAX_SAMPLES",
    "PendingDraw",
    "Seat",
    "Spot",
    "board_sizes",
    "check_board",
    "check_opponents",
    "check_samples",
    "pending_draws",
    "prepare",
]

MAX_SAMPLES: Final = 10**9
"""The most samples (runouts) a study may ask for: more would run for days."""
HERO = "you"  # the discard advisor's player: messages speak of "your hand"
_UNKNOWN = ("random", "?", "")


@dataclass(frozen=True, slots=True)
class Seat:
    """A player in a spot: known cards (possibly fewer than the game deals) and, optionally,
    the cards they will throw at the next draw."""

    name: str
    known: tuple[Card, ...] = ()
    discard: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class PendingDraw:
    """A draw still to come: its largest discard, and how many board cards are out by then."""

    max_discard: int
    board_before: int


_GAME_FACTS: dict[tuple[int, int], tuple[GameSpec, tuple[PendingDraw, ...]]] = {}
"""Per game (by identity) and board size: its pending draws (every call asks the same)."""
_BOARD_SIZES: dict[int, tuple[GameSpec, tuple[int, ...]]] = {}
_DECK: Final = tuple(full_deck())


def _pending(game: GameSpec, board_count: int) -> tuple[PendingDraw, ...]:
    """:func:`pending_draws`, remembered per game and board size (a game spec is frozen)."""
    cached = _GAME_FACTS.get((id(game), board_count))
    if cached is None or cached[0] is not game:
        cached = _GAME_FACTS[id(game), board_count] = (
            game,
            tuple(pending_draws(game, board_count)),
        )
    return cached[1]


def pending_draws(game: GameSpec, board_count: int) -> list[PendingDraw]:
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
    out: list[PendingDraw] = []
    for street in game.streets[start:]:
        if isinstance(street, Deal):
            count += street.board
        elif isinstance(street, Draw):
            out.append(PendingDraw(street.max_discard, count))
    return out


def board_sizes(game: GameSpec) -> tuple[int, ...]:
    """Every size the board has during a deal: 0, then the total after each board deal."""
    cached = _BOARD_SIZES.get(id(game))
    if cached is None or cached[0] is not game:
        cached = _BOARD_SIZES[id(game)] = (game, _board_sizes(game))
    return cached[1]


def _board_sizes(game: GameSpec) -> tuple[int, ...]:
    sizes = [0]
    for street in game.streets:
        if isinstance(street, Deal) and street.board:
            sizes.append(sizes[-1] + street.board)
    return tuple(sizes)


def check_board(game: GameSpec, count: int) -> None:
    """Refuse a board of a length the game never shows (two cards in Drawmaha)."""
    sizes = board_sizes(game)
    if count not in sizes:
        if sizes == (0,):
            raise ShowdownError(f"{game.name} has no board: {count} board cards given")
        shown = ", ".join(str(s) for s in sizes[:-1]) + f" or {sizes[-1]}"
        raise ShowdownError(
            f"the board has {count} cards; in {game.name} it has {shown} at some point"
        )


def check_samples(samples: int, what: str = "samples") -> None:
    """Refuse zero or negative sample counts (never silently replaced by a default), and
    counts over :data:`MAX_SAMPLES`."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ShowdownError(f"{what} must be a whole number of at least 1, not {samples!r}")
    if samples > MAX_SAMPLES:
        raise ShowdownError(f"{what} {samples:,}: the limit is {MAX_SAMPLES:,}")


def check_opponents(opponents: int | None) -> None:
    """Refuse zero or negative opponent counts (``None``: as many as the hands given, or 1)."""
    if opponents is not None and (
        isinstance(opponents, bool) or not isinstance(opponents, int) or opponents < 1
    ):
        raise ShowdownError(f"opponents must be at least 1, not {opponents!r}")


@dataclass(frozen=True, slots=True)
class Spot:
    """A checked spot: what a runout starts from and how it is played."""

    game: GameSpec
    seats: tuple[Seat, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    draws: tuple[PendingDraw, ...]
    policy: str
    declarations: Mapping[str, str] | None
    max_discard: int | None
    unseen: tuple[Card, ...] = ()  # the cards no player, board or dead pile holds, deck order

    def limit(self, draw: PendingDraw) -> int:
        """The largest discard at ``draw`` (the table's smaller limit when it has one)."""
        if self.max_discard is None:
            return draw.max_discard
        return min(draw.max_discard, self.max_discard)

    def with_discard(self, name: str, thrown: tuple[Card, ...]) -> Spot:
        """The same spot with ``name``'s throw at the next draw fixed (already checked)."""
        seats = tuple(replace(s, discard=thrown) if s.name == name else s for s in self.seats)
        return replace(self, seats=seats)

    def fixed_slots(self) -> list[int] | None:
        """Card counts dealt in order, when they never depend on unseen cards; else None."""
        game = self.game
        slots = [game.hole_cards - len(s.known) for s in self.seats]
        if self.draws:
            draw = self.draws[0]
            if len(self.draws) > 1 or any(slots) or draw.board_before > len(self.board):
                return None
            for seat in self.seats:
                thrown = self.thrown_now(seat)
                slots.append(len(thrown))
        slots.append(game.board_cards - len(self.board))
        return slots if sum(slots) <= len(self.unseen) else None

    def thrown_now(self, seat: Seat) -> tuple[Card, ...]:
        """What a fully known seat throws at a draw that happens on the board as it is."""
        if seat.discard is not None:
            return seat.discard
        limit = self.limit(self.draws[0])
        return choose_discard(self.game, seat.known, self.board, limit, self.policy)

    def count(self, slots: Sequence[int]) -> int:
        """How many runouts deal ``slots`` cards in turn from the unseen cards."""
        total, left = 1, len(self.unseen)
        for k in slots:
            total *= math.comb(left, k)
            left -= k
        return total


def _cards_of(name: str) -> str:
    """Where a player's cards are, for messages: the advisor's hero (:data:`HERO`) is "your"."""
    return "in your hand" if name == HERO else f"in player {name}'s cards"


def _seats(spec: GameSpec, players: Mapping[str, str | Sequence[int]]) -> list[Seat]:
    if len(players) < 2:
        raise ShowdownError("equity needs at least two players")
    if len(players) > spec.max_players:
        raise ShowdownError(f"{spec.name} seats at most {spec.max_players} players")
    seats = []
    for name, cards in players.items():
        text = cards.strip().lower() if isinstance(cards, str) else None
        known = () if text in _UNKNOWN else parse_cards(cards, _cards_of(name))
        if len(known) > spec.hole_cards:
            raise ShowdownError(
                f"player {name} has {len(known)} cards; {spec.name} deals {spec.hole_cards}"
            )
        seats.append(Seat(name, known))
    return seats


def _with_discards(spot: Spot, discards: Mapping[str, str | Sequence[int]] | None) -> Spot:
    for name, thrown_text in (discards or {}).items():
        seat = next((s for s in spot.seats if s.name == name), None)
        if seat is None:
            raise ShowdownError(f"discard for {name!r}, who is not a player")
        if not spot.draws:
            raise ShowdownError(f"no draw is to come, so {name} cannot discard")
        thrown = parse_cards(thrown_text, where=f"in player {name}'s discard")
        if len(seat.known) < spot.game.hole_cards:
            raise ShowdownError(
                f"player {name} needs all {spot.game.hole_cards} cards known to discard"
            )
        for card in thrown:
            if card not in seat.known:
                raise ShowdownError(f"player {name} cannot discard {card}: not in their hand")
        limit = spot.limit(spot.draws[0])
        if len(thrown) > limit or len(set(thrown)) != len(thrown):
            raise ShowdownError(
                f"player {name} cannot discard {len(thrown)} cards: at most {limit}"
            )
        spot = spot.with_discard(name, tuple(thrown))
    return spot


def prepare(  # noqa: PLR0917 - the equity function's own arguments, checked once
    game: GameSpec | str,
    players: Mapping[str, str | Sequence[int]],
    board: str | Sequence[int],
    dead: str | Sequence[int],
    discards: Mapping[str, str | Sequence[int]] | None,
    draws: int | None,
    policy: str,
    declarations: Mapping[str, str] | None,
    max_discard: int | None,
) -> Spot:
    """Parse and check an equity question (see :func:`splitpot.equity.equity`)."""
    spec = find_game(game) if isinstance(game, str) else game
    if policy not in POLICIES:
        raise ShowdownError(f"policy {policy!r}: use {' or '.join(POLICIES)}")
    seats = _seats(spec, players)
    board_cards = parse_cards(board, where="on the board")
    if len(board_cards) > spec.board_cards:
        raise ShowdownError(
            f"the board has {len(board_cards)} cards; {spec.name} has {spec.board_cards}"
        )
    check_board(spec, len(board_cards))
    dead_cards = parse_cards(dead, where="in the dead cards") if dead else ()
    used = {c for s in seats for c in s.known}
    used.update(board_cards, dead_cards)
    if len(used) != sum(len(s.known) for s in seats) + len(board_cards) + len(dead_cards):
        check_distinct(
            [*((_cards_of(s.name), s.known) for s in seats),
             ("on the board", board_cards), ("in the dead cards", dead_cards)]
        )  # fmt: skip
    schedule = _pending(spec, len(board_cards))
    if draws is not None:
        if draws < 0 or draws > len(schedule):
            raise ShowdownError(f"{draws} draws: {len(schedule)} can still come at this point")
        schedule = schedule[len(schedule) - draws :] if draws else ()
    if declarations:
        if not spec.declare:
            raise ShowdownError(f"{spec.name} has no declaration")
        missing = [s.name for s in seats if s.name not in declarations]
        if missing:
            raise ShowdownError(f"declarations are missing for {', '.join(missing)}")
        for name, way in declarations.items():
            if way not in ("high", "low", "both"):
                raise ShowdownError(f"{name}'s declaration {way!r}: use high, low or both")
    spot = Spot(
        spec,
        tuple(seats),
        board_cards,
        dead_cards,
        schedule,
        policy,
        dict(declarations) if declarations else None,
        max_discard,
        tuple([c for c in _DECK if c not in used]),
    )
    return _with_discards(spot, discards) if discards else spot
