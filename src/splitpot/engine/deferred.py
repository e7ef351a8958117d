"""A draw dealt in PokerKit's order (``Options.deal_after_discards``), beside
:mod:`~splitpot.engine.drawing`: every player discards in turn and the replacements are dealt
once the last has, in the same order; a reshuffle then draws on every discard of the round,
the drawing player's own included. The house rule (docs/rules.md "Drawing") deals each
player's replacements before the next player discards; this order is what a PHH written by
PokerKit was dealt by, so an import of one can rebuild its reshuffle.

Each discard's :class:`~splitpot.engine.events.Discarded` event is logged when its
replacements are dealt (the log stays append-only and replays in the drawing order): until
then :meth:`Hand.apply` returns the event without them, not yet in the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from splitpot.cards import Card
from splitpot.engine.events import Discarded, Event

if TYPE_CHECKING:
    from splitpot.engine.hand import Hand

__all__ = ["discard_then_deal"]


def discard_then_deal(hand: Hand, seat: int, cards: Sequence[Card]) -> Event:
    """``seat`` has thrown ``cards`` (already out of its hand): note the discard, and once
    every player has drawn deal each one's replacements in the drawing order."""
    pending = hand._pending_draws
    pending.append((seat, tuple(cards)))
    event: Event = Discarded(seat=seat, count=len(cards), discarded=tuple(cards), received=())
    if not hand._queue:  # the last player to draw: deal every replacement now
        for drawer, thrown in pending:
            received = hand._take(len(thrown), None)  # every discard of the round may come back
            hand.hole[drawer].extend(received)
            event = hand._log(
                Discarded(seat=drawer, count=len(thrown), discarded=thrown, received=received)
            )
        pending.clear()
    hand._next_in_queue()
    return event
