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
    return JSONResponse({"tables": [t.summary() for t in tables]})


async def _create_table(request: Request) -> Response:
    manager = _manager(request)
    body = await read_json(request)
    table, seat, token = manager.create(body)
    answer: dict[str, Any] = {"table": table.summary()}
    if token is not None:
        answer.update(seat=seat, token=token)
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
    seat, token = await manager.join(table, body)
    return JSONResponse({"table": table.summary(), "seat": seat, "token": token})


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
