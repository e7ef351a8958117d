"""Doogie: exactly four cards, one of each suit, four different ranks, aces low.

Chosen from all of a player's cards (six hole cards and four community cards, up to 10 in all),
compared as a four-card Badugi and named by its highest card ("7 doogie"). A hand with no
doogie has no low: :func:`evaluate_doogie` returns ``None``.

The Doogie game's high half also knows the perfect doogie (A-2-3-4 in four suits), which the
seed ranks above every high hand: :func:`evaluate_doogie_high`.
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.pyeval.badugi import (
    BADUGI,
    SUIT_BIT_LOW,
    badugi_value_from_word,
    rank_mask_of,
)
from oracle.pyeval.high import HIGH, high_value
from oracle.pyeval.value import HandValue
from splitpot.cards import Card

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "DOOGIE",
    "DOOGIE_HIGH",
    "PERFECT_DOOGIE",
    "doogie_value",
    "evaluate_doogie",
    "evaluate_doogie_high",
]

_LOW_CHARS: Final = "A23456789TJQK"
PERFECT_DOOGIE: Final = 4 << 13 | (0x1FFF - 0b1111)
# Above a royal flush (category 8) in the high encoding.
PERFECT_DOOGIE_HIGH: Final = 9 << 20


def doogie_value(cards: Sequence[int]) -> int | None:
    """Raw doogie value (a four-card Badugi value), or ``None`` without a doogie."""
    word = 0
    for card in cards:
        word |= SUIT_BIT_LOW[card]
    value = badugi_value_from_word(word)
    return value if value >> 13 == 4 else None


class _DoogieFamily:
    name = "doogie"

    def describe(self, value: int) -> str:
        top = rank_mask_of(value).bit_length() - 1
        return f"{_LOW_CHARS[top]} doogie"

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        return BADUGI.used_cards(value, (*source, *board), ())


class _DoogieHighFamily:
    name = "doogie-high"

    def describe(self, value: int) -> str:
        if value == PERFECT_DOOGIE_HIGH:
            return "Perfect doogie (A-2-3-4)"
        return HIGH.describe(value)

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        if value == PERFECT_DOOGIE_HIGH:
            return BADUGI.used_cards(PERFECT_DOOGIE, (*source, *board), ())
        return HIGH.used_cards(value, source, board)


DOOGIE: Final = _DoogieFamily()
DOOGIE_HIGH: Final = _DoogieHighFamily()


def evaluate_doogie(cards: Sequence[Card], board: Sequence[Card] = ()) -> HandValue | None:
    """The best doogie from up to 10 cards (hole cards plus ``board``), or ``None``."""
    pool = (*cards, *board)
    if len(pool) > 10:
        raise ValueError(f"a doogie is chosen from at most 10 cards, got {len(pool)}")
    value = doogie_value(pool)
    return None if value is None else HandValue(value, DOOGIE, cards, board)


def evaluate_doogie_high(cards: Sequence[Card], board: Sequence[Card] = ()) -> HandValue:
    """Doogie's high half: the best five of all cards, the perfect doogie above everything."""
    pool = (*cards, *board)
    if not 5 <= len(pool) <= 10:
        raise ValueError(f"a Doogie high hand is chosen from 5 to 10 cards, got {len(pool)}")
    value = PERFECT_DOOGIE_HIGH if doogie_value(pool) == PERFECT_DOOGIE else high_value(pool)
    return HandValue(value, DOOGIE_HIGH, cards, board)
