"""The tables' routes: the games and mixes, the lobby's list, create, join, a table's ledger,
and each table's websocket."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from splitpot.bots.registry import BOTS
from splitpot.errors import BadRequest
from splitpot.games.mixes import MIXES
from splitpot.web.tables.ledger import Ledger
from splitpot.web.tables.manager import TableManager
from splitpot.web.tables.views import games_json
from splitpot.web.util import read_json

__all__ = ["ROUTES"]


def _manager(request: Request | WebSocket) -> TableManager:
    manager: TableManager = request.app.state.tables
    return manager


async def _games(request: Request) -> Response:
    return JSONResponse(
        {"games": games_json(), "bots": list(BOTS), "mixes": [m.to_json() for m in MIXES]}
    )


async def _list_tables(request: Request) -> Response:
    tables = sorted(_manager(request).tables.values(), key=lambda t: t.created, reverse=True)
    listed = [t for t in tables if not t.host.private and not t.host.closed]
    return JSONResponse({"tables": [t.summary() for t in listed]})


async def _create_table(request: Request) -> Response:
    manager = _manager(request)
    body = await read_json(request)
    table, seat, token = manager.create(body)
    answer: dict[str, Any] = {"table": table.summary()}
    if seat is not None:
        answer.update(seat=seat, token=token)
    elif token is not None:  # the creator hosts without a seat
        answer["host_token"] = token
    return JSONResponse(answer, status_code=201)


async def _get_table(request: Request) -> Response:
    table = _manager(request).get(request.path_params["table_id"])
    return JSONResponse(table.summary())


async def _ledger(request: Request) -> Response:
    """The table's ledger as JSON, or with ``?format=csv`` as a CSV download."""
    table = _manager(request).get(request.path_params["table_id"])
    view = table.ledger_view()
    wanted = request.query_params.get("format", "json")
    if wanted == "csv":
        return Response(
            Ledger.csv(view),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="ledger-{table.id}.csv"'},
        )
    if wanted != "json":
        raise BadRequest(f"format: json or csv, not {wanted!r}")
    return JSONResponse(view)


async def _join_table(request: Request) -> Response:
    manager = _manager(request)
    table = manager.get(request.path_params["table_id"])
    body = await read_json(request)
    client = request.client.host if request.client is not None else "unknown"
    answer, status = await manager.join(table, body, client)
    return JSONResponse({"table": table.summary(), **answer}, status_code=status)


async def _socket(socket: WebSocket) -> None:
    await _manager(socket).connect(socket, socket.path_params["table_id"])


ROUTES: list[BaseRoute] = [
    Route("/api/games", _games),
    Route("/api/tables", _list_tables, methods=["GET"]),
    Route("/api/tables", _create_table, methods=["POST"]),
    Route("/api/tables/{table_id}", _get_table),
    Route("/api/tables/{table_id}/join", _join_table, methods=["POST"]),
    Route("/api/tables/{table_id}/ledger", _ledger),
    WebSocketRoute("/ws/tables/{table_id}", _socket),
]
