"""Tables at the web server: seats, hands in a row, bots, clocks, and what each seat may see.

A :class:`WebTable` is plain, synchronous state: seats (open, a person's, or a bot's), stacks,
the button, the hand in progress (an engine :class:`~splitpot.engine.hand.Hand`) and the last
result. It builds each connection's ``state`` message from the hand's log *as that seat sees
it* (:meth:`Hand.view`), so no message carries another seat's hole cards before they are
shown, the deck, or a Doogie declaration before the reveal.

The :class:`TableManager` owns the tables of one server: it keeps them in SQLite (the table row
is written after every change, the hand in progress as its full log), drives each table with an
asyncio task (deals, bots, clocks) and sends every change to every connection of the table.
On start-up it loads the tables back; a hand in progress is resumed by replaying its log, or
cancelled with every chip returned when its log does not replay.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import random
import secrets
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from splitpot import play
from splitpot.bots.base import Bot, RandomBot, seat_view
from splitpot.bots.caller import CallerBot
from splitpot.bots.heuristic import HeuristicBot
from splitpot.cards import parse_cards
from splitpot.engine.events import ACTION_KINDS, Action, Event, events_from_json
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.options import Options, Stakes, check_structure
from splitpot.errors import SplitpotError
from splitpot.games import GameSpec, find_game
from splitpot.games.registry import GAMES
from splitpot.games.streets import Forced, Structure
from splitpot.history.store import HistoryStore
from splitpot.play import pot_raise_to
from splitpot.web.config import ServerConfig
from splitpot.web.lines import log_lines
from splitpot.web.rankings import ranking_panel
from splitpot.web.util import BadRequest, read_json

__all__ = ["BOT_KINDS", "ROUTES", "Seat", "TableManager", "WebTable", "games_json"]

log = logging.getLogger("splitpot.web")

BOT_KINDS: Final = ("heuristic", "random", "caller")
MAX_NAME: Final = 24
_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS web_tables (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    config TEXT NOT NULL,
    state TEXT NOT NULL,
    hand TEXT,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS web_table_hands (
    hand_id INTEGER PRIMARY KEY,
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    tokens TEXT NOT NULL
);
"""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _digest(token: str) -> str:
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


# ---------------------------------------------------------------------- games


def games_json() -> list[dict[str, Any]]:
    """The games a table can deal, for the lobby (with each award's ranking panel)."""
    out = []
    for game in GAMES.values():
        out.append(
            {
                "id": game.id,
                "name": game.name,
                "summary": game.summary,
                "hole_cards": game.hole_cards,
                "board_cards": game.board_cards,
                "max_players": game.max_players,
                "structures": [s.value for s in game.structures],
                "structure": game.structure.value,
                "forced": "ante" if game.forced is Forced.ANTE else "blinds",
                "declare": game.declare,
                "reference": game.reference,
                "draws": [d.max_discard for d in game.draws],
                "awards": [
                    {
                        "name": a.name,
                        "label": a.label,
                        "qualifier": None if a.qualifier is None else a.qualifier.name,
                    }
                    for a in game.awards
                ],
                "ranking": ranking_panel(game),
            }
        )
    return out


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
    if kind == "heuristic":
        return HeuristicBot(rng)
    if kind == "random":
        return RandomBot(rng)
    return CallerBot()


@dataclass
class WebTable:
    """One table's state; see the module docstring. Methods are synchronous and change state
    only when they succeed (a refusal raises :class:`SplitpotError` and changes nothing)."""

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
        digest = _digest(token)
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
            kind="human", name=name, token_hash=_digest(token), stack=self.buy_in,
            bought=old.bought + self.buy_in, left_with=old.left_with,
        )  # fmt: skip
        self.version += 1
        return index, token

    def in_hand(self, seat: int) -> bool:
        return self.hand is not None and seat in self.hand_seats

    def leave(self, seat: int) -> None:
        if self.in_hand(seat):
            raise SplitpotError("you are in this hand: leave when it is over (or fold first)")
        old = self.seats[seat]
        self.seats[seat] = Seat(bought=old.bought, left_with=old.left_with + old.stack)
        self.connected.pop(seat, None)
        self.version += 1

    def rebuy(self, seat: int) -> None:
        if self.in_hand(seat):
            raise SplitpotError("rebuy between hands, not during one you are in")
        info = self.seats[seat]
        if info.stack >= self.buy_in:
            raise SplitpotError(f"your stack ({info.stack}) is already at the buy-in or more")
        info.bought += self.buy_in - info.stack
        info.stack = self.buy_in
        self.version += 1

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
            raise SplitpotError("the table cannot deal: it needs two players")
        count = len(self.seats)
        if self.button is None:
            button = playing[0]
        else:
            clockwise = ((self.button + step) % count for step in range(1, count + 1))
            button = next(s for s in clockwise if s in playing)
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
            raise SplitpotError("you have no seat at this table: you are watching")
        if self.hand is None:
            raise SplitpotError("no hand is being played: wait for the next deal")
        if hand_number is not None and hand_number != self.hands_played + 1:
            raise SplitpotError(
                f"that action was for hand {hand_number}; hand {self.hands_played + 1} is on"
            )
        mine = self.hand_seat(seat)
        if mine is None:
            raise SplitpotError("you are not in this hand: wait for the next deal")
        if turn is not None and turn != len(self.hand.events):
            raise SplitpotError("that action was for an earlier decision: the hand has moved on")
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
        self.last_log = log_lines(hand, hand.view(None))
        self.hands_played += 1
        self.notice = None
        for seat in self.timed_out:
            if self.seats[seat].kind == "human":
                self.seats[seat].sitting_out = True
        for info in self.seats:
            if info.kind == "bot" and info.stack == 0:  # bots buy back in, so the game goes on
                info.bought += self.buy_in
                info.stack = self.buy_in
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
            "id": self.id,
            "name": self.name,
            "game": {"id": self.game.id, "name": self.game.name},
            "structure": self.structure.value,
            "stakes": self.stakes.to_json(),
            "stakes_text": self.stakes_text,
            "buy_in": self.buy_in,
            "clock": self.clock,
            "options": self.options.to_json(),
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
            "hands_played": self.hands_played,
            "in_hand": self.hand is not None,
            "created": self.created,
        }

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for a connection of ``seat`` (``None``: a watcher)."""
        hand = self.hand
        mine = self.hand_seat(seat)
        events = hand.view(mine) if hand is not None else []
        shown = {e.seat: [str(c) for c in e.data["cards"]] for e in events if e.kind == "show"}
        to_act = self.to_act()
        seats = []
        for index, info in enumerate(self.seats):
            entry: dict[str, Any] = {
                "seat": index, "kind": info.kind, "name": info.name, "bot": info.bot,
                "connected": info.kind == "bot" or self.connected.get(index, 0) > 0,
                "sitting_out": info.sitting_out, "stack": info.stack, "bet": 0,
                "in_hand": False, "folded": False, "all_in": False,
                "button": index == self.button, "to_act": index == to_act, "cards": None,
                "card_count": 0, "shown": False, "declared": False,
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
            seats.append(entry)
        message: dict[str, Any] = {
            "type": "state",
            "version": self.version,
            "you": seat,
            "table": {
                "id": self.id,
                "name": self.name,
                "game": {"id": self.game.id, "name": self.game.name},
                "structure": self.structure.value,
                "stakes": self.stakes.to_json(),
                "buy_in": self.buy_in,
                "clock": self.clock,
                "hands_played": self.hands_played,
                "options": self.options.to_json(),
            },
            "seats": seats,
            "hand": None,
            "last_result": self.last_result,
            "log": self.last_log,
            "notice": self.notice,
        }
        if hand is not None:
            legal = hand.legal_actions()
            clock = None if self.deadline is None else max(0.0, self.deadline - time.time())
            message["hand"] = {
                "number": self.hands_played + 1,
                "phase": hand.phase,
                "street": street_label(hand, events),
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
                "log": log_lines(hand, events),
            }
        return message


# ---------------------------------------------------------------------- pure helpers


def parse_action(payload: object) -> Action:
    """An action from a client's ``{"kind": ..., ...}``; clear errors for anything else."""
    if not isinstance(payload, dict):
        raise SplitpotError('act needs an "action" object, e.g. {"kind": "call"}')
    kind = payload.get("kind")
    if kind not in ACTION_KINDS:
        raise SplitpotError(f"unknown action {kind!r}: use one of {', '.join(ACTION_KINDS)}")
    if kind in ("bet", "raise"):
        amount = payload.get("amount")
        if type(amount) is not int:
            raise SplitpotError(f"{kind} needs a whole number of chips as amount, not {amount!r}")
        return Action(kind, amount=amount)
    if kind == "discard":
        cards = payload.get("cards", [])
        if not isinstance(cards, list) or len(cards) > 10:
            raise SplitpotError('discard needs cards: a list of up to 10 cards like ["Ks"]')
        if not all(isinstance(c, str) and len(c) <= 4 for c in cards):
            raise SplitpotError('discard: each card is text like "Ks"')
        return Action.discard(parse_cards(" ".join(cards), where="in your discard"))
    if kind == "declare":
        way = payload.get("way")
        if way not in ("high", "low", "both"):
            raise SplitpotError(f"declare high, low or both, not {way!r}")
        return Action.declare(way)
    return Action(kind)


def legal_json(hand: Hand, legal: LegalActions) -> dict[str, Any]:
    """What the seat to act may do, with raise presets (Pot: the true pot-limit maximum)."""
    out: dict[str, Any] = {
        "phase": legal.phase, "fold": legal.fold, "check": legal.check, "call": legal.call,
        "raise": None, "discard_max": 0, "hole": [], "keep_reject": legal.keep_reject,
        "declare": list(legal.declare),
        "turn": len(hand.events),
    }  # fmt: skip
    if legal.phase == "draw":
        out["discard_max"] = min(legal.discard_max, len(legal.hole))
        out["hole"] = [str(c) for c in legal.hole]
    if legal.keep_reject:  # Sviten Special: the face-up card on offer (public)
        shown = [e for e in hand.events if e.kind == "sviten_up" and e.seat == legal.seat]
        out["face_up"] = str(shown[-1].data["card"]) if shown else None
    bounds = legal.raise_
    if bounds is not None:
        low, high = bounds.min_to, bounds.max_to
        all_in_to = hand.bets[legal.seat] + hand.stacks[legal.seat]
        presets: list[dict[str, Any]] = []
        if hand.structure is not Structure.FIXED_LIMIT and low < high:
            current = max(hand.bets)
            call = current - hand.bets[legal.seat]
            after_call = hand.pot + call
            pot_to = pot_raise_to(hand, legal)
            candidates = [
                ("Min", low),
                ("½ Pot", current + after_call // 2),
                ("¾ Pot", current + (3 * after_call) // 4),
                ("Pot", pot_to),
            ]
            if high == all_in_to:
                candidates.append(("All-in", high))
            chosen: dict[int, str] = {}  # raise-to -> label; Pot and All-in win a tie
            for label, to in candidates:
                clamped = min(max(to, low), high)
                if clamped not in chosen or label in ("Pot", "All-in"):
                    chosen[clamped] = label
            presets = [{"label": label, "to": to} for to, label in sorted(chosen.items())]
        out["raise"] = {
            "kind": bounds.kind, "min": low, "max": high, "all_in": high == all_in_to,
            "presets": presets,
        }  # fmt: skip
    return out


def side_pots(hand: Hand, seats: list[int]) -> list[dict[str, Any]]:
    """The main pot and side pots from all-in levels, with the table seats that can win each."""
    return [
        {"amount": amount, "eligible": [seats[s] for s in eligible]}
        for amount, eligible in play.side_pots(hand)
    ]


def street_label(hand: Hand, events: list[Event]) -> str:
    """Where the hand is: ``Flop betting``, ``Draw 1``, ``Declare``..."""
    phase = hand.phase
    if phase == "declare":
        return "Declare"
    draws = sum(1 for e in events if e.kind == "draw_round")
    if phase in ("draw", "sviten"):
        return f"Draw {draws}" if len(hand.game.draws) > 1 else "Draw"
    if phase == "done":
        return "Showdown"
    if hand.game.board_cards == 5:
        name = {0: "Preflop", 3: "Flop", 4: "Turn", 5: "River"}.get(len(hand.board), "Board")
        return f"{name} betting"
    if hand.game.board_cards:
        return f"Betting ({len(hand.board)} board cards)"
    rounds = sum(1 for e in events if e.kind == "bet_round")
    return f"Betting round {rounds}"


def result_json(table: WebTable, hand: Hand, hand_id: int | None) -> dict[str, Any]:
    """The finished hand's public result: awards, winners (table seats), the cards used."""
    seats = table.hand_seats
    by_name = {name: seats[i] for i, name in enumerate(hand.names)}
    shown: dict[str, list[str]] = {}
    declarations: dict[str, str] = {}
    awards: list[dict[str, Any]] = []
    uncontested = False
    for event in hand.events:
        if event.kind == "show":
            shown[str(seats[event.seat or 0])] = [str(c) for c in event.data["cards"]]
        elif event.kind == "reveal":
            declarations = {str(by_name[n]): w for n, w in event.data["declarations"].items()}
        elif event.kind == "win":
            uncontested = True
            awards.append(
                {"pot": 0, "award": "uncontested", "label": "Uncontested",
                 "amount": event.data["amount"], "winners": [seats[event.seat or 0]],
                 "hand": None, "cards": [[]]}
            )  # fmt: skip
        elif event.kind == "settle":
            for award in event.data["awards"]:
                used = []
                for name in award["winners"]:
                    value = None
                    if hand.result is not None:
                        value = hand.result.hands.get(name, {}).get(award["award"])
                    used.append([] if value is None else [str(c) for c in value.cards])
                awards.append(
                    {
                        "pot": award["pot"], "award": award["award"],
                        "label": hand.game.award(award["award"]).label,
                        "amount": award["amount"],
                        "winners": [by_name[n] for n in award["winners"]],
                        "hand": award.get("hand"), "cards": used,
                    }
                )  # fmt: skip
    start = hand.starting_stacks
    return {
        "number": table.hands_played + 1,
        "hand_id": hand_id,
        "board": [str(c) for c in hand.board],
        "uncontested": uncontested,
        "pot": sum(hand.contributed),
        "awards": awards,
        "payouts": {str(seats[s]): chips for s, chips in hand.payouts.items()},
        "net": {str(seats[i]): hand.stacks[i] - start[i] for i in range(len(seats))},
        "shown": shown,
        "declarations": declarations,
    }


# ---------------------------------------------------------------------- storage


class TableStore:
    """The tables of one server in the SQLite file of its hand history."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout = 10000")
        self._db.execute("PRAGMA journal_mode = WAL")
        # As the hand history: a commit survives the process being killed at any moment; only a
        # power loss may take the last few back (then the table resumes from an earlier action).
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.executescript(_SCHEMA)

    def save(self, table: WebTable, link: tuple[int, list[str | None]] | None = None) -> None:
        """Write the table (and the hand in progress) in one transaction; ``link`` records a
        finished hand's id and its seats' token digests."""
        config = {
            "name": table.name, "game": table.game.id, "structure": table.structure.value,
            "stakes": table.stakes.to_json(), "stakes_text": table.stakes_text,
            "buy_in": table.buy_in, "clock": table.clock, "options": table.options.to_json(),
        }  # fmt: skip
        state = {
            "seats": [s.to_json() for s in table.seats], "button": table.button,
            "hands_played": table.hands_played, "hand_seats": table.hand_seats,
            "hand_started": table.hand_started.isoformat() if table.hand_started else None,
            "last_result": table.last_result, "last_log": table.last_log,
            "notice": table.notice, "timed_out": sorted(table.timed_out),
        }  # fmt: skip
        hand = table.hand_log() if table.hand is not None else None
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute(
                "INSERT INTO web_tables (id, created, config, state, hand, updated) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                "config = excluded.config, state = excluded.state, hand = excluded.hand, "
                "updated = excluded.updated",
                (table.id, table.created, json.dumps(config), json.dumps(state), hand, _now()),
            )
            if link is not None:
                self._db.execute(
                    "INSERT OR REPLACE INTO web_table_hands (hand_id, table_id, number, tokens) "
                    "VALUES (?, ?, ?, ?)",
                    (link[0], table.id, table.hands_played, json.dumps(link[1])),
                )
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def rows(self) -> list[tuple[str, str, str, str, str | None]]:
        return self._db.execute(
            "SELECT id, created, config, state, hand FROM web_tables ORDER BY created, id"
        ).fetchall()

    def tokens_of(self, hand_id: int) -> list[str | None] | None:
        row = self._db.execute(
            "SELECT tokens FROM web_table_hands WHERE hand_id = ?", (hand_id,)
        ).fetchone()
        return None if row is None else list(json.loads(row[0]))

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM web_tables").fetchone()[0])

    def close(self) -> None:
        self._db.close()


# ---------------------------------------------------------------------- the manager


@dataclass(eq=False)
class Client:
    """One websocket connection: its seat (``None``: watching). ``sending`` lets one message
    out at a time, so that states reach the client in the order they were built."""

    socket: WebSocket
    seat: int | None
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)


class TableManager:
    """Every table of the server: storage, driving tasks and connections."""

    def __init__(self, config: ServerConfig, history: HistoryStore) -> None:
        self.config = config
        self.history = history
        self.store = TableStore(history.path)
        self.tables: dict[str, WebTable] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._clients: dict[str, set[Client]] = {}

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Load every stored table (resuming or cancelling its hand) and start driving them."""
        for row in self.store.rows():
            try:
                table = self._load(*row)
            except (SplitpotError, KeyError, TypeError, ValueError) as exc:
                log.error("table %s could not be loaded: %s", row[0], exc)
                continue
            self._add(table)
            self.store.save(table)

    async def stop(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.store.close()

    def _add(self, table: WebTable) -> None:
        self.tables[table.id] = table
        self._locks[table.id] = asyncio.Lock()
        self._wake[table.id] = asyncio.Event()
        self._clients[table.id] = set()
        self._tasks[table.id] = asyncio.create_task(self._drive(table), name=f"table {table.id}")

    def _load(
        self, table_id: str, created: str, config_text: str, state_text: str, hand_text: str | None
    ) -> WebTable:
        config = json.loads(config_text)
        state = json.loads(state_text)
        game = find_game(config["game"])
        table = WebTable(
            id=table_id,
            name=config["name"],
            game=game,
            structure=Structure(config["structure"]),
            stakes=Stakes(**config["stakes"]),
            stakes_text=config["stakes_text"],
            buy_in=config["buy_in"],
            clock=config["clock"],
            options=Options.from_json(config.get("options", {})),
            seats=[Seat.from_json(s) for s in state["seats"]],
            created=created,
            config=self.config,
            button=state["button"],
            hands_played=state["hands_played"],
            last_result=state["last_result"],
            last_log=state["last_log"],
            notice=state.get("notice"),
        )
        now = time.monotonic()
        table.away_since = {i: now for i, seat in enumerate(table.seats) if seat.kind == "human"}
        if hand_text:
            table.hand_seats = list(state["hand_seats"])
            table.timed_out = set(state.get("timed_out", []))
            started = state.get("hand_started")
            table.hand_started = datetime.fromisoformat(started) if started else None
            try:
                events = events_from_json(hand_text.splitlines())
                table.hand = Hand.replay(events)
            except SplitpotError as exc:
                starting = _starting_stacks(hand_text, len(table.hand_seats))
                table.cancel(f"its log could not be replayed: {exc}", starting)
                log.warning("table %s: %s", table_id, table.notice)
                return table
            if table.hand.is_over:  # the server stopped between the end and the store
                self._finish(table)
            else:
                log.info("table %s: hand %d resumed", table_id, table.hands_played + 1)
        return table

    # ------------------------------------------------------------------ tables

    def create(self, body: Mapping[str, Any]) -> tuple[WebTable, int | None, str | None]:
        """A new table from the lobby's form; see docs/web-protocol.md."""
        if len(self.tables) >= self.config.max_tables:
            raise BadRequest(f"the server has its maximum of {self.config.max_tables} tables", 409)
        known = {"game", "structure", "stakes", "seats", "bots", "buy_in", "player", "name",
                 "clock", "options"}  # fmt: skip
        unknown = sorted(set(body) - known)
        if unknown:
            raise BadRequest(f"unknown field {unknown[0]!r}: use {', '.join(sorted(known))}")
        if not isinstance(body.get("game"), str):
            raise BadRequest("game: name a game (GET /api/games lists them)")
        try:
            game = find_game(body["game"])
        except SplitpotError as exc:
            raise BadRequest(f"game: {exc}") from None
        structure_text = body.get("structure")
        if structure_text is not None and not isinstance(structure_text, str):
            raise BadRequest("structure: fixed-limit, pot-limit or no-limit")
        try:
            structure = check_structure(game, structure_text)
        except (SplitpotError, ValueError) as exc:
            raise BadRequest(f"structure: {exc}") from None
        stakes_text = body.get("stakes", "1/2")
        if not isinstance(stakes_text, str):
            raise BadRequest('stakes: write them as text, e.g. "1/2"')
        try:
            stakes = Stakes.parse(stakes_text, game)
        except SplitpotError as exc:
            raise BadRequest(f"stakes: {exc}") from None
        seats = body.get("seats", min(6, game.max_players))
        if type(seats) is not int or not 2 <= seats <= game.max_players:
            raise BadRequest(f"seats: {game.name} seats 2 to {game.max_players}, not {seats!r}")
        bots = body.get("bots", [])
        if not isinstance(bots, list) or any(b not in BOT_KINDS for b in bots):
            raise BadRequest(f"bots: a list of bot kinds ({', '.join(BOT_KINDS)})")
        player = body.get("player")
        if len(bots) + (player is not None) > seats:
            raise BadRequest(f"bots: {len(bots)} bots and you do not fit in {seats} seats")
        big = stakes.big_bet if game.forced is Forced.ANTE else stakes.big_blind
        buy_in = body.get("buy_in", 100 * big)
        if type(buy_in) is not int or not 2 * big <= buy_in <= 10**9:
            raise BadRequest(f"buy_in: a whole number of chips from {2 * big}, not {buy_in!r}")
        clock = body.get("clock", self.config.action_seconds)
        if type(clock) not in (int, float) or not 0 <= clock <= 3600:
            raise BadRequest(f"clock: seconds per decision, 0 to 3600, not {clock!r}")
        name = body.get("name") or f"{game.name} table"
        if not isinstance(name, str) or len(name) > 60:
            raise BadRequest("name: the table's name, up to 60 characters")
        options = _options(body.get("options", {}))
        if self.config.seed is not None:
            table_id = f"t{self.store.count() + 1}"
        else:
            table_id = secrets.token_urlsafe(6)
        table = WebTable(
            id=table_id, name=" ".join(name.split()), game=game, structure=structure,
            stakes=stakes, stakes_text=stakes_text.strip(), buy_in=buy_in, clock=float(clock),
            seats=[Seat() for _ in range(seats)], created=_now(), config=self.config,
            options=options,
        )  # fmt: skip
        start = 1 if player is not None else 0
        for offset, kind in enumerate(bots):
            table.seats[start + offset] = Seat(
                kind="bot", name=f"{kind.capitalize()} bot {start + offset + 1}", bot=kind,
                stack=buy_in, bought=buy_in,
            )  # fmt: skip
        seat = token = None
        if player is not None:
            seat, token = table.join(player, 0)
        self.store.save(table)
        self._add(table)
        return table, seat, token

    def get(self, table_id: str) -> WebTable:
        table = self.tables.get(table_id)
        if table is None:
            raise BadRequest(f"no table {table_id!r}", 404)
        return table

    async def join(self, table: WebTable, body: Mapping[str, Any]) -> tuple[int, str]:
        async with self._locks[table.id]:
            seat, token = table.join(body.get("player"), body.get("seat"))
            self.store.save(table)
        await self._changed(table)
        return seat, token

    def seat_in_hand(self, hand_id: int, token: str) -> int | None:
        """The seat (in the hand's own numbering) that ``token`` held in stored hand
        ``hand_id``, or ``None``: for the history viewer's own-cards view."""
        tokens = self.store.tokens_of(hand_id)
        if not tokens or not isinstance(token, str):
            return None
        digest = _digest(token)
        for index, held in enumerate(tokens):
            if held is not None and secrets.compare_digest(held, digest):
                return index
        return None

    # ------------------------------------------------------------------ driving

    async def _drive(self, table: WebTable) -> None:
        wake = self._wake[table.id]
        next_deal: float | None = None
        bot_ready: float | None = None
        while True:
            wait: float | None = None
            try:
                async with self._locks[table.id]:
                    now = time.monotonic()
                    if table.release_away(now, self.config.away_seconds):
                        self._persist(table)
                        wait = 0
                    elif table.hand is None:
                        bot_ready = None
                        watched = any(c.seat is None for c in self._clients[table.id])
                        if not table.dealable(watched):
                            next_deal = None
                        elif next_deal is None:
                            pause = self.config.next_hand_delay if table.hands_played else 0.0
                            next_deal = now + pause
                        if next_deal is not None and now >= next_deal:
                            next_deal = None
                            table.deal(watched)
                            self._persist(table)
                            wait = 0
                        elif next_deal is not None:
                            wait = next_deal - now
                    else:
                        next_deal = None
                        seat = table.to_act()
                        assert seat is not None
                        self._start_clock(table)
                        if table.seats[seat].kind == "bot":
                            if bot_ready is None:
                                bot_ready = now + self.config.bot_delay
                            if now >= bot_ready:
                                bot_ready = None
                                await self._bot_acts(table, seat)
                                wait = 0
                            else:
                                wait = bot_ready - now
                        else:
                            bot_ready = None
                            if table.deadline is not None:
                                left = table.deadline - time.time()
                                if left <= 0:
                                    table.time_out()
                                    self._persist(table)
                                    wait = 0
                                else:
                                    wait = left
                if wait == 0:
                    await self._broadcast(table)
                    continue
                if table.away_since:  # look again when the first absence runs out
                    first = min(table.away_since.values()) + self.config.away_seconds
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

    def _start_clock(self, table: WebTable) -> None:
        hand = table.hand
        assert hand is not None
        key = (table.hands_played, len(hand.events))
        if key != table.turn_key:
            table.turn_key = key
            seat = table.to_act()
            human = seat is not None and table.seats[seat].kind == "human"
            table.deadline = time.time() + table.clock if human and table.clock > 0 else None

    async def _bot_acts(self, table: WebTable, seat: int) -> None:
        hand = table.hand
        assert hand is not None
        legal = hand.legal_actions()
        assert legal is not None
        view = seat_view(hand, legal.seat)
        bot = table.bot_for(seat)
        if isinstance(bot, HeuristicBot):  # it thinks (samples equities): off the event loop
            action = await anyio.to_thread.run_sync(bot.act, view, legal)
        else:
            action = bot.act(view, legal)
        hand.apply(action, seat=legal.seat)
        table.version += 1
        self._persist(table)

    def _persist(self, table: WebTable) -> None:
        """Write the table after a change; a finished hand goes to the history first."""
        if table.hand is not None and table.hand.is_over:
            self._finish(table)
            return
        self.store.save(table)

    def _finish(self, table: WebTable) -> None:
        hand = table.hand
        assert hand is not None
        hand_id = self.history.find(hand.events)
        if hand_id is None:
            hand_id = self.history.add(
                hand.events, "web", started=table.hand_started, ended=datetime.now(UTC)
            )
        tokens = [table.seats[s].token_hash for s in table.hand_seats]
        table.finish(hand_id)
        self.store.save(table, link=(hand_id, tokens))

    async def _changed(self, table: WebTable) -> None:
        self._wake[table.id].set()
        await self._broadcast(table)

    # ------------------------------------------------------------------ connections

    async def _broadcast(self, table: WebTable) -> None:
        if table.hand is not None and not table.hand.is_over:
            self._start_clock(table)  # a new turn's clock starts as it is announced
        for client in list(self._clients.get(table.id, ())):
            await self._send(table, client)

    async def _send(
        self, table: WebTable, client: Client, message: dict[str, Any] | None = None
    ) -> None:
        """Send ``message`` (by default the client's ``state``, built when its turn to go out
        comes: two broadcasts interleaved at an ``await`` must not deliver a newer state before
        an older one)."""
        async with client.sending:
            try:
                await client.socket.send_json(
                    table.state_for(client.seat) if message is None else message
                )
            except (WebSocketDisconnect, RuntimeError, OSError):
                self._clients[table.id].discard(client)

    async def connect(self, socket: WebSocket, table_id: str) -> None:
        """Serve one websocket until it closes."""
        await socket.accept()
        table = self.tables.get(table_id)
        if table is None:
            await socket.send_json({"type": "error", "message": f"no table {table_id!r}"})
            await socket.close(4404)
            return
        token = socket.query_params.get("token")
        seat = None
        if token:
            seat = table.seat_of_token(token)
            if seat is None:
                await socket.send_json(
                    {"type": "error", "message": "that token is not a seat at this table"}
                )
                await socket.close(4403)
                return
        client = Client(socket, seat)
        self._clients[table.id].add(client)
        if seat is not None:
            table.connected[seat] = table.connected.get(seat, 0) + 1
            table.away_since.pop(seat, None)
            table.version += 1
        try:
            if seat is not None:  # the others see the seat connected
                await self._broadcast(table)
            else:
                await self._send(table, client)
                self._wake[table.id].set()  # a table of bots deals while it is watched
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await self._handle(table, client, message)
        except WebSocketDisconnect:
            pass
        finally:
            self._clients[table.id].discard(client)
            if client.seat is not None and client.seat in table.connected:
                table.connected[client.seat] -= 1
                if table.connected[client.seat] <= 0:
                    del table.connected[client.seat]
                    table.away_since[client.seat] = time.monotonic()
                    self._wake[table.id].set()
                table.version += 1
                await self._broadcast(table)

    async def _handle(self, table: WebTable, client: Client, message: Mapping[str, Any]) -> None:
        raw = message.get("text")
        if raw is None:
            raw_bytes = message.get("bytes") or b""
            size = len(raw_bytes)
        else:
            size = len(raw.encode())
        limit = self.config.max_message_bytes
        if size > limit:
            await self._error(
                table, client, f"message too large ({size} bytes; the limit is {limit})"
            )
            return
        try:
            data = json.loads(raw if raw is not None else raw_bytes)
        except (json.JSONDecodeError, UnicodeDecodeError):
            await self._error(table, client, "a message must be a JSON object: not JSON")
            return
        if not isinstance(data, dict):
            await self._error(table, client, "a message must be a JSON object")
            return
        kind = data.get("type")
        handler = _MESSAGES.get(kind) if isinstance(kind, str) else None
        if handler is None:
            await self._error(
                table,
                client,
                f"unknown message type {kind!r}: use {', '.join(_MESSAGES)}",
            )
            return
        if kind == "ping":
            await self._send(table, client, {"type": "pong"})
            return
        if kind == "state":
            await self._send(table, client)
            return
        async with self._locks[table.id]:
            try:
                if client.seat is None:
                    raise SplitpotError("you have no seat at this table: you are watching")
                if table.seats[client.seat].kind != "human":
                    raise SplitpotError("you left this seat")
                handler(table, client.seat, data)
            except SplitpotError as exc:
                await self._error(table, client, str(exc), kind)
                return
            self._persist(table)
            if kind == "leave":  # the seat's connections stay, watching
                gone = client.seat
                for other in self._clients[table.id]:
                    if other.seat == gone:
                        other.seat = None
        await self._changed(table)

    async def _error(
        self, table: WebTable, client: Client, text: str, request: str | None = None
    ) -> None:
        message: dict[str, Any] = {"type": "error", "message": text}
        if request is not None:
            message["request"] = request
        await self._send(table, client, message)


def _act(table: WebTable, seat: int, data: Mapping[str, Any]) -> None:
    claimed = data.get("seat", seat)
    if claimed != seat:
        raise SplitpotError(f"you can act only for your own seat ({seat}), not seat {claimed!r}")
    table.act(seat, data.get("action"), data.get("hand"), data.get("turn"))


_MESSAGES: Final[dict[str, Callable[[WebTable, int, Mapping[str, Any]], None]]] = {
    "act": _act,
    "sit_out": lambda table, seat, data: table.set_sitting_out(seat, True),
    "sit_in": lambda table, seat, data: table.set_sitting_out(seat, False),
    "rebuy": lambda table, seat, data: table.rebuy(seat),
    "leave": lambda table, seat, data: table.leave(seat),
    "state": lambda table, seat, data: None,
    "ping": lambda table, seat, data: None,
}


_OPTION_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "raise_cap": (int,),
    "heads_up_uncapped": (bool,),
    "reshuffle": (str,),
    "max_discard": (int, type(None)),
    "doogie_tie_keeps": (bool,),
}


def _options(raw: object) -> Options:
    """A table's house-rule options from the create request (RULES.md's table options)."""
    if not isinstance(raw, dict):
        raise BadRequest('options: an object, e.g. {"raise_cap": 5}')
    for key, value in raw.items():
        kinds = _OPTION_TYPES.get(key)
        if kinds is None:
            if key == "odd_chip":
                raise BadRequest(
                    "options: odd_chip is always high-award at a table (refuse is for the lab)"
                )
            raise BadRequest(f"options: unknown option {key!r}: use {', '.join(_OPTION_TYPES)}")
        if type(value) not in kinds:
            raise BadRequest(f"options: {key} cannot be {value!r}")
    try:
        return Options(**raw)
    except SplitpotError as exc:
        raise BadRequest(f"options: {exc}") from None


def _starting_stacks(hand_text: str, seats: int) -> list[int]:
    """The stacks a stored hand began with, from its first (start) event."""
    first = json.loads(hand_text.splitlines()[0])
    stacks = first["stacks"]
    if first.get("kind") != "start" or len(stacks) != seats:
        raise SplitpotError("the hand's start event is malformed: its chips cannot be returned")
    return [int(s) for s in stacks]


# ---------------------------------------------------------------------- routes


def _manager(request: Request | WebSocket) -> TableManager:
    manager: TableManager = request.app.state.tables
    return manager


async def _games(request: Request) -> Response:
    return JSONResponse({"games": games_json()})


async def _list_tables(request: Request) -> Response:
    tables = sorted(_manager(request).tables.values(), key=lambda t: t.created, reverse=True)
    return JSONResponse({"tables": [t.summary() for t in tables]})


async def _create_table(request: Request) -> Response:
    manager = _manager(request)
    body = await read_json(request)
    table, seat, token = manager.create(body)
    answer: dict[str, Any] = {"table": table.summary()}
    if token is not None:
        answer.update(seat=seat, token=token)
    return JSONResponse(answer, status_code=201)


async def _get_table(request: Request) -> Response:
    table = _manager(request).get(request.path_params["table_id"])
    return JSONResponse(table.summary())


async def _join_table(request: Request) -> Response:
    manager = _manager(request)
    table = manager.get(request.path_params["table_id"])
    body = await read_json(request)
    seat, token = await manager.join(table, body)
    return JSONResponse({"table": table.summary(), "seat": seat, "token": token})


async def _socket(socket: WebSocket) -> None:
    await _manager(socket).connect(socket, socket.path_params["table_id"])


ROUTES: list[BaseRoute] = [
    Route("/api/games", _games),
    Route("/api/tables", _list_tables, methods=["GET"]),
    Route("/api/tables", _create_table, methods=["POST"]),
    Route("/api/tables/{table_id}", _get_table),
    Route("/api/tables/{table_id}/join", _join_table, methods=["POST"]),
    WebSocketRoute("/ws/tables/{table_id}", _socket),
]
