"""High hands: the best five of 5 to 10 cards, the raw value of ``splitpot.evaluate.high``.

Up to seven cards: one addition of ``card_key`` per card gives the rank multiset's key (read
through the perfect hash into ``high_nf``) and the suit counts; a suit of five or more sends
the hand to ``flush_best``. Eight to ten cards (Doogie's pool): rank planes (the ranks seen
once, twice, three and four times) and small mask tables.
"""

from __future__ import annotations

from splitpot.equity.kernels.lookup import (
    I8,
    MAX_KEYED,
    SUIT_SHIFT,
    Tables,
    _jit,
    nf_from_planes,
    ph_index,
)

__all__ = ["high_pool_value_k", "high_value_5_k", "high_value_k"]


@_jit
def _flush_in(a: I8, b: I8, suit: int, t: Tables) -> int:
    """``flush_best`` of the ranks of ``suit`` among the cards of ``a`` and ``b``."""
    mask = 0
    for i in range(a.shape[0]):
        c = int(a[i])
        if c & 3 == suit:
            mask |= t.rank_bit[c]
    for i in range(b.shape[0]):
        c = int(b[i])
        if c & 3 == suit:
            mask |= t.rank_bit[c]
    return int(t.flush_best[mask])


@_jit
def _high_keyed(a: I8, b: I8, t: Tables) -> int:
    """Up to seven cards: the perfect hash of the ranks, a flush check on the suit counts."""
    key = 0
    for i in range(a.shape[0]):
        key += t.card_key[a[i]]
    for i in range(b.shape[0]):
        key += t.card_key[b[i]]
    value = int(t.high_nf[ph_index(key, t.ph_offset)])
    suits = key >> SUIT_SHIFT
    five = (suits + 0x3333) & 0x8888  # the top bit of a suit's nibble holding five or more
    if five:
        suit = 0
        while not (five >> (4 * suit + 3)) & 1:
            suit += 1
        value = max(value, _flush_in(a, b, suit, t))
    return value


@_jit
def _high_planes(a: I8, b: I8, t: Tables) -> int:
    """Any number of cards: rank planes, and every suit's mask for flushes."""
    m1 = m2 = m3 = m4 = 0
    suits = 0
    for i in range(a.shape[0]):
        bit = t.rank_bit[a[i]]
        m4 |= m3 & bit
        m3 |= m2 & bit
        m2 |= m1 & bit
        m1 |= bit
        suits |= t.suit_bit[a[i]]
    for i in range(b.shape[0]):
        bit = t.rank_bit[b[i]]
        m4 |= m3 & bit
        m3 |= m2 & bit
        m2 |= m1 & bit
        m1 |= bit
        suits |= t.suit_bit[b[i]]
    value = nf_from_planes(m1, m2, m3, m4, t.hibit, t.straight_top, t.pack2, t.pack3, t.pack5)
    for s in range(4):
        value = max(value, int(t.flush_best[(suits >> (13 * s)) & 0x1FFF]))
    return value


@_jit
def high_pool_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``high_value(hole + board)``: the best five of all the cards (5 to 10)."""
    if hole.shape[0] + board.shape[0] <= MAX_KEYED:
        return _high_keyed(hole, board, t)
    return _high_planes(hole, board, t)


@_jit
def high_value_k(cards: I8, t: Tables) -> int:
    """``high_value(cards)``: the best five of 5 to 10 cards."""
    if cards.shape[0] <= MAX_KEYED:
        return _high_keyed(cards, cards[:0], t)
    return _high_planes(cards, cards[:0], t)


@_jit
def high_value_5_k(cards: I8, t: Tables) -> int:
    """``high_value_5(cards)``: draw high, the first five cards exactly."""
    five = cards[:5]
    return _high_keyed(five, five[:0], t)
