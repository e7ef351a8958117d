"""Words for hand values: Python names what the core's ints mean.

The core says which encoding each evaluator kind's values use (``splitpot._core.WORDS``:
``"high"``, ``"deuce-seven"``, ``"a5"``, ``"rainbow"`` (Badugi's), ``"doogie-low"``,
``"doogie-high"``);
:data:`WORDS` reads each encoding. Values (rust/src/): high ``category << 20`` then five rank
nibbles; 2-7 the high value negated (the wheel read as A-5-4-3-2); A-5 negated pair shape and
rank nibbles with the ace lowest; Badugi and doogie ``count << 13 | (0x1FFF - rank mask)``.
"""

from __future__ import annotations

from collections.abc import Callable

from splitpot.cards import RANK_NAMES, RANK_PLURALS, RANKS

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "CATEGORY_NAMES",
    "WORDS",
    "describe_a5",
    "describe_badugi",
    "describe_deuce_seven",
    "describe_doogie",
    "describe_doogie_high",
    "describe_high",
    "rank_mask_of",
]

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 5, 6, 7, 8
CATEGORY_NAMES: Final = (
    "high card", "one pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)  # fmt: skip
PERFECT_DOOGIE_HIGH: Final = 9 << 20  # the core's doogie.rs: above a royal flush
_LOW_CHARS: Final = "A23456789TJQK"
_HIGH_CHARS: Final = RANKS


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
            return f"Four {RANK_PLURALS[first]}"
        case 6:
            return f"{RANK_PLURALS[first].capitalize()} full of {RANK_PLURALS[ranks[1]]}"
        case 5:
            return f"{RANK_NAMES[first].capitalize()}-high flush"
        case 4:
            return f"{RANK_NAMES[first].capitalize()}-high straight"
        case 3:
            return f"Three {RANK_PLURALS[first]}"
        case 2:
            return f"Two pair, {RANK_PLURALS[first]} and {RANK_PLURALS[ranks[1]]}"
        case 1:
            return f"Pair of {RANK_PLURALS[first]}"
        case _:
            return "-".join(RANKS[r] for r in ranks) + " high"


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


def rank_mask_of(value: int) -> int:
    """The 13-bit rank mask inside a Badugi or doogie value."""
    return 0x1FFF - (value & 0x1FFF)


def describe_badugi(value: int, aces_high: bool = False) -> str:
    """Words for a Badugi value: ``"8-5-4-2 badugi"``, ``"K-3-2 three-card hand"``."""
    chars = _HIGH_CHARS if aces_high else _LOW_CHARS
    count = value >> 13
    mask = rank_mask_of(value)
    ranks = "-".join(chars[r] for r in range(12, -1, -1) if mask >> r & 1)
    if count == 4:
        return f"{ranks} badugi"
    return f"{ranks} {('', 'one', 'two', 'three')[count]}-card hand"


def describe_doogie(value: int) -> str:
    """Words for a doogie value, named by its highest card: ``"7 doogie"``."""
    return f"{_LOW_CHARS[rank_mask_of(value).bit_length() - 1]} doogie"


def describe_doogie_high(value: int) -> str:
    """Words for Doogie's high half: the perfect doogie, else a high hand."""
    if value == PERFECT_DOOGIE_HIGH:
        return "Perfect doogie (A-2-3-4)"
    return describe_high(value)


WORDS: Final[dict[str, Callable[[int, bool], str]]] = {
    "high": lambda value, aces_high: describe_high(value),
    "deuce-seven": lambda value, aces_high: describe_deuce_seven(value),
    "a5": lambda value, aces_high: describe_a5(value),
    "rainbow": describe_badugi,
    "doogie-low": lambda value, aces_high: describe_doogie(value),
    "doogie-high": lambda value, aces_high: describe_doogie_high(value),
}
"""The words of each value encoding the core names (``_core.WORDS``), given ``aces_high``."""
