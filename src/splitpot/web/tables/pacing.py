"""The tables' share of the server: every table gives way to the rest between its steps.

A table of bots with no delay (``--bot-delay 0``) always has its next step ready: left alone,
its driver would run step after step without ever letting the event loop serve anything else
(with ten such tables a request for the lobby waited seconds and watchers missed their
keepalive pings). So every step of a table's driver (a deal, a bot's action, a clock running
out, with its storage and the states sent to every connection) is taken in a *turn* from the
server's one :class:`Pacer`:

- one table steps at a time, and the tables that are ready take their turns in the order they
  asked (round robin: ``asyncio.Lock`` wakes its waiters first come, first served);
- after a step that kept the loop busy ``t`` seconds, the next turn starts no sooner than
  ``t * (1 - share) / share`` seconds later, so the tables' own work is at most ``share`` of
  the loop's time, however many tables there are; requests, websocket messages and keepalive
  pings are served in between;
- a step's states go out to its connections after the turn (a reader that is slow must not
  hold every table back), and their cost is charged to the next turn (:meth:`Pacer.charge`);
- a bot that thinks off the loop (the heuristic bot, in a thread) gives its turn back while it
  thinks (:meth:`Turn.aside`), so the other tables go on meanwhile.

A person's action is not paced: it is applied as soon as it arrives. A table takes its own
lock before asking for a turn, so a turn is never held while waiting for something else.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

__all__ = ["MAX_CHARGE", "Pacer", "Turn"]

MAX_CHARGE = 0.05
"""The most one :meth:`Pacer.charge` counts (seconds): a send that waited for a slow reader
was not work, and must not hold every table back."""


class Pacer:
    """Server-wide turns for the tables' steps (see the module docstring)."""

    def __init__(self, share: float = 0.5) -> None:
        if not 0 < share <= 1:
            raise ValueError(f"share {share!r}: a fraction of the loop's time, above 0, up to 1")
        self.share = share
        self._ratio = (1 - share) / share
        self._gate = asyncio.Lock()
        self._next = 0.0  # time.monotonic() when the next turn may start

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[Turn]:
        """Wait for a turn, hold it for the step inside the ``async with``, then give way."""
        turn = Turn(self)
        await turn.take()
        try:
            yield turn
        finally:
            turn.give_back()

    def charge(self, busy: float) -> None:
        """Count work a table did on the loop outside its turn (sending the states of a step
        to its connections, which may wait for a slow reader and so is not done holding the
        turn): the next turn starts that much later (at most :data:`MAX_CHARGE`)."""
        busy = min(max(busy, 0.0), MAX_CHARGE)
        self._next = max(self._next, time.monotonic()) + busy * self._ratio

    def _account(self, busy: float) -> None:
        self._next = time.monotonic() + max(busy, 0.0) * self._ratio


class Turn:
    """One table's turn: held from :meth:`Pacer.turn` until the step is done."""

    def __init__(self, pacer: Pacer) -> None:
        self._pacer = pacer
        self._since: float | None = None  # perf_counter() when the turn was taken

    async def take(self) -> None:
        """Wait for the gate, then for the pause the last step earned."""
        pacer = self._pacer
        await pacer._gate.acquire()
        try:
            delay = pacer._next - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
        except BaseException:
            pacer._gate.release()
            raise
        self._since = time.perf_counter()

    def give_back(self) -> None:
        """End the turn: the pause before the next one is set by how long this one lasted."""
        if self._since is None:
            return
        self._pacer._account(time.perf_counter() - self._since)
        self._since = None
        self._pacer._gate.release()

    @contextlib.asynccontextmanager
    async def aside(self) -> AsyncIterator[None]:
        """Give the turn back while the step waits off the loop (a bot thinking in a
        thread), and take a new one, in line, when it is done."""
        self.give_back()
        try:
            yield
        finally:
            await self.take()
