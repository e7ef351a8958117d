"""High hands: the best five of 5 to 10 cards, the raw value of ``splitpot.evaluate.high``.

Up to seven cards: one addition of ``CARD_KEY`` per card gives the rank multiset's key (read
through the perfect hash into ``HIGH_NF``) and the suit counts; only a suit of five or more
sends the hand to ``FLUSH_BEST``. Eight to ten cards (Doogie's pool): the same with
``CARD_QUINARY`` and the second perfect hash (``HIGH10``).

Each public kernel is a short hot path, small enough for LLVM to inline it into the caller's
loop; rarer work (flushes, more than seven cards) is a call.
"""

from __future__ import annotations

from splitpot.equity.kernels.lookup import (
    CARD_KEY,
    CARD_QUINARY,
    FLUSH_BEST,
    HIGH10,
    HIGH_NF,
    I8,
    I64,
    MAX_KEYED,
    ORD_VALUE,
    RANK_BIT,
    SUIT_BIT,
    SUIT_SHIFT,
    Tables,
    _jit,
    ph10_index,
    ph_index,
    u16,
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
    return int(suits)


@_jit
def flushes(value: int, suits: int, data: I64) -> int:
    """``value``, or the best flush among the four suits' masks of ``suits`` if better."""
    for s in range(0, 52, 13):
        value = max(value, data[FLUSH_BEST + ((suits >> s) & 0x1FFF)])
    return value


@_jit
def quinary_sums(cards: I8, n: int, key: int, suits: int, data: I64) -> tuple[int, int]:
    """Add the first ``n`` cards' ``CARD_QUINARY`` entries to ``key`` and their ``SUIT_BIT``
    entries to ``suits``."""
    for i in range(n):
        c = cards[i]
        if c < 0:  # never: an exit keeps LLVM from vectorizing a 4-10 card loop with gathers
            break
        key += data[CARD_QUINARY + c]
        suits |= data[SUIT_BIT + c]
    return key, suits


@_jit
def large_value(key: int, suits: int, data: I64) -> int:
    """Eight to ten cards, their quinary sum ``key`` and suit masks ``suits``: the second
    perfect hash, and flushes when a suit holds five."""
    value = int(data[ORD_VALUE + u16(data, HIGH10, ph10_index(key, data))])
    if ((key >> SUIT_SHIFT) + 0x3333) & 0x8888:  # a nibble holding five or more
        value = flushes(value, suits, data)
    return value


@_jit
def _keyed(key: int, a: I8, b: I8, nb: int, data: I64) -> int:
    """Up to seven cards, their ``CARD_KEY`` sum ``key``: the perfect hash of the ranks; the
    suits' masks only when a suit holds five cards."""
    value = int(data[ORD_VALUE + u16(data, HIGH_NF, ph_index(key, data))])
    if ((key >> SUIT_SHIFT) + 0x3333) & 0x8888:  # a nibble holding five or more
        value = flushes(value, _suits(a, b, nb, data), data)
    return value


@_jit
def _sum_keys(cards: I8, n: int, key: int, data: I64) -> int:
    for i in range(n):
        c = cards[i]
        if c < 0:  # never: an exit keeps LLVM from vectorizing a 4-10 card loop with gathers
            break
        key += data[CARD_KEY + c]
    return key


@_jit
def _large(a: I8, b: I8, nb: int, data: I64) -> int:
    key, suits = quinary_sums(a, a.shape[0], 0, 0, data)
    key, suits = quinary_sums(b, nb, key, suits, data)
    return large_value(key, suits, data)


@_jit
def high_pool_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``high_value(hole + board)``: the best five of all the cards (5 to 10)."""
    data = t.data
    nb = board.shape[0]
    if hole.shape[0] + nb > MAX_KEYED:
        return _large(hole, board, nb, data)
    key = _sum_keys(hole, hole.shape[0], 0, data)
    return _keyed(_sum_keys(board, nb, key, data), hole, board, nb, data)


@_jit
def high_value_k(cards: I8, t: Tables) -> int:
    """``high_value(cards)``: the best five of 5 to 10 cards."""
    data = t.data
    if cards.shape[0] > MAX_KEYED:
        return _large(cards, cards, 0, data)
    return _keyed(_sum_keys(cards, cards.shape[0], 0, data), cards, cards, 0, data)


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
    return int(data[ORD_VALUE + u16(data, HIGH_NF, ph_index(key, data))])
