"""Badugi: the largest set of cards with no repeated rank and no repeated suit; then the lowest.

More cards beat fewer; equal counts compare the highest card first, lower winning; suits and
cards outside the hand never break ties. Aces are low, or high for Badeucy.

Every subset is in effect searched: the sets of ranks that can be given distinct suits form a
(transversal) matroid, so taking ranks from the lowest up while a matching of ranks to suits
still exists yields the largest set whose sorted ranks are lowest position by position. This is
not the greedy shortcut over *cards* that the rules warn about (2s 2h 3s Kd is a 3-card K-3-2,
not a 2-card 3-2). When each suit's lowest card has its own rank, those cards are the answer.

Value: ``count << 13 | (0x1FFF - rank_mask)``, bigger wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from oracle.pyeval.value import HandValue
from splitpot.cards import Card

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "BADUGI",
    "BADUGI_ACES_HIGH",
    "badugi_value",
    "evaluate_badugi",
    "evaluate_badugi_aces_high",
    "rank_mask_of",
]

_FULL: Final = 0x1FFF
# Bit of a card in a 52-bit word of four 13-bit suit masks; aces low: A=0, 2=1, ... K=12.
SUIT_BIT_LOW: Final = tuple(1 << ((c & 3) * 13 + ((c >> 2) + 1) % 13) for c in range(52))
SUIT_BIT_HIGH: Final = tuple(1 << ((c & 3) * 13 + (c >> 2)) for c in range(52))
_LOW_CHARS: Final = "A23456789TJQK"
_HIGH_CHARS: Final = "23456789TJQKA"
_SUIT_FLAGS: Final = (1, 2, 4, 8)


def _greedy(masks: tuple[int, int, int, int], limit: int) -> tuple[int, int]:
    """(count, rank mask) of the best set of distinct ranks that can take distinct suits."""
    present = masks[0] | masks[1] | masks[2] | masks[3]
    states = {0}  # every set of suits some matching of the chosen ranks can use
    chosen = 0
    count = 0
    while present and count < limit:
        bit = present & -present
        present ^= bit
        suits = [f for f, m in zip(_SUIT_FLAGS, masks, strict=True) if m & bit]
        grown = {state | f for state in states for f in suits if not state & f}
        if grown:
            states = grown
            chosen |= bit
            count += 1
    return count, chosen


_SLOW: dict[tuple[int, ...], int] = {}
_SLOW_LIMIT: Final = 1 << 18


def badugi_value_from_word(word: int) -> int:
    """Raw Badugi value of a 52-bit word of suit masks (see ``SUIT_BIT_LOW``)."""
    s0 = word & _FULL
    s1 = (word >> 13) & _FULL
    s2 = (word >> 26) & _FULL
    s3 = word >> 39
    a = s0 & -s0
    b = s1 & -s1
    c = s2 & -s2
    d = s3 & -s3
    lows = a | b | c | d
    if a + b + c + d == lows:  # each suit's lowest card has its own rank: they are the hand
        return lows.bit_count() << 13 | (_FULL - lows)
    # The value depends only on the suit masks, not on which suit is which.
    key = tuple(sorted((s0, s1, s2, s3)))
    value = _SLOW.get(key)
    if value is None:
        count, chosen = _greedy((s0, s1, s2, s3), 4)
        value = count << 13 | (_FULL - chosen)
        if len(_SLOW) >= _SLOW_LIMIT:  # large pools (doogie's ten cards) have many shapes
            _SLOW.clear()
        _SLOW[key] = value
    return value


def badugi_value(cards: Sequence[int], *, aces_high: bool = False) -> int:
    """Raw Badugi value of any number of cards (no validation)."""
    bits = SUIT_BIT_HIGH if aces_high else SUIT_BIT_LOW
    word = 0
    for card in cards:
        word |= bits[card]
    return badugi_value_from_word(word)


def rank_mask_of(value: int) -> int:
    """The 13-bit rank mask inside a Badugi value."""
    return _FULL - (value & _FULL)


def _describe(value: int, chars: str) -> str:
    count = value >> 13
    mask = rank_mask_of(value)
    ranks = "-".join(chars[r] for r in range(12, -1, -1) if mask >> r & 1)
    if count == 4:
        return f"{ranks} badugi"
    return f"{ranks} {('', 'one', 'two', 'three')[count]}-card hand"


class _BadugiFamily:
    def __init__(self, name: str, bits: tuple[int, ...], chars: str) -> None:
        self.name = name
        self._bits = bits
        self._chars = chars

    def describe(self, value: int) -> str:
        return _describe(value, self._chars)

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        count = value >> 13
        for subset in combinations(source, count):
            if len({c.suit for c in subset}) == count and len({c.rank for c in subset}) == count:
                word = 0
                for card in subset:
                    word |= self._bits[card]
                if badugi_value_from_word(word) == value:
                    return tuple(
                        sorted(
                            subset,
                            key=lambda c: (self._bits[c].bit_length() - 1) % 13,
                            reverse=True,
                        )
                    )
        raise AssertionError("no subset makes the badugi's value")  # pragma: no cover


BADUGI: Final = _BadugiFamily("badugi", SUIT_BIT_LOW, _LOW_CHARS)
BADUGI_ACES_HIGH: Final = _BadugiFamily("badugi-aces-high", SUIT_BIT_HIGH, _HIGH_CHARS)


def evaluate_badugi(cards: Sequence[Card]) -> HandValue:
    """The best Badugi from 4 or 5 cards (any count from 1 works), aces low."""
    word = 0
    for card in cards:
        word |= SUIT_BIT_LOW[card]
    if not word:
        raise ValueError("a badugi hand needs at least one card")
    return HandValue(badugi_value_from_word(word), BADUGI, cards)


def evaluate_badugi_aces_high(cards: Sequence[Card]) -> HandValue:
    """The best Badugi with aces high (Badeucy's badugi half)."""
    if not cards:
        raise ValueError("a badugi hand needs at least one card")
    return HandValue(badugi_value(cards, aces_high=True), BADUGI_ACES_HIGH, cards)
