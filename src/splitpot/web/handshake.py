"""uvicorn's websocket protocol (the websockets library's sans-I/O one), answering an opening
handshake it cannot read.

uvicorn hands a websocket's opening request to the websockets library, which refuses a line
longer than 8,192 bytes (a ``?token=`` of 8 KB), or more than 128 headers, by dropping the
request without a word: the client waited for an answer until it timed out. This protocol
answers such a handshake with ``400 Bad Request`` and a one-line reason (JSON, like every
refusal of the server), and closes the connection. ``splitpot serve`` runs with it. (Newer
websockets releases may answer a too-long request line with their own ``414``, and uvicorn's
HTTP parser may refuse a request it cannot buffer before the upgrade with a plain ``400``:
which layer speaks depends on how the bytes arrive; each is an answer at once.)

It also marks a handshake the app refused with an HTTP answer (``websocket.http.response``: the
cross-site guard's 400 or 403, see :mod:`splitpot.web.guard`) as complete once the answer is
sent: uvicorn's own protocol otherwise logs every such refusal as ``ERROR: ASGI callable
returned without completing handshake.`` (the guard logs it once, at INFO, with its reason).
"""

from __future__ import annotations

import json

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["AnsweringWebSocketProtocol", "refusal_bytes"]


def refusal_bytes(reason: str) -> bytes:
    """A complete ``400 Bad Request`` answer whose body is ``{"error": reason}``."""
    body = json.dumps({"error": reason}).encode()
    head = (
        "HTTP/1.1 400 Bad Request\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode("latin-1") + body


class AnsweringWebSocketProtocol(WebSocketsSansIOProtocol):
    """:class:`WebSocketsSansIOProtocol` that answers a handshake it could not parse."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        failure = self.conn.handshake_exc
        if failure is None or self.handshake_initiated or self.transport.is_closing():
            return
        cause = failure.__cause__ or failure
        reason = f"the websocket handshake could not be read: {cause}"
        self.handshake_initiated = self.handshake_complete = self.close_sent = True
        self.transport.write(refusal_bytes(reason[:200]))
        self.transport.close()

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        if (
            message["type"] == "websocket.http.response.body"
            and not message.get("more_body", False)
            and self.close_sent
        ):
            self.handshake_complete = True  # answered: the app returned as it should
