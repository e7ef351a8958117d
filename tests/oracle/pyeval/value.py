"""``HandValue``: what every evaluator returns, and ``Qualifier``: a minimum hand as data.

A hand value is an ``int`` where **bigger always wins**, low games included, plus the family that
made it and the cards it was made from. The cards actually used and the words for the hand are
worked out only when asked for, so that comparing hands stays as cheap as comparing ints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from splitpot.cards import Card, format_cards

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Protocol
else:
    Protocol = object  # the protocol is the type checker's; at run time a plain base class

__all__ = ["Family", "HandValue", "Qualifier"]


class Family(Protocol):
    """A hand family: knows how to name a value and which source cards made it."""

    name: str

    def describe(self, value: int) -> str:
        """The hand in words, from its value alone."""
        ...

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        """One set of cards from ``source`` (and ``board``) that makes ``value``."""
        ...


class HandValue:
    """A comparable hand value: bigger wins; ``cards`` and ``describe()`` say what it is."""

    __slots__ = ("_board", "_source", "_used", "family", "value")

    value: int
    family: Family

    def __init__(
        self,
        value: int,
        family: Family,
        source: Sequence[Card],
        board: Sequence[Card] = (),
    ) -> None:
        self.value = value
        self.family = family
        self._source = source if type(source) is tuple else tuple(source)
        self._board = board if type(board) is tuple else tuple(board)
        self._used: tuple[Card, ...] | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the hand uses (for Omaha the two hole cards, then the three board cards)."""
        if self._used is None:
            self._used = self.family.used_cards(self.value, self._source, self._board)
        return self._used

    def describe(self) -> str:
        """The hand in words: ``"Aces full of queens"``, ``"8-5-4-2 badugi"``."""
        return self.family.describe(self.value)

    def __str__(self) -> str:
        return f"{self.describe()} ({format_cards(self.cards)})"

    def __repr__(self) -> str:
        return f"HandValue({self.family.name}, {self.describe()!r}, {format_cards(self.cards)!r})"

    def __hash__(self) -> int:
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.value == other.value
        return NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        return self.value < other.value

    def __le__(self, other: HandValue) -> bool:
        return self.value <= other.value

    def __gt__(self, other: HandValue) -> bool:
        return self.value > other.value

    def __ge__(self, other: HandValue) -> bool:
        return self.value >= other.value


@dataclass(frozen=True, slots=True)
class Qualifier:
    """A minimum hand for an award, as data: ``Qualifier("full house or better", ...)``.

    ``minimum`` is the value of the worst hand that still qualifies, computed by the family's
    own evaluator from a reference hand, so a qualifier can never disagree with its evaluator.
    """

    name: str
    minimum: int

    def accepts(self, hand: HandValue | None) -> bool:
        """True when ``hand`` exists and is at least the minimum."""
        return hand is not None and hand.value >= self.minimum

    @classmethod
    def from_hand(
        cls,
        name: str,
        evaluator: Callable[[Sequence[Card]], HandValue | None],
        cards: Sequence[Card],
    ) -> Qualifier:
        """The qualifier whose worst qualifying hand is ``cards`` under ``evaluator``."""
        hand = evaluator(cards)
        if hand is None:
            raise ValueError(f"the reference hand for {name!r} does not evaluate")
        return cls(name, hand.value)
