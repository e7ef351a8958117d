"""The engine: pots and the showdown (the hand state machine comes with the hand engine)."""

from splitpot.engine.pots import Pot, build_pots, return_uncalled
from splitpot.engine.showdown import AwardResult, OddChip, PotResult, ShowdownResult, settle

__all__ = [
    "AwardResult",
    "OddChip",
    "Pot",
    "PotResult",
    "ShowdownResult",
    "build_pots",
    "return_uncalled",
    "settle",
]
