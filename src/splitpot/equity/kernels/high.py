"""High hands: the best five of 5 to 10 cards, the raw value of ``splitpot.evaluate.high``.

Up to seven cards: one addition of ``CARD_KEY`` per card gives the rank multiset's key (read
through the perfect hash into ``HIGH_NF``) and the suit counts; only a suit of five or more
sends the hand to ``FLUSH_BEST``. Eight to ten cards (Doogie's pool): rank planes (the ranks
seen once, twice, three and four times) and small mask tables.

Each public kernel is a short hot path, small enough for LLVM to inline it into the caller's
loop; rarer work (flushes, more than seven cards) is a call.
"""

from __future__ import annotations

from splitpot.equity.kernels.lookup import (
    CARD_KEY,
    FLUSH_BEST,
    HIGH_NF,
    I8,
    I64,
    MAX_KEYED,
    RANK_BIT,
    SUIT_BIT,
    SUIT_SHIFT,
    Tables,
    _jit,
    nf_from_planes,
    ph_index,
)

__all__ = ["high_pool_value_k", "high_value_5_k", "high_value_k"]


@_jit
def _suits(a: I8, b: I8, nb: int, data: I64) -> int:
    """The 52-bit word of four suit masks of ``a`` and the first ``nb`` cards of ``b``."""
    suits = 0
    for i in range(a.shape[0]):
        suits |= data[SUIT_BIT + a[i]]
    for i in range(nb):
        suits |= data[SUIT_BIT + b[i]]
    return suits


@_jit
def _flushes(value: int, suits: int, data: I64) -> int:
    """``value``, or the best flush among the four suits' masks of ``suits`` if better."""
    for s in range(0, 52, 13):
        value = max(value, data[FLUSH_BEST + ((suits >> s) & 0x1FFF)])
    return value


@_jit
def _planes(  # noqa: PLR0917 - numba kernels take scalars, not objects
    cards: I8, n: int, m1: int, m2: int, m3: int, m4: int
) -> tuple[int, int, int, int]:
    """Add the first ``n`` cards to the rank planes (``mk``: the ranks seen ``k``+ times)."""
    for i in range(n):
        bit = 1 << (cards[i] >> 2)
        m4 |= m3 & bit
        m3 |= m2 & bit
        m2 |= m1 & bit
        m1 |= bit
    return m1, m2, m3, m4


@_jit
def _high_planes(a: I8, b: I8, nb: int, data: I64) -> int:
    """Any number of cards (``a`` and the first ``nb`` of ``b``): rank planes and flushes."""
    m1, m2, m3, m4 = _planes(a, a.shape[0], 0, 0, 0, 0)
    m1, m2, m3, m4 = _planes(b, nb, m1, m2, m3, m4)
    return _flushes(nf_from_planes(m1, m2, m3, m4, data), _suits(a, b, nb, data), data)


@_jit
def _keyed(key: int, a: I8, b: I8, nb: int, data: I64) -> int:
    """Up to seven cards, their ``CARD_KEY`` sum ``key``: the perfect hash of the ranks; the
    suits' masks only when a suit holds five cards."""
    value = int(data[HIGH_NF + ph_index(key, data)])
    if ((key >> SUIT_SHIFT) + 0x3333) & 0x8888:  # a nibble holding five or more
        value = _flushes(value, _suits(a, b, nb, data), data)
    return value


@_jit
def high_pool_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``high_value(hole + board)``: the best five of all the cards (5 to 10)."""
    data = t.data
    nb = board.shape[0]
    if hole.shape[0] + nb > MAX_KEYED:
        return _high_planes(hole, board, nb, data)
    key = 0
    for i in range(hole.shape[0]):
        key += data[CARD_KEY + hole[i]]
    for i in range(nb):
        key += data[CARD_KEY + board[i]]
    return _keyed(key, hole, board, nb, data)


@_jit
def high_value_k(cards: I8, t: Tables) -> int:
    """``high_value(cards)``: the best five of 5 to 10 cards."""
    data = t.data
    if cards.shape[0] > MAX_KEYED:
        return _high_planes(cards, cards, 0, data)
    key = 0
    for i in range(cards.shape[0]):
        key += data[CARD_KEY + cards[i]]
    return _keyed(key, cards, cards, 0, data)


@_jit
def high_value_5_k(cards: I8, t: Tables) -> int:
    """``high_value_5(cards)``: draw high, the first five cards exactly."""
    data = t.data
    a, b, c, d, e = cards[0], cards[1], cards[2], cards[3], cards[4]
    key = data[CARD_KEY + a] + data[CARD_KEY + b] + data[CARD_KEY + c]
    key += data[CARD_KEY + d] + data[CARD_KEY + e]
    if ((key >> SUIT_SHIFT) + 0x3333) & 0x8888:  # five of one suit
        mask = data[RANK_BIT + a] | data[RANK_BIT + b] | data[RANK_BIT + c]
        return int(data[FLUSH_BEST + (mask | data[RANK_BIT + d] | data[RANK_BIT + e])])
    return int(data[HIGH_NF + ph_index(key, data)])
