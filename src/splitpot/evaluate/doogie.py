"""Doogie: exactly four cards, one of each suit, four different ranks, aces low
(rust/src/doogie.rs).

Chosen from all of a player's cards (six hole cards and four community cards, up to 10 in all),
compared as a four-card Badugi and named by its highest card ("7 doogie"). A hand with no
doogie has no low: :func:`evaluate_doogie` returns ``None``.

The Doogie game's high half also knows the perfect doogie (A-2-3-4 in four suits), which the
seed ranks above every high hand: :func:`evaluate_doogie_high`.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot import _core
from splitpot.cards import Card
from splitpot.evaluate.core import KindFamily
from splitpot.evaluate.value import HandValue

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "DOOGIE",
    "DOOGIE_HIGH",
    "PERFECT_DOOGIE",
    "PERFECT_DOOGIE_HIGH",
    "doogie_value",
    "evaluate_doogie",
    "evaluate_doogie_high",
]

PERFECT_DOOGIE: Final = _core.PERFECT_DOOGIE
"""A-2-3-4 in four suits: the best doogie."""
PERFECT_DOOGIE_HIGH: Final = _core.PERFECT_DOOGIE_HIGH
"""The perfect doogie's value in Doogie's high half: above a royal flush."""

DOOGIE: Final = KindFamily("doogie-low")
DOOGIE_HIGH: Final = KindFamily("doogie-high")


def doogie_value(cards: Sequence[int]) -> int | None:
    """Raw doogie value (a four-card Badugi value) of up to 10 cards, or ``None``."""
    return DOOGIE.value(cards)


def evaluate_doogie(cards: Sequence[Card], board: Sequence[Card] = ()) -> HandValue | None:
    """The best doogie from up to 10 cards (hole cards plus ``board``), or ``None``."""
    return DOOGIE.hand(cards, board)


def evaluate_doogie_high(cards: Sequence[Card], board: Sequence[Card] = ()) -> HandValue:
    """Doogie's high half: the best five of all cards, the perfect doogie above everything."""
    value = DOOGIE_HIGH.value(cards, board)
    assert value is not None  # every 5 to 10 cards make a high hand
    return HandValue(value, DOOGIE_HIGH, cards, board)
