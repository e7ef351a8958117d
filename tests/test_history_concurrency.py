"""Two processes writing one hand history (two ``splitpot match`` runs, a server and a CLI):
no committed hand is lost and the file stays whole.

Until 2026-12-07 the store checked each write's files for ``chattr +i`` through a descriptor
it opened and closed, and closing it dropped the process's POSIX locks on the file, SQLite's
among them: the process that closed last saw no other reader, checkpointed and deleted the WAL
under the other's open connection. Two 1,000-hand matches run side by side ended in ``database
disk image is malformed``; this test lost hands or corrupted the file within seconds."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

from splitpot.engine.events import Action
from splitpot.engine.hand import Hand
from splitpot.history import HistoryStore

_WRITER = """
import json, sys
from splitpot.engine.events import Event
from splitpot.history import HistoryStore

path, mode, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
events = [Event.from_json(e) for e in json.load(open(sys.argv[4]))]
written = 0
if mode == "hold":  # one store, open all along (a server)
    with HistoryStore(path) as store:
        for _ in range(count):
            store.add(events, "simulate")
            written += 1
else:  # a store per hand, opened and closed (one short run after another)
    for _ in range(count):
        with HistoryStore(path) as store:
            store.add(events, "simulate")
            written += 1
print(written)
"""


def _a_hand() -> Hand:
    hand = Hand("badugi", stacks=[200, 200], button=0, rng=random.Random(5))
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.phase == "draw":
            hand.apply(Action.stand_pat())
        else:
            hand.apply(Action.check() if legal.check else Action.call())
    return hand


def test_two_processes_writing_one_history_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite3"
    log = tmp_path / "hand.json"
    log.write_text(json.dumps([e.to_json() for e in _a_hand().events]), encoding="utf-8")
    HistoryStore(db).close()
    writers = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(db), mode, str(count), str(log)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for mode, count in (("hold", 400), ("reopen", 200), ("reopen", 200))
    ]  # fmt: skip
    written = 0
    for writer in writers:
        out, err = writer.communicate(timeout=240)
        assert writer.returncode == 0, err
        written += int(out)
    assert written == 800
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with HistoryStore(db) as store:
        assert len(store) == written
