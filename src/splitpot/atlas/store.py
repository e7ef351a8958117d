"""An atlas on disk: one SQLite file with a ``meta`` table, a ``records`` table and the
``chunks`` finished so far.

- ``meta(name, value)``: what the atlas was built with, each value as JSON (game, kind,
  opponents, samples, seed, limit, sample, chunk, classes, the command, splitpot's version,
  ``complete`` once every chunk is in);
- ``records(key INTEGER PRIMARY KEY, weight, equity, std_error, scoop, award0, award1,
  options, best)``: one row per class, figures in units of 1/10,000
  (:data:`splitpot.atlas.records.SCALE`); ``options`` packs the first-draw discards' equities
  (every discard mask, as uint16) or Doogie's declaration frequencies (high, low, both);
- ``chunks(id)``: the chunks whose records are in (each chunk is written and committed in one
  transaction, so a killed build leaves whole chunks only).

The shipped atlases are packed (:func:`pack`: ``VACUUM``, then xz) and read into memory.

Reading never computes: :class:`Atlas` answers a class's record with its rank among the
atlas's classes and its percentile among starting hands (classes weighted by their hands).
"""

from __future__ import annotations

import bisect
import json
import sqlite3
from array import array
from collections.abc import Iterable, Mapping, Sequence
from itertools import accumulate
from pathlib import Path
from typing import Any, Final

from splitpot.atlas.classes import canonical, cards_of, from_canonical, text
from splitpot.atlas.records import NO_OPTION, SCALE, WAYS, Row
from splitpot.cards import Card, format_cards
from splitpot.errors import AtlasError
from splitpot.games import GameSpec, find_game

__all__ = ["FORMAT", "Atlas", "create", "get_meta", "pack", "resume", "set_meta", "write_chunk"]

FORMAT: Final = 1
_SCHEMA: Final = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE records (
    key INTEGER PRIMARY KEY, weight INTEGER NOT NULL, equity INTEGER NOT NULL,
    std_error INTEGER NOT NULL, scoop INTEGER NOT NULL, award0 INTEGER NOT NULL,
    award1 INTEGER, options BLOB, best INTEGER
);
CREATE TABLE chunks (id INTEGER PRIMARY KEY);
"""
_CHECK: Final = (
    "SELECT name, value FROM meta LIMIT 1",
    "SELECT key, weight, equity, std_error, scoop, award0, award1, options, best FROM records "
    "LIMIT 1",
    "SELECT id FROM chunks LIMIT 1",
)
"""Queries that fail on an SQLite file that is not an atlas (another program's tables)."""


def _check(db: sqlite3.Connection) -> None:
    for query in _CHECK:
        db.execute(query)


MATCHED: Final = ("game", "opponents", "samples", "seed", "limit", "sample", "chunk")
"""Meta values a resumed build must share with the file it finishes."""


def create(path: Path, meta: Mapping[str, Any]) -> sqlite3.Connection:
    """A new atlas file at ``path`` (refused if one is there)."""
    if path.exists():
        raise AtlasError(f"{path} exists: finish it with --resume, or give another --out")
    try:
        db = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error as exc:
        raise AtlasError(f"cannot create {path}: {exc}") from None
    db.executescript(_SCHEMA)
    with db:
        db.execute("BEGIN")
        db.executemany(
            "INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in meta.items()]
        )
    return db


def resume(path: Path, meta: Mapping[str, Any]) -> tuple[sqlite3.Connection, set[int]]:
    """The unfinished atlas at ``path`` and its finished chunks; its build must match ``meta``."""
    if not path.exists():
        raise AtlasError(f"--resume: {path} does not exist")
    db = _open(path, write=True)
    stored = _meta(db, path)
    for name in MATCHED:
        if stored.get(name) != meta[name]:
            raise AtlasError(
                f"--resume: {path} was built with {name} {stored.get(name)!r}, not {meta[name]!r}"
            )
    done = {row[0] for row in db.execute("SELECT id FROM chunks")}
    return db, done


def write_chunk(db: sqlite3.Connection, chunk: int, rows: Iterable[Row]) -> None:
    """Store one chunk's records and mark it finished, in one committed transaction."""
    with db:
        db.execute("BEGIN")
        db.executemany("INSERT OR REPLACE INTO records VALUES (?,?,?,?,?,?,?,?,?)", rows)
        db.execute("INSERT OR REPLACE INTO chunks VALUES (?)", (chunk,))


def set_meta(db: sqlite3.Connection, name: str, value: Any) -> None:
    """Set one meta value (committed)."""
    with db:
        db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (name, json.dumps(value)))


def get_meta(db: sqlite3.Connection, name: str) -> Any:
    """One meta value, or None."""
    found = db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
    return None if found is None else json.loads(found[0])


def _open(path: Path, write: bool = False) -> sqlite3.Connection:
    if path.suffix == ".xz" and not write:
        return _unpacked(path)
    try:
        if write:
            db = sqlite3.connect(path, isolation_level=None)
        else:
            db = sqlite3.connect(  # read-only: any thread may read (the web's workers)
                f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False
            )
        _check(db)
    except sqlite3.Error as exc:
        raise AtlasError(f"{path} is not an atlas: {exc}") from None
    return db


def _unpacked(path: Path) -> sqlite3.Connection:
    """A packed atlas (:func:`pack`), read into memory."""
    import lzma

    try:
        data = lzma.decompress(path.read_bytes())
        db = sqlite3.connect(":memory:", check_same_thread=False)  # read-only: any thread
        db.deserialize(data)
        _check(db)
    except (OSError, lzma.LZMAError, sqlite3.Error) as exc:
        raise AtlasError(f"{path} is not a packed atlas: {exc}") from None
    return db


def pack(path: Path, out: Path) -> int:
    """Write the finished atlas ``path`` compacted and xz-compressed to ``out`` (how the
    shipped atlases are stored: a fifth of the size); returns its size in bytes."""
    import lzma

    db = _open(path)
    meta = _meta(db, path)
    if not meta.get("complete"):
        raise AtlasError(f"{path} is not finished: complete it with atlas build --resume")
    copy = sqlite3.connect(":memory:")
    db.backup(copy)
    db.close()
    copy.execute("VACUUM")
    data = lzma.compress(copy.serialize(), preset=9 | lzma.PRESET_EXTREME)
    copy.close()
    out.write_bytes(data)
    return len(data)


def _meta(db: sqlite3.Connection, path: Path) -> dict[str, Any]:
    meta = {name: json.loads(value) for name, value in db.execute("SELECT name, value FROM meta")}
    if meta.get("format") != FORMAT:
        raise AtlasError(f"{path} is an atlas of format {meta.get('format')!r}, not {FORMAT}")
    return meta


def _figure(value: int | None) -> float | None:
    return None if value is None else value / SCALE


class Atlas:
    """A built atlas, read-only: records by hand or class, ranks and percentiles."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = _open(path)
        self.meta = _meta(self._db, path)
        self.game: GameSpec = find_game(self.meta["game"])
        self._order: list[tuple[int, int]] | None = None  # (equity, key), ascending
        self._cumulative: list[int] = []
        self._bulk = False
        self._count: int | None = None  # many records to rank: sort the classes once

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def __len__(self) -> int:
        return self.classes

    @property
    def classes(self) -> int:
        """How many classes the atlas holds."""
        if self._count is None:
            self._count = int(self._db.execute("SELECT COUNT(*) FROM records").fetchone()[0])
        return self._count

    def _ranking(self) -> list[tuple[int, int]]:
        if self._order is None:
            rows = self._db.execute("SELECT equity, key, weight FROM records").fetchall()
            rows.sort()
            self._order = [(e, k) for e, k, _ in rows]
            self._cumulative = list(accumulate(w for _, _, w in rows))
        return self._order

    def rank_of(self, equity: int) -> tuple[int, float]:
        """(1 + the classes with more equity, the percent of starting hands with at most
        this equity, classes weighted by their hands)."""
        if self._order is None and not self._bulk:  # one look-up: two scans in SQLite
            above, upto, total = self._db.execute(
                "SELECT SUM(equity > ?1), SUM(CASE WHEN equity <= ?1 THEN weight ELSE 0 END), "
                "SUM(weight) FROM records",
                (equity,),
            ).fetchone()
            return (above or 0) + 1, 100.0 * (upto or 0) / total if total else 0.0
        order = self._ranking()
        below = bisect.bisect_right(order, (equity, 1 << 62))
        total = self._cumulative[-1] if self._cumulative else 0
        upto = self._cumulative[below - 1] if below else 0
        return len(order) - below + 1, 100.0 * upto / total if total else 0.0

    def row(self, key: int) -> Row | None:
        """The stored row of a class, or None."""
        found = self._db.execute("SELECT * FROM records WHERE key = ?", (key,)).fetchone()
        return None if found is None else tuple(found)

    def lookup(self, cards: Sequence[int], *, ranked: bool = True) -> dict[str, Any] | None:
        """The record of the class of ``cards`` (discards in their suits), or None when the
        atlas does not hold it. ``ranked=False`` leaves out ``rank`` and ``percentile`` (the
        rest is a key look-up: the expert bot's way, at a fraction of a millisecond)."""
        if len(cards) != self.game.hole_cards:
            raise AtlasError(
                f"the hand has {len(cards)} cards; {self.game.name} deals {self.game.hole_cards}"
            )
        key, suit_map = canonical(cards)
        row = self.row(key)
        if row is None:
            return None
        record = self.record(row, suit_map, ranked=ranked)
        record["hand"] = format_cards(cards)
        return record

    def top(self, count: int) -> list[dict[str, Any]]:
        """The ``count`` classes with the most equity, best first (ties: by key)."""
        self._bulk = self._bulk or count > 5
        rows = self._db.execute(
            "SELECT * FROM records ORDER BY equity DESC, key ASC LIMIT ?", (count,)
        ).fetchall()
        return [self.record(tuple(r)) for r in rows]

    def distribution(self, bins: int = 50) -> list[int]:
        """Starting hands (classes weighted) per equity bin of width 1/``bins``."""
        counts = [0] * bins
        for equity, weight in self._db.execute("SELECT equity, weight FROM records"):
            counts[min(bins - 1, equity * bins // SCALE)] += weight
        return counts

    def record(
        self, row: Row, suit_map: Mapping[int, int] | None = None, *, ranked: bool = True
    ) -> dict[str, Any]:
        """A row as the JSON record of ``atlas show``; with ``suit_map`` (a hand's suits to
        the canonical ones), discards are named in the hand's suits."""
        key, weight, equity, error, scoop, award0, award1, options, best = row
        names = [a.name for a in self.game.awards]
        shares = [award0, award1][: len(names)]
        out: dict[str, Any] = {
            "game": self.game.id,
            "class": text(key),
            "weight": weight,
            "equity": equity / SCALE,
            "std_error": error / SCALE,
            "awards": {n: _figure(s) for n, s in zip(names, shares, strict=True)},
            "scoop": scoop / SCALE,
        }
        if ranked:
            rank, percentile = self.rank_of(equity)
            out.update(percentile=round(percentile, 2), rank=rank, classes=self.classes)
        kind = self.meta["kind"]
        if kind == "discards" and options is not None and best is not None:
            cards = cards_of(key)
            if suit_map is not None:
                cards = from_canonical(cards, dict(suit_map))
            values = array("H")
            values.frombytes(options)
            found = [(v, mask) for mask, v in enumerate(values) if v != NO_OPTION]
            found.sort(key=lambda vm: (-vm[0], vm[1] != best, vm[1]))
            out["discards"] = [
                {"discard": _named(cards, mask), "equity": v / SCALE} for v, mask in found
            ]
            out["best_discard"] = _named(cards, best)
        elif kind == "declare" and options is not None and best is not None:
            values = array("H")
            values.frombytes(options)
            out["declaration"] = WAYS[best]
            out["declarations"] = {w: v / SCALE for w, v in zip(WAYS, values, strict=True)}
        return out


def _named(cards: Sequence[Card], mask: int) -> list[str]:
    return [str(c) for i, c in enumerate(cards) if mask >> i & 1]
