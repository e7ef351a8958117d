"""Badugi (any number of cards, aces low or high) and doogie (four suits from up to ten).

Four and five cards: the cards are sorted by a sorting network (aces high: each card first
turned one rank lower, so the ace sorts below the deuce) and their colex rank reads
``badugi4`` / ``badugi5``. Other counts, and doogie: the cards' bits in a word of 13 rank
nibbles of suit flags, and the greedy of ``splitpot.evaluate.badugi`` on it
(:func:`~splitpot.equity.kernels.lookup.badugi_from_nibbles`).
"""

from __future__ import annotations

from splitpot.equity.kernels.high import high_pool_value_k
from splitpot.equity.kernels.lookup import I8, NO_HAND, Tables, _jit, badugi_from_nibbles
from splitpot.evaluate.doogie import PERFECT_DOOGIE, PERFECT_DOOGIE_HIGH

__all__ = ["badugi_value_k", "doogie_high_value_k", "doogie_low_value_k"]


@_jit
def _card(cards: I8, i: int, aces_high: bool, t: Tables) -> int:
    c = int(cards[i])
    return int(t.rotate_high[c]) if aces_high else c


@_jit
def _badugi4(cards: I8, aces_high: bool, t: Tables) -> int:
    a = _card(cards, 0, aces_high, t)
    b = _card(cards, 1, aces_high, t)
    c = _card(cards, 2, aces_high, t)
    d = _card(cards, 3, aces_high, t)
    a, b = min(a, b), max(a, b)
    c, d = min(c, d), max(c, d)
    a, c = min(a, c), max(a, c)
    b, d = min(b, d), max(b, d)
    b, c = min(b, c), max(b, c)
    binom = t.binom
    return int(t.badugi4[a + binom[2, b] + binom[3, c] + binom[4, d]])


@_jit
def _badugi5(cards: I8, aces_high: bool, t: Tables) -> int:
    a = _card(cards, 0, aces_high, t)
    b = _card(cards, 1, aces_high, t)
    c = _card(cards, 2, aces_high, t)
    d = _card(cards, 3, aces_high, t)
    e = _card(cards, 4, aces_high, t)
    # A nine-comparator sorting network for five.
    a, b = min(a, b), max(a, b)
    d, e = min(d, e), max(d, e)
    c, e = min(c, e), max(c, e)
    c, d = min(c, d), max(c, d)
    a, d = min(a, d), max(a, d)
    a, c = min(a, c), max(a, c)
    b, e = min(b, e), max(b, e)
    b, d = min(b, d), max(b, d)
    b, c = min(b, c), max(b, c)
    binom = t.binom
    return int(t.badugi5[a + binom[2, b] + binom[3, c] + binom[4, d] + binom[5, e]])


@_jit
def badugi_value_k(cards: I8, aces_high: bool, t: Tables) -> int:
    """``badugi_value(cards, aces_high=aces_high)``, any number of cards."""
    n = cards.shape[0]
    if n == 4:
        return _badugi4(cards, aces_high, t)
    if n == 5:
        return _badugi5(cards, aces_high, t)
    bits = t.nibble_high if aces_high else t.nibble_low
    word = 0
    for i in range(n):
        word |= bits[cards[i]]
    return badugi_from_nibbles(word)


@_jit
def _doogie_word(hole: I8, board: I8, t: Tables) -> int:
    word = 0
    for i in range(hole.shape[0]):
        word |= t.nibble_low[hole[i]]
    for i in range(board.shape[0]):
        word |= t.nibble_low[board[i]]
    return word


@_jit
def doogie_low_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``doogie_value(hole + board)``, :data:`NO_HAND` where that is None (no doogie)."""
    value = badugi_from_nibbles(_doogie_word(hole, board, t))
    return value if value >> 13 == 4 else NO_HAND


@_jit
def doogie_high_value_k(hole: I8, board: I8, t: Tables) -> int:
    """Doogie's high half: :data:`PERFECT_DOOGIE_HIGH` for A-2-3-4 in four suits, else
    ``high_value(hole + board)``."""
    low4 = _doogie_word(hole, board, t) & 0xFFFF  # the ace, deuce, trey and four nibbles
    if (
        low4 & 0xF
        and low4 & 0xF0
        and low4 & 0xF00
        and low4 & 0xF000
        and badugi_from_nibbles(low4) == PERFECT_DOOGIE
    ):
        return PERFECT_DOOGIE_HIGH
    return high_pool_value_k(hole, board, t)
