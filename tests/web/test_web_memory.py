"""Issue 26, memory: a table's bookkeeping of its connections stays bounded however many
watchers come and go (benchmarks/bench_soak.py measures the whole server)."""

from __future__ import annotations

from typing import Any

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
