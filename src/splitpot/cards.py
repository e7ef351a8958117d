"""Cards, parsing and printing, and the deck.

A :class:`Card` is an ``int`` from 0 to 51 (``rank_index * 4 + suit``) with a readable face:
the 52 instances are made once, so evaluators can use a card directly as a table index.
Strings become cards only here::

    >>> parse_cards("As Kd, 10h Q♣")
    (Card('As'), Card('Kd'), Card('Th'), Card('Qc'))
    >>> parse_cards("Kx", where="in player B's cards")
    Traceback (most recent call last):
    ...
    splitpot.errors.CardParseError: "Kx": unknown suit 'x' (card 1 in player B's cards)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from splitpot.errors import CardParseError, DuplicateCardError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    import random  # only for the injected generator's type
    from typing import Final

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "Deck",
    "check_distinct",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
]

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip
SUIT_SYMBOLS: Final = "♣♦♥♠"

_SUIT_OF_CHAR: Final = {
    **{c: i for i, c in enumerate(SUITS)},
    **{c: i for i, c in enumerate(SUIT_SYMBOLS)},
    **{c: i for i, c in enumerate("♧♢♡♤")},
}
_RANK_OF_TEXT: Final = {**{c: i for i, c in enumerate(RANKS)}, "10": 8}


class Card(int):
    """One of the 52 cards; compares and hashes as its index (rank * 4 + suit)."""

    __slots__ = ()

    def __new__(cls, text: str | int) -> Card:
        """Return the card for ``"As"``-style text or a 0-51 index."""
        if isinstance(text, str):
            return parse_card(text)
        if not 0 <= text < 52:
            raise CardParseError(f"card index {text} is outside 0-51")
        return _CARDS[text]

    @property
    def rank(self) -> int:
        """Rank index, 0 for a deuce up to 12 for an ace."""
        return self >> 2

    @property
    def suit(self) -> int:
        """Suit index in ``SUITS`` order (clubs, diamonds, hearts, spades)."""
        return self & 3

    @property
    def rank_char(self) -> str:
        """``"A"``, ``"K"``, ... ``"2"``."""
        return RANKS[self >> 2]

    @property
    def suit_char(self) -> str:
        """``"c"``, ``"d"``, ``"h"`` or ``"s"``."""
        return SUITS[self & 3]

    @property
    def symbol(self) -> str:
        """The card with its suit as a symbol, ``"A♠"``."""
        return RANKS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))


def full_deck() -> list[Card]:
    """The 52 cards in index order (deuces first, ace of spades last)."""
    return list(_CARDS)


_SEPARATORS = re.compile(r"[\s,;]+")


def _describe_where(position: int, where: str) -> str:
    return f" (card {position} {where})" if where else f" (card {position})"


def _read_one(rank_text: str, suit_text: str, token: str, position: int, where: str) -> Card:
    at = _describe_where(position, where)
    rank = _RANK_OF_TEXT.get(rank_text.upper(), -1)
    if rank < 0:
        raise CardParseError(f'"{token}": unknown rank {rank_text!r}{at}')
    if not suit_text:
        raise CardParseError(f'"{token}": missing suit{at}')
    suit = _SUIT_OF_CHAR.get(suit_text.lower(), -1)
    if suit < 0:
        raise CardParseError(f'"{token}": unknown suit {suit_text!r}{at}')
    return _CARDS[rank * 4 + suit]


def parse_card(text: str, where: str = "") -> Card:
    """Parse exactly one card: ``"As"``, ``"td"``, ``"10d"``, ``"A♠"``."""
    cards = parse_cards(text, where)
    if len(cards) != 1:
        raise CardParseError(f'"{text.strip()}": expected one card, got {len(cards)}')
    return cards[0]


def parse_cards(text: str | Iterable[str | int], where: str = "") -> tuple[Card, ...]:
    """Parse a list of cards written with or without spaces or commas (``"AsKd"``, ``"As,Kd"``).

    ``where`` places the cards for error messages (``"in player B's cards"``, ``"on the
    board"``). Cards already given as :class:`Card` or ints pass through. Duplicates are not
    checked here: see :func:`check_distinct`.
    """
    if not isinstance(text, str):
        if not isinstance(text, Iterable):
            raise CardParseError(f"{text!r:.40}: not cards" + (f" ({where})" if where else ""))
        out: list[Card] = []
        for position, item in enumerate(text, 1):
            if isinstance(item, str):
                out.extend(parse_cards(item, where))
            elif isinstance(item, int) and 0 <= item < 52:
                out.append(_CARDS[item])
            else:
                raise CardParseError(f"{item!r}: not a card{_describe_where(position, where)}")
        return tuple(out)
    cards: list[Card] = []
    for chunk in _SEPARATORS.split(text.strip()):
        index = 0
        while index < len(chunk):
            rank_text = chunk[index : index + 2] if chunk.startswith("10", index) else chunk[index]
            suit_text = chunk[index + len(rank_text) : index + len(rank_text) + 1]
            token = rank_text + suit_text
            cards.append(_read_one(rank_text, suit_text, token, len(cards) + 1, where))
            index += len(token)
    return tuple(cards)


def format_cards(cards: Iterable[int], *, symbols: bool = False) -> str:
    """Print cards separated by spaces, ``"As Kd"`` (or ``"A♠ K♦"`` with ``symbols``)."""
    return " ".join(_CARDS[c].symbol if symbols else str(_CARDS[c]) for c in cards)


def check_distinct(groups: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Raise :class:`DuplicateCardError` naming the card if any card appears twice.

    ``groups`` pairs a place ("in player A's cards", "on the board") with its cards.
    """
    seen: dict[int, str] = {}
    for place, cards in groups:
        for card in cards:
            if card in seen:
                first = seen[card]
                if first == place:
                    raise DuplicateCardError(f"card {_CARDS[card]} appears twice {place}")
                raise DuplicateCardError(f"card {_CARDS[card]} appears twice: {first} and {place}")
            seen[card] = place


class Deck:
    """A 52-card deck shuffled by an injected ``random.Random`` (never the global one).

    ``Deck(random.Random(7))`` is reproducible; ``Deck(stacked=cards)`` deals exactly those
    cards in order, for tests and for replaying a logged hand.
    """

    __slots__ = ("_cards",)

    def __init__(
        self, rng: random.Random | None = None, *, stacked: Sequence[int] | None = None
    ) -> None:
        if stacked is not None:
            cards = list(parse_cards(stacked))
            check_distinct([("in the stacked deck", cards)])
            self._cards = cards[::-1]
            return
        if rng is None:
            raise TypeError("Deck needs an injected random.Random or a stacked card list")
        cards = full_deck()
        rng.shuffle(cards)
        self._cards = cards

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return reversed(self._cards)

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        """Take ``count`` cards off the top."""
        if count > len(self._cards):
            raise IndexError(f"cannot deal {count} cards: {len(self._cards)} left in the deck")
        dealt = [self._cards.pop() for _ in range(count)]
        return tuple(dealt)
