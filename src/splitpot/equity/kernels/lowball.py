"""2-7 and A-5 lowball on exactly five cards (the first five of the hand).

One addition of ``card_key`` per card: the rank multiset's key, read through the perfect hash
into ``deuce_seven_nf`` or ``a5``; five cards of one suit read ``deuce_seven_flush``.
"""

from __future__ import annotations

from splitpot.equity.kernels.lookup import I8, SUIT_SHIFT, Tables, _jit, ph_index

__all__ = ["a5_value_k", "deuce_seven_value_k"]


@_jit
def _key5(cards: I8, t: Tables) -> int:
    key = t.card_key[cards[0]] + t.card_key[cards[1]] + t.card_key[cards[2]]
    return int(key + t.card_key[cards[3]] + t.card_key[cards[4]])


@_jit
def deuce_seven_value_k(cards: I8, t: Tables) -> int:
    """``deuce_seven_value_5(cards)``: 2-7 lowball, negated (bigger wins)."""
    key = _key5(cards, t)
    if ((key >> SUIT_SHIFT) + 0x3333) & 0x8888:  # five of one suit
        mask = 0
        for i in range(5):
            mask |= t.rank_bit[cards[i]]
        return int(t.deuce_seven_flush[mask])
    return int(t.deuce_seven_nf[ph_index(key, t.ph_offset)])


@_jit
def a5_value_k(cards: I8, t: Tables) -> int:
    """``a5_value_5(cards)``: A-5 lowball, negated (bigger wins)."""
    return int(t.a5[ph_index(_key5(cards, t), t.ph_offset)])
