"""Python batch wrappers over the scalar kernels, for tests and benchmarks.

Each takes any integer array of cards (one hand a row), checks its shape, and returns an
``int64`` array holding, row by row, what the kernel returns.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from splitpot.equity.kernels.badugi import (
    badugi_value_k,
    doogie_high_value_k,
    doogie_low_value_k,
)
from splitpot.equity.kernels.dispatch import award_value
from splitpot.equity.kernels.high import high_value_5_k, high_value_k
from splitpot.equity.kernels.lookup import I8, I64, Tables, _jit_alloc, tables
from splitpot.equity.kernels.lowball import a5_value_k, deuce_seven_value_k
from splitpot.equity.kernels.omaha import omaha_value_k

__all__ = [
    "a5_batch",
    "award_batch",
    "badugi_batch",
    "deuce_seven_batch",
    "doogie_high_batch",
    "doogie_low_batch",
    "high5_batch",
    "high_batch",
    "omaha_batch",
]

_HIGH, _HIGH5, _DEUCE_SEVEN, _A5 = 0, 1, 2, 3


@_jit_alloc
def _one_array_rows(family: int, cards: I8, t: Tables) -> I64:
    out = np.empty(cards.shape[0], dtype=np.int64)
    for i in range(cards.shape[0]):
        row = cards[i]
        if family == _HIGH:
            out[i] = high_value_k(row, t)
        elif family == _HIGH5:
            out[i] = high_value_5_k(row, t)
        elif family == _DEUCE_SEVEN:
            out[i] = deuce_seven_value_k(row, t)
        else:
            out[i] = a5_value_k(row, t)
    return out


@_jit_alloc
def _badugi_rows(cards: I8, aces_high: bool, t: Tables) -> I64:
    out = np.empty(cards.shape[0], dtype=np.int64)
    for i in range(cards.shape[0]):
        out[i] = badugi_value_k(cards[i], aces_high, t)
    return out


@_jit_alloc
def _omaha_rows(hole: I8, board: I8, t: Tables) -> I64:
    out = np.empty(hole.shape[0], dtype=np.int64)
    for i in range(hole.shape[0]):
        out[i] = omaha_value_k(hole[i], board[i], t)
    return out


@_jit_alloc
def _doogie_rows(high: bool, hole: I8, board: I8, t: Tables) -> I64:
    out = np.empty(hole.shape[0], dtype=np.int64)
    for i in range(hole.shape[0]):
        if high:
            out[i] = doogie_high_value_k(hole[i], board[i], t)
        else:
            out[i] = doogie_low_value_k(hole[i], board[i], t)
    return out


@_jit_alloc
def _award_rows(kind: int, aces_high: bool, hole: I8, board: I8, t: Tables) -> I64:
    out = np.empty(hole.shape[0], dtype=np.int64)
    for i in range(hole.shape[0]):
        out[i] = award_value(kind, aces_high, hole[i], board[i], t)
    return out


def _as_cards(cards: Any, name: str, low: int, high: int) -> I8:
    array = np.ascontiguousarray(cards, dtype=np.int8)
    if array.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array of cards (one hand a row)")
    if not low <= array.shape[1] <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{name} needs {span} cards a row, got {array.shape[1]}")
    return array


def _pair(
    hole: Any, board: Any, hole_span: tuple[int, int], board_span: tuple[int, int]
) -> tuple[I8, I8]:
    holes = _as_cards(hole, "hole", *hole_span)
    boards = _as_cards(board, "board", *board_span)
    if holes.shape[0] != boards.shape[0]:
        raise ValueError(f"{holes.shape[0]} hole rows but {boards.shape[0]} board rows")
    return holes, boards


def high_batch(cards: Any) -> I64:
    """``high_value`` (best five) of each row of an ``(n, 5..10)`` card array."""
    return _one_array_rows(_HIGH, _as_cards(cards, "cards", 5, 10), tables())


def high5_batch(cards: Any) -> I64:
    """``high_value_5`` (draw high) of each row of an ``(n, 5)`` card array."""
    return _one_array_rows(_HIGH5, _as_cards(cards, "cards", 5, 5), tables())


def deuce_seven_batch(cards: Any) -> I64:
    """``deuce_seven_value_5`` of each row of an ``(n, 5)`` card array."""
    return _one_array_rows(_DEUCE_SEVEN, _as_cards(cards, "cards", 5, 5), tables())


def a5_batch(cards: Any) -> I64:
    """``a5_value_5`` of each row of an ``(n, 5)`` card array."""
    return _one_array_rows(_A5, _as_cards(cards, "cards", 5, 5), tables())


def badugi_batch(cards: Any, aces_high: bool = False) -> I64:
    """``badugi_value(row, aces_high=aces_high)`` of each row of an ``(n, 1..52)`` array."""
    return _badugi_rows(_as_cards(cards, "cards", 1, 52), bool(aces_high), tables())


def omaha_batch(hole: Any, board: Any) -> I64:
    """``omaha_value`` of each row: ``hole`` is ``(n, 4..6)``, ``board`` is ``(n, 3..5)``."""
    holes, boards = _pair(hole, board, (4, 6), (3, 5))
    return _omaha_rows(holes, boards, tables())


def doogie_low_batch(hole: Any, board: Any) -> I64:
    """``doogie_value(hole + board)`` of each row (up to 10 cards in all), ``NO_HAND`` for
    None."""
    holes, boards = _pair(hole, board, (1, 10), (0, 9))
    return _doogie_rows(False, holes, boards, tables())


def doogie_high_batch(hole: Any, board: Any) -> I64:
    """Doogie's high value of each row: the perfect doogie's value, else ``high_value``."""
    holes, boards = _pair(hole, board, (1, 10), (0, 9))
    if not 5 <= holes.shape[1] + boards.shape[1] <= 10:
        raise ValueError(
            f"a Doogie high hand needs 5 to 10 cards, got {holes.shape[1] + boards.shape[1]}"
        )
    return _doogie_rows(True, holes, boards, tables())


def award_batch(kind: int, aces_high: bool, hole: Any, board: Any) -> I64:
    """:func:`~splitpot.equity.kernels.dispatch.award_value` of each row (``board`` may have
    zero columns)."""
    holes, boards = _pair(hole, board, (1, 10), (0, 5))
    return _award_rows(int(kind), bool(aces_high), holes, boards, tables())
