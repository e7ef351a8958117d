"""The host of a table: who runs the game, who may sit, and the table's settings.

The creator's token is the host's token (a creator who takes no seat is given a token of its
own). Only the host may approve or refuse a seat request, remove a player, pause and resume
dealing, set a stack or change the settings between hands, pass the role on and close the
table (docs/web-protocol.md "Host commands"). Every command is checked in full before it
changes anything: a refusal raises :class:`TableError` and leaves the table as it was. When
the host gives up the seat, the role passes to the person seated longest.

A private table is not listed in the lobby; its link still opens it. Its optional password is
kept as a salted scrypt digest, compared in constant time, and wrong attempts are limited per
table and client (:data:`PASSWORD_TRIES` in :data:`PASSWORD_WINDOW` seconds).
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import secrets
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from splitpot.engine.mixed import stakes_for
from splitpot.engine.options import Options
from splitpot.errors import BadRequest, SplitpotError, TableError
from splitpot.games.spec import GameSpec
from splitpot.web.tables.forced import forced_stakes_text
from splitpot.web.tables.protocol import (
    Approve,
    BombPot,
    Close,
    HostMessage,
    PassHost,
    Pause,
    Refuse,
    Remove,
    Resume,
    SetOptions,
    SetStack,
    read_options,
)
from splitpot.web.tables.store import utc_now
from splitpot.web.tables.util import clean_name, token_digest

if TYPE_CHECKING:
    from splitpot.web.tables.state import WebTable

__all__ = [
    "MAX_TIME_BANK",
    "PASSWORD_TRIES",
    "PASSWORD_WINDOW",
    "SEATINGS",
    "HostState",
    "SeatRequest",
    "command",
    "hash_password",
]

SEATINGS: Final = ("anyone", "approve")
"""``anyone``: anyone with the link may sit; ``approve``: the host approves each seat."""
PASSWORD_TRIES: Final = 5  # wrong passwords a client may give a table...
PASSWORD_WINDOW: Final = 60.0  # ...in this many seconds
MAX_PASSWORD: Final = 128
MAX_REQUESTS: Final = 20  # seat requests waiting at once
MAX_TIME_BANK: Final = 600.0
_SCRYPT: Final = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


def hash_password(password: str) -> str:
    """``password`` as ``scrypt$<salt hex>$<digest hex>`` (a fresh 16-byte salt)."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def _password_matches(stored: str, given: str) -> bool:
    _, salt, digest = stored.split("$")
    tried = hashlib.scrypt(given.encode(), salt=bytes.fromhex(salt), **_SCRYPT)
    return hmac.compare_digest(tried.hex(), digest)


def check_password_text(raw: object) -> str:
    """A password as given (to create a table or change it): text of 1 to 128 characters."""
    if not isinstance(raw, str) or not raw or len(raw) > MAX_PASSWORD:
        raise BadRequest(f"password: text of 1 to {MAX_PASSWORD} characters")
    return raw


@dataclass(slots=True)
class SeatRequest:
    """A person waiting for the host to approve a seat: their name, the seat they asked for
    (``None``: any), and the digest of the token they were given (it becomes the seat's)."""

    id: int
    name: str
    seat: int | None
    token_hash: str
    at: str
    chips: int = 0  # the buy-in asked for (0: the table's)

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "seat": self.seat, "at": self.at,
            "chips": self.chips,
        }  # fmt: skip


@dataclass
class HostState:
    """A table's host and settings; see the module docstring. ``host_hash`` is the digest of
    the host's token (``None``: nobody hosts; the next person to sit does)."""

    host_hash: str | None = None
    seating: str = "anyone"
    private: bool = False
    password: str | None = None  # hash_password's text
    paused: bool = False
    closed: bool = False
    time_bank: float = 0.0  # seconds each seat starts with (0: no time bank)
    bomb_every: int = 0  # a bomb pot every this many hands (0: none but those the host calls)
    bomb_ante: int = 0  # the agreed bomb ante
    bomb_next: bool = False  # the host called one for the next hand
    requests: list[SeatRequest] = field(default_factory=list)
    next_request: int = 1
    refused: set[str] = field(default_factory=set)  # digests of requests turned down (not kept)
    tries: dict[str, deque[float]] = field(default_factory=dict)  # client -> wrong tries

    def is_host(self, digest: str | None) -> bool:
        return (
            digest is not None
            and self.host_hash is not None
            and hmac.compare_digest(digest, self.host_hash)
        )

    def request_of(self, digest: str | None) -> SeatRequest | None:
        if digest is None:
            return None
        return next((r for r in self.requests if hmac.compare_digest(r.token_hash, digest)), None)

    def check_password(self, given: object, client: str, now: float | None = None) -> None:
        """Refuse a join without the table's password (when it has one); after
        :data:`PASSWORD_TRIES` wrong ones in :data:`PASSWORD_WINDOW` seconds, refuse every try
        from that client until the oldest is that old."""
        if self.password is None:
            return
        now = time.monotonic() if now is None else now
        tries = self.tries.setdefault(client, deque())
        while tries and now - tries[0] >= PASSWORD_WINDOW:
            tries.popleft()
        if len(tries) >= PASSWORD_TRIES:
            wait = int(PASSWORD_WINDOW - (now - tries[0])) + 1
            raise BadRequest(f"too many wrong passwords for this table: wait {wait} s", 429)
        if not isinstance(given, str) or not _password_matches(self.password, given[:256]):
            tries.append(now)
            what = "a wrong password" if isinstance(given, str) and given else "no password"
            raise BadRequest(f"password: this table needs its password ({what} was given)", 403)

    def to_json(self) -> dict[str, Any]:
        """As stored with the table (the password only as its digest)."""
        return {
            "host_hash": self.host_hash, "seating": self.seating, "private": self.private,
            "password": self.password, "paused": self.paused, "closed": self.closed,
            "time_bank": self.time_bank, "next_request": self.next_request,
            "bomb_every": self.bomb_every, "bomb_ante": self.bomb_ante,
            "bomb_next": self.bomb_next,
            "requests": [
                {**r.public(), "token_hash": r.token_hash} for r in self.requests
            ],
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> HostState:
        """What :meth:`to_json` stored (a table stored before hosts: nobody hosts)."""
        if not data:
            return cls()
        requests = [SeatRequest(**r) for r in data.get("requests", [])]
        keys = (
            "host_hash", "seating", "private", "password", "paused", "closed", "time_bank",
            "bomb_every", "bomb_ante", "bomb_next",
        )  # fmt: skip
        return cls(
            **{k: data[k] for k in keys if k in data},
            requests=requests,
            next_request=int(data.get("next_request", 1)),
        )

    def settings(self) -> dict[str, Any]:
        """The settings everyone may see (whether there is a password, not the password)."""
        return {
            "seating": self.seating, "private": self.private,
            "password": self.password is not None, "paused": self.paused,
            "closed": self.closed, "time_bank": self.time_bank,
            "bomb_pot_every": self.bomb_every, "bomb_ante": self.bomb_ante,
            "bomb_next": self.bomb_next,
        }  # fmt: skip


# ---------------------------------------------------------------------- joining


def join(table: WebTable, body: Mapping[str, Any], client: str) -> tuple[dict[str, Any], int]:
    """``POST /api/tables/{id}/join``: the password checked first (when the table has one);
    then the person sits, or, where the host approves seats, waits as a seat request. Returns
    the answer's fields and its HTTP status (200 seated, 202 waiting)."""
    if table.host.closed:
        raise BadRequest("the table is closed", 409)
    given = body.get("host_token")  # a host without a seat sits down, and hosts on
    hosting = isinstance(given, str) and table.host.is_host(token_digest(given))
    if not hosting:
        table.host.check_password(body.get("password"), client)
    if hosting or table.host.seating != "approve" or table.host.host_hash is None:
        seat, token = table.join(body.get("player"), body.get("seat"), body.get("buy_in"))
        if hosting:
            table.host.host_hash = token_digest(token)
        return {"seat": seat, "token": token}, 200
    name = clean_name(body.get("player"))
    wanted = body.get("seat")
    table.open_seat(wanted, name)  # (a seat taken, a full table, a name taken: refused now)
    if any(r.name.lower() == name.lower() for r in table.host.requests):
        raise BadRequest(f"player: {name!r} is already waiting for a seat: choose another name")
    if len(table.host.requests) >= MAX_REQUESTS:
        raise BadRequest(f"{MAX_REQUESTS} people are waiting for a seat already: try later", 409)
    chips = table.buy_in_of(body.get("buy_in"))
    token = secrets.token_urlsafe(24)
    request = SeatRequest(
        id=table.host.next_request, name=name, seat=wanted, token_hash=token_digest(token),
        at=utc_now(), chips=chips,
    )  # fmt: skip
    table.host.next_request += 1
    table.host.requests.append(request)
    table.chat.dealer(f"{name} asks for a seat")
    table.version += 1
    return {"request": request.public(), "token": token, "status": "waiting"}, 202


# ---------------------------------------------------------------------- the host's commands


def host_name(table: WebTable) -> str:
    """The host's name: the seat the host holds, else ``the host``."""
    seat = host_seat(table)
    return table.seats[seat].name if seat is not None else "the host"


def host_seat(table: WebTable) -> int | None:
    """The seat the host holds, or ``None`` (a host who watches, or nobody hosts)."""
    return next((i for i, s in enumerate(table.seats) if table.host.is_host(s.token_hash)), None)


def command(table: WebTable, sender: str | None, message: HostMessage) -> None:
    """Carry out a host's ``message`` from the connection whose token digest is ``sender``;
    :class:`TableError` (nothing changed) when the sender is not the host or it cannot be
    done now."""
    kind = type(message).__struct_config__.tag
    if not table.host.is_host(sender):
        raise TableError(f"{kind}: only the table's host may do that")
    if table.host.closed:
        raise TableError("the table is closed")
    if isinstance(message, Approve):
        _approve(table, message.request)
    elif isinstance(message, Refuse):
        _refuse(table, message.request)
    elif isinstance(message, Remove):
        _remove(table, message.seat)
    elif isinstance(message, Pause | Resume):
        _pause(table, isinstance(message, Pause))
    elif isinstance(message, SetStack):
        _set_stack(table, message.seat, message.stack)
    elif isinstance(message, SetOptions):
        _set_options(table, message)
    elif isinstance(message, BombPot):
        _call_bomb(table)
    elif isinstance(message, PassHost):
        _pass(table, message.seat)
    elif isinstance(message, Close):
        _close(table)
    table.version += 1


def _request(table: WebTable, request: int) -> SeatRequest:
    found = next((r for r in table.host.requests if r.id == request), None)
    if found is None:
        raise TableError(f"no seat request {request} is waiting")
    return found


def _approve(table: WebTable, request: int) -> None:
    wanted = _request(table, request)
    seat = table.open_seat(wanted.seat, wanted.name)
    table.host.requests.remove(wanted)
    table.seat_person(wanted.name, seat, wanted.token_hash, wanted.chips)


def _refuse(table: WebTable, request: int) -> None:
    wanted = _request(table, request)
    table.host.requests.remove(wanted)
    table.host.refused.add(wanted.token_hash)


def _seated(table: WebTable, seat: int) -> str:
    if not 0 <= seat < len(table.seats) or table.seats[seat].kind == "open":
        raise TableError(f"seat {seat}: nobody sits there")
    return table.seats[seat].name


def _remove(table: WebTable, seat: int) -> None:
    name = _seated(table, seat)
    if table.in_hand(seat):
        raise TableError(f"{name} is in this hand: remove them when it is over (pause first)")
    by = host_name(table)
    table.leave(seat)
    table.chat.dealer(f"{name} was removed by {by}")


def _pause(table: WebTable, pause: bool) -> None:
    if table.host.paused == pause:
        raise TableError("the table is already paused" if pause else "the table is not paused")
    table.host.paused = pause
    if pause:
        table.chat.dealer(
            f"{host_name(table)} paused the game"
            + (": the hand in progress finishes" if table.hand is not None else "")
        )
    else:
        table.chat.dealer(f"{host_name(table)} resumed the game")


def _set_stack(table: WebTable, seat: int, stack: int) -> None:
    name = _seated(table, seat)
    if table.in_hand(seat):
        raise TableError(f"set {name}'s stack between their hands, not during one")
    if not 0 <= stack <= 10**9:
        raise TableError(f"stack: 0 to 1,000,000,000 chips, not {stack}")
    info = table.seats[seat]
    if stack == info.stack:
        raise TableError(f"{name}'s stack is already {stack}")
    by = host_name(table)
    table.ledger.adjust(seat, by, info.stack, stack, utc_now())
    table.chat.dealer(f"{by} set {name}'s stack from {info.stack} to {stack}")
    info.bought += stack - info.stack
    info.stack = stack


def _set_options(table: WebTable, message: SetOptions) -> None:
    if table.hand is not None:
        raise TableError(
            "change the options between hands (pause, and the hand in progress finishes)"
        )
    try:
        new = settings_check(table, message)
    except SplitpotError as exc:
        raise TableError(str(exc)) from None
    stakes = new.get("stakes_text", table.stakes_text)
    change = f" (stakes from the next hand: {stakes})" if stakes != table.stakes_text else ""
    _apply_settings(table, new)
    table.chat.dealer(f"{host_name(table)} changed the table's options{change}")


def _call_bomb(table: WebTable) -> None:
    if not any(g.board_cards for g in table.games.games):
        raise TableError("bomb pot: only games with a board (this table's have none)")
    if table.host.bomb_next:
        raise TableError("a bomb pot is called for the next hand already")
    if not table.host.bomb_ante:
        raise TableError("bomb pot: set the bomb ante in the table's options first")
    table.host.bomb_next = True
    table.chat.dealer(f"{host_name(table)} calls a bomb pot for the next hand")


def hand_options(table: WebTable, game: GameSpec) -> Options:
    """The options the next hand of ``game`` is dealt with: the table's, with the bomb ante
    when it is a bomb pot (called by the host, or every ``bomb_every`` hands; only in a game
    with a board: at a mixed table a bomb called for a game without one waits)."""
    host = table.host
    number = table.hands_played + 1
    due = host.bomb_next or (host.bomb_every > 0 and number % host.bomb_every == 0)
    if not due or not host.bomb_ante or not game.board_cards:
        return table.options
    host.bomb_next = False
    return dataclasses.replace(table.options, bomb_ante=host.bomb_ante)


def bomb_check(games: Sequence[GameSpec], every: int, ante: int) -> None:
    """Bomb pots need a game with a board, ``every`` 0 to 1,000 hands and ``ante`` chips."""
    if not 0 <= every <= 1000:
        raise BadRequest(f"bomb_pot_every: 0 to 1000 hands, not {every!r}")
    if not 0 <= ante <= 10**9:
        raise BadRequest(f"bomb_ante: a whole number of chips, not {ante!r}")
    if every and not any(g.board_cards for g in games):
        raise BadRequest("bomb_pot_every: bomb pots are only for games with a board")


def _pass(table: WebTable, seat: int) -> None:
    name = _seated(table, seat)
    info = table.seats[seat]
    if info.kind != "human" or info.token_hash is None:
        raise TableError(f"{name} is a bot: pass the host's role to a person")
    if table.host.is_host(info.token_hash):
        raise TableError("you are the host already")
    by = host_name(table)
    table.host.host_hash = info.token_hash
    table.chat.dealer(f"{by} passed the host's role to {name}")


def _close(table: WebTable) -> None:
    if table.hand is not None:
        raise TableError("close between hands (pause, and the hand in progress finishes)")
    by = host_name(table)
    for seat, info in enumerate(table.seats):
        if info.kind != "open":
            table.leave(seat, keep_host=True)
    table.host.requests.clear()
    table.host.closed = True
    table.chat.dealer(f"{by} closed the table")


def settings_check(table: WebTable, message: SetOptions) -> dict[str, Any]:
    """The settings ``message`` asks for, each checked (``BadRequest`` names a wrong one)."""
    new: dict[str, Any] = {}
    if message.options is not None:
        options = read_options(message.options)
        refusals = []
        for game in table.games.games:
            try:
                options.check_game(game)
            except SplitpotError as exc:
                refusals.append(exc)
        if len(refusals) == len(table.games.games):
            raise BadRequest(f"options: {refusals[0]}")
        new["options"] = options
    if message.seating is not None:
        if message.seating not in SEATINGS:
            raise BadRequest(f"seating: anyone or approve, not {message.seating!r}")
        new["seating"] = message.seating
    if message.private is not None:
        new["private"] = message.private
    if message.password is not None:
        new["password"] = (
            hash_password(check_password_text(message.password)) if message.password else None
        )
    if message.clock is not None:
        if not 0 <= message.clock <= 3600:
            raise BadRequest(f"clock: seconds per decision, 0 to 3600, not {message.clock!r}")
        new["clock"] = float(message.clock)
    if message.time_bank is not None:
        if not 0 <= message.time_bank <= MAX_TIME_BANK:
            raise BadRequest(f"time_bank: seconds, 0 to 600, not {message.time_bank!r}")
        new["time_bank"] = float(message.time_bank)
    low = table.min_buy_in if message.min_buy_in is None else message.min_buy_in
    high = table.max_buy_in if message.max_buy_in is None else message.max_buy_in
    if not 1 <= low <= high <= 10**9:
        raise BadRequest(f"min_buy_in and max_buy_in: 1 <= min <= max, not {low} and {high}")
    if not low <= table.buy_in <= high:
        raise BadRequest(f"the buy-in ({table.buy_in}) must be between min_buy_in and max_buy_in")
    new["min_buy_in"], new["max_buy_in"] = low, high
    every = table.host.bomb_every if message.bomb_pot_every is None else message.bomb_pot_every
    ante = table.host.bomb_ante if message.bomb_ante is None else message.bomb_ante
    bomb_check(table.games.games, every, ante)
    new["bomb_every"], new["bomb_ante"] = every, ante
    if message.straddle is not None or message.bb_ante is not None:
        new["stakes_text"] = forced_stakes_text(table, message.straddle, message.bb_ante)
    return new


def _apply_settings(table: WebTable, new: Mapping[str, Any]) -> None:
    """Take the settings :func:`settings_check` checked."""
    for key in ("options", "clock", "min_buy_in", "max_buy_in"):
        if key in new:
            setattr(table, key, new[key])
    if "stakes_text" in new:  # (dealt from the next hand: WebTable.deal reads them again)
        table.stakes_text = new["stakes_text"]
        table.stakes = stakes_for(table.stakes_text, table.game)
    for key in ("seating", "private", "password", "time_bank", "bomb_every", "bomb_ante"):
        if key in new:
            setattr(table.host, key, new[key])
    if "time_bank" in new:
        for info in table.seats:  # every seat starts again with the new allowance
            info.bank = new["time_bank"] if info.kind == "human" else 0.0


def host_json(table: WebTable, viewer: str | None) -> dict[str, Any]:
    """``state``'s ``host``: who hosts (``seat``, ``name``), whether the viewer does
    (``you``), and for the host alone the seat requests waiting."""
    seat = host_seat(table)
    mine = table.host.is_host(viewer)
    return {
        "seat": seat,
        "name": None if seat is None and table.host.host_hash is None else host_name(table),
        "you": mine,
        "requests": [r.public() for r in table.host.requests] if mine else [],
    }


def request_json(table: WebTable, viewer: str | None) -> dict[str, Any] | None:
    """``state``'s ``request``: the viewer's own seat request (``waiting`` or ``refused``)."""
    mine = table.host.request_of(viewer)
    if mine is not None:
        return {**mine.public(), "status": "waiting"}
    if viewer is not None and viewer in table.host.refused:
        return {"status": "refused"}
    return None
