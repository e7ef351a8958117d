"""Every hand played by simulate, match and play is in the store the moment it ends."""

from __future__ import annotations

import io
from pathlib import Path

from splitpot.cli import main
from splitpot.engine.hand import Hand
from splitpot.history import HistoryStore


def run(argv: list[str]) -> int:
    return main(argv, out=io.StringIO())


def test_simulate_stores_every_hand(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    assert run(["simulate", "drawmaha", "--hands", "12", "--seed", "3", "--db", str(db)]) == 0
    with HistoryStore(db) as store:
        assert len(store) == 12
        hand = store.get(store.list(limit=1)[0].id)
        Hand.replay(hand.events)


def test_simulate_no_store_keeps_nothing(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    assert run(["simulate", "badugi", "--hands", "5", "--no-store", "--db", str(db)]) == 0
    assert not db.exists()


def test_match_stores_every_hand(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    argv = ["match", "holdem", "--bots", "random,random", "--hands", "6", "--db", str(db)]
    assert run(argv) == 0
    with HistoryStore(db) as store:
        assert len(store) == 6
        assert {s.source for s in store.list(limit=10)} == {"match"}
