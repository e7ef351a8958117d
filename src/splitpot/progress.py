"""Progress bars for long commands: on stderr, only when stderr is a terminal.

``simulate``, ``match`` and ``history export``/``import`` of many hands run for tens of seconds;
each shows a bar while it works, drawn by tqdm on stderr, and clears it when done. With stderr
not a terminal (a pipe, a file, a test) or with ``--quiet`` there is no bar at all and tqdm is
not even imported, so what a command writes is byte for byte what it wrote before it had one.

tqdm rather than rich: one small pure-Python package with no dependencies of its own, whose bar
goes to stderr, redraws at most a few times a second and copes with any terminal width; rich
draws finer bars but brings a terminal-rendering library (and pygments) to a CLI that starts
fast. ``match`` shows the running bb/100 beside its bar (:meth:`Progress.note`).

``equity`` and ``advise`` with many samples show the runouts sampled: the command puts its bar
in :func:`listening`, and the equity engine, which knows how many runouts it will sample,
:meth:`~Progress.expect` s them and advances the bar between slices of its compiled Monte Carlo
(the same runouts and totals as in one call: a sample's cards depend on the seed and its number
only).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import IO, Any

__all__ = ["Progress", "listener", "listening", "progress", "shows_progress"]


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

    @property
    def shown(self) -> bool:
        """Is a bar drawn?"""
        return self._bar is not None

    def expect(self, steps: int) -> None:
        """``steps`` more to do than the bar's total said (a total first known by the work)."""
        if self._bar is not None:
            self._bar.total = (self._bar.total or 0) + steps
            self._bar.refresh()

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


def progress(
    total: int | None, what: str, *, unit: str = "hand", quiet: bool = False, scale: bool = False
) -> Progress:
    """A bar of ``total`` steps labelled ``what`` on stderr when it is a terminal and not
    ``quiet`` (``scale``: counts as 1.2M); otherwise a :class:`Progress` that draws nothing."""
    if not shows_progress(quiet=quiet):
        return Progress()
    from tqdm import tqdm  # type: ignore[import-untyped]  # only when a bar is drawn

    bar = tqdm(
        total=total, desc=what, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True,
        mininterval=0.2, unit_scale=scale,
    )  # fmt: skip
    return Progress(bar)


_LISTENER: ContextVar[Progress | None] = ContextVar("splitpot_progress", default=None)


@contextmanager
def listening(bar: Progress) -> Iterator[Progress]:
    """Within the ``with``, long computations that can report (the equity engine's Monte
    Carlo) advance ``bar``; a bar that draws nothing is not listened to (no work is sliced)."""
    token = _LISTENER.set(bar if bar.shown else None)
    try:
        yield bar
    finally:
        _LISTENER.reset(token)


def listener() -> Progress | None:
    """The bar that long work should advance now, if any (see :func:`listening`)."""
    return _LISTENER.get()
