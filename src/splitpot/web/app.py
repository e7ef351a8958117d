"""The ASGI app: pages, the JSON API and the table websockets, on Starlette.

The server is the only authority: a client sends intents (``{"type": "act", ...}``) and the
engine decides. Every route answers bad input with ``{"error": "..."}`` and a 4xx status, and
every websocket message the server refuses with ``{"type": "error", ...}``; see
``docs/web-protocol.md``.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from splitpot.history.store import HistoryStore
from splitpot.web import charts, lab, learn, replays, tables
from splitpot.web.config import ServerConfig
from splitpot.web.guard import CrossSiteGuard
from splitpot.web.util import BadRequest, error_response

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).with_name("static")

_PAGES = {
    "/": "index.html",
    "/table/{table_id}": "table.html",
    "/history": "history.html",
    "/history/{hand_id}": "history.html",
    "/lab": "lab.html",
    "/advisor": "advisor.html",
    "/charts": "charts.html",
}


def _page(filename: str) -> Route:
    async def page(request: Request) -> Response:
        path = STATIC / filename
        if not path.exists():
            raise HTTPException(404, f"no page {filename}")
        return FileResponse(path, media_type="text/html")

    return page  # type: ignore[return-value]


async def _bad_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadRequest)
    return error_response(str(exc), exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    path = request.url.path
    if path == "/api" or path.startswith("/api/"):  # "/api/tables/.." reaches "/api"
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)
    return Response(f"{exc.status_code}: {exc.detail}\n", exc.status_code, media_type="text/plain")


def create_app(config: ServerConfig | None = None) -> Starlette:
    """The whole web app. State lives in ``app.state``: ``config`` (:class:`ServerConfig`),
    ``history`` (the :class:`~splitpot.history.HistoryStore`, opened at start-up) and
    ``tables`` (the :class:`~splitpot.web.tables.TableManager`)."""
    config = config or ServerConfig()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        history = HistoryStore(config.db)
        manager = tables.TableManager(config, history)
        app.state.history = history
        app.state.tables = manager
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
            history.close()

    routes: list[BaseRoute] = [
        *(Route(path, _page(name)) for path, name in _PAGES.items()),
        *tables.ROUTES,
        *lab.ROUTES,
        *learn.ROUTES,
        *charts.ROUTES,
        *replays.ROUTES,
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(
                CrossSiteGuard,
                allowed_origins=config.allowed_origins,
                allowed_hosts=config.allowed_hosts,
            )
        ],
        exception_handlers={BadRequest: _bad_request, HTTPException: _http_error},
    )
    app.state.config = config
    return app
