"""The :class:`TableManager` owns the tables of one server.

It keeps them in SQLite (the table row is written after every change, the hand in progress as
its full log), drives each table with an asyncio task (deals, bots, clocks) and sends every
change to every connection of the table. On start-up it loads the tables back; a hand in
progress is resumed by replaying its log, or cancelled with every chip returned when its log
does not replay.

A change that cannot be written (a full disk, a read-only store) does not happen: the table goes
back to what was last saved, pauses with :data:`SAVE_PAUSED` to its seats (the server logs one
line), and tries the write again every :data:`SAVE_RETRY_SECONDS` until it succeeds; then play
resumes. The other tables and the rest of the server go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from splitpot.bots.base import seat_view
from splitpot.bots.expert import ExpertBot
from splitpot.bots.heuristic import HeuristicBot
from splitpot.engine.events import events_from_json
from splitpot.engine.hand import Hand
from splitpot.engine.mixed import Mix, MixPlace, stakes_for
from splitpot.engine.options import Options, Stakes
from splitpot.errors import BadRequest, HistoryError, LogError, SplitpotError, TableError
from splitpot.games import find_game
from splitpot.games.streets import Structure
from splitpot.history.store import HistoryStore
from splitpot.web.config import ServerConfig
from splitpot.web.tables.chat import Chat, RateLimit
from splitpot.web.tables.ledger import Ledger, LedgerRow
from splitpot.web.tables.lobby import new_table
from splitpot.web.tables.pacing import Pacer, Turn
from splitpot.web.tables.protocol import MESSAGE_TYPES, read_act
from splitpot.web.tables.state import SAVE_PAUSED, Seat, WebTable, token_digest
from splitpot.web.tables.store import TableStore
from splitpot.web.util import json_object

__all__ = ["Client", "TableManager"]

log = logging.getLogger("splitpot.web")

SAVE_RETRY_SECONDS: Final = 1.0
"""How often a table that could not be saved tries again."""
_LIVE: Final = frozenset({"id", "created", "config", "version", "bots", "connected", "away_since"})
"""What a table keeps of itself when it goes back to what was saved: its connections, bots."""


@dataclass(eq=False)
class Client:
    """One websocket connection: its seat (``None``: watching). ``sending`` lets one message
    out at a time, so that states reach the client in the order they were built;
    ``chat_seen`` is the last chat message sent to it, ``chat_rate`` its chat's rate limit."""

    socket: WebSocket
    seat: int | None
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    chat_seen: int = 0
    chat_rate: RateLimit = field(default_factory=RateLimit)


@dataclass
class _Timers:
    """A table driver's timers (``time.monotonic()``): the next deal, a bot's next move."""

    next_deal: float | None = None
    bot_ready: float | None = None


class TableManager:
    """Every table of the server: storage, driving tasks and connections."""

    def __init__(self, config: ServerConfig, history: HistoryStore) -> None:
        self.config = config
        self.history = history
        self.store = TableStore(history.path)
        self.tables: dict[str, WebTable] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._clients: dict[str, set[Client]] = {}
        # the bots' reasons in each table's hand in progress: {event index: reason}; kept
        # beside the log (HistoryStore.add_notes) when the hand ends, for the replayer
        self._notes: dict[str, dict[int, str]] = {}
        self.pacer = Pacer()  # the tables' steps take turns: each gives way to the rest

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Load every stored table (resuming or cancelling its hand) and start driving them."""
        for row in self.store.rows():
            try:
                table = self._load(*row)
            except (SplitpotError, KeyError, TypeError, ValueError) as exc:
                log.error("table %s could not be loaded: %s", row[0], exc)
                continue
            self._add(table)
            self._persist(table)

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
        self._locks[table.id] = asyncio.Lock()
        self._wake[table.id] = asyncio.Event()
        self._clients[table.id] = set()
        self._tasks[table.id] = asyncio.create_task(self._drive(table), name=f"table {table.id}")

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
        )
        table.ledger = (
            Ledger.from_json(state["ledger"]) if "ledger" in state else _ledger_of(table.seats)
        )
        if state.get("choosing") is not None:  # the choice's clock starts again
            table.ask_choice(int(state["choosing"]), announce=False)
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
            if table.hand.is_over:  # the server stopped between the end and the store
                try:
                    self._finish(table)
                except HistoryError as exc:  # the driver tries again
                    table.save_failed = str(exc)
            else:
                log.info("table %s: hand %d resumed", table_id, table.hands_played + 1)
        return table

    # ------------------------------------------------------------------ tables

    def create(self, body: Mapping[str, Any]) -> tuple[WebTable, int | None, str | None]:
        """A new table from the lobby's form; see docs/web-protocol.md."""
        if len(self.tables) >= self.config.max_tables:
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

    async def join(self, table: WebTable, body: Mapping[str, Any]) -> tuple[int, str]:
        async with self._locks[table.id]:
            if table.save_failed is not None:
                raise BadRequest(SAVE_PAUSED, 503)
            seat, token = table.join(body.get("player"), body.get("seat"))
            saved = self._persist(table)
        await self._changed(table)
        if not saved:
            raise BadRequest(SAVE_PAUSED, 503)
        return seat, token

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

    # ------------------------------------------------------------------ driving

    async def _drive(self, table: WebTable) -> None:
        wake = self._wake[table.id]
        timers = _Timers()
        while True:
            wait: float | None = None
            try:
                # The table's lock first: the server-wide turn is never held waiting for it.
                async with self._locks[table.id], self.pacer.turn() as turn:
                    now = time.monotonic()
                    if table.save_failed is not None:
                        wait = self._save_again(table)
                    elif table.release_away(now, self.config.away_seconds):
                        self._persist(table)
                        wait = 0
                    elif table.hand is None:
                        wait = self._between_hands(table, now, timers)
                    else:
                        timers.next_deal = None
                        wait = await self._in_hand(table, now, timers, turn)
                if wait == 0:
                    sending = time.perf_counter()
                    await self._broadcast(table)
                    self.pacer.charge(time.perf_counter() - sending)
                    continue  # the next step is ready: the next turn gives way to the rest first
                if table.away_since:  # look again when the first absence runs out
                    first = min(table.away_since.values()) + self.config.away_seconds
                    until_first = max(0.05, first - time.monotonic())
                    wait = until_first if wait is None else min(wait, until_first)
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug must not kill the table: log it and try again later
                log.exception("table %s: the driver failed", table.id)
                wait = 1.0
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout=wait)

    def _between_hands(self, table: WebTable, now: float, timers: _Timers) -> float | None:
        """Between hands: deal when the table can (after the pause between hands), the
        button's game choice first at dealer's choice. Returns how long to wait (0: a change
        to send; ``None``: until woken)."""
        watched = any(c.seat is None for c in self._clients[table.id])
        if not table.dealable(watched):
            timers.next_deal = timers.bot_ready = None
            if table.choosing is not None:  # the table cannot deal: the question is off
                table.drop_choice()
                self._persist(table)
                return 0
            return None
        if timers.next_deal is None:
            pause = self.config.next_hand_delay if table.hands_played else 0.0
            timers.next_deal = now + pause
        chooser = table.chooser(watched)
        if chooser is not None:
            return self._choice(table, chooser, now, timers)
        if now < timers.next_deal:
            return timers.next_deal - now
        timers.next_deal = timers.bot_ready = None
        table.deal(watched)
        self._persist(table)
        return 0

    def _choice(self, table: WebTable, chooser: int, now: float, timers: _Timers) -> float | None:
        """Dealer's choice: ask the button; a bot picks at random after its delay, a person
        whose clock runs out gets a game at random."""
        if table.choosing != chooser:
            table.ask_choice(chooser)
            timers.bot_ready = None
            self._persist(table)
            return 0
        if table.seats[chooser].kind == "bot":
            if timers.bot_ready is None:
                timers.bot_ready = now + self.config.bot_delay
            if now < timers.bot_ready:
                return timers.bot_ready - now
            timers.bot_ready = None
            table.choose_at_random()
            self._persist(table)
            return 0
        if table.choice_deadline is None:
            return None
        left = table.choice_deadline - time.time()
        if left > 0:
            return left
        table.choose_at_random("ran out of time")
        self._persist(table)
        return 0

    async def _in_hand(
        self, table: WebTable, now: float, timers: _Timers, turn: Turn
    ) -> float | None:
        """A hand is on: a bot acts after its delay; a person's clock runs."""
        seat = table.to_act()
        assert seat is not None
        self._start_clock(table)
        if table.seats[seat].kind == "bot":
            if timers.bot_ready is None:
                timers.bot_ready = now + self.config.bot_delay
            if now < timers.bot_ready:
                return timers.bot_ready - now
            timers.bot_ready = None
            await self._bot_acts(table, seat, turn)
            return 0
        timers.bot_ready = None
        if table.deadline is None:
            return None
        left = table.deadline - time.time()
        if left > 0:
            return left
        table.time_out()
        self._persist(table)
        return 0

    def _start_clock(self, table: WebTable) -> None:
        hand = table.hand
        assert hand is not None
        key = (table.hands_played, len(hand.events))
        if key != table.turn_key:
            table.turn_key = key
            seat = table.to_act()
            human = seat is not None and table.seats[seat].kind == "human"
            table.deadline = time.time() + table.clock if human and table.clock > 0 else None

    async def _bot_acts(self, table: WebTable, seat: int, turn: Turn) -> None:
        hand = table.hand
        assert hand is not None
        legal = hand.legal_actions()
        assert legal is not None
        view = seat_view(hand, legal.seat)
        bot = table.bot_for(seat)
        if isinstance(bot, HeuristicBot | ExpertBot):  # it thinks (samples equities): off
            async with turn.aside():  # the event loop
                action = await anyio.to_thread.run_sync(bot.act, view, legal)
        else:
            action = bot.act(view, legal)
        before = len(hand.events)
        hand.apply(action, seat=legal.seat)
        reason = getattr(bot, "reason", None)
        notes = self._notes.setdefault(table.id, {})
        if before == 0 or any(index >= before for index in notes):
            notes.clear()  # a new hand (or a log that went back): its own notes only
        if isinstance(reason, str) and reason:
            notes[before] = reason
        table.version += 1
        self._persist(table)

    def _persist(self, table: WebTable) -> bool:
        """Write the table after a change; a finished hand goes to the history first. When the
        write fails the change is undone (:meth:`_cannot_save`) and the answer is ``False``."""
        try:
            self._write(table)
        except HistoryError as exc:
            self._cannot_save(table, exc)
            return False
        return True

    def _write(self, table: WebTable) -> None:
        if table.hand is not None and table.hand.is_over:
            self._finish(table)
        else:
            self.store.save(table)

    def _cannot_save(self, table: WebTable, exc: HistoryError) -> None:
        """The table's last change could not be written: the table goes back to its row as last
        saved (nothing is dealt, acted or said that is not in the store) and pauses."""
        if table.save_failed is None:
            log.error("table %s: paused, its state cannot be saved: %s", table.id, exc)
        saved = self.store.saved.get(table.id)
        if saved is not None:
            try:
                fresh = self._load(table.id, table.created, *saved)
            except (SplitpotError, KeyError, TypeError, ValueError):  # pragma: no cover
                fresh = table  # (it was saved, so it loads; else the table stays as it is)
            for item in dataclasses.fields(WebTable):
                if item.name not in _LIVE:
                    setattr(table, item.name, getattr(fresh, item.name))
        table.save_failed = str(exc)
        table.version += 1

    def _save_again(self, table: WebTable) -> float:
        """A paused table tries its write again: it resumes when the write succeeds."""
        try:
            self._write(table)
        except HistoryError:
            return SAVE_RETRY_SECONDS
        table.save_failed = None
        table.version += 1
        log.warning("table %s: saved again; play resumes", table.id)
        return 0

    def _finish(self, table: WebTable) -> None:
        hand = table.hand
        assert hand is not None
        hand_id = self.history.find(hand.events)
        if hand_id is None:
            hand_id = self.history.add(
                hand.events, "web", started=table.hand_started, ended=datetime.now(UTC)
            )
        notes = self._notes.pop(table.id, {})
        if notes:
            self.history.add_notes(hand_id, notes)
        tokens = [table.seats[s].token_hash for s in table.hand_seats]
        table.finish(hand_id)
        self.store.save(table, link=(hand_id, tokens))

    async def _changed(self, table: WebTable) -> None:
        self._wake[table.id].set()
        await self._broadcast(table)

    # ------------------------------------------------------------------ connections

    async def _broadcast(self, table: WebTable) -> None:
        if table.hand is not None and not table.hand.is_over:
            self._start_clock(table)  # a new turn's clock starts as it is announced
        for client in list(self._clients.get(table.id, ())):
            await self._send(table, client)
            await self._send_chat(table, client)

    async def _send_chat(self, table: WebTable, client: Client) -> None:
        """The chat messages this client has not been sent yet (on connect: the kept ones)."""
        fresh = table.chat.since(client.chat_seen)
        if fresh:
            client.chat_seen = fresh[-1]["id"]
            await self._send(table, client, {"type": "chat", "messages": fresh})

    async def _send(
        self, table: WebTable, client: Client, message: dict[str, Any] | None = None
    ) -> None:
        """Send ``message`` (by default the client's ``state``, built when its turn to go out
        comes: two broadcasts interleaved at an ``await`` must not deliver a newer state before
        an older one)."""
        async with client.sending:
            try:
                await client.socket.send_json(
                    table.state_for(client.seat) if message is None else message
                )
            except (WebSocketDisconnect, RuntimeError, OSError):
                self._clients[table.id].discard(client)

    async def connect(self, socket: WebSocket, table_id: str) -> None:
        """Serve one websocket until it closes."""
        await socket.accept()
        table = self.tables.get(table_id)
        if table is None:
            await socket.send_json({"type": "error", "message": f"no table {table_id!r}"})
            await socket.close(4404)
            return
        token = socket.query_params.get("token")
        seat = None
        if token:
            seat = table.seat_of_token(token)
            if seat is None:
                await socket.send_json(
                    {"type": "error", "message": "that token is not a seat at this table"}
                )
                await socket.close(4403)
                return
        client = Client(socket, seat)
        self._clients[table.id].add(client)
        if seat is not None:
            table.connected[seat] = table.connected.get(seat, 0) + 1
            table.away_since.pop(seat, None)
            table.version += 1
        try:
            if seat is not None:  # the others see the seat connected
                await self._broadcast(table)
            else:
                await self._send(table, client)
                await self._send_chat(table, client)
                self._wake[table.id].set()  # a table of bots deals while it is watched
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await self._handle(table, client, message)
        except WebSocketDisconnect:
            pass
        finally:
            self._clients[table.id].discard(client)
            if client.seat is not None and client.seat in table.connected:
                table.connected[client.seat] -= 1
                if table.connected[client.seat] <= 0:
                    del table.connected[client.seat]
                    table.away_since[client.seat] = time.monotonic()
                    self._wake[table.id].set()
                table.version += 1
                await self._broadcast(table)

    async def _handle(self, table: WebTable, client: Client, message: Mapping[str, Any]) -> None:
        raw = message.get("text")
        if raw is None:
            raw_bytes = message.get("bytes") or b""
            size = len(raw_bytes)
        else:
            size = len(raw.encode())
        limit = self.config.max_message_bytes
        if size > limit:
            await self._error(
                table, client, f"message too large ({size} bytes; the limit is {limit})"
            )
            return
        try:
            data = json_object(raw if raw is not None else raw_bytes, "a message")
        except BadRequest as exc:  # not JSON, nested too deeply, not an object
            await self._error(table, client, str(exc))
            return
        kind = data.get("type")
        handler = _MESSAGES.get(kind) if isinstance(kind, str) else None
        if handler is None:
            await self._error(
                table,
                client,
                f"unknown message type {kind!r}: use {', '.join(MESSAGE_TYPES)}",
            )
            return
        if kind == "ping":
            await self._send(table, client, {"type": "pong"})
            return
        if kind == "state":
            await self._send(table, client)
            return
        if kind == "chat":
            await self._chat(table, client, data)
            return
        async with self._locks[table.id]:
            try:
                if table.save_failed is not None:
                    raise TableError(SAVE_PAUSED)
                if client.seat is None:
                    raise TableError("you have no seat at this table: you are watching")
                if table.seats[client.seat].kind != "human":
                    raise TableError("you left this seat")
                handler(table, client.seat, data)
            except SplitpotError as exc:
                await self._error(table, client, str(exc), kind)
                return
            if not self._persist(table):
                await self._error(table, client, SAVE_PAUSED, kind)
            elif kind == "leave":  # the seat's connections stay, watching
                gone = client.seat
                for other in self._clients[table.id]:
                    if other.seat == gone:
                        other.seat = None
        await self._changed(table)

    async def _chat(self, table: WebTable, client: Client, data: Mapping[str, Any]) -> None:
        """A chat message from a seat, or from a watcher who gives a ``name`` (not the name of
        anyone seated); rate-limited per connection."""
        async with self._locks[table.id]:
            try:
                if table.save_failed is not None:
                    raise TableError(SAVE_PAUSED)
                seat = client.seat
                if seat is not None and table.seats[seat].kind == "human":
                    name = table.seats[seat].name
                else:
                    seat = None
                    name = table.watcher_name(data.get("name"))
                client.chat_rate.check()
                table.chat.say(name, seat, data.get("text"))
            except SplitpotError as exc:
                await self._error(table, client, str(exc), "chat")
                return
            saved = self._persist(table)
        if not saved:
            await self._error(table, client, SAVE_PAUSED, "chat")
            await self._changed(table)
            return
        for other in list(self._clients.get(table.id, ())):
            await self._send_chat(table, other)

    async def _error(
        self, table: WebTable, client: Client, text: str, request: str | None = None
    ) -> None:
        message: dict[str, Any] = {"type": "error", "message": text}
        if request is not None:
            message["request"] = request
        await self._send(table, client, message)


def _act(table: WebTable, seat: int, data: Mapping[str, Any]) -> None:
    message = read_act(dict(data))
    if message.seat is not None and message.seat != seat:
        raise TableError(f"you can act only for your own seat ({seat}), not seat {message.seat!r}")
    table.act(seat, message.action, message.hand, message.turn)


_MESSAGES: Final[dict[str, Callable[[WebTable, int, Mapping[str, Any]], None]]] = {
    "act": _act,
    "sit_out": lambda table, seat, data: table.set_sitting_out(seat, True),
    "sit_in": lambda table, seat, data: table.set_sitting_out(seat, False),
    "rebuy": lambda table, seat, data: table.rebuy(seat),
    "leave": lambda table, seat, data: table.leave(seat),
    "choose_game": lambda table, seat, data: table.choose_game(seat, data.get("game")),
    "chat": lambda table, seat, data: None,  # (handled by TableManager._chat: watchers too)
    "state": lambda table, seat, data: None,
    "ping": lambda table, seat, data: None,
}


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
