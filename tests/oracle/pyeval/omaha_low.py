"""Omaha eight-or-better low, tried combination by combination: every two of the hole cards
with every three of the board, valued as five A-5 cards; only five different ranks of eight or
lower count (docs/rules.md "The mixed-game menu"), else no low (``None``).

The cards used: of the two-plus-three splits that make the low, the one whose hole ranks
(aces low) are the smallest pair, first by its lower rank; each rank's first card in the hole
(or board) order; each part highest first, the ace lowest.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from oracle.pyeval.lowball import a5_value_5, describe_a5
from oracle.pyeval.value import HandValue
from splitpot.cards import Card

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["OMAHA_LOW", "evaluate_omaha_low", "omaha_low_value"]

_EIGHT: Final = a5_value_5([24, 21, 18, 15, 8])  # 8c 7d 6h 5s 4c


def _low_rank(card: int) -> int:
    return (card // 4 + 1) % 13  # the ace 0, the deuce 1, ... the king 12


def omaha_low_value(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """The best eight-or-better 2 + 3 low's A-5 value, or ``None``."""
    best = max(a5_value_5((*two, *three)) for two in combinations(hole, 2)
               for three in combinations(board, 3))  # fmt: skip
    return best if best >= _EIGHT else None


class _OmahaLowFamily:
    name = "omaha-low"

    def describe(self, value: int) -> str:
        return describe_a5(value)

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        splits = [
            (sorted(_low_rank(c) for c in two), three)
            for two in combinations(source, 2)
            for three in combinations(board, 3)
            if a5_value_5((*two, *three)) == value
        ]
        ranks, three = min(splits, key=lambda split: split[0])
        board_ranks = sorted(_low_rank(c) for c in three)

        def first(cards: Sequence[Card], wanted: list[int]) -> list[Card]:
            picked = [next(c for c in cards if _low_rank(c) == r) for r in wanted]
            return sorted(picked, key=_low_rank, reverse=True)

        return (*first(source, ranks), *first(board, board_ranks))


OMAHA_LOW: Final = _OmahaLowFamily()


def evaluate_omaha_low(hole: Sequence[Card], board: Sequence[Card]) -> HandValue | None:
    """The best Omaha eight-or-better low of ``hole`` and ``board``, or ``None``."""
    value = omaha_low_value(hole, board)
    return None if value is None else HandValue(value, OMAHA_LOW, hole, board)
