"""Issue 26, memory: a table's bookkeeping of its connections stays bounded however many
watchers come and go, and the bots of every table think in a few threads
(benchmarks/bench_soak.py measures the whole server)."""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.bots.heuristic import HeuristicBot
from splitpot.web.app import create_app
from splitpot.web.config import ServerConfig
from splitpot.web.tables.manager import THINKERS

from .test_tables import create


def test_watchers_that_come_and_go_leave_nothing_behind(client: Any) -> None:
    table_id = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)["table"]["id"]
    manager = client.app.state.tables
    for _ in range(30):
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert ws.receive_json()["type"] == "state"
            assert len(manager.clients[table_id]) == 1
    assert manager.clients[table_id] == set()
    assert manager.tables[table_id].connected == {}


def test_bots_think_in_at_most_thinkers_threads_whatever_the_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four bot tables at once: never more than THINKERS bots think at the same time, so the
    server keeps a few threads' memory pools, not one per table (issue 26)."""
    lock = threading.Lock()
    thinking, most, calls = [0], [0], [0]
    real = HeuristicBot.act

    def act(self: HeuristicBot, view: Any, legal: Any) -> Any:
        with lock:
            thinking[0] += 1
            calls[0] += 1
            most[0] = max(most[0], thinking[0])
        try:
            time.sleep(0.005)  # long enough for the other tables' bots to pile up
            return real(self, view, legal)
        finally:
            with lock:
                thinking[0] -= 1

    monkeypatch.setattr(HeuristicBot, "act", act)
    config = ServerConfig(db=tmp_path / "web.sqlite3", bot_delay=0, next_hand_delay=0)
    with TestClient(create_app(config)) as client, contextlib.ExitStack() as stack:
        for _ in range(4):
            table = create(client, game="badugi", bots=["heuristic"] * 3, seats=3)["table"]
            stack.enter_context(client.websocket_connect(f"/ws/tables/{table['id']}"))
        deadline = time.monotonic() + 30
        while calls[0] < 60 and time.monotonic() < deadline:
            time.sleep(0.05)
    assert calls[0] >= 60, calls
    assert 2 <= most[0] <= THINKERS, most
