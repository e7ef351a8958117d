"""Badugi: the largest set of cards with no repeated rank and no repeated suit; then the lowest
(rust/src/badugi.rs).

More cards beat fewer; equal counts compare the highest card first, lower winning; suits and
cards outside the hand never break ties. Aces are low, or high for Badeucy. Not the greedy
shortcut over *cards* that the rules warn about: 2s 2h 3s Kd is a 3-card K-3-2, not a 2-card 3-2.

Value: ``count << 13 | (0x1FFF - rank_mask)``, bigger wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import Card
from splitpot.evaluate.core import KindFamily
from splitpot.evaluate.value import HandValue
from splitpot.evaluate.words import describe_badugi, rank_mask_of

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "BADUGI",
    "BADUGI_ACES_HIGH",
    "badugi_value",
    "describe_badugi",
    "evaluate_badugi",
    "evaluate_badugi_aces_high",
    "rank_mask_of",
]

BADUGI: Final = KindFamily("badugi")
BADUGI_ACES_HIGH: Final = KindFamily("badugi", aces_high=True)


def badugi_value(cards: Sequence[int], *, aces_high: bool = False) -> int:
    """Raw Badugi value of any number of cards (at least one)."""
    value = (BADUGI_ACES_HIGH if aces_high else BADUGI).value(cards)
    assert value is not None  # every card makes a badugi hand
    return value


def evaluate_badugi(cards: Sequence[Card]) -> HandValue:
    """The best Badugi from 4 or 5 cards (any count from 1 works), aces low."""
    return HandValue(badugi_value(cards), BADUGI, cards)


def evaluate_badugi_aces_high(cards: Sequence[Card]) -> HandValue:
    """The best Badugi with aces high (Badeucy's badugi half)."""
    return HandValue(badugi_value(cards, aces_high=True), BADUGI_ACES_HIGH, cards)
