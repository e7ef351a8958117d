"""The engine: pots, the showdown, and the hand state machine with its log and tables."""

from splitpot.engine.events import Action, Event, events_from_json, events_to_json
from splitpot.engine.hand import Hand, LegalActions, stacked_deck
from splitpot.engine.options import Options, Stakes
from splitpot.engine.pots import Pot, build_pots, return_uncalled
from splitpot.engine.showdown import AwardResult, OddChip, PotResult, ShowdownResult, settle
from splitpot.engine.table import Table

__all__ = [
    "Action",
    "AwardResult",
    "Event",
    "Hand",
    "LegalActions",
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
    "return_uncalled",
    "settle",
    "stacked_deck",
]
