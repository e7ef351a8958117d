"""The engine: pots, the showdown, and the hand state machine with its log and tables.

The names below are loaded when first used (``from splitpot.engine import Hand``), so that
importing one module of the engine (the showdown, for a one-off ``splitpot showdown``) does
not load the others.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)

if TYPE_CHECKING:
    from splitpot.engine.events import Action, Event, events_from_json, events_to_json
    from splitpot.engine.hand import Hand, LegalActions, stacked_deck
    from splitpot.engine.options import Options, Stakes
    from splitpot.engine.pots import LivePot, Pot, build_pots, return_uncalled
    from splitpot.engine.showdown import AwardResult, OddChip, PotResult, ShowdownResult, settle
    from splitpot.engine.table import Table, move_button

__all__ = [
    "Action",
    "AwardResult",
    "Event",
    "Hand",
    "LegalActions",
    "LivePot",
    "OddChip",
    "Options",
    "Pot",
    "PotResult",
    "ShowdownResult",
    "Stakes",
    "Table",
    "build_pots",
    "events_from_json",
    "events_to_json",
    "move_button",
    "return_uncalled",
    "settle",
    "stacked_deck",
]

_HOMES = {
    "events": ("Action", "Event", "events_from_json", "events_to_json"),
    "hand": ("Hand", "LegalActions", "stacked_deck"),
    "options": ("Options", "Stakes"),
    "pots": ("LivePot", "Pot", "build_pots", "return_uncalled"),
    "showdown": ("AwardResult", "OddChip", "PotResult", "ShowdownResult", "settle"),
    "table": ("Table", "move_button"),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
