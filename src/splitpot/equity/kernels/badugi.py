"""Badugi (any number of cards, aces low or high) and doogie (four suits from up to ten).

Four and five cards: the cards are sorted by a sorting network (aces high: each card first
turned one rank lower, so the ace sorts below the deuce) and their colex rank reads
``BADUGI4`` / ``BADUGI5``. Other counts, and doogie: the cards' bits in a word of 13 rank
nibbles of suit flags, and the greedy of ``splitpot.evaluate.badugi`` on it
(:func:`~splitpot.equity.kernels.lookup.badugi_from_nibbles`).
"""

from __future__ import annotations

from splitpot.equity.kernels.high import high_pool_value_k
from splitpot.equity.kernels.lookup import (
    BADUGI4,
    BADUGI5,
    BINOM,
    FULL13,
    I8,
    I64,
    NIBBLE_HIGH,
    NIBBLE_LOW,
    NO_HAND,
    ROTATE_HIGH,
    SUIT_BIT_LOW,
    Tables,
    _jit,
    badugi_from_nibbles,
    u16,
)
from splitpot.evaluate.doogie import PERFECT_DOOGIE, PERFECT_DOOGIE_HIGH

__all__ = ["badugi_value_k", "doogie_high_value_k", "doogie_low_value_k"]

_C2 = BINOM + 2 * 53
_C3 = BINOM + 3 * 53
_C4 = BINOM + 4 * 53
_C5 = BINOM + 5 * 53


@_jit
def _card(cards: I8, i: int, aces_high: bool, data: I64) -> int:
    c = int(cards[i])
    return int(data[ROTATE_HIGH + c]) if aces_high else c


@_jit
def _badugi4(cards: I8, aces_high: bool, data: I64) -> int:
    a = _card(cards, 0, aces_high, data)
    b = _card(cards, 1, aces_high, data)
    c = _card(cards, 2, aces_high, data)
    d = _card(cards, 3, aces_high, data)
    a, b = min(a, b), max(a, b)
    c, d = min(c, d), max(c, d)
    a, c = min(a, c), max(a, c)
    b, d = min(b, d), max(b, d)
    b, c = min(b, c), max(b, c)
    return u16(data, BADUGI4, a + data[_C2 + b] + data[_C3 + c] + data[_C4 + d])


@_jit
def _badugi5(cards: I8, aces_high: bool, data: I64) -> int:
    a = _card(cards, 0, aces_high, data)
    b = _card(cards, 1, aces_high, data)
    c = _card(cards, 2, aces_high, data)
    d = _card(cards, 3, aces_high, data)
    e = _card(cards, 4, aces_high, data)
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
    index = a + data[_C2 + b] + data[_C3 + c] + data[_C4 + d] + data[_C5 + e]
    return u16(data, BADUGI5, index)


@_jit
def _badugi_any(cards: I8, aces_high: bool, data: I64) -> int:
    """Any number of cards: the greedy on the word of rank nibbles."""
    base = NIBBLE_HIGH if aces_high else NIBBLE_LOW
    word = 0
    for i in range(cards.shape[0]):
        word |= data[base + cards[i]]
    return badugi_from_nibbles(word)


@_jit
def badugi_value_k(cards: I8, aces_high: bool, t: Tables) -> int:
    """``badugi_value(cards, aces_high=aces_high)``, any number of cards."""
    n = cards.shape[0]
    if n == 4:
        return _badugi4(cards, aces_high, t.data)
    if n == 5:
        return _badugi5(cards, aces_high, t.data)
    return _badugi_any(cards, aces_high, t.data)


@_jit
def _doogie_greedy(hole: I8, board: I8, data: I64) -> int:
    """The doogie value (a four-card Badugi value, or less) by the greedy on rank nibbles."""
    word = 0
    for i in range(hole.shape[0]):
        word |= data[NIBBLE_LOW + hole[i]]
    for i in range(board.shape[0]):
        word |= data[NIBBLE_LOW + board[i]]
    return badugi_from_nibbles(word)


@_jit
def _doogie(hole: I8, board: I8, data: I64) -> int:
    """``doogie_value(hole + board)``, or a value below four cards where that is None."""
    suits = 0
    for i in range(hole.shape[0]):
        suits |= data[SUIT_BIT_LOW + hole[i]]
    for i in range(board.shape[0]):
        suits |= data[SUIT_BIT_LOW + board[i]]
    s0 = suits & 0x1FFF
    s1 = (suits >> 13) & 0x1FFF
    s2 = (suits >> 26) & 0x1FFF
    s3 = suits >> 39
    if not (s0 and s1 and s2 and s3):
        return 0  # a suit is missing: no doogie
    lows = (s0 & -s0) | (s1 & -s1) | (s2 & -s2) | (s3 & -s3)
    if (s0 & -s0) + (s1 & -s1) + (s2 & -s2) + (s3 & -s3) == lows:
        # Each suit's lowest card has its own rank: those four cards are the doogie.
        return 4 << 13 | (FULL13 - lows)
    return _doogie_greedy(hole, board, data)


@_jit
def doogie_low_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``doogie_value(hole + board)``, :data:`NO_HAND` where that is None (no doogie)."""
    value = _doogie(hole, board, t.data)
    return value if value >> 13 == 4 else NO_HAND


@_jit
def doogie_high_value_k(hole: I8, board: I8, t: Tables) -> int:
    """Doogie's high half: ``PERFECT_DOOGIE_HIGH`` (A-2-3-4 in four suits), else
    ``high_value(hole + board)``."""
    if _doogie(hole, board, t.data) == PERFECT_DOOGIE:
        return PERFECT_DOOGIE_HIGH
    return high_pool_value_k(hole, board, t)
