"""One stored hand, rendered through every face: the web table (its log and its result), the
history replayer, the CLI (``splitpot replay`` and the showdown text) and terminal play. They
say the same event lines and the same settlement, in the same words (``splitpot.describe``).

The hands are from ``tests/fixtures/hands.jsonl``: Bodigiha three-handed with a side pot and
an odd chip (hand 6), and two Doogie pots no half could take: one split among the players who
did not forfeit it by a failed two-way declaration (hand 17), one split among both (hand 19).
"""

from __future__ import annotations

import io
import json
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.cli import main, render
from splitpot.describe import hand_log
from splitpot.engine.events import Event, HandStarted
from splitpot.engine.hand import Hand
from splitpot.engine.history import read_log
from splitpot.history.store import HistoryStore
from splitpot.play import PlayConfig, Session
from splitpot.web.app import create_app
from splitpot.web.config import ServerConfig
from splitpot.web.tables.views import result_json

FIXTURES = Path(__file__).parents[1] / "fixtures"
HANDS = (6, 17, 19)


@cache
def logged(number: int) -> list[Event]:
    lines = (FIXTURES / "hands.jsonl").read_text(encoding="utf-8").splitlines()
    return dict(read_log(lines))[number]


def settlement_of(lines: list[str]) -> list[str]:
    """The lines from ``*** SHOWDOWN ***`` to the totals' last line, blank lines dropped."""
    start = lines.index("*** SHOWDOWN ***")
    end = next(i for i, line in enumerate(lines) if line.startswith("Stacks: ") and i > start)
    return [line for line in lines[start + 1 : end] if line]


def play_output(hand: Hand, seat: int) -> list[str]:
    """What terminal play prints of ``hand`` for the user in ``seat``: its event lines, then
    the showdown."""
    start = hand.events[0]
    assert isinstance(start, HandStarted)
    out = io.StringIO()
    config = PlayConfig(game=start.game, seats=len(hand.names), store=False, seed=1)
    session = Session(config, io.StringIO(), out)
    session.show_events(hand, 0, seat)
    session.show_showdown(hand)
    return out.getvalue().splitlines()


def replayer(tmp_path: Path, events: list[Event]) -> dict[str, Any]:
    db = tmp_path / "web.sqlite3"
    with HistoryStore(db) as store:
        store.add(events, source="simulate")
    with TestClient(create_app(ServerConfig(db=db))) as client:
        answer: dict[str, Any] = client.get("/api/hands/1").json()
    return answer


def cli_replay(tmp_path: Path, events: list[Event], seat: str | None = None) -> list[str]:
    log = tmp_path / "hand.jsonl"
    log.write_text("\n".join(_lines(events)) + "\n", encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(log), *(["--seat", seat] if seat else [])], out=out) == 0
    return out.getvalue().splitlines()


def _lines(events: list[Event]) -> list[str]:
    return [json.dumps({"hand": 1, **e.to_json()}, ensure_ascii=False) for e in events]


@pytest.mark.parametrize("number", HANDS)
def test_every_face_says_the_same_settlement(number: int, tmp_path: Path) -> None:
    events = logged(number)
    hand = Hand.replay(events)
    assert hand.result is not None
    cli_text = render(hand.result).splitlines()
    cli_body = [line for line in cli_text[cli_text.index("") :] if line]  # after the header
    play = play_output(hand, 0)
    play_body = [line for line in play[play.index("*** SHOWDOWN ***") + 1 :] if line]
    assert play_body == cli_text[:1] + cli_text[1 : cli_text.index("")] + cli_body
    steps = replayer(tmp_path, events)["steps"]
    replay_lines = [line for step in steps for line in step["lines"]]
    table_log = hand_log(hand, hand.view(None))
    history = cli_replay(tmp_path, events)
    assert settlement_of(replay_lines) == cli_body
    assert settlement_of(table_log) == cli_body
    assert settlement_of(history) == cli_body


@pytest.mark.parametrize("number", HANDS)
def test_every_face_says_the_same_event_lines(number: int, tmp_path: Path) -> None:
    events = logged(number)
    hand = Hand.replay(events)
    # The whole log: the replayer (a local hand shows every card), the table's log builder
    # and the CLI's text history (after its title and seats).
    replay_lines = [line for step in replayer(tmp_path, events)["steps"] for line in step["lines"]]
    table_log = hand_log(hand, hand.events)
    history = cli_replay(tmp_path, events)
    assert replay_lines == table_log
    assert history[len(hand.names) + 1 :] == table_log[1:]
    # One seat's view: terminal play prints its event lines (its banner, the showdown and the
    # stacks are its own), the same as the table's log and `replay --seat` for that seat.
    for seat, name in enumerate(hand.names):
        mine = hand_log(hand, hand.view(seat))
        play = play_output(hand, seat)
        events_said = play[: play.index("*** SHOWDOWN ***")] if "*** SHOWDOWN ***" in play else play
        assert events_said == [line for line in mine if not _said_by_play_otherwise(line, mine)]
        assert cli_replay(tmp_path, events, name)[len(hand.names) + 1 :] == mine[1:]


def _said_by_play_otherwise(line: str, lines: list[str]) -> bool:
    """Lines terminal play says its own way: the title (its banner), the shown hands and the
    settlement (the showdown's text) and the stacks (the table's)."""
    index = lines.index(line)
    showdown = lines.index("*** SHOWDOWN ***") if "*** SHOWDOWN ***" in lines else len(lines)
    return index == 0 or " shows " in line or index >= showdown or line.startswith("Stacks: ")


@pytest.mark.parametrize("number", HANDS)
def test_the_table_and_the_replayer_show_the_same_rows(number: int, tmp_path: Path) -> None:
    events = logged(number)
    hand = Hand.replay(events)
    table = SimpleNamespace(hand_seats=list(range(len(hand.names))), hands_played=0)
    at_table = result_json(table, hand, 1)["awards"]  # type: ignore[arg-type]
    in_replayer = replayer(tmp_path, events)["steps"][-1]["settlement"]["awards"]
    assert at_table == in_replayer
    assert hand.result is not None
    cli_text = "\n".join(line.strip() for line in render(hand.result).splitlines())
    for row in at_table:
        assert row["lines"]
        for line in row["lines"]:
            assert line.strip() in cli_text  # the CLI's words, row by row
        assert "nobody wins" not in " ".join(row["lines"]).lower()


def test_a_doogie_pot_nobody_qualifies_for_reads_the_same_at_the_table_and_in_the_replayer(
    tmp_path: Path,
) -> None:
    for number, shares in ((17, "forfeit"), (19, "everyone")):
        events = logged(number)
        hand = Hand.replay(events)
        assert hand.result is not None
        (pot,) = hand.result.pots
        table = SimpleNamespace(hand_seats=list(range(len(hand.names))), hands_played=0)
        at_table = result_json(table, hand, 1)["awards"]  # type: ignore[arg-type]
        in_replayer = replayer(tmp_path / str(number), events)["steps"][-1]["settlement"]
        split = [row for row in at_table if row["kind"] == "split"]
        assert split == [row for row in in_replayer["awards"] if row["kind"] == "split"]
        (row,) = split
        assert row["label"] == "Split evenly" and row["amount"] == pot.amount
        note = "the players who did not forfeit it" if shares == "forfeit" else "its players"
        assert row["lines"][0].startswith(
            f"no award could be given: the pot is split evenly among {note}: "
        )
        assert sum(row["shares"]) == pot.amount
        if shares == "forfeit":
            assert pot.disqualified and not set(pot.disqualified) & set(row["names"])
