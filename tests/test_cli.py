"""End-to-end tests of the ``splitpot`` command: in process through ``main`` and as a subprocess.

The expected answers come from the Drawmaha seed's answer key ("Different winners", "A scoops",
"A wins three quarters", "Royal-flush board trap" and the 200-chip self-check), docs/rules.md
("Splitting a pot", "Doogie") and the CLI contract: exit 0 on success; exit 1 with exactly one
``splitpot: error: ...`` line on stderr, no traceback and nothing on stdout on bad input; exit 2
on argparse usage errors; ``--batch`` writes one JSON line per non-blank input line, in order,
with ``{"error": ...}`` for a bad line, and goes on.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_run import cli_captured
from splitpot.cli import main
from splitpot.games import GAMES

GAME_IDS = (
    "bodigiha",
    "badugi",
    "drawmaha",
    "doogie",
    "drawmaha-27",
    "drawmadugi",
    "triple-draw-dramaha",
    "sviten-special",
    "badacey",
    "badeucy",
    "27-triple-draw",
    "a5-triple-draw",
    "27-single-draw",
)

# The Drawmaha seed's answer key, 120-chip pot, written as on the seed's page.
DIFFERENT_WINNERS = ("A♠ A♥ K♦ Q♣ 8♠", "9♠ 9♥ 9♦ 4♠ 3♦", "A♣ K♥ 7♣ 6♦ 2♥")
A_SCOOPS = ("A♠ A♥ A♦ K♠ K♦", "Q♠ Q♥ J♦ 10♣ 8♦", "A♣ K♥ 7♠ 4♣ 2♥")
THREE_QUARTERS = ("A♠ K♥ Q♣ J♦ 9♠", "A♥ K♦ Q♥ J♠ 8♣", "A♣ K♠ Q♦ 7♥ 2♣")
ROYAL_BOARD = ("2♣ 2♦ 3♥ 4♥ 6♣", "A♠ A♦ 7♥ 8♦ 9♣", "A♥ K♥ Q♥ J♥ 10♥")


run = cli_captured


def showdown_args(
    hands: tuple[str, str, str], *extra: str, game: str = "drawmaha", pot: int | None = 120
) -> list[str]:
    a, b, board = hands
    argv = ["showdown", game, "--board", board, "--player", f"A={a}", "--player", f"B={b}"]
    if pot is not None:
        argv += ["--pot", str(pot)]
    return [*argv, *extra]


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = run([*argv, "--json"], capsys)
    assert (code, err) == (0, ""), err
    lines = out.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data


def used(text: str, line_start: str) -> tuple[set[str], set[str]]:
    """The (hole, board) cards named on the text output line that starts with ``line_start``."""
    for line in text.splitlines():
        if line.strip().startswith(line_start):
            match = re.search(r"using (\S+ \S+) \+ (\S+ \S+ \S+)$", line)
            assert match, line
            return set(match.group(1).split()), set(match.group(2).split())
    raise AssertionError(f"no line starts with {line_start!r}:\n{text}")


def tie_line(text: str) -> str:
    """The one output line that announces a tie."""
    (line,) = [line for line in text.splitlines() if " tie" in line]
    return line


def assert_one_line_error(code: int, out: str, err: str, *fragments: str) -> None:
    assert code == 1, (out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("splitpot: error: "), err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


# --------------------------------------------------------------------------------------------
# The Drawmaha seed's answer key, as text
# --------------------------------------------------------------------------------------------


def test_seed_different_winners(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(showdown_args(DIFFERENT_WINNERS), capsys)
    assert (code, err) == (0, "")
    assert "A wins 60 with Three aces, using As Ah + Ac Kh 7c" in out
    assert "B wins 60 with Three nines, using 9s 9h 9d 4s 3d" in out
    assert "A: Pair of aces" in out
    assert "B: Pair of nines, using 9s 9h + Ac Kh 7c" in out
    assert "Totals: A 60, B 60" in out


def test_seed_a_scoops(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(showdown_args(A_SCOOPS), capsys)
    assert (code, err) == (0, "")
    assert "A wins 60 with Three aces, using As Ah + Ac Kh 7s" in out
    assert "A wins 60 with Aces full of kings" in out
    assert "B: Pair of queens" in out
    assert "Totals: A 120, B 0" in out


def test_seed_a_wins_three_quarters(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(showdown_args(THREE_QUARTERS), capsys)
    assert (code, err) == (0, "")
    tie = tie_line(out)
    assert "Two pair, aces and kings" in tie
    assert "30" in tie
    assert "As Kh + Ac Ks Qd" in out
    assert "Ah Kd + Ac Ks Qd" in out
    assert "A wins 60 with A-K-Q-J-9 high" in out
    assert "Totals: A 90, B 30" in out


def test_seed_royal_flush_board_does_not_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(showdown_args(ROYAL_BOARD), capsys)
    assert (code, err) == (0, "")
    assert used(out, "A wins 60 with Ace-high flush") == ({"3h", "4h"}, {"Ah", "Kh", "Qh"})
    assert used(out, "B: Queen-high straight") == ({"8d", "9c"}, {"Qh", "Jh", "Th"})
    assert "B wins 60 with Pair of aces" in out
    assert "Totals: A 60, B 60" in out
    assert "Royal flush" not in out


def test_seed_self_check_pot_of_200(capsys: pytest.CaptureFixture[str]) -> None:
    # "take the three-quarter preset and change the pot to 200 ... A 150 and B 50"
    code, out, err = run(showdown_args(THREE_QUARTERS, pot=200), capsys)
    assert (code, err) == (0, "")
    assert "50" in tie_line(out)
    assert "Totals: A 150, B 50" in out


def test_symbols_print_suits_as_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(showdown_args(DIFFERENT_WINNERS, "--symbols"), capsys)
    assert (code, err) == (0, "")
    assert "A♠ A♥ + A♣ K♥ 7♣" in out
    assert "Totals: A 60, B 60" in out


@pytest.mark.parametrize(
    ("hands", "payouts"),
    [
        (DIFFERENT_WINNERS, {"A": 60, "B": 60}),
        (A_SCOOPS, {"A": 120, "B": 0}),
        (THREE_QUARTERS, {"A": 90, "B": 30}),
        (ROYAL_BOARD, {"A": 60, "B": 60}),
    ],
)
def test_seed_payouts_in_json(
    hands: tuple[str, str, str], payouts: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_json(showdown_args(hands), capsys)["payouts"] == payouts


# --------------------------------------------------------------------------------------------
# --json shape
# --------------------------------------------------------------------------------------------


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(showdown_args(DIFFERENT_WINNERS), capsys)
    assert data["payouts"] == {"A": 60, "B": 60}
    (pot,) = data["pots"]
    assert pot["amount"] == 120
    assert pot["eligible"] == ["A", "B"]
    awards = {award["name"]: award for award in pot["awards"]}
    assert set(awards) == {"omaha", "draw"}
    assert awards["omaha"]["amount"] == 60
    assert awards["omaha"]["winners"] == ["A"]
    assert awards["draw"]["amount"] == 60
    assert awards["draw"]["winners"] == ["B"]
    hands = data["hands"]
    assert set(hands) == {"A", "B"}
    for by_award in hands.values():
        assert set(by_award) == {"omaha", "draw"}
        for hand in by_award.values():
            assert isinstance(hand["cards"], list)
            assert isinstance(hand["description"], str)
    assert hands["A"]["omaha"]["cards"] == ["As", "Ah", "Ac", "Kh", "7c"]
    assert hands["A"]["omaha"]["description"] == "Three aces"
    assert hands["B"]["draw"]["description"] == "Three nines"
    assert sorted(hands["B"]["draw"]["cards"]) == sorted(["9s", "9h", "9d", "4s", "3d"])
    assert hands["A"]["draw"]["description"] == "Pair of aces"


def test_json_tie_shares(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(showdown_args(THREE_QUARTERS), capsys)
    awards = {award["name"]: award for award in data["pots"][0]["awards"]}
    assert awards["omaha"]["winners"] == ["A", "B"]
    assert awards["omaha"]["shares"] == {"A": 30, "B": 30}
    assert awards["draw"]["shares"] == {"A": 60}
    assert data["payouts"] == {"A": 90, "B": 30}


def test_odd_chip_goes_to_the_high_award(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules.md: the odd chip of a pot split between awards goes to the high award, which in
    # Drawmaha is the draw half (BARGE).
    data = run_json(showdown_args(THREE_QUARTERS, pot=121), capsys)
    awards = {award["name"]: award for award in data["pots"][0]["awards"]}
    assert awards["draw"]["amount"] == 61
    assert awards["omaha"]["amount"] == 60
    assert data["payouts"] == {"A": 91, "B": 30}
    assert data["pots"][0]["odd_chips"][0]["to"] == "draw"


@pytest.mark.parametrize(
    ("button", "payouts"),
    [
        (None, {"A": 92, "B": 30}),  # button B (the last seat): A is first left of it
        ("B", {"A": 92, "B": 30}),
        ("A", {"A": 91, "B": 31}),
    ],
)
def test_odd_chip_of_a_tie_goes_first_left_of_the_button(
    button: str | None, payouts: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    # 122 chips: 61 omaha (tied: 31 + 30) and 61 draw (A).
    extra = ["--button", button] if button else []
    data = run_json(showdown_args(THREE_QUARTERS, *extra, pot=122), capsys)
    assert data["payouts"] == payouts


# --------------------------------------------------------------------------------------------
# games, aliases
# --------------------------------------------------------------------------------------------


def test_games_lists_all_ten(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["games"], capsys)
    assert (code, err) == (0, "")
    listed = [line.split()[0] for line in out.splitlines() if line and not line[0].isspace()]
    assert listed == list(GAMES)
    assert [game for game in listed if game in GAME_IDS] == list(GAME_IDS)
    assert "dramaha" in out


def test_games_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["games", "--json"], capsys)
    assert (code, err) == (0, "")
    listing = json.loads(out)
    assert [game["id"] for game in listing] == list(GAMES)
    assert set(GAME_IDS) <= set(GAMES)
    by_id = {game["id"]: game for game in listing}
    assert by_id["drawmaha"]["aliases"] == ["dramaha"]
    assert by_id["drawmaha"]["awards"] == ["omaha", "draw"]
    assert by_id["drawmaha"]["high_award"] == "draw"
    assert by_id["doogie"]["declare"] is True
    assert (by_id["doogie"]["hole_cards"], by_id["doogie"]["board_cards"]) == (6, 4)
    assert by_id["badugi"]["board_cards"] == 0


@pytest.mark.parametrize("name", ["dramaha", "Dramaha", "DRAWMAHA"])
def test_alias_and_case_work_for_showdown(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(showdown_args(DIFFERENT_WINNERS, game=name), capsys)
    assert data["game"] == "drawmaha"
    assert data["payouts"] == {"A": 60, "B": 60}


@pytest.mark.parametrize(
    ("game", "hands", "payouts"),
    [
        ("badugi", ("As 2d 3h 4c", "2s 3d 4h 5c", ""), {"A": 100, "B": 0}),
        ("badacey", ("As 2d 3h 4c 5s", "Ks Qd Jh Tc 9s", ""), {"A": 100, "B": 0}),
        ("badeucy", ("2s 3d 4h 5c 7s", "Ks Qd Jh Tc 9s", ""), {"A": 100, "B": 0}),
        ("bodigiha", ("As 2d 3h 4c Kd", "Qs Qd 9h 9c 8s", "Qh Qc 5d 6h 7c"), {"A": 50, "B": 50}),
        ("drawmadugi", ("As 2d 3h 4c Kd", "Qs Qd 9h 9c 8s", "Qh Qc 5d 6h 7c"), {"A": 50, "B": 50}),
        ("drawmaha-27", ("2s 3d 4h 5c 7s", "Qs Qd 9h 9c 8s", "Qh Qc Td 6h Kc"), {"A": 50, "B": 50}),
    ],
)
def test_every_kind_of_game_settles(
    game: str,
    hands: tuple[str, str, str],
    payouts: dict[str, int],
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(showdown_args(hands, game=game, pot=100), capsys)
    assert data["payouts"] == payouts


# --------------------------------------------------------------------------------------------
# Errors: exit 1, one line on stderr, no traceback, nothing on stdout
# --------------------------------------------------------------------------------------------

SEED_A, SEED_B, SEED_BOARD = "As Ah Kd Qc 8s", "9s 9h 9d 4s 3d", "Ac Kh 7c 6d 2h"


def seed_args(a: str = SEED_A, b: str = SEED_B, board: str = SEED_BOARD) -> list[str]:
    return ["showdown", "drawmaha", "--board", board, "--player", f"A={a}", "--player", f"B={b}"]


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (
            [*seed_args(b="9s 9h 9d 4s Kx"), "--pot", "120"],
            ['"Kx"', "unknown suit 'x'", "player B"],
        ),
        ([*seed_args(a="As Ah Kd Qc 1s"), "--pot", "120"], ['"1s"', "unknown rank", "player A"]),
        ([*seed_args(b="9s 9h 9d 4s As"), "--pot", "120"], ["As", "twice", "A", "B"]),
        ([*seed_args(b="9s 9h 9d 4s Ac"), "--pot", "120"], ["Ac", "twice", "board"]),
        ([*seed_args(a="As Ah Kd Qc"), "--pot", "120"], ["player A has 4 cards", "needs 5"]),
        ([*seed_args(board="Ac Kh 7c 6d"), "--pot", "120"], ["board has 4 cards", "needs 5"]),
        (
            ["showdown", "pinochle", "--player", "A=As Ah", "--player", "B=Ks Kh", "--pot", "1"],
            ["unknown game 'pinochle'", "drawmaha"],
        ),
        (seed_args(), ["--pot", "--contribution"]),
        ([*seed_args(), "--pot", "120", "--contribution", "A=60"], ["not both"]),
        ([*seed_args(), "--pot", "-5"], ["negative"]),
        ([*seed_args(), "--contribution", "A=x", "--contribution", "B=5"], ["A", "whole number"]),
        ([*seed_args(), "--contribution", "A=60"], ["no contribution given for B"]),
        ([*seed_args(), "--pot", "120", "--button", "Z"], ["button 'Z'", "not a player"]),
        ([*seed_args(), "--pot", "120", "--seats", "A,C"], ["seats"]),
        ([*seed_args(), "--pot", "120", "--declare", "A=high"], ["declaration"]),
        ([*seed_args(), "--player", "A=2c 3c 4c 5c 7d", "--pot", "120"], ["A twice"]),
        (["showdown", "drawmaha", "--board", SEED_BOARD, "--pot", "120"], ["--player"]),
        (["showdown", "--pot", "120"], ["game"]),
        ([*seed_args(), "--pot", "120", "--player", "Cards"], ["NAME=VALUE"]),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    argv: list[str], fragments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert_one_line_error(*run(argv, capsys), *fragments)


def test_refuse_rejects_121(capsys: pytest.CaptureFixture[str]) -> None:
    # The Drawmaha seed: "The calculator deliberately refuses 121 chips."
    argv = showdown_args(THREE_QUARTERS, "--odd-chip", "refuse", pot=121)
    assert_one_line_error(*run(argv, capsys), "121", "refuse", "evenly")


def test_refuse_rejects_an_odd_tie(capsys: pytest.CaptureFixture[str]) -> None:
    # 122 divides between the halves, but the tied 61-chip Omaha half does not divide.
    argv = showdown_args(THREE_QUARTERS, "--odd-chip", "refuse", pot=122)
    assert_one_line_error(*run(argv, capsys), "61", "refuse")


def test_refuse_accepts_an_even_split(capsys: pytest.CaptureFixture[str]) -> None:
    argv = showdown_args(THREE_QUARTERS, "--odd-chip", "refuse", pot=120)
    assert run_json(argv, capsys)["payouts"] == {"A": 90, "B": 30}


@pytest.mark.parametrize(
    "extra",
    [["--odd-chip", "sometimes"], ["--pot", "lots"], ["--frobnicate"]],
)
def test_usage_errors_exit_2(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    argv = showdown_args(DIFFERENT_WINNERS, *extra, pot=None)
    with pytest.raises(SystemExit) as exited:
        main(argv, out=io.StringIO())
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    # One line (issue 13: every refusal is one line on stderr), naming where the usage is.
    assert captured.err.count("\n") == 1
    assert re.match(r"splitpot( showdown)?: error: ", captured.err), captured.err
    assert re.search(r"\(see splitpot( showdown)? --help\)\n$", captured.err), captured.err


# --------------------------------------------------------------------------------------------
# Side pots and folded players
# --------------------------------------------------------------------------------------------

THREE_ALL_IN = [
    "showdown", "drawmaha", "--board", SEED_BOARD,
    "--player", f"A={SEED_A}", "--player", f"B={SEED_B}", "--player", "C=Qs Qh Jd Tc 8d",
]  # fmt: skip


def test_three_players_all_in_for_different_amounts(capsys: pytest.CaptureFixture[str]) -> None:
    # A all in for 50, B for 100, C covers with 150: 50 of C's is uncalled and goes back.
    argv = [*THREE_ALL_IN, "--contribution", "A=50", "--contribution", "B=100"]
    data = run_json([*argv, "--contribution", "C=150"], capsys)
    main_pot, side_pot = data["pots"]
    assert (main_pot["amount"], main_pot["eligible"]) == (150, ["A", "B", "C"])
    assert (side_pot["amount"], side_pot["eligible"]) == (100, ["B", "C"])
    main_awards = {award["name"]: award for award in main_pot["awards"]}
    side_awards = {award["name"]: award for award in side_pot["awards"]}
    assert main_awards["omaha"]["winners"] == ["A"]
    assert main_awards["draw"]["winners"] == ["B"]
    assert side_awards["omaha"]["winners"] == ["C"]  # queens beat nines; A cannot win it
    assert side_awards["draw"]["winners"] == ["B"]
    assert data["returned"] == {"C": 50}
    assert data["payouts"] == {"A": 75, "B": 125, "C": 100}
    assert data["net"] == {"A": 25, "B": 25, "C": -50}


def test_four_players_three_side_pots(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*THREE_ALL_IN, "--player", "D=5c 5h 4d 3c Js"]
    argv += ["--contribution", "A=30", "--contribution", "B=60"]
    argv += ["--contribution", "C=100", "--contribution", "D=100"]
    data = run_json(argv, capsys)
    shape = [(pot["amount"], pot["eligible"]) for pot in data["pots"]]
    assert shape == [(120, ["A", "B", "C", "D"]), (90, ["B", "C", "D"]), (80, ["C", "D"])]
    assert data["returned"] == {}
    assert sum(data["payouts"].values()) == 290


def test_folded_player_pays_in_and_wins_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    # D put in 40 and folded: D's chips are in the main pot, which merges with A's level.
    argv = [*THREE_ALL_IN, "--contribution", "A=50", "--contribution", "B=100"]
    argv += ["--contribution", "C=150", "--contribution", "D=40"]
    argv += ["--seats", "A,D,B,C", "--button", "C"]
    data = run_json(argv, capsys)
    shape = [(pot["amount"], pot["eligible"]) for pot in data["pots"]]
    assert shape == [(190, ["A", "B", "C"]), (100, ["B", "C"])]
    assert data["payouts"] == {"A": 95, "D": 0, "B": 145, "C": 100}
    assert data["returned"] == {"C": 50}
    assert "D" not in data["hands"]
    code, out, err = run(argv, capsys)
    assert (code, err) == (0, "")
    assert "Main pot: 190 chips, contested by A, B, C" in out
    assert "Side pot 1: 100 chips, contested by B, C" in out
    assert "Uncalled 50 returned to C" in out
    assert "D receives 0 (put in 40, net -40)" in out


# --------------------------------------------------------------------------------------------
# Doogie declarations (docs/rules.md "Doogie")
# --------------------------------------------------------------------------------------------

DOOGIE_BOARD = "Kc Kd 9h 8s"
PERFECT_BOARD = "Ac 2d 3h 4s"  # every player holds the perfect doogie


@pytest.mark.parametrize(
    ("board", "players", "declarations", "payouts"),
    [
        # P wins high (four kings) and low (5 doogie) outright: declaring both scoops.
        (
            DOOGIE_BOARD,
            {"P": "Ks Kh 2c 3d 4h 5s", "Q": "Qc Qd Qh 6c 7d Js"},
            {"P": "both", "Q": "high"},
            {"P": 100, "Q": 0},
        ),
        # P declares both and loses low to Q: P is out of both halves; R takes high.
        (
            DOOGIE_BOARD,
            {"P": "Ks Kh 2c 3d 4h 6s", "Q": "Ac 2d 3h 5s Qc Qd", "R": "Qh Qs Jc Jd Jh 7c"},
            {"P": "both", "Q": "low", "R": "high"},
            {"P": 0, "Q": 50, "R": 50},
        ),
        # P declares both and ties low (a 6 doogie, not the best possible): out of both; no
        # one else declared high, so the low winner takes the whole pot.
        (
            DOOGIE_BOARD,
            {"P": "Ks Kh 2c 3d 4h 6s", "Q": "2d 3c 4s 6h Qc Qd"},
            {"P": "both", "Q": "low"},
            {"P": 0, "Q": 100},
        ),
        # A tie with the best possible hand does not cost a two-way declarer the pot.
        (
            PERFECT_BOARD,
            {"P": "Kc Kd Kh 9c 9d 5s", "Q": "Qc Qd Qh Jc Jd 5h"},
            {"P": "both", "Q": "low"},
            {"P": 75, "Q": 25},
        ),
        (
            PERFECT_BOARD,
            {"P": "Kc Kd Kh 9c 9d 5s", "Q": "Qc Qd Qh Jc Jd 5h"},
            {"P": "both", "Q": "both"},
            {"P": 50, "Q": 50},
        ),
        # No one declared low: the high half's winners take the whole pot.
        (
            PERFECT_BOARD,
            {"P": "Kc Kd Kh 9c 9d 5s", "Q": "Qc Qd Qh Jc Jd 5h"},
            {"P": "high", "Q": "high"},
            {"P": 50, "Q": 50},
        ),
    ],
)
def test_doogie_declarations(
    board: str,
    players: dict[str, str],
    declarations: dict[str, str],
    payouts: dict[str, int],
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["showdown", "doogie", "--board", board, "--pot", "100"]
    for name, cards in players.items():
        argv += ["--player", f"{name}={cards}"]
    for name, way in declarations.items():
        argv += ["--declare", f"{name}={way}"]
    data = run_json(argv, capsys)
    assert data["payouts"] == payouts
    assert data["declarations"] == declarations
    code, out, err = run(argv, capsys)
    assert (code, err) == (0, "")
    assert "(declares " in out


@pytest.mark.parametrize(
    ("declare", "fragments"),
    [
        (["--declare", "P=sideways"], ["sideways", "high, low or both"]),
        (["--declare", "P=high"], ["missing", "Q"]),
        (["--declare", "P=high", "--declare", "Q=low", "--declare", "Z=low"], ["'Z'"]),
    ],
)
def test_doogie_bad_declarations(
    declare: list[str], fragments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["showdown", "doogie", "--board", DOOGIE_BOARD, "--pot", "100"]
    argv += ["--player", "P=Ks Kh 2c 3d 4h 5s", "--player", "Q=Qc Qd Qh 6c 7d Js", *declare]
    assert_one_line_error(*run(argv, capsys), *fragments)


# --------------------------------------------------------------------------------------------
# --batch
# --------------------------------------------------------------------------------------------


def line(**fields: Any) -> str:
    return json.dumps(fields, ensure_ascii=False)


SEED_LINE = line(
    id="seed",
    game="drawmaha",
    board="A♣ K♥ 7♣ 6♦ 2♥",
    players={"A": "A♠ A♥ K♦ Q♣ 8♠", "B": "9♠ 9♥ 9♦ 4♠ 3♦"},
    pot=120,
)
SIDE_POT_LINE = line(
    id="side",
    game="drawmaha",
    board=SEED_BOARD,
    players={"A": SEED_A, "B": SEED_B, "C": "Qs Qh Jd Tc 8d"},
    contributions={"A": 50, "D": 40, "B": 100, "C": 150},
    seats=["A", "D", "B", "C"],
    button="C",
)
DOOGIE_LINE = line(
    id="doogie",
    game="doogie",
    board=DOOGIE_BOARD,
    players={"P": "Ks Kh 2c 3d 4h 6s", "Q": "Ac 2d 3h 5s Qc Qd", "R": "Qh Qs Jc Jd Jh 7c"},
    declarations={"P": "both", "Q": "low", "R": "high"},
    pot=101,
)
BAD_CARD_LINE = line(
    id="bad", game="drawmaha", board=SEED_BOARD, players={"A": SEED_A, "B": "9s 9h 9d 4s Kx"}, pot=1
)
ALIAS_LINE = line(
    game="dramaha",
    board=list(SEED_BOARD.split()),
    players={"A": SEED_A.split(), "B": SEED_B},
    pot=121,
    odd_chip="high-award",
)


def check_batch_replies(replies: list[dict[str, Any]]) -> None:
    """The replies to BATCH_TEXT."""
    assert len(replies) == 7
    seed, bad, side, not_json, doogie, alias, refused = replies
    assert seed["id"] == "seed"
    assert seed["payouts"] == {"A": 60, "B": 60}
    assert bad["id"] == "bad" and set(bad) == {"id", "error"}  # an error echoes the id too
    assert "Kx" in bad["error"]
    assert "unknown suit 'x'" in bad["error"]
    assert side["id"] == "side"
    assert [(p["amount"], p["eligible"]) for p in side["pots"]] == [
        (190, ["A", "B", "C"]),
        (100, ["B", "C"]),
    ]
    assert side["payouts"] == {"A": 95, "D": 0, "B": 145, "C": 100}
    assert side["returned"] == {"C": 50}
    assert set(not_json) == {"error"}
    assert doogie["id"] == "doogie"
    assert doogie["payouts"] == {"P": 0, "Q": 50, "R": 51}  # the odd chip goes to high
    assert "P" in doogie["pots"][0]["disqualified"]
    assert doogie["declarations"] == {"P": "both", "Q": "low", "R": "high"}
    assert alias["game"] == "drawmaha"
    assert alias["payouts"] == {"A": 60, "B": 61}  # the odd chip goes to the draw half (B)
    assert set(refused) == {"error"}
    assert "refuse" in refused["error"]


BATCH_LINES = [
    SEED_LINE,
    "",
    BAD_CARD_LINE,
    SIDE_POT_LINE,
    "   ",
    "this is not JSON",
    DOOGIE_LINE,
    ALIAS_LINE,
    ALIAS_LINE.replace('"high-award"', '"refuse"'),
]
BATCH_TEXT = "\n".join(BATCH_LINES) + "\n"


def test_batch_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "showdowns.jsonl"
    path.write_text(BATCH_TEXT, encoding="utf-8")
    code, out, err = run(["showdown", "--batch", str(path)], capsys)
    assert (code, err) == (0, "")
    check_batch_replies([json.loads(reply) for reply in out.splitlines()])


def test_batch_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(BATCH_TEXT))
    code, out, err = run(["showdown", "--batch", "-"], capsys)
    assert (code, err) == (0, "")
    check_batch_replies([json.loads(reply) for reply in out.splitlines()])


def test_batch_reply_matches_single_showdown_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "one.jsonl"
    path.write_text(SEED_LINE + "\n", encoding="utf-8")
    code, out, _ = run(["showdown", "--batch", str(path)], capsys)
    assert code == 0
    reply = json.loads(out)
    assert reply.pop("id") == "seed"
    assert reply == run_json(showdown_args(DIFFERENT_WINNERS), capsys)


def seed_line(**fields: Any) -> str:
    """The seed's first case as a batch line, with some fields changed."""
    base: dict[str, Any] = {
        "game": "drawmaha",
        "board": SEED_BOARD,
        "players": {"A": SEED_A, "B": SEED_B},
        "pot": 120,
    }
    base.update(fields)
    return line(**{key: value for key, value in base.items() if value is not None})


BAD_LINES = {
    "array": "[1, 2]",
    "game-not-string": seed_line(game=3),
    "players-not-object": seed_line(players="A"),
    "float-pot": seed_line(pot=1.5),
    "string-pot": seed_line(pot="120"),
    "bool-pot": seed_line(pot=True),
    "no-pot": seed_line(pot=None),
    "pot-and-contributions": seed_line(contributions={"A": 60, "B": 60}),
    "int-cards": seed_line(players={"A": SEED_A, "B": 5}),
    "unknown-key": seed_line(x=1),
    "seats-string": seed_line(seats="A,B"),
    "board-int": seed_line(board=7),
    "unknown-game": seed_line(game="nope"),
    "declarations-in-drawmaha": seed_line(declarations={"A": "high", "B": "low"}),
    "truncated-json": SEED_LINE[:-5],
    "deeply-nested-json": "[" * 100_000,
}


@pytest.mark.parametrize("bad", list(BAD_LINES.values()), ids=list(BAD_LINES))
def test_batch_bad_lines_get_an_error_and_the_batch_goes_on(
    bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text(f"{SEED_LINE}\n{bad}\n{SEED_LINE}\n", encoding="utf-8")
    code, out, err = run(["showdown", "--batch", str(path)], capsys)
    assert (code, err) == (0, "")
    first, middle, last = (json.loads(reply) for reply in out.splitlines())
    assert first["payouts"] == last["payouts"] == {"A": 60, "B": 60}
    assert set(middle) == {"error"}
    assert isinstance(middle["error"], str)
    assert middle["error"]


def test_batch_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.jsonl"
    assert_one_line_error(*run(["showdown", "--batch", str(missing)], capsys), "cannot read")
    path = tmp_path / "one.jsonl"
    path.write_text(SEED_LINE + "\n", encoding="utf-8")
    argv = ["showdown", "drawmaha", "--batch", str(path)]
    assert_one_line_error(*run(argv, capsys), "--batch")


def test_empty_batch_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("\n  \n\n", encoding="utf-8")
    assert run(["showdown", "--batch", str(path)], capsys) == (0, "", "")


# --------------------------------------------------------------------------------------------
# As a subprocess: python -m splitpot
# --------------------------------------------------------------------------------------------


def splitpot(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "splitpot", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
    )


def test_subprocess_seed_showdown() -> None:
    done = splitpot(*showdown_args(DIFFERENT_WINNERS))
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert "A wins 60 with Three aces, using As Ah + Ac Kh 7c" in out
    assert "Totals: A 60, B 60" in out
    assert done.stderr == b""


def test_subprocess_games_json() -> None:
    done = splitpot("games", "--json")
    assert done.returncode == 0
    listed = [game["id"] for game in json.loads(done.stdout)]
    assert [game for game in listed if game in GAME_IDS] == list(GAME_IDS)


def test_subprocess_error_is_one_line_without_traceback() -> None:
    done = splitpot(*seed_args(b="9s 9h 9d 4s Kx"), "--pot", "120")
    assert done.returncode == 1
    assert done.stdout == b""
    err = done.stderr.decode("utf-8")
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1
    assert err.startswith("splitpot: error: ")
    assert "unknown suit 'x'" in err
    assert "player B" in err


def test_subprocess_usage_error_exits_2() -> None:
    done = splitpot("showdown", "drawmaha", "--odd-chip", "never")
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.startswith(b"splitpot showdown: error: argument --odd-chip: invalid")
    assert done.stderr.count(b"\n") == 1


def test_subprocess_batch_from_stdin() -> None:
    done = splitpot("showdown", "--batch", "-", stdin=BATCH_TEXT.encode("utf-8"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    check_batch_replies([json.loads(reply) for reply in done.stdout.decode().splitlines()])


def test_subprocess_batch_line_that_is_not_utf8_gets_an_error(tmp_path: Path) -> None:
    # A bad line gets {"error": ...} and the batch goes on: a line of stray bytes is a bad
    # line, not a reason to lose the whole batch with a traceback.
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(SEED_LINE.encode() + b"\n\xff\xfe not text\n" + SEED_LINE.encode() + b"\n")
    done = splitpot("showdown", "--batch", str(path))
    assert b"Traceback" not in done.stderr
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    replies = [json.loads(reply) for reply in done.stdout.decode().splitlines()]
    assert len(replies) == 3
    assert replies[0]["payouts"] == replies[2]["payouts"] == {"A": 60, "B": 60}
    assert set(replies[1]) == {"error"}
