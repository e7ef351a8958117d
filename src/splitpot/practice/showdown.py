"""*Who wins?* practice: a final deal, the learner's answer, and the engine's settlement.

A deal is a random final deal of a game, reproducible from its seed, or a worked case from the
rules (with its pot changed, if asked). Its id says which, so no deal is stored: ``drawmaha.42``
is the Drawmaha deal of seed 42; ``case.drawmaha-three-quarters.200`` is that worked case with a
pot of 200. Answers are checked against :func:`splitpot.engine.showdown.settle`; the explanation
is worded from its result.

Random deals have two to four players; about a third are played for contributions (side pots,
sometimes a folded player, sometimes an uncalled bet returned), some pots leave an odd chip,
and in a declare game (Doogie) every player declares: both ways when both hands qualify,
sometimes both ways on one good hand (to show the two-way rule), else the side that qualifies.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from splitpot.cards import Card, full_deck, parse_cards
from splitpot.engine.showdown import ShowdownResult, settle
from splitpot.errors import SplitpotError
from splitpot.games import GAMES, GameSpec, find_game

__all__ = [
    "MAX_POT",
    "MAX_SEED",
    "AnswerError",
    "ShowdownDeal",
    "UnknownDealError",
    "case_deal",
    "check_showdown",
    "deal_from_id",
    "explain",
    "practice_cases",
    "random_deal",
]

MAX_SEED: Final = 2**53 - 1  # seeds stay exact in a browser's numbers
MAX_POT: Final = 1_000_000
NAMES: Final = "ABCDEFG"
_DECLARE_TRIES: Final = 25  # redeals until someone in a declare game qualifies for a half


class UnknownDealError(SplitpotError, LookupError):
    """A practice deal id that names no deal."""


class AnswerError(SplitpotError, ValueError):
    """A body that is not an answer to the deal."""


@dataclass(frozen=True, slots=True)
class ShowdownDeal:
    """A final deal to practise on, with the keys of a ``showdown --batch`` input line."""

    id: str
    game: GameSpec
    board: tuple[Card, ...]
    players: Mapping[str, tuple[Card, ...]]
    button: str
    pot: int | None = None
    contributions: Mapping[str, int] | None = None
    declarations: Mapping[str, str] | None = None
    seed: int | None = None
    case: str | None = None
    title: str = ""

    def settle(self) -> ShowdownResult:
        """The engine's settlement of this deal."""
        return settle(
            self.game,
            {name: list(cards) for name, cards in self.players.items()},
            list(self.board),
            pot=self.pot,
            contributions=self.contributions,
            button=self.button,
            declarations=self.declarations,
        )

    @property
    def seats(self) -> tuple[str, ...]:
        """Everyone who may be paid: the players, then those who folded."""
        folded = [n for n in self.contributions or {} if n not in self.players]
        return (*self.players, *folded)

    def to_json(self) -> dict[str, Any]:
        """The deal as a batch input line (``game``, ``board``, ``players``, ``pot`` or
        ``contributions``, ``button``, ``declarations``) plus ``id``, ``seed`` or ``case``,
        ``title``, the awards and the seats."""
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game.id,
            "board": " ".join(map(str, self.board)),
            "players": {n: " ".join(map(str, cards)) for n, cards in self.players.items()},
        }
        if self.contributions is not None:
            out["contributions"] = dict(self.contributions)
        else:
            out["pot"] = self.pot
        out["button"] = self.button
        if self.declarations:
            out["declarations"] = dict(self.declarations)
        out["seats"] = list(self.seats)
        out["awards"] = [{"name": a.name, "label": a.label} for a in self.game.awards]
        if self.seed is not None:
            out["seed"] = self.seed
        if self.case is not None:
            out["case"] = self.case
        out["title"] = self.title or f"{self.game.name}: who wins?"
        return out


def _declare(
    spec: GameSpec, hole: Sequence[Card], board: Sequence[Card], rng: random.Random
) -> str:
    high, low = (
        spec.award(spec.high_award),
        next(a for a in spec.awards if a.name != spec.high_award),
    )
    high_ok = high.qualifies(high.hand(hole, board))
    low_hand = low.hand(hole, board)
    low_ok = low.qualifies(low_hand)
    if high_ok and low_ok:
        return "both"
    if high_ok or low_ok:
        one = "high" if high_ok else "low"
        return "both" if rng.random() < 0.25 else one
    return "low" if low_hand is not None and rng.random() < 0.5 else "high"


def _money(names: Sequence[str], rng: random.Random) -> tuple[int | None, dict[str, int] | None]:
    """A pot, or contributions that build side pots (sometimes with a folded player)."""
    if rng.random() >= 0.35:
        pot = rng.randrange(20, 301, 10) + (1 if rng.random() < 0.15 else 0)
        return pot, None
    paid = {name: rng.choice((20, 40, 60, 80, 100, 120)) for name in names}
    if rng.random() < 0.4 and len(names) < len(NAMES):
        paid[NAMES[len(names)]] = rng.choice((10, 20, 30))
    return None, paid


def random_deal(spec: GameSpec, seed: int) -> ShowdownDeal:
    """The final deal of ``spec`` for ``seed``: the same seed always deals the same cards."""
    rng = random.Random(f"{spec.id}.{seed}")
    count = rng.randint(2, min(4, spec.max_players))
    names = NAMES[:count]
    ways: dict[str, str] = {}
    for _ in range(_DECLARE_TRIES):
        deck = full_deck()
        rng.shuffle(deck)
        players = {n: tuple(deck[i * spec.hole_cards : (i + 1) * spec.hole_cards])
                   for i, n in enumerate(names)}  # fmt: skip
        board = tuple(deck[count * spec.hole_cards : count * spec.hole_cards + spec.board_cards])
        if not spec.declare:
            break
        ways = {n: _declare(spec, cards, board, rng) for n, cards in players.items()}
        if any(
            award.qualifies(award.hand(cards, board))
            for cards in players.values()
            for award in spec.awards
        ):
            break
    pot, contributions = _money(names, rng)
    return ShowdownDeal(
        id=f"{spec.id}.{seed}",
        game=spec,
        board=board,
        players=players,
        button=rng.choice(names),
        pot=pot,
        contributions=contributions,
        declarations=ways or None,
        seed=seed,
    )


def case_deal(case: Mapping[str, Any], pot: int | None = None) -> ShowdownDeal:
    """A worked case (a lab preset: ``id``, ``title``, ``game``, ``board``, ``players``, ``pot``
    or ``contributions``, ``declarations``), with its pot replaced by ``pot`` if given."""
    spec = find_game(case["game"])
    if pot is not None and "pot" not in case:
        raise AnswerError(f"case {case['id']} is played for contributions: it takes no pot")
    if pot is not None and not 0 < pot <= MAX_POT:
        raise AnswerError(f"the pot must be from 1 to {MAX_POT} chips, got {pot}")
    chips = case.get("pot") if pot is None else pot
    players = {n: parse_cards(cards) for n, cards in case["players"].items()}
    suffix = "" if pot is None else f".{pot}"
    # Not the case's own title: a worked case's title often gives its answer away.
    title = f"{spec.name}: a worked case"
    if case.get("source"):
        title += f" ({case['source']})"
    return ShowdownDeal(
        id=f"case.{case['id']}{suffix}",
        game=spec,
        board=parse_cards(case.get("board", "")),
        players=players,
        button=list(players)[-1],
        pot=chips,
        contributions=case.get("contributions"),
        declarations=case.get("declarations"),
        case=case["id"],
        title=title,
    )


def practice_cases(cases: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The worked cases a learner can be asked: those that settle (not the refused ones)."""
    return [c for c in cases if "error" not in c.get("expected", {})]


def deal_from_id(deal_id: str, cases: Sequence[Mapping[str, Any]]) -> ShowdownDeal:
    """The deal an id names (see the module's doc); :class:`UnknownDealError` if none."""
    parts = deal_id.split(".")
    if parts[0] == "case" and len(parts) in (2, 3):
        found = next((c for c in practice_cases(cases) if c["id"] == parts[1]), None)
        if found is None:
            raise UnknownDealError(f"no worked case {parts[1]!r} (GET /api/practice/cases)")
        if len(parts) == 2:
            return case_deal(found)
        if not parts[2].isdigit() or int(parts[2]) > MAX_POT:
            raise UnknownDealError(f"deal {deal_id!r}: the pot must be a whole number")
        return case_deal(found, int(parts[2]))
    if len(parts) == 2 and parts[0] in GAMES and parts[1].isdigit():
        seed = int(parts[1])
        if seed <= MAX_SEED:
            return random_deal(GAMES[parts[0]], seed)
    raise UnknownDealError(f"no practice deal {deal_id!r}: a deal id is GAME.SEED or case.CASE.POT")


def _chips(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise AnswerError(f"{what} must be a whole number of chips, 0 or more, got {value!r}")
    return value


def _read_answer(
    deal: ShowdownDeal, answer: Mapping[str, Any]
) -> tuple[dict[str, int], dict[str, set[str]]]:
    unknown = sorted(set(answer) - {"winners", "payouts"})
    if unknown:
        raise AnswerError(f"unknown keys {unknown}: an answer has 'payouts' and 'winners'")
    payouts = answer.get("payouts")
    if not isinstance(payouts, dict):
        raise AnswerError('an answer needs "payouts": the chips each player receives')
    seats = set(deal.seats)
    for name in payouts:
        if name not in seats:
            raise AnswerError(f"payouts name {name!r}, who is not at this deal: {sorted(seats)}")
    given = {name: _chips(chips, f"{name}'s payout") for name, chips in payouts.items()}
    winners = answer.get("winners") or {}
    if not isinstance(winners, dict):
        raise AnswerError('"winners" must map each award to the names of its winners')
    picked: dict[str, set[str]] = {}
    for award, names in winners.items():
        if award not in deal.game.award_names:
            raise AnswerError(f"{deal.game.name} has no award {award!r}: {deal.game.award_names}")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise AnswerError(f"winners of {award} must be a list of names, got {names!r}")
        stray = [n for n in names if n not in deal.players]
        if stray:
            raise AnswerError(f"winners of {award} name {stray}, who hold no cards here")
        picked[award] = set(names)
    return given, picked


def _names(names: Sequence[str]) -> str:
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _pot_label(index: int, count: int) -> str:
    if count == 1:
        return "The pot"
    return "The main pot" if index == 0 else f"Side pot {index}"


def explain(result: ShowdownResult) -> list[str]:
    """The settlement in sentences: each pot, each award's winners with the hand and cards
    they used, the hands they beat, odd chips, and each player's total."""
    lines: list[str] = []
    if result.returned:
        for name, chips in result.returned.items():
            lines.append(f"{name}'s uncalled {chips} chips go back to {name} first.")
    for index, pot in enumerate(result.pots):
        label = _pot_label(index, len(result.pots))
        lines.append(f"{label}: {pot.amount} chips, contested by {_names(pot.eligible)}.")
        for name, why in pot.disqualified.items():
            lines.append(f"{name} is out of this pot: {why}.")
        for award in pot.awards:
            spec_award = result.game.award(award.name)
            title = spec_award.label
            if not award.winners:
                lines.append(f"{title}: {award.note or 'not won'}.")
                continue
            first = result.hands[award.winners[0]][award.name]
            hand = first.describe() if first is not None else "no hand"
            if len(award.winners) == 1:
                who = award.winners[0]
                cards = " ".join(map(str, first.cards)) if first is not None else ""
                line = f"{title}: {who} wins {award.amount} with {hand} ({cards})"
            else:
                shares = ", ".join(f"{n} {award.shares[n]}" for n in award.winners)
                line = (
                    f"{title}: {_names(award.winners)} tie with {hand} and share "
                    f"{award.amount}: {shares}"
                )
            beaten = []
            for name in award.contenders:
                if name in award.winners or name in pot.disqualified:
                    continue
                other = result.hands[name][award.name]
                beaten.append(f"{name}'s {other.describe() if other else 'no hand'}")
            if beaten:
                line += f"; it beats {', '.join(beaten)}"
            lines.append(line + ".")
        for chip in pot.odd_chips:
            lines.append(f"Odd chip: {chip.chips} to {chip.to} ({chip.reason}).")
        if pot.note:
            lines.append(pot.note[0].upper() + pot.note[1:] + ".")
    totals = ", ".join(f"{name} {chips}" for name, chips in result.payouts.items())
    lines.append(f"Each player receives: {totals}.")
    return lines


def check_showdown(deal: ShowdownDeal, answer: Mapping[str, Any]) -> dict[str, Any]:
    """``{"correct", "answer", "explanation", "checked"}``: correct when every player's chips
    are right, and the winners of each award named too (those of the main pot)."""
    given, picked = _read_answer(deal, answer)
    result = deal.settle()
    wrong: list[str] = []
    for name, chips in result.payouts.items():
        if given.get(name, 0) != chips:
            wrong.append(f"You gave {name} {given.get(name, 0)}; {name} receives {chips}.")
    main = result.pots[0].awards if result.pots else ()
    truth = {award.name: award.winners for award in main}
    winners_ok: dict[str, bool] = {}
    for award, names in picked.items():
        right = set(truth.get(award, ()))
        winners_ok[award] = names == right
        if not winners_ok[award]:
            wrong.append(
                f"You named {_names(sorted(names))} for {award}; the winners are "
                f"{_names(list(truth.get(award, ())))}."
            )
    correct = not wrong
    verdict = ["Right: every chip is where the engine puts it."] if correct else wrong
    return {
        "correct": correct,
        "answer": result.to_json(),
        "explanation": [*verdict, *explain(result)],
        "checked": {"payouts": not any(w.startswith("You gave") for w in wrong),
                    "winners": winners_ok},
    }  # fmt: skip
