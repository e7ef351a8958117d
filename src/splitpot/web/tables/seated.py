"""A table's bots: each bot seat's :class:`~splitpot.bots.base.Bot` (made on first use) and
what it is shown when a hand ends.

A bot that learns its opponents (``observe(view)``, as the expert does) is shown each finished
hand from its own seat by the same function as at ``splitpot match``
(:func:`~splitpot.bots.ring.observe_seat`): its own cards, the board and the hands shown
down, never another seat's hidden or mucked cards. A bot that fails to observe costs one log
line; the table goes on.
"""

from __future__ import annotations

import logging
import random
import secrets
from typing import TYPE_CHECKING

from splitpot.bots.base import Bot
from splitpot.bots.registry import make_bot
from splitpot.bots.ring import observe_seat

if TYPE_CHECKING:
    from splitpot.engine.hand import Hand
    from splitpot.web.tables.state import WebTable

__all__ = ["bot_for", "bots_observe"]

log = logging.getLogger("splitpot.web")


def bot_for(table: WebTable, seat: int) -> Bot:
    """The bot that plays ``seat`` (made on first use; seeded under ``--seed``)."""
    bot = table.bots.get(seat)
    if bot is None:
        kind = table.seats[seat].bot or "caller"
        if table.config.seed is None:
            rng = random.Random(secrets.randbits(64))
        else:
            rng = random.Random(f"{table.config.seed}:{table.id}:{seat}")
        bot = table.bots[seat] = make_bot(kind, rng)
    return bot


def bots_observe(table: WebTable, hand: Hand) -> None:
    """Show each bot seat of the finished ``hand`` the hand from its seat (see the module
    docstring); ``table.hand_seats`` maps the hand's seats to the table's."""
    for index, seat in enumerate(table.hand_seats):
        if table.seats[seat].kind != "bot":
            continue
        try:
            observe_seat(hand, index, bot_for(table, seat))
        except Exception as exc:  # a bot's bug must not stop the table
            log.warning(
                "table %s: the bot in seat %d could not observe hand %d: %r",
                table.id, seat, table.hands_played + 1, exc,
            )  # fmt: skip
