"""Writing PHH from full event logs, and text histories (the format is described in
:mod:`splitpot.history.phh`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from datetime import time as clock_time
from typing import Any

from splitpot.engine.events import Event, view
from splitpot.engine.forced import phh_forced
from splitpot.engine.history import format_history
from splitpot.engine.muck import redact_mucks, unseen_cards
from splitpot.engine.options import Stakes
from splitpot.engine.unknown import unknown_text
from splitpot.errors import SplitpotError
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Structure
from splitpot.history.phh_variants import (
    PhhHand,
    has_sviten,
    variant_code,
)
from splitpot.history.store import HistoryError

__all__ = ["export_phh", "export_phhs", "export_text"]


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
        if key in ("actions", "_awards", "_sviten", "_odd_chips", "_runs") and value:
            lines.append(f"{key} = [")
            lines.extend(f"  {_value(item)}," for item in value)
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- export


def _full_start(events: Sequence[Event]) -> Event:
    if not events or events[0].kind != "start":
        raise HistoryError("a hand's event log starts with its start event")
    if "deck" not in events[0].secret:
        raise HistoryError("only a full event log can be exported, not one seat's view")
    return events[0]


@dataclass(slots=True)
class _Played:
    """What a hand's events say in PHH: its actions, and what PHH has no action for."""

    actions: list[str] = field(default_factory=list)
    declared: dict[str, str] = field(default_factory=dict)  # PHH player -> way
    sviten: list[dict[str, str]] = field(default_factory=list)
    awards: list[dict[str, Any]] = field(default_factory=list)
    odd_chips: list[dict[str, Any]] = field(default_factory=list)
    payouts: dict[str, int] = field(default_factory=dict)
    final: Sequence[int] | None = None
    runs: list[dict[str, str]] = field(default_factory=list)  # run it twice: the answers
    run_two: str = ""  # run it twice: run two's board cards


def _played(
    events: Sequence[Event], game: GameSpec, names: Sequence[str], label: dict[int, str]
) -> _Played:
    """The PHH actions of ``events`` (after the start), with the player labels ``label``."""
    by_name = {name: label[seat] for seat, name in enumerate(names)}
    unknown = frozenset(events[0].data.get("unknown") or ()) | unseen_cards(events)

    def _cards(cards: Iterable[int]) -> str:
        return unknown_text(cards, unknown)

    played = _Played()
    actions, declared, sviten, runs = played.actions, played.declared, played.sviten, played.runs
    later: list[str] = []  # a draw's replacements, dealt once every player has drawn
    immediate = has_sviten(game)
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
            case "bring_in":
                actions.append(f"{who} pb")
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
            case "muck":
                actions.append(f"{who} sm")  # PHH's muck: no cards
            case "win":
                if event.seat is not None:
                    played.payouts = {names[event.seat]: int(event.data["amount"])}
            case "run_twice" | "run_once":
                choice = "twice" if event.kind == "run_twice" else "once"
                runs.append({"player": who, "choice": choice})
                actions.append(f"# {who} runs it {choice}")
            case "deal_run":
                played.run_two = _cards(event.data["cards"])
                actions.append(f"# run {event.data['run']}: {played.run_two}")
            case "settle":
                run = event.data.get("run")
                for name, chips in event.data["payouts"].items():  # (a run twice: both runs)
                    paid = played.payouts.get(str(name), 0) if run else 0
                    played.payouts[str(name)] = paid + int(chips)
                for award in event.data.get("awards", ()):
                    entry: dict[str, Any] = {
                        "pot": award["pot"],
                        "award": award["award"],
                        "amount": award["amount"],
                        "winners": [by_name[n] for n in award["winners"]],
                    }
                    if award.get("hand"):
                        entry["hand"] = award["hand"]
                    if run:
                        entry["run"] = run
                    played.awards.append(entry)
            case "end":
                played.final = event.data["stacks"]
            case _:  # post, bet_round, draw_round, declare_round, reshuffle, return
                pass
    actions += later
    rule = str(events[0].data.get("options", {}).get("odd_chip", "high-award"))
    for run in sorted({award.get("run", 0) for award in played.awards}):  # each run on its own
        mine = [award for award in played.awards if award.get("run", 0) == run]
        found = odd_chip_differences(mine, rule)
        played.odd_chips += [{**item, "run": run} if run else item for item in found]
    return played


def _shares(amount: int, winners: Sequence[str], first_winner: bool) -> dict[str, int]:
    base, left = divmod(amount, len(winners))
    order = sorted(winners, key=lambda label: int(label[1:]))  # p1 is left of the button
    shares = dict.fromkeys(order, base)
    if first_winner and left:  # PHH readers: every odd chip to the first winner
        shares[order[0]] += left
    elif left:  # TDA 20: one at a time from the button
        for label in order[:left]:
            shares[label] += 1
    return shares


def odd_chip_differences(awards: Sequence[Mapping[str, Any]], rule: str) -> list[dict[str, Any]]:
    """Where the odd-chip rule ``rule`` gives the winners of ``awards`` (the ``_awards``
    entries) other chips than a PHH reader such as PokerKit does. A reader puts out the hands
    that cannot win first, so consecutive pots left with the same winners are one pot, and
    gives its odd chips all to the first winner left of the button; TDA 20 (the house rule)
    splits each pot and gives its odd chips one at a time from the button."""
    by_pot: dict[int, dict[str, Mapping[str, Any]]] = {}
    for award in awards:
        by_pot.setdefault(int(award["pot"]), {})[str(award["award"])] = award
    groups: list[list[int]] = []
    last: dict[str, list[str]] | None = None
    for pot in sorted(by_pot):
        key = {name: list(a["winners"]) for name, a in by_pot[pot].items()}
        if groups and groups[-1][-1] + 1 == pot and key == last and any(key.values()):
            groups[-1].append(pot)
        else:
            groups.append([pot])
        last = key
    out: list[dict[str, Any]] = []
    for group in groups:
        for name, first in by_pot[group[0]].items():
            winners = sorted(first["winners"], key=lambda label: int(label[1:]))
            if not winners:
                continue
            given = dict.fromkeys(winners, 0)
            for pot in group:
                for label, chips in _shares(
                    int(by_pot[pot][name]["amount"]), winners, rule == "first-winner"
                ).items():
                    given[label] += chips
            amount = sum(int(by_pot[pot][name]["amount"]) for pot in group)
            reader = _shares(amount, winners, True)
            if reader != given:
                out.append({"pots": group, "award": name, "amount": amount, "winners": winners,
                            "chips": [given[w] for w in winners],
                            "first_winner": [reader[w] for w in winners]})  # fmt: skip
    return out


def _phh_fields(
    events: Sequence[Event], hand: int | str | None, started: datetime | None
) -> list[tuple[str, Any]]:
    events = redact_mucks(events)  # a mucked hand is never shown (engine.muck)
    start = _full_start(events)
    data = start.data
    unknown = frozenset(data.get("unknown") or ()) | unseen_cards(events)
    game = find_game(data["game"])
    structure = Structure(data["structure"])
    names: Sequence[str] = data["names"]
    count = len(names)
    button = int(data["button"])
    order = [(button + 1 + i) % count for i in range(count)]  # PHH player i -> seat
    label = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    stakes = Stakes(**data["stakes"])

    fields: list[tuple[str, Any]] = [("variant", variant_code(game, structure))]
    antes, blinds = phh_forced(stakes, game, count)  # by PHH position, as the hand posted them
    bomb = int(data.get("options", {}).get("bomb_ante", 0))
    if bomb:  # a bomb pot: everyone's ante, no blinds (its `_options` say so: engine/bomb.py)
        antes, blinds = [bomb] * count, [0] * count
    fields += [("antes", antes), ("blinds_or_straddles", blinds)]
    if game.stud is not None:  # stud: PHH's bring-in and no blinds
        fields = [*fields[:-1], ("bring_in", stakes.bring_in)]
    if structure is Structure.FIXED_LIMIT:
        fields += [("small_bet", stakes.small_bet), ("big_bet", stakes.big_bet)]
    else:
        fields.append(("min_bet", stakes.big_blind))
    fields.append(("starting_stacks", [data["stacks"][seat] for seat in order]))

    played = _played(events, game, names, label)
    declared, sviten, awards = played.declared, played.sviten, played.awards
    payouts, final = played.payouts, played.final
    fields.append(("actions", played.actions))

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
    # The options as the log wrote them (a log older than a renamed option keeps its name, so
    # a stored hand's PHH does not change); Options.from_json reads either name back.
    options = dict(data["options"])
    fields += [
        ("_game", game.id),
        ("_structure", structure.value),
        ("_stakes", stakes.to_json()),
        ("_options", {k: v for k, v in options.items() if v is not None}),
        ("_deck", unknown_text(start.secret["deck"], unknown)),
        ("_seed", int(start.secret["seed"])),
    ]
    if start.secret.get("redeal") is not None:  # a record's reshuffle, as it was dealt
        fields += [
            ("_redeal", unknown_text(start.secret["redeal"], ())),
            ("_stub_size", int(start.secret["stub_size"])),
        ]
    if declared:
        fields.append(("_declarations", [declared.get(f"p{i + 1}", "") for i in range(count)]))
    if sviten:
        fields.append(("_sviten", sviten))
    if played.runs:  # run it twice (engine.runs): the answers, and run two's board cards
        fields.append(("_runs", played.runs))
    if played.run_two:
        fields.append(("_run_two", played.run_two))
    if awards:
        fields.append(("_awards", awards))
    if played.odd_chips:
        # TDA 20 (the house rule) gives a split's odd chips one at a time from the button;
        # PHH readers such as PokerKit give them all to the first winner: the stacks differ.
        fields.append(("_odd_chips", played.odd_chips))
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
