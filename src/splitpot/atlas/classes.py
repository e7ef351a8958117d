"""Starting-hand classes: hands equal under a relabelling of suits, folded into one.

A hand is four suit masks (13 bits each, bit ``r`` for rank ``r``, deuce = 0). Relabelling the
suits permutes the masks, so a class is the multiset of the four masks; its canonical form
sorts them from the largest down and gives them the suits spades, hearts, diamonds, clubs in
that order. The class's *key* packs the sorted masks into one int (largest mask in the top
bits); keys order the classes, so ``--limit K`` and chunking are the same on every machine.

    >>> from splitpot.cards import parse_cards
    >>> text(canonical(parse_cards("As 2d 3h 4c"))[0])
    'As 4h 3d 2c'

A class stands for ``weight`` hands: 24 / (the product, over equal masks, of their count's
factorial), every distinct way of giving its masks to the four suits.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence
from functools import cache
from typing import Final

from splitpot.cards import RANKS, Card, format_cards

__all__ = [
    "CANONICAL_SUITS",
    "all_keys",
    "canonical",
    "cards_of",
    "class_count",
    "from_canonical",
    "sample_keys",
    "text",
    "weight",
]

CANONICAL_SUITS: Final = (3, 2, 1, 0)
"""The suits given to the sorted masks, largest first: spades, hearts, diamonds, clubs."""
_BITS: Final = 13
_FULL: Final = (1 << _BITS) - 1


def canonical(cards: Sequence[int]) -> tuple[int, dict[int, int]]:
    """The class key of ``cards`` and the suit map taking each of their suits to the class's
    canonical suit (``suit -> canonical suit``)."""
    masks = [0, 0, 0, 0]
    for card in cards:
        masks[card & 3] |= 1 << (card >> 2)
    order = sorted(range(4), key=lambda s: masks[s], reverse=True)
    key = 0
    for s in order:
        key = (key << _BITS) | masks[s]
    return key, {s: CANONICAL_SUITS[i] for i, s in enumerate(order)}


def _masks(key: int) -> tuple[int, int, int, int]:
    return (
        (key >> 3 * _BITS) & _FULL,
        (key >> 2 * _BITS) & _FULL,
        (key >> _BITS) & _FULL,
        key & _FULL,
    )


def cards_of(key: int) -> tuple[Card, ...]:
    """The canonical hand of a class: spades first, each suit's cards from the highest."""
    out: list[Card] = []
    for mask, suit in zip(_masks(key), CANONICAL_SUITS, strict=True):
        out.extend(Card(r * 4 + suit) for r in range(_BITS - 1, -1, -1) if mask >> r & 1)
    return tuple(out)


def text(key: int) -> str:
    """The class's canonical text form (``'As 4h 3d 2c'``)."""
    return format_cards(cards_of(key))


def from_canonical(cards: Sequence[int], suit_map: dict[int, int]) -> tuple[Card, ...]:
    """Canonical-suited ``cards`` back in the suits of the hand ``suit_map`` was made from."""
    back = {canon: suit for suit, canon in suit_map.items()}
    return tuple(Card((c >> 2) * 4 + back[c & 3]) for c in cards)


def weight(key: int) -> int:
    """How many hands the class stands for."""
    count = 24
    masks = _masks(key)
    for mask in set(masks):
        count //= math.factorial(masks.count(mask))
    return count


_Groups = tuple[tuple[int, ...], ...]


@cache
def _by_count() -> _Groups:
    """Every 13-bit mask, grouped by how many ranks it holds, ascending."""
    groups: list[list[int]] = [[] for _ in range(_BITS + 1)]
    for mask in range(1 << _BITS):
        groups[mask.bit_count()].append(mask)
    return tuple(tuple(g) for g in groups)


@cache
def all_keys(cards: int) -> tuple[int, ...]:
    """Every class of ``cards``-card hands, by key (ascending)."""
    if not 1 <= cards <= 13:
        raise ValueError(f"hands of {cards} cards: 1 to 13 only")
    groups = _by_count()
    keys: list[int] = []
    # masks m0 >= m1 >= m2 >= m3 with counts adding up to ``cards``
    for c0 in range(1, cards + 1):
        for m0 in groups[c0]:
            _rest(keys, m0, cards - c0, 3, m0, groups=groups)
    keys.sort()
    return tuple(keys)


def _rest(
    keys: list[int], prefix: int, left: int, slots: int, cap: int, *, groups: _Groups
) -> None:
    """Append the keys that complete ``prefix`` with ``slots`` masks, each at most ``cap`` and
    the previous one, holding ``left`` ranks in all."""
    if slots == 1:
        group = groups[left]
        for mask in group[: bisect.bisect_right(group, cap)]:
            keys.append((prefix << _BITS) | mask)
        return
    for count in range(min(left, _BITS) + 1):
        group = groups[count]
        for mask in group[: bisect.bisect_right(group, cap)]:
            _rest(keys, (prefix << _BITS) | mask, left - count, slots - 1, mask, groups=groups)


def class_count(cards: int) -> int:
    """How many classes ``cards``-card hands fall into."""
    return len(all_keys(cards))


def sample_keys(cards: int, count: int, seed: int) -> tuple[int, ...]:
    """``count`` classes drawn without replacement, uniformly among classes, by ``seed``
    (in key order)."""
    keys = all_keys(cards)
    if count >= len(keys):
        return keys
    chosen = random.Random(f"atlas-sample/{cards}/{seed}").sample(range(len(keys)), count)
    return tuple(keys[i] for i in sorted(chosen))


def rank_text(mask: int) -> str:
    """A mask's ranks, highest first (``'A432'``)."""
    return "".join(RANKS[r] for r in range(_BITS - 1, -1, -1) if mask >> r & 1)
