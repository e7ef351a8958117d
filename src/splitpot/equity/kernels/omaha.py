"""Omaha high: exactly two of 4-6 hole cards and exactly three of 3-5 board cards.

The 2 + 3 structure is read from tables, not tried combination by combination: the board's
rank multiset has a row of ``OMAHA_NF`` holding, for each of the 91 pairs of hole ranks, the
best non-flush hand of that pair with three of the board's ranks; the hand reads one entry per
pair of hole cards (6, 10 or 15). Flushes need a suit with three board cards and two hole
cards: the best plain flush takes the two highest suited hole cards and the three highest
suited board cards (read without a branch); a straight flush is looked for window by window
when the suit's ranks hold a straight.
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
def _straight_flush(hole_mask: int, board_mask: int, data: I64) -> int:
    """The best straight flush of exactly two ranks of ``hole_mask`` and three of
    ``board_mask`` (one suit), or -1."""
    both = hole_mask | board_mask
    for top in range(12, 2, -1):
        window = data[WINDOWS + top]
        if both & window == window and data[POPCOUNT + (window & hole_mask)] == 2:
            return 8 << 20 | top << 16
    return -1


@_jit
def omaha_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``omaha_value(hole, board)``: 4-6 hole cards, 3-5 board cards."""
    data = t.data
    key = 0
    board_suits = 0
    for i in range(board.shape[0]):
        c = board[i]
        key += data[CARD_KEY + c]
        board_suits |= data[SUIT_BIT + c]
    base = data[BOARD_ROW + ph_index(key, data)] * 91
    best = 0
    hole_suits = 0
    h = hole.shape[0]
    for i in range(h):
        c = hole[i]
        hole_suits |= data[SUIT_BIT + c]
        row = PAIR52 + int(c) * 52
        for j in range(i + 1, h):
            best = max(best, u16(data, OMAHA_NF, base + data[row + hole[j]]))
    value = int(data[ORD_VALUE + best - 1])
    # Flushes, without a branch a third of the boards would take at random: the suit with
    # three board cards (five hold one at most; none: empty masks), its two highest hole ranks
    # and three highest board ranks; fewer than two or three leave FLUSH_BEST at -1.
    three = ((key >> SUIT_SHIFT) + 0x5555) & 0x8888
    shift = 13 * (int(three > 0x8) + int(three > 0x80) + int(three > 0x800))
    some = -int(three != 0)
    hole_mask = (hole_suits >> shift) & 0x1FFF & some
    board_mask = (board_suits >> shift) & 0x1FFF & some
    flush = data[FLUSH_BEST + (data[TOP2 + hole_mask] | data[TOP3 + board_mask])]
    if data[STRAIGHT_TOP + (hole_mask | board_mask)] >= 0:  # rare: a straight flush may hide
        flush = max(flush, _straight_flush(hole_mask, board_mask, data))
    return max(value, int(flush))
