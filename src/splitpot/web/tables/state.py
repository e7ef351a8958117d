"""A table's state at the web server: seats, hands in a row, and what each seat may see.

A :class:`WebTable` is plain, synchronous state: seats (open, a person's, or a bot's), stacks,
the button, the game now and where the table is in its mix (:mod:`splitpot.engine.mixed`), the
hand in progress (an engine :class:`~splitpot.engine.hand.Hand`), the last result, the ledger
and the chat. It builds each connection's ``state`` message from the hand's log *as that seat sees
it* (:meth:`Hand.view`), so no message carries another seat's hole cards before they are
shown, the deck, or a Doogie declaration before the reveal.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from splitpot.bots.base import Bot, seat_view
from splitpot.bots.caller import CallerBot
from splitpot.bots.registry import BOTS
from splitpot.describe import (
    buy_in_line,
    game_line,
    hand_log,
    leave_line,
    rebuy_line,
    waiting_line,
)
from splitpot.engine.events import Action, Event
from splitpot.engine.hand import Hand
from splitpot.engine.mixed import Mix, MixPlace, stakes_for
from splitpot.engine.options import Options, Stakes
from splitpot.engine.table import move_button
from splitpot.errors import BadRequest, TableError
from splitpot.games import GameSpec
from splitpot.games.streets import Structure
from splitpot.web.config import ServerConfig
from splitpot.web.tables import frames
from splitpot.web.tables.chat import Chat
from splitpot.web.tables.host import HostState, hand_options
from splitpot.web.tables.ledger import Ledger
from splitpot.web.tables.seated import bots_observe
from splitpot.web.tables.util import MAX_NAME, clean_name, token_digest
from splitpot.web.tables.views import result_json

__all__ = [
    "BOT_KINDS",
    "MAX_NAME",
    "Seat",
    "WebTable",
    "refill_time_banks",
    "token_digest",
    "watcher_name",
]

BOT_KINDS: Final = tuple(BOTS)  # the one registry of bots (splitpot.bots.registry)


# ---------------------------------------------------------------------- a table


@dataclass(slots=True)
class Seat:
    """One seat: ``kind`` is ``open``, ``human`` or ``bot``."""

    kind: str = "open"
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None
    stack: int = 0
    sitting_out: bool = False
    bought: int = 0  # chips bought in (buy-in and rebuys)
    left_with: int = 0  # chips taken away by people who left this seat
    since: float = 0.0  # when the person sat down (time.time()): the longest seated hosts next
    bank: float = 0.0  # seconds left in the seat's time bank

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "name": self.name, "bot": self.bot, "token_hash": self.token_hash,
            "stack": self.stack, "sitting_out": self.sitting_out, "bought": self.bought,
            "left_with": self.left_with, "since": self.since, "bank": self.bank,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(**{k: data[k] for k in cls.__slots__ if k in data})


@dataclass
class WebTable:
    """One table's state; see the module docstring. Methods are synchronous and change state
    only when they succeed (a refusal raises :class:`TableError` and changes nothing)."""

    id: str
    name: str
    game: GameSpec
    structure: Structure
    stakes: Stakes
    stakes_text: str
    buy_in: int
    clock: float
    seats: list[Seat]
    created: str
    config: ServerConfig
    options: Options = field(default_factory=Options)
    button: int | None = None
    hands_played: int = 0
    hand: Hand | None = None
    hand_seats: list[int] = field(default_factory=list)
    hand_started: datetime | None = None
    last_result: dict[str, Any] | None = None
    last_log: list[str] = field(default_factory=list)
    notice: str | None = None  # e.g. a hand cancelled at a restart
    version: int = 0
    deadline: float | None = None  # when the seat to act runs out of time (time.time())
    turn_key: tuple[int, int] | None = None
    timed_out: set[int] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    connected: dict[int, int] = field(default_factory=dict)  # seat -> open connections
    _log_json: list[str] = field(default_factory=list, repr=False)
    away_since: dict[int, float] = field(default_factory=dict)  # seat -> time.monotonic()
    mix: Mix | None = None  # None: the one game of ``game`` (set in __post_init__)
    place: MixPlace = field(default_factory=MixPlace)
    choosing: int | None = None  # dealer's choice: the seat asked to pick the next game
    choice_deadline: float | None = None  # when that seat runs out of time (time.time())
    ledger: Ledger = field(default_factory=Ledger)
    chat: Chat = field(default_factory=Chat)
    host: HostState = field(default_factory=HostState)
    min_buy_in: int = 0  # (0: half the buy-in)
    max_buy_in: int = 0  # (0: the buy-in)
    bank_started: float | None = None  # the seat to act is on its time bank since (time.time())
    # why the last change could not be written: the table went back to what was saved and is
    # paused until a write succeeds (splitpot.web.tables.saving)
    save_failed: str | None = None

    def __post_init__(self) -> None:
        self.min_buy_in = self.min_buy_in or max(1, self.buy_in // 2)
        self.max_buy_in = self.max_buy_in or self.buy_in
        if self.mix is None:
            self.mix = Mix(games=(self.game,), structures={self.game.id: self.structure})

    @property
    def games(self) -> Mix:
        """The table's mix (one game or several)."""
        assert self.mix is not None
        return self.mix

    # ------------------------------------------------------------------ seats

    def seat_of_token(self, token: str) -> int | None:
        digest = token_digest(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return index
        return None

    def join(self, player: object, seat: object = None, chips: object = None) -> tuple[int, str]:
        """Give a person an open seat (with ``chips``: a buy-in from the table's minimum to its
        maximum; none: the buy-in); returns the seat and its token."""
        name = clean_name(player)
        index = self.open_seat(seat, name)
        token = secrets.token_urlsafe(24)
        self.seat_person(name, index, token_digest(token), self.buy_in_of(chips))
        return index, token

    def buy_in_of(self, chips: object) -> int:
        """A buy-in asked for: ``None`` is the table's; else whole chips from its minimum to its
        maximum."""
        if chips is None:
            return self.buy_in
        low, high = self.min_buy_in, self.max_buy_in
        if type(chips) is not int or not low <= chips <= high:
            raise BadRequest(f"buy_in: a whole number of chips from {low} to {high}, not {chips!r}")
        return chips

    def open_seat(self, seat: object, name: str) -> int:
        """The seat a person named ``name`` may take: ``seat``, or the first open one."""
        if any(s.kind != "open" and s.name.lower() == name.lower() for s in self.seats):
            raise BadRequest(f"player: {name!r} is already at this table: choose another name")
        if seat is None:
            index = next((i for i, s in enumerate(self.seats) if s.kind == "open"), None)
            if index is None:
                raise BadRequest("the table is full", 409)
            return index
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise BadRequest(f"seat: {seat!r} is not a seat (0 to {len(self.seats) - 1})")
        if self.seats[seat].kind != "open":
            raise BadRequest(f"seat {seat} is taken", 409)
        return seat

    def seat_person(self, name: str, index: int, token_hash: str, chips: int = 0) -> None:
        """``name`` sits in open seat ``index`` with ``chips`` (none: the buy-in), the seat's
        token the one of digest ``token_hash``; with nobody hosting, they host."""
        chips = chips or self.buy_in
        self.away_since[index] = time.monotonic()  # away until the seat connects
        old = self.seats[index]
        self.seats[index] = Seat(
            kind="human", name=name, token_hash=token_hash, stack=chips,
            bought=old.bought + chips, left_with=old.left_with, since=time.time(),
            bank=self.host.time_bank,
        )  # fmt: skip
        if self.host.host_hash is None:
            self.host.host_hash = token_hash
        self.ledger.sit(index, name, "human", chips)
        self.chat.dealer(buy_in_line(name, chips))
        self.version += 1

    def seat_bot(self, index: int, kind: str) -> None:
        """A bot of ``kind`` sits in seat ``index`` with the buy-in."""
        name = f"{kind.capitalize()} bot {index + 1}"
        self.seats[index] = Seat(
            kind="bot", name=name, bot=kind, stack=self.buy_in, bought=self.buy_in
        )
        self.ledger.sit(index, name, "bot", self.buy_in, bot=kind)

    def in_hand(self, seat: int) -> bool:
        return self.hand is not None and seat in self.hand_seats

    def leave(self, seat: int, keep_host: bool = False) -> None:
        """The seat's player leaves with their chips (a host's role passes to the person seated
        longest, unless ``keep_host``: the table is closing)."""
        if self.in_hand(seat):
            raise TableError("you are in this hand: leave when it is over (or fold first)")
        old = self.seats[seat]
        if not keep_host and self.host.is_host(old.token_hash):
            people = [s for s in self.seats if s.kind == "human" and s is not old]
            first = min(people, key=lambda s: s.since, default=None)
            self.host.host_hash = None if first is None else first.token_hash
        self.seats[seat] = Seat(bought=old.bought, left_with=old.left_with + old.stack)
        self.ledger.leave(seat, old.stack)
        self.chat.dealer(leave_line(old.name, old.stack))
        self.connected.pop(seat, None)
        if self.choosing == seat:
            self.choosing = self.choice_deadline = None
        self.version += 1

    def rebuy(self, seat: int, amount: int | None = None) -> None:
        """Between the seat's hands, top up to the buy-in, or buy ``amount`` chips: the stack
        after must be within the table's minimum and maximum buy-in."""
        if self.in_hand(seat):
            raise TableError("rebuy between hands, not during one you are in")
        info = self.seats[seat]
        if amount is None:
            if info.stack >= self.buy_in:
                raise TableError(f"your stack ({info.stack}) is already at the buy-in or more")
            amount = self.buy_in - info.stack
        low, high = self.min_buy_in, self.max_buy_in
        if amount < 1 or not low <= info.stack + amount <= high:
            raise TableError(
                f"rebuy: {amount} chips would make your stack {info.stack + amount}; "
                f"the table's buy-in is {low} to {high}"
            )
        self._rebuy(seat, amount)
        self.version += 1

    def _rebuy(self, seat: int, chips: int | None = None) -> None:
        info = self.seats[seat]
        chips = self.buy_in - info.stack if chips is None else chips
        info.bought += chips
        info.stack += chips
        self.ledger.rebuy(seat, chips)
        self.chat.dealer(rebuy_line(info.name, chips, info.stack))

    def set_sitting_out(self, seat: int, out: bool) -> None:
        self.seats[seat].sitting_out = out
        if not out:
            self.timed_out.discard(seat)
        self.version += 1

    def chips_in_play(self) -> int:
        """Every chip at the table: stacks of seats not in the hand plus the hand's chips."""
        total = sum(s.stack for i, s in enumerate(self.seats) if not self.in_hand(i))
        if self.hand is not None:
            total += sum(self.hand.stacks) + self.hand.pot
        return total

    def chips_bought(self) -> int:
        """Chips brought to the table less chips taken away (equals :meth:`chips_in_play`)."""
        return sum(s.bought - s.left_with for s in self.seats)

    # ------------------------------------------------------------------ hands

    def dealable(self, watched: bool = False) -> list[int]:
        """The seats the next hand would deal in (empty when the table cannot deal): two or
        more seats with chips, not sitting out, at least one of them a person's; a table of
        bots alone deals only while someone watches it (``watched``)."""
        playing = [
            i
            for i, s in enumerate(self.seats)
            if s.kind in ("human", "bot") and s.stack > 0 and not s.sitting_out
        ]
        people = [i for i in playing if self.seats[i].kind == "human"]
        if len(playing) < 2 or not (people or watched) or self.host.paused or self.host.closed:
            return []
        return playing

    def deal(self, watched: bool = False) -> Hand:
        playing = self.dealable(watched)
        if not playing:
            raise TableError("the table cannot deal: it needs two players")
        button = move_button(self.button, playing, len(self.seats))
        mix = self.games
        if self.place.needs_choice(mix, button):
            raise TableError("the button chooses the game before the deal")
        self._play(self.place.dealt(mix, button))
        if mix.mixed and self.place.hands == 1:
            self.chat.dealer(game_line(self.game, self.structure, self.stakes))
        self.choosing = self.choice_deadline = None
        number = self.hands_played + 1
        hand = Hand(
            self.game,
            stacks=[self.seats[s].stack for s in playing],
            button=playing.index(button),
            stakes=self.stakes,
            structure=self.structure,
            options=hand_options(self, self.game),
            rng=self.config.deck_rng(f"{self.id}:{number}"),
            names=[self.seats[s].name for s in playing],
            # Reshuffles of the discards follow a seed kept in the log (so the hand replays);
            # at a real table it is 128 secure random bits, too many to search.
            reshuffle_seed=None if self.config.seed is not None else secrets.randbits(128),
        )
        self.button = button
        self.hand = hand
        self._log_json = []
        self.hand_seats = playing
        self.hand_started = datetime.now(UTC)
        self.timed_out = set()
        self.version += 1
        return hand

    def _play(self, game: GameSpec) -> None:
        """The table deals ``game`` now (its structure and the stakes read for it)."""
        self.game = game
        self.structure = self.games.structure_of(game)
        self.stakes = stakes_for(self.stakes_text, game)

    def waiting(self) -> str | None:
        """Who the table waits for before it can deal (``None`` when a hand is on or can be
        dealt)."""
        if self.hand is not None:
            return None
        if self.host.closed or self.host.paused:
            return "The table is closed" if self.host.closed else "The host has paused the game"
        if self.choosing is not None:
            return waiting_line(choosing=self.seats[self.choosing].name)
        people = [s for s in self.seats if s.kind == "human"]
        return waiting_line(
            busted=[s.name for s in people if s.stack == 0],
            sitting_out=[s.name for s in people if s.sitting_out and s.stack > 0],
            players=len(self.dealable(watched=True)),
        )

    def ledger_view(self) -> dict[str, Any]:
        """The ledger with the seats' stacks (a hand in progress counts when it is over)."""
        stacks = {i: s.stack for i, s in enumerate(self.seats) if s.kind != "open"}
        return {"table": self.id, "name": self.name, **self.ledger.view(stacks)}

    # ------------------------------------------------------------------ the hand

    def hand_seat(self, seat: int | None) -> int | None:
        if seat is None or self.hand is None or seat not in self.hand_seats:
            return None
        return self.hand_seats.index(seat)

    def to_act(self) -> int | None:
        """The table seat the hand waits for."""
        if self.hand is None or self.hand.to_act is None:
            return None
        return self.hand_seats[self.hand.to_act]

    def act(
        self, seat: int, action: Action, hand_number: int | None = None, turn: int | None = None
    ) -> Event:
        """Apply a person's action for ``seat``; raises with the reason when refused.
        ``hand_number`` and ``turn`` (from ``legal``), when given, must be the decision now
        open: a stale or repeated click is refused rather than applied to a later decision."""
        if self.hand is None:
            raise TableError("no hand is being played: wait for the next deal")
        if hand_number is not None and hand_number != self.hands_played + 1:
            raise TableError(
                f"that action was for hand {hand_number}; hand {self.hands_played + 1} is on"
            )
        mine = self.hand_seat(seat)
        if mine is None:
            raise TableError("you are not in this hand: wait for the next deal")
        if turn is not None and turn != len(self.hand.events):
            raise TableError("that action was for an earlier decision: the hand has moved on")
        event = self.hand.apply(action, seat=mine)
        if self.bank_started is not None:  # the time bank keeps what was not used
            info = self.seats[seat]
            info.bank = max(0.0, info.bank - (time.time() - self.bank_started))
            self.bank_started = None
        self.version += 1
        return event

    def time_out(self) -> Event:
        """The seat to act ran out of time: check, else fold; stand pat; keep; declare by the
        cards; run it once. The seat sits out from the next hand."""
        assert self.hand is not None
        legal = self.hand.legal_actions()
        assert legal is not None
        seat = self.hand_seats[legal.seat]
        if legal.phase == "bet":
            action = Action.check() if legal.check else Action.fold()
        elif legal.phase == "draw":
            action = Action.stand_pat()
        elif legal.phase == "runs":  # run it twice needs every player's yes: none given, once
            action = Action.run_once()
        else:
            action = CallerBot().act(seat_view(self.hand, legal.seat), legal)
        self.timed_out.add(seat)
        if self.bank_started is not None:
            self.seats[seat].bank = 0.0
            self.bank_started = None
        event = self.hand.apply(action, seat=legal.seat)
        self.version += 1
        return event

    def finish(self, hand_id: int | None) -> None:
        """The hand is over: stacks back to the seats, the result kept, the hand cleared."""
        hand = self.hand
        assert hand is not None and hand.is_over
        bots_observe(self, hand)  # the bots that learn their opponents see it from their seat
        for index, seat in enumerate(self.hand_seats):
            self.seats[seat].stack = hand.stacks[index]
        self.last_result = result_json(self, hand, hand_id)
        self.last_log = hand_log(hand, hand.view(None))
        self.hands_played += 1
        self.notice = None
        for seat in self.timed_out:
            if self.seats[seat].kind == "human":
                self.seats[seat].sitting_out = True
        for index, info in enumerate(self.seats):
            if info.kind == "bot" and info.stack == 0:  # bots buy back in, so the game goes on
                self._rebuy(index)

        refill_time_banks(self.seats, self.hands_played, self.host.time_bank)
        self.hand = None
        self.hand_seats = []
        self.hand_started = None
        self.deadline = self.bank_started = None
        self.turn_key = None
        self.timed_out = set()
        self.version += 1

    def cancel(self, reason: str, starting_stacks: list[int]) -> None:
        """Call the hand off: every chip goes back to the seat that put it in
        (``starting_stacks``: the hand's seats' stacks before it began)."""
        for index, seat in enumerate(self.hand_seats):
            self.seats[seat].stack = starting_stacks[index]
        self.notice = (
            f"Hand {self.hands_played + 1} was cancelled ({reason}); every chip went back."
        )
        self.hand = None
        self.hand_seats = []
        self.deadline = None
        self.turn_key = None
        self.version += 1

    def hand_log(self) -> str:
        """The hand in progress's full log as JSON lines (events never change once logged, so
        each is encoded once)."""
        assert self.hand is not None
        events = self.hand.events
        if len(self._log_json) > len(events):  # a new hand
            self._log_json = []
        self._log_json.extend(
            json.dumps(e.to_json(), ensure_ascii=False) for e in events[len(self._log_json) :]
        )
        return "\n".join(self._log_json)

    # ------------------------------------------------------------------ views

    def summary(self) -> dict[str, Any]:
        """The table for the lobby (no secrets): :func:`~splitpot.web.tables.frames.summary`."""
        return frames.summary(self)

    def state_for(self, seat: int | None, viewer: str | None = None) -> dict[str, Any]:
        """The ``state`` message for a connection of ``seat`` (``None``: a watcher) whose
        token digest is ``viewer``: :func:`~splitpot.web.tables.frames.state_for`."""
        return frames.state_for(self, seat, viewer)


def watcher_name(table: WebTable, raw: object) -> str:
    """A watcher's name for the chat: a seat's name rules, and is not taken by a seat."""
    if raw is None:
        raise TableError('chat: a watcher gives a "name" with the message')
    name = clean_name(raw)
    if any(s.kind != "open" and s.name.lower() == name.lower() for s in table.seats):
        raise TableError(f"chat: {name!r} is seated at this table: choose another name")
    return name


def refill_time_banks(seats: list[Seat], hands_played: int, start: float) -> None:
    """docs/rules.md "At the table": every 10 hands each person's time bank gets 10 s back, up
    to the ``start`` it began with."""
    if hands_played % 10 == 0:
        for info in seats:
            if info.kind == "human":
                info.bank = min(start, info.bank + 10.0)
