"""The rankings of each award, best first, each rank with a worked example hand.

The ranks are words, per evaluator family (:class:`~splitpot.games.spec.EvalKind`); the
example's words and whether it qualifies are worked out by the award's own evaluator, so an
example can never claim a hand the engine would not name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from splitpot.cards import parse_cards
from splitpot.evaluate.high import evaluate_high
from splitpot.evaluate.lowball import evaluate_a5
from splitpot.evaluate.value import HandValue
from splitpot.games.spec import Award, EvalKind

__all__ = ["Rank", "award_ranking"]


@dataclass(frozen=True, slots=True)
class Rank:
    """One rank: its name, an example (hole cards, then board cards) and a note."""

    name: str
    hole: str
    board: str = ""
    note: str = ""


_HIGH: Final = (
    Rank("Royal flush", "As Ks", "Qs Js Ts", "the ace-high straight flush: the best hand"),
    Rank("Straight flush", "9h 8h", "7h 6h 5h", "five in a row, one suit"),
    Rank("Four of a kind", "8c 8d", "8h 8s Kd"),
    Rank("Full house", "Jc Jd", "Jh 4s 4c", "three of one rank and two of another"),
    Rank("Flush", "Ad Jd", "9d 6d 3d", "five of one suit"),
    Rank("Straight", "Tc 9d", "8h 7s 6c", "A-2-3-4-5 is the lowest; K-A-2 does not wrap"),
    Rank("Three of a kind", "7c 7d", "7s Kh 2c"),
    Rank("Two pair", "Qc Qh", "5d 5s 9c"),
    Rank("One pair", "Ah Ad", "Kc 8s 4h"),
    Rank("High card", "Ks Jd", "8c 6h 3s", "compared card by card from the top"),
)

_BADUGI: Final = (
    Rank("Four-card badugi", "8c 5d 4h 2s", note="four suits, four ranks; A-2-3-4 is the best"),
    Rank("Three-card hand", "7s 7h 3c Ad", note="the second seven cannot play"),
    Rank("Two-card hand", "Qc Qd 3c 3d", note="only one club and one diamond can play"),
    Rank("One-card hand", "Kh Kd Kc Ks", note="four kings: the worst hand of all"),
)

_BADUGI_ACES_HIGH: Final = (
    Rank("Four-card badugi", "2c 3d 4h 5s", note="the best: aces are high here"),
    Rank("Three-card hand", "Kc Kd 4h 2s"),
    Rank("Two-card hand", "9d 6d 2d Ac", note="the ace is the worst card"),
    Rank("One-card hand", "As Ks Qs Js"),
)

_DEUCE_SEVEN: Final = (
    Rank("No pair", "7s 5d 4c 3h 2s", note="7-5-4-3-2 is the best; lower top card wins"),
    Rank("One pair", "2c 2d 5h 7s 9c"),
    Rank("Two pair", "3c 3d 4h 4s 6c"),
    Rank("Three of a kind", "2h 2d 2s 4c 6h"),
    Rank("Straight", "6c 5d 4h 3s 2c", note="counts against you"),
    Rank("Flush", "9h 7h 5h 3h 2h", note="counts against you"),
    Rank("Full house", "3s 3h 3d 2c 2d"),
    Rank("Four of a kind", "2s 2h 2d 2c 3s"),
    Rank("Straight flush", "6h 5h 4h 3h 2h", note="the worst hand"),
)

_A5: Final = (
    Rank("No pair", "5c 4d 3h 2s Ac", note="5-4-3-2-A is the best; straights and flushes ignored"),
    Rank("One pair", "Ac Ad 3h 4s 5c"),
    Rank("Two pair", "2c 2d 3h 3s 4c"),
    Rank("Three of a kind", "Ac Ad Ah 2s 3c"),
    Rank("Full house", "Ac Ad Ah 2s 2c"),
    Rank("Four of a kind", "Ac Ad Ah As 2c", note="the worst hand"),
)

_OMAHA_LOW: Final = (
    Rank("5-4-3-2-A", "Ac 2d", "3h 4s 5c", "the wheel, the best low: straights, flushes ignored"),
    Rank("6-4-3-2-A", "Ad 2c", "3s 4h 6d"),
    Rank("7-5-4-3-2", "7c 2d", "3h 4s 5c", "the highest card first: loses to 7-4-3-2-A"),
    Rank("8-7-6-5-4", "8c 7d", "6h 5s 4c", "the worst low that qualifies"),
    Rank("9-5-4-3-2", "9h 2s", "3c 4d 5h", "no low: a nine is above eight"),
    Rank("A pair", "Ac 2d", "2h 4s 5c", "no low: five different ranks are needed"),
)

_DOOGIE_HIGH: Final = (
    Rank("Perfect doogie", "Ac 2d 3h 4s", "Kc", "A-2-3-4 in four suits tops every high hand"),
    Rank("Straight flush", "9h 8h", "7h 6h 5h"),
    Rank("Four of a kind", "8c 8d", "8h 8s Kd"),
    Rank("Full house", "Jc Jd", "Jh 4s 4c", "the lowest hand that qualifies"),
    Rank("Flush", "Ad Jd", "9d 6d 3d", "does not qualify: nor does any lower hand"),
)

_DOOGIE_LOW: Final = (
    Rank("4 doogie", "Ac 2d 3h 4s", note="the perfect doogie: the best low"),
    Rank("5 doogie", "5c 3d 2h As"),
    Rank("6 doogie", "6d 4c 3s 2h"),
    Rank("7 doogie", "7h 5s 4d Ac", note="the worst doogie that qualifies"),
    Rank("8 doogie", "8s 3c 2d Ah", note="does not qualify"),
    Rank("No doogie", "Ac Ad 2c 3c", note="no four suits: cannot win low"),
)

_TITLES: Final[Mapping[EvalKind, str]] = {
    EvalKind.HIGH: "High: the best five of your cards and the board",
    EvalKind.OMAHA: "Omaha high: exactly two of your cards with exactly three board cards",
    EvalKind.DRAW_HIGH: "Draw high: your five private cards, no board card",
    EvalKind.BADUGI: "Badugi: your own cards, one of each suit and rank at most, lowest wins",
    EvalKind.DEUCE_SEVEN: "2-7 lowball: your five private cards, lowest wins, aces high",
    EvalKind.A5: "A-5 lowball: your five private cards, lowest wins, aces low",
    EvalKind.DOOGIE_HIGH: "High: the best five of your cards and the community cards",
    EvalKind.DOOGIE_LOW: "Doogie: one card of each suit, four ranks, lowest wins, aces low",
    EvalKind.OMAHA_LOW: "Omaha low: exactly two of your cards with exactly three board cards, "
    "eight or better, aces low",
}

_RANKS: Final[Mapping[EvalKind, tuple[Rank, ...]]] = {
    EvalKind.HIGH: _HIGH,
    EvalKind.OMAHA: _HIGH,
    EvalKind.DRAW_HIGH: _HIGH,
    EvalKind.BADUGI: _BADUGI,
    EvalKind.DEUCE_SEVEN: _DEUCE_SEVEN,
    EvalKind.A5: _A5,
    EvalKind.DOOGIE_HIGH: _DOOGIE_HIGH,
    EvalKind.DOOGIE_LOW: _DOOGIE_LOW,
    EvalKind.OMAHA_LOW: _OMAHA_LOW,
}


_PRIVATE: Final = frozenset(
    {EvalKind.DRAW_HIGH, EvalKind.BADUGI, EvalKind.DEUCE_SEVEN, EvalKind.A5}
)
"""Families that use the private cards alone: their examples are shown as one hand."""


def _ranks(award: Award) -> tuple[Rank, ...]:
    if award.kind is EvalKind.BADUGI and award.aces_high:
        return _BADUGI_ACES_HIGH
    return _RANKS.get(award.kind, ())


def _evaluate(award: Award, rank: Rank) -> HandValue | None:
    hole, board = parse_cards(rank.hole), parse_cards(rank.board)
    if award.kind is EvalKind.OMAHA:
        # The example is already the two hole cards and three board cards that play.
        return evaluate_high((*hole, *board))
    if award.kind is EvalKind.OMAHA_LOW:
        # The same: the five cards that play, valued A-5 (a hand above eight is shown, and
        # marked as not qualifying).
        return evaluate_a5((*hole, *board))
    if award.kind in _PRIVATE:
        return award.evaluate((*hole, *board), ())
    return award.evaluate(hole, board)


def award_ranking(award: Award) -> dict[str, Any]:
    """``{"award", "title", "ranks": [...]}``: each rank with an example, the engine's words
    for it and, where the award has a qualifier, whether it qualifies."""
    ranks = []
    for number, rank in enumerate(_ranks(award), 1):
        value = _evaluate(award, rank)
        hole, board = rank.hole.split(), rank.board.split()
        if award.kind in _PRIVATE:
            hole, board = hole + board, []
        entry: dict[str, Any] = {
            "rank": number,
            "name": rank.name,
            "hole": hole,
            "board": board,
            "description": "no hand" if value is None else value.describe(),
            "note": rank.note,
        }
        if award.qualifier is not None:
            entry["qualifies"] = award.qualifies(value)
        ranks.append(entry)
    return {
        "award": award.name,
        "title": _TITLES.get(award.kind, award.label),
        "ranks": ranks,
    }
