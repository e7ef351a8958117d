"""Progress bars for long commands: on stderr, only when stderr is a terminal.

``simulate``, ``match`` and ``history export``/``import`` of many hands run for tens of seconds;
each shows a bar while it works, drawn by tqdm on stderr, and clears it when done. With stderr
not a terminal (a pipe, a file, a test) or with ``--quiet`` there is no bar at all and tqdm is
not even imported, so what a command writes is byte for byte what it wrote before it had one.

tqdm rather than rich: one small pure-Python package with no dependencies of its own, whose bar
goes to stderr, redraws at most a few times a second and copes with any terminal width; rich
draws finer bars but brings a terminal-rendering library (and pygments) to a CLI that starts
fast. ``match`` shows the running bb/100 beside its bar (:meth:`Progress.note`).
"""

from __future__ import annotations

import sys
from typing import IO, Any

__all__ = ["Progress", "progress", "shows_progress"]


def shows_progress(stream: IO[str] | None = None, *, quiet: bool = False) -> bool:
    """Would a bar be drawn on ``stream`` (stderr by default)? Only on a terminal, never quiet."""
    if quiet:
        return False
    target = sys.stderr if stream is None else stream
    try:
        return bool(target.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """A bar (or nothing, when none is shown): :meth:`advance` it, :meth:`note` a figure beside
    it, and :meth:`close` it (or use it in a ``with``)."""

    def __init__(self, bar: Any = None) -> None:
        self._bar = bar

    def advance(self, steps: int = 1) -> None:
        """``steps`` more done."""
        if self._bar is not None:
            self._bar.update(steps)

    def note(self, text: str) -> None:
        """A short figure shown after the bar (``+123.4 bb/100``)."""
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=False)

    def close(self) -> None:
        """Draw the bar as it ends (its last figures), then clear it from the terminal."""
        if self._bar is not None:
            self._bar.refresh()
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def progress(total: int | None, what: str, *, unit: str = "hand", quiet: bool = False) -> Progress:
    """A bar of ``total`` steps labelled ``what`` on stderr when it is a terminal and not
    ``quiet``; otherwise a :class:`Progress` that draws nothing."""
    if not shows_progress(quiet=quiet):
        return Progress()
    from tqdm import tqdm  # type: ignore[import-untyped]  # only when a bar is drawn

    bar = tqdm(
        total=total, desc=what, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True,
        mininterval=0.2,
    )  # fmt: skip
    return Progress(bar)
