"""Omaha high: exactly two of 4, 5 or 6 hole cards and exactly three of 3 to 5 board cards
(rust/src/omaha.rs). Never the board alone and never three hole cards."""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import Card
from splitpot.evaluate.core import KindFamily
from splitpot.evaluate.value import HandValue

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["OMAHA", "evaluate_omaha", "omaha_value"]

OMAHA: Final = KindFamily("omaha")


def omaha_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """Raw value of the best exactly-2-plus-3 hand."""
    value = OMAHA.value(hole, board)
    assert value is not None  # every 2 + 3 make a high hand
    return value


def evaluate_omaha(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """The best Omaha high hand: exactly two of ``hole`` (4-6) and three of ``board`` (3-5)."""
    return HandValue(omaha_value(hole, board), OMAHA, hole, board)
