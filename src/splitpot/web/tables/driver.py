"""A table's driver: one asyncio task per table that deals when the table can, lets bots act
after their delay and runs the decision clocks and the dealer's-choice clock. A table paused
because its state cannot be saved does none of these: it tries the write again
(:meth:`~splitpot.web.tables.saving.TableSaver.save_again`) until it succeeds."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import anyio

from splitpot.bots.base import seat_view
from splitpot.bots.expert import ExpertBot
from splitpot.bots.heuristic import HeuristicBot
from splitpot.web.tables import choice
from splitpot.web.tables.pacing import Turn
from splitpot.web.tables.seated import bot_for
from splitpot.web.tables.state import WebTable

if TYPE_CHECKING:
    from splitpot.web.tables.manager import TableManager

__all__ = ["TableDriver", "bot_for", "release_away", "start_clock"]

log = logging.getLogger("splitpot.web")


@dataclass
class _Timers:
    """A table driver's timers (``time.monotonic()``): the next deal, a bot's next move."""

    next_deal: float | None = None
    bot_ready: float | None = None


class TableDriver:
    """Drives one table of ``manager`` (see the module docstring)."""

    def __init__(self, manager: TableManager, table: WebTable) -> None:
        self.manager = manager
        self.table = table
        self.timers = _Timers()

    async def run(self) -> None:
        """Drive the table until cancelled: deal, let bots act, run the clocks."""
        table, manager, timers = self.table, self.manager, self.timers
        wake = manager.wake[table.id]
        while True:
            wait: float | None = None
            try:
                # The table's lock first: the server-wide turn is never held waiting for it.
                async with manager.locks[table.id], manager.pacer.turn() as turn:
                    now = time.monotonic()
                    if table.save_failed is not None:  # nothing goes on until it is saved
                        timers.next_deal = timers.bot_ready = None
                        wait = manager.saver.save_again(table)
                    elif release_away(table, now, manager.config.away_seconds):
                        self.manager.persist(table)
                        wait = 0
                    elif table.hand is None:
                        wait = self._between_hands(now)
                    else:
                        timers.next_deal = None
                        wait = await self._in_hand(now, turn)
                if wait == 0:
                    sending = time.perf_counter()
                    await manager.broadcast(table)
                    manager.pacer.charge(time.perf_counter() - sending)
                    continue  # the next step is ready: the next turn gives way to the rest first
                if table.away_since:  # look again when the first absence runs out
                    first = min(table.away_since.values()) + manager.config.away_seconds
                    until_first = max(0.05, first - time.monotonic())
                    wait = until_first if wait is None else min(wait, until_first)
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug must not kill the table: log it and try again later
                log.exception("table %s: the driver failed", table.id)
                wait = 1.0
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout=wait)

    def _between_hands(self, now: float) -> float | None:
        """Between hands: deal when the table can (after the pause between hands), the
        button's game choice first at dealer's choice. Returns how long to wait (0: a change
        to send; ``None``: until woken)."""
        table, timers = self.table, self.timers
        watched = any(c.seat is None for c in self.manager.clients[table.id])
        if not table.dealable(watched):
            timers.next_deal = timers.bot_ready = None
            if table.choosing is not None:  # the table cannot deal: the question is off
                choice.drop_choice(table)
                self.manager.persist(table)
                return 0
            return None
        if timers.next_deal is None:
            pause = self.manager.config.next_hand_delay if table.hands_played else 0.0
            timers.next_deal = now + pause
        chooser = choice.chooser(table, watched)
        if chooser is not None:
            return self._choice(chooser, now)
        if now < timers.next_deal:
            return timers.next_deal - now
        timers.next_deal = timers.bot_ready = None
        table.deal(watched)
        self.manager.persist(table)
        return 0

    def _choice(self, chooser: int, now: float) -> float | None:
        """Dealer's choice: ask the button; a bot picks at random after its delay, a person
        whose clock runs out gets a game at random."""
        table, timers = self.table, self.timers
        if table.choosing != chooser:
            choice.ask_choice(table, chooser)
            timers.bot_ready = None
            self.manager.persist(table)
            return 0
        if table.seats[chooser].kind == "bot":
            if timers.bot_ready is None:
                timers.bot_ready = now + self.manager.config.bot_delay
            if now < timers.bot_ready:
                return timers.bot_ready - now
            timers.bot_ready = None
            choice.choose_at_random(table)
            self.manager.persist(table)
            return 0
        if table.choice_deadline is None:
            return None
        left = table.choice_deadline - time.time()
        if left > 0:
            return left
        choice.choose_at_random(table, "ran out of time")
        self.manager.persist(table)
        return 0

    async def _in_hand(self, now: float, turn: Turn) -> float | None:
        """A hand is on: a bot acts after its delay; a person's clock runs."""
        table, timers = self.table, self.timers
        seat = table.to_act()
        assert seat is not None
        start_clock(table)
        if table.seats[seat].kind == "bot":
            if timers.bot_ready is None:
                timers.bot_ready = now + self.manager.config.bot_delay
            if now < timers.bot_ready:
                return timers.bot_ready - now
            timers.bot_ready = None
            await self._bot_acts(seat, turn)
            return 0
        timers.bot_ready = None
        if table.deadline is None:
            return None
        left = table.deadline - time.time()
        if left > 0:
            return left
        bank = table.seats[seat].bank
        if table.bank_started is None and bank > 0:  # docs/rules.md "At the table": the bank
            table.bank_started = time.time()
            table.deadline = table.bank_started + bank
            table.version += 1
            return 0
        table.time_out()
        self.manager.persist(table)
        return 0

    async def _bot_acts(self, seat: int, turn: Turn) -> None:
        """The bot in ``seat`` acts (a bot that thinks does so off the event loop)."""
        table = self.table
        hand = table.hand
        assert hand is not None
        legal = hand.legal_actions()
        assert legal is not None
        view = seat_view(hand, legal.seat)
        bot = bot_for(table, seat)
        if isinstance(bot, HeuristicBot | ExpertBot):  # it thinks (samples equities): off
            async with turn.aside():  # the event loop
                limiter = self.manager.thinkers()
                action = await anyio.to_thread.run_sync(bot.act, view, legal, limiter=limiter)
        else:
            action = bot.act(view, legal)
        before = len(hand.events)
        hand.apply(action, seat=legal.seat)
        reason = getattr(bot, "reason", None)
        notes = self.manager.notes.setdefault(table.id, {})
        if before == 0 or any(index >= before for index in notes):
            notes.clear()  # a new hand (or a log that went back): its own notes only
        if isinstance(reason, str) and reason:
            notes[before] = reason
        table.version += 1
        self.manager.persist(table)


def start_clock(table: WebTable) -> None:
    """Start the clock of a new turn (once per decision)."""
    hand = table.hand
    assert hand is not None
    key = (table.hands_played, len(hand.events))
    if key != table.turn_key:
        table.turn_key = key
        table.bank_started = None
        seat = table.to_act()
        human = seat is not None and table.seats[seat].kind == "human"
        table.deadline = time.time() + table.clock if human and table.clock > 0 else None


def release_away(table: WebTable, now: float, limit: float) -> list[int]:
    """Free the seats of people who have been away ``limit`` seconds: no connection, and
    sitting out (or at a table with no clock, where nobody is sat out). Their chips leave
    with them. Returns the seats freed."""
    freed = []
    for seat, since in list(table.away_since.items()):
        info = table.seats[seat]
        idle = info.sitting_out or table.clock == 0
        if info.kind != "human" or table.connected.get(seat, 0) > 0:
            del table.away_since[seat]
        elif idle and not table.in_hand(seat) and now - since >= limit:
            table.leave(seat)
            del table.away_since[seat]
            freed.append(seat)
    return freed
