"""A table's words between the hands: the dealer's lines (a new game, the button's choice, a
rebuy, a seat taken or given up), what a mixed table plays now and next, and who the table is
waiting for. The web table says these; they carry no card and no hidden information."""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.describe.lines import stakes_text
from splitpot.engine.options import Stakes
from splitpot.games import GameSpec
from splitpot.games.streets import Structure

__all__ = [
    "MIXED_NAMES",
    "buy_in_line",
    "choice_line",
    "choosing_line",
    "game_line",
    "leave_line",
    "next_game_line",
    "rebuy_line",
    "waiting_line",
]

MIXED_NAMES = {"rotation": "Rotation", "dealers-choice": "Dealer's choice"}


def game_line(game: GameSpec, structure: Structure, stakes: Stakes) -> str:
    """``Now playing Badugi (fixed-limit, 1/2)``: a mixed table changed game."""
    return f"Now playing {game.name} ({structure.value}, {stakes_text(stakes)})"


def choosing_line(name: str, games: int) -> str:
    """``Ann (the button) chooses the next game``."""
    return f"{name} (the button) chooses the next game from {games}"


def choice_line(name: str, game: GameSpec, how: str = "") -> str:
    """``Ann chooses Badugi``; ``how`` says why the pick was random (``ran out of time``)."""
    if how:
        return f"{name} {how}: the dealer picks {game.name} at random"
    return f"{name} chooses {game.name}"


def rebuy_line(name: str, chips: int, stack: int) -> str:
    """``Ann rebuys 150 chips (stack 200)``."""
    return f"{name} rebuys {chips} chips (stack {stack})"


def buy_in_line(name: str, chips: int) -> str:
    """``Bob sits down with 200 chips``."""
    return f"{name} sits down with {chips} chips"


def leave_line(name: str, chips: int) -> str:
    """``Bob leaves the table with 340 chips``."""
    return f"{name} leaves the table with {chips} chips"


def next_game_line(
    now: GameSpec, hand: int, left: int, upcoming: GameSpec | None, choice: bool
) -> str:
    """What a mixed table plays: ``Badugi, hand 2 of 3 - next: Drawmaha after 1 more hand``;
    at dealer's choice ``... - next: the button's choice``."""
    total = hand + left
    where = f"{now.name}, hand {hand} of {total}" if hand else now.name
    if choice:
        after = "next hand" if left == 0 else f"after {_hands(left)}"
        return f"{where} - {after}: the button's choice"
    if upcoming is None:
        return where
    if left == 0:
        return f"{where} - next hand: {upcoming.name}"
    return f"{where} - next: {upcoming.name} after {_hands(left)}"


def _hands(count: int) -> str:
    return f"{count} more hand" if count == 1 else f"{count} more hands"


def waiting_line(
    *,
    choosing: str | None = None,
    busted: Sequence[str] = (),
    sitting_out: Sequence[str] = (),
    players: int = 0,
) -> str | None:
    """Who the table waits for before it can deal, or ``None``: the button's choice, people
    out of chips (to rebuy or leave), people sitting out, or a second player."""
    if choosing is not None:
        return f"Waiting for {choosing} to choose the next game"
    if players >= 2:
        return None
    parts = []
    if busted:
        parts.append(f"{_names(busted)} to rebuy or leave")
    if sitting_out:
        parts.append(f"{_names(sitting_out)} to sit in")
    if parts:
        return "Waiting for " + "; ".join(parts)
    return "Waiting for a second player: send a friend the table's address"


def _names(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} or {names[-1]}"
