"""The showdown input as JSON: one object per showdown, the schema of ``splitpot showdown
--batch`` lines and of the lab's ``POST /api/lab/showdown``.

Keys: ``game``, ``board``, ``players`` (name -> cards, in seat order), ``pot`` or
``contributions`` (name -> chips), and optionally ``button``, ``seats``, ``declarations``
(name -> ``high``/``low``/``both``), ``odd_chip`` (``high-award`` or ``refuse``), ``id``
(echoed back). Cards are a string (``"As Kd"``) or a list of cards (``["As", "Kd"]``).
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from splitpot.engine.showdown import ShowdownResult, settle
from splitpot.errors import SchemaError, SplitpotError
from splitpot.schema import field_names, read, unknown_keys

__all__ = [
    "ShowdownInput",
    "answer_line",
    "read_input",
    "settle_given",
    "settle_input",
    "settle_line",
]

Cards = str | list[str]


class ShowdownInput(msgspec.Struct, frozen=True, kw_only=True):
    """One showdown to settle (see the module docstring)."""

    game: str
    players: dict[str, Cards]
    board: Cards = ""
    pot: int | None = None
    contributions: dict[str, int] | None = None
    button: str | None = None
    seats: list[str] | None = None
    declarations: dict[str, str] | None = None
    odd_chip: str | None = None
    id: Any = msgspec.UNSET


_MESSAGES = {
    "game": '"game" must name a game',
    "players": '"players" must map each player to their cards',
    "board": '"board" must be a string or a list of cards',
    "pot": '"pot" must be a whole number of chips, not {value!r}',
    "contributions": '"contributions" must be an object keyed by player, each a whole number '
    "of chips",
    "button": '"button" must name a player',
    "seats": '"seats" must be a list of player names',
    "declarations": '"declarations" must be an object keyed by player',
    "odd_chip": '"odd_chip" must be high-award or refuse',
}


def _players_message(players: object) -> str:
    """The message for a ``players`` value that is not name -> cards: name the player."""
    if isinstance(players, dict):
        for name, cards in players.items():
            if not (isinstance(cards, str) or _card_list(cards)):
                return (
                    f"player {name}'s cards must be a string of cards or a list of cards, "
                    f"got {cards!r}"
                )
    return _MESSAGES["players"]


def _card_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(card, str) for card in value)


def read_input(data: object) -> ShowdownInput:
    """A decoded JSON value as a :class:`ShowdownInput`; :class:`SchemaError` says what is
    wrong (an unknown key, a value of the wrong kind) and where."""
    if not isinstance(data, dict):
        raise SchemaError("each line must be a JSON object")
    unknown = unknown_keys(data, ShowdownInput)
    if unknown:
        known = sorted(field_names(ShowdownInput))
        raise SchemaError(f"unknown keys {unknown}; known keys: {known}")
    messages = {**_MESSAGES, "players": _players_message(data.get("players"))}
    return read(data, ShowdownInput, messages)


def _cards(cards: Cards) -> str:
    return cards if isinstance(cards, str) else " ".join(cards)


def settle_given(data: object) -> tuple[ShowdownResult, dict[str, Any]]:
    """Settle one showdown given as a decoded JSON object: the result, and its JSON
    (:meth:`~splitpot.engine.showdown.ShowdownResult.to_json`) with the ``id`` echoed first."""
    given = read_input(data)
    result = settle(
        given.game,
        {name: _cards(cards) for name, cards in given.players.items()},
        _cards(given.board),
        pot=given.pot,
        contributions=given.contributions,
        button=given.button,
        seats=given.seats,
        declarations=given.declarations,
        odd_chip=given.odd_chip or "high-award",
    )
    answer = result.to_json()
    if given.id is not msgspec.UNSET:
        answer = {"id": given.id, **answer}
    return result, answer


def settle_input(data: object) -> dict[str, Any]:
    """Settle one showdown given as a decoded JSON object; its result's JSON
    (:meth:`~splitpot.engine.showdown.ShowdownResult.to_json`), with the ``id`` echoed first."""
    return settle_given(data)[1]


def settle_line(line: str) -> dict[str, Any]:
    """:func:`settle_input` of one JSON line."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise SchemaError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise SchemaError("not JSON this program reads: nested too deeply") from None
    return settle_input(data)


def answer_line(line: str) -> dict[str, Any]:
    """One line of a batch answered: :func:`settle_line`'s settlement, or ``{"error": ...}``
    saying why the line cannot be settled; either way the line's ``"id"`` (when it has one)
    is echoed first, so that every answer can be matched to its question."""
    try:
        return settle_line(line)
    except SplitpotError as exc:
        reply: dict[str, Any] = {"error": str(exc)}
    except (TypeError, ValueError) as exc:  # a malformed value the checks missed
        reply = {"error": f"bad input: {exc}"}
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return reply
    if isinstance(data, dict) and "id" in data:
        reply = {"id": data["id"], **reply}
    return reply
