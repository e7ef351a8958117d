"""Small helpers shared by the web routes: JSON bodies in, clear JSON errors out."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from splitpot.errors import BadRequest

__all__ = ["BadRequest", "error_response", "read_json"]


def error_response(message: str, status: int = 400) -> JSONResponse:
    """``{"error": message}`` with ``status``."""
    return JSONResponse({"error": message}, status_code=status)


async def read_json(request: Request, max_bytes: int = 16384) -> dict[str, Any]:
    """The request body as a JSON object; :class:`BadRequest` when it is too big, not JSON, or
    not an object."""
    body = await request.body()
    if len(body) > max_bytes:
        raise BadRequest(f"request too large ({len(body)} bytes; the limit is {max_bytes})", 413)
    try:
        data = json.loads(body or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"the request body is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    return data
