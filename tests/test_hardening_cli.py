"""Issue 13, the command line's edges: each test is named after the item it checks; then the
progress bars (a fake terminal sees the bar; without one the output is byte for byte what it
was), and Hypothesis-generated arguments to every command.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_run import cli_captured, on_a_terminal
from splitpot.bots.registry import BOTS
from splitpot.cli import COMMANDS, build_parser
from splitpot.engine.showdown import settle
from splitpot.errors import GameSpecError

ROOT = Path(__file__).resolve().parents[1]


run = cli_captured


def refused(argv: list[str], capsys: pytest.CaptureFixture[str], status: int = 2) -> str:
    """The one line a refused command line prints on stderr (and nothing on stdout)."""
    code, out, err = run(argv, capsys)
    assert code == status, (code, out, err)
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


ADVISE = ["advise", "drawmaha", "--hand", "As Ah Ks Qs Qd", "--board", "Js Ts 7c"]
EQUITY = ["equity", "drawmaha", "--player", "A=As Ah Kd Qc 8s", "--player", "B=random"]


# --------------------------------------------------------------------------- refused, exit 2


@pytest.mark.parametrize("count", ["0", "-1"])
def test_advise_opponents_0_and_negative_are_refused(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused([*ADVISE, "--opponents", count], capsys)
    assert f"argument --opponents: {count} is not a whole number of 1 or more" in err


def test_equity_samples_0_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused([*EQUITY, "--board", "Ac Kh 7c", "--samples", "0"], capsys)
    assert "argument --samples: 0 is not a whole number of 1 or more" in err


def test_advise_samples_0_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused([*ADVISE, "--samples", "0"], capsys)
    assert "argument --samples: 0 is not a whole number of 1 or more" in err


def test_advise_top_negative_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused([*ADVISE, "--top", "-3"], capsys)
    assert "argument --top: -3 is not a whole number of 1 or more" in err


def test_history_list_limit_0_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "h.sqlite3")
    err = refused(["history", "list", "--limit", "0", "--db", db], capsys)
    assert err.startswith("splitpot history list: error: argument --limit: 0 is not")
    err = refused(["history", "list", "--offset", "-2", "--db", db], capsys)
    assert "argument --offset: -2 is not a whole number of 0 or more" in err


def test_equity_two_card_drawmaha_board_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused([*EQUITY, "--board", "Ac Kh"], capsys)
    assert "--board: a Drawmaha board has 0, 3, 4 or 5 cards, not 2" in err


def test_advise_badugi_board_says_badugi_has_no_board(capsys: pytest.CaptureFixture[str]) -> None:
    # (was "no draw is to come in Badugi with 1 board cards")
    err = refused(["advise", "badugi", "--hand", "As 2h 3d 4c", "--board", "Kd"], capsys)
    assert "--board: Badugi has no board: give no board cards, not 1" in err


def test_an_extra_opponent_declare_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", "doogie", "--hand", "Kc Kd 3h 4s 6d Qc", "--board", "Kh Ks 2c 9d",
            "--opponent-hand", "Ad 3s 5h Jc Ts Th", "--opponent-declare", "low",
            "--opponent-declare", "high"]  # fmt: skip
    err = refused(argv, capsys)
    assert "--opponent-declare: 2 declarations for 1 known opponent hand" in err
    err = refused(
        [*ADVISE, "--opponent-hand", "2c 3c 4c 5c 6c", "--opponent-declare", "low"], capsys
    )
    assert "--opponent-declare: Drawmaha has no declaration" in err


def test_every_refusal_is_one_line_and_names_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["showdown", "drawmaha", "--pot", "lots"], capsys)
    assert err == (
        "splitpot showdown: error: argument --pot: invalid int value: 'lots' "
        "(see splitpot showdown --help)\n"
    )
    err = refused(["nocommand"], capsys)
    assert err.startswith("splitpot: error: argument COMMAND: invalid choice: 'nocommand'")


# --------------------------------------------------------------------------- answers and words


def test_showdown_batch_error_line_echoes_the_id(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        {"id": 7, "game": "drawmaha", "board": "Ac Kh 7c 6d 2h",
         "players": {"A": "As Ah Kd Qc 8x"}, "pot": 1},
        {"id": "b", "game": "nogame", "players": {"A": "As"}, "pot": 1},
        {"game": "drawmaha", "pot": "x"},
    ]  # fmt: skip
    text = "\n".join(json.dumps(line) for line in lines) + "\n{not json\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, err = run(["showdown", "--batch", "-"], capsys)
    assert (code, err) == (0, "")
    replies = [json.loads(line) for line in out.splitlines()]
    assert [list(r) for r in replies] == [["id", "error"], ["id", "error"], ["error"], ["error"]]
    assert replies[0]["id"] == 7 and "unknown suit 'x'" in replies[0]["error"]
    assert replies[1]["id"] == "b" and "nogame" in replies[1]["error"]


def test_simulate_rotation_gives_each_game_its_structure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "drawmaha,bodigiha,badugi,doogie", "--players", "3", "--hands", "4",
            "--no-store"]  # fmt: skip
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert out.startswith(
        "4 hands of Drawmaha, Bodigiha, Badugi, Doogie (Drawmaha pot-limit, Bodigiha pot-limit, "
        "Badugi fixed-limit, Doogie fixed-limit; 1/2), 3 players, seed 0\n"
    )
    assert "[" not in out.splitlines()[0]
    code, out, _ = run([*argv, "--json"], capsys)
    assert json.loads(out)["structure"] == {
        "drawmaha": "pot-limit", "bodigiha": "pot-limit", "badugi": "fixed-limit",
        "doogie": "fixed-limit",
    }  # fmt: skip
    code, out, _ = run(["simulate", "badugi", "--players", "2", "--hands", "2", "--no-store",
                        "--json"], capsys)  # fmt: skip
    assert json.loads(out)["structure"] == "fixed-limit"  # one game: as before


def test_one_rule_for_how_many_players_a_game_seats(capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["As 2h 3d 4c", "Ks Qh Jd Tc", "9s 8h 7d 6c", "5s 5h 5d 5c", "Ad Kd Qd 9d",
             "2s 3s 4s 6s", "7s 8s Qs Js"]  # fmt: skip
    seven = [f"--player=P{i}={c}" for i, c in enumerate(cards)]
    err = refused(["showdown", "badugi", *seven, "--pot", "70"], capsys, status=1)
    assert err == "splitpot: error: Badugi seats 2 to 6 players, not 7\n"
    err = refused(["showdown", "badugi", "--player", "A=As 2h 3d 4c", "--pot", "10"], capsys, 1)
    assert err == "splitpot: error: Badugi seats 2 to 6 players, not 1\n"
    # One player left in after a fold still counts the folded seat: a showdown of one.
    one = settle("badugi", {"A": "As 2h 3d 4c"}, contributions={"A": 10, "B": 5})
    assert one.payouts == {"A": 15, "B": 0}
    err = refused(["equity", "badugi", *seven], capsys, status=1)
    assert err == "splitpot: error: Badugi seats 2 to 6 players, not 7\n"
    argv = ["advise", "badugi", "--hand", "As 2h 3d Kc", "--opponents", "9"]
    assert (
        refused(argv, capsys, status=1) == "splitpot: error: Badugi seats 2 to 6 players, not 10\n"
    )
    with pytest.raises(GameSpecError, match="Badugi seats 2 to 6 players, not 7"):
        settle("badugi", dict(zip("ABCDEFG", cards, strict=True)), pot=7)


def test_a_card_given_twice_is_said_once(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["showdown", "drawmaha", "--board", "Ac Kh 7c 6d 2h", "--player", "A=Qs Qs Kd 2c 3c",
            "--player", "B=9s 9h 9d 4s 3d", "--pot", "2"]  # fmt: skip
    err = refused(argv, capsys, status=1)
    assert err == "splitpot: error: card Qs appears twice in player A's cards\n"


def test_advise_a_card_given_twice_speaks_of_your_hand(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["advise", "drawmaha", "--hand", "Qs Qs Kd 2c 3c", "--board", "Ac Kh 7c"],
                  capsys, status=1)  # fmt: skip
    assert "player you's" not in err and "your" in err


def test_exact_over_1_runout_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "drawmaha", "--player", "A=As Ah Kd Qc 8s", "--player", "B=9s 9h 9d 4s 3d",
            "--board", "Ac Kh 7c 6d 2h"]  # fmt: skip
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert out.startswith("Drawmaha: exact over 1 runout\n")


def test_equity_player_has_help_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["equity", "--help"], capsys)
    assert code == 0
    assert "--player NAME=CARDS" in out
    assert "a player's cards (fewer than the game deals, or NAME=random)" in " ".join(out.split())


def splitpot(*argv: str, script: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "splitpot", *argv], input=script, capture_output=True,
        text=True, timeout=300, cwd=ROOT, check=False,
    )  # fmt: skip


def test_play_speaks_to_the_player() -> None:
    done = splitpot("play", "badugi", "--seed", "4", "--bots", "caller", "--hands", "1",
                    "--no-store", script="k\npat\n" * 10)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "! you cannot check now; you may fold, call 2, raise to 4\n" in done.stdout
    assert "! you cannot discard now; you may fold, call 2, raise to 4\n" in done.stdout
    assert "hero cannot" not in done.stdout and "they may" not in done.stdout


def test_play_b_while_declaring_in_doogie() -> None:
    done = splitpot("play", "doogie", "--seed", "4", "--bots", "random", "--hands", "1",
                    "--no-store", script="c\nb\nboth\n" * 30)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "> b\n! you cannot bet now; you may declare high/low/both\n" in done.stdout


def test_match_knows_the_caller_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["match", "badugi", "--bots", "caller,random", "--hands", "4",
                        "--no-store"], capsys)  # fmt: skip
    assert code == 0 and "caller: " in out


def test_one_registry_of_bots_for_every_command() -> None:
    from splitpot.play import BOT_KINDS as PLAY_BOTS
    from splitpot.web.tables.state import BOT_KINDS as WEB_BOTS

    assert tuple(BOTS) == PLAY_BOTS == WEB_BOTS
    assert {"heuristic", "random", "caller"} <= set(BOTS)
    parser = build_parser("play")
    play = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    bots = next(a for a in play.choices["play"]._actions if "--bots" in a.option_strings)
    assert tuple(bots.choices or ()) == tuple(BOTS)


def test_jsonl_export_import_export_keeps_a_play_hands_start_time(tmp_path: Path) -> None:
    first, second = tmp_path / "one.sqlite3", tmp_path / "two.sqlite3"
    done = splitpot("play", "badugi", "--seed", "3", "--hands", "1", "--db", str(first),
                    script="c\npat\n" * 12)  # fmt: skip
    assert done.returncode == 0, done.stderr
    exported, again = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    for argv in (
        ["history", "export", "--format", "jsonl", "--db", str(first), "--out", str(exported)],
        ["history", "import", str(exported), "--db", str(second)],
        ["history", "export", "--format", "jsonl", "--db", str(second), "--out", str(again)],
    ):
        assert splitpot(*argv).returncode == 0
    text = exported.read_text()
    start = json.loads(text.splitlines()[0])
    assert start["kind"] == "start" and start["started"].startswith("20")
    assert again.read_text() == text
    listed = json.loads(splitpot("history", "list", "--db", str(second), "--json").stdout)
    assert listed[0]["started"] == start["started"]


# --------------------------------------------------------------------------- progress bars


MATCH = ("match", "badugi", "--bots", "heuristic,random", "--hands", "20", "--seed", "3",
         "--no-store")  # fmt: skip
MATCH_OUTPUT = (  # splitpot match's output without a terminal (main, with issue 10's bot)
    "Badugi (fixed-limit, 1/2), duplicate heads-up: 10 deals, 20 hands, 200 chips each hand, "
    "seed 3\n"
    "heuristic: +425.0 bb/100 (95% CI +282.4 to +567.6) over 20 hands\n"
    "random: -425.0 bb/100 (95% CI -567.6 to -282.4) over 20 hands\n"
)


def test_match_shows_a_progress_bar_with_bb_per_100_on_a_terminal() -> None:
    out, shown = on_a_terminal(*MATCH)
    assert out == MATCH_OUTPUT  # stdout is the same; the bar is on stderr
    assert "badugi heuristic v random" in shown
    assert "10/10" in shown and "deal" in shown
    assert "heuristic +425.0 bb/100" in shown  # the running figure, at its last deal


def test_match_without_a_terminal_is_byte_identical() -> None:
    done = splitpot(*MATCH)
    assert done.returncode == 0
    assert done.stdout == MATCH_OUTPUT
    assert done.stderr == ""


def test_quiet_shows_no_bar_even_on_a_terminal() -> None:
    out, shown = on_a_terminal(*MATCH, "--quiet")
    assert out == MATCH_OUTPUT
    assert shown == ""


def test_simulate_and_history_show_a_bar_on_a_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite3")
    out, shown = on_a_terminal("simulate", "badugi", "--players", "3", "--hands", "30", "--db", db)
    assert out.startswith("30 hands of Badugi") and "30/30" in shown
    log = str(tmp_path / "all.jsonl")
    _, shown = on_a_terminal("history", "export", "--format", "jsonl", "--db", db, "--out", log)
    assert "export" in shown and "30/30" in shown
    _, shown = on_a_terminal("history", "import", log, "--db", str(tmp_path / "again.sqlite3"))
    assert "import" in shown and "30/30" in shown


def test_equity_and_advise_show_a_bar_of_runouts_on_a_terminal() -> None:
    equity_argv = ("equity", "drawmaha", "--player", "A=As Ah Kd Qc 8s", "--player", "B=random",
                   "--player", "C=random", "--samples", "200000")  # fmt: skip
    advise_argv = ("advise", "drawmaha", "--hand", "As Ah Ks Qs Qd", "--board", "Js Ts 7c",
                   "--opponents", "1", "--samples", "60000", "--top", "3")  # fmt: skip
    for argv, what in ((equity_argv, "equity drawmaha"), (advise_argv, "advise drawmaha")):
        out, shown = on_a_terminal(*argv)
        assert what in shown and "runout" in shown and "100%" in shown, shown[-300:]
        plain = subprocess.run(
            [sys.executable, "-m", "splitpot", *argv], check=True, capture_output=True, text=True,
            cwd=ROOT,
        )  # fmt: skip
        assert out == plain.stdout and plain.stderr == ""  # the same odds, no bar off a terminal
        _, quiet = on_a_terminal(*argv, "--quiet")
        assert "runout" not in quiet


# --------------------------------------------------------------------------- fuzz


BUDGET: dict[str, list[str]] = {  # first, so that generated values (small) may override them
    "simulate": ["--hands", "3"],
    "match": ["--hands", "2"],
    "equity": ["--samples", "200"],
    "advise": ["--samples", "100"],
}
GAMES = ["drawmaha", "badugi", "doogie", "bodigiha", "sviten-special", "holdem", "x"]
VALUES = st.one_of(
    st.sampled_from(
        [
            "0",
            "-1",
            "1",
            "2",
            "3",
            "5",
            "1e3",
            "",
            " ",
            "x",
            "nan",
            "-",
            "1/2",
            "0/2",
            "1/2 ante 1",
            "As Kd",
            "As Kd Qh Jc Ts",
            "Ac Kh",
            "Kx",
            "random",
            "A=As Ah Kd Qc 8s",
            "B=random",
            "A=",
            "=x",
            "A=high",
            "high",
            "both",
            "heuristic,random",
            "caller,caller",
            "a,b,c",
            "all.jsonl",
            "missing.phh",
            "-v",
            "--",
            "A,B",
            "é",
            "\x00",
            *GAMES,
        ]
    ),
    st.integers(-5, 6).map(str),
    st.text(max_size=8),
)


def _options(
    parser: argparse.ArgumentParser,
) -> tuple[list[Any], dict[str, argparse.ArgumentParser]]:
    """A parser's optional actions and its sub-commands."""
    actions, subs = [], {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            subs.update(action.choices)
        elif action.option_strings and not isinstance(action, argparse._HelpAction):
            actions.append(action)
    return actions, subs


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(COMMANDS)))
    top = build_parser(command)
    _, commands = _options(top)
    parser = commands[command]
    argv = [command]
    actions, subs = _options(parser)
    if subs:
        sub = draw(st.sampled_from(sorted(subs)))
        argv.append(sub)
        actions, _ = _options(subs[sub])
        parser = subs[sub]
    positionals = [a for a in parser._actions if not a.option_strings]
    argv += BUDGET.get(command, [])
    for _ in positionals:
        argv.append(draw(st.sampled_from(GAMES) | VALUES))
    for action in draw(st.lists(st.sampled_from(actions), max_size=5)) if actions else []:
        flag = draw(st.sampled_from(action.option_strings))
        if action.nargs == 0:
            argv.append(flag)
        elif action.choices is not None and draw(st.booleans()):
            argv += [flag, str(draw(st.sampled_from(list(action.choices))))]
        else:
            argv += [flag, draw(VALUES)]
    if draw(st.integers(0, 4)) == 0:
        argv.append(draw(VALUES))
    return argv


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A directory to run in, its own default store, an empty stdin, and no server started."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPLITPOT_DB", str(tmp_path / "default.sqlite3"))
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    splitpot("simulate", "badugi", "--players", "2", "--hands", "2", "--log",
             str(tmp_path / "all.jsonl"), "--no-store")  # fmt: skip
    yield tmp_path


def fuzz_commands(
    examples: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    @settings(
        max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck),
        derandomize=examples < 100,
    )  # fmt: skip
    @given(argv=command_lines())
    def one(argv: list[str]) -> None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        code, _, err = run(argv, capsys)
        assert code in (0, 1, 2), (argv, code, err)
        assert "Traceback" not in err, (argv, err)
        if code:
            assert err.count("\n") == 1 and err.strip(), (argv, err)
            assert ": error: " in err, (argv, err)

    one()


def test_fuzz_every_cli_command(
    sandbox: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fuzz_commands(40, capsys, monkeypatch)


@pytest.mark.slow
def test_fuzz_every_cli_command_at_length(
    sandbox: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fuzz_commands(600, capsys, monkeypatch)


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["history", "import", "\x00"], 3),
        (["showdown", "--batch", "a\x00b"], 3),
        (["history", "list", "--db", "\x00"], 4),
    ],
)
def test_a_nul_byte_on_the_command_line_is_one_line_of_refusal(
    sandbox: Path, argv: list[str], word: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found by the fuzz at length: Path("\x00").read_bytes() raises ValueError, not OSError.
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert err == f"splitpot: error: word {word} of the command line has a NUL byte\n"


def test_serve_inside_another_program_whose_stderr_has_no_file_descriptor(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``serve`` turns on faulthandler for its log; a stderr with no descriptor (pytest's
    capture, an embedding program) is no reason to fail (found by the CLI fuzz)."""
    code, out, err = cli_captured(["serve"], capsys)
    assert code == 0, err
    assert "open http://localhost:8000/" in out and "Traceback" not in err
