"""The tables' wire schemas (``docs/web-protocol.md``), each stated once and read with
:func:`splitpot.schema.read`: the lobby's create request, a websocket message, and the action
a player sends. The table options are :class:`~splitpot.engine.options.Options` itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import msgspec

from splitpot.cards import parse_cards
from splitpot.engine.events import ACTION_KINDS, WAYS, Action
from splitpot.engine.options import Options
from splitpot.errors import BadRequest, SchemaError, SplitpotError
from splitpot.schema import field_names, read, unknown_keys

__all__ = [
    "HOST_TYPES",
    "MESSAGE_TYPES",
    "SEAT_MESSAGES",
    "Act",
    "Approve",
    "BombPot",
    "ChooseGame",
    "Close",
    "CreateTable",
    "HostMessage",
    "Leave",
    "Message",
    "PassHost",
    "Pause",
    "Ping",
    "Rebuy",
    "Refuse",
    "Remove",
    "Resume",
    "Say",
    "SetOptions",
    "SetStack",
    "SitIn",
    "SitOut",
    "StateAgain",
    "parse_action",
    "read_create",
    "read_message",
    "read_options",
]


class CreateTable(msgspec.Struct, frozen=True, kw_only=True):
    """``POST /api/tables``: a new table (the game's defaults where a field is left out); a
    mixed table names its ``games`` (two or more) instead of one ``game``."""

    game: str | None = None
    games: list[str] | None = None
    mixed: str | None = None
    hands_per_game: int | None = None
    structures: dict[str, str] | None = None
    structure: str | None = None
    stakes: str = "1/2"
    seats: int | None = None
    bots: list[str] = []
    buy_in: int | None = None
    player: Any = None  # the creator's name (checked as a seat's name), or none: no seat
    name: str | None = None
    clock: float | None = None
    options: dict[str, Any] = {}
    private: bool = False
    password: str | None = None
    seating: str | None = None
    time_bank: float | None = None
    min_buy_in: int | None = None
    max_buy_in: int | None = None
    bomb_pot_every: int | None = None
    bomb_ante: int | None = None


_CREATE_MESSAGES: Final = {
    "game": "game: name a game (GET /api/games lists them)",
    "games": 'games: a list of game ids, e.g. ["badugi", "drawmaha"]',
    "mixed": "mixed: rotation or dealers-choice",
    "hands_per_game": "hands_per_game: a whole number of hands, not {value!r}",
    "structures": 'structures: an object of game id to structure, e.g. {{"badugi": "fixed-limit"}}',
    "structure": "structure: fixed-limit, pot-limit or no-limit",
    "stakes": 'stakes: write them as text, e.g. "1/2"',
    "seats": "seats: a whole number of seats, not {value!r}",
    "bots": "bots: a list of bot kinds (heuristic, expert, random, caller)",
    "buy_in": "buy_in: a whole number of chips, not {value!r}",
    "name": "name: the table's name, up to 60 characters",
    "clock": "clock: seconds per decision, 0 to 3600, not {value!r}",
    "options": 'options: an object, e.g. {{"raise_cap": 5}}',
    "private": "private: true or false, not {value!r}",
    "password": "password: text, not {value!r}",
    "seating": "seating: anyone or approve, not {value!r}",
    "time_bank": "time_bank: seconds, 0 to 600, not {value!r}",
    "min_buy_in": "min_buy_in: a whole number of chips, not {value!r}",
    "max_buy_in": "max_buy_in: a whole number of chips, not {value!r}",
    "bomb_pot_every": "bomb_pot_every: a whole number of hands (0: none), not {value!r}",
    "bomb_ante": "bomb_ante: a whole number of chips, not {value!r}",
}


def read_create(body: dict[str, Any]) -> CreateTable:
    """The create request as a :class:`CreateTable`; :class:`BadRequest` names what is wrong."""
    unknown = unknown_keys(body, CreateTable)
    if unknown:
        known = ", ".join(sorted(field_names(CreateTable)))
        raise BadRequest(f"unknown field {unknown[0]!r}: use {known}")
    try:
        return read(body, CreateTable, _CREATE_MESSAGES)
    except SchemaError as exc:
        raise BadRequest(str(exc)) from None


def read_options(raw: object) -> Options:
    """A table's house-rule options from the create request (docs/rules.md's table options); the
    older name ``doogie_tie_keeps`` is read as ``two_way_tie_keeps``."""
    if not isinstance(raw, dict):
        raise BadRequest('options: an object, e.g. {"raise_cap": 5}')
    if "odd_chip" in raw:
        raise BadRequest(
            "options: odd_chip is always high-award at a table (refuse is for the lab)"
        )
    try:
        return Options.from_json(raw)
    except SplitpotError as exc:
        raise BadRequest(f"options: {exc}") from None


# ---------------------------------------------------------------------- websocket messages


class Message(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """A message a client sends on a table's websocket, told apart by its ``type``; read once,
    by :func:`read_message`. Other keys than a message's own are ignored."""


class Act(Message, frozen=True, kw_only=True, tag="act"):
    """An action, already an engine :class:`Action`: ``hand`` and ``turn`` (from ``legal``),
    when given, must be the decision now open; ``seat``, when given, must be the sender's."""

    action: Any = None  # the wire's object; read_message gives an Action
    seat: int | None = None
    hand: int | None = None
    turn: int | None = None


class SitOut(Message, frozen=True, kw_only=True, tag="sit_out"):
    """Skip the next hands."""


class SitIn(Message, frozen=True, kw_only=True, tag="sit_in"):
    """Be dealt in again."""


class Rebuy(Message, frozen=True, kw_only=True, tag="rebuy"):
    """Between hands, buy ``amount`` chips (none: top up to the buy-in)."""

    amount: int | None = None


class Leave(Message, frozen=True, kw_only=True, tag="leave"):
    """Give the seat up between hands."""


class ChooseGame(Message, frozen=True, kw_only=True, tag="choose_game"):
    """Dealer's choice: the seat asked picks the next game."""

    game: Any = None


class Say(Message, frozen=True, kw_only=True, tag="chat"):
    """A chat line; a watcher gives a ``name``."""

    text: Any = None
    name: Any = None


class StateAgain(Message, frozen=True, kw_only=True, tag="state"):
    """Send the current ``state`` again."""


class Ping(Message, frozen=True, kw_only=True, tag="ping"):
    """Answered by ``pong``."""


# The host's commands (splitpot.web.tables.host carries them out).


class HostMessage(Message, frozen=True, kw_only=True):
    """A command only the table's host may send."""


class Approve(HostMessage, frozen=True, kw_only=True, tag="approve"):
    """Seat the person who asked (``request``: the request's id)."""

    request: int


class Refuse(HostMessage, frozen=True, kw_only=True, tag="refuse"):
    """Turn a seat request down."""

    request: int


class Remove(HostMessage, frozen=True, kw_only=True, tag="remove"):
    """Remove the player of ``seat`` (between their hands); their chips leave with them."""

    seat: int


class Pause(HostMessage, frozen=True, kw_only=True, tag="pause"):
    """Deal no new hand (the hand in progress finishes)."""


class Resume(HostMessage, frozen=True, kw_only=True, tag="resume"):
    """Deal again."""


class SetStack(HostMessage, frozen=True, kw_only=True, tag="set_stack"):
    """Set the stack of ``seat`` (between its hands) to ``stack`` chips."""

    seat: int
    stack: int


class SetOptions(HostMessage, frozen=True, kw_only=True, tag="set_options"):
    """Change the table's settings between hands (each left out stays as it is)."""

    options: dict[str, Any] | None = None
    seating: str | None = None
    private: bool | None = None
    password: str | None = None  # "" removes the password
    clock: float | None = None
    time_bank: float | None = None
    min_buy_in: int | None = None
    max_buy_in: int | None = None
    bomb_pot_every: int | None = None
    bomb_ante: int | None = None
    straddle: bool | None = None  # from the next hand (docs/rules.md "Betting")
    bb_ante: int | None = None  # a big-blind ante of this many chips (0: none)


class BombPot(HostMessage, frozen=True, kw_only=True, tag="bomb_pot"):
    """Make the next hand a bomb pot (docs/rules.md "At the table")."""


class PassHost(HostMessage, frozen=True, kw_only=True, tag="pass_host"):
    """Hand the host's role to the person in ``seat``."""

    seat: int


class Close(HostMessage, frozen=True, kw_only=True, tag="close"):
    """Close the table (between hands): it leaves the lobby, its history stays."""


SEAT_MESSAGES: Final = (Act, SitOut, SitIn, Rebuy, Leave, ChooseGame)
"""The messages only a seated person may send."""

_KINDS: Final[dict[str, type[Message]]] = {
    kind.__struct_config__.tag: kind  # type: ignore[misc]
    for kind in (
        Act, SitOut, SitIn, Rebuy, Leave, ChooseGame, Say, StateAgain, Ping,
        Approve, Refuse, Remove, Pause, Resume, SetStack, SetOptions, BombPot, PassHost, Close,
    )
}  # fmt: skip

MESSAGE_TYPES: Final = tuple(_KINDS)
"""The ``type`` of every message a client may send on a table's websocket."""

HOST_TYPES: Final = tuple(t for t, k in _KINDS.items() if issubclass(k, HostMessage))
"""The ``type`` of every host command."""

_MESSAGE_FIELDS: Final = {
    "seat": "seat: a seat's number, not {value!r}",
    "hand": "hand: the number of the hand the action is for, not {value!r}",
    "turn": "turn: the turn the action is for (legal.turn), not {value!r}",
    "amount": "amount: a whole number of chips, not {value!r}",
    "request": "request: a seat request's id, not {value!r}",
    "stack": "stack: a whole number of chips, not {value!r}",
    "options": 'options: an object, e.g. {{"raise_cap": 5}}',
    "seating": "seating: anyone or approve, not {value!r}",
    "private": "private: true or false, not {value!r}",
    "password": "password: text, not {value!r}",
    "clock": "clock: seconds per decision, 0 to 3600, not {value!r}",
    "time_bank": "time_bank: seconds, 0 to 600, not {value!r}",
    "min_buy_in": "min_buy_in: a whole number of chips, not {value!r}",
    "max_buy_in": "max_buy_in: a whole number of chips, not {value!r}",
    "bomb_pot_every": "bomb_pot_every: a whole number of hands (0: none), not {value!r}",
    "bomb_ante": "bomb_ante: a whole number of chips, not {value!r}",
    "straddle": "straddle: true or false, not {value!r}",
    "bb_ante": "bb_ante: a whole number of chips (0: none), not {value!r}",
}


def read_message(data: Mapping[str, Any]) -> Message:
    """A websocket message (a decoded JSON object) as its typed :class:`Message`, an ``act``'s
    action parsed into an engine :class:`Action`; :class:`SchemaError` says what is wrong."""
    kind = data.get("type")
    wanted = _KINDS.get(kind) if isinstance(kind, str) else None
    if wanted is None:
        raise SchemaError(f"unknown message type {kind!r}: use {', '.join(MESSAGE_TYPES)}")
    known = {key: data[key] for key in field_names(wanted) if key in data}
    message = read({**known, "type": kind}, wanted, _MESSAGE_FIELDS)
    if isinstance(message, Act):
        return msgspec.structs.replace(message, action=parse_action(message.action))
    return message


class _Kind(msgspec.Struct, frozen=True, tag_field="kind"):
    """An action a player sends, told apart by its ``kind``."""


class _Fold(_Kind, frozen=True, tag="fold"):
    pass


class _Check(_Kind, frozen=True, tag="check"):
    pass


class _Call(_Kind, frozen=True, tag="call"):
    pass


class _Keep(_Kind, frozen=True, tag="keep"):
    pass


class _Reject(_Kind, frozen=True, tag="reject"):
    pass


class _Show(_Kind, frozen=True, tag="show"):
    pass


class _Muck(_Kind, frozen=True, tag="muck"):
    pass


class _RunTwice(_Kind, frozen=True, tag="run_twice"):
    pass


class _RunOnce(_Kind, frozen=True, tag="run_once"):
    pass


class _BringIn(_Kind, frozen=True, tag="bring_in"):
    pass


class _Bet(_Kind, frozen=True, tag="bet"):
    amount: int  # raise-to: the round total


class _Raise(_Kind, frozen=True, tag="raise"):
    amount: int


class _Discard(_Kind, frozen=True, tag="discard"):
    cards: list[str] = []  # each card's text, e.g. "Ks"


class _Declare(_Kind, frozen=True, tag="declare"):
    way: str


_ActionPayload = (
    _Fold
    | _Check
    | _Call
    | _Keep
    | _Reject
    | _Show
    | _Muck
    | _RunTwice
    | _RunOnce
    | _BringIn
    | _Bet
    | _Raise
    | _Discard
    | _Declare
)


def parse_action(payload: object) -> Action:
    """An action from a client's ``{"kind": ..., ...}``; clear errors for anything else."""
    if not isinstance(payload, dict):
        raise SchemaError('act needs an "action" object, e.g. {"kind": "call"}')
    kind = payload.get("kind")
    messages = {
        "kind": f"unknown action {{value!r}}: use {', '.join(ACTION_KINDS)}",
        "amount": f"{kind} needs a whole number of chips as amount, not {{value!r}}",
        "cards": 'discard needs cards: a list of up to 10 cards like ["Ks"]',
        "way": "declare high, low or both, not {value!r}",
    }
    if kind not in ACTION_KINDS:  # (also a kind that is not text)
        raise SchemaError(messages["kind"].format(value=kind))
    action: _Kind = read(payload, _ActionPayload, messages)  # type: ignore[arg-type]
    if isinstance(action, _Bet | _Raise):
        return Action(kind, amount=action.amount)
    if isinstance(action, _Discard):
        cards = action.cards
        if len(cards) > 10 or not all(len(card) <= 4 for card in cards):
            raise SchemaError(messages["cards"])
        return Action.discard(parse_cards(" ".join(cards), where="in your discard"))
    if isinstance(action, _Declare):
        way = next((w for w in WAYS if w == action.way), None)  # exactly, as the protocol says
        if way is None:
            raise SchemaError(messages["way"].format(value=action.way))
        return Action.declare(way)
    return Action(kind)
