"""The parts of a deal, as data: deals, betting rounds, draws, the declaration; and structures.

A game's ``streets`` is the whole deal in order, e.g. Drawmaha::

    (Deal(hole=5), Bet(), Deal(board=3), Bet(), Draw(max_discard=5),
     Deal(board=1), Bet(big=True), Deal(board=1), Bet(big=True))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Bet", "Deal", "Declare", "Draw", "Forced", "Street", "Structure", "Stud"]


class Structure(StrEnum):
    """Betting structure."""

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"


class Forced(StrEnum):
    """Forced bets: a small and a big blind, or an ante from every player."""

    BLINDS = "blinds"
    ANTE = "ante"


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """Deal ``hole`` cards to each player, or turn ``board`` community cards; in stud, the
    last ``up`` of the hole cards dealt are face up (third street: ``Deal(hole=3, up=1)``)."""

    hole: int = 0
    board: int = 0
    up: int = 0

    def __post_init__(self) -> None:
        if (self.hole > 0) == (self.board > 0):
            raise ValueError("a Deal deals either hole cards or board cards")
        if not 0 <= self.up <= self.hole:
            raise ValueError("a Deal's up cards are some of its hole cards")


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet:
    """A betting round; ``big`` uses the big bet in fixed-limit."""

    big: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw:
    """One draw: each player in turn discards 0 to ``max_discard`` cards and gets replacements.

    ``sviten``: a one-card draw is dealt face up; the player keeps it or rejects it for the
    next card face down, which must be kept (Sviten Special).
    """

    max_discard: int
    sviten: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Declare:
    """Doogie's simultaneous declaration: high, low or both, secret until all have declared."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Stud:
    """A stud game's order of play (docs/rules.md "The mixed-game menu"): no blinds and no
    button-driven first to act. ``low``: razz's orders (the highest up card brings in, aces
    low; the lowest showing hand acts first), else stud's (the lowest up card brings in,
    aces high; the best showing high hand acts first)."""

    low: bool = False


Street = Deal | Bet | Draw | Declare
