"""One compiled entry for every award: :func:`award_value`, keyed by :data:`KIND_CODES`."""

from __future__ import annotations

from typing import Final

from splitpot.equity.kernels.badugi import (
    badugi_value_k,
    doogie_high_value_k,
    doogie_low_value_k,
)
from splitpot.equity.kernels.high import high_pool_value_k, high_value_5_k
from splitpot.equity.kernels.lookup import I8, Tables, _jit
from splitpot.equity.kernels.lowball import a5_value_k, deuce_seven_value_k
from splitpot.equity.kernels.omaha import omaha_value_k
from splitpot.games.spec import Award, EvalKind

__all__ = ["KIND_CODES", "award_value", "kind_code"]

HIGH: Final = 0
OMAHA: Final = 1
DRAW_HIGH: Final = 2
BADUGI: Final = 3
DEUCE_SEVEN: Final = 4
A5: Final = 5
DOOGIE_HIGH: Final = 6
DOOGIE_LOW: Final = 7

KIND_CODES: Final[dict[EvalKind, int]] = {
    EvalKind.HIGH: HIGH,
    EvalKind.OMAHA: OMAHA,
    EvalKind.DRAW_HIGH: DRAW_HIGH,
    EvalKind.BADUGI: BADUGI,
    EvalKind.DEUCE_SEVEN: DEUCE_SEVEN,
    EvalKind.A5: A5,
    EvalKind.DOOGIE_HIGH: DOOGIE_HIGH,
    EvalKind.DOOGIE_LOW: DOOGIE_LOW,
}
"""The small int of each evaluator kind that :func:`award_value` takes (stable)."""


def kind_code(award: Award) -> int:
    """The :data:`KIND_CODES` entry of ``award.kind``."""
    return KIND_CODES[award.kind]


@_jit
def award_value(kind: int, aces_high: bool, hole: I8, board: I8, t: Tables) -> int:
    """``award.raw(hole, board)`` for an award of kind code ``kind`` (``NO_HAND`` for None)."""
    if kind == OMAHA:
        return omaha_value_k(hole, board, t)
    if kind == DRAW_HIGH:
        return high_value_5_k(hole, t)
    if kind == BADUGI:
        return badugi_value_k(hole, aces_high, t)
    if kind == HIGH:
        return high_pool_value_k(hole, board, t)
    if kind == DEUCE_SEVEN:
        return deuce_seven_value_k(hole, t)
    if kind == A5:
        return a5_value_k(hole, t)
    if kind == DOOGIE_HIGH:
        return doogie_high_value_k(hole, board, t)
    return doogie_low_value_k(hole, board, t)
