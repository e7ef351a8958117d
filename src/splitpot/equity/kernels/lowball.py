"""2-7 and A-5 lowball on exactly five cards (the first five of the hand).

One addition of ``CARD_KEY`` per card: the rank multiset's key, read through the perfect hash
into ``DEUCE_SEVEN_NF`` or ``A5``; five cards of one suit read ``DEUCE_SEVEN_FLUSH``.
"""

from __future__ import annotations

from splitpot.equity.kernels.lookup import (
    A5,
    CARD_KEY,
    DEUCE_SEVEN_FLUSH,
    DEUCE_SEVEN_NF,
    I8,
    RANK_BIT,
    SUIT_SHIFT,
    Tables,
    _jit,
    ph_index,
)

__all__ = ["a5_value_k", "deuce_seven_value_k"]


@_jit
def deuce_seven_value_k(cards: I8, t: Tables) -> int:
    """``deuce_seven_value_5(cards)``: 2-7 lowball, negated (bigger wins)."""
    data = t.data
    a, b, c, d, e = cards[0], cards[1], cards[2], cards[3], cards[4]
    key = data[CARD_KEY + a] + data[CARD_KEY + b] + data[CARD_KEY + c]
    key += data[CARD_KEY + d] + data[CARD_KEY + e]
    if ((key >> SUIT_SHIFT) + 0x3333) & 0x8888:  # five of one suit
        mask = data[RANK_BIT + a] | data[RANK_BIT + b] | data[RANK_BIT + c]
        return int(data[DEUCE_SEVEN_FLUSH + (mask | data[RANK_BIT + d] | data[RANK_BIT + e])])
    return int(data[DEUCE_SEVEN_NF + ph_index(key, data)])


@_jit
def a5_value_k(cards: I8, t: Tables) -> int:
    """``a5_value_5(cards)``: A-5 lowball, negated (bigger wins)."""
    data = t.data
    key = data[CARD_KEY + cards[0]] + data[CARD_KEY + cards[1]] + data[CARD_KEY + cards[2]]
    key += data[CARD_KEY + cards[3]] + data[CARD_KEY + cards[4]]
    return int(data[A5 + ph_index(key, data)])
