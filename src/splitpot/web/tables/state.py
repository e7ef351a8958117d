"""A table's state at the web server: seats, hands in a row, and what each seat may see.

A :class:`WebTable` is plain, synchronous state: seats (open, a person's, or a bot's), stacks,
the button, the game now and where the table is in its mix (:mod:`splitpot.engine.mixed`), the
hand in progress (an engine :class:`~splitpot.engine.hand.Hand`), the last result, the ledger
and the chat. It builds each connection's ``state`` message from the hand's log *as that seat sees
it* (:meth:`Hand.view`), so no message carries another seat's hole cards before they are
shown, the deck, or a Doogie declaration before the reveal.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from splitpot.bots.base import Bot, seat_view
from splitpot.bots.caller import CallerBot
from splitpot.bots.registry import BOTS, make_bot
from splitpot.describe import (
    buy_in_line,
    choice_line,
    choosing_line,
    draw_words,
    game_line,
    hand_log,
    leave_line,
    rebuy_line,
    street_label,
    waiting_line,
)
from splitpot.engine.events import Action, Event, Shown
from splitpot.engine.hand import Hand
from splitpot.engine.mixed import Mix, MixPlace, stakes_for
from splitpot.engine.options import Options, Stakes
from splitpot.engine.table import move_button
from splitpot.errors import BadRequest, TableError
from splitpot.games import GameSpec
from splitpot.games.streets import Structure
from splitpot.web.config import ServerConfig
from splitpot.web.tables.chat import Chat
from splitpot.web.tables.ledger import Ledger
from splitpot.web.tables.protocol import parse_action
from splitpot.web.tables.views import draws_now, legal_json, mix_json, result_json, side_pots

__all__ = ["BOT_KINDS", "MAX_NAME", "SAVE_PAUSED", "Seat", "WebTable", "token_digest"]

BOT_KINDS: Final = tuple(BOTS)  # the one registry of bots (splitpot.bots.registry)
MAX_NAME: Final = 24
SAVE_PAUSED: Final = "the server cannot save this table: the hand is paused"
"""The notice of a table whose last change could not be written (WebTable.save_failed)."""


def token_digest(token: str) -> str:
    """The SHA-256 digest kept for a seat's secret token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _clean_name(raw: object) -> str:
    if not isinstance(raw, str):
        raise BadRequest("player: give your name as text")
    name = " ".join(raw.split())
    if not name:
        raise BadRequest("player: the name is empty")
    if len(name) > MAX_NAME:
        raise BadRequest(f"player: the name is longer than {MAX_NAME} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise BadRequest("player: the name has control characters")
    return name


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

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "name": self.name, "bot": self.bot, "token_hash": self.token_hash,
            "stack": self.stack, "sitting_out": self.sitting_out, "bought": self.bought,
            "left_with": self.left_with,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(**{k: data[k] for k in cls.__slots__ if k in data})


def _make_bot(kind: str, rng: random.Random) -> Bot:
    return make_bot(kind, rng)


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
    # why the table's last change could not be written (a full disk, a read-only store): the
    # table went back to what was saved and waits, paused, until a write succeeds
    save_failed: str | None = None

    def __post_init__(self) -> None:
        if self.mix is None:
            self.mix = Mix(games=(self.game,), structures={self.game.id: self.structure})

    @property
    def games(self) -> Mix:
        """The table's mix (one game or several)."""
        assert self.mix is not None
        return self.mix

    # ------------------------------------------------------------------ seats

    def bot_for(self, seat: int) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            kind = self.seats[seat].bot or "caller"
            if self.config.seed is None:
                rng = random.Random(secrets.randbits(64))
            else:
                rng = random.Random(f"{self.config.seed}:{self.id}:{seat}")
            bot = self.bots[seat] = _make_bot(kind, rng)
        return bot

    def seat_of_token(self, token: str) -> int | None:
        digest = token_digest(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return index
        return None

    def join(self, player: object, seat: object = None) -> tuple[int, str]:
        """Give a person an open seat; returns the seat and its token."""
        name = _clean_name(player)
        if any(s.kind != "open" and s.name.lower() == name.lower() for s in self.seats):
            raise BadRequest(f"player: {name!r} is already at this table: choose another name")
        if seat is None:
            index = next((i for i, s in enumerate(self.seats) if s.kind == "open"), None)
            if index is None:
                raise BadRequest("the table is full", 409)
        else:
            if type(seat) is not int or not 0 <= seat < len(self.seats):
                raise BadRequest(f"seat: {seat!r} is not a seat (0 to {len(self.seats) - 1})")
            if self.seats[seat].kind != "open":
                raise BadRequest(f"seat {seat} is taken", 409)
            index = seat
        token = secrets.token_urlsafe(24)
        self.away_since[index] = time.monotonic()  # away until the seat connects
        old = self.seats[index]
        self.seats[index] = Seat(
            kind="human", name=name, token_hash=token_digest(token), stack=self.buy_in,
            bought=old.bought + self.buy_in, left_with=old.left_with,
        )  # fmt: skip
        self.ledger.sit(index, name, "human", self.buy_in)
        self.chat.dealer(buy_in_line(name, self.buy_in))
        self.version += 1
        return index, token

    def seat_bot(self, index: int, kind: str) -> None:
        """A bot of ``kind`` sits in seat ``index`` with the buy-in."""
        name = f"{kind.capitalize()} bot {index + 1}"
        self.seats[index] = Seat(
            kind="bot", name=name, bot=kind, stack=self.buy_in, bought=self.buy_in
        )
        self.ledger.sit(index, name, "bot", self.buy_in, bot=kind)

    def watcher_name(self, raw: object) -> str:
        """A watcher's name for the chat: a seat's name rules, and is not taken by a seat."""
        if raw is None:
            raise TableError('chat: a watcher gives a "name" with the message')
        name = _clean_name(raw)
        if any(s.kind != "open" and s.name.lower() == name.lower() for s in self.seats):
            raise TableError(f"chat: {name!r} is seated at this table: choose another name")
        return name

    def in_hand(self, seat: int) -> bool:
        return self.hand is not None and seat in self.hand_seats

    def leave(self, seat: int) -> None:
        if self.in_hand(seat):
            raise TableError("you are in this hand: leave when it is over (or fold first)")
        old = self.seats[seat]
        self.seats[seat] = Seat(bought=old.bought, left_with=old.left_with + old.stack)
        self.ledger.leave(seat, old.stack)
        self.chat.dealer(leave_line(old.name, old.stack))
        self.connected.pop(seat, None)
        if self.choosing == seat:
            self.choosing = self.choice_deadline = None
        self.version += 1

    def rebuy(self, seat: int) -> None:
        if self.in_hand(seat):
            raise TableError("rebuy between hands, not during one you are in")
        info = self.seats[seat]
        if info.stack >= self.buy_in:
            raise TableError(f"your stack ({info.stack}) is already at the buy-in or more")
        self._rebuy(seat)
        self.version += 1

    def _rebuy(self, seat: int) -> None:
        info = self.seats[seat]
        chips = self.buy_in - info.stack
        info.bought += chips
        info.stack = self.buy_in
        self.ledger.rebuy(seat, chips)
        self.chat.dealer(rebuy_line(info.name, chips, info.stack))

    def set_sitting_out(self, seat: int, out: bool) -> None:
        self.seats[seat].sitting_out = out
        if not out:
            self.timed_out.discard(seat)
        self.version += 1

    def release_away(self, now: float, limit: float) -> list[int]:
        """Free the seats of people who have been away ``limit`` seconds: no connection, and
        sitting out (or at a table with no clock, where nobody is sat out). Their chips leave
        with them. Returns the seats freed."""
        freed = []
        for seat, since in list(self.away_since.items()):
            info = self.seats[seat]
            idle = info.sitting_out or self.clock == 0
            if info.kind != "human" or self.connected.get(seat, 0) > 0:
                del self.away_since[seat]
            elif idle and not self.in_hand(seat) and now - since >= limit:
                self.leave(seat)
                del self.away_since[seat]
                freed.append(seat)
        return freed

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
        if len(playing) < 2 or not (people or watched):
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
            options=self.options,
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

    # ------------------------------------------------------------------ dealer's choice

    def chooser(self, watched: bool = False) -> int | None:
        """The seat that must pick the game before the next deal (the next hand's button at
        dealer's choice), or ``None``: no choice is needed, or the table cannot deal."""
        playing = self.dealable(watched)
        if self.hand is not None or not playing:
            return None
        button = move_button(self.button, playing, len(self.seats))
        return button if self.place.needs_choice(self.games, button) else None

    def ask_choice(self, seat: int, announce: bool = True) -> None:
        """Ask ``seat`` to pick the next game (on the clock when the table has one)."""
        self.choosing = seat
        human = self.seats[seat].kind == "human"
        self.choice_deadline = time.time() + self.clock if human and self.clock > 0 else None
        if announce:
            self.chat.dealer(choosing_line(self.seats[seat].name, len(self.games.games)))
        self.version += 1

    def drop_choice(self) -> None:
        """The question is off (the table cannot deal now); it is asked again later."""
        self.choosing = self.choice_deadline = None
        self.version += 1

    def choose_game(self, seat: int, game: object) -> None:
        """``seat`` picks the next game (an id from the table's games)."""
        if self.choosing is None:
            raise TableError("no game is to be chosen now")
        if seat != self.choosing:
            who = self.seats[self.choosing].name
            raise TableError(f"{who} (the button) chooses the next game, not you")
        if not isinstance(game, str):
            raise TableError('choose_game needs "game": a game id from the table\'s games')
        picked = self.place.choose(self.games, game)
        self.chat.dealer(choice_line(self.seats[seat].name, picked))
        self.choosing = self.choice_deadline = None
        self.version += 1

    def choose_at_random(self, how: str = "") -> None:
        """The seat asked (a bot, or a person out of time: ``how``) gets a game at random."""
        assert self.choosing is not None
        if self.config.seed is None:
            rng = random.Random(secrets.randbits(64))
        else:
            rng = random.Random(f"{self.config.seed}:{self.id}:choice:{self.hands_played + 1}")
        picked = self.place.choose_at_random(self.games, rng)
        name = self.seats[self.choosing].name
        self.chat.dealer(choice_line(name, picked, how) if how else choice_line(name, picked))
        self.choosing = self.choice_deadline = None
        self.version += 1

    def waiting(self) -> str | None:
        """Who the table waits for before it can deal (``None`` when a hand is on or can be
        dealt)."""
        if self.hand is not None:
            return None
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
        self, seat: int | None, payload: object, hand_number: object = None, turn: object = None
    ) -> Event:
        """Apply a person's action for ``seat``; raises with the reason when refused.
        ``hand_number`` and ``turn`` (from ``legal``), when given, must be the decision now
        open: a stale or repeated click is refused rather than applied to a later decision."""
        if seat is None:
            raise TableError("you have no seat at this table: you are watching")
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
        action = parse_action(payload)
        event = self.hand.apply(action, seat=mine)
        self.version += 1
        return event

    def time_out(self) -> Event:
        """The seat to act ran out of time: check, else fold; stand pat; keep; declare by the
        cards. The seat sits out from the next hand."""
        assert self.hand is not None
        legal = self.hand.legal_actions()
        assert legal is not None
        seat = self.hand_seats[legal.seat]
        if legal.phase == "bet":
            action = Action.check() if legal.check else Action.fold()
        elif legal.phase == "draw":
            action = Action.stand_pat()
        else:
            action = CallerBot().act(seat_view(self.hand, legal.seat), legal)
        self.timed_out.add(seat)
        event = self.hand.apply(action, seat=legal.seat)
        self.version += 1
        return event

    def finish(self, hand_id: int | None) -> None:
        """The hand is over: stacks back to the seats, the result kept, the hand cleared."""
        hand = self.hand
        assert hand is not None and hand.is_over
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
        self.hand = None
        self.hand_seats = []
        self.hand_started = None
        self.deadline = None
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
        """The table for the lobby (no secrets)."""
        return {
            **self._table_json(),
            "stakes_text": self.stakes_text,
            "seats": [
                {
                    "seat": i,
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot,
                    "stack": s.stack,
                    "connected": s.kind == "bot" or self.connected.get(i, 0) > 0,
                }
                for i, s in enumerate(self.seats)
            ],
            "open_seats": sum(1 for s in self.seats if s.kind == "open"),
            "in_hand": self.hand is not None,
            "created": self.created,
        }

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for a connection of ``seat`` (``None``: a watcher)."""
        hand = self.hand
        mine = self.hand_seat(seat)
        events = hand.view(mine) if hand is not None else []
        to_act = self.to_act()
        return {
            "type": "state",
            "version": self.version,
            "you": seat,
            "table": self._table_json(),
            "seats": self._seat_entries(mine, events, to_act),
            "hand": None if hand is None else self._hand_json(hand, mine, events, to_act),
            "last_result": self.last_result,
            "log": self.last_log,
            "notice": SAVE_PAUSED if self.save_failed is not None else self.notice,
            "save_failed": self.save_failed is not None,
            "waiting": self.waiting(),
            "choice": self._choice_json(),
        }

    def _seat_entries(
        self, mine: int | None, events: list[Event], to_act: int | None
    ) -> list[dict[str, Any]]:
        """Each seat as ``state`` shows it to the viewer in hand seat ``mine``."""
        hand = self.hand
        shown = {e.seat: [str(c) for c in e.cards] for e in events if isinstance(e, Shown)}
        drew = draws_now(events)
        seats = []
        for index, info in enumerate(self.seats):
            entry: dict[str, Any] = {
                "seat": index, "kind": info.kind, "name": info.name, "bot": info.bot,
                "connected": info.kind == "bot" or self.connected.get(index, 0) > 0,
                "sitting_out": info.sitting_out, "stack": info.stack, "bet": 0,
                "in_hand": False, "folded": False, "all_in": False,
                "button": index == self.button, "to_act": index == to_act, "cards": None,
                "card_count": 0, "shown": False, "declared": False, "drew": None,
                "drew_text": None,
            }  # fmt: skip
            at = self.hand_seat(index)
            if hand is not None and at is not None:
                cards: list[str] | None = None
                if at == mine:
                    cards = [str(c) for c in hand.hole[at]]
                if at in shown:
                    cards = shown[at]
                entry.update(
                    stack=hand.stacks[at], bet=hand.bets[at], in_hand=True,
                    folded=hand.folded[at],
                    all_in=hand.stacks[at] == 0 and not hand.folded[at],
                    cards=cards, card_count=len(hand.hole[at]), shown=at in shown,
                    declared=at in hand.declarations,
                )  # fmt: skip
                if at in drew:
                    entry.update(drew=drew[at], drew_text=draw_words(drew[at]))
            seats.append(entry)
        return seats

    def _table_json(self) -> dict[str, Any]:
        """``state``'s ``table`` (and the lobby summary's start): the game, structure, stakes,
        options, hands played and the mix."""
        return {
            "id": self.id,
            "name": self.name,
            "game": {"id": self.game.id, "name": self.game.name, "forced": self.game.forced.value},
            "structure": self.structure.value,
            "stakes": self.stakes.to_json(),
            "buy_in": self.buy_in,
            "clock": self.clock,
            "hands_played": self.hands_played,
            "options": self.options.to_json(),
            **self.games.to_json(),
            "mix": mix_json(self),
        }

    def _choice_json(self) -> dict[str, Any] | None:
        """``state``'s ``choice``: the dealer's-choice pick under way, if any."""
        if self.choosing is None:
            return None
        ends = self.choice_deadline
        return {
            "seat": self.choosing,
            "games": [{"id": g.id, "name": g.name} for g in self.games.games],
            "clock": None if ends is None else round(max(0.0, ends - time.time()), 1),
            "deadline": None if ends is None else int(ends * 1000),
        }

    def _hand_json(
        self, hand: Hand, mine: int | None, events: list[Event], to_act: int | None
    ) -> dict[str, Any]:
        """``state``'s ``hand``: the hand under way as the viewer in hand seat ``mine`` sees it."""
        legal = hand.legal_actions()
        clock = None if self.deadline is None else max(0.0, self.deadline - time.time())
        return {
            "number": self.hands_played + 1,
            "phase": hand.phase,
            "street": street_label(hand),
            "board": [str(c) for c in hand.board],
            "pot": hand.pot,
            "pots": side_pots(hand, self.hand_seats),
            "to_act": to_act,
            "clock": None if clock is None else round(clock, 1),
            "deadline": None if self.deadline is None else int(self.deadline * 1000),
            "legal": (
                legal_json(hand, legal)
                if legal is not None and mine is not None and legal.seat == mine
                else None
            ),
            "log": hand_log(hand, events),
        }
