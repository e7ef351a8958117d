"""Bomb pots (docs/rules.md "At the table"): a separate dealing arrangement a table chooses,
never implied by a game's name. Every player with chips posts the agreed bomb ante (dead
money, no blinds), there is no betting before the flop, the flop is dealt at once, and play
goes on as the game does (its draws included). Only games with a board.

A hand is a bomb pot when its options say so (:attr:`Options.bomb_ante` above zero), so the
start event carries it and a replay deals it the same way. :class:`~splitpot.engine.hand.Hand`
calls the two hooks here: :func:`post_bomb` instead of the antes and blinds, and
:func:`skips_betting` before each betting round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from splitpot.engine.events import Posted
from splitpot.errors import GameSpecError
from splitpot.games.spec import GameSpec
from splitpot.games.streets import Deal

if TYPE_CHECKING:
    from splitpot.engine.hand import Hand

__all__ = ["check_bomb", "post_bomb", "skips_betting"]


def check_bomb(game: GameSpec, ante: int) -> None:
    """Refuse a bomb pot in a game without a board."""
    if ante and not game.board_cards:
        raise GameSpecError(f"bomb pot: {game.name} has no board (only games with a board)")


def post_bomb(hand: Hand) -> None:
    """Every player with chips posts the bomb ante (all they have, if less), dead money.
    (A hook of the hand's own set-up: it uses the hand's private steps.)"""
    ante = hand.options.bomb_ante
    for seat in hand._left_of_button():
        paid = hand._put_in(seat, ante, bet=False)
        if paid:
            hand._log(Posted(seat=seat, blind="ante", amount=paid))


def skips_betting(hand: Hand, street: int) -> bool:
    """In a bomb pot, the betting rounds before the first board card are not played (the
    ``street``-th street is a betting round)."""
    if not hand.options.bomb_ante or hand.board:
        return False
    later = hand.game.streets[street + 1 :]
    return any(isinstance(s, Deal) and s.board for s in later)
