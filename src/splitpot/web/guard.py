"""Cross-site requests refused: every request is for a host this server serves, and every request
that may change something must be JSON from a page of this server.

Another web site can make a visitor's browser send a form or a ``text/plain`` POST to this
server without asking first (no CORS preflight), and open a websocket to it; and a name of
theirs that they point at this machine's address once the page is loaded (DNS rebinding) makes
the visitor's browser treat this server as their own site. So, before any route runs:

- every request and websocket handshake must name, in its ``Host`` header, a host the server
  serves (when it was given a list, as ``splitpot serve`` always does: see
  :func:`served_hosts`): otherwise 400. The port is not compared; a host that is an IP
  address is served when the server listens on every address (``--host 0.0.0.0``): a browser
  sends such a ``Host`` only to that address, so it cannot be a rebound name;
- a request whose method is not ``GET``, ``HEAD`` or ``OPTIONS`` must send its body as JSON
  (``Content-Type: application/json``; a browser sends that cross-site only after a preflight,
  which this server never grants): otherwise 415;
- such a request, and a websocket's opening handshake, that carries an ``Origin`` header must
  come from this server: the origin's host and port must be the request's ``Host`` (or one of
  the origins the server was told to trust, ``splitpot serve --allow-origin``): otherwise 403.
  A request with no ``Origin`` (a command-line client, a test) is not a browser's cross-site
  request and is let through; browsers always send ``Origin`` on a POST and a websocket.

Refusals are ``{"error": "..."}`` with the status; a websocket is refused at the handshake
(the same HTTP answer where the server supports it, else a close before it opens), and each
refused handshake is logged once at INFO on the ``splitpot.web`` logger with its reason.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable
from typing import Final
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["LOOPBACK_HOSTS", "CrossSiteGuard", "host_refusal", "origin_refusal", "served_hosts"]

log = logging.getLogger("splitpot.web")

LOOPBACK_HOSTS: Final = ("localhost", "127.0.0.1", "::1")
"""The names of this machine every server answers to (the port is not compared)."""
_WILDCARDS: Final = frozenset({"0.0.0.0", "::", ""})
ANY_ADDRESS: Final = "*address*"
"""In a host list: any IP address (the server listens on every address of the machine)."""

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


def _hostname(host: str) -> str:
    """The name in a ``Host`` header (``[::1]:8000`` -> ``::1``), lower case, port left out."""
    text = host.strip().lower().rstrip(".")
    if text.startswith("["):
        return text[1 : text.find("]")] if "]" in text else text
    if text.count(":") == 1:
        text = text.split(":", 1)[0]
    return text.rstrip(".")


def served_hosts(bound: str, allowed: Iterable[str] = ()) -> tuple[str, ...]:
    """The hosts a server bound to ``bound`` answers for: its loopback names, the address it
    listens on (any IP address when that is ``0.0.0.0`` or ``::``) and the names ``allowed``
    (``splitpot serve --allow-host``)."""
    names = list(LOOPBACK_HOSTS)
    names.append(ANY_ADDRESS if bound.strip() in _WILDCARDS else _hostname(bound))
    names.extend(_hostname(name) for name in allowed)
    return tuple(dict.fromkeys(name for name in names if name))


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_refusal(host: str | None, served: Iterable[str]) -> str | None:
    """Why a request for ``host`` (its ``Host`` header) is refused by a server that serves the
    hosts ``served`` (:func:`served_hosts`), or ``None`` when it may go on."""
    names = frozenset(served)
    name = _hostname(host) if host is not None else ""
    if name and (name in names or (ANY_ADDRESS in names and _is_address(name))):
        return None
    shown = repr(host[:100]) if host is not None else "no Host header"
    return (
        f"host refused: this server does not serve {shown} (it serves "
        f"{', '.join(n for n in sorted(names) if n != ANY_ADDRESS)}"
        f"{' and any of its addresses' if ANY_ADDRESS in names else ''}; "
        f"splitpot serve --allow-host NAME adds a name)"
    )


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _media_type(content_type: str | None) -> str:
    return (content_type or "").split(";", 1)[0].strip().lower()


class CrossSiteGuard:
    """ASGI middleware: see the module docstring."""

    def __init__(
        self,
        app: ASGIApp,
        allowed_origins: Iterable[str] = (),
        allowed_hosts: Iterable[str] | None = None,
    ) -> None:
        self.app = app
        self.allowed_origins = tuple(allowed_origins)
        self.allowed_hosts = None if allowed_hosts is None else tuple(allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        websocket = scope["type"] == "websocket"
        refusal: tuple[int, str] | None = None
        if self.allowed_hosts is not None:
            why_host = host_refusal(_header(scope, b"host"), self.allowed_hosts)
            if why_host is not None:
                refusal = (400, why_host)
        if refusal is None and (websocket or scope["method"] not in SAFE_METHODS):
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
        log.info("websocket %s refused (%d): %s", scope.get("path", "?"), status, message)
        if "websocket.http.response" in scope.get("extensions", {}):
            await response(scope, receive, send)
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
