"""`splitpot simulate` and `splitpot replay` end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli_run import cli
from splitpot.engine.history import read_log
from splitpot.games import GAMES

run = cli


def simulate_json(*argv: str) -> dict:  # type: ignore[type-arg]
    code, out = run(["simulate", *argv, "--json"])
    assert code == 0
    report = json.loads(out)
    assert isinstance(report, dict)
    return report


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_simulate_every_game_conserves_chips(game_id: str) -> None:
    players = min(6, GAMES[game_id].max_players)
    report = simulate_json(game_id, "--players", str(players), "--hands", "60", "--seed", "3")
    assert report["hands"] == 60
    assert report["chips_before"] == report["chips_after"]
    assert sum(report["net"].values()) == 0
    assert set(report) >= {"game", "hands", "showdowns", "chips_before", "chips_after", "net",
                           "hands_per_second"}  # fmt: skip
    assert list(report["net"]) == [f"seat{i}" for i in range(1, players + 1)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_simulate_every_game_six_players_two_thousand_hands(game_id: str) -> None:
    report = simulate_json(game_id, "--players", "6", "--hands", "2000", "--seed", "11")
    assert report["hands"] == 2000
    assert report["chips_before"] == report["chips_after"]
    assert 0 < report["showdowns"] < 2000


@pytest.mark.parametrize("structure", ["fixed-limit", "pot-limit", "no-limit"])
def test_simulate_structures(structure: str) -> None:
    report = simulate_json("drawmaha", "--structure", structure, "--hands", "40", "--seed", "5")
    assert report["structure"] == structure
    assert report["chips_before"] == report["chips_after"]


def test_simulate_is_reproducible_by_seed() -> None:
    first = simulate_json("bodigiha", "--hands", "30", "--seed", "9")
    second = simulate_json("bodigiha", "--hands", "30", "--seed", "9")
    other = simulate_json("bodigiha", "--hands", "30", "--seed", "10")
    for report in (first, second, other):
        report.pop("hands_per_second")
    assert first == second
    assert first != other


def test_simulate_mixed_rotation() -> None:
    report = simulate_json("drawmaha,bodigiha,badugi,doogie", "--players", "4", "--hands", "40")
    assert report["chips_before"] == report["chips_after"]


def test_simulate_without_rebuys_may_end_early_and_still_conserves() -> None:
    report = simulate_json("holdem", "--players", "3", "--hands", "500", "--no-rebuy",
                           "--stack", "20")  # fmt: skip
    assert report["rebuys"] == {}
    assert report["chips_before"] == report["chips_after"] == 60


def test_simulate_text_report() -> None:
    code, out = run(["simulate", "badugi", "--players", "3", "--hands", "20", "--seed", "1"])
    assert code == 0
    assert out.startswith("20 hands of Badugi (fixed-limit, 1/2), 3 players, seed 1")
    assert "(conserved)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nogame"], "unknown game 'nogame'"),
        (["badugi", "--players", "1"], "--players 1: these games seat 2 to 6"),
        (["badugi", "--players", "9"], "--players 9"),
        (["badugi", "--hands", "0"], "--hands must be at least 1"),
        (["doogie", "--structure", "no-limit", "--stakes", "x"], "stakes 'x'"),
    ],
)
def test_simulate_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["simulate", *argv])
    assert code == 1 and out == ""
    assert message in capsys.readouterr().err


def test_log_and_replay(tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    report = simulate_json("sviten-special", "--hands", "25", "--seed", "4", "--log", str(log))
    hands = read_log(log.read_text(encoding="utf-8").splitlines())
    assert [number for number, _ in hands] == list(range(1, 26))
    assert report["hands"] == 25
    code, out = run(["replay", str(log)])
    assert code == 0
    assert out.count("Hand #") == 25
    assert "Sviten Special (pot-limit, 1/2)" in out
    assert out.count("\nStacks: ") == 25


def test_replay_from_one_seat_hides_the_others_cards(tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    simulate_json("badugi", "--players", "3", "--hands", "5", "--seed", "2", "--log", str(log))
    code, out = run(["replay", str(log), "--seat", "seat2"])
    assert code == 0
    for line in out.splitlines():
        if line.startswith("Dealt to "):
            assert ("[" in line) == line.startswith("Dealt to seat2 ")


def test_replay_refuses_a_tampered_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "hands.jsonl"
    simulate_json("badugi", "--players", "2", "--hands", "3", "--seed", "2", "--log", str(log))
    lines = log.read_text(encoding="utf-8").splitlines()
    settle = next(i for i, line in enumerate(lines) if '"kind": "end"' in line)
    event = json.loads(lines[settle])
    event["stacks"] = [s + 1 for s in event["stacks"]]
    lines[settle] = json.dumps(event)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _ = run(["replay", str(log)])
    assert code == 1 and "does not replay" in capsys.readouterr().err


def test_replay_of_garbage_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text("not json\n", encoding="utf-8")
    code, _ = run(["replay", str(log)])
    assert code == 1 and "line 1: not JSON" in capsys.readouterr().err
    code, _ = run(["replay", str(tmp_path / "missing.jsonl")])
    assert code == 1 and "cannot read" in capsys.readouterr().err


def test_simulate_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "splitpot", "simulate", "doogie", "--players", "5", "--hands", "30",
         "--seed", "1", "--json"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["chips_before"] == report["chips_after"]


@pytest.mark.parametrize(
    "start",
    [
        {"hand": 1, "kind": "start", "secret": {"deck": ["As"], "seed": 1}, "secret_to": -1},
        {"hand": 1, "kind": "start", "names": ["a", "b"]},
        {
            "hand": 1,
            "kind": "start",
            "game": "badugi",
            "stacks": [1, 2],
            "button": 0,
            "stakes": {"bogus": 1},
            "structure": "fixed-limit",
            "options": {},
            "names": ["a", "b"],
            "secret": {"deck": [], "seed": 1},
            "secret_to": -1,
        },
    ],
)
def test_replay_of_a_malformed_start_is_a_clear_error(
    start: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(json.dumps(start) + "\n", encoding="utf-8")
    code, _ = run(["replay", str(log)])
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("splitpot: error:") and "Traceback" not in err
