"""Hands as PHH (the Poker Hand History format that PokerKit reads) and as readable text.

PHH (https://github.com/uoftcprg/phh-std) is TOML: a variant code, the forced bets, the
starting stacks and an ``actions`` list in PHH action notation. :func:`export_phh` writes one
hand from its full event log; :func:`import_phh` reads it back to an event log that
:meth:`Hand.replay` accepts, and export, import, export gives the same text.

Players. PHH lists players clockwise from the first seat left of the button (the small blind),
so the button is the last player: PHH player ``p{i+1}`` is splitpot's seat
``(button + 1 + i) % n``. Heads-up that makes ``p1`` the big blind and ``p2`` the button and
small blind (TDA 34): PHH writes the blinds as ``[small, big]`` and reverses them heads-up, as
PokerKit does. ``seats`` (1-based seat numbers, in PHH order) and ``players`` (the seat names)
say where everyone sat, so the button is the seat of the last player.

Variant codes. Fixed-limit Badugi is PHH's ``FB``; no-limit and fixed-limit hold'em are ``NT``
and ``FT``; pot-limit Omaha is ``PO``. Games and structures PHH lacks get codes of our own: an
underscore (like PHH's user-defined fields), the structure (``F`` fixed-limit, ``P`` pot-limit,
``N`` no-limit), then the game:

    ==================== ====== ===================== ======
    game                 code   game                  code
    ==================== ====== ===================== ======
    bodigiha             BDG    sviten-special        SVS
    badugi               B      badacey               BAC
    drawmaha             DRM    badeucy               BDC
    drawmaha-27          DRM27  doogie                DOOG
    drawmadugi           DRMB   holdem                T
    triple-draw-dramaha  DRM3D  omaha, omaha-5, -6    O, O5, O6
    ==================== ====== ===================== ======

so pot-limit Bodigiha is ``_PBDG``, Drawmaha ``_PDRM``, Doogie ``_FDOOG``, pot-limit Badugi
``_PB``. Fixed-limit games have ``small_bet`` and ``big_bet``; pot- and no-limit ``min_bet``
(the big blind); Doogie has ``antes`` and zero blinds.

Actions. ``d dh p1 7c9dTcKh`` deals hole cards, ``d db 9h3h4h`` board cards; ``p1 f`` folds,
``p1 cc`` checks or calls, ``p1 cbr 8`` bets or raises to 8 (the round total), ``p1 sd Kh7c``
discards (``p1 sd`` stands pat), ``p1 sm 2s4c6d9h`` shows at the showdown. As PokerKit deals a
draw, every player's discard comes first and then the replacements (``d dh``) in the same
order; PokerKit's burn card before a draw is left to PokerKit (splitpot burns none). Where
splitpot does not ask a player who owes nothing and whom nobody could answer (every other
player is all-in) there is no action; PokerKit's ``HandHistory`` fills in the check.

Sviten Special deals each replacement at once, since a one-card draw is dealt face up: the
player keeps it (``d dh p1 Qs # face up, kept``) or takes the next card face down
(``d dh p1 7c # face down, Qs face up rejected``). Doogie's declarations are secret until all
are made and have no PHH action: a comment ``# declarations: p1 both, p2 low`` marks them.

User-defined fields (``_``-prefixed, which PHH readers ignore) carry what PHH has no field for:

- ``_game`` (splitpot's game id), ``_structure``, ``_stakes`` (blinds, ante, small and big
  bet), ``_options`` (the table options: odd chips, raise cap, reshuffle policy, ...);
- ``_deck``: the whole deck order as dealt (52 cards) and ``_seed``, the reshuffle seed: the
  hole cards alone do not say the undealt order, which a reshuffle deals from;
- ``_declarations`` (Doogie: each player's way, in PHH order, ``''`` for a folded player);
  ``_sviten`` (each face-up card and whether it was kept or rejected, in order);
- ``_awards``: each award of each pot, its chips, winners and winning hand.

Standard optional fields: ``hand`` (a number), ``time``, ``time_zone``, ``day``, ``month``,
``year`` (when the hand started, UTC), ``seats``, ``seat_count``, ``players``,
``finishing_stacks`` and ``winnings`` (chips collected from the pots).

Several hands (``.phhs``): one TOML table per hand, named by its number, as PokerKit's
``HandHistory.dumps_all`` and ``loads_all`` write and read them::

    [12]
    variant = 'FB'
    ...

    [13]
    variant = 'FB'
    ...

Importing a PHH written elsewhere: without ``_deck`` the deck is rebuilt from the dealt cards
(every card must be known, and a hand that needed a reshuffle cannot be rebuilt); without
``_game``, ``_stakes`` and ``_options`` they come from the variant code and the standard
fields, with the table options at their defaults. Every dealt and shown card in the PHH is
checked against the hand as the engine deals it, and the final stacks, winnings, awards and
declarations against the engine's result: a PHH that does not agree is refused.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from datetime import time as clock_time
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from splitpot.cards import Card, check_distinct, full_deck, parse_cards
from splitpot.engine.events import Action, Event, view
from splitpot.engine.hand import Hand
from splitpot.engine.history import format_history
from splitpot.engine.options import Options, Stakes
from splitpot.errors import SplitpotError
from splitpot.games import GAMES, GameSpec, find_game
from splitpot.games.streets import Deal, Draw, Forced, Structure
from splitpot.history.store import HistoryError

__all__ = [
    "STANDARD_VARIANTS",
    "PhhHand",
    "export_phh",
    "export_phhs",
    "export_text",
    "import_phh",
    "read_phh",
    "variant_code",
]

STANDARD_VARIANTS: Final = frozenset({"FB", "FT", "NT", "PO"})
"""The PHH variant codes splitpot writes that PHH itself defines (and PokerKit plays)."""

_GAME_CODES: Final = {
    "bodigiha": "BDG",
    "badugi": "B",
    "drawmaha": "DRM",
    "doogie": "DOOG",
    "drawmaha-27": "DRM27",
    "drawmadugi": "DRMB",
    "triple-draw-dramaha": "DRM3D",
    "sviten-special": "SVS",
    "badacey": "BAC",
    "badeucy": "BDC",
    "holdem": "T",
    "omaha": "O",
    "omaha-5": "O5",
    "omaha-6": "O6",
}
_STRUCTURE_LETTERS: Final = {
    Structure.FIXED_LIMIT: "F",
    Structure.POT_LIMIT: "P",
    Structure.NO_LIMIT: "N",
}


def _game_code(game_id: str) -> str:
    return _GAME_CODES.get(game_id) or re.sub(r"[^A-Z0-9]", "", game_id.upper())


def variant_code(game: GameSpec | str, structure: Structure | str) -> str:
    """The PHH variant code: ``FB`` for fixed-limit Badugi, ``_PBDG`` for pot-limit Bodigiha."""
    spec = find_game(game) if isinstance(game, str) else game
    code = _STRUCTURE_LETTERS[Structure(structure)] + _game_code(spec.id)
    return code if code in STANDARD_VARIANTS else "_" + code


def _from_variant(code: str) -> tuple[GameSpec, Structure]:
    body = code.removeprefix("_")
    letters = {letter: structure for structure, letter in _STRUCTURE_LETTERS.items()}
    if body[:1] in letters:
        for spec in GAMES.values():
            if _game_code(spec.id) == body[1:]:
                structure = letters[body[0]]
                if variant_code(spec, structure) == code:
                    return spec, structure
    known = ", ".join(
        sorted(
            {variant_code(g, s) for g in GAMES.values() for s in g.structures} | STANDARD_VARIANTS
        )
    )
    raise HistoryError(f"unknown PHH variant {code!r}; splitpot plays {known}")


@dataclass(frozen=True, slots=True)
class PhhHand:
    """One hand read from (or written to) PHH: its events, its number and when it started."""

    events: tuple[Event, ...]
    hand: int | str | None = None
    started: datetime | None = None


# ---------------------------------------------------------------------------- writing TOML


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _string(key)


def _string(text: str) -> str:
    if "'" not in text and not any((ord(c) < 0x20 and c != "\t") or c == "\x7f" for c in text):
        return f"'{text}'"
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, clock_time):
        return value.isoformat()
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")  # pragma: no cover - only the types above


def _dump(fields: Sequence[tuple[str, Any]]) -> str:
    lines = []
    for key, value in fields:
        if key in ("actions", "_awards", "_sviten") and value:
            lines.append(f"{key} = [")
            lines.extend(f"  {_value(item)}," for item in value)
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- export


def _cards(cards: Iterable[int]) -> str:
    return "".join(str(Card(c)) for c in cards)


def _full_start(events: Sequence[Event]) -> Event:
    if not events or events[0].kind != "start":
        raise HistoryError("a hand's event log starts with its start event")
    if "deck" not in events[0].secret:
        raise HistoryError("only a full event log can be exported, not one seat's view")
    return events[0]


def _sviten(game: GameSpec) -> bool:
    return any(isinstance(street, Draw) and street.sviten for street in game.streets)


def _phh_fields(
    events: Sequence[Event], hand: int | str | None, started: datetime | None
) -> list[tuple[str, Any]]:
    start = _full_start(events)
    data = start.data
    game = find_game(data["game"])
    structure = Structure(data["structure"])
    names: Sequence[str] = data["names"]
    count = len(names)
    button = int(data["button"])
    order = [(button + 1 + i) % count for i in range(count)]  # PHH player i -> seat
    label = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    by_name = {name: label[seat] for seat, name in enumerate(names)}
    stakes = Stakes(**data["stakes"])

    fields: list[tuple[str, Any]] = [("variant", variant_code(game, structure))]
    ante = stakes.ante if game.forced is Forced.ANTE else 0
    blinds = [0] * count
    if game.forced is Forced.BLINDS:
        blinds[0], blinds[1] = stakes.small_blind, stakes.big_blind
    fields += [("antes", [ante] * count), ("blinds_or_straddles", blinds)]
    if structure is Structure.FIXED_LIMIT:
        fields += [("small_bet", stakes.small_bet), ("big_bet", stakes.big_bet)]
    else:
        fields.append(("min_bet", stakes.big_blind))
    fields.append(("starting_stacks", [data["stacks"][seat] for seat in order]))

    actions: list[str] = []
    later: list[str] = []  # a draw's replacements, dealt once every player has drawn
    immediate = _sviten(game)
    declared: dict[str, str] = {}
    sviten: list[dict[str, str]] = []
    awards: list[dict[str, Any]] = []
    payouts: dict[str, int] = {}
    final: Sequence[int] | None = None
    face_up = ""
    for event in events[1:]:
        who = label[event.seat] if event.seat is not None else ""
        secret = event.secret
        if event.kind not in ("discard", "reshuffle"):
            actions += later
            later.clear()
        match event.kind:
            case "deal_hole":
                actions.append(f"d dh {who} {_cards(secret['cards'])}")
            case "deal_board":
                actions.append(f"d db {_cards(event.data['cards'])}")
            case "fold":
                actions.append(f"{who} f")
            case "check" | "call":
                actions.append(f"{who} cc")
            case "bet" | "raise":
                actions.append(f"{who} cbr {event.data['to']}")
            case "discard":
                thrown = secret["discarded"]
                actions.append(f"{who} sd {_cards(thrown)}" if thrown else f"{who} sd")
                if secret.get("received"):
                    deal = f"d dh {who} {_cards(secret['received'])}"
                    (actions if immediate else later).append(deal)
            case "sviten_up":
                face_up = str(event.data["card"])
            case "keep":
                actions.append(f"d dh {who} {face_up} # face up, kept")
                sviten.append({"player": who, "up": face_up, "choice": "keep"})
            case "reject":
                sviten.append({"player": who, "up": face_up, "choice": "reject"})
            case "sviten_down":
                received = _cards(secret["received"])
                actions.append(f"d dh {who} {received} # face down, {face_up} face up rejected")
            case "declare":
                declared[who] = str(secret["way"])
            case "reveal":
                ways = event.data["declarations"]
                actions.append(
                    "# declarations: " + ", ".join(f"{by_name[n]} {w}" for n, w in ways.items())
                )
            case "show":
                actions.append(f"{who} sm {_cards(event.data['cards'])}")
            case "win":
                if event.seat is not None:
                    payouts = {names[event.seat]: int(event.data["amount"])}
            case "settle":
                payouts = {str(n): int(c) for n, c in event.data["payouts"].items()}
                for award in event.data.get("awards", ()):
                    entry: dict[str, Any] = {
                        "pot": award["pot"],
                        "award": award["award"],
                        "amount": award["amount"],
                        "winners": [by_name[n] for n in award["winners"]],
                    }
                    if award.get("hand"):
                        entry["hand"] = award["hand"]
                    awards.append(entry)
            case "end":
                final = event.data["stacks"]
            case _:  # post, bet_round, draw_round, declare_round, reshuffle, return
                pass
    actions += later
    fields.append(("actions", actions))

    if started is not None:
        moment = (started if started.tzinfo else started.astimezone()).astimezone(UTC)
        fields += [
            ("time", moment.time().replace(microsecond=0)),
            ("time_zone", "UTC"),
            ("day", moment.day),
            ("month", moment.month),
            ("year", moment.year),
        ]
    if hand is not None:
        fields.append(("hand", hand))
    fields += [
        ("seats", [seat + 1 for seat in order]),
        ("seat_count", count),
        ("players", [names[seat] for seat in order]),
    ]
    if final is not None:
        fields += [
            ("finishing_stacks", [final[seat] for seat in order]),
            ("winnings", [payouts.get(names[seat], 0) for seat in order]),
        ]
    options = Options.from_json(dict(data["options"])).to_json()
    fields += [
        ("_game", game.id),
        ("_structure", structure.value),
        ("_stakes", stakes.to_json()),
        ("_options", {k: v for k, v in options.items() if v is not None}),
        ("_deck", _cards(start.secret["deck"])),
        ("_seed", int(start.secret["seed"])),
    ]
    if declared:
        fields.append(("_declarations", [declared.get(f"p{i + 1}", "") for i in range(count)]))
    if sviten:
        fields.append(("_sviten", sviten))
    if awards:
        fields.append(("_awards", awards))
    return fields


def export_phh(
    events: Sequence[Event], *, hand: int | str | None = None, started: datetime | None = None
) -> str:
    """One hand as PHH text, from its full event log (see the module docstring).

    ``hand`` is its number and ``started`` when it started, written as PHH's ``hand``,
    ``time``, ``time_zone``, ``day``, ``month`` and ``year``.
    """
    try:
        return _dump(_phh_fields(events, hand, started))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, SplitpotError):
            raise
        raise HistoryError(f"the event log is not a hand splitpot can export: {exc!r}") from None


def export_phhs(hands: Iterable[PhhHand]) -> str:
    """Several hands as one ``.phhs`` text: one TOML table per hand, named by its number (or
    its place, 1, 2, ..., when it has none)."""
    sections = []
    for place, item in enumerate(hands, 1):
        name = item.hand if item.hand is not None else place
        text = export_phh(item.events, hand=item.hand, started=item.started)
        sections.append(f"[{_key(str(name))}]\n{text}")
    return "\n".join(sections)


def export_text(
    events: Sequence[Event], number: int | None = None, *, seat: str | int | None = None
) -> str:
    """The hand as an online-room style text history (``seat``: as that seat saw it)."""
    shown = list(events)
    if seat is not None:
        if not shown or shown[0].kind != "start":
            raise HistoryError("a hand's event log starts with its start event")
        names = list(shown[0].data["names"])
        if isinstance(seat, str):
            if seat not in names:
                raise HistoryError(f"no seat {seat!r} in this hand: it seats {', '.join(names)}")
            seat = names.index(seat)
        shown = view(shown, seat)
    return format_history(shown, number)


# ---------------------------------------------------------------------------- import


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise HistoryError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, float):
        if not value.is_integer():
            raise HistoryError(f"{what} must be a whole number of chips, not {value!r}")
        return int(value)
    return value


def _ints(doc: Mapping[str, Any], key: str, count: int | None = None) -> list[int]:
    value = doc.get(key)
    if not isinstance(value, list):
        raise HistoryError(f"{key} must be a list of numbers")
    if count is not None and len(value) != count:
        raise HistoryError(f"{key} has {len(value)} entries for {count} players")
    return [_int(item, f"{key}[{i}]") for i, item in enumerate(value)]


def _table(doc: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    value = doc.get(key)
    if value is None:
        return None
    if not isinstance(value, dict):
        raise HistoryError(f"{key} must be a table")
    return value


def _stakes(doc: Mapping[str, Any], game: GameSpec, structure: Structure, count: int) -> Stakes:
    given = _table(doc, "_stakes")
    try:
        if given is not None:
            return Stakes(**{k: _int(v, f"_stakes.{k}") for k, v in given.items()})
        antes = _ints(doc, "antes", count)
        blinds = _ints(doc, "blinds_or_straddles", count) if "blinds_or_straddles" in doc else []
        blinds += [0] * (count - len(blinds))
        if len(set(antes)) != 1 or any(blinds[2:]):
            raise HistoryError("splitpot plays uniform antes and two blinds, no straddles")
        if structure is Structure.FIXED_LIMIT:
            small_bet = _int(doc.get("small_bet"), "small_bet")
            big_bet = _int(doc.get("big_bet"), "big_bet")
        else:
            small_bet = _int(doc.get("min_bet"), "min_bet")
            big_bet = 2 * small_bet
        if game.forced is Forced.ANTE:
            return Stakes(small_blind=antes[0], big_blind=small_bet, ante=antes[0],
                          small_bet=small_bet, big_bet=big_bet)  # fmt: skip
        if antes[0]:
            raise HistoryError(f"{game.name} has blinds and no antes")
        if structure is not Structure.FIXED_LIMIT and small_bet != blinds[1]:
            raise HistoryError("splitpot's minimum bet is the big blind")
        return Stakes(small_blind=blinds[0], big_blind=blinds[1], small_bet=small_bet,
                      big_bet=big_bet)  # fmt: skip
    except (TypeError, SplitpotError) as exc:
        if isinstance(exc, HistoryError):
            raise
        raise HistoryError(f"stakes: {exc}") from None


def _known(cards: Sequence[Card | None], what: str) -> list[Card]:
    if any(card is None for card in cards):
        raise HistoryError(f"{what} has unknown cards (??): splitpot needs every card")
    return [card for card in cards if card is not None]


def _phh_cards(text: str, where: str) -> list[Card | None]:
    out: list[Card | None] = []
    for index in range(0, len(text), 2):
        token = text[index : index + 2]
        if token == "??":
            out.append(None)
            continue
        try:
            (card,) = parse_cards(token, where=where)
        except (SplitpotError, ValueError):
            raise HistoryError(f"{token!r} is not a card ({where})") from None
        out.append(card)
    if len(text) % 2:
        raise HistoryError(f"{text!r}: cards are two characters each ({where})")
    return out


def _words(raw: Any, index: int) -> list[str]:
    if not isinstance(raw, str):
        raise HistoryError(f"action {index}: {raw!r} is not text")
    return raw.split("#", 1)[0].split()


def _rebuilt_deck(doc: Mapping[str, Any], game: GameSpec, count: int) -> list[Card]:
    """The deck order from the dealt cards, for a PHH without ``_deck``: hole cards one at a
    time clockwise from the first seat left of the button, then every later card as dealt."""
    first = game.streets[0]
    assert isinstance(first, Deal)
    hole: list[list[Card]] = [[] for _ in range(count)]
    later: list[Card] = []
    for index, raw in enumerate(doc["actions"], 1):
        words = _words(raw, index)
        if words[:2] == ["d", "dh"] and len(words) == 4:
            player = _player(words[2], count)
            cards = _known(_phh_cards(words[3], f"action {index}"), f"action {index}")
            room = first.hole - len(hole[player])
            hole[player] += cards[:room]
            later += cards[room:]
        elif words[:2] == ["d", "db"] and len(words) == 3:
            later += _known(_phh_cards(words[2], f"action {index}"), f"action {index}")
    if any(len(cards) != first.hole for cards in hole):
        raise HistoryError(f"without _deck, every player's {first.hole} hole cards must be dealt")
    dealt = [hole[player][k] for k in range(first.hole) for player in range(count)] + later
    try:
        check_distinct([("in the dealt cards", dealt)])
    except SplitpotError as exc:
        raise HistoryError(f"{exc} (a hand that reshuffled needs its _deck and _seed)") from None
    return dealt + [card for card in full_deck() if card not in set(dealt)]


def _player(text: str, count: int) -> int:
    match = re.fullmatch(r"p([1-9][0-9]*)", text)
    if not match or int(match[1]) > count:
        raise HistoryError(f"{text!r} is not a player (p1 to p{count})")
    return int(match[1]) - 1


def _started(doc: Mapping[str, Any]) -> datetime | None:
    moment = doc.get("time")
    try:
        year, month, day = (int(doc[k]) for k in ("year", "month", "day"))
    except (KeyError, TypeError, ValueError):
        return None
    if not isinstance(moment, clock_time):
        return None
    zone: Any = UTC
    name = doc.get("time_zone")
    if isinstance(name, str) and name != "UTC":
        try:
            zone = ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            zone = UTC
    try:
        return datetime.combine(datetime(year, month, day).date(), moment, tzinfo=zone)
    except ValueError:
        return None


_COMPARED: Final = (
    "variant", "antes", "blinds_or_straddles", "small_bet", "big_bet", "min_bet",
    "finishing_stacks", "winnings", "_declarations", "_sviten", "_awards",
)  # fmt: skip


class _Importer:
    """Plays a PHH's actions on a splitpot hand dealt from its deck, checking every card."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        self.doc = doc
        variant = doc.get("variant")
        if not isinstance(variant, str):
            raise HistoryError("no variant: a PHH hand starts with variant = '...'")
        if "_game" in doc:
            try:
                game = find_game(str(doc["_game"]))
                structure = Structure(str(doc.get("_structure") or game.structure))
            except (SplitpotError, ValueError) as exc:
                raise HistoryError(f"_game/_structure: {exc}") from None
        else:
            game, structure = _from_variant(variant)
        stacks = _ints(doc, "starting_stacks")
        count = len(stacks)
        if not isinstance(doc.get("actions"), list):
            raise HistoryError("actions must be a list of PHH actions")
        order, button = self._seats(count)
        names = self._names(count, order)
        options = _table(doc, "_options")
        try:
            opts = Options.from_json(options) if options is not None else Options()
        except (TypeError, SplitpotError) as exc:
            raise HistoryError(f"_options: {exc}") from None
        deck: Sequence[Card]
        if "_deck" in doc:
            if not isinstance(doc["_deck"], str):
                raise HistoryError("_deck must be the 52 cards as text")
            deck = _known(_phh_cards(doc["_deck"], "in _deck"), "_deck")
            if len(deck) != 52 or len(set(deck)) != 52:
                raise HistoryError("_deck must hold each of the 52 cards once")
        else:
            deck = _rebuilt_deck(doc, game, count)
        seed = _int(doc.get("_seed", 0), "_seed")
        seat_stacks = [0] * count
        for index, seat in enumerate(order):
            seat_stacks[seat] = stacks[index]
        self.order = order
        self.count = count
        try:
            self.hand = Hand(
                game,
                stacks=seat_stacks,
                button=button,
                stakes=_stakes(doc, game, structure, count),
                structure=structure,
                options=opts,
                deck=deck,
                names=names,
                reshuffle_seed=seed,
            )
        except SplitpotError as exc:
            if isinstance(exc, HistoryError):
                raise
            raise HistoryError(str(exc)) from None
        self.seen = 0
        self.dealt: list[deque[Card]] = [deque() for _ in range(count)]
        self.board: deque[Card] = deque()
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.face_up: Card | None = None
        self.sviten: deque[Any] = deque(doc.get("_sviten") or ())
        self.declarations = doc.get("_declarations")
        self._absorb()

    def _seats(self, count: int) -> tuple[list[int], int]:
        if "seats" not in self.doc:
            return list(range(count)), count - 1
        numbers = _ints(self.doc, "seats", count)
        if len(set(numbers)) != count:
            raise HistoryError("seats: two players in one seat")
        ranked = sorted(numbers)
        order = [ranked.index(number) for number in numbers]
        button = order[-1]
        if any(seat != (button + 1 + i) % count for i, seat in enumerate(order)):
            raise HistoryError(
                "seats: PHH players go clockwise from the first seat left of the button, "
                f"so the seat numbers {numbers} are out of order"
            )
        return order, button

    def _names(self, count: int, order: Sequence[int]) -> list[str] | None:
        players = self.doc.get("players")
        if players is None:
            return None
        if not isinstance(players, list) or len(players) != count:
            raise HistoryError(f"players must name each of the {count} players")
        names = [""] * count
        for index, seat in enumerate(order):
            names[seat] = str(players[index])
        return names

    def _absorb(self) -> None:
        """Note the cards the engine dealt and showed since the last look."""
        events = self.hand.events
        for event in events[self.seen :]:
            seat = event.seat
            if event.kind == "deal_hole" and seat is not None:
                self.dealt[seat] += event.secret["cards"]
            elif event.kind == "discard" and seat is not None:
                self.dealt[seat] += event.secret.get("received", ())
            elif event.kind == "sviten_up":
                self.face_up = event.data["card"]
            elif event.kind == "keep" and seat is not None and self.face_up is not None:
                self.dealt[seat].append(self.face_up)
            elif event.kind == "sviten_down" and seat is not None:
                self.dealt[seat] += event.secret["received"]
            elif event.kind == "deal_board":
                self.board += event.data["cards"]
            elif event.kind == "show" and seat is not None:
                self.shown[seat] = tuple(event.data["cards"])
        self.seen = len(events)

    def _label(self, seat: int) -> str:
        return f"p{self.order.index(seat) + 1}"

    def _choices(self) -> None:
        """Declarations and Sviten choices: the engine waits for them; PHH has no action."""
        hand = self.hand
        while hand.phase in ("declare", "sviten") and hand.to_act is not None:
            seat = hand.to_act
            who = self._label(seat)
            if hand.phase == "declare":
                ways = self.declarations
                index = self.order.index(seat)
                if not isinstance(ways, list) or len(ways) != self.count or not ways[index]:
                    raise HistoryError(f"_declarations must give {who}'s declaration")
                action = Action.declare(str(ways[index]))
            else:
                if not self.sviten:
                    raise HistoryError(f"_sviten must say whether {who} kept the face-up card")
                entry = self.sviten.popleft()
                if not isinstance(entry, dict) or entry.get("player") != who:
                    raise HistoryError(f"_sviten: the next face-up card is {who}'s, not {entry!r}")
                if entry.get("up") != str(self.face_up):
                    raise HistoryError(
                        f"_sviten: {who}'s face-up card is {self.face_up}, not {entry.get('up')}"
                    )
                choice = entry.get("choice")
                if choice not in ("keep", "reject"):
                    raise HistoryError(f"_sviten: {who} must keep or reject, not {choice!r}")
                action = Action(str(choice))
            try:
                hand.apply(action, seat=seat)
            except SplitpotError as exc:
                raise HistoryError(f"{who}: {exc}") from None
            self._absorb()

    def _take(self, queue: deque[Card], cards: Sequence[Card | None], where: str) -> None:
        expected = [queue.popleft() for _ in range(min(len(cards), len(queue)))]
        if len(expected) < len(cards) or any(
            c is not None and c != e for c, e in zip(cards, expected, strict=True)
        ):
            dealt = "".join(map(str, expected)) or "nothing"
            raise HistoryError(f"{where}: the deck deals {dealt} here")

    def _answerless_check(self, seat: int) -> bool:
        """PokerKit asks for a check nobody can answer; splitpot does not ask it."""
        hand = self.hand
        live = hand.in_hand()
        return (
            seat in live
            and hand.bets[seat] >= max(hand.bets[s] for s in live)
            and all(hand.stacks[s] == 0 for s in live if s != seat)
        )

    def _act(self, seat: int, words: list[str], where: str) -> None:
        hand = self.hand
        verb = words[1]
        arity = {"f": (2,), "cc": (2,), "cbr": (3,), "sd": (2, 3)}
        if verb == "pb":
            raise HistoryError(f"{where}: splitpot's games have no bring-in")
        if len(words) not in arity.get(verb, ()):
            raise HistoryError(f"{where}: not a PHH action")
        asked = hand.to_act == seat and hand.phase == "bet"
        if verb == "cc" and not asked and self._answerless_check(seat):
            return
        if hand.to_act is None:
            raise HistoryError(f"{where}: the hand is already over")
        if hand.to_act != seat:
            raise HistoryError(f"{where}: {self._label(hand.to_act)} is to act")
        legal = hand.legal_actions()
        assert legal is not None
        action: Action
        if verb == "f":
            action = Action.fold()
        elif verb == "cc":
            action = Action.check() if legal.check else Action.call()
        elif verb == "cbr":
            try:
                amount = int(words[2])
            except ValueError:
                raise HistoryError(f"{where}: {words[2]!r} is not a whole number") from None
            kind = legal.raise_.kind if legal.raise_ is not None else "raise"
            action = Action(kind, amount=amount)
        else:
            thrown = _phh_cards(words[2], where) if len(words) == 3 else []
            action = Action.discard(_known(thrown, where))
        try:
            hand.apply(action, seat=seat)
        except SplitpotError as exc:
            raise HistoryError(f"{where}: {exc}") from None

    def run(self) -> tuple[Event, ...]:
        shows: list[tuple[int, list[str], str]] = []
        for index, raw in enumerate(self.doc["actions"], 1):
            words = _words(raw, index)
            if not words:
                continue  # a no-op or a comment
            where = f"action {index} ({raw.strip()!r})"
            self._choices()
            if words[0] == "d":
                if words[1:2] == ["dh"] and len(words) == 4:
                    seat = self.order[_player(words[2], self.count)]
                    self._take(self.dealt[seat], _phh_cards(words[3], where), where)
                elif words[1:2] == ["db"] and len(words) == 3:
                    self._take(self.board, _phh_cards(words[2], where), where)
                else:
                    raise HistoryError(f"{where}: not a PHH dealing action")
                continue
            if len(words) < 2:
                raise HistoryError(f"{where}: not a PHH action")
            seat = self.order[_player(words[0], self.count)]
            if words[1] == "sm":
                shows.append((seat, words, where))
                continue
            self._act(seat, words, where)
            self._absorb()
        self._choices()
        self._absorb()
        hand = self.hand
        if not hand.is_over:
            waiting = self._label(hand.to_act) if hand.to_act is not None else "the dealer"
            raise HistoryError(f"the actions stop before the hand is over ({waiting} is to act)")
        for seat, queue in enumerate(self.dealt):
            if queue:
                raise HistoryError(
                    f"the actions do not deal {self._label(seat)} {''.join(map(str, queue))}"
                )
        if self.board:
            raise HistoryError(
                f"the actions do not deal the board's {''.join(map(str, self.board))}"
            )
        self._check_shows(shows)
        return hand.events

    def _check_shows(self, shows: Sequence[tuple[int, list[str], str]]) -> None:
        said = set()
        for seat, words, where in shows:
            if seat not in self.shown:
                raise HistoryError(f"{where}: {self._label(seat)} has no hand at the showdown")
            if len(words) != 3:
                raise HistoryError(f"{where}: splitpot shows every hand at the showdown")
            if words[2] != "-":
                cards = _phh_cards(words[2], where)
                known = sorted(c for c in cards if c is not None)
                if len(cards) != len(self.shown[seat]) or not set(known) <= set(self.shown[seat]):
                    shown = "".join(map(str, self.shown[seat]))
                    raise HistoryError(f"{where}: {self._label(seat)} shows {shown}")
            said.add(seat)
        missing = sorted(set(self.shown) - said)
        if missing:
            raise HistoryError(
                "the actions do not show " + ", ".join(self._label(s) for s in missing) + "'s hand"
            )


def _section(doc: Mapping[str, Any]) -> PhhHand:
    importer = _Importer(doc)
    events = importer.run()
    hand_number = doc.get("hand")
    number = hand_number if isinstance(hand_number, int | str) else None
    started = _started(doc)
    again = tomllib.loads(export_phh(events))
    for key in _COMPARED:
        if key in doc and doc[key] != again.get(key):
            raise HistoryError(
                f"{key} does not match the hand: the PHH says {doc[key]!r}, "
                f"the hand as played gives {again.get(key)!r}"
            )
    return PhhHand(events, number, started)


def read_phh(text: str) -> list[PhhHand]:
    """Every hand of a PHH text: one hand (``.phh``) or tables of hands (``.phhs``)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HistoryError(f"not PHH (TOML): {exc}") from None
    if "variant" in doc:
        sections: list[tuple[str | None, Any]] = [(None, doc)]
    else:
        sections = list(doc.items())
        if not sections:
            raise HistoryError("no hand: the PHH text is empty")
    hands = []
    for name, section in sections:
        where = f"hand [{name}]: " if name is not None else ""
        if not isinstance(section, dict) or "variant" not in section:
            raise HistoryError(f"{where or f'{name!r}: '}not a PHH hand (no variant)")
        try:
            hands.append(_section(section))
        except HistoryError as exc:
            raise HistoryError(f"{where}{exc}") from None
    return hands


def import_phh(text: str) -> list[Event]:
    """The event log of the one hand in a PHH text (:meth:`Hand.replay` accepts it)."""
    hands = read_phh(text)
    if len(hands) != 1:
        raise HistoryError(f"the PHH text holds {len(hands)} hands, not one: use read_phh")
    return list(hands[0].events)
