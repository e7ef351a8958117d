"""Badugi (any number of cards, aces low or high) and doogie (four suits from up to ten).

Four and five cards: the cards are sorted by a sorting network (aces high: each card first
turned one rank lower, so the ace sorts below the deuce) and their colex rank reads
``BADUGI4`` / ``BADUGI5``. Other counts, and doogie: the cards' bits in a word of 13 rank
nibbles of suit flags, and the greedy of ``splitpot.evaluate.badugi`` on it
(:func:`~splitpot.equity.kernels.lookup.badugi_from_nibbles`).
"""

from __future__ import annotations

from splitpot.equity.kernels.high import high_pool_value_k, large_value, quinary_sums
from splitpot.equity.kernels.lookup import (
    BADUGI4,
    BADUGI5,
    BINOM,
    FULL13,
    I8,
    I64,
    MAX_KEYED,
    NIBBLE_HIGH,
    NIBBLE_LOW,
    NO_HAND,
    SUIT_BIT_LOW,
    Tables,
    _jit,
    badugi_from_nibbles,
    u16,
)
from splitpot.evaluate.doogie import PERFECT_DOOGIE, PERFECT_DOOGIE_HIGH

__all__ = ["badugi_value_k", "doogie_high_value_k", "doogie_low_value_k"]

_ACE_TO_FOUR = 0xF | 0xF << 13 | 0xF << 26 | 0xF << 39  # ranks A-4 of each suit mask, aces low
_FIRST = 1 | 1 << 13 | 1 << 26 | 1 << 39  # bit 0 of each suit mask
_NOT_FIRST = _FIRST * 0x1FFE  # bits 1-12 of each suit mask
_C2 = BINOM + 2 * 53
_C3 = BINOM + 3 * 53
_C4 = BINOM + 4 * 53
_C5 = BINOM + 5 * 53


@_jit
def _card(cards: I8, i: int, aces_high: bool) -> int:
    """Card ``i``; aces high: the card one rank lower, the ace becoming the lowest (four
    down, or up 48 for a deuce)."""
    c = int(cards[i])
    return c - 4 + 52 * int(c < 4) if aces_high else c


@_jit
def _badugi4(cards: I8, aces_high: bool, data: I64) -> int:
    a = _card(cards, 0, aces_high)
    b = _card(cards, 1, aces_high)
    c = _card(cards, 2, aces_high)
    d = _card(cards, 3, aces_high)
    a, b = min(a, b), max(a, b)
    c, d = min(c, d), max(c, d)
    a, c = min(a, c), max(a, c)
    b, d = min(b, d), max(b, d)
    b, c = min(b, c), max(b, c)
    return u16(data, BADUGI4, a + data[_C2 + b] + data[_C3 + c] + data[_C4 + d])


@_jit
def _badugi5(cards: I8, aces_high: bool, data: I64) -> int:
    a = _card(cards, 0, aces_high)
    b = _card(cards, 1, aces_high)
    c = _card(cards, 2, aces_high)
    d = _card(cards, 3, aces_high)
    e = _card(cards, 4, aces_high)
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
def _greedy4(s0: int, s1: int, s2: int, s3: int) -> int:
    """The Badugi value of four suit masks (aces low): ranks taken lowest first while a
    matching to distinct suits exists, as ``badugi_from_nibbles`` but visiting only the ranks
    present."""
    present = s0 | s1 | s2 | s3
    states = 1  # the 16-bit set of the suit sets the chosen ranks can be matched to
    chosen = 0
    count = 0
    while present and count < 4:
        bit = present & -present
        present ^= bit
        grown = ((states & 0x5555) << 1) & -int(s0 & bit != 0)
        grown |= ((states & 0x3333) << 2) & -int(s1 & bit != 0)
        grown |= ((states & 0x0F0F) << 4) & -int(s2 & bit != 0)
        grown |= ((states & 0x00FF) << 8) & -int(s3 & bit != 0)
        took = grown != 0  # branch-free: which way it goes is anyone's guess
        states = grown if took else states
        chosen |= bit if took else 0
        count += int(took)
    return count << 13 | (FULL13 - chosen)


@_jit
def _doogie_suits(hole: I8, board: I8, data: I64) -> int:
    """The pool's word of four 13-bit suit masks, aces low."""
    suits = 0
    for i in range(hole.shape[0]):
        c = hole[i]
        if c < 0:
            break
        suits |= data[SUIT_BIT_LOW + c]
    for i in range(board.shape[0]):
        c = board[i]
        if c < 0:
            break
        suits |= data[SUIT_BIT_LOW + c]
    return suits


@_jit
def _doogie(suits: int) -> int:
    """``doogie_value`` of the pool with suit masks ``suits``, or a value of fewer than four
    cards where that is None."""
    s0 = suits & 0x1FFF
    s1 = (suits >> 13) & 0x1FFF
    s2 = (suits >> 26) & 0x1FFF
    s3 = suits >> 39
    if not (s0 and s1 and s2 and s3):
        return 0  # a suit is missing: no doogie
    a, b, c, d = s0 & -s0, s1 & -s1, s2 & -s2, s3 & -s3
    if a + b + c + d == a | b | c | d:
        # Each suit's lowest card has its own rank: those four cards are the doogie.
        return 4 << 13 | (FULL13 - (a | b | c | d))
    return _greedy4(s0, s1, s2, s3)


@_jit
def doogie_low_value_k(hole: I8, board: I8, t: Tables) -> int:
    """``doogie_value(hole + board)``, :data:`NO_HAND` where that is None (no doogie)."""
    value = _doogie(_doogie_suits(hole, board, t.data))
    return value if value >> 13 == 4 else NO_HAND


@_jit
def _aces_low(suits: int) -> int:
    """A word of four suit masks with aces high (``SUIT_BIT``) turned aces low: each 13-bit
    mask rotated left by one, the ace (bit 12) becoming bit 0."""
    return ((suits << 1) & _NOT_FIRST) | ((suits >> 12) & _FIRST)


@_jit
def doogie_high_value_k(hole: I8, board: I8, t: Tables) -> int:
    """Doogie's high half: ``PERFECT_DOOGIE_HIGH`` (A-2-3-4 in four suits), else
    ``high_value(hole + board)``."""
    data = t.data
    if hole.shape[0] + board.shape[0] <= MAX_KEYED:
        if _doogie(_doogie_suits(hole, board, data) & _ACE_TO_FOUR) == PERFECT_DOOGIE:
            return PERFECT_DOOGIE_HIGH
        return high_pool_value_k(hole, board, t)
    # One pass over the cards for the ranks and the suits; only the aces, deuces, treys and
    # fours decide the perfect doogie.
    key, suits = quinary_sums(hole, hole.shape[0], 0, 0, data)
    key, suits = quinary_sums(board, board.shape[0], key, suits, data)
    if _doogie(_aces_low(suits) & _ACE_TO_FOUR) == PERFECT_DOOGIE:
        return PERFECT_DOOGIE_HIGH
    return large_value(key, suits, data)
