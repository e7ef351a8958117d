"""``Award`` and ``GameSpec``: a variant is data, validated on construction, not a subclass."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from splitpot.cards import Card
from splitpot.errors import GameSpecError
from splitpot.evaluate.value import HandValue, Qualifier
from splitpot.games.streets import Bet, Deal, Declare, Draw, Forced, Street, Structure, Stud

__all__ = ["Award", "AwardEvaluator", "EvalKind", "GameSpec", "Keep", "RawEvaluator"]

AwardEvaluator = Callable[[Sequence[Card], Sequence[Card]], HandValue | None]
"""``(hole, board) -> HandValue``, or ``None`` when the cards make no hand of the kind."""

RawEvaluator = Callable[[Sequence[int], Sequence[int]], int | None]
"""``(hole, board) -> raw value`` (the ``HandValue.value``), for hot loops; ``None``: no hand."""


class EvalKind(StrEnum):
    """The evaluator family that values an award's hands; the compiled study engine dispatches
    on it (with :attr:`Award.aces_high`), so a new game needs no code, only data."""

    HIGH = "high"  # best five of the hole cards and the board (5-10 cards)
    OMAHA = "omaha"  # exactly two hole cards and exactly three board cards
    DRAW_HIGH = "draw-high"  # the five private cards, no board
    BADUGI = "badugi"  # the hole cards; aces low unless ``aces_high``
    DEUCE_SEVEN = "deuce-seven"  # 2-7 lowball, the five private cards
    A5 = "a5"  # A-5 lowball, the five private cards
    DOOGIE_HIGH = "doogie-high"  # high of hole + board; the perfect doogie tops every hand
    DOOGIE_LOW = "doogie-low"  # one card per suit from hole + board, aces low
    OMAHA_LOW = "omaha-low"  # exactly two hole + three board, A-5 low, eight or better

    @property
    def low(self) -> bool:
        """True for a low kind: the lowest hand wins (aces low unless ``Award.aces_high``)."""
        return self in _LOW_KINDS

    @property
    def two_plus_three(self) -> bool:
        """True when a hand is exactly two hole cards and three board cards (read hole + board)."""
        return self in (EvalKind.OMAHA, EvalKind.OMAHA_LOW)


_LOW_KINDS: frozenset[EvalKind] = frozenset(
    {EvalKind.BADUGI, EvalKind.DEUCE_SEVEN, EvalKind.A5, EvalKind.DOOGIE_LOW, EvalKind.OMAHA_LOW}
)


class Keep(StrEnum):
    """Which cards a drawing player keeps for an award (the ``heuristic`` draw policy of
    :mod:`splitpot.equity.policy`, and its compiled twin)."""

    DRAW_HIGH = "draw-high"  # pairs and better; a straight or better stands pat; else two high
    DEUCE_SEVEN = "deuce-seven"  # one card of each rank from the deuce to the eight
    A5 = "a5"  # one card of each rank from the ace to the eight
    BADUGI = "badugi"  # the best badugi's cards, dropping a card above eight from a 3-card hand
    OMAHA = "omaha"  # the two hole cards of the best Omaha hand so far
    ALL = "all"  # no draw serves this award: keep everything

    @property
    def low(self) -> bool:
        """True for a low award: when too many cards go, its highest cards go first."""
        return self in (Keep.DEUCE_SEVEN, Keep.A5, Keep.BADUGI)


@dataclass(frozen=True, slots=True, kw_only=True)
class Award:
    """One share of every pot: its name, how a hand is valued for it, and its qualifier."""

    name: str
    label: str
    evaluate: AwardEvaluator
    raw: RawEvaluator
    kind: EvalKind
    keep: Keep = Keep.ALL
    aces_high: bool = False  # Badugi with aces high (Badeucy)
    qualifier: Qualifier | None = None
    # The best hand this award can ever see; a Doogie two-way declarer who ties with it keeps
    # the pot (the seed's house rule).
    best_possible: int | None = None

    def hand(self, hole: Sequence[Card], board: Sequence[Card]) -> HandValue | None:
        """The player's hand for this award, or ``None`` if the cards make none."""
        return self.evaluate(hole, board)

    def qualifies(self, hand: HandValue | None) -> bool:
        """True when ``hand`` may win this award."""
        return self.qualifies_value(None if hand is None else hand.value)

    def qualifies_value(self, value: int | None) -> bool:
        """True when a hand of raw ``value`` (``None``: no hand) may win this award."""
        if value is None:
            return False
        return self.qualifier is None or value >= self.qualifier.minimum


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """A game: its cards, its awards, its streets, forced bets and betting structures."""

    id: str
    name: str
    hole_cards: int
    board_cards: int
    awards: tuple[Award, ...]
    high_award: str
    streets: tuple[Street, ...]
    structure: Structure
    structures: tuple[Structure, ...] = tuple(Structure)
    forced: Forced = Forced.BLINDS
    aliases: tuple[str, ...] = ()
    declare: bool = False
    min_players: int = 2
    max_players: int = 6
    reference: bool = False
    summary: str = ""
    phh_code: str = ""  # the PHH ``variant`` code (PHH's own where it has one)
    # docs/rules.md "Doogie": a two-way declarer who ties with the best possible hand keeps the pot
    # (the seed's house rule); a table may choose otherwise (``Options.two_way_tie_keeps``).
    two_way_tie_keeps: bool = True
    # A stud game (docs/rules.md "The mixed-game menu"): its bring-in and first-to-act orders.
    stud: Stud | None = None

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
        self._check_streets()

    def _check_streets(self) -> None:
        hole = sum(s.hole for s in self.streets if isinstance(s, Deal))
        board = sum(s.board for s in self.streets if isinstance(s, Deal))
        if (hole, board) != (self.hole_cards, self.board_cards):
            raise GameSpecError(
                f"{self.id}: streets deal {hole} hole and {board} board cards, "
                f"not {self.hole_cards} and {self.board_cards}"
            )
        if not self.streets or not isinstance(self.streets[0], Deal) or not self.streets[0].hole:
            raise GameSpecError(f"{self.id}: a deal starts by dealing hole cards")
        if not isinstance(self.streets[-1], Bet):
            raise GameSpecError(f"{self.id}: a deal ends with a betting round")
        if any(isinstance(s, Declare) for s in self.streets) != self.declare:
            raise GameSpecError(f"{self.id}: a Declare street goes with declare=True")
        for street in self.streets:
            if isinstance(street, Draw) and not 1 <= street.max_discard <= self.hole_cards:
                raise GameSpecError(f"{self.id}: a draw of up to {street.max_discard} cards")
        if self.stud is not None and self.forced is not Forced.ANTE:
            raise GameSpecError(f"{self.id}: a stud game is an ante game")
        if self.structure not in self.structures:
            raise GameSpecError(f"{self.id}: default structure {self.structure} is not allowed")

    @property
    def betting_rounds(self) -> int:
        """How many betting rounds a deal has."""
        return sum(1 for s in self.streets if isinstance(s, Bet))

    @property
    def draws(self) -> tuple[Draw, ...]:
        """The draws, in order."""
        return tuple(s for s in self.streets if isinstance(s, Draw))

    @property
    def board_sizes(self) -> tuple[int, ...]:
        """How many board cards can be out at some point of a deal: none, then the total after
        each board deal (Drawmaha 0, 3, 4, 5; Doogie 0 to 4; Badugi 0 alone)."""
        sizes = [0]
        for street in self.streets:
            if isinstance(street, Deal) and street.board:
                sizes.append(sizes[-1] + street.board)
        return tuple(sizes)

    def check_board(self, count: int) -> None:
        """Refuse a board of ``count`` cards, a size the game's board never has."""
        if count in self.board_sizes:
            return
        if self.board_cards == 0:
            raise GameSpecError(f"{self.name} has no board: give no board cards, not {count}")
        sizes = [str(n) for n in self.board_sizes]
        listed = ", ".join(sizes[:-1]) + f" or {sizes[-1]}"
        raise GameSpecError(f"a {self.name} board has {listed} cards, not {count}")

    def check_players(self, count: int) -> None:
        """Refuse ``count`` players where the game seats fewer or more: the one rule for how
        many players a game seats (a hand, a showdown, equity)."""
        if not self.min_players <= count <= self.max_players:
            raise GameSpecError(
                f"{self.name} seats {self.min_players} to {self.max_players} players, not {count}"
            )

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
