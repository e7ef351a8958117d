"""The JSON-lines log file of many hands, and hands as readable text histories.

A log file has one event per line, each with the number of its hand: ``{"hand": 1, "kind":
"start", ...}``. :func:`read_log` groups the lines back into hands.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import IO, Any

from splitpot.engine.events import Event
from splitpot.errors import LogError

__all__ = ["format_history", "read_log", "write_hand"]


def write_hand(out: IO[str], number: int, events: Sequence[Event]) -> None:
    """Append one hand's events to a log file."""
    for event in events:
        out.write(json.dumps({"hand": number, **event.to_json()}, ensure_ascii=False) + "\n")


def read_log(lines: Iterable[str]) -> list[tuple[int, list[Event]]]:
    """The hands of a log file, in order, as (number, events)."""
    hands: dict[int, list[Event]] = {}
    for line_number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data: Any = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"line {line_number}: not JSON ({exc.msg})") from None
        if not isinstance(data, dict) or type(data.get("hand")) is not int:
            raise LogError(f'line {line_number}: each line needs a "hand" number and an event')
        number = data.pop("hand")
        hands.setdefault(number, []).append(Event.from_json(data))
    return list(hands.items())


def format_history(events: Sequence[Event], number: int | None = None) -> str:
    """The hand as a text history (a full log, or one seat's view: secrets shown only where
    present); the words are :mod:`splitpot.describe`'s, as on every face."""
    from splitpot.describe import history_text  # the words import the engine, not the reverse

    return history_text(events, number)
