"""Replay: a hand rebuilt from its full log, every event checked to come out the same.

:meth:`Hand.replay <splitpot.engine.hand.Hand.replay>` calls :func:`replay_log`; the start event
gives the deck, the seed and every option, and each logged action is applied again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from splitpot.engine.events import Event, HandStarted, action_of
from splitpot.engine.options import renamed_options
from splitpot.errors import LogError, SchemaError, SplitpotError

if TYPE_CHECKING:
    from splitpot.engine.hand import Hand

__all__ = ["replay_log"]


def replay_log(cls: type[Hand], events: Sequence[Event]) -> Hand:
    """Rebuild a hand (of class ``cls``) from a full log and check every event comes out the
    same; :class:`~splitpot.errors.LogError` says where it does not."""
    start = events[0] if events else None
    if not isinstance(start, HandStarted):
        raise LogError("a hand log starts with its start event")
    if start.deck is None or start.seed is None:
        raise LogError("this log is one seat's view: only a full log replays")
    try:
        hand = cls(
            start.game,
            stacks=list(start.stacks),
            button=start.button,
            stakes=start.stakes,
            structure=start.structure,
            options=start.options,
            deck=start.deck,
            names=list(start.names),
            reshuffle_seed=start.seed,
            unknown=start.unknown or (),
            redeal=start.redeal,
            stub_size=start.stub_size,
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, SplitpotError) and not isinstance(exc, SchemaError):
            raise
        raise LogError(f"the start event is malformed: {exc!r}") from None
    for event in events:
        action = action_of(event)
        if action is not None and (action.kind != "show" or hand.phase == "show"):
            hand.apply(action, seat=event.seat)
    mine = [e.to_json() for e in hand.events]
    theirs = [e.to_json() for e in events]
    # A log written before an option was renamed replays: compare its options as read now.
    theirs[0]["options"] = renamed_options(theirs[0]["options"])
    if mine != theirs:
        index = next(
            (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)),
        )
        raise LogError(f"the log does not replay: event {index} differs")
    return hand
