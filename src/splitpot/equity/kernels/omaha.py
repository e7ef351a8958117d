"""Omaha high: exactly two of 4-6 hole cards and exactly three of 3-5 board cards.

The 2 + 3 structure is read from tables, not tried combination by combination: the board's
rank multiset has a row of ``omaha_nf`` holding, for each of the 91 pairs of hole ranks, the
best non-flush hand of that pair with three of the board's ranks; the hand reads one entry per
pair of hole cards (6, 10 or 15). Flushes need a suit with three board cards and two hole
cards: the best plain flush takes the two highest suited hole cards and the three highest
suited board cards; a straight flush is looked for window by window first.
"""

from __future__ import annotations

from splitpot.equity.kernels.lookup import I8, SUIT_SHIFT, Tables, _jit, ph_index

__all__ = ["omaha_value_k"]


@_jit
def _omaha_flush(hole_mask: int, board_mask: int, t: Tables) -> int:
    """Best flush of exactly two ranks of ``hole_mask`` and three of ``board_mask`` (one suit;
    at least two and three ranks)."""
    both = hole_mask | board_mask
    if t.straight_top[both] >= 0:
        for top in range(12, 2, -1):
            window = int(t.windows[top])
            if both & window == window and t.popcount[window & hole_mask] == 2:
                return 8 << 20 | top << 16
    return int(t.flush_best[int(t.top2[hole_mask]) | int(t.top3[board_mask])])


@_jit
def omaha_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``omaha_value(hole, board)``: 4-6 hole cards, 3-5 board cards."""
    key = 0
    for i in range(board.shape[0]):
        key += t.card_key[board[i]]
    base = int(t.board_row[ph_index(key, t.ph_offset)]) * 91
    best = -1
    h = hole.shape[0]
    for i in range(h - 1):
        row = int(hole[i]) * 52
        for j in range(i + 1, h):
            best = max(best, int(t.omaha_nf[base + t.pair52[row + hole[j]]]))
    value = int(t.ord_value[best])
    suits = key >> SUIT_SHIFT
    three = (suits + 0x5555) & 0x8888  # the top bit of a suit's nibble holding three or more
    if three:
        suit = 0
        while not (three >> (4 * suit + 3)) & 1:
            suit += 1
        hole_mask = 0
        suited = 0
        for i in range(h):
            c = int(hole[i])
            if c & 3 == suit:
                hole_mask |= t.rank_bit[c]
                suited += 1
        if suited >= 2:
            board_mask = 0
            for i in range(board.shape[0]):
                c = int(board[i])
                if c & 3 == suit:
                    board_mask |= t.rank_bit[c]
            value = max(value, _omaha_flush(hole_mask, board_mask, t))
    return value
