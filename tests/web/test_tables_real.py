"""Forced bets and the muck at the web table (issue 21): a big-blind ante table and a straddle
table play 200 bot hands with every chip kept; with the muck option a mucked hand reaches no
other seat, no watcher, no stored history and no export. See docs/phh.md and docs/rules.md
"Betting"."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from splitpot.history.phh import export_phh
from splitpot.history.store import HistoryStore

from .test_tables import Player, check_no_leaks, client, create

__all__ = ["client"]  # (the fixture, imported for these tests)


def stored_hands(client: TestClient, table_id: str) -> list[int]:
    tables = client.app.state.tables  # type: ignore[attr-defined]
    rows = tables.store._db.execute(
        "SELECT hand_id FROM web_table_hands WHERE table_id = ? ORDER BY number", (table_id,)
    ).fetchall()
    return [hand_id for (hand_id,) in rows]


def watch(client: TestClient, table_id: str, hands: int) -> Player:
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        watcher = Player(ws, None)
        watcher.until(
            lambda m: (
                m["type"] == "state"
                and m["last_result"] is not None
                and m["last_result"]["number"] >= hands
            ),
            limit=100 * hands,
        )
    return watcher


@pytest.mark.parametrize("stakes", ["1/2 bb-ante 2", "1/2 straddle"])
def test_a_big_blind_ante_table_and_a_straddle_table_keep_every_chip(
    client: TestClient, stakes: str
) -> None:
    answer = create(client, game="holdem", stakes=stakes, bots=["caller"] * 4, seats=4,
                    buy_in=400)  # fmt: skip
    table = answer["table"]
    watch(client, table["id"], 200)
    store: HistoryStore = client.app.state.history  # type: ignore[attr-defined]
    ids = stored_hands(client, table["id"])
    assert len(ids) >= 200
    kind = "straddle" if "straddle" in stakes else "ante"
    posted = 0
    for hand_id in ids:
        events = store.get(hand_id).events
        start, end = events[0].data["stacks"], events[-1].data["stacks"]
        assert sum(start) == sum(end)  # every chip kept, hand by hand
        posted += any(e.kind == "post" and e.data["blind"] == kind for e in events)
    assert posted >= 100


def test_a_mucked_hand_reaches_no_other_seat_watcher_history_or_export(client: TestClient) -> None:
    answer = create(client, game="holdem", bots=["random", "random", "random"], seats=3,
                    buy_in=200, options={"muck": True})  # fmt: skip
    table = answer["table"]
    watcher = watch(client, table["id"], 40)
    # Every card in every frame the watcher got was one it could see, by the stored logs, in
    # which a mucked hand is placeholders: a mucked card in a frame would fail here.
    check_no_leaks(watcher, client, table["id"])
    store: HistoryStore = client.app.state.history  # type: ignore[attr-defined]
    mucked = 0
    for hand_id in stored_hands(client, table["id"]):
        stored = store.get(hand_id)
        events = stored.events
        muckers = {e.seat for e in events if e.kind == "muck"}
        if not muckers:
            continue
        mucked += 1
        unknown = {str(c) for c in events[0].data["unknown"]}
        for seat in muckers:  # the store keeps placeholders only
            hole = next(e for e in events if e.kind == "deal_hole" and e.seat == seat)
            assert {str(c) for c in hole.secret["cards"]} <= unknown
        text = export_phh(events)
        assert re.search(r"'p\d sm'", text)
        history = client.get(f"/api/hands/{hand_id}/text").text
        assert "mucked (not shown)" in history
    assert mucked >= 1
