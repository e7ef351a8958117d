"""Lowball: 2-7 (deuce-to-seven) and A-5 (ace-to-five), best five of five or more cards.

- 2-7: aces high; straights and flushes count against you; A-2-3-4-5 is ace-high, not a
  straight. The value is the high value negated, with the wheel read as A-5-4-3-2 high.
- A-5: aces low; straights and flushes are ignored; only pairs and ranks count.

Both values are negative ints where bigger (closer to zero) wins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from oracle.pyeval.high import (
    FLUSH,
    HIGH_CARD,
    RANK_KEY,
    STRAIGHT,
    STRAIGHT_FLUSH,
    describe_high,
    high_value_5,
)
from oracle.pyeval.value import HandValue
from splitpot.cards import RANK_PLURALS, Card

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "A5_LOW",
    "DEUCE_SEVEN",
    "a5_value_5",
    "deuce_seven_value_5",
    "evaluate_a5",
    "evaluate_deuce_seven",
]

# Ace, 5, 4, 3, 2 as rank nibbles, aces high.
_WHEEL_RANKS: Final = (12 << 16) | (3 << 12) | (2 << 8) | (1 << 4) | 0


def deuce_seven_value_5(cards: Sequence[int]) -> int:
    """Raw 2-7 value of exactly five cards (bigger wins)."""
    high = high_value_5(cards)
    category = high >> 20
    if category in (STRAIGHT, STRAIGHT_FLUSH) and (high >> 16) & 0xF == 3:
        # The wheel is no straight at 2-7: it is an ace-high hand (or an ace-high flush).
        high = ((FLUSH if category == STRAIGHT_FLUSH else HIGH_CARD) << 20) | _WHEEL_RANKS
    return -high


# a table from rank key to value, built from pair structure alone with the ace lowest.
_A5_VALUES: dict[int, int] = {}


def _a5_from_key(key: int) -> int:
    counts = []
    for _ in range(13):
        key, digit = divmod(key, 5)
        counts.append(digit)
    # Re-index so the ace is the lowest rank: ace -> 0, deuce -> 1, ... king -> 12.
    low_counts = [counts[12], *counts[:12]]
    by_group = sorted(
        ((count, rank) for rank, count in enumerate(low_counts) if count), reverse=True
    )
    shape = tuple(count for count, _ in by_group)
    category = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }[shape]
    value = category
    for _, rank in by_group:
        value = (value << 4) | rank
    for _ in range(5 - len(by_group)):
        value <<= 4
    return -value


def a5_value_5(cards: Sequence[int]) -> int:
    """Raw A-5 value of exactly five cards (bigger wins)."""
    key = RANK_KEY[cards[0]] + RANK_KEY[cards[1]] + RANK_KEY[cards[2]]
    key += RANK_KEY[cards[3]] + RANK_KEY[cards[4]]
    value = _A5_VALUES.get(key)
    if value is None:
        value = _A5_VALUES[key] = _a5_from_key(key)
    return value


_LOW_CHARS: Final = "A23456789TJQK"
_A5_SHAPES: Final = (
    "",
    "Pair of {}",
    "Two pair, {} and {}",
    "Three {}",
    "{} full of {}",
    "Four {}",
)
_A5_PLURALS: Final = (RANK_PLURALS[12], *RANK_PLURALS[:12])


def describe_a5(value: int) -> str:
    """Words for an A-5 value: ``"5-4-3-2-A low"``, ``"Pair of aces"``."""
    raw = -value
    category = raw >> 20
    ranks = [(raw >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    if category == 0:
        return "-".join(_LOW_CHARS[r] for r in ranks) + " low"
    return _A5_SHAPES[category].format(*(_A5_PLURALS[r] for r in ranks[:2])).capitalize()


def describe_deuce_seven(value: int) -> str:
    """Words for a 2-7 value: ``"7-5-4-3-2 low"``, ``"Eight-high straight"``."""
    high = -value
    if high >> 20 == HIGH_CARD:
        return describe_high(high).removesuffix(" high") + " low"
    return describe_high(high)


class _LowFamily:
    def __init__(
        self,
        name: str,
        value_5: Callable[[Sequence[int]], int],
        describe: Callable[[int], str],
        order: Callable[[Card], int],
    ) -> None:
        self.name = name
        self._order = order
        self._value_5 = value_5
        self._describe = describe

    def describe(self, value: int) -> str:
        return self._describe(value)

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        for five in combinations((*source, *board), 5):
            if self._value_5(five) == value:
                return tuple(sorted(five, key=self._order, reverse=True))
        raise AssertionError("no five cards make the low hand's value")  # pragma: no cover


DEUCE_SEVEN: Final = _LowFamily("27", deuce_seven_value_5, describe_deuce_seven, int)
A5_LOW: Final = _LowFamily("a5", a5_value_5, describe_a5, lambda c: (c + 4) % 52)


def _best_of(cards: Sequence[Card], value_5: Callable[[Sequence[int]], int], what: str) -> int:
    if len(cards) < 5:
        raise ValueError(f"{what} needs at least 5 cards, got {len(cards)}")
    if len(cards) == 5:
        return value_5(cards)
    return max(value_5(five) for five in combinations(cards, 5))


def evaluate_deuce_seven(cards: Sequence[Card]) -> HandValue:
    """2-7 lowball: the best (lowest) five of five or more cards, aces high."""
    return HandValue(_best_of(cards, deuce_seven_value_5, "a 2-7 hand"), DEUCE_SEVEN, cards)


def evaluate_a5(cards: Sequence[Card]) -> HandValue:
    """A-5 lowball: the best (lowest) five of five or more cards, aces low."""
    return HandValue(_best_of(cards, a5_value_5, "an A-5 hand"), A5_LOW, cards)
