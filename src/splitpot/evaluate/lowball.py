"""Lowball: 2-7 (deuce-to-seven) and A-5 (ace-to-five), best five of five or more cards
(rust/src/lowball.rs).

- 2-7: aces high; straights and flushes count against you; A-2-3-4-5 is ace-high, not a
  straight. The value is the high value negated, with the wheel read as A-5-4-3-2 high.
- A-5: aces low; straights and flushes are ignored; only pairs and ranks count.

Both values are negative ints where bigger (closer to zero) wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import Card
from splitpot.evaluate.core import KindFamily
from splitpot.evaluate.value import HandValue
from splitpot.evaluate.words import describe_a5, describe_deuce_seven

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "A5_LOW",
    "DEUCE_SEVEN",
    "a5_value_5",
    "describe_a5",
    "describe_deuce_seven",
    "deuce_seven_value_5",
    "evaluate_a5",
    "evaluate_deuce_seven",
]

DEUCE_SEVEN: Final = KindFamily("deuce-seven")
A5_LOW: Final = KindFamily("a5")


def deuce_seven_value_5(cards: Sequence[int]) -> int:
    """Raw 2-7 value of five cards (of more: the best five), bigger wins."""
    value = DEUCE_SEVEN.value(cards)
    assert value is not None
    return value


def a5_value_5(cards: Sequence[int]) -> int:
    """Raw A-5 value of five cards (of more: the best five), bigger wins."""
    value = A5_LOW.value(cards)
    assert value is not None
    return value


def evaluate_deuce_seven(cards: Sequence[Card]) -> HandValue:
    """2-7 lowball: the best (lowest) five of five or more cards, aces high."""
    return HandValue(deuce_seven_value_5(cards), DEUCE_SEVEN, cards)


def evaluate_a5(cards: Sequence[Card]) -> HandValue:
    """A-5 lowball: the best (lowest) five of five or more cards, aces low."""
    return HandValue(a5_value_5(cards), A5_LOW, cards)
