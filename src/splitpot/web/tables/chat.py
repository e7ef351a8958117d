"""A table's chat: people's messages and the dealer's lines in one pane, the last 50 kept with
the table (a reconnect is sent them again), each message at most 200 characters of text, and
a rate limit per connection.

A message is text, never markup: the page writes it as text. The dealer's lines come from
:mod:`splitpot.describe.table` and never carry a card or anything hidden.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from splitpot.errors import TableError

__all__ = ["CHAT_KEPT", "CHAT_MAX", "RATE_COUNT", "RATE_SECONDS", "Chat", "RateLimit"]

CHAT_MAX: Final = 200  # characters in a message
CHAT_KEPT: Final = 50  # messages kept with the table
RATE_COUNT: Final = 5  # messages a connection may send...
RATE_SECONDS: Final = 10.0  # ...in this many seconds
_JOINERS: Final = frozenset("\u200c\u200d")  # (zero-width joiners: emoji sequences)


def clean_text(raw: object) -> str:
    """A chat message's text: white space (line breaks included) folded to single spaces; refused
    when empty, longer than :data:`CHAT_MAX` characters, or with control characters."""
    if not isinstance(raw, str):
        raise TableError('chat needs "text": the message as text')
    text = " ".join(raw.split())
    if not text:
        raise TableError("chat: the message is empty")
    if len(text) > CHAT_MAX:
        raise TableError(f"chat: a message is at most {CHAT_MAX} characters, not {len(text)}")
    if any(unicodedata.category(ch).startswith("C") and ch not in _JOINERS for ch in text):
        raise TableError("chat: the message has control characters")
    return text


@dataclass(slots=True)
class RateLimit:
    """At most :data:`RATE_COUNT` messages in :data:`RATE_SECONDS` seconds (one connection)."""

    count: int = RATE_COUNT
    seconds: float = RATE_SECONDS
    sent: deque[float] = field(default_factory=deque)

    def check(self, now: float | None = None) -> None:
        """Count one message, or refuse it (and count nothing) when over the limit."""
        now = time.monotonic() if now is None else now
        while self.sent and now - self.sent[0] >= self.seconds:
            self.sent.popleft()
        if len(self.sent) >= self.count:
            wait = max(1, round(self.seconds - (now - self.sent[0])))
            raise TableError(
                f"chat: at most {self.count} messages in {self.seconds:g} seconds; "
                f"wait {wait} s before the next"
            )
        self.sent.append(now)


class Chat:
    """The chat of one table: messages numbered from 1, the last :data:`CHAT_KEPT` kept."""

    def __init__(self, messages: Sequence[Mapping[str, Any]] = (), next_id: int = 1) -> None:
        self.messages: deque[dict[str, Any]] = deque((dict(m) for m in messages), maxlen=CHAT_KEPT)
        last = self.messages[-1]["id"] if self.messages else 0
        self.next_id = max(next_id, last + 1)

    def _add(self, kind: str, text: str, name: str | None, seat: int | None) -> dict[str, Any]:
        message = {
            "id": self.next_id, "kind": kind, "name": name, "seat": seat, "text": text,
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
        }  # fmt: skip
        self.next_id += 1
        self.messages.append(message)
        return message

    def say(self, name: str, seat: int | None, raw: object) -> dict[str, Any]:
        """A person's message (``seat`` ``None``: a watcher)."""
        return self._add("chat", clean_text(raw), name, seat)

    def dealer(self, text: str) -> dict[str, Any]:
        """A dealer's line: a new game, a choice, a rebuy..."""
        return self._add("dealer", text, None, None)

    def since(self, seen: int) -> list[dict[str, Any]]:
        """The kept messages after message ``seen`` (0: every kept one)."""
        return [m for m in self.messages if m["id"] > seen]

    def to_json(self) -> dict[str, Any]:
        """The chat as stored with the table."""
        return {"messages": list(self.messages), "next_id": self.next_id}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Chat:
        """The chat :meth:`to_json` wrote (none: an empty chat)."""
        if not data:
            return cls()
        return cls(data.get("messages", ()), int(data.get("next_id", 1)))
