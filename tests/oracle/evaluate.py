"""The pure-Python raw evaluators the core is checked against (``Award.raw``'s values)."""

from __future__ import annotations

from collections.abc import Sequence

from oracle.pyeval.badugi import badugi_value
from oracle.pyeval.doogie import PERFECT_DOOGIE, PERFECT_DOOGIE_HIGH, doogie_value
from oracle.pyeval.high import high_value, high_value_5
from oracle.pyeval.lowball import a5_value_5, deuce_seven_value_5
from oracle.pyeval.omaha import omaha_value

__all__ = [
    "a5_value_5",
    "badugi_value",
    "deuce_seven_value_5",
    "doogie_high_value",
    "doogie_value",
    "high_value",
    "high_value_5",
    "omaha_value",
]


def doogie_high_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """Doogie's high half: the perfect doogie above everything, else the best five."""
    pool = (*hole, *board)
    return PERFECT_DOOGIE_HIGH if doogie_value(pool) == PERFECT_DOOGIE else high_value(pool)
