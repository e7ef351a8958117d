"""Dealer's choice at a table: before the deal, the seat that will have the button picks the
next game (a bot at random, a person on the clock: when it runs out, the dealer picks)."""

from __future__ import annotations

import random
import secrets
import time
from typing import TYPE_CHECKING

from splitpot.describe import choice_line, choosing_line
from splitpot.engine.table import move_button
from splitpot.errors import TableError

if TYPE_CHECKING:
    from splitpot.web.tables.state import WebTable

__all__ = ["ask_choice", "choose_at_random", "choose_game", "chooser", "drop_choice"]


def chooser(table: WebTable, watched: bool = False) -> int | None:
    """The seat that must pick the game before the next deal (the next hand's button at
    dealer's choice), or ``None``: no choice is needed, or the table cannot deal."""
    playing = table.dealable(watched)
    if table.hand is not None or not playing:
        return None
    button = move_button(table.button, playing, len(table.seats))
    return button if table.place.needs_choice(table.games, button) else None


def ask_choice(table: WebTable, seat: int, announce: bool = True) -> None:
    """Ask ``seat`` to pick the next game (on the clock when the table has one)."""
    table.choosing = seat
    human = table.seats[seat].kind == "human"
    table.choice_deadline = time.time() + table.clock if human and table.clock > 0 else None
    if announce:
        table.chat.dealer(choosing_line(table.seats[seat].name, len(table.games.games)))
    table.version += 1


def drop_choice(table: WebTable) -> None:
    """The question is off (the table cannot deal now); it is asked again later."""
    table.choosing = table.choice_deadline = None
    table.version += 1


def choose_game(table: WebTable, seat: int, game: object) -> None:
    """``seat`` picks the next game (an id from the table's games)."""
    if table.choosing is None:
        raise TableError("no game is to be chosen now")
    if seat != table.choosing:
        who = table.seats[table.choosing].name
        raise TableError(f"{who} (the button) chooses the next game, not you")
    if not isinstance(game, str):
        raise TableError('choose_game needs "game": a game id from the table\'s games')
    picked = table.place.choose(table.games, game)
    table.chat.dealer(choice_line(table.seats[seat].name, picked))
    table.choosing = table.choice_deadline = None
    table.version += 1


def choose_at_random(table: WebTable, how: str = "") -> None:
    """The seat asked (a bot, or a person out of time: ``how``) gets a game at random."""
    assert table.choosing is not None
    if table.config.seed is None:
        rng = random.Random(secrets.randbits(64))
    else:
        rng = random.Random(f"{table.config.seed}:{table.id}:choice:{table.hands_played + 1}")
    picked = table.place.choose_at_random(table.games, rng)
    name = table.seats[table.choosing].name
    table.chat.dealer(choice_line(name, picked, how) if how else choice_line(name, picked))
    table.choosing = table.choice_deadline = None
    table.version += 1
