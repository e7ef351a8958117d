"""Writing a table after each change, and the pause of a table whose state cannot be saved.

Every change to a table is written before anyone hears of it (:meth:`TableSaver.persist`): the
table's row, and when a hand ends, the hand to the history first. A write that fails (a full
disk, a read-only store: :class:`~splitpot.errors.HistoryError`) does not happen: the table goes
back to its row as last saved (so nothing is dealt, acted or said that the store does not
hold), *pauses* with :data:`SAVE_PAUSED` to its seats (the server logs one line), and its driver
tries the write again every :data:`SAVE_RETRY_SECONDS` (:meth:`TableSaver.save_again`) until one
succeeds; then play resumes, every chip where it was. The other tables and the rest of the
server go on.

One case keeps the change: a finished hand that reached the history when the table's own row
could not be written. The table then stays as the history has it (the hand settled) and the
row, with the hand's link, is written when the store takes writes again.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final

from splitpot.errors import HistoryError, SplitpotError

if TYPE_CHECKING:
    from splitpot.history.store import HistoryStore
    from splitpot.web.tables.state import WebTable
    from splitpot.web.tables.store import TableStore

__all__ = ["SAVE_PAUSED", "SAVE_RETRY_SECONDS", "TableSaver"]

log = logging.getLogger("splitpot.web")

SAVE_PAUSED: Final = "the server cannot save this table: the hand is paused"
"""The notice (and the refusal) of a table whose last change could not be written."""
SAVE_RETRY_SECONDS: Final = 1.0
"""How often a paused table tries its write again."""
_LIVE: Final = frozenset(
    {"id", "created", "config", "version", "bots", "connected", "away_since", "save_failed"}
)
"""What a table keeps of itself when it goes back to its saved row: what is never stored."""

Loader = Callable[[str, str, str, str, "str | None"], "WebTable"]
"""Builds a table from its stored row: ``(id, created, config, state, hand)``."""


@dataclass(slots=True)
class _Finished:
    """A hand in the history whose table row (with the hand's link and the bots' notes) is not
    written yet."""

    hand_id: int
    tokens: list[str | None]
    notes: dict[int, str]


class TableSaver:
    """Writes the tables of one server (see the module docstring). ``notes`` is the manager's
    bots' reasons per table; ``load`` rebuilds a table from its row; ``resync`` puts a table's
    connections back on the seats of a table that went back to its saved row."""

    def __init__(
        self,
        store: TableStore,
        history: HistoryStore,
        notes: dict[str, dict[int, str]],
        load: Loader,
        resync: Callable[[WebTable], None],
    ) -> None:
        self.store = store
        self.history = history
        self.notes = notes
        self._load = load
        self._resync = resync
        self._finished: dict[str, _Finished] = {}

    def persist(self, table: WebTable) -> bool:
        """Write ``table`` after a change; ``False`` when it could not be written: then the
        table went back to what was saved and is paused."""
        try:
            self._write(table)
        except HistoryError as exc:
            self._cannot_save(table, exc)
            return False
        return True

    def save_again(self, table: WebTable) -> float:
        """A paused table tries its write again: 0 when it succeeded (play resumes), else how
        long to wait before the next try."""
        try:
            self._write(table)
        except HistoryError:
            return SAVE_RETRY_SECONDS
        table.save_failed = None
        table.turn_key = table.bank_started = None  # the clocks start again: the pause was
        if table.choice_deadline is not None:  # nobody's time
            table.choice_deadline = time.time() + table.clock
        table.version += 1
        log.warning("table %s: saved again; play resumes", table.id)
        return 0.0

    def _write(self, table: WebTable) -> None:
        """Write the table; a finished hand goes to the history first."""
        finished = self._finished.get(table.id)
        if finished is None and table.hand is not None and table.hand.is_over:
            finished = self._record(table)
        if finished is None:
            self.store.save(table)
            return
        if finished.notes:
            self.history.add_notes(finished.hand_id, finished.notes)
            finished.notes = {}
        self.store.save(table, link=(finished.hand_id, finished.tokens))
        del self._finished[table.id]

    def _record(self, table: WebTable) -> _Finished:
        """The finished hand into the history (unless it is there already), then settled at
        the table; from here the table keeps it, saved or not."""
        hand = table.hand
        assert hand is not None
        hand_id = self.history.find(hand.events)
        if hand_id is None:
            hand_id = self.history.add(
                hand.events, "web", started=table.hand_started, ended=datetime.now(UTC)
            )
        tokens = [table.seats[s].token_hash for s in table.hand_seats]
        finished = _Finished(hand_id, tokens, self.notes.pop(table.id, {}))
        self._finished[table.id] = finished
        table.finish(hand_id)
        return finished

    def _cannot_save(self, table: WebTable, exc: HistoryError) -> None:
        """The table's last change could not be written: it goes back to its saved row (but
        for a hand the history holds) and pauses; one log line when the pause begins."""
        if table.save_failed is None:
            log.error("table %s: paused, its state cannot be saved: %s", table.id, exc)
        saved = self.store.saved.get(table.id)
        if table.id not in self._finished and saved is not None:
            self._restore(table, saved)
        table.save_failed = str(exc)
        table.version += 1

    def _restore(self, table: WebTable, saved: tuple[str, str, str | None]) -> None:
        try:
            fresh = self._load(table.id, table.created, *saved)
        except (SplitpotError, KeyError, TypeError, ValueError):  # pragma: no cover
            return  # (it was saved, so it loads; else the table stays as it is)
        fresh.host.refused, fresh.host.tries = table.host.refused, table.host.tries  # not stored
        for item in dataclasses.fields(table):
            if item.name not in _LIVE:
                setattr(table, item.name, getattr(fresh, item.name))
        events = len(table.hand.events) if table.hand is not None else 0
        notes = self.notes.get(table.id, {})
        for index in [i for i in notes if i >= events]:  # the notes of actions undone
            del notes[index]
        self._resync(table)
        now = time.monotonic()
        for seat, info in enumerate(table.seats):  # a person back in a seat, unconnected
            if info.kind == "human" and not table.connected.get(seat):
                table.away_since.setdefault(seat, now)
