"""Omaha high: exactly two of 4, 5 or 6 hole cards and exactly three of 3 to 5 board cards.

Never the board alone and never three hole cards. The non-flush part adds every two-card hole
rank key to every three-card board rank key and takes the best table value; flushes are tried
only for a suit with at least two hole cards and three board cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from oracle.pyeval.high import (
    _RANK_VALUES,
    RANK_BIT,
    RANK_KEY,
    _order_used,
    describe_high,
    flush_value,
    high_value_5,
    rank_key_value,
)
from oracle.pyeval.value import HandValue
from splitpot.cards import Card

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["OMAHA", "evaluate_omaha", "omaha_value"]


def omaha_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """Raw value of the best exactly-2-plus-3 hand (no validation)."""
    rank_key = RANK_KEY
    hole_keys = {rank_key[a] + rank_key[b] for a, b in combinations(hole, 2)}
    board_keys = {rank_key[a] + rank_key[b] + rank_key[c] for a, b, c in combinations(board, 3)}
    table = _RANK_VALUES  # filled on first use of each key
    try:
        best = max([table[h + b] for h in hole_keys for b in board_keys])
    except KeyError:
        best = max([rank_key_value(h + b) for h in hole_keys for b in board_keys])
    # Flushes: a suit needs two hole cards and three board cards.
    board_suits = [0, 0, 0, 0]
    for card in board:
        board_suits[card & 3] += 1
    for suit in range(4):
        if board_suits[suit] < 3:
            continue
        suited_hole = [RANK_BIT[c] for c in hole if c & 3 == suit]
        if len(suited_hole) < 2:
            continue
        suited_board = [RANK_BIT[c] for c in board if c & 3 == suit]
        for a, b in combinations(suited_hole, 2):
            pair = a | b
            for x, y, z in combinations(suited_board, 3):
                best = max(best, flush_value(pair | x | y | z))
    return best


class _OmahaFamily:
    name = "omaha"

    def describe(self, value: int) -> str:
        return describe_high(value)

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        for two in combinations(source, 2):
            for three in combinations(board, 3):
                if high_value_5((*two, *three)) == value:
                    return (*_order_used(two), *_order_used(three))
        raise AssertionError("no 2 + 3 cards make the hand's value")  # pragma: no cover


OMAHA: Final = _OmahaFamily()


def evaluate_omaha(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """The best Omaha high hand: exactly two of ``hole`` (4-6) and three of ``board`` (3-5)."""
    if not 4 <= len(hole) <= 6:
        raise ValueError(f"an Omaha hand needs 4 to 6 hole cards, got {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise ValueError(f"an Omaha hand needs 3 to 5 board cards, got {len(board)}")
    return HandValue(omaha_value(hole, board), OMAHA, hole, board)
