"""The tables' wire schemas (``docs/web-protocol.md``), each stated once and read with
:func:`splitpot.schema.read`: the lobby's create request, a websocket message, and the action
a player sends. The table options are :class:`~splitpot.engine.options.Options` itself.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from splitpot.cards import parse_cards
from splitpot.engine.events import ACTION_KINDS, WAYS, Action
from splitpot.engine.options import Options
from splitpot.errors import BadRequest, SchemaError, SplitpotError
from splitpot.schema import field_names, read, unknown_keys

__all__ = [
    "MESSAGE_TYPES",
    "ActMessage",
    "CreateTable",
    "parse_action",
    "read_act",
    "read_create",
    "read_options",
]

MESSAGE_TYPES: Final = (
    "act", "sit_out", "sit_in", "rebuy", "leave", "choose_game", "chat", "state", "ping",
)  # fmt: skip
"""The ``type`` of every message a client may send on a table's websocket."""


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
    """A table's house-rule options from the create request (RULES.md's table options); the
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


class ActMessage(msgspec.Struct, frozen=True, kw_only=True):
    """``{"type": "act", "action": {...}}``: ``hand`` and ``turn`` (from ``legal``), when
    given, must be the decision now open; ``seat``, when given, must be the sender's."""

    type: str
    action: Any = None
    seat: int | None = None
    hand: int | None = None
    turn: int | None = None


_ACT_MESSAGES: Final = {
    "seat": "seat: your seat's number, not {value!r}",
    "hand": "hand: the number of the hand the action is for, not {value!r}",
    "turn": "turn: the turn the action is for (legal.turn), not {value!r}",
}


def read_act(data: dict[str, Any]) -> ActMessage:
    """An ``act`` message as an :class:`ActMessage` (other keys are ignored)."""
    known = {key: data[key] for key in field_names(ActMessage) if key in data}
    return read(known, ActMessage, _ACT_MESSAGES)


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


class _Bet(_Kind, frozen=True, tag="bet"):
    amount: int  # raise-to: the round total


class _Raise(_Kind, frozen=True, tag="raise"):
    amount: int


class _Discard(_Kind, frozen=True, tag="discard"):
    cards: list[str] = []  # each card's text, e.g. "Ks"


class _Declare(_Kind, frozen=True, tag="declare"):
    way: str


_ActionPayload = (
    _Fold | _Check | _Call | _Keep | _Reject | _Show | _Muck | _Bet | _Raise | _Discard | _Declare
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
