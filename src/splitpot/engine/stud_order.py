"""The stud games' card orders (docs/rules.md "The mixed-game menu"): the bring-in's card
order, the showing hands' order and the odd chip's, with nothing of the engine imported (the
showdown calls the last one; :mod:`.stud` the others)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from splitpot.cards import Card

__all__ = ["card_order", "odd_chip_order", "showing_order"]


def card_order(card: Card, *, aces_low: bool) -> tuple[int, int]:
    """A card's place in the bring-in order: its rank (aces high, or low in razz), then its
    suit in bridge order (clubs 0, diamonds 1, hearts 2, spades 3)."""
    rank = (card.rank + 1) % 13 if aces_low else card.rank
    return rank, card.suit


def showing_order(cards: Sequence[Card], *, aces_low: bool) -> tuple[int, ...]:
    """The showing hand's place, higher is better in stud (lower in razz): four of a kind,
    three, two pair, a pair, no pair; then the ranks, the most repeated first."""
    ranks = Counter(card_order(card, aces_low=aces_low)[0] for card in cards)
    counts = sorted(ranks.values(), reverse=True)
    kind = {4: 4, 3: 3}.get(counts[0], 0) if counts else 0
    if counts[:2] == [2, 2]:
        kind = 2
    elif counts[:1] == [2]:
        kind = 1
    ordered = sorted(ranks, key=lambda rank: (ranks[rank], rank), reverse=True)
    return (kind, *(rank for rank in ordered for _ in range(ranks[rank])))


def odd_chip_order(
    names: Sequence[str], cards: Mapping[str, Sequence[Card]], *, aces_low: bool
) -> list[str]:
    """``names`` with the highest card by suit among their ``cards`` first (aces low in a
    low award): the order a stud split's odd chips go in."""
    return sorted(
        names, key=lambda n: max(card_order(c, aces_low=aces_low) for c in cards[n]), reverse=True
    )
