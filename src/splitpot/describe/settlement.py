"""The one view of a settled showdown, in words: for each pot, each award with its winners,
amounts, the hand of every player shown down (losers included) with the cards used, unclaimed
and split-evenly notes (Doogie's forfeits included), odd chips and why.

:func:`showdown_text` is the CLI's answer-key text; :meth:`Settlement.rows_json` the rows the
web table's result and the history replayer draw. This module is all a one-off
``splitpot showdown`` loads of the words (a fast start): no event, no hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from splitpot.cards import Card, format_cards

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from splitpot.engine.showdown import AwardResult, PotResult, ShowdownResult

__all__ = [
    "AwardView",
    "HandShown",
    "PotView",
    "Settlement",
    "pot_label",
    "row_json",
    "showdown_text",
    "uncontested_line",
    "uncontested_row",
]


def pot_label(index: int, count: int) -> str:
    """``Pot`` when there is one pot; else ``Main pot`` and ``Side pot 1``, ``Side pot 2``..."""
    if count == 1:
        return "Pot"
    return "Main pot" if index == 0 else f"Side pot {index}"


def uncontested_line(name: str, amount: int) -> str:
    """``Ann wins 6 (uncontested: everyone else folded)``."""
    return f"{name} wins {amount} (uncontested: everyone else folded)"


@dataclass(frozen=True, slots=True)
class HandShown:
    """One player's hand for one award, as shown down: its words and the exact cards used."""

    player: str
    words: str  # "Three aces", or "no hand"
    cards: tuple[Card, ...]
    hole_used: tuple[Card, ...]
    board_used: tuple[Card, ...]
    using: str  # "Three aces, using As Ah + Ac Kh 7c"
    line: str  # "A wins 60 with ...", "A gets 30: ...", or a loser's "B: ..."


@dataclass(frozen=True, slots=True)
class AwardView:
    """One row of a pot's settlement: an award, or (``name`` ``None``) the pot split evenly when
    no award could be given, or the pot won uncontested."""

    kind: str  # "award", "split" or "uncontested"
    pot: int
    pot_label: str
    pot_amount: int
    name: str | None
    label: str
    amount: int
    winners: tuple[str, ...]
    shares: Mapping[str, int]
    hands: tuple[HandShown, ...]  # the winners', then every other contender's
    title: str  # "Omaha high (2 hole + 3 board): 60 chips"
    lines: tuple[str, ...]  # what the award says, winners first: see Settlement.lines
    note: str


@dataclass(frozen=True, slots=True)
class PotView:
    """One pot settled: who contested it, who forfeited it, its awards, odd chips, notes."""

    index: int
    label: str
    amount: int
    eligible: tuple[str, ...]
    title: str  # "Main pot: 110 chips, contested by A, B, C"
    forfeits: tuple[str, ...]  # "A is out of this pot: declared both ways and lost low"
    awards: tuple[AwardView, ...]
    odd_chips: tuple[str, ...]  # "Odd chip: 1 to draw (a pot split between awards ...)"
    split: AwardView | None  # the even split, when no award could be given

    def lines(self) -> list[str]:
        """The pot as the answer-key text says it (indented under its title)."""
        out = [self.title, *(f"  {line}" for line in self.forfeits)]
        for award in self.awards:
            out.append(f"  {award.title}")
            out += [f"    {line}" for line in award.lines]
        out += [f"  {line}" for line in self.odd_chips]
        if self.split is not None:
            out += [f"  {line}" for line in self.split.lines]
        return out


def _odd_chip_lines(pot: PotResult) -> tuple[str, ...]:
    """Where each odd chip of ``pot`` went and why, when that tells something: a pot whose
    chips all go to one player (a scoop) has no odd chip to place between players."""
    if sum(1 for chips in pot.shares.values() if chips) < 2:
        return ()
    return tuple(f"Odd chip: {c.chips} to {c.to} ({c.reason})" for c in pot.odd_chips)


class Settlement:
    """The one view of a settled showdown (see the module docstring)."""

    def __init__(self, result: ShowdownResult, *, symbols: bool = False) -> None:
        self.result = result
        self.game = result.game
        self.symbols = symbols
        count = len(result.pots)
        self.pots = tuple(self._pot(index, pot, count) for index, pot in enumerate(result.pots))

    # ------------------------------------------------------------------ words

    def cards(self, cards: Sequence[int]) -> str:
        """Cards as text (with suit symbols when asked for)."""
        return format_cards(cards, symbols=self.symbols)

    def shown(self, name: str, award: str) -> tuple[str, tuple[Card, ...], str]:
        """``name``'s hand for ``award``: (words, cards used, ``words, using cards``); the
        cards of an Omaha hand are written hole + board."""
        hand = self.result.hands[name][award]
        if hand is None:
            return "no hand", (), "no hand"
        used = hand.cards
        if self.game.award(award).kind.two_plus_three:
            text = f"{self.cards(used[:2])} + {self.cards(used[2:])}"
        else:
            text = self.cards(used)
        return hand.describe(), used, f"{hand.describe()}, using {text}"

    def _hand(self, name: str, award: str, line: str) -> HandShown:
        words, used, using = self.shown(name, award)
        hole = set(self.result.players.get(name, ()))
        return HandShown(
            name, words, used,
            tuple(c for c in used if c in hole), tuple(c for c in used if c not in hole),
            using, line.format(using=using),
        )  # fmt: skip

    def _award(self, index: int, pot: PotResult, count: int, award: AwardResult) -> AwardView:
        spec = self.game.award(award.name)
        hands: list[HandShown] = []
        lines: list[str] = []
        if not award.winners:  # where its chips went: the other award, or the even split
            lines.append(f"{award.note}: the pot is split evenly" if pot.note else award.note)
        elif len(award.winners) == 1:
            (winner,) = award.winners
            line = f"{winner} wins {award.amount} with {{using}}"
            hands.append(self._hand(winner, award.name, line))
        else:
            each = " or ".join(str(c) for c in sorted(set(award.shares.values()), reverse=True))
            words = self.shown(award.winners[0], award.name)[0]
            lines.append(f"{' and '.join(award.winners)} tie with {words}: {each} each")
            for winner in award.winners:
                line = f"  {winner} gets {award.shares[winner]}: {{using}}"
                hands.append(self._hand(winner, award.name, line))
        for name in award.contenders:
            if name not in award.winners:
                hands.append(self._hand(name, award.name, f"{name}: {{using}}"))
        lines += [hand.line for hand in hands]
        return AwardView(
            "award", index, pot_label(index, count), pot.amount, award.name, spec.label,
            award.amount, award.winners, dict(award.shares), tuple(hands),
            f"{spec.label}: {award.amount} chips", tuple(lines), award.note,
        )  # fmt: skip

    def _pot(self, index: int, pot: PotResult, count: int) -> PotView:
        label = pot_label(index, count)
        split = None
        if pot.note:
            splitters = tuple(name for name in pot.eligible if name in pot.shares)
            line = f"{pot.note}: " + ", ".join(f"{n} {c}" for n, c in pot.shares.items())
            split = AwardView(
                "split", index, label, pot.amount, None, "Split evenly", pot.amount, splitters,
                dict(pot.shares), (), "Split evenly", (line,), pot.note,
            )  # fmt: skip
        return PotView(
            index,
            label,
            pot.amount,
            pot.eligible,
            f"{label}: {pot.amount} chips, contested by {', '.join(pot.eligible)}",
            tuple(f"{name} is out of this pot: {why}" for name, why in pot.disqualified.items()),
            tuple(self._award(index, pot, count, award) for award in pot.awards),
            _odd_chip_lines(pot),
            split,
        )

    def header(self) -> list[str]:
        """The game, the chips, the button, the board and every player's cards."""
        result = self.result
        lines = [f"{self.game.name}: {result.total} chips (button {result.button})"]
        if result.board:
            lines.append(f"Board: {self.cards(result.board)}")
        for name, hole in result.players.items():
            declared = result.declarations.get(name)
            lines.append(
                f"  {name}: {self.cards(hole)}" + (f"  (declares {declared})" if declared else "")
            )
        return lines

    def totals(self) -> list[str]:
        """What each player receives (and, with contributions, put in and nets)."""
        result = self.result
        if result.contributions is None:
            return ["Totals: " + ", ".join(f"{n} {c}" for n, c in result.payouts.items())]
        lines = ["Totals:"]
        for name, chips in result.payouts.items():
            paid = result.contributions.get(name, 0)
            lines.append(f"  {name} receives {chips} (put in {paid}, net {chips - paid:+d})")
        return lines

    def lines(self, *, blank: bool = True) -> list[str]:
        """Returned bets, every pot and the totals, as the answer-key text (``blank``: a blank
        line before each pot and before the totals)."""
        lines = [f"Uncalled {c} returned to {n}" for n, c in self.result.returned.items()]
        for pot in self.pots:
            lines += [""] * blank + pot.lines()
        return lines + [""] * blank + self.totals()

    def text(self) -> str:
        """The whole answer-key text: the header, then :meth:`lines`."""
        return "\n".join(self.header() + self.lines())

    # ------------------------------------------------------------------ rows for the pages

    def rows(self) -> list[AwardView]:
        """Every award of every pot in order, each pot's even split after its awards."""
        out: list[AwardView] = []
        for pot in self.pots:
            out += pot.awards
            if pot.split is not None:
                out.append(pot.split)
        return out

    def rows_json(self, seat_of: Mapping[str, int]) -> list[dict[str, Any]]:
        """:meth:`rows` as JSON for the table and the replayer (players as seats by
        ``seat_of``): the same rows and words on both pages."""
        return [row_json(row, seat_of, len(self.pots)) for row in self.rows()]


def uncontested_row(name: str, amount: int) -> AwardView:
    """The row of a pot won without a showdown."""
    line = uncontested_line(name, amount)
    return AwardView(
        "uncontested", 0, "Pot", amount, None, "Uncontested", amount, (name,), {name: amount},
        (), "Uncontested", (line,), "everyone else folded",
    )  # fmt: skip


def row_json(row: AwardView, seat_of: Mapping[str, int], pots: int = 1) -> dict[str, Any]:
    """One settlement row as the web pages read it. ``title`` names the pot when there are
    several; ``lines`` are the row's words; ``hand`` the first winner's hand with its cards."""
    first = row.hands[0] if row.hands and row.winners else None
    used = {hand.player: hand.cards for hand in row.hands}
    return {
        "kind": row.kind,
        "pot": row.pot,
        "pot_label": row.pot_label,
        "pot_amount": row.pot_amount,
        "award": row.name,
        "label": row.label,
        "title": f"{row.pot_label}: {row.label}" if pots > 1 else row.label,
        "amount": row.amount,
        "winners": [seat_of[name] for name in row.winners],
        "names": list(row.winners),
        "shares": [row.shares.get(name, 0) for name in row.winners],
        "hand": None if first is None else f"{first.words} ({format_cards(first.cards)})",
        "cards": [[str(c) for c in used.get(name, ())] for name in row.winners],
        "lines": list(row.lines),
        "note": row.note or None,
    }


def showdown_text(result: ShowdownResult, *, symbols: bool = False) -> str:
    """The answer-key text of a settled showdown (``splitpot showdown``)."""
    return Settlement(result, symbols=symbols).text()
