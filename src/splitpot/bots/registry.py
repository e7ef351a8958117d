"""Every bot by name: one registry for every command and the web table.

``splitpot match --bots``, ``splitpot play --bots`` and the web lobby's bot seats all choose
from :data:`BOTS` (``heuristic``, ``expert``, ``random``, ``caller``, and the scripted opponents of
:mod:`splitpot.bots.scripted`: ``maniac``, ``station``, ``nit``, ``snow``, ``late-snow``,
``threshold``, ``bluffer``, ``trapper``), and make a bot with
:func:`make_bot`; add a bot here (or to the dict, for a bot of your own) and every face
offers it.

    >>> import random
    >>> make_bot("caller", random.Random(1)).name
    'caller'
"""

from __future__ import annotations

import random
from collections.abc import Callable

from splitpot.bots.base import Bot, RandomBot
from splitpot.bots.caller import CallerBot
from splitpot.bots.expert import ExpertBot
from splitpot.bots.heuristic import HeuristicBot
from splitpot.bots.scripted import (
    BlufferBot,
    LateSnowBot,
    ManiacBot,
    NitBot,
    SnowBot,
    StationBot,
    ThresholdBot,
    TrapperBot,
)
from splitpot.errors import MatchError

__all__ = ["BOTS", "BotFactory", "bot_names", "make_bot"]

BotFactory = Callable[[random.Random], Bot]
"""Makes a bot with its own random generator (a bot that needs none ignores it)."""


def _caller(rng: random.Random) -> Bot:
    return CallerBot()


BOTS: dict[str, BotFactory] = {
    "heuristic": HeuristicBot,
    "expert": ExpertBot,
    "random": RandomBot,
    "caller": _caller,
    # scripted opponents (issue 24): fixed strategies that probe a bot for leaks
    "maniac": ManiacBot,
    "station": StationBot,
    "nit": NitBot,
    "snow": SnowBot,
    "late-snow": LateSnowBot,
    "threshold": ThresholdBot,
    # ... and two held out of the exploit suite's default list
    "bluffer": BlufferBot,
    "trapper": TrapperBot,
}
"""Bots by name, in the order the faces list them (the first is the default)."""


def bot_names() -> tuple[str, ...]:
    """The names of every bot, in :data:`BOTS`'s order."""
    return tuple(BOTS)


def make_bot(name: str, rng: random.Random) -> Bot:
    """The bot called ``name`` (any case, spaces around allowed), with ``rng``;
    :class:`~splitpot.errors.MatchError` names the known bots for any other name."""
    factory = BOTS.get(name.strip().lower()) if isinstance(name, str) else None
    if factory is None:
        raise MatchError(f"unknown bot {name!r:.40}; known bots: {', '.join(BOTS)}")
    return factory(rng)
