"""The one presentation layer (``splitpot.describe``): event lines, street names, pot labels and
the settlement view; and the showdown a log tells (``engine.logged``)."""

from __future__ import annotations

import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from splitpot.cards import parse_cards
from splitpot.describe import (
    Settlement,
    event_line,
    hand_title,
    history_text,
    log_lines,
    pot_label,
    pots_text,
    showdown_text,
    street_name,
)
from splitpot.engine.events import (
    Action,
    BetTo,
    BoardDealt,
    Called,
    Declared,
    Discarded,
    Event,
    HandStarted,
    HoleDealt,
    Posted,
    RaisedTo,
    Revealed,
    SvitenFaceDown,
    SvitenFaceUp,
    WonUncontested,
    view,
)
from splitpot.engine.hand import Hand, stacked_deck
from splitpot.engine.history import read_log
from splitpot.engine.logged import contributions, showdown_of
from splitpot.engine.showdown import settle
from splitpot.games import GAMES

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = ("Ann", "Bo", "Zoë")


@cache
def logged() -> list[tuple[int, list[Event]]]:
    return read_log((FIXTURES / "hands.jsonl").read_text(encoding="utf-8").splitlines())


# --- event lines ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (Posted(seat=0, blind="small blind", amount=1), "Ann posts small blind 1"),
        (HoleDealt(seat=1, count=2, cards=parse_cards("As Kd")), "Dealt to Bo: As Kd"),
        (HoleDealt(seat=1, count=2), None),  # another seat's cards say nothing
        (Called(seat=2, amount=7, all_in=True), "Zoë calls 7 and is all-in"),
        (BetTo(seat=0, to=4, all_in=False), "Ann bets 4"),
        (RaisedTo(seat=1, to=12, all_in=False), "Bo raises to 12"),
        (Discarded(seat=0, count=0, discarded=(), received=()), "Ann stands pat"),
        (Discarded(seat=0, count=2), "Ann discards 2"),
        (
            Discarded(
                seat=0, count=2, discarded=parse_cards("Kh 7c"), received=parse_cards("2s 9d")
            ),
            "Ann discards Kh 7c and draws 2s 9d",
        ),
        (Discarded(seat=0, count=1, discarded=parse_cards("Kh")), "Ann discards Kh"),
        (SvitenFaceUp(seat=1, card=parse_cards("Qs")[0]), "Bo is dealt Qs face up"),
        (SvitenFaceDown(seat=1, count=1), "Bo takes the next card face down"),
        (Declared(seat=2), "Zoë declares (secret)"),
        (Declared(seat=2, way="both"), "Zoë declares both (secret)"),
        (Revealed(declarations={"Ann": "high", "Zoë": "both"}), "Declarations: Ann high, Zoë both"),
        (WonUncontested(seat=1, amount=9), "Bo wins 9 (uncontested: everyone else folded)"),
    ],
)
def test_event_lines(event: Event, line: str | None) -> None:
    assert event_line(event, NAMES) == line


def test_street_names_and_pot_labels() -> None:
    drawmaha, doogie, badugi = GAMES["drawmaha"], GAMES["doogie"], GAMES["badugi"]
    assert [street_name(drawmaha, n, c) for n, c in ((3, 3), (4, 1), (5, 1))] == [
        "FLOP", "TURN", "RIVER",
    ]  # fmt: skip
    assert street_name(doogie, 2, 1) == "BOARD CARD 2"
    assert street_name(badugi, 2, 2) == "BOARD"
    assert [pot_label(i, 1) for i in range(1)] == ["Pot"]
    assert [pot_label(i, 3) for i in range(3)] == ["Main pot", "Side pot 1", "Side pot 2"]
    hand = Hand("drawmaha", stacks=[10, 100, 100], rng=random.Random(3), structure="no-limit")
    assert pots_text(hand) == "Pot: 3"
    hand.apply(Action.raise_to(10))
    hand.apply(Action.call())
    hand.apply(Action.raise_to(40))
    assert (
        pots_text(hand) == "Pot: 60 (main pot 30: seat1, seat2, seat3; side pot 1 30: seat2, seat3)"
    )


def test_board_cards_are_named_by_street_in_a_log() -> None:
    start = HandStarted.from_json(logged()[2][1][0].to_json())
    assert isinstance(start, HandStarted)
    flop = BoardDealt(cards=parse_cards("As 8d 8c"))
    turn = BoardDealt(cards=parse_cards("2d"))
    lines = log_lines(start, [flop, turn])
    assert lines == ["*** FLOP *** As 8d 8c", "*** TURN *** 2d"]
    assert log_lines(start, [turn], board=4) == ["*** RIVER *** 2d"]


# --- the showdown a log tells ---------------------------------------------------------------


def test_a_log_and_every_view_of_it_tell_the_engines_showdown() -> None:
    showdowns = 0
    for number, events in logged():
        hand = Hand.replay(events)
        assert contributions(events) == hand.contributed, number
        for seat in [None, *range(len(hand.names))]:
            assert showdown_of(view(events, seat)) == hand.result, (number, seat)
        showdowns += hand.result is not None
    assert showdowns >= 30


def test_text_history_of_a_view_says_the_settlement() -> None:
    number, events = next((n, e) for n, e in logged() if any(x.kind == "settle" for x in e))
    text = history_text(view(events, None), number)
    start = events[0]
    assert isinstance(start, HandStarted)
    assert text.startswith(hand_title(start, number) + "\nSeat 1: ")
    hand = Hand.replay(events)
    assert hand.result is not None
    body = "\n".join(Settlement(hand.result).lines(blank=False))
    assert f"*** SHOWDOWN ***\n{body}\nStacks: " in text
    assert "Dealt to" not in text  # an onlooker sees nobody's hole cards


# --- the settlement view --------------------------------------------------------------------

README_DOOGIE = """\
Doogie: 150 chips (button D)
Board: Kh Ks 2c 9d
  A: Kc Kd 3h 4s 6d Qc  (declares both)
  B: Ad 3s 5h Jc Ts Th  (declares low)
  C: Qh Qs Qd 9s 9h Jd  (declares high)

Main pot: 110 chips, contested by A, B, C
  A is out of this pot: declared both ways and lost low
  High (full house or better; the perfect doogie tops all): 55 chips
    C wins 55 with Queens full of kings, using Qs Qh Qd Ks Kh
    A: Four kings, using Ks Kh Kd Kc Qc
  Doogie low (7-doogie or better): 55 chips
    B wins 55 with 5 doogie, using 5h 3s 2c Ad
    A: 6 doogie, using 6d 4s 3h 2c
"""


def test_showdown_text_is_the_answer_key_text() -> None:
    result = settle(
        "doogie",
        {"A": "Kc Kd 3h 4s 6d Qc", "B": "Ad 3s 5h Jc Ts Th", "C": "Qh Qs Qd 9s 9h Jd"},
        "Kh Ks 2c 9d",
        declarations={"A": "both", "B": "low", "C": "high"},
        contributions={"A": 50, "B": 50, "C": 30, "D": 20},
    )
    text = showdown_text(result)
    assert text.startswith(README_DOOGIE)
    assert text.endswith("Totals:\n  A receives 0 (put in 50, net -50)\n"
                         "  B receives 95 (put in 50, net +45)\n"
                         "  C receives 55 (put in 30, net +25)\n"
                         "  D receives 0 (put in 20, net -20)")  # fmt: skip


def test_tie_and_odd_chip_rows() -> None:
    result = settle(
        "drawmaha",
        {"A": "As Kh Qc Jd 9s", "B": "Ah Kd Qh Js 8c"},
        "Ac Ks Qd 7h 2c",
        pot=121,
    )
    view_ = Settlement(result)
    (pot,) = view_.pots
    omaha, draw = pot.awards
    assert omaha.lines == (
        "A and B tie with Two pair, aces and kings: 30 each",
        "  A gets 30: Two pair, aces and kings, using As Kh + Ac Ks Qd",
        "  B gets 30: Two pair, aces and kings, using Ah Kd + Ac Ks Qd",
    )
    assert draw.lines[0] == "A wins 61 with A-K-Q-J-9 high, using As Kh Qc Jd 9s"
    assert draw.hands[1].line == "B: A-K-Q-J-8 high, using Ah Kd Qh Js 8c"  # losers shown
    assert pot.odd_chips == (
        "Odd chip: 1 to draw (a pot split between awards gives its odd chip to the high award)",
    )
    rows = view_.rows_json({"A": 0, "B": 1})
    assert [r["title"] for r in rows] == [
        "Omaha high (2 hole + 3 board)",
        "Draw high (five private cards)",
    ]
    assert rows[0]["winners"] == [0, 1] and rows[0]["shares"] == [30, 30]
    assert rows[0]["cards"][0] == ["As", "Kh", "Ac", "Ks", "Qd"]


def test_scoop_says_no_odd_chip() -> None:
    # A wins both halves of 121 chips: the odd chip goes to the draw half by the rule, but both
    # halves are A's, so no line places a chip between players (the result still records it).
    result = settle("drawmaha", {"A": "As Ah Ad Kc Kd", "B": "9s 8h 7d 4s 3d"}, "Ac Kh 7c 6d 2h",
                    pot=121)  # fmt: skip
    (pot,) = Settlement(result).pots
    assert [award.winners for award in pot.awards] == [("A",), ("A",)]
    assert result.pots[0].odd_chips  # the engine still says where it went
    assert pot.odd_chips == ()
    assert "Odd chip" not in "\n".join(pot.lines())
    assert "Odd chip" not in showdown_text(result)


@pytest.mark.parametrize(
    ("declarations", "shares", "lines"),
    [
        (
            {"A": "low", "B": "low"},
            {"A": 5, "B": 5},
            ["no award could be given: the pot is split evenly among its players: A 5, B 5"],
        ),
        (
            {"A": "both", "B": "low"},
            {"B": 10},
            [
                "no award could be given: the pot is split evenly among the players who did not "
                "forfeit it: B 10"
            ],
        ),
    ],
)
def test_a_doogie_pot_nobody_qualifies_for_is_split_evenly(
    declarations: dict[str, str], shares: dict[str, int], lines: list[str]
) -> None:
    result = settle(
        "doogie",
        {"A": "4s 6h 4d Jh Qs 8s", "B": "Ad Jc Ah As Ac 8d"},
        "Qc Tc 9c 9s",
        pot=10,
        declarations=declarations,
    )
    (pot,) = Settlement(result).pots
    assert pot.split is not None
    assert pot.split.lines == tuple(lines) and dict(pot.split.shares) == shares
    rows = Settlement(result).rows_json({"A": 0, "B": 1})
    assert [r["kind"] for r in rows] == ["award", "award", "split"]
    assert [r["amount"] for r in rows] == [0, 0, 10]
    assert rows[-1]["label"] == "Split evenly" and rows[-1]["lines"] == lines
    assert rows[-1]["winners"] == [{"A": 0, "B": 1}[n] for n in shares]
    if declarations["A"] == "both":
        assert pot.forfeits == ("A is out of this pot: declared both ways without full house or "
                                "better for high",)  # fmt: skip


def test_engine_hand_settles_through_the_same_view() -> None:
    # A Doogie hand dealt to the cards above: both declare low, nobody has a 7 doogie.
    deck = stacked_deck(["4s 6h 4d Jh Qs 8s", "Ad Jc Ah As Ac 8d"], "Qc Tc 9c 9s", button=1)
    hand = Hand("doogie", stacks=[100, 100], button=1, deck=deck, names=["A", "B"])
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        action = (
            Action.declare("low")
            if legal.phase == "declare"
            else (Action.check() if legal.check else Action.call())
        )
        hand.apply(action)
    assert hand.result is not None
    (pot,) = Settlement(hand.result).pots
    assert pot.split is not None and pot.split.shares == {
        "A": pot.amount // 2,
        "B": pot.amount // 2,
    }
    lines = log_lines(hand.events[0], hand.events, result=hand.result)  # type: ignore[arg-type]
    assert lines[-1] == f"Stacks: A {hand.stacks[0]}, B {hand.stacks[1]}"
    assert any(line.startswith("  no award could be given") for line in lines)


def test_the_showdown_words_load_no_event_and_no_hand() -> None:
    # `splitpot showdown` needs the settlement's words only (a fast start, issue 12).
    code = (
        "import sys; from splitpot.describe import showdown_text; "
        "print(' '.join(m for m in ('splitpot.engine.events', 'splitpot.engine.hand', "
        "'splitpot.describe.lines') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []
