"""Small helpers shared by the web routes: JSON bodies in, clear JSON errors out."""

from __future__ import annotations

import json
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse

from splitpot.errors import BadRequest

__all__ = ["MAX_DEPTH", "BadRequest", "error_response", "json_object", "read_json"]

MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects a request or a websocket message may have (the
deepest the protocol uses is 4); deeper JSON is refused before it is read."""


def error_response(message: str, status: int = 400) -> JSONResponse:
    """``{"error": message}`` with ``status``."""
    return JSONResponse({"error": message}, status_code=status)


def _depth(data: object) -> int:
    """How deeply ``data`` (decoded JSON) nests arrays and objects, counted without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            depth += 1
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            stack.extend(
                (child, depth) for child in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def json_object(raw: bytes | str, what: str = "the request body") -> dict[str, Any]:
    """``raw`` as a JSON object; :class:`BadRequest` (400) saying why when it is not text,
    not JSON, nested deeper than :data:`MAX_DEPTH`, or not an object."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise BadRequest(f"{what} must be a JSON object: not UTF-8 text") from None
    too_deep = f"{what} must be a JSON object: nested too deeply (over {MAX_DEPTH} levels)"
    try:
        data = json.loads(text or "{}")
    except json.JSONDecodeError as exc:
        raise BadRequest(f"{what} must be a JSON object: not JSON ({exc})") from None
    except RecursionError:  # json.loads recurses once per level
        raise BadRequest(too_deep) from None
    if _depth(data) > MAX_DEPTH:  # what reads it next (schemas, messages) may recurse too
        raise BadRequest(too_deep)
    if not isinstance(data, dict):
        raise BadRequest(f"{what} must be a JSON object")
    return data


async def read_json(request: Request, max_bytes: int = 16384) -> dict[str, Any]:
    """The request body as a JSON object; :class:`BadRequest` when it is too big (413), or not
    a JSON object (400, see :func:`json_object`)."""
    body = await request.body()
    if len(body) > max_bytes:
        raise BadRequest(f"request too large ({len(body)} bytes; the limit is {max_bytes})", 413)
    return json_object(body)
