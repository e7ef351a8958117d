"""The tables of one server, kept in the SQLite file of its hand history."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

from splitpot.errors import HistoryError
from splitpot.history.store import check_writable, connect

if TYPE_CHECKING:
    from splitpot.web.tables.state import WebTable

__all__ = ["TableStore", "utc_now"]

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS web_tables (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    config TEXT NOT NULL,
    state TEXT NOT NULL,
    hand TEXT,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS web_table_hands (
    hand_id INTEGER PRIMARY KEY,
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    tokens TEXT NOT NULL
);
"""


def utc_now() -> str:
    """Now, in UTC, as ISO text to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class TableStore:
    """The tables of one server in the SQLite file of its hand history."""

    def __init__(self, path: Path) -> None:
        # As the hand history: a commit survives the process being killed at any moment; only a
        # power loss may take the last few back (then the table resumes from an earlier action).
        self.path = path
        self._db = connect(path)
        self._db.executescript(_SCHEMA)
        # each table's row as last written (config, state, hand): what a table whose next
        # change cannot be saved goes back to (TableManager), one per table
        self.saved: dict[str, tuple[str, str, str | None]] = {}

    def save(self, table: WebTable, link: tuple[int, list[str | None]] | None = None) -> None:
        """Write the table (and the hand in progress) in one transaction; ``link`` records a
        finished hand's id and its seats' token digests. :class:`HistoryError` when the file
        cannot be written (a full disk, a read-only store): then nothing of it is written."""
        config = {
            "name": table.name, "game": table.game.id, "structure": table.structure.value,
            "stakes": table.stakes.to_json(), "stakes_text": table.stakes_text,
            "buy_in": table.buy_in, "clock": table.clock, "options": table.options.to_json(),
            "mix": table.games.to_json(), "min_buy_in": table.min_buy_in,
            "max_buy_in": table.max_buy_in,
        }  # fmt: skip
        state = {
            "seats": [s.to_json() for s in table.seats], "button": table.button,
            "hands_played": table.hands_played, "hand_seats": table.hand_seats,
            "hand_started": table.hand_started.isoformat() if table.hand_started else None,
            "last_result": table.last_result, "last_log": table.last_log,
            "notice": table.notice, "timed_out": sorted(table.timed_out),
            "place": table.place.to_json(), "choosing": table.choosing,
            "ledger": table.ledger.to_json(), "chat": table.chat.to_json(),
            "host": table.host.to_json(),
        }  # fmt: skip
        hand = table.hand_log() if table.hand is not None else None
        row = (json.dumps(config), json.dumps(state), hand)
        check_writable(self.path)  # (a write to an immutable -shm would be SIGBUS)
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO web_tables (id, created, config, state, hand, updated) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                    "config = excluded.config, state = excluded.state, hand = excluded.hand, "
                    "updated = excluded.updated",
                    (table.id, table.created, *row, utc_now()),
                )
                if link is not None:
                    self._db.execute(
                        "INSERT OR REPLACE INTO web_table_hands (hand_id, table_id, number, "
                        "tokens) VALUES (?, ?, ?, ?)",
                        (link[0], table.id, table.hands_played, json.dumps(link[1])),
                    )
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise HistoryError(f"cannot save table {table.id} in {self.path}: {exc}") from None
        self.saved[table.id] = row

    def rows(self) -> list[tuple[str, str, str, str, str | None]]:
        """Every stored table: ``(id, created, config, state, hand)``."""
        rows: list[tuple[str, str, str, str, str | None]] = self._db.execute(
            "SELECT id, created, config, state, hand FROM web_tables ORDER BY created, id"
        ).fetchall()
        for row in rows:
            self.saved[row[0]] = (row[2], row[3], row[4])
        return rows

    def tokens_of(self, hand_id: int) -> list[str | None] | None:
        row = self._db.execute(
            "SELECT tokens FROM web_table_hands WHERE hand_id = ?", (hand_id,)
        ).fetchone()
        return None if row is None else list(json.loads(row[0]))

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM web_tables").fetchone()[0])

    def close(self) -> None:
        self._db.close()
