"""Hand families over the compiled core: one :class:`KindFamily` per evaluator kind.

The core (``splitpot._core``, rust/src/) computes every value and the cards that make it; a
family gives them a :class:`~splitpot.evaluate.value.HandValue`, words
(:mod:`splitpot.evaluate.words`) and errors: bad card counts are a
:class:`~splitpot.errors.ShowdownError`, a card outside 0-51 a
:class:`~splitpot.errors.CardParseError`, each a one-line message naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot import _core
from splitpot.cards import Card
from splitpot.errors import CardParseError, ShowdownError, SplitpotError
from splitpot.evaluate.value import HandValue
from splitpot.evaluate.words import WORDS

__all__ = ["KindFamily"]

_CARDS = tuple(Card(i) for i in range(52))


def _error(error: ValueError) -> SplitpotError:
    text = str(error)
    if text.startswith("card index") or "range(0, 256)" in text:
        return CardParseError(text if text.startswith("card") else "a card index is outside 0-51")
    return ShowdownError(text)


class KindFamily:
    """The hands of one evaluator kind (an ``EvalKind`` value) of the core: values, the cards
    used and their words."""

    __slots__ = ("_words", "aces_high", "code", "name")

    def __init__(self, kind: str, *, aces_high: bool = False) -> None:
        self.code = _core.KINDS[kind]
        self.aces_high = aces_high
        self.name = f"{kind}-aces-high" if aces_high else str(kind)
        self._words = WORDS[_core.WORDS[self.code]]

    def value(self, hole: Sequence[int], board: Sequence[int] = ()) -> int | None:
        """The raw value of ``hole`` (and ``board``), ``None``: no hand of the kind."""
        try:
            return _core.value(self.code, self.aces_high, bytes(hole), bytes(board))
        except ValueError as error:
            raise _error(error) from None

    def hand(self, hole: Sequence[Card], board: Sequence[Card] = ()) -> HandValue | None:
        """The hand of ``hole`` (and ``board``), ``None``: no hand of the kind."""
        value = self.value(hole, board)
        return None if value is None else HandValue(value, self, hole, board)

    def describe(self, value: int) -> str:
        """The hand in words, from its value alone."""
        return self._words(value, self.aces_high)

    def used_cards(
        self, value: int, source: Sequence[Card], board: Sequence[Card]
    ) -> tuple[Card, ...]:
        """The cards of ``source`` (and ``board``) that make the hand, in the order it reads."""
        try:
            used = _core.used(self.code, self.aces_high, bytes(source), bytes(board))
        except ValueError as error:
            raise _error(error) from None
        return tuple(_CARDS[c] for c in used)
