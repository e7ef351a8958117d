"""High hands: the best five of 5 to 10 cards, and draw high (exactly the five private cards).

A hand is reduced to two sums of per-card constants: a rank key (base-5 digit counts, so every
multiset of ranks has its own key) and a suit key (a 4-bit count per suit). The rank key is
looked up in a table filled on first use of each key (nothing is computed at import: a one-off
showdown values a handful of hands); a flush is checked only when some suit has five cards.
Values are ``category << 20`` followed by five rank nibbles, so bigger always wins and
the 7,462 distinct five-card hands get 7,462 distinct values.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from oracle.pyeval.value import HandValue
from splitpot.cards import RANK_NAMES, RANK_PLURALS, RANKS, Card

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "CATEGORY_NAMES",
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
    "evaluate_draw_high",
    "evaluate_high",
    "five_card_tables",
    "high_value",
    "high_value_5",
    "rank_key_value",
]

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 5, 6, 7, 8
CATEGORY_NAMES: Final = (
    "high card", "one pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)  # fmt: skip

RANK_KEY: Final = tuple(5 ** (c >> 2) for c in range(52))
_SUIT_KEY: Final = tuple(1 << (32 + 4 * (c & 3)) for c in range(52))
CARD_KEY: Final = tuple(r + s for r, s in zip(RANK_KEY, _SUIT_KEY, strict=True))
RANK_BIT: Final = tuple(1 << (c >> 2) for c in range(52))
_RANK_MASK: Final = (1 << 32) - 1
_WHEEL: Final = 0b1_0000_0000_1111  # A, 5, 4, 3, 2


def straight_top(mask: int) -> int:
    """Rank index of the top card of the best straight in a 13-bit rank mask, or -1."""
    for top in range(12, 3, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top
    return 3 if mask & _WHEEL == _WHEEL else -1


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for index in range(5):
        value = (value << 4) | (ranks[index] if index < len(ranks) else 0)
    return value


def _top_ranks(mask: int, count: int) -> list[int]:
    return [r for r in range(12, -1, -1) if mask >> r & 1][:count]


def value_from_counts(counts: Sequence[int]) -> int:
    """The best non-flush five-card value from per-rank counts (index 0 = deuce)."""
    groups: list[list[int]] = [[], [], [], [], []]
    mask = 0
    for rank in range(12, -1, -1):
        count = counts[rank]
        if count:
            groups[count].append(rank)
            mask |= 1 << rank
    quads, trips, pairs = groups[4], groups[3], groups[2]
    if quads:
        top = quads[0]
        kicker = max(r for r in range(13) if counts[r] and r != top)
        return _pack(FOUR_OF_A_KIND, [top, kicker])
    if trips and (len(trips) > 1 or pairs):
        top = trips[0]
        rest = trips[1:] + pairs
        return _pack(FULL_HOUSE, [top, max(rest)])
    top = straight_top(mask)
    if top >= 0:
        return _pack(STRAIGHT, [top])
    if trips:
        return _pack(THREE_OF_A_KIND, [trips[0], *_top_ranks(mask & ~(1 << trips[0]), 2)])
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        return _pack(TWO_PAIR, [high, low, *_top_ranks(mask & ~(1 << high) & ~(1 << low), 1)])
    if pairs:
        return _pack(ONE_PAIR, [pairs[0], *_top_ranks(mask & ~(1 << pairs[0]), 3)])
    return _pack(HIGH_CARD, _top_ranks(mask, 5))


_RANK_VALUES: dict[int, int] = {}  # rank key -> the best non-flush value, filled on first use
_FLUSH_VALUES: dict[int, int] = {}  # 13-bit rank mask of one suit -> its value, likewise


def _rank_value(key: int) -> int:
    counts = []
    for _ in range(13):
        key, digit = divmod(key, 5)
        counts.append(digit)
    return value_from_counts(counts)


def rank_key_value(key: int) -> int:
    """The best non-flush value of the ranks whose key (sum of ``RANK_KEY``) is ``key``."""
    value = _RANK_VALUES.get(key)
    if value is None:
        value = _RANK_VALUES[key] = _rank_value(key)
    return value


def flush_value(mask: int) -> int:
    """Value of the best flush or straight flush among the ranks of one suit (5+ bits)."""
    value = _FLUSH_VALUES.get(mask)
    if value is None:
        top = straight_top(mask)
        value = _pack(STRAIGHT_FLUSH, [top]) if top >= 0 else _pack(FLUSH, _top_ranks(mask, 5))
        _FLUSH_VALUES[mask] = value
    return value


@cache
def five_card_tables() -> tuple[dict[int, int], tuple[int, ...]]:
    """Every five-card value, for the compiled kernels: rank key -> value (6,175 multisets
    of five ranks, at most four of a rank) and rank mask -> flush value (-1: not five ranks).
    Built on the first call (about 20 ms); ``RANK_VALUE_5`` and ``FLUSH_VALUE_5`` name them."""

    def walk(rank: int, left: int, key: int, counts: list[int]) -> None:
        if left == 0:
            _RANK_VALUES[key] = value_from_counts(counts)
            return
        if rank == 13:
            return
        for take in range(min(4, left), -1, -1):
            counts[rank] = take
            walk(rank + 1, left - take, key + take * 5**rank, counts)
        counts[rank] = 0

    walk(0, 5, 0, [0] * 13)
    flushes = tuple(flush_value(mask) if mask.bit_count() == 5 else -1 for mask in range(1 << 13))
    fives = {key: value for key, value in _RANK_VALUES.items() if _five_ranks(key)}
    return fives, flushes


def _five_ranks(key: int) -> bool:
    total = 0
    while key:
        key, digit = divmod(key, 5)
        total += digit
    return total == 5


if TYPE_CHECKING:
    RANK_VALUE_5: dict[int, int]
    FLUSH_VALUE_5: tuple[int, ...]


def __getattr__(name: str) -> object:
    # The full five-card tables, built when first asked for (see five_card_tables).
    if name == "RANK_VALUE_5":
        return five_card_tables()[0]
    if name == "FLUSH_VALUE_5":
        return five_card_tables()[1]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def high_value_5(cards: Sequence[int]) -> int:
    """Raw value of exactly five cards (no validation; the hot path of draw high and Omaha)."""
    key = CARD_KEY[cards[0]] + CARD_KEY[cards[1]] + CARD_KEY[cards[2]]
    key += CARD_KEY[cards[3]] + CARD_KEY[cards[4]]
    if ((key >> 32) + 0x3333) & 0x8888 == 0:
        try:
            return _RANK_VALUES[key & _RANK_MASK]
        except KeyError:
            return rank_key_value(key & _RANK_MASK)
    # five of one suit
    return flush_value(
        RANK_BIT[cards[0]] | RANK_BIT[cards[1]] | RANK_BIT[cards[2]]
        | RANK_BIT[cards[3]] | RANK_BIT[cards[4]]
    )  # fmt: skip


def high_value(cards: Sequence[int]) -> int:
    """Raw value of the best five of ``cards`` (5 to 10 cards; not validated)."""
    key = 0
    for card in cards:
        key += CARD_KEY[card]
    value = rank_key_value(key & _RANK_MASK)
    suits = key >> 32
    if (suits + 0x3333) & 0x8888:
        for suit in range(4):
            if (suits >> (4 * suit)) & 0xF >= 5:
                mask = 0
                for card in cards:
                    if card & 3 == suit:
                        mask |= RANK_BIT[card]
                flushed = flush_value(mask)
                value = max(value, flushed)
    return value


def _plural(rank: int) -> str:
    return RANK_PLURALS[rank]


def describe_high(value: int) -> str:
    """Words for a high value: ``"Aces full of queens"``, ``"King-high straight flush"``."""
    category = value >> 20
    ranks = [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    first = ranks[0]
    match category:
        case 8:
            return (
                "Royal flush"
                if first == 12
                else f"{RANK_NAMES[first].capitalize()}-high straight flush"
            )
        case 7:
            return f"Four {_plural(first)}"
        case 6:
            return f"{_plural(first).capitalize()} full of {_plural(ranks[1])}"
        case 5:
            return f"{RANK_NAMES[first].capitalize()}-high flush"
        case 4:
            return f"{RANK_NAMES[first].capitalize()}-high straight"
        case 3:
            return f"Three {_plural(first)}"
        case 2:
            return f"Two pair, {_plural(first)} and {_plural(ranks[1])}"
        case 1:
            return f"Pair of {_plural(first)}"
        case _:
            return "-".join(RANKS[r] for r in ranks) + " high"


def _order_used(cards: Sequence[Card]) -> tuple[Card, ...]:
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return tuple(sorted(cards, key=lambda c: (counts[c.rank], c.rank, c.suit), reverse=True))


class _HighFamily:
    name = "high"

    def describe(self, value: int) -> str:
        return describe_high(value)

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        for five in combinations((*source, *board), 5):
            if high_value_5(five) == value:
                return _order_used(five)
        raise AssertionError("no five cards make the hand's value")  # pragma: no cover


HIGH: Final = _HighFamily()


def _check_count(cards: Sequence[int], low: int, high: int, what: str) -> None:
    if not low <= len(cards) <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{what} needs {span} cards, got {len(cards)}")


def evaluate_high(cards: Sequence[Card]) -> HandValue:
    """The best five-card high hand from 5 to 10 cards."""
    if not 5 <= len(cards) <= 10:
        _check_count(cards, 5, 10, "a high hand")
    return HandValue(high_value(cards), HIGH, cards)


def evaluate_draw_high(cards: Sequence[Card]) -> HandValue:
    """Draw high: all five private cards, no board."""
    _check_count(cards, 5, 5, "a draw high hand")
    return HandValue(high_value_5(cards), HIGH, cards)
