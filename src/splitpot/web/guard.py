"""Cross-site requests refused: every request that may change something must be JSON from a page
of this server.

Another web site can make a visitor's browser send a form or a ``text/plain`` POST to this
server without asking first (no CORS preflight), and open a websocket to it. So, before any
route runs:

- a request whose method is not ``GET``, ``HEAD`` or ``OPTIONS`` must send its body as JSON
  (``Content-Type: application/json``; a browser sends that cross-site only after a preflight,
  which this server never grants): otherwise 415;
- such a request, and a websocket's opening handshake, that carries an ``Origin`` header must
  come from this server: the origin's host and port must be the request's ``Host`` (or one of
  the origins the server was told to trust, ``splitpot serve --allow-origin``): otherwise 403.
  A request with no ``Origin`` (a command-line client, a test) is not a browser's cross-site
  request and is let through; browsers always send ``Origin`` on a POST and a websocket.

Refusals are ``{"error": "..."}`` with the status; a websocket is refused at the handshake
(HTTP 403 with the same body where the server supports it, else a close before it opens).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["CrossSiteGuard", "origin_refusal"]

SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORTS: Final = {"http": "80", "ws": "80", "https": "443", "wss": "443"}


def _netloc(scheme: str, host_and_port: str) -> str:
    """``host:port`` in lower case, the scheme's default port left out."""
    netloc = host_and_port.strip().lower()
    default = _DEFAULT_PORTS.get(scheme)
    if default and netloc.endswith(f":{default}"):
        netloc = netloc[: -len(default) - 1]
    return netloc


def origin_refusal(
    origin: str | None, host: str | None, scheme: str, allowed: Iterable[str]
) -> str | None:
    """Why a request from ``origin`` to ``host`` is refused, or ``None`` when it may go on."""
    if origin is None:
        return None
    trusted = {o.strip().rstrip("/").lower() for o in allowed}
    if origin.strip().rstrip("/").lower() in trusted:
        return None
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return f"cross-site request refused: Origin {origin[:100]!r} is not this server"
    base = "https" if scheme in ("https", "wss") else "http"
    if host is None or _netloc(parts.scheme, parts.netloc) != _netloc(base, host):
        return (
            f"cross-site request refused: Origin {origin[:100]!r} is not this server "
            f"({host or 'no Host header'})"
        )
    return None


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _media_type(content_type: str | None) -> str:
    return (content_type or "").split(";", 1)[0].strip().lower()


class CrossSiteGuard:
    """ASGI middleware: see the module docstring."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed_origins = tuple(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        websocket = scope["type"] == "websocket"
        refusal: tuple[int, str] | None = None
        if websocket or scope["method"] not in SAFE_METHODS:
            why = origin_refusal(
                _header(scope, b"origin"),
                _header(scope, b"host"),
                scope.get("scheme", "http"),
                self.allowed_origins,
            )
            if why is not None:
                refusal = (403, why)
            elif not websocket:
                media = _media_type(_header(scope, b"content-type"))
                if media != "application/json":
                    shown = f"{media!r}" if media else "none"
                    refusal = (
                        415,
                        f"send the request body as JSON (Content-Type: application/json), "
                        f"not {shown[:80]}",
                    )
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, message = refusal
        response = JSONResponse({"error": message}, status_code=status)
        if not websocket:
            await response(scope, receive, send)
            return
        await receive()  # the websocket.connect message
        if "websocket.http.response" in scope.get("extensions", {}):
            await response(scope, receive, send)
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
