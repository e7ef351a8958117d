"""Hand events and actions: frozen, typed records, JSON in and out, and one seat's view.

Each kind of event is its own frozen record with a ``Literal`` ``kind`` (:class:`Called` is
``"call"``, :class:`HoleDealt` is ``"deal_hole"``, ...), all of them :class:`Event`\\ s; match
on the class (``case Called(seat=seat, amount=amount):``) to read one. An event has the ``seat``
it concerns (or ``None``), public fields, and secret fields for ``secret_to`` alone: the seat
itself (its hole cards, discards, draws and declaration) or ``NOBODY`` (the deck order and the
reshuffle seed: only a full log keeps them). A view for one seat (:meth:`Event.for_seat`)
withholds every secret that is not that seat's, so it never carries another seat's hole cards,
the deck, or another seat's declaration before all are revealed; a withheld field is ``None``.

The JSON form is the stored format of logs and hands, and is kept exactly::

    {"kind": "discard", "seat": 1, "count": 2,
     "secret": {"discarded": ["Kh", "7c"], "received": ["2s", "9d"]}, "secret_to": 1}

public fields in order after ``kind`` and ``seat``, then the secret ones (only when there are
any), cards written as text. :meth:`Event.from_json` checks every field and says which one is
wrong.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal, get_args

from splitpot.cards import Card, parse_cards
from splitpot.engine.actions import ACTION_KINDS, WAYS, Action, ActionKind, Way, way_of
from splitpot.engine.options import Options, Stakes
from splitpot.errors import LogError, SplitpotError
from splitpot.games.streets import Structure

__all__ = [
    "ACTION_KINDS", "EVENT_KINDS", "NOBODY", "WAYS", "Action", "ActionKind", "AgreedTwice",
    "BetTo", "BettingRound", "Blind", "BoardDealt", "BroughtIn", "Called", "Checked", "ChoseOnce",
    "DeclareRound", "Declared", "Discarded", "DrawRound", "Ended", "Event", "EventKind", "Folded",
    "HandStarted", "HoleDealt", "Kept", "Mucked", "Posted", "RaisedTo", "Rejected", "Reshuffled",
    "Returned", "Revealed", "RunDealt", "Settled", "SettledAward", "Shown", "SvitenFaceDown",
    "SvitenFaceUp", "Way", "WonUncontested", "action_of", "events_from_json", "events_to_json",
    "view", "way_of",
]  # fmt: skip

NOBODY: Final = -1

EventKind = Literal[
    "start", "post", "deal_hole", "deal_board", "bet_round", "draw_round", "declare_round",
    "fold", "check", "call", "bet", "raise", "discard", "sviten_up", "keep", "reject",
    "sviten_down", "declare", "reveal", "reshuffle", "return", "show", "muck", "win", "settle",
    "end", "run_twice", "run_once", "deal_run", "bring_in",
]  # fmt: skip
Blind = Literal["small blind", "big blind", "ante", "straddle"]

EVENT_KINDS: Final[tuple[EventKind, ...]] = get_args(EventKind)
_BLINDS: Final[tuple[Blind, ...]] = get_args(Blind)


# ---------------------------------------------------------------------- the events


# A secret field: None where a view withholds it.
_SECRET: Final = MappingProxyType({"secret": True})
# A field that keeps another's JSON as it was read.
_AS_READ_OPTIONS: Final = MappingProxyType({"as_read_of": "options"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One thing that happened in a hand; see the module docstring. Every event is one of
    the kinds below; this base holds what they share (the seat, the view, the JSON form)."""

    kind: ClassVar[EventKind]
    seat: int | None = None
    # The secret is the seat's own (True), or nobody's (False: the deck, the reshuffle).
    _seat_secret: ClassVar[bool] = False

    @property
    def secret_to(self) -> int:
        """Who may see the secret fields: this event's seat, or ``NOBODY``."""
        return self.seat if self._seat_secret and self.seat is not None else NOBODY

    @property
    def has_secret(self) -> bool:
        """Does this event (as it is, perhaps a view) carry any secret field?"""
        return any(getattr(self, name) is not None for name in _LAYOUTS[type(self)].secret)

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (``None``: an onlooker who sees no secret)."""
        if not self.has_secret or (seat is not None and seat >= 0 and seat == self.secret_to):
            return self
        layout = _LAYOUTS[type(self)]
        kept = {name: getattr(self, name) for name in layout.fields}
        return type(self)(**kept, **dict.fromkeys(layout.secret))

    @property
    def data(self) -> Mapping[str, Any]:
        """The public fields as a mapping (cards as :class:`Card`), as in the JSON form."""
        return _plain(self, _layout(type(self)).public)

    @property
    def secret(self) -> Mapping[str, Any]:
        """The secret fields this event carries, as a mapping (empty in another's view)."""
        return _plain(self, _layout(type(self)).secret)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; cards are written as text."""
        layout = _LAYOUTS[type(self)]
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        for name, encode in layout.public_codecs:
            value = getattr(self, name)
            if value is not None:
                out[name] = value if encode is _SAME else encode(value)
        for name, holder in layout.as_read.items():
            if (written := getattr(self, holder)) is not None:
                out[name] = dict(written)
        secret = {
            name: encode(value)
            for name, encode in layout.secret_codecs
            if (value := getattr(self, name)) is not None
        }
        if secret:
            out["secret"] = secret
            out["secret_to"] = self.secret_to
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """The event from :meth:`to_json`'s dict; :class:`LogError` says what is wrong."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise LogError(f"not an event: {data!r:.80}")
        kind = data["kind"]
        public = {k: v for k, v in data.items() if k not in ("kind", "seat", "secret", "secret_to")}
        secret = data.get("secret", {})
        if not isinstance(secret, Mapping):
            raise LogError(f"{kind} event: secret is not an object: {secret!r:.60}")
        event = _build(kind, data.get("seat"), public, secret)
        if secret and data.get("secret_to", NOBODY) != event.secret_to:
            raise LogError(
                f"{kind} event: secret_to {data.get('secret_to')!r} should be {event.secret_to}"
            )
        return event


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted(Event):
    """The hand begins: the game, its structure, stakes and options, the seats, the button;
    secretly, the deck in dealing order and the reshuffle seed."""

    kind: ClassVar[Literal["start"]] = "start"
    game: str
    structure: Structure
    stakes: Stakes
    options: Options
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    # Placeholders for the cards nobody saw (engine.unknown): ``None`` when every card is known.
    unknown: tuple[Card, ...] | None = None
    deck: tuple[Card, ...] | None = field(default=None, metadata=_SECRET)
    seed: int | None = field(default=None, metadata=_SECRET)
    # A record's reshuffle as dealt (engine.drawing.Stub): the cards it dealt, and how many
    # cards of the deck were dealt before it. ``None`` for a hand dealt here.
    redeal: tuple[Card, ...] | None = field(default=None, metadata=_SECRET)
    stub_size: int | None = field(default=None, metadata=_SECRET)
    # The options exactly as a stored log wrote them (an older log may use an older name of an
    # option, see ``engine.options.OLD_OPTION_NAMES``): written back as read, so the JSON of a
    # stored hand never changes. ``None`` for a hand dealt now.
    options_as_read: Mapping[str, Any] | None = field(
        default=None, compare=False, repr=False, metadata=_AS_READ_OPTIONS
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Posted(Event):
    """A forced bet: the small or big blind, a straddle, or an ante."""

    kind: ClassVar[Literal["post"]] = "post"
    seat: int
    blind: Blind
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HoleDealt(Event):
    """A seat's hole cards (``count`` of them; the cards are the seat's secret). In stud, each
    street's cards, and ``up``: those dealt face up, public (``None``: none is)."""

    kind: ClassVar[Literal["deal_hole"]] = "deal_hole"
    _seat_secret: ClassVar[bool] = True
    seat: int
    count: int
    up: tuple[Card, ...] | None = None
    cards: tuple[Card, ...] | None = field(default=None, metadata=_SECRET)


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardDealt(Event):
    """Board cards turned face up."""

    kind: ClassVar[Literal["deal_board"]] = "deal_board"
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BettingRound(Event):
    """A betting round begins (``number`` from 1; ``size`` the bet size or the big blind)."""

    kind: ClassVar[Literal["bet_round"]] = "bet_round"
    number: int
    size: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawRound(Event):
    """A draw begins (``number`` from 1)."""

    kind: ClassVar[Literal["draw_round"]] = "draw_round"
    number: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareRound(Event):
    """Doogie's declaration begins."""

    kind: ClassVar[Literal["declare_round"]] = "declare_round"


@dataclass(frozen=True, slots=True, kw_only=True)
class Folded(Event):
    """A seat folds."""

    kind: ClassVar[Literal["fold"]] = "fold"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked(Event):
    """A seat checks."""

    kind: ClassVar[Literal["check"]] = "check"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """A seat calls, putting in ``amount`` chips (all-in for less when short)."""

    kind: ClassVar[Literal["call"]] = "call"
    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BroughtIn(Event):
    """Stud: the bring-in puts in ``amount`` chips (all-in for less when short), the bet the
    others call or complete (PHH's ``pb``)."""

    kind: ClassVar[Literal["bring_in"]] = "bring_in"
    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BetTo(Event):
    """A seat opens the betting to a round total of ``to`` chips."""

    kind: ClassVar[Literal["bet"]] = "bet"
    seat: int
    to: int
    all_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class RaisedTo(Event):
    """A seat raises to a round total of ``to`` chips."""

    kind: ClassVar[Literal["raise"]] = "raise"
    seat: int
    to: int
    all_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Discarded(Event):
    """A seat discards ``count`` cards (0: stands pat); secretly which, and the replacements
    (none yet in Sviten Special's one-card draw, dealt face up next)."""

    kind: ClassVar[Literal["discard"]] = "discard"
    _seat_secret: ClassVar[bool] = True
    seat: int
    count: int
    discarded: tuple[Card, ...] | None = field(default=None, metadata=_SECRET)
    received: tuple[Card, ...] | None = field(default=None, metadata=_SECRET)


@dataclass(frozen=True, slots=True, kw_only=True)
class SvitenFaceUp(Event):
    """Sviten Special: a one-card draw's replacement, dealt face up."""

    kind: ClassVar[Literal["sviten_up"]] = "sviten_up"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class Kept(Event):
    """Sviten Special: the seat keeps the face-up card."""

    kind: ClassVar[Literal["keep"]] = "keep"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Rejected(Event):
    """Sviten Special: the seat rejects the face-up card."""

    kind: ClassVar[Literal["reject"]] = "reject"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SvitenFaceDown(Event):
    """Sviten Special: after a rejection, the next card face down (the seat's secret)."""

    kind: ClassVar[Literal["sviten_down"]] = "sviten_down"
    _seat_secret: ClassVar[bool] = True
    seat: int
    count: int
    received: tuple[Card, ...] | None = field(default=None, metadata=_SECRET)


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    """Doogie: a seat declares (the way is its secret until all are revealed)."""

    kind: ClassVar[Literal["declare"]] = "declare"
    _seat_secret: ClassVar[bool] = True
    seat: int
    way: Way | None = field(default=None, metadata=_SECRET)


@dataclass(frozen=True, slots=True, kw_only=True)
class Revealed(Event):
    """Doogie: every declaration, revealed at once (player name -> way)."""

    kind: ClassVar[Literal["reveal"]] = "reveal"
    declarations: Mapping[str, Way]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffled(Event):
    """The stub ran out: ``count`` cards (discards and stub) reshuffled; secretly their new
    order and the card burned."""

    kind: ClassVar[Literal["reshuffle"]] = "reshuffle"
    count: int
    order: tuple[Card, ...] | None = field(default=None, metadata=_SECRET)
    burned: tuple[Card, ...] | None = field(default=None, metadata=_SECRET)


@dataclass(frozen=True, slots=True, kw_only=True)
class Returned(Event):
    """The uncalled part of a bet goes back to the seat."""

    kind: ClassVar[Literal["return"]] = "return"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Shown(Event):
    """A seat shows its cards at the showdown."""

    kind: ClassVar[Literal["show"]] = "show"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mucked(Event):
    """A seat mucks its hand at the showdown (the ``muck`` option): no one sees it."""

    kind: ClassVar[Literal["muck"]] = "muck"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WonUncontested(Event):
    """Everyone else folded: the seat takes the pot."""

    kind: ClassVar[Literal["win"]] = "win"
    seat: int
    amount: int
    uncontested: bool = True


@dataclass(frozen=True, slots=True)
class SettledAward:
    """One award of one pot as the settle event records it (``hand``: the first winner's hand
    in words with its cards, or ``None`` when nobody won it)."""

    pot: int
    award: str
    amount: int
    winners: tuple[str, ...]
    hand: str | None

    def to_json(self) -> dict[str, Any]:
        """As the log writes it."""
        return {
            "pot": self.pot,
            "award": self.award,
            "amount": self.amount,
            "winners": list(self.winners),
            "hand": self.hand,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Settled(Event):
    """The showdown settled: each player's chips (name -> chips) and each award won. A hand
    run twice (engine.runs) settles each run's half of every pot: ``run`` 1, then 2."""

    kind: ClassVar[Literal["settle"]] = "settle"
    payouts: Mapping[str, int]
    awards: tuple[SettledAward, ...]
    run: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AgreedTwice(Event):
    """Run it twice (the ``run_twice`` option): the seat agrees to run the board twice."""

    kind: ClassVar[Literal["run_twice"]] = "run_twice"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoseOnce(Event):
    """Run it twice: the seat runs the board once, as usual (no one else is asked)."""

    kind: ClassVar[Literal["run_once"]] = "run_once"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RunDealt(Event):
    """Run it twice: the board cards of run ``run`` (2), dealt from the stub after run one's;
    run one's are the usual board cards."""

    kind: ClassVar[Literal["deal_run"]] = "deal_run"
    cards: tuple[Card, ...]
    run: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Ended(Event):
    """The hand is over: every seat's stack."""

    kind: ClassVar[Literal["end"]] = "end"
    stacks: tuple[int, ...]


# ---------------------------------------------------------------------- fields and JSON


@dataclass(frozen=True, slots=True)
class _Codec:
    """One field type: to JSON, from JSON (or from Python values), and as ``.data`` shows it."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any, str], Any]
    plain: Callable[[Any], Any] = lambda value: value


def _exact(kind: type, what: str) -> Callable[[Any, str], Any]:
    def decode(value: Any, where: str) -> Any:
        if type(value) is not kind:
            raise LogError(f"{where} is not {what}: {value!r:.60}")
        return value

    return decode


def _one_of(choices: Sequence[str]) -> Callable[[Any, str], Any]:
    def decode(value: Any, where: str) -> Any:
        if value not in choices:
            raise LogError(f"{where} is {value!r:.60}, not one of {', '.join(choices)}")
        return value

    return decode


def _items(value: Any, where: str) -> Sequence[Any]:
    if not isinstance(value, list | tuple):
        raise LogError(f"{where} is not a list: {value!r:.60}")
    return value


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    try:
        return parse_cards(value if isinstance(value, list | tuple | str) else [value])
    except SplitpotError as exc:
        raise LogError(f"{where}: {exc}") from None


def _card(value: Any, where: str) -> Card:
    cards = _cards(value, where)
    if len(cards) != 1:
        raise LogError(f"{where} is not one card: {value!r:.60}")
    return cards[0]


def _mapping(value: Any, where: str, check: Callable[[Any, str], Any]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise LogError(f"{where} is not an object of names: {value!r:.60}")
    return MappingProxyType({k: check(v, f"{where}[{k!r}]") for k, v in value.items()})


def _record(build: Callable[..., Any], value: Any, where: str) -> Any:
    if not isinstance(value, Mapping):
        raise LogError(f"{where} is not an object: {value!r:.60}")
    try:
        return build(value)
    except (TypeError, ValueError, SplitpotError) as exc:
        raise LogError(f"{where}: {exc}") from None


def _stakes(value: Any, where: str) -> Stakes:
    if isinstance(value, Stakes):
        return value
    stakes: Stakes = _record(lambda v: Stakes(**v), value, where)
    return stakes


def _options(value: Any, where: str) -> Options:
    if isinstance(value, Options):
        return value
    options: Options = _record(lambda v: Options.from_json(dict(v)), value, where)
    return options


def _structure(value: Any, where: str) -> Structure:
    try:
        return Structure(value)
    except ValueError:
        raise LogError(f"{where}: unknown structure {value!r:.40}") from None


_AWARD_KEYS: Final = frozenset({"pot", "award", "amount", "winners", "hand"})


def _award(value: Any, where: str) -> SettledAward:
    if isinstance(value, SettledAward):
        return value
    if not isinstance(value, Mapping) or set(value) != _AWARD_KEYS:
        raise LogError(f"{where} is not an award (pot, award, amount, winners, hand)")
    hand = value["hand"]
    if hand is not None and not isinstance(hand, str):
        raise LogError(f"{where}.hand is not text: {hand!r:.60}")
    return SettledAward(
        _exact(int, "a whole number")(value["pot"], f"{where}.pot"),
        _exact(str, "text")(value["award"], f"{where}.award"),
        _exact(int, "a whole number")(value["amount"], f"{where}.amount"),
        _names(value["winners"], f"{where}.winners"),
        hand,
    )


_INT = _exact(int, "a whole number")


def _SAME(value: Any) -> Any:  # noqa: N802 - a constant: the value is its own JSON
    return value


def _names(value: Any, where: str) -> tuple[str, ...]:
    return tuple(_exact(str, "text")(x, where) for x in _items(value, where))


_CODECS: Final[dict[str, _Codec]] = {
    "int": _Codec(_SAME, _INT),
    "bool": _Codec(_SAME, _exact(bool, "true or false")),
    "str": _Codec(_SAME, _exact(str, "text")),
    "Blind": _Codec(_SAME, _one_of(_BLINDS)),
    "Way": _Codec(_SAME, _one_of(WAYS)),
    "Card": _Codec(str, _card),
    "tuple[Card, ...]": _Codec(lambda v: [str(c) for c in v], _cards),
    "tuple[int, ...]": _Codec(list, lambda v, w: tuple(_INT(x, w) for x in _items(v, w))),
    "tuple[str, ...]": _Codec(list, _names),
    "Mapping[str, int]": _Codec(dict, lambda v, w: _mapping(v, w, _INT), dict),
    "Mapping[str, Way]": _Codec(dict, lambda v, w: _mapping(v, w, _one_of(WAYS)), dict),
    "Stakes": _Codec(lambda v: v.to_json(), _stakes, lambda v: v.to_json()),
    "Options": _Codec(lambda v: v.to_json(), _options, lambda v: v.to_json()),
    "Structure": _Codec(lambda v: v.value, _structure, lambda v: v.value),
    "tuple[SettledAward, ...]": _Codec(
        lambda v: [a.to_json() for a in v],
        lambda v, w: tuple(_award(a, f"{w}[{i}]") for i, a in enumerate(_items(v, w))),
        lambda v: tuple(a.to_json() for a in v),
    ),
}


@dataclass(frozen=True, slots=True)
class _Layout:
    """An event class's fields: public and secret names (in JSON order) and their codecs."""

    public: tuple[str, ...]
    secret: tuple[str, ...]
    required: frozenset[str]
    codecs: Mapping[str, _Codec]
    has_seat: bool
    as_read: Mapping[str, str]  # field -> the field that keeps its JSON as read
    public_codecs: tuple[tuple[str, Callable[[Any], Any]], ...] = ()
    secret_codecs: tuple[tuple[str, Callable[[Any], Any]], ...] = ()
    fields: tuple[str, ...] = ()  # every field but the secret ones, seat included

    def __post_init__(self) -> None:
        encoders = {name: codec.encode for name, codec in self.codecs.items()}
        object.__setattr__(self, "public_codecs", tuple((n, encoders[n]) for n in self.public))
        object.__setattr__(self, "secret_codecs", tuple((n, encoders[n]) for n in self.secret))


def _layout_of(cls: type[Event]) -> _Layout:
    public: list[str] = []
    secret: list[str] = []
    required: set[str] = set()
    codecs: dict[str, _Codec] = {}
    as_read: dict[str, str] = {}
    for item in dataclasses.fields(cls):
        if item.name == "seat":
            continue
        if "as_read_of" in item.metadata:
            as_read[item.metadata["as_read_of"]] = item.name
            continue
        type_name = str(item.type).removesuffix(" | None")
        codecs[item.name] = _CODECS[type_name]  # a KeyError here: a field type without a codec
        (secret if item.metadata.get("secret") else public).append(item.name)
        if item.default is dataclasses.MISSING:
            required.add(item.name)
    seat_type = next(str(f.type) for f in dataclasses.fields(cls) if f.name == "seat")
    kept = tuple(f.name for f in dataclasses.fields(cls) if f.name not in secret)
    return _Layout(
        tuple(public), tuple(secret), frozenset(required), codecs, seat_type == "int", as_read,
        fields=kept,
    )  # fmt: skip


_KINDS: Final[dict[str, type[Event]]] = {cls.kind: cls for cls in Event.__subclasses__()}
_LAYOUTS: Final[dict[type[Event], _Layout]] = {cls: _layout_of(cls) for cls in _KINDS.values()}
assert set(_KINDS) == set(EVENT_KINDS)


def _layout(cls: type[Event]) -> _Layout:
    return _LAYOUTS[cls]


def _plain(event: Event, names: Sequence[str]) -> Mapping[str, Any]:
    layout = _LAYOUTS[type(event)]
    out = {
        name: layout.codecs[name].plain(value)
        for name in names
        if (value := getattr(event, name)) is not None
    }
    for name, holder in layout.as_read.items():
        if name in out and (written := getattr(event, holder)) is not None:
            out[name] = dict(written)
    return MappingProxyType(out)


def _build(kind: str, seat: Any, public: Mapping[str, Any], secret: Mapping[str, Any]) -> Event:
    cls = _KINDS.get(kind)
    if cls is None:
        raise LogError(f"unknown event kind {kind!r:.40}")
    layout = _LAYOUTS[cls]
    if layout.has_seat:
        if type(seat) is not int or seat < 0:
            raise LogError(f"{kind} event: seat is not a seat number: {seat!r:.20}")
    elif seat is not None:
        raise LogError(f"{kind} event: has no seat, got {seat!r:.20}")
    for names, given, where in ((layout.public, public, ""), (layout.secret, secret, "secret ")):
        unknown = [key for key in given if key not in names]
        if unknown:
            raise LogError(f"{kind} event: unknown {where}field {unknown[0]!r:.40}")
    missing = [name for name in layout.public if name in layout.required and name not in public]
    if missing:
        raise LogError(f"{kind} event: {missing[0]!r} is missing")
    values: dict[str, Any] = {"seat": seat} if layout.has_seat else {}
    for name, value in (*public.items(), *secret.items()):
        values[name] = layout.codecs[name].decode(value, f"{kind} event: {name}")
    for name, holder in layout.as_read.items():
        if isinstance(public.get(name), Mapping):
            values[holder] = MappingProxyType(dict(public[name]))
    return cls(**values)


def action_of(event: Event) -> Action | None:
    """The action a player's event records (``None`` for the dealer's events): what replaying
    the log applies. A view's discard or declaration, without its secret, replays as standing
    pat or as no way, which the hand refuses."""
    match event:
        case BroughtIn():
            return Action.bring_in()
        case Folded():
            return Action.fold()
        case Checked():
            return Action.check()
        case Called():
            return Action.call()
        case BetTo(to=to):
            return Action.bet(to)
        case RaisedTo(to=to):
            return Action.raise_to(to)
        case Discarded(discarded=discarded):
            return Action("discard", cards=discarded or ())
        case Kept():
            return Action.keep()
        case Rejected():
            return Action.reject()
        case Declared(way=way):
            return Action("declare", way=way)
        case Shown():
            return Action.show()  # a decision only with the muck option (Hand.replay)
        case Mucked():
            return Action.muck()
        case AgreedTwice():
            return Action.run_twice()
        case ChoseOnce():
            return Action.run_once()
    return None


def view(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The log as ``seat`` may see it (``None``: an onlooker)."""
    return [event.for_seat(seat) for event in events]


def events_to_json(events: Sequence[Event]) -> str:
    """One JSON line per event."""
    return "\n".join(json.dumps(e.to_json(), ensure_ascii=False) for e in events)


def events_from_json(lines: str | Iterable[str]) -> list[Event]:
    """Events from JSON lines (blank lines skipped): the text :func:`events_to_json` returns,
    or its lines one by one (a file, a list), so ``events_from_json(events_to_json(log))``
    is ``log``."""
    out = []
    for number, line in enumerate(lines.splitlines() if isinstance(lines, str) else lines, 1):
        if not line.strip():
            continue
        try:
            out.append(Event.from_json(json.loads(line)))
        except json.JSONDecodeError as exc:
            raise LogError(f"line {number}: not JSON ({exc.msg})") from None
    return out
