"""Cards nobody saw: a folded or mucked player's hole cards in a real hand's record, burned cards.

A hand read from a record that does not say every card is dealt with placeholders: real cards
that appear nowhere else in the record stand in for the unknown ones, and the hand's start
event lists them (``HandStarted.unknown``) so that every face writes them as ``??``. They play
as any card would (a seat's view is what it always was), but a hand that is shown at the
showdown needs its real cards: :func:`check_shown` refuses a placeholder there.

Which cards stand in is public knowledge (the lowest cards nobody saw, in deck order), so a
placeholder says nothing about the card it stands for.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from splitpot.cards import Card, full_deck
from splitpot.errors import GameSpecError, ShowdownError

__all__ = ["UNKNOWN", "check_shown", "fill_unknown", "format_known", "unknown_text"]

UNKNOWN = "??"
"""How a card nobody saw is written (PHH's notation)."""


def fill_unknown(cards: Sequence[Card | None]) -> tuple[list[Card], tuple[Card, ...]]:
    """A whole deck order from ``cards`` with ``None`` for the unknown ones: each unknown place
    gets the next of the cards that appear nowhere (in their order), the rest of those follow.
    Returns the order (52 cards) and the placeholders, in the order of their places."""
    known = [card for card in cards if card is not None]
    if len(cards) > 52:
        raise GameSpecError(f"{len(cards)} cards: a deck holds 52")
    missing = [card for card in full_deck() if card not in set(known)]
    stand_ins = missing[: len(cards) - len(known)]
    rest = iter(missing)
    order = [card if card is not None else next(rest) for card in cards]
    order += list(rest)
    return order, tuple(stand_ins)


def unknown_text(cards: Iterable[int], unknown: Collection[int]) -> str:
    """The cards as text, ``??`` for each placeholder: ``AsKd????``."""
    return "".join(UNKNOWN if card in unknown else str(Card(card)) for card in cards)


def format_known(cards: Iterable[int], unknown: Collection[int]) -> str:
    """The cards separated by spaces (as ``format_cards``), ``??`` for each placeholder."""
    return " ".join(UNKNOWN if card in unknown else str(Card(card)) for card in cards)


def check_shown(name: str, cards: Sequence[Card], unknown: Collection[Card]) -> None:
    """A hand shown at the showdown needs its cards: refuse one with a placeholder."""
    hidden = [card for card in cards if card in unknown]
    if hidden:
        raise ShowdownError(
            f"{name}'s hand is shown at the showdown but {len(hidden)} of its cards are "
            "unknown (??): a shown hand needs every card"
        )
