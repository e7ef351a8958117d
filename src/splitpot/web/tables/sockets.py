"""A table's websocket connections: who a connection is (a seat, the host, a person waiting for
a seat, or a watcher), and each message it sends, read once (:func:`protocol.read_message`)
and carried out by the table (a seat's action), the host's commands (:mod:`.host`) or the
chat. While the table is paused because its state cannot be saved (:mod:`.saving`), every
request that would change it is refused with that notice."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from splitpot.errors import BadRequest, SplitpotError, TableError
from splitpot.web.tables import choice, host
from splitpot.web.tables.chat import RateLimit
from splitpot.web.tables.protocol import (
    SEAT_MESSAGES,
    Act,
    ChooseGame,
    HostMessage,
    Leave,
    Message,
    Ping,
    Rebuy,
    Say,
    SitIn,
    SitOut,
    StateAgain,
    read_message,
)
from splitpot.web.tables.saving import SAVE_PAUSED
from splitpot.web.tables.state import WebTable, token_digest, watcher_name
from splitpot.web.util import json_object

if TYPE_CHECKING:
    from splitpot.web.tables.manager import TableManager

__all__ = ["Client", "reseat", "resync", "serve"]


@dataclass(eq=False)
class Client:
    """One websocket connection: its seat (``None``: watching) and its token's digest (a
    seat's, the host's, or a seat request's; ``None``: no token). ``sending`` lets one
    message out at a time, so that states reach the client in the order they were built;
    ``chat_seen`` is the last chat message sent to it, ``chat_rate`` its chat's rate limit."""

    socket: WebSocket
    seat: int | None
    token_hash: str | None = None
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    chat_seen: int = 0
    chat_rate: RateLimit = field(default_factory=RateLimit)


def _seat_of(table: WebTable, digest: str | None) -> int | None:
    if digest is None:
        return None
    for index, seat in enumerate(table.seats):
        if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
            return index
    return None


def reseat(table: WebTable, clients: set[Client]) -> None:
    """Each connection's seat after a change: a seat given up or removed leaves its
    connections watching; an approved request's connections take the new seat."""
    for client in clients:
        seat = _seat_of(table, client.token_hash)
        if seat == client.seat:
            continue
        if seat is not None:
            table.connected[seat] = table.connected.get(seat, 0) + 1
            table.away_since.pop(seat, None)
        client.seat = seat


def resync(table: WebTable, clients: set[Client]) -> None:
    """After the table went back to what was saved: each connection's seat again, and the
    count of each seat's connections from them (a change undone may have freed or filled a
    seat)."""
    table.connected.clear()
    for client in clients:
        client.seat = _seat_of(table, client.token_hash)
        if client.seat is not None:
            table.connected[client.seat] = table.connected.get(client.seat, 0) + 1
            table.away_since.pop(client.seat, None)


async def serve(manager: TableManager, socket: WebSocket, table_id: str) -> None:
    """Serve one websocket until it closes."""
    await socket.accept()
    table = manager.tables.get(table_id)
    if table is None:
        await socket.send_json({"type": "error", "message": f"no table {table_id!r}"})
        await socket.close(4404)
        return
    token = socket.query_params.get("token")
    digest = token_digest(token) if token else None
    seat = _seat_of(table, digest)
    known = (
        seat is not None
        or table.host.is_host(digest)
        or table.host.request_of(digest) is not None
        or (digest is not None and digest in table.host.refused)
    )
    if digest is not None and not known:
        await socket.send_json(
            {"type": "error", "message": "that token is not a seat at this table"}
        )
        await socket.close(4403)
        return
    client = Client(socket, seat, digest)
    manager.clients[table.id].add(client)
    if seat is not None:
        table.connected[seat] = table.connected.get(seat, 0) + 1
        table.away_since.pop(seat, None)
        table.version += 1
    try:
        if seat is not None:  # the others see the seat connected
            await manager.broadcast(table)
        else:
            await manager.send(table, client)
            await manager.send_chat(table, client)
            manager.wake[table.id].set()  # a table of bots deals while it is watched
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                break
            await _handle(manager, table, client, message)
    except WebSocketDisconnect:
        pass
    finally:
        manager.clients[table.id].discard(client)
        if client.seat is not None and client.seat in table.connected:
            table.connected[client.seat] -= 1
            if table.connected[client.seat] <= 0:
                del table.connected[client.seat]
                table.away_since[client.seat] = time.monotonic()
                manager.wake[table.id].set()
            table.version += 1
            await manager.broadcast(table)


async def _handle(
    manager: TableManager, table: WebTable, client: Client, frame: Mapping[str, Any]
) -> None:
    raw = frame.get("text")
    if raw is None:
        raw_bytes = frame.get("bytes") or b""
        size = len(raw_bytes)
    else:
        size = len(raw.encode())
    limit = manager.config.max_message_bytes
    if size > limit:
        too_large = f"message too large ({size} bytes; the limit is {limit})"
        await _error(manager, table, client, too_large)
        return
    try:
        data = json_object(raw if raw is not None else raw_bytes, "a message")
    except BadRequest as exc:  # not JSON, nested too deeply, not an object
        await _error(manager, table, client, str(exc))
        return
    kind = data.get("type")
    try:
        message = read_message(data)
    except SplitpotError as exc:
        await _error(manager, table, client, str(exc), kind if isinstance(kind, str) else None)
        return
    if isinstance(message, Ping):
        await manager.send(table, client, {"type": "pong"})
    elif isinstance(message, StateAgain):
        await manager.send(table, client)
    elif isinstance(message, Say):
        await _chat(manager, table, client, message)
    else:
        async with manager.locks[table.id]:
            try:
                if table.save_failed is not None:
                    raise TableError(SAVE_PAUSED)
                _carry_out(table, client, message)
            except SplitpotError as exc:
                await _error(manager, table, client, str(exc), kind)
                return
            saved = manager.persist(table)  # (not saved: undone, and the connections resynced)
            reseat(table, manager.clients[table.id])
        if not saved:
            await _error(manager, table, client, SAVE_PAUSED, kind)
        await manager.changed(table)


def _carry_out(table: WebTable, client: Client, message: Message) -> None:
    """A seat's request or a host's command, or :class:`TableError` saying why not."""
    if isinstance(message, HostMessage):
        host.command(table, client.token_hash, message)
        return
    assert isinstance(message, SEAT_MESSAGES)
    seat = client.seat
    if seat is None:
        raise TableError("you have no seat at this table: you are watching")
    if table.seats[seat].kind != "human":
        raise TableError("you left this seat")
    if isinstance(message, Act):
        if message.seat is not None and message.seat != seat:
            raise TableError(
                f"you can act only for your own seat ({seat}), not seat {message.seat!r}"
            )
        table.act(seat, message.action, message.hand, message.turn)
    elif isinstance(message, SitOut | SitIn):
        table.set_sitting_out(seat, isinstance(message, SitOut))
    elif isinstance(message, Rebuy):
        table.rebuy(seat, message.amount)
    elif isinstance(message, Leave):
        table.leave(seat)
    elif isinstance(message, ChooseGame):
        choice.choose_game(table, seat, message.game)


async def _chat(manager: TableManager, table: WebTable, client: Client, message: Say) -> None:
    """A chat message from a seat, or from a watcher who gives a ``name`` (not the name of
    anyone seated); rate-limited per connection."""
    async with manager.locks[table.id]:
        try:
            if table.save_failed is not None:
                raise TableError(SAVE_PAUSED)
            seat = client.seat
            if seat is not None and table.seats[seat].kind == "human":
                name = table.seats[seat].name
            else:
                seat = None
                name = watcher_name(table, message.name)
            client.chat_rate.check()
            table.chat.say(name, seat, message.text)
        except SplitpotError as exc:
            await _error(manager, table, client, str(exc), "chat")
            return
        saved = manager.persist(table)
    if not saved:  # the message was not kept: nobody hears it
        await _error(manager, table, client, SAVE_PAUSED, "chat")
        await manager.changed(table)
        return
    for other in list(manager.clients.get(table.id, ())):
        await manager.send_chat(table, other)


async def _error(
    manager: TableManager, table: WebTable, client: Client, text: str, request: str | None = None
) -> None:
    message: dict[str, Any] = {"type": "error", "message": text}
    if request is not None:
        message["request"] = request
    await manager.send(table, client, message)
