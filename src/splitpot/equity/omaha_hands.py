"""Omaha high for many hands on one board: the board's part read once, each hand's part after.

:func:`splitpot.equity.kernels.omaha_value_k` values one hand on one board; most of its work
is the board's (its rank row in the tables, its suits). The discard advisor values every
option's hand on the same board (:mod:`splitpot.equity.montecarlo`), so it reads the board once
(:func:`board_part`) and each hand with :func:`hand_value`: the same tables, the same steps,
the same value.
"""

from __future__ import annotations

from typing import Any, Final

from splitpot.equity.compiling import I8, I64, inline
from splitpot.equity.kernel_api import KIND_CODES
from splitpot.equity.kernels.lookup import (
    BOARD_ROW,
    CARD_KEY,
    FLUSH_BEST,
    OMAHA_NF,
    ORD_VALUE,
    PAIR52,
    POPCOUNT,
    STRAIGHT_TOP,
    SUIT_BIT,
    SUIT_SHIFT,
    TOP2,
    TOP3,
    WINDOWS,
    ph_index,
    u16,
)
from splitpot.games.spec import EvalKind

__all__ = ["OMAHA_KIND", "board_part", "hand_value"]

OMAHA_KIND: Final = KIND_CODES[EvalKind.OMAHA]


@inline
def board_part(board: I8, data: I64, part: I64) -> None:
    """Into ``part``: the board's row base, the shift and mask of its flush suit (if three of
    a suit), its suited rank mask and its three-card flush code."""
    key = 0
    board_suits = 0
    for i in range(board.shape[0]):
        c = board[i]
        key += data[CARD_KEY + c]
        board_suits |= data[SUIT_BIT + c]
    three = ((key >> SUIT_SHIFT) + 0x5555) & 0x8888
    shift = 13 * (int(three > 0x8) + int(three > 0x80) + int(three > 0x800))
    some = -int(three != 0)
    board_mask = (board_suits >> shift) & 0x1FFF & some
    part[0] = data[BOARD_ROW + ph_index(key, data)] * 91
    part[1] = shift
    part[2] = some
    part[3] = board_mask
    part[4] = data[TOP3 + board_mask]


@inline
def _straight_flush(hole_mask: int, board_mask: int, data: I64) -> int:
    both = hole_mask | board_mask
    for top in range(12, 2, -1):
        window = data[WINDOWS + top]
        if both & window == window and data[POPCOUNT + (window & hole_mask)] == 2:
            return 8 << 20 | top << 16
    return -1


@inline
def hand_value(hole: I8, h: int, data: I64, part: Any) -> int:
    """The Omaha high value of ``hole[:h]`` on the board of ``part`` (see :func:`board_part`)."""
    base = part[0]
    best = 0
    hole_suits = 0
    for i in range(h):
        c = hole[i]
        hole_suits |= data[SUIT_BIT + c]
        row = PAIR52 + int(c) * 52
        for j in range(i + 1, h):
            best = max(best, u16(data, OMAHA_NF, base + data[row + hole[j]]))
    value = int(data[ORD_VALUE + best - 1])
    hole_mask = (hole_suits >> part[1]) & 0x1FFF & part[2]
    flush = data[FLUSH_BEST + (data[TOP2 + hole_mask] | part[4])]
    if data[STRAIGHT_TOP + (hole_mask | part[3])] >= 0:  # rare: a straight flush may hide
        flush = max(flush, _straight_flush(hole_mask, part[3], data))
    return max(value, int(flush))
