"""The showdown: its order, who may muck (the ``muck`` option), the settlement of the hands
shown, and a record that keeps a mucked hand unseen (docs/rules.md "Betting").

- Showdown order: the last aggressor of the last betting round first, else the first seat
  left of the button.
- With ``Options.muck`` each player in that order shows or mucks; a hand may be mucked when it
  cannot win any part of the pot against the hands already shown (the first hand is always
  shown), or when its cards are unknown (a record's muck: see :mod:`splitpot.engine.unknown`).
- :func:`redact_mucks` gives a hand's log in which every mucked card is a placeholder: the
  cards are relabelled so that the log replays and says nothing of the mucked hand. The
  history stores that log and every export writes it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from splitpot.cards import Card, format_cards, full_deck
from splitpot.engine.events import (
    BettingRound,
    BetTo,
    Event,
    RaisedTo,
    SettledAward,
    events_from_json,
)
from splitpot.engine.showdown import ShowdownResult, settle
from splitpot.errors import ShowdownError

if TYPE_CHECKING:
    from splitpot.engine.hand import Hand

__all__ = [
    "may_muck", "redact_mucks", "settle_shown", "settled_awards", "showdown_order", "unseen_cards",
]  # fmt: skip


def showdown_order(hand: Hand) -> list[int]:
    """The seats still in, in showdown order."""
    live = hand.in_hand()
    count = len(hand.stacks)
    first = None
    for event in reversed(hand.events):
        if isinstance(event, BettingRound):
            break
        if isinstance(event, BetTo | RaisedTo):
            first = event.seat
            break
    if first is None or first not in live:
        first = next(s for s in ((hand.button + 1 + i) % count for i in range(count)) if s in live)
    return [(first + i) % count for i in range(count) if (first + i) % count in live]


def settle_shown(
    hand: Hand, shown: Sequence[int], *, board: Sequence[Card] | None = None, half: int = 0
) -> ShowdownResult:
    """Settle the pots between the hands ``shown`` (a mucked hand is out, its chips stay in);
    a hand run twice settles each run's ``half`` on its ``board`` (engine.runs)."""
    names = hand.names
    live = sorted(shown)
    declared = {names[s]: w for s, w in hand.declarations.items() if s in live}
    return settle(
        hand.game,
        {names[s]: tuple(hand.hole[s]) for s in live},
        tuple(hand.board if board is None else board),
        contributions={name: hand.contributed[s] - hand.dead[s] for s, name in enumerate(names)},
        dead=sum(hand.dead),
        seats=names,
        button=names[hand.button],
        declarations=declared or None,
        odd_chip=hand.options.odd_chip,
        two_way_tie_keeps=hand.options.two_way_tie_keeps,
        half=half,
    )


def may_muck(hand: Hand, seat: int, shown: Sequence[int], waiting: int) -> bool:
    """May ``seat`` muck, with ``shown`` already shown and ``waiting`` players after it?"""
    if any(card in hand.unknown for card in hand.hole[seat]):
        return bool(shown) or waiting > 0  # a record's muck; someone must be left to win
    if not shown:
        return False
    try:
        result = settle_shown(hand, [*shown, seat])
    except ShowdownError:  # a level only players still to show reached: it might win it
        return False
    name = hand.names[seat]
    return result.payouts.get(name, 0) - result.returned.get(name, 0) == 0


_CARD_KEYS = frozenset(
    {"deck", "unknown", "cards", "discarded", "received", "order", "burned", "up"}
)


def _relabel(value: Any, mapping: Mapping[str, str], key: str = "") -> Any:
    if isinstance(value, dict):
        return {k: _relabel(v, mapping, k) for k, v in value.items()}
    if isinstance(value, list) and key in _CARD_KEYS:
        return [mapping.get(card, card) if isinstance(card, str) else card for card in value]
    if key == "card" and isinstance(value, str):
        return mapping.get(value, value)
    return value


def _seen_and_held(events: Sequence[Event], mucked: set[int]) -> tuple[set[Any], set[Any]]:
    """The cards some seat other than ``mucked`` or everyone saw, and the mucked seats' own."""
    seen: set[Any] = set()
    held: set[Any] = set()
    for event in events[1:]:
        secret = event.secret
        cards = [
            *secret.get("cards", ()),
            *(secret.get("discarded") or ()),
            *(secret.get("received") or ()),
        ]
        if event.kind in ("deal_hole", "discard", "sviten_down"):
            (held if event.seat in mucked else seen).update(cards)
        seen.update(event.data.get("cards", ()))
        seen.update(event.data.get("up") or ())  # stud's up cards
        if "card" in event.data:
            seen.add(event.data["card"])
    seen -= set(events[0].data.get("unknown") or ())  # a placeholder stays one
    return seen, held


def unseen_cards(events: Sequence[Event]) -> frozenset[Any]:
    """In a log with a muck, the cards nobody but a mucking player saw (placeholders, the
    mucked hands, the undealt stub), which an export writes ``??``; empty without a muck."""
    mucked = {e.seat for e in events if e.kind == "muck" and e.seat is not None}
    if not mucked:
        return frozenset()
    seen, _ = _seen_and_held(events, mucked)
    return frozenset(card for card in full_deck() if card not in seen)


def redact_mucks(events: Sequence[Event]) -> list[Event]:
    """``events`` with every mucked hand's cards as placeholders (unchanged without a muck).

    Every card nobody but a mucking player saw is relabelled: in deck order they become the
    unseen cards in their natural order, so the log still replays (the engine deals and
    reshuffles by place, not by card) and says nothing of what the mucked hands held."""
    mucked = {e.seat for e in events if e.kind == "muck" and e.seat is not None}
    if not mucked or not events or "deck" not in events[0].secret:
        return list(events)
    start = events[0]
    seen, held = _seen_and_held(events, mucked)
    place = {card: index for index, card in enumerate(start.secret["deck"])}
    unknown = (set(start.data.get("unknown") or ()) | held) - seen
    unseen = [card for card in full_deck() if card not in seen]
    mapping = {
        str(source): str(target)
        for source, target in zip(sorted(unseen, key=place.__getitem__), unseen, strict=True)
    }
    lines = []
    for index, event in enumerate(events):
        data = _relabel(event.to_json(), mapping)
        if index == 0:
            data["unknown"] = [mapping[str(c)] for c in sorted(unknown, key=place.__getitem__)]
        lines.append(json.dumps(data))
    return events_from_json(lines)


def settled_awards(result: ShowdownResult) -> tuple[SettledAward, ...]:
    """Each award of each pot of ``result`` as a ``settle`` event records it."""

    def words(name: str, award: str) -> str | None:
        held = result.hands[name][award]
        return None if held is None else f"{held.describe()} ({format_cards(held.cards)})"

    return tuple(
        SettledAward(index, award.name, award.amount, award.winners,
                     words(award.winners[0], award.name) if award.winners else None)
        for index, pot in enumerate(result.pots)
        for award in pot.awards
    )  # fmt: skip
