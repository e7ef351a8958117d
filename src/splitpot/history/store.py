"""The hand-history store: every finished hand, kept in one SQLite file.

    >>> with HistoryStore("hands.sqlite3") as store:          # doctest: +SKIP
    ...     hand_id = store.add(hand.events, source="simulate")
    ...     store.get(hand_id).events == hand.events

Where: ``HistoryStore()`` opens ``$SPLITPOT_DB`` if set, else
``$XDG_DATA_HOME/splitpot/history.sqlite3``, else ``~/.local/share/splitpot/history.sqlite3``,
creating the folders. ``HistoryStore(path)`` opens that file instead.

Durability: :meth:`HistoryStore.add` writes one hand in one transaction and commits it before it
returns, so a hand is in the store the moment it ends. The database runs in WAL mode: a process
killed at any moment (even ``kill -9`` in the middle of a write) loses no committed hand and
leaves the file readable; the half-written transaction is rolled back when the file is next
opened. With the default ``synchronous="normal"`` a commit does not wait for the disk, which
keeps ``simulate`` fast; a crash of the whole machine (power loss) may then lose the last few
hands, never the file's consistency. ``synchronous="full"`` waits for the disk on every hand.

Schema (version 1): a ``meta`` table (``schema_version``) and a ``hands`` table with one row per
hand: the full event log as JSON (secrets included: the deck, the reshuffle seed, every hole
card, so that :meth:`Hand.replay` rebuilds it), and columns for listing without reading it:
game, structure, stakes, seat names, button, started and ended times (UTC, ISO 8601), starting
and final stacks, and a result summary (showdown or not, pot, payouts, each seat's net).

Notes: a side table ``notes`` (hand id, the index of an event in its log, text) holds a bot's
one-line reason for an action (:meth:`HistoryStore.add_notes`, :meth:`HistoryStore.notes`); it
is created when a file is opened, in files of version 1 too (the hands and their logs are
unchanged, so an older splitpot still reads the file and ignores the table).
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import hashlib
import json
import os
import sqlite3
import struct
import sys
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal

from splitpot.engine.events import Event
from splitpot.engine.muck import redact_mucks
from splitpot.errors import HandNotFoundError, HistoryError

__all__ = [
    "SCHEMA_VERSION",
    "SOURCES",
    "HandNotFoundError",
    "HandSummary",
    "HistoryError",
    "HistoryStore",
    "StoredHand",
    "check_writable",
    "connect",
    "default_path",
    "set_up_connection",
]

SCHEMA_VERSION: Final = 1
SOURCES: Final = ("simulate", "match", "play", "web", "import")
"""Where a stored hand came from; ``import`` is for hands read from a file."""


def default_path() -> Path:
    """``$SPLITPOT_DB``, else ``$XDG_DATA_HOME/splitpot/history.sqlite3``, else
    ``~/.local/share/splitpot/history.sqlite3``."""
    override = os.environ.get("SPLITPOT_DB")
    if override:
        return Path(override).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME")
    # The XDG spec: a relative XDG_DATA_HOME is invalid and must be ignored.
    base = (
        Path(data_home)
        if data_home and Path(data_home).is_absolute()
        else Path.home() / ".local" / "share"
    )
    return base / "splitpot" / "history.sqlite3"


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One stored hand's columns (everything but the event log)."""

    id: int
    source: str
    game: str
    structure: str
    stakes: Mapping[str, int]
    players: tuple[str, ...]
    button: str
    started: datetime | None
    ended: datetime
    starting_stacks: tuple[int, ...]
    final_stacks: tuple[int, ...]
    result: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (times as ISO 8601 text)."""
        return {
            "id": self.id,
            "source": self.source,
            "game": self.game,
            "structure": self.structure,
            "stakes": dict(self.stakes),
            "players": list(self.players),
            "button": self.button,
            "started": self.started.isoformat() if self.started else None,
            "ended": self.ended.isoformat(),
            "starting_stacks": list(self.starting_stacks),
            "final_stacks": list(self.final_stacks),
            "result": dict(self.result),
        }


@dataclass(frozen=True, slots=True)
class StoredHand(HandSummary):
    """A stored hand with its full event log (``Hand.replay(stored.events)`` rebuilds it)."""

    events: tuple[Event, ...] = ()


_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hands (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    source          TEXT NOT NULL,
    game            TEXT NOT NULL,
    structure       TEXT NOT NULL,
    stakes          TEXT NOT NULL,
    players         TEXT NOT NULL,
    seat_count      INTEGER NOT NULL,
    button          TEXT NOT NULL,
    started         TEXT,
    ended           TEXT NOT NULL,
    starting_stacks TEXT NOT NULL,
    final_stacks    TEXT NOT NULL,
    result          TEXT NOT NULL,
    digest          TEXT NOT NULL,
    events          TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS hands_by_game ON hands (game, id);
CREATE INDEX IF NOT EXISTS hands_by_digest ON hands (digest);
"""

_NOTES: Final = """
CREATE TABLE IF NOT EXISTS notes (
    hand  INTEGER NOT NULL,
    event INTEGER NOT NULL,
    text  TEXT NOT NULL,
    PRIMARY KEY (hand, event)
)
"""

_INSERT: Final = (
    "INSERT INTO hands (source, game, structure, stakes, players, seat_count, button, started, "
    "ended, starting_stacks, final_stacks, result, digest, events) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_SUMMARY_COLUMNS: Final = (
    "id, source, game, structure, stakes, players, button, started, ended, "
    "starting_stacks, final_stacks, result"
)


def events_digest(events: Sequence[Event]) -> str:
    """A SHA-256 of the event log (the same hand always has the same digest)."""
    text = json.dumps([e.to_json() for e in events], separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def summarize(events: Sequence[Event]) -> dict[str, Any]:
    """The columns of a finished hand's log (raises :class:`HistoryError` if it is not one)."""
    if not events or events[0].kind != "start":
        raise HistoryError("a hand's event log starts with its start event")
    if "deck" not in events[0].secret:
        raise HistoryError("only a full event log is stored, not one seat's view (it has no deck)")
    if events[-1].kind != "end":
        raise HistoryError("the hand is not finished: its log does not end with an end event")
    start = events[0].data
    names = tuple(start["names"])
    final = tuple(events[-1].data["stacks"])
    starting = tuple(start["stacks"])
    if len(final) != len(names) or len(starting) != len(names):
        raise HistoryError("the log's stacks do not match its seats")
    payouts: dict[str, int] = {}
    showdown = False
    for event in events:
        if event.kind == "settle":  # (a hand run twice settles each run: both are counted)
            showdown = True
            for name, chips in event.data["payouts"].items():
                payouts[str(name)] = payouts.get(str(name), 0) + int(chips)
        elif event.kind == "win" and event.seat is not None:
            payouts = {names[event.seat]: int(event.data["amount"])}
    result = {
        "showdown": showdown,
        "pot": sum(payouts.values()),
        "payouts": payouts,
        "net": {name: end - begin for name, begin, end in zip(names, starting, final, strict=True)},
    }
    return {
        "game": str(start["game"]),
        "structure": str(start["structure"]),
        "stakes": dict(start["stakes"]),
        "players": list(names),
        "seat_count": len(names),
        "button": names[int(start["button"])],
        "starting_stacks": list(starting),
        "final_stacks": list(final),
        "result": result,
    }


def _filters(game: str | None, source: str | None) -> tuple[str, builtins.list[str]]:
    """A WHERE clause (or nothing) for the game and source filters."""
    clauses = [(column, value) for column, value in (("game", game), ("source", source)) if value]
    if not clauses:
        return "", []
    return "WHERE " + " AND ".join(f"{c} = ?" for c, _ in clauses), [v for _, v in clauses]


def _utc(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.astimezone()  # a naive time is the machine's local time
    return moment.astimezone(UTC).isoformat()


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


_AT_FDCWD: Final = -100
_STATX_ATTRIBUTES: Final = 8  # the offset of stx_attributes in struct statx (256 bytes)
_UNWRITABLE: Final = 0x10 | 0x20  # STATX_ATTR_IMMUTABLE, STATX_ATTR_APPEND (chattr +i, +a)


@functools.cache
def _statx() -> Any:
    """The C library's ``statx``, or None."""
    import ctypes

    found = getattr(ctypes.CDLL(None, use_errno=True), "statx", None)
    if found is not None:
        found.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_uint,
                          ctypes.c_void_p]  # fmt: skip
        found.restype = ctypes.c_int
    return found


def _attributes(path: Path) -> int | None:
    """The inode attribute flags of ``path`` (Linux ``statx``), None where they cannot be read.

    Read by path, never through a descriptor: closing any descriptor of a file drops every
    POSIX lock the process holds on it, SQLite's own among them. Checked that way before each
    write (until 2026-12-07), two processes writing one history corrupted it within seconds:
    the one that closed last saw no other reader, checkpointed and deleted the WAL under the
    other's open connection (``database disk image is malformed``)."""
    import ctypes  # (imported here: only Linux needs it)

    statx = _statx()
    if statx is None:
        return None  # (a C library without statx: glibc before 2.28)
    buffer = ctypes.create_string_buffer(256)
    if statx(_AT_FDCWD, os.fsencode(path), 0, 0, buffer) != 0:
        return None  # (not there yet: SQLite creates it)
    return int(struct.unpack_from("Q", buffer.raw, _STATX_ATTRIBUTES)[0])


def check_writable(path: Path) -> None:
    """Refuse (:class:`HistoryError`) to write an SQLite file whose file system is mounted
    read-only or whose file, ``-wal`` or ``-shm`` is immutable or append-only (Linux).

    SQLite maps the ``-shm`` of a WAL database into memory; a write to that memory once the
    file has become immutable, or its file system read-only after an error, kills the process
    with SIGBUS, with nothing logged. Checked before each write, such a store is refused like
    any other that cannot be written. (A change that lands during a write itself is not seen.)
    The files are never opened for it (see :func:`_attributes`).
    """
    try:
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            raise HistoryError(f"cannot write {path}: its file system is mounted read-only")
    except OSError:
        return  # (the write itself says what is wrong)
    if sys.platform != "linux":
        return
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        flags = _attributes(name)
        if flags is not None and flags & _UNWRITABLE:
            raise HistoryError(f"cannot write {name}: the file is immutable or append-only")


def connect(path: Path, *, timeout: float = 10.0) -> sqlite3.Connection:
    """A connection to the SQLite file at ``path``, set up as :func:`set_up_connection` says
    (the web tables' store opens the hand history's file with it)."""
    db = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    try:
        set_up_connection(db, timeout=timeout, where=str(path))
    except BaseException:
        db.close()
        raise
    return db


def set_up_connection(
    db: sqlite3.Connection,
    *,
    synchronous: Literal["normal", "full"] = "normal",
    timeout: float = 10.0,
    where: str = "the database",
) -> None:
    """Every connection's settings: transactions are explicit (``BEGIN IMMEDIATE`` ...
    ``COMMIT``; the connection is in autocommit mode), writers wait up to ``timeout`` for each
    other, WAL journal (readers never block the writer). With ``synchronous`` normal, a commit
    survives the process being killed at any moment; only a power loss may take the last few
    back. :class:`HistoryError` when the file system does not allow WAL."""
    db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        raise HistoryError(f"{where}: the file system does not allow WAL mode")
    db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
    db.execute("PRAGMA foreign_keys = ON")


class HistoryStore:
    """Finished hands in one SQLite file; see the module docstring."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        create: bool = True,
        synchronous: Literal["normal", "full"] = "normal",
        timeout: float = 10.0,
    ) -> None:
        self.path = Path(path).expanduser() if path is not None else default_path()
        if synchronous not in ("normal", "full"):
            raise HistoryError(f"synchronous {synchronous!r}: use normal or full")
        self._lock = threading.RLock()
        if not create and not self.path.exists():
            raise HistoryError(f"no hand history at {self.path}")
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            # One connection, shared by threads (a web server's workers) under ``_lock``.
            self._db = sqlite3.connect(
                self.path, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as exc:
            raise HistoryError(f"cannot open the hand history {self.path}: {exc}") from None
        try:
            set_up_connection(
                self._db, synchronous=synchronous, timeout=timeout, where=str(self.path)
            )
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise HistoryError(f"{self.path} is not a splitpot hand history: {exc}") from None
        except HistoryError:
            self._db.close()
            raise

    # ------------------------------------------------------------------ schema

    def _migrate(self) -> None:
        tables = {
            row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if "meta" in tables:
            row = self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            version = int(row[0]) if row and str(row[0]).isdigit() else None
            if version is None:
                raise HistoryError(
                    f"{self.path} is not a splitpot hand history (no schema version)"
                )
            if version > SCHEMA_VERSION:
                raise HistoryError(
                    f"{self.path} was written by a newer splitpot (schema version {version}; "
                    f"this one reads up to {SCHEMA_VERSION})"
                )
            # Future versions migrate here, one step at a time, each in its own transaction.
            # the side table of notes, in any version-1 file (a read-only file: no notes)
            with contextlib.suppress(sqlite3.OperationalError):
                self._db.execute(_NOTES)
            return
        if tables - {"sqlite_sequence"}:
            raise HistoryError(
                f"{self.path} is an SQLite file of something else (tables: "
                f"{', '.join(sorted(tables))})"
            )
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute(_NOTES)
            self._db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                (str(SCHEMA_VERSION),),
            )
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    @property
    def schema_version(self) -> int:
        """The schema version of the open file."""
        rows = self._query("SELECT value FROM meta WHERE key = 'schema_version'", ())
        return int(rows[0][0])

    # ------------------------------------------------------------------ writing

    def add(
        self,
        events: Sequence[Event],
        source: str = "simulate",
        *,
        started: datetime | None = None,
        ended: datetime | None = None,
    ) -> int:
        """Store one finished hand (its full event log); returns its id once committed.

        ``started`` and ``ended`` are when the hand began and ended (``ended`` defaults to now);
        naive times are taken as local time. Stored in UTC.
        """
        return self.add_many([(events, started, ended)], source)[0]

    def add_many(
        self,
        hands: Iterable[tuple[Sequence[Event], datetime | None, datetime | None]],
        source: str = "import",
    ) -> builtins.list[int]:
        """Store several finished hands, each ``(events, started, ended)``, in one transaction:
        all of them or none. Returns their ids in order."""
        if source not in SOURCES:
            raise HistoryError(f"source {source!r}: use one of {', '.join(SOURCES)}")
        rows = [
            self._row(tuple(events), source, started, ended) for events, started, ended in hands
        ]
        ids: builtins.list[int] = []
        with self._lock:
            check_writable(self.path)
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for row in rows:
                        cursor = self._db.execute(_INSERT, row)
                        assert cursor.lastrowid is not None
                        ids.append(cursor.lastrowid)
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise HistoryError(f"cannot store the hand in {self.path}: {exc}") from None
        return ids

    @staticmethod
    def _row(
        events: tuple[Event, ...], source: str, started: datetime | None, ended: datetime | None
    ) -> tuple[Any, ...]:
        events = tuple(redact_mucks(events))  # a mucked hand is never stored (engine.muck)
        columns = summarize(events)
        return (
            source,
            columns["game"],
            columns["structure"],
            json.dumps(columns["stakes"]),
            json.dumps(columns["players"], ensure_ascii=False),
            columns["seat_count"],
            columns["button"],
            _utc(started),
            _utc(ended or datetime.now(UTC)),
            json.dumps(columns["starting_stacks"]),
            json.dumps(columns["final_stacks"]),
            json.dumps(columns["result"], ensure_ascii=False),
            events_digest(events),
            json.dumps([e.to_json() for e in events], ensure_ascii=False, separators=(",", ":")),
        )

    # ------------------------------------------------------------------ reading

    def __len__(self) -> int:
        return int(self._query("SELECT COUNT(*) FROM hands", ())[0][0])

    def count(self, game: str | None = None, *, source: str | None = None) -> int:
        """How many hands are stored (of ``game`` and from ``source`` only, if given)."""
        where, params = _filters(game, source)
        return int(self._query(f"SELECT COUNT(*) FROM hands {where}", params)[0][0])

    def list(
        self,
        limit: int | None = 50,
        offset: int = 0,
        game: str | None = None,
        *,
        source: str | None = None,
        newest_first: bool = True,
    ) -> builtins.list[HandSummary]:
        """Stored hands' summaries, newest first (``limit=None``: all of them), of ``game`` and
        from ``source`` only, if given."""
        where, params = _filters(game, source)
        order = "DESC" if newest_first else "ASC"
        sql = f"SELECT {_SUMMARY_COLUMNS} FROM hands {where} ORDER BY id {order} LIMIT ? OFFSET ?"
        rows = self._query(sql, (*params, -1 if limit is None else limit, offset))
        return [self._summary(row) for row in rows]

    def ids(self, game: str | None = None) -> builtins.list[int]:
        """Every stored hand's id, oldest first."""
        if game is None:
            rows = self._query("SELECT id FROM hands ORDER BY id", ())
        else:
            rows = self._query("SELECT id FROM hands WHERE game = ? ORDER BY id", (game,))
        return [int(row[0]) for row in rows]

    def get(self, hand_id: int) -> StoredHand:
        """The stored hand with this id (its events and columns)."""
        rows = self._query(
            f"SELECT {_SUMMARY_COLUMNS}, events FROM hands WHERE id = ?", (int(hand_id),)
        )
        if not rows:
            raise HandNotFoundError(f"no hand {hand_id} in {self.path}")
        row = rows[0]
        summary = self._summary(row[:-1])
        try:
            events = tuple(Event.from_json(item) for item in json.loads(row[-1]))
        except (ValueError, TypeError) as exc:
            raise HistoryError(f"hand {hand_id} in {self.path} is damaged: {exc}") from None
        return StoredHand(
            **{name: getattr(summary, name) for name in HandSummary.__slots__}, events=events
        )

    def add_notes(self, hand_id: int, notes: Mapping[int, str]) -> None:
        """Keep ``notes`` for hand ``hand_id``: ``{index of an event in its log: text}`` (a
        bot's reason for its action; a note already kept for that event is replaced)."""
        rows = [(int(hand_id), int(event), str(text)) for event, text in notes.items()]
        if not rows:
            return
        with self._lock:
            check_writable(self.path)
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany(
                    "INSERT OR REPLACE INTO notes (hand, event, text) VALUES (?, ?, ?)", rows
                )
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                if self._db.in_transaction:  # (a rollback that fails too is the same refusal)
                    with contextlib.suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                raise HistoryError(f"cannot write notes to {self.path}: {exc}") from None

    def notes(self, hand_id: int) -> dict[int, str]:
        """Hand ``hand_id``'s notes by event index (empty when it has none)."""
        try:
            rows = self._query(
                "SELECT event, text FROM notes WHERE hand = ? ORDER BY event", (int(hand_id),)
            )
        except HistoryError:  # a read-only file opened before notes existed
            return {}
        return {int(row[0]): str(row[1]) for row in rows}

    def __iter__(self) -> Iterator[StoredHand]:
        """Every stored hand, oldest first."""
        for hand_id in self.ids():
            yield self.get(hand_id)

    def find(self, events: Sequence[Event]) -> int | None:
        """The id of a stored hand with exactly this event log, or ``None``."""
        rows = self._query(
            "SELECT id FROM hands WHERE digest = ? ORDER BY id LIMIT 1", (events_digest(events),)
        )
        return int(rows[0][0]) if rows else None

    def _query(self, sql: str, params: Sequence[Any]) -> builtins.list[Any]:
        try:
            with self._lock:
                return self._db.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error as exc:
            raise HistoryError(f"cannot read {self.path}: {exc}") from None

    @staticmethod
    def _summary(row: Sequence[Any]) -> HandSummary:
        return HandSummary(
            id=int(row[0]),
            source=row[1],
            game=row[2],
            structure=row[3],
            stakes=json.loads(row[4]),
            players=tuple(json.loads(row[5])),
            button=row[6],
            started=_time(row[7]),
            ended=_time(row[8]) or datetime.fromtimestamp(0, UTC),
            starting_stacks=tuple(json.loads(row[9])),
            final_stacks=tuple(json.loads(row[10])),
            result=json.loads(row[11]),
        )

    # ------------------------------------------------------------------ closing

    def close(self) -> None:
        """Close the file (every added hand is already committed)."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
