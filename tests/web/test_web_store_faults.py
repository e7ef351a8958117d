"""Issue 26, a store that cannot be written: a table whose state cannot be saved goes back to
what was saved and pauses with a message to its seats; the server logs one line and keeps
serving the rest; the table resumes when writes succeed again, with every chip where it was.

The faults are real where they can be: a small tmpfs filled up (a full disk; root only, else
skipped), and the store's connections swapped for read-only ones (``mode=ro``: SQLite's own
"attempt to write a readonly database"; a read-only remount is refused while the server holds
the file open for writing). A store whose writes fail for one table only, and only for the
row after a finished hand, is a faulting ``save`` in its place.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.errors import HistoryError
from splitpot.history.store import HistoryStore
from splitpot.web import create_app
from splitpot.web.tables.manager import TableManager
from splitpot.web.tables.saving import SAVE_PAUSED
from splitpot.web.tables.state import WebTable

from .test_tables import Player, config, create, my_turn

PAUSE_LINE = "paused, its state cannot be saved"


def paused(message: dict[str, Any]) -> bool:
    return message["type"] == "state" and message["save_failed"] is True


def resumed_after(hands: int) -> Callable[[dict[str, Any]], bool]:
    def check(message: dict[str, Any]) -> bool:
        return (
            message["type"] == "state"
            and message["save_failed"] is False
            and message["table"]["hands_played"] > hands
        )

    return check


def played(hands: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "state" and m["table"]["hands_played"] >= hands


def watch(client: TestClient, table_id: str) -> contextlib.AbstractContextManager[Any]:
    return client.websocket_connect(f"/ws/tables/{table_id}")


def manager_of(client: TestClient) -> TableManager:
    manager: TableManager = client.app.state.tables  # type: ignore[attr-defined]
    return manager


def table_of(client: TestClient, table_id: str) -> WebTable:
    return manager_of(client).tables[table_id]


def chips_conserved(table: WebTable) -> None:
    assert table.chips_in_play() == table.chips_bought()


def same_as_saved(client: TestClient, table: WebTable) -> None:
    """The table in memory is the table in the store: nothing unsaved was dealt or acted."""
    _, state_text, hand_text = manager_of(client).store.saved[table.id]
    state = json.loads(state_text)
    assert state["hands_played"] == table.hands_played
    assert [seat["stack"] for seat in state["seats"]] == [seat.stack for seat in table.seats]
    assert (table.hand_log() if table.hand is not None else None) == hand_text


def pause_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if PAUSE_LINE in r.getMessage()]


@contextlib.contextmanager
def read_only(client: TestClient) -> Iterator[None]:
    """The server's store (the tables' connection and the hand history's) made read-only."""
    manager = manager_of(client)
    path = manager.history.path
    old = manager.store._db, manager.history._db
    ro = [
        sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None,
                        check_same_thread=False)
        for _ in range(2)
    ]  # fmt: skip
    manager.store._db, manager.history._db = ro
    try:
        yield
    finally:
        manager.store._db, manager.history._db = old
        for connection in ro:
            connection.close()


def test_a_read_only_store_pauses_the_table_and_it_resumes_with_chips_conserved(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(config(tmp_path))) as client:
        bots = create(client, game="badugi", bots=["caller", "caller", "caller"], seats=3)
        ann = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
        bots_id, ann_id = bots["table"]["id"], ann["table"]["id"]
        with (
            watch(client, bots_id) as ws,
            client.websocket_connect(f"/ws/tables/{ann_id}?token={ann['token']}") as ann_ws,
        ):
            watcher, seat = Player(ws, None), Player(ann_ws, 0)
            watcher.until(played(2))
            turn = seat.until(my_turn(seat))
            with read_only(client):
                stop = watcher.until(paused)
                assert stop["notice"] == SAVE_PAUSED
                table = table_of(client, bots_id)
                time.sleep(1.5)  # the paused table deals nothing and acts for nobody
                assert table.hands_played == stop["table"]["hands_played"]
                same_as_saved(client, table)
                chips_conserved(table)
                # The rest of the server answers; the seat's action cannot be saved: undone.
                assert client.get("/api/tables").status_code == 200
                seat.send({"type": "act", "action": {"kind": "fold"}})
                assert seat.error() == SAVE_PAUSED
                ann_table = table_of(client, ann_id)
                assert ann_table.hand is not None and ann_table.hand.folded == [False, False]
                same_as_saved(client, ann_table)
                assert seat.until(paused)["notice"] == SAVE_PAUSED
                seat.send({"type": "act", "action": {"kind": "fold"}})  # paused: refused
                assert seat.error() == SAVE_PAUSED
                seat.send({"type": "chat", "text": "hello?"})
                assert seat.error() == SAVE_PAUSED
                assert ann_table.chat.since(0)[-1]["text"] != "hello?"
                refused = client.post(f"/api/tables/{bots_id}/join", json={"player": "Bo"})
                assert refused.status_code == 503 and refused.json()["error"] == SAVE_PAUSED
                new = client.post("/api/tables", json={"game": "badugi", "player": "Cy"})
                assert new.status_code == 503 and "cannot save a new table" in new.text
            watcher.until(resumed_after(stop["table"]["hands_played"]))
            chips_conserved(table)
            seat.until(lambda m: m["type"] == "state" and not m["save_failed"])
            legal = turn["hand"]["legal"]
            seat.send({"type": "act", "action": {"kind": "fold"}, "turn": legal["turn"]})
            seat.until(played(1))
            chips_conserved(ann_table)
    lines = pause_lines(caplog)
    assert len(lines) == 2  # one line for each table, not one for every try
    assert "readonly database" in lines[0]
    resumed = [r for r in caplog.records if "saved again; play resumes" in r.getMessage()]
    assert len(resumed) == 2
    assert not [r for r in caplog.records if r.exc_info], "a traceback reached the log"


def test_a_leave_that_cannot_be_saved_is_undone_and_the_seat_stays_connected(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(config(tmp_path))) as client:
        made = create(client, game="badugi", player="Ann", seats=3)
        table_id = made["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={made['token']}") as ws:
            ann = Player(ws, 0)
            ann.until(lambda m: m["type"] == "state")
            with read_only(client):
                ann.send({"type": "leave"})
                assert ann.error() == SAVE_PAUSED
                state = ann.until(paused)
                assert state["you"] == 0 and state["seats"][0]["name"] == "Ann"
                assert state["seats"][0]["connected"] is True
                table = table_of(client, table_id)
                assert table.seats[0].kind == "human" and table.connected == {0: 1}
                assert 0 not in table.away_since
            ann.until(lambda m: m["type"] == "state" and not m["save_failed"])
            ann.send({"type": "leave"})
            assert ann.until(lambda m: m["type"] == "state" and m["you"] is None)
            assert table.seats[0].kind == "open"


def test_the_pause_is_nobodys_time_the_clock_starts_again_when_play_resumes(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(config(tmp_path))) as client:
        made = create(client, game="badugi", player="Ann", bots=["caller"], seats=2, clock=2)
        url = f"/ws/tables/{made['table']['id']}?token={made['token']}"
        with client.websocket_connect(url) as ws:
            ann = Player(ws, 0)
            turn = ann.until(my_turn(ann))
            with read_only(client):
                ann.send({"type": "act", "action": {"kind": "fold"}})
                assert ann.error() == SAVE_PAUSED
                time.sleep(3)  # longer than Ann's clock
            again = ann.until(lambda m: m["type"] == "state" and not m["save_failed"])
            assert again["hand"]["legal"] is not None and again["hand"]["clock"] > 1
            assert again["hand"]["legal"]["turn"] == turn["hand"]["legal"]["turn"]
            assert not table_of(client, made["table"]["id"]).timed_out


def test_one_table_that_cannot_save_pauses_while_the_others_go_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(config(tmp_path))) as client:
        first = create(client, game="badugi", bots=["caller", "caller"], seats=2)["table"]["id"]
        other = create(client, game="badugi", bots=["caller", "caller"], seats=2)["table"]["id"]
        store = manager_of(client).store
        save = store.save

        def failing(table: WebTable, link: Any = None) -> None:
            if table.id == first:
                raise HistoryError(f"cannot save table {first}: database or disk is full")
            save(table, link)

        with watch(client, first) as ws_first, watch(client, other) as ws_other:
            one, two = Player(ws_first, None), Player(ws_other, None)
            one.until(played(1))
            store.save = failing  # type: ignore[method-assign]
            stop = one.until(paused)
            start = two.until(lambda m: m["type"] == "state")["table"]["hands_played"]
            two.until(played(start + 3))
            assert table_of(client, first).hands_played == stop["table"]["hands_played"]
            same_as_saved(client, table_of(client, first))
            store.save = save  # type: ignore[method-assign]
            one.until(resumed_after(stop["table"]["hands_played"]))
            for table_id in (first, other):
                chips_conserved(table_of(client, table_id))
    assert len(pause_lines(caplog)) == 1


def test_a_hand_in_the_history_whose_table_row_cannot_be_written_is_kept_and_linked_later(
    tmp_path: Path,
) -> None:
    """The history took the finished hand, the table's row did not: the table keeps the
    settled hand (as the history has it), pauses, and writes the row and the hand's link when
    it can; the hand is stored once."""
    settings = config(tmp_path)
    with TestClient(create_app(settings)) as client:
        table_id = create(client, game="badugi", bots=["caller", "caller"], seats=2)["table"]["id"]
        store = manager_of(client).store
        save = store.save
        failed: list[int] = []

        def failing(table: WebTable, link: Any = None) -> None:
            if link is not None and len(failed) < 3:
                failed.append(link[0])
                raise HistoryError(f"cannot save table {table_id}: database or disk is full")
            save(table, link)

        with watch(client, table_id) as ws:
            watcher = Player(ws, None)
            watcher.until(played(1))
            store.save = failing  # type: ignore[method-assign]
            stop = watcher.until(paused)
            table = table_of(client, table_id)
            assert table.hand is None  # the settled hand stays settled
            assert table.last_result is not None and table.last_result["hand_id"] == failed[0]
            chips_conserved(table)
            watcher.until(resumed_after(stop["table"]["hands_played"]))
            assert len(failed) == 3 and len(set(failed)) == 1  # the same hand, tried again
            assert store.tokens_of(failed[0]) == [None, None]  # its link, written at last
            store.save = save  # type: ignore[method-assign]
            chips_conserved(table)
    with HistoryStore(settings.db) as history:
        events = history.get(failed[0]).events
        assert history.find(events) == failed[0]
        assert len(history) == len(set(history.ids()))
        assert sum(1 for hand in history if hand.events == events) == 1


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB tmpfs (root only: ``mount -t tmpfs``), unmounted at the end."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def fill(path: Path) -> None:
    """Write zeros to ``path`` until the file system is full."""
    block = b"\0" * 65536
    with path.open("wb", buffering=0) as sink:
        while True:
            try:
                sink.write(block)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                break
    with path.open("ab", buffering=0) as sink, contextlib.suppress(OSError):
        while True:  # the last few bytes too
            sink.write(b"\0")


def test_a_full_disk_pauses_the_table_and_it_resumes_when_space_comes_back(
    small_disk: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = config(small_disk, db=small_disk / "web.sqlite3")
    with TestClient(create_app(settings)) as client:
        table_id = create(client, game="badugi", bots=["caller"] * 3, seats=3)["table"]["id"]
        with watch(client, table_id) as ws:
            watcher = Player(ws, None)
            watcher.until(played(2))
            filler = small_disk / "filler"
            fill(filler)
            # (a write that fits in the space the journal already holds may succeed: then the
            # table plays on until the next one fails, as it should)
            stop = watcher.until(paused, limit=5000)
            assert stop["notice"] == SAVE_PAUSED
            table = table_of(client, table_id)
            same_as_saved(client, table)
            chips_conserved(table)
            assert any("database or disk is full" in line for line in pause_lines(caplog))
            assert client.get("/api/tables").status_code == 200
            filler.unlink()
            watcher.until(resumed_after(stop["table"]["hands_played"] + 1))
            chips_conserved(table)
    # One line when a pause begins and one when it ends: at the edge of a full disk a write may
    # fit (the table plays on) and the next not (a second pause), each logged once.
    resumed = [r for r in caplog.records if "saved again; play resumes" in r.getMessage()]
    assert 1 <= len(pause_lines(caplog)) == len(resumed)
    assert not [r for r in caplog.records if r.exc_info], "a traceback reached the log"


# --------------------------------------------------------------------------- immutable files


def chattr(flag: str, *paths: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True, check=False)


@pytest.fixture
def immutable_files(tmp_path: Path) -> Iterator[list[Path]]:
    """The paths ``chattr +i`` may be put on (made mutable again at the end); skipped where
    the facility is missing (not root, no chattr, a file system without the flag)."""
    if os.geteuid() != 0:
        pytest.skip("chattr +i needs root")
    probe = tmp_path / "probe"
    probe.write_text("x")
    try:
        tried = chattr("+i", probe)
    except FileNotFoundError:
        pytest.skip("no chattr here")
    if tried.returncode != 0:
        pytest.skip(f"chattr +i is not supported here: {tried.stderr.decode().strip()}")
    chattr("-i", probe)
    paths: list[Path] = []
    try:
        yield paths
    finally:
        chattr("-i", *[p for p in paths if p.exists()])


def ws_state(ws: Any, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(5000):
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == "state" and predicate(message):
            return message
    raise AssertionError("no such state came")


def test_a_store_made_immutable_mid_hand_pauses_the_table_and_the_server_lives(
    server_factory: Callable[..., Any], immutable_files: list[Path]
) -> None:
    """The issue's SIGBUS: the db, its -wal and its -shm made immutable mid-hand (the -shm is
    mapped into memory). The server refuses the write before it touches them: the table
    pauses (one log line) and resumes when they are writable again; the server never dies."""
    from websockets.sync.client import connect

    server = server_factory("--seed", "3", "--bot-delay", "0", "--clock", "0",
                            "--next-hand-delay", "0")  # fmt: skip
    request = urllib.request.Request(
        server.url + "/api/tables",
        json.dumps({"game": "badugi", "bots": ["caller"] * 3, "seats": 3}).encode(),
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        table_id = json.loads(response.read())["table"]["id"]
    db = server.db
    files = [db, Path(f"{db}-wal"), Path(f"{db}-shm")]
    immutable_files.extend(files)
    with connect(server.url.replace("http", "ws") + f"/ws/tables/{table_id}") as ws:
        ws_state(ws, lambda m: m["table"]["hands_played"] >= 2 and m["hand"] is not None)
        assert chattr("+i", db).returncode == 0  # mid-hand: the next write is refused
        stop = ws_state(ws, lambda m: m["save_failed"])
        assert stop["notice"] == SAVE_PAUSED
        assert chattr("+i", *files[1:]).returncode == 0  # now all three, as in the issue
        time.sleep(2.5)  # the table tries its write again, twice: refused each time
        assert server.process.poll() is None, server.log.read_text()
        with urllib.request.urlopen(server.url + "/api/tables", timeout=10) as listed:
            assert listed.status == 200
        assert chattr("-i", *files).returncode == 0
        hands = stop["table"]["hands_played"]
        ws_state(ws, lambda m: not m["save_failed"] and m["table"]["hands_played"] > hands)
    listed_hands = subprocess.run(
        [sys.executable, "-m", "splitpot", "history", "list", "--db", str(db)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )  # another process reads the store while the server writes it (no lock taken from it)
    assert listed_hands.returncode == 0 and "badugi" in listed_hands.stdout.lower()
    assert server.process.poll() is None
    log = server.log.read_text()
    assert log.count(PAUSE_LINE) == 1 and "immutable" in log, log
    assert "Traceback" not in log


def test_a_fatal_signal_to_the_server_leaves_a_line_in_its_log(
    server_factory: Callable[..., Any],
) -> None:
    """Should a SIGBUS still come (a change to the files during a write), the process does not
    end silently: the log names the signal."""
    server = server_factory("--seed", "3")
    server.process.send_signal(signal.SIGBUS)
    assert server.process.wait(20) == -signal.SIGBUS
    assert "Fatal Python error: Bus error" in server.log.read_text()
