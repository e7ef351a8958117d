"""Omaha high: exactly two of 4-6 hole cards and exactly three of 3-5 board cards.

The 2 + 3 structure is read from tables, not tried combination by combination: the board's
rank multiset has a row of ``OMAHA_NF`` holding, for each of the 91 pairs of hole ranks, the
best non-flush hand of that pair with three of the board's ranks; the hand reads one entry per
pair of hole cards (6, 10 or 15). Flushes need a suit with three board cards and two hole
cards: the best plain flush takes the two highest suited hole cards and the three highest
suited board cards; a straight flush is looked for window by window first.
"""

from __future__ import annotations

from splitpot.equity.kernels.lookup import (
    BOARD_ROW,
    CARD_KEY,
    FLUSH_BEST,
    I8,
    I64,
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
    Tables,
    _jit,
    ph_index,
    u16,
)

__all__ = ["omaha_value_k"]


@_jit
def _omaha_flush(hole_mask: int, board_mask: int, data: I64) -> int:
    """Best flush of exactly two ranks of ``hole_mask`` and three of ``board_mask`` (one
    suit), -1 without two and three ranks."""
    if data[POPCOUNT + hole_mask] < 2 or data[POPCOUNT + board_mask] < 3:
        return -1
    both = hole_mask | board_mask
    if data[STRAIGHT_TOP + both] >= 0:
        for top in range(12, 2, -1):
            window = data[WINDOWS + top]
            if both & window == window and data[POPCOUNT + (window & hole_mask)] == 2:
                return 8 << 20 | top << 16
    return int(data[FLUSH_BEST + (data[TOP2 + hole_mask] | data[TOP3 + board_mask])])


@_jit
def _omaha_flushes(value: int, hole: I8, board: I8, data: I64) -> int:
    """``value``, or the best Omaha flush if better (a suit has three board cards)."""
    hole_suits = 0
    for i in range(hole.shape[0]):
        hole_suits |= data[SUIT_BIT + hole[i]]
    board_suits = 0
    for i in range(board.shape[0]):
        board_suits |= data[SUIT_BIT + board[i]]
    for s in range(0, 52, 13):
        flush = _omaha_flush((hole_suits >> s) & 0x1FFF, (board_suits >> s) & 0x1FFF, data)
        value = max(value, flush)
    return value


@_jit
def omaha_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``omaha_value(hole, board)``: 4-6 hole cards, 3-5 board cards."""
    data = t.data
    key = 0
    for i in range(board.shape[0]):
        key += data[CARD_KEY + board[i]]
    base = data[BOARD_ROW + ph_index(key, data)] * 91
    best = 0
    h = hole.shape[0]
    for i in range(h - 1):
        row = PAIR52 + int(hole[i]) * 52
        for j in range(i + 1, h):
            best = max(best, u16(data, OMAHA_NF, base + data[row + hole[j]]))
    value = int(data[ORD_VALUE + best - 1])
    if ((key >> SUIT_SHIFT) + 0x5555) & 0x8888:  # a suit with three board cards
        value = _omaha_flushes(value, hole, board, data)
    return value
