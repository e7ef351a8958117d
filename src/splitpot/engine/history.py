"""The JSON-lines log file of many hands, and hands as readable text histories.

A log file has one event per line, each with the number of its hand: ``{"hand": 1, "kind":
"start", ...}``. A hand's first line may also say when it started, ``"started":
"2026-01-02T03:04:05+00:00"`` (a stored hand's export keeps it, as PHH does; a ``simulate``
log has none). :func:`read_log` groups the lines back into hands; :func:`read_timed_log`
with their start times.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import IO, Any

from splitpot.engine.events import Event
from splitpot.errors import LogError

__all__ = ["format_history", "read_log", "read_timed_log", "write_hand"]


def write_hand(
    out: IO[str], number: int, events: Sequence[Event], started: datetime | None = None
) -> None:
    """Append one hand's events to a log file (with ``started``, on its first line)."""
    for index, event in enumerate(events):
        line: dict[str, Any] = {"hand": number}
        if index == 0 and started is not None:
            line["started"] = started.isoformat()
        out.write(json.dumps({**line, **event.to_json()}, ensure_ascii=False) + "\n")


def read_log(lines: Iterable[str]) -> list[tuple[int, list[Event]]]:
    """The hands of a log file, in order, as (number, events)."""
    return [(number, events) for number, events, _ in read_timed_log(lines)]


def read_timed_log(lines: Iterable[str]) -> list[tuple[int, list[Event], datetime | None]]:
    """The hands of a log file, in order, as (number, events, when it started or ``None``)."""
    hands: dict[int, list[Event]] = {}
    started: dict[int, datetime] = {}
    for line_number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data: Any = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"line {line_number}: not JSON ({exc.msg})") from None
        except RecursionError:
            raise LogError(f"line {line_number}: JSON nested too deeply") from None
        if not isinstance(data, dict) or type(data.get("hand")) is not int:
            raise LogError(f'line {line_number}: each line needs a "hand" number and an event')
        number = data.pop("hand")
        if "started" in data:
            started[number] = _moment(data.pop("started"), line_number)
        hands.setdefault(number, []).append(Event.from_json(data))
    return [(number, events, started.get(number)) for number, events in hands.items()]


def _moment(text: object, line_number: int) -> datetime:
    try:
        if not isinstance(text, str):
            raise ValueError
        return datetime.fromisoformat(text)
    except ValueError:
        raise LogError(
            f'line {line_number}: "started" must be a date and time such as '
            f'"2026-01-02T03:04:05+00:00", not {text!r:.40}'
        ) from None


def format_history(events: Sequence[Event], number: int | None = None) -> str:
    """The hand as a text history (a full log, or one seat's view: secrets shown only where
    present); the words are :mod:`splitpot.describe`'s, as on every face."""
    from splitpot.describe import history_text  # the words import the engine, not the reverse

    return history_text(events, number)
