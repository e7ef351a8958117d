"""Settle a showdown of any game: pots, awards, qualifiers, declarations and odd chips.

    >>> result = settle("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"},
    ...                 board="Ac Kh 7c 6d 2h", pot=120)
    >>> result.payouts
    {'A': 60, 'B': 60}

The rules (docs/rules.md "Splitting a pot" and "Doogie"):

- each pot is split on its own among the players eligible for it;
- each award gets its share of each pot, and a tie divides only the tied award;
- an award nobody qualifies for (or, in Doogie, nobody declared) goes to the other award;
  if no award can be given, the pot is split evenly among the players eligible for it;
- odd chips (TDA 20): between awards, to the game's high award; within a tied award, one at a
  time from the first seat clockwise from the button; or ``refuse`` any split that leaves one;
  or ``first-winner`` (PHH readers' and PokerKit's, for PHH written elsewhere): consecutive
  pots left with the same winners are one pot, its odd chips all to the first winner;
- a Doogie two-way declarer must win both halves outright, or tie only with the best possible
  hand, or is out of both halves of that pot.

Chips are ints and are conserved exactly; the result says where every odd chip went and why.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from splitpot.cards import Card, check_distinct, parse_cards
from splitpot.engine.awards import decide_awards
from splitpot.engine.pots import Pot, build_pots, return_uncalled
from splitpot.engine.stud_order import odd_chip_order
from splitpot.errors import OddChipError, ShowdownError
from splitpot.evaluate.value import HandValue
from splitpot.games import GameSpec, find_game
from splitpot.games.spec import Award

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Any, Literal

    OddChipRule = Literal["high-award", "refuse"]

__all__ = [
    "DECLARATIONS",
    "ODD_CHIP_RULES",
    "AwardResult",
    "OddChip",
    "PotResult",
    "ShowdownResult",
    "settle",
]

ODD_CHIP_RULES: tuple[str, ...] = ("high-award", "refuse", "first-winner")
DECLARATIONS: tuple[str, ...] = ("high", "low", "both")  # engine.actions.WAYS


@dataclass(frozen=True, slots=True)
class OddChip:
    """An indivisible chip and where it went: to an award (by name) or to a player."""

    chips: int
    to: str
    reason: str


@dataclass(frozen=True, slots=True)
class AwardResult:
    """One award of one pot: its chips, its winners, and what each winner received."""

    name: str
    amount: int
    winners: tuple[str, ...]
    shares: Mapping[str, int]
    contenders: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot settled: its awards, odd chips, and each player's chips from it."""

    amount: int
    eligible: tuple[str, ...]
    awards: tuple[AwardResult, ...]
    odd_chips: tuple[OddChip, ...]
    shares: Mapping[str, int]
    disqualified: Mapping[str, str] = field(default_factory=dict)
    note: str = ""


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """Everything about a settled showdown; ``to_json()`` is the CLI's and the batch's shape."""

    game: GameSpec
    seats: tuple[str, ...]
    button: str
    board: tuple[Card, ...]
    players: Mapping[str, tuple[Card, ...]]
    hands: Mapping[str, Mapping[str, HandValue | None]]
    declarations: Mapping[str, str]
    pots: tuple[PotResult, ...]
    payouts: dict[str, int]
    returned: Mapping[str, int]
    contributions: Mapping[str, int] | None
    odd_chip_rule: str

    @property
    def total(self) -> int:
        """All chips settled: pots plus returned uncalled bets."""
        return sum(pot.amount for pot in self.pots) + sum(self.returned.values())

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: payouts, pots with awards and odd chips, and every hand."""
        hands: dict[str, dict[str, Any]] = {}
        for name, by_award in self.hands.items():
            hands[name] = {}
            for award, hand in by_award.items():
                if hand is None:
                    hands[name][award] = {"cards": [], "description": "no hand", "value": None}
                else:
                    hands[name][award] = {
                        "cards": [str(c) for c in hand.cards],
                        "description": hand.describe(),
                        "value": hand.value,
                    }
        out: dict[str, Any] = {
            "game": self.game.id,
            "payouts": dict(self.payouts),
            "pots": [_pot_json(pot, self.hands) for pot in self.pots],
            "hands": hands,
            "board": [str(c) for c in self.board],
            "players": {name: [str(c) for c in cards] for name, cards in self.players.items()},
            "seats": list(self.seats),
            "button": self.button,
            "odd_chip": self.odd_chip_rule,
        }
        if self.declarations:
            out["declarations"] = dict(self.declarations)
        if self.contributions is not None:
            out["contributions"] = dict(self.contributions)
            out["returned"] = dict(self.returned)
            out["net"] = {
                name: self.payouts.get(name, 0) - paid for name, paid in self.contributions.items()
            }
        return out


def _pot_json(
    pot: PotResult, hands: Mapping[str, Mapping[str, HandValue | None]]
) -> dict[str, Any]:
    awards = []
    for award in pot.awards:
        entry: dict[str, Any] = {
            "name": award.name,
            "amount": award.amount,
            "winners": list(award.winners),
            "shares": dict(award.shares),
            "contenders": list(award.contenders),
        }
        if award.winners:
            hand = hands[award.winners[0]][award.name]
            entry["hand"] = hand.describe() if hand is not None else None
        if award.note:
            entry["note"] = award.note
        awards.append(entry)
    out: dict[str, Any] = {
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "awards": awards,
        "odd_chips": [{"chips": c.chips, "to": c.to, "reason": c.reason} for c in pot.odd_chips],
        "shares": dict(pot.shares),
    }
    if pot.disqualified:
        out["disqualified"] = dict(pot.disqualified)
    if pot.note:
        out["note"] = pot.note
    return out


def _int_amount(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ShowdownError(f"{what} must be a whole number of chips, got {value!r}")
    if value < 0:
        raise ShowdownError(f"{what} cannot be negative, got {value}")
    return value


def _order_from_button(seats: Sequence[str], button: str) -> list[str]:
    index = seats.index(button)
    return [*seats[index + 1 :], *seats[: index + 1]]


class _Settler:
    """One showdown's settling, pot by pot (kept private: ``settle`` is the API)."""

    def __init__(
        self,
        game: GameSpec,
        hands: Mapping[str, Mapping[str, HandValue | None]],
        declarations: Mapping[str, str],
        clockwise: Sequence[str],
        *,
        refuse: bool,
        two_way_tie_keeps: bool,
    ) -> None:
        self.game = game
        self.hands = hands
        self.declarations = declarations
        self.clockwise = clockwise
        self.refuse = refuse
        self.first_winner = False  # the first-winner odd-chip rule (set by settle)
        self.two_way_tie_keeps = two_way_tie_keeps
        self.values = {
            player: {award: None if hand is None else hand.value for award, hand in by.items()}
            for player, by in hands.items()
        }

    def _in_order(self, names: Iterable[str]) -> tuple[str, ...]:
        wanted = set(names)
        return tuple(name for name in self.clockwise if name in wanted)

    def _divide(
        self,
        amount: int,
        winners: Sequence[str],
        what: str,
        odd: list[OddChip],
        award: Award | None = None,
    ) -> dict[str, int]:
        base, left = divmod(amount, len(winners))
        if left and self.refuse:
            raise OddChipError(
                f"{what} of {amount} does not divide evenly among {len(winners)} players "
                f"({', '.join(winners)}) and the odd-chip rule is refuse"
            )
        shares = dict.fromkeys(winners, base)
        if left and self.first_winner:
            # PHH readers' (PokerKit's) rule: every odd chip to the first winner left of the
            # button; a record written so replays as it was settled.
            first = self._in_order(winners)[0]
            shares[first] += left
            odd.append(OddChip(left, first, f"{what}: odd chips to the first winner"))
        elif left and award is not None and self.game.stud is not None:
            # docs/rules.md: stud has no button; the highest card by suit of the tied hands.
            cards = {name: self.hands[name][award.name].cards for name in winners}  # type: ignore[union-attr]
            low = award.kind.low and not award.aces_high
            for name in odd_chip_order(winners, cards, aces_low=low)[:left]:
                shares[name] += 1
                odd.append(OddChip(1, name, f"{what}: odd chip to the highest card by suit"))
        elif left:
            # TDA 20: odd chips one at a time from the first seat clockwise from the button.
            for name in self._in_order(winners)[:left]:
                shares[name] += 1
                odd.append(
                    OddChip(1, name, f"{what}: odd chip to the first tied seat left of the button")
                )
        return shares

    def as_readers_pot(self, pots: Sequence[Pot]) -> list[Pot]:
        """The pots as PHH readers (PokerKit) settle them under the first-winner rule: the
        hands that cannot win are out first, so consecutive pots left with the same winners
        are one pot (and one split, its odd chips to the first winner)."""
        merged: list[Pot] = []
        last: dict[str, tuple[str, ...]] | None = None
        for pot in pots:
            decision = decide_awards(
                self.game,
                self.values,
                pot.eligible,
                self.declarations,
                two_way_tie_keeps=self.two_way_tie_keeps,
            )
            winners = {name: tuple(w) for name, w in decision.winners.items()}
            if merged and any(winners.values()) and winners == last:
                merged[-1] = Pot(merged[-1].amount + pot.amount, merged[-1].eligible)
            else:
                merged.append(pot)
            last = winners
        return merged

    def settle_pot(self, pot: Pot) -> PotResult:
        eligible = pot.eligible
        decision = decide_awards(
            self.game,
            self.values,
            eligible,
            self.declarations,
            two_way_tie_keeps=self.two_way_tie_keeps,
        )
        winners, contenders = decision.winners, decision.contenders
        disqualified = decision.disqualified

        odd: list[OddChip] = []
        claimed = [award for award in self.game.awards if winners[award.name]]
        shares: dict[str, int] = {}
        results: list[AwardResult] = []
        note = ""
        if not claimed:
            splitters = decision.even_split(eligible)
            note = (
                "no award could be given: the pot is split evenly among its players"
                if len(splitters) == len(eligible)
                else "no award could be given: the pot is split evenly among the players who"
                " did not forfeit it"
            )
            shares = self._divide(pot.amount, splitters, f"the pot of {pot.amount}", odd)
            for award in self.game.awards:
                why = _why_empty(award, contenders[award.name], disqualified)
                results.append(AwardResult(award.name, 0, (), {}, contenders[award.name], why))
            return PotResult(
                pot.amount, eligible, tuple(results), tuple(odd), shares, disqualified, note
            )

        amounts = self._split_between_awards(pot.amount, claimed, odd)
        for award in self.game.awards:
            amount = amounts.get(award.name, 0)
            award_winners = winners[award.name]
            if not award_winners:
                taker = " and ".join(a.name for a in claimed)
                results.append(
                    AwardResult(
                        award.name, 0, (), {}, contenders[award.name],
                        f"{_why_empty(award, contenders[award.name], disqualified)}: "
                        f"its share goes to {taker}",
                    )
                )  # fmt: skip
                continue
            award_shares = self._divide(
                amount, award_winners, f"the {award.name} share", odd, award
            )
            for name, chips in award_shares.items():
                shares[name] = shares.get(name, 0) + chips
            results.append(
                AwardResult(award.name, amount, award_winners, award_shares, contenders[award.name])
            )
        return PotResult(
            pot.amount, eligible, tuple(results), tuple(odd), shares, disqualified, note
        )

    def _split_between_awards(
        self, amount: int, claimed: Sequence[Award], odd: list[OddChip]
    ) -> dict[str, int]:
        base, left = divmod(amount, len(claimed))
        if left and self.refuse:
            joined = " and ".join(a.name for a in claimed)
            raise OddChipError(
                f"the pot of {amount} does not divide evenly between {joined} "
                f"and the odd-chip rule is refuse"
            )
        amounts = {award.name: base for award in claimed}
        if left:
            names = [a.name for a in claimed]
            high = self.game.high_award if self.game.high_award in names else names[0]
            amounts[high] += left
            odd.append(
                OddChip(
                    left,
                    high,
                    "a pot split between awards gives its odd chip to the high award",
                )
            )
        return amounts


def _why_empty(award: Award, contenders: Sequence[str], disqualified: Mapping[str, str]) -> str:
    if not contenders:
        return f"nobody contests {award.name}"
    if all(name in disqualified for name in contenders):
        return f"every contender for {award.name} is out of the pot"
    if award.qualifier is not None:
        among = (
            " among the players who did not forfeit"
            if any(name in disqualified for name in contenders)
            else ""
        )
        return f"no qualifying hand ({award.qualifier.name}) for {award.name}{among}"
    return f"no hand for {award.name}"  # pragma: no cover - every hand has a value


def _read_players(
    game: GameSpec, players: Mapping[str, str | Sequence[int]], common: int = 0
) -> dict[str, tuple[Card, ...]]:
    if not players:
        raise ShowdownError("a showdown needs at least one player with cards")
    parsed: dict[str, tuple[Card, ...]] = {}
    for name, cards in players.items():
        if not isinstance(name, str) or not name.strip():
            raise ShowdownError(f"player name {name!r} must be a non-empty string")
        hole = parse_cards(cards, where=f"in player {name}'s cards")
        if len(hole) != game.hole_cards - common:
            raise ShowdownError(
                f"player {name} has {len(hole)} cards; {game.name} needs "
                f"{game.hole_cards - common}" + (" and the common card" if common else "")
            )
        parsed[name] = hole
    return parsed


def _read_declarations(
    game: GameSpec, declarations: Mapping[str, str] | None, live: Sequence[str]
) -> dict[str, str]:
    if not declarations:
        return {}
    if not game.declare:
        raise ShowdownError(f"{game.name} has no declaration; only Doogie is declared")
    out: dict[str, str] = {}
    for name, way in declarations.items():
        if name not in live:
            raise ShowdownError(f"declaration for {name!r}, who is not a player with cards")
        if not isinstance(way, str) or way.strip().lower() not in DECLARATIONS:
            raise ShowdownError(f"player {name} declared {way!r}: declare high, low or both")
        out[name] = way.strip().lower()
    missing = [name for name in live if name not in out]
    if missing:
        raise ShowdownError(
            f"declarations are missing for {', '.join(missing)}: declare every player or none "
            f"(with none, every hand competes for both halves)"
        )
    return out


def _read_cards(
    spec: GameSpec, players: Mapping[str, str | Sequence[int]], board: str | Sequence[int]
) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
    """Each live player's cards and the board, checked: counts, and no card twice."""
    board_cards = parse_cards(board, where="on the board")
    # Stud: a common card when the stub ran out on seventh street, each player's seventh card.
    common = len(board_cards) if spec.stud is not None and len(board_cards) == 1 else 0
    live_cards = _read_players(spec, players, common)
    if len(board_cards) != spec.board_cards + common:
        raise ShowdownError(
            f"the board has {len(board_cards)} cards; {spec.name} needs {spec.board_cards} "
            f"at showdown"
        )
    check_distinct(
        [*((f"in player {name}'s cards", cards) for name, cards in live_cards.items()),
         ("on the board", board_cards)]
    )  # fmt: skip
    return live_cards, board_cards


def _read_seats(
    live: list[str],
    contributions: Mapping[str, int] | None,
    seats: Sequence[str] | None,
    button: str | None,
) -> tuple[dict[str, int], list[str], str]:
    """Each player's chips put in (none with a single pot), the seat order and the button."""
    if contributions is not None:
        paid = {name: _int_amount(v, f"{name}'s contribution") for name, v in contributions.items()}
        missing = [name for name in live if name not in paid]
        if missing:
            raise ShowdownError(f"no contribution given for {', '.join(missing)}")
        folded = [name for name in paid if name not in live]
    else:
        paid = {}
        folded = []
    seat_order = list(seats) if seats is not None else [*live, *folded]
    if len(set(seat_order)) != len(seat_order) or set(seat_order) != {*live, *folded}:
        raise ShowdownError(
            f"seats {seat_order} must name each player exactly once: {', '.join([*live, *folded])}"
        )
    button_name = seat_order[-1] if button is None else button
    if button_name not in seat_order:
        raise ShowdownError(f"button {button_name!r} is not a player: {', '.join(seat_order)}")
    return paid, seat_order, button_name


def _payouts(
    players: Sequence[str],
    settled: Sequence[PotResult],
    returned: Mapping[str, int],
    total_in: int,
) -> dict[str, int]:
    """What each player receives: their shares of the pots and their uncalled chips back."""
    payouts = dict.fromkeys(players, 0)
    for result in settled:
        for name, chips in result.shares.items():
            payouts[name] += chips
    for name, chips in returned.items():
        payouts[name] += chips
    if sum(payouts.values()) != total_in:  # pragma: no cover - a bug, never a user error
        raise AssertionError(f"chips not conserved: {sum(payouts.values())} out of {total_in}")
    return payouts


def settle(
    game: GameSpec | str,
    players: Mapping[str, str | Sequence[int]],
    board: str | Sequence[int] = (),
    *,
    pot: int | None = None,
    contributions: Mapping[str, int] | None = None,
    button: str | None = None,
    seats: Sequence[str] | None = None,
    declarations: Mapping[str, str] | None = None,
    odd_chip: str = "high-award",
    two_way_tie_keeps: bool | None = None,
    dead: int = 0,
    half: int = 0,
) -> ShowdownResult:
    """Settle a showdown and return who gets what, award by award and pot by pot.

    ``players`` maps each live player, in seat order clockwise from the first seat left of
    the button, to their final cards. Give either ``pot`` (one pot, every player eligible) or
    ``contributions`` (each player's total chips put in; a name with a contribution and no
    cards folded). ``button`` names the button (by default the last seat); ``seats`` gives the
    full seat order when folded players sit between live ones. Doogie takes ``declarations``
    ("high", "low" or "both") for every player, or none for cards-speak; with
    ``two_way_tie_keeps`` (the seed's house rule) a two-way declarer who ties only with the best
    possible hand keeps the pot; ``None`` plays the game's rule (``GameSpec.two_way_tie_keeps``).
    ``dead`` chips (antes that differ by seat, not counted in ``contributions``) go to the main
    pot, which every live player may win, as PHH and PokerKit play them. ``half`` 1 or 2
    settles one run of a hand run twice (docs/rules.md "At the table"): half of every pot,
    the odd chip of an odd pot to run 1, which also takes back any uncalled chips (0, the
    default: the whole pot); a run's result has no ``contributions`` (no one put in "half").
    """
    spec = find_game(game) if isinstance(game, str) else game
    live_cards, board_cards = _read_cards(spec, players, board)
    if odd_chip not in ODD_CHIP_RULES:
        raise ShowdownError(f"odd-chip rule {odd_chip!r}: use {', '.join(ODD_CHIP_RULES)}")
    if (pot is None) == (contributions is None):
        raise ShowdownError("give either a pot or each player's contribution, not both or neither")

    live = list(live_cards)
    paid, seat_order, button_name = _read_seats(live, contributions, seats, button)
    spec.check_players(len(seat_order))  # folded seats count: they sat at the table
    clockwise = _order_from_button(seat_order, button_name)
    live_in_order = [name for name in clockwise if name in live_cards]
    declared = _read_declarations(spec, declarations, live)

    if contributions is not None:
        matched, returned = return_uncalled(paid)
        pots = build_pots(matched, live_in_order)
        dead = _int_amount(dead, "the dead money")
        if dead and pots and set(pots[0].eligible) == set(live_in_order):
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        elif dead:
            pots.insert(0, Pot(dead, tuple(live_in_order)))
    else:
        assert pot is not None
        amount = _int_amount(pot, "the pot")
        returned = {}
        pots = [Pot(amount, tuple(live_in_order))] if amount else []
    if type(half) is not int or half not in (0, 1, 2):
        raise ShowdownError(f"half {half!r:.20}: 1 or 2 (a run of two), or 0 (the whole pot)")
    if half:  # run it twice: this run's half of every pot, the odd chip to run 1
        pots = [Pot((p.amount + (half == 1)) // 2, p.eligible) for p in pots]
        returned = returned if half == 1 else {}

    if spec.stud is not None:  # the common card is each player's own seventh card
        live_cards = {name: cards + board_cards for name, cards in live_cards.items()}
        board_cards = ()
    hands = {
        name: {award.name: award.hand(cards, board_cards) for award in spec.awards}
        for name, cards in live_cards.items()
    }
    keeps = two_way_tie_keeps
    settler = _Settler(
        spec,
        hands,
        declared,
        clockwise,
        refuse=odd_chip == "refuse",
        two_way_tie_keeps=spec.two_way_tie_keeps if keeps is None else keeps,
    )
    settler.first_winner = odd_chip == "first-winner"
    if settler.first_winner:
        pots = settler.as_readers_pot(pots)
    settled = tuple(settler.settle_pot(p) for p in pots)

    payouts = _payouts(
        seat_order if contributions is not None else live,
        settled,
        returned,
        sum(p.amount for p in pots) + sum(returned.values())
        if half
        else sum(paid.values()) + dead
        if contributions is not None
        else (pot or 0),
    )
    return ShowdownResult(
        game=spec,
        seats=tuple(seat_order),
        button=button_name,
        board=board_cards,
        players=live_cards,
        hands=hands,
        declarations=declared,
        pots=settled,
        payouts=payouts,
        returned=returned,
        contributions=paid if contributions is not None and not half else None,
        odd_chip_rule=odd_chip,
    )
