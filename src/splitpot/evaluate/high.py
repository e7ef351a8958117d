"""High hands: the best five of 5 to 10 cards, and draw high (exactly the five private cards).

Values (from the core, rust/src/high.rs) are ``category << 20`` followed by five rank
nibbles, so bigger always wins and the 7,462 distinct five-card hands get 7,462 values.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import Card
from splitpot.evaluate.core import KindFamily
from splitpot.evaluate.value import HandValue
from splitpot.evaluate.words import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    describe_high,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "CATEGORY_NAMES",
    "DRAW_HIGH",
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HIGH",
    "HIGH_CARD",
    "ONE_PAIR",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "describe_high",
    "evaluate_draw_high",
    "evaluate_high",
    "high_value",
    "high_value_5",
]

HIGH: Final = KindFamily("high")
DRAW_HIGH: Final = KindFamily("draw-high")


def high_value(cards: Sequence[int]) -> int:
    """Raw value of the best five of ``cards`` (5 to 10 cards)."""
    value = HIGH.value(cards)
    assert value is not None  # every 5 to 10 cards make a high hand
    return value


def high_value_5(cards: Sequence[int]) -> int:
    """Raw value of exactly five cards (draw high)."""
    value = DRAW_HIGH.value(cards)
    assert value is not None
    return value


def evaluate_high(cards: Sequence[Card]) -> HandValue:
    """The best five-card high hand from 5 to 10 cards."""
    return HandValue(high_value(cards), HIGH, cards)


def evaluate_draw_high(cards: Sequence[Card]) -> HandValue:
    """Draw high: all five private cards, no board."""
    return HandValue(high_value_5(cards), DRAW_HIGH, cards)


if TYPE_CHECKING:
    RANK_VALUE_5: dict[int, int]
    FLUSH_VALUE_5: tuple[int, ...]


def _five_card_tables() -> tuple[dict[int, int], tuple[int, ...]]:
    # Read from the core for splitpot.equity.ranks (the numba study engine) until the study
    # engine runs in the core: quinary rank key -> non-flush value, rank mask -> flush value.
    fives: dict[int, int] = {}

    def walk(rank: int, left: int, ranks: list[int]) -> None:
        if left == 0:
            cards = [r * 4 + i % 4 for i, r in enumerate(ranks)]  # suits 0,1,2,3,0: no flush
            fives[sum(5**r for r in ranks)] = high_value_5(cards)
            return
        for r in range(rank, 13):
            if ranks[-4:].count(r) < 4:
                walk(r, left - 1, [*ranks, r])

    walk(0, 5, [])
    flushes = tuple(
        high_value_5([r * 4 for r in range(13) if mask >> r & 1]) if mask.bit_count() == 5 else -1
        for mask in range(1 << 13)
    )
    return fives, flushes


def __getattr__(name: str) -> object:
    if name in ("RANK_VALUE_5", "FLUSH_VALUE_5"):
        fives, flushes = _five_card_tables()
        return fives if name == "RANK_VALUE_5" else flushes
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
