"""The :class:`TableManager` owns the tables of one server.

It keeps them in SQLite (the table row is written after every change, the hand in progress as
its full log), drives each table with an asyncio task (deals, bots, clocks) and sends every
change to every connection of the table. On start-up it loads the tables back; a hand in
progress is resumed by replaying its log, or cancelled with every chip returned when its log
does not replay. A table whose state cannot be saved pauses until it can (:mod:`.saving`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from splitpot.engine.events import events_from_json
from splitpot.engine.hand import Hand
from splitpot.engine.mixed import Mix, MixPlace, stakes_for
from splitpot.engine.options import Options, Stakes
from splitpot.errors import BadRequest, HistoryError, LogError, SplitpotError
from splitpot.games import find_game
from splitpot.games.streets import Structure
from splitpot.history.store import HistoryStore
from splitpot.web.config import ServerConfig
from splitpot.web.tables import choice, host, sockets
from splitpot.web.tables.chat import Chat
from splitpot.web.tables.driver import TableDriver, start_clock
from splitpot.web.tables.host import HostState
from splitpot.web.tables.ledger import Ledger, LedgerRow
from splitpot.web.tables.lobby import new_table
from splitpot.web.tables.pacing import Pacer
from splitpot.web.tables.saving import SAVE_PAUSED, TableSaver
from splitpot.web.tables.sockets import Client
from splitpot.web.tables.state import Seat, WebTable, token_digest
from splitpot.web.tables.store import TableStore

__all__ = ["THINKERS", "Client", "TableManager"]

log = logging.getLogger("splitpot.web")
THINKERS: Final = 2  # bots thinking at once, all tables together (a bot's turn waits its turn)


class TableManager:
    """Every table of the server: storage, driving tasks and connections."""

    def __init__(self, config: ServerConfig, history: HistoryStore) -> None:
        self.config = config
        self.history = history
        self.store = TableStore(history.path)
        self.tables: dict[str, WebTable] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.wake: dict[str, asyncio.Event] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self.clients: dict[str, set[Client]] = {}
        # the bots' reasons in each table's hand in progress: {event index: reason}; kept
        # beside the log (HistoryStore.add_notes) when the hand ends, for the replayer
        self.notes: dict[str, dict[int, str]] = {}
        self.pacer = Pacer()  # the tables' steps take turns: each gives way to the rest
        self._thinkers: anyio.CapacityLimiter | None = None
        self.saver = TableSaver(
            self.store, history, self.notes, self._load,
            lambda table: sockets.resync(table, self.clients[table.id]),
        )  # fmt: skip

    def thinkers(self) -> anyio.CapacityLimiter:
        """The worker threads the bots think in, :data:`THINKERS` at once for every table:
        more would not think faster on a machine's few cores, and each thread that ever
        thinks keeps a memory pool of its own, so a server of many bot tables grew for as
        long as it ran (issue 26)."""
        if self._thinkers is None:
            self._thinkers = anyio.CapacityLimiter(THINKERS)
        return self._thinkers

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Load every stored table (resuming or cancelling its hand) and start driving them."""
        for row in self.store.rows():
            try:
                table = self._load(*row)
            except (SplitpotError, KeyError, TypeError, ValueError) as exc:
                log.error("table %s could not be loaded: %s", row[0], exc)
                continue
            if table.hand is not None and not table.hand.is_over:
                log.info("table %s: hand %d resumed", table.id, table.hands_played + 1)
            self._add(table)
            self.persist(table)  # (a hand that ended as the server stopped is settled now)

    async def stop(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.store.close()

    def _add(self, table: WebTable) -> None:
        self.tables[table.id] = table
        self.locks[table.id] = asyncio.Lock()
        self.wake[table.id] = asyncio.Event()
        self.clients[table.id] = set()
        driver = TableDriver(self, table)
        self._tasks[table.id] = asyncio.create_task(driver.run(), name=f"table {table.id}")

    def _load(
        self, table_id: str, created: str, config_text: str, state_text: str, hand_text: str | None
    ) -> WebTable:
        config = json.loads(config_text)
        state = json.loads(state_text)
        if "mix" in config:
            mix = Mix.from_json(config["mix"])
        else:  # a table stored before mixes
            first = find_game(config["game"])
            mix = Mix(games=(first,), structures={first.id: Structure(config["structure"])})
        place = MixPlace.from_json(state.get("place"))
        game = mix.games[place.index]
        stakes = stakes_for(config["stakes_text"], game) if mix.mixed else None
        table = WebTable(
            id=table_id,
            name=config["name"],
            game=game,
            structure=mix.structure_of(game),
            stakes=stakes or Stakes(**config["stakes"]),
            stakes_text=config["stakes_text"],
            buy_in=config["buy_in"],
            clock=config["clock"],
            options=Options.from_json(config.get("options", {})),
            seats=[Seat.from_json(s) for s in state["seats"]],
            created=created,
            config=self.config,
            button=state["button"],
            hands_played=state["hands_played"],
            last_result=state["last_result"],
            last_log=state["last_log"],
            notice=state.get("notice"),
            mix=mix,
            place=place,
            chat=Chat.from_json(state.get("chat")),
            host=HostState.from_json(state.get("host")),
            min_buy_in=config.get("min_buy_in", 0),
            max_buy_in=config.get("max_buy_in", 0),
        )
        table.ledger = (
            Ledger.from_json(state["ledger"]) if "ledger" in state else _ledger_of(table.seats)
        )
        if state.get("choosing") is not None:  # the choice's clock starts again
            choice.ask_choice(table, int(state["choosing"]), announce=False)
        now = time.monotonic()
        table.away_since = {i: now for i, seat in enumerate(table.seats) if seat.kind == "human"}
        if hand_text:
            table.hand_seats = list(state["hand_seats"])
            table.timed_out = set(state.get("timed_out", []))
            started = state.get("hand_started")
            table.hand_started = datetime.fromisoformat(started) if started else None
            try:
                events = events_from_json(hand_text.splitlines())
                table.hand = Hand.replay(events)
            except SplitpotError as exc:
                starting = _starting_stacks(hand_text, len(table.hand_seats))
                table.cancel(f"its log could not be replayed: {exc}", starting)
                log.warning("table %s: %s", table_id, table.notice)
        return table

    # ------------------------------------------------------------------ tables

    def create(self, body: Mapping[str, Any]) -> tuple[WebTable, int | None, str | None]:
        """A new table from the lobby's form; see docs/web-protocol.md."""
        if sum(not t.host.closed for t in self.tables.values()) >= self.config.max_tables:
            raise BadRequest(f"the server has its maximum of {self.config.max_tables} tables", 409)
        if self.config.seed is not None:
            table_id = f"t{self.store.count() + 1}"
        else:
            table_id = secrets.token_urlsafe(6)
        table, seat, token = new_table(body, table_id=table_id, config=self.config)
        try:
            self.store.save(table)
        except HistoryError as exc:
            log.error("a new table could not be saved: %s", exc)
            raise BadRequest(f"the server cannot save a new table: {exc}", 503) from None
        self._add(table)
        return table, seat, token

    def get(self, table_id: str) -> WebTable:
        table = self.tables.get(table_id)
        if table is None:
            raise BadRequest(f"no table {table_id!r}", 404)
        return table

    async def join(
        self, table: WebTable, body: Mapping[str, Any], client: str
    ) -> tuple[dict[str, Any], int]:
        """A person asks for a seat (:func:`host.join`): the answer's fields and status."""
        async with self.locks[table.id]:
            if table.save_failed is not None:
                raise BadRequest(SAVE_PAUSED, 503)
            answer, status = host.join(table, body, client)
            saved = self.persist(table)
        await self.changed(table)
        if not saved:
            raise BadRequest(SAVE_PAUSED, 503)
        return answer, status

    def seat_in_hand(self, hand_id: int, token: str) -> int | None:
        """The seat (in the hand's own numbering) that ``token`` held in stored hand
        ``hand_id``, or ``None``: for the history viewer's own-cards view."""
        tokens = self.store.tokens_of(hand_id)
        if not tokens or not isinstance(token, str):
            return None
        digest = token_digest(token)
        for index, held in enumerate(tokens):
            if held is not None and secrets.compare_digest(held, digest):
                return index
        return None

    # ------------------------------------------------------------------ changes

    def persist(self, table: WebTable) -> bool:
        """Write the table after a change; a finished hand goes to the history first.
        ``False`` when it cannot be written: the table went back to what was saved and is
        paused (:meth:`TableSaver.persist`)."""
        return self.saver.persist(table)

    async def changed(self, table: WebTable) -> None:
        self.wake[table.id].set()
        await self.broadcast(table)

    # ------------------------------------------------------------------ connections

    async def broadcast(self, table: WebTable) -> None:
        if table.hand is not None and not table.hand.is_over:
            start_clock(table)  # a new turn's clock starts as it is announced
        for client in list(self.clients.get(table.id, ())):
            await self.send(table, client)
            await self.send_chat(table, client)

    async def send_chat(self, table: WebTable, client: Client) -> None:
        """The chat messages this client has not been sent yet (on connect: the kept ones)."""
        fresh = table.chat.since(client.chat_seen)
        if fresh:
            client.chat_seen = fresh[-1]["id"]
            await self.send(table, client, {"type": "chat", "messages": fresh})

    async def send(
        self, table: WebTable, client: Client, message: dict[str, Any] | None = None
    ) -> None:
        """Send ``message`` (by default the client's ``state``, built when its turn to go out
        comes: two broadcasts interleaved at an ``await`` must not deliver a newer state before
        an older one)."""
        async with client.sending:
            try:
                await client.socket.send_json(
                    table.state_for(client.seat, client.token_hash) if message is None else message
                )
            except (WebSocketDisconnect, RuntimeError, OSError):
                self.clients[table.id].discard(client)

    async def connect(self, socket: WebSocket, table_id: str) -> None:
        """Serve one websocket until it closes (:func:`sockets.serve`)."""
        await sockets.serve(self, socket, table_id)


def _ledger_of(seats: list[Seat]) -> Ledger:
    """A ledger for a table stored before ledgers: each seat's chips bought, and one row for
    the chips taken away by people who left."""
    rows = [
        LedgerRow(name=s.name, kind=s.kind, bot=s.bot, seat=i, buy_in=s.bought)
        for i, s in enumerate(seats)
        if s.kind != "open"
    ]
    for index, seat in enumerate(seats):
        if seat.kind == "open" and seat.bought:
            rows.append(LedgerRow(name=f"Earlier players of seat {index}", kind="earlier",
                                  buy_in=seat.bought, cashed_out=seat.left_with))  # fmt: skip
        elif seat.left_with:
            rows.append(LedgerRow(name=f"Earlier players of seat {index}", kind="earlier",
                                  cashed_out=seat.left_with))  # fmt: skip
    return Ledger(rows)


def _starting_stacks(hand_text: str, seats: int) -> list[int]:
    """The stacks a stored hand began with, from its first (start) event."""
    first = json.loads(hand_text.splitlines()[0])
    stacks = first["stacks"]
    if first.get("kind") != "start" or len(stacks) != seats:
        raise LogError("the hand's start event is malformed: its chips cannot be returned")
    return [int(s) for s in stacks]
