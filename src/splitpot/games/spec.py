"""``Award`` and ``GameSpec``: a variant is data, validated on construction, not a subclass."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from splitpot.cards import Card
from splitpot.errors import GameSpecError
from splitpot.evaluate.value import HandValue, Qualifier

__all__ = ["Award", "AwardEvaluator", "GameSpec"]

AwardEvaluator = Callable[[Sequence[Card], Sequence[Card]], HandValue | None]
"""``(hole, board) -> HandValue``, or ``None`` when the cards make no hand of the kind."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Award:
    """One share of every pot: its name, how a hand is valued for it, and its qualifier."""

    name: str
    label: str
    evaluate: AwardEvaluator
    qualifier: Qualifier | None = None
    # The best hand this award can ever see; a Doogie two-way declarer who ties with it keeps
    # the pot (the seed's house rule).
    best_possible: int | None = None

    def hand(self, hole: Sequence[Card], board: Sequence[Card]) -> HandValue | None:
        """The player's hand for this award, or ``None`` if the cards make none."""
        return self.evaluate(hole, board)

    def qualifies(self, hand: HandValue | None) -> bool:
        """True when ``hand`` may win this award."""
        if hand is None:
            return False
        return self.qualifier is None or self.qualifier.accepts(hand)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """A game: its cards and its awards (streets and betting come with the hand engine)."""

    id: str
    name: str
    hole_cards: int
    board_cards: int
    awards: tuple[Award, ...]
    high_award: str
    aliases: tuple[str, ...] = ()
    declare: bool = False
    min_players: int = 2
    max_players: int = 6
    summary: str = ""

    def __post_init__(self) -> None:
        if not self.id or self.id != self.id.lower():
            raise GameSpecError(f"game id {self.id!r} must be non-empty lower case")
        if not 1 <= self.hole_cards <= 10 or not 0 <= self.board_cards <= 5:
            raise GameSpecError(f"{self.id}: impossible card counts")
        if not self.awards:
            raise GameSpecError(f"{self.id}: a game needs at least one award")
        names = [award.name for award in self.awards]
        if len(set(names)) != len(names):
            raise GameSpecError(f"{self.id}: award names repeat: {names}")
        if self.high_award not in names:
            raise GameSpecError(f"{self.id}: high award {self.high_award!r} is not one of {names}")
        if self.declare and len(self.awards) != 2:
            raise GameSpecError(f"{self.id}: a declare game needs exactly two awards")

    def award(self, name: str) -> Award:
        """The award called ``name``."""
        for award in self.awards:
            if award.name == name:
                return award
        raise GameSpecError(f"{self.id} has no award {name!r}")

    @property
    def award_names(self) -> tuple[str, ...]:
        """The awards' names in the order pots are described."""
        return tuple(award.name for award in self.awards)
