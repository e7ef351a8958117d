"""Hand events and actions: frozen records, JSON in and out, and one seat's view.

Every event has a ``kind``, the ``seat`` it concerns (or ``None``), public ``data`` and
``secret`` data. The secret part is for ``secret_to`` alone: a seat index, or ``NOBODY``
(the deck order, the reshuffle seed: only a full log keeps them). A view for one seat drops
every secret that is not that seat's, so it never carries another seat's hole cards, the deck,
or another seat's declaration before all are revealed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from splitpot.cards import Card, parse_cards
from splitpot.errors import LogError

__all__ = [
    "ACTION_KINDS",
    "NOBODY",
    "Action",
    "Event",
    "events_from_json",
    "events_to_json",
    "view",
]

NOBODY: Final = -1

ACTION_KINDS: Final = (
    "fold", "check", "call", "bet", "raise", "discard", "keep", "reject", "declare",
)  # fmt: skip
_EMPTY: Final[Mapping[str, Any]] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Action:
    """What a player does. ``amount`` is the raise-to (the round's total) for bet and raise."""

    kind: str
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    way: str | None = None

    def __post_init__(self) -> None:
        if self.cards and not all(type(c) is Card for c in self.cards):
            object.__setattr__(self, "cards", parse_cards(self.cards))

    @classmethod
    def fold(cls) -> Action:
        """Give up the hand."""
        return cls("fold")

    @classmethod
    def check(cls) -> Action:
        """Pass with nothing to call."""
        return cls("check")

    @classmethod
    def call(cls) -> Action:
        """Match the current bet (or go all-in for less)."""
        return cls("call")

    @classmethod
    def bet(cls, to: int) -> Action:
        """Open the betting to ``to`` chips."""
        return cls("bet", amount=to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        """Raise to a round total of ``to`` chips."""
        return cls("raise", amount=to)

    @classmethod
    def discard(cls, cards: Iterable[int] | str = ()) -> Action:
        """Throw these cards and draw as many; no cards stands pat."""
        return cls("discard", cards=parse_cards(cards))

    @classmethod
    def stand_pat(cls) -> Action:
        """Draw no cards."""
        return cls("discard")

    @classmethod
    def keep(cls) -> Action:
        """Sviten Special: keep the face-up replacement."""
        return cls("keep")

    @classmethod
    def reject(cls) -> Action:
        """Sviten Special: reject the face-up replacement for the next card face down."""
        return cls("reject")

    @classmethod
    def declare(cls, way: str) -> Action:
        """Doogie: declare high, low or both."""
        return cls("declare", way=way)

    def to_json(self) -> dict[str, Any]:
        """The action as a dict (only the fields it uses)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.amount is not None:
            out["amount"] = self.amount
        if self.cards or self.kind == "discard":
            out["cards"] = [str(c) for c in self.cards]
        if self.way is not None:
            out["way"] = self.way
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """The action from :meth:`to_json`'s dict."""
        kind = data.get("kind")
        if kind not in ACTION_KINDS:
            raise LogError(f"unknown action kind {kind!r}")
        amount = data.get("amount")
        if amount is not None and (type(amount) is not int):
            raise LogError(f"action amount {amount!r} is not a whole number of chips")
        return cls(kind, amount, parse_cards(data.get("cards", ())), data.get("way"))

    def __str__(self) -> str:
        if self.kind in ("bet", "raise"):
            return f"{self.kind} to {self.amount}"
        if self.kind == "discard":
            return "stand pat" if not self.cards else "discard " + " ".join(map(str, self.cards))
        if self.kind == "declare":
            return f"declare {self.way}"
        return self.kind


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a hand. ``secret`` is for ``secret_to`` only."""

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    secret: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    secret_to: int = NOBODY

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (``None``: an onlooker who sees no secret)."""
        if not self.secret or (seat is not None and seat >= 0 and seat == self.secret_to):
            return self
        return Event(self.kind, self.seat, self.data, _EMPTY, self.secret_to)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; cards are written as text."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(_encode(self.data))
        if self.secret:
            out["secret"] = _encode(self.secret)
            out["secret_to"] = self.secret_to
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """The event from :meth:`to_json`'s dict."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise LogError(f"not an event: {data!r:.80}")
        public = {k: v for k, v in data.items() if k not in ("kind", "seat", "secret", "secret_to")}
        return cls(
            data["kind"],
            data.get("seat"),
            MappingProxyType(_decode(public)),
            MappingProxyType(_decode(data.get("secret", {}))),
            data.get("secret_to", NOBODY),
        )


_CARD_KEYS: Final = frozenset(
    {"cards", "deck", "board", "discarded", "received", "card", "order", "burned", "shown"}
)


def _encode(data: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in _CARD_KEYS and value is not None:
            out[key] = str(value) if isinstance(value, Card) else [str(c) for c in value]
        elif isinstance(value, Mapping):
            out[key] = dict(value)
        elif isinstance(value, tuple):
            out[key] = list(value)
        else:
            out[key] = value
    return out


def _decode(data: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in _CARD_KEYS and value is not None:
            cards = parse_cards(value if isinstance(value, list) else [value])
            out[key] = cards[0] if key == "card" else cards
        elif isinstance(value, list):
            out[key] = tuple(value)
        else:
            out[key] = value
    return out


def view(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The log as ``seat`` may see it (``None``: an onlooker)."""
    return [event.for_seat(seat) for event in events]


def events_to_json(events: Sequence[Event]) -> str:
    """One JSON line per event."""
    return "\n".join(json.dumps(e.to_json(), ensure_ascii=False) for e in events)


def events_from_json(lines: Iterable[str]) -> list[Event]:
    """Events from JSON lines (blank lines skipped)."""
    out = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            out.append(Event.from_json(json.loads(line)))
        except json.JSONDecodeError as exc:
            raise LogError(f"line {number}: not JSON ({exc.msg})") from None
    return out
