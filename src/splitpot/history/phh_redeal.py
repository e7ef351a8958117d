"""The deck of a PHH written without ``_deck``, rebuilt from its dealt cards (see
:mod:`splitpot.history.phh_import`), reshuffle included.

Hole cards are dealt one at a time clockwise from the first seat left of the button, then every
later card as the actions deal it. A draw game's stub can run out: the record then deals cards
again from a reshuffle. The reshuffle comes at the first card that repeats a card dealt before,
or at the first card past what PokerKit's deck holds (52 cards less the one it burns at the
start of each draw), whichever is first. The cards from there on are dealt as recorded
(``redeal``) from every card out of play: the discards (of every player, once every player has
discarded, as PokerKit deals), the folded hands and the cards never dealt (``stub_size`` is how
many were dealt before).

Cards nobody saw (``??``, a mucked hand's) are placeholders (:mod:`splitpot.engine.unknown`). A
reshuffle can deal again, known this time, a card that was unknown before: that card was one
of the cards out of play, so it is put where the record allows, in the cards never dealt or in
an unknown card a mucking player threw before the reshuffle; and an unknown card dealt after
the reshuffle is one of the cards out of play that nobody sees again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from splitpot.cards import Card, full_deck
from splitpot.games import GameSpec
from splitpot.games.streets import Deal
from splitpot.history.store import HistoryError

__all__ = ["Rebuilt", "rebuild_deck"]

Cards = Callable[[str, str], list[Card | None]]
"""Parses a PHH card text (``??`` for an unknown card) at a place in the record."""
Player = Callable[[str], int]
"""A PHH player (``p1``) as an index, or :class:`HistoryError`."""


class Rebuilt(NamedTuple):
    """A deck rebuilt from a record: its order (``None``: unknown, for
    :func:`~splitpot.engine.unknown.fill_unknown`), or with a reshuffle the whole order and its
    placeholders (``unknown``), the reshuffle's cards as dealt and how many were dealt before."""

    deck: list[Card | None]
    redeal: list[Card] | None = None
    stub_size: int | None = None
    unknown: tuple[Card, ...] | None = None


@dataclass
class _Record:
    """The dealt cards by place, and the draws and folds in the actions' order."""

    dealt: list[Card | None] = field(default_factory=list)
    steps: list[tuple[str, int, list[Any]]] = field(default_factory=list)  # kind, player, x
    capacity: list[int] = field(default_factory=list)  # per later card: PokerKit's deck size
    hole_count: int = 0


def _read(
    actions: Sequence[Any], game: GameSpec, count: int, cards: Cards, player: Player
) -> _Record:
    first = game.streets[0]
    assert isinstance(first, Deal)
    hole: list[list[Card | None]] = [[] for _ in range(count)]
    later: list[Card | None] = []
    record = _Record()
    draws, drawing = 0, False
    for index, raw in enumerate(actions, 1):
        words = str(raw).split("#", 1)[0].split()
        if not words:
            continue
        starts_draw = len(words) >= 2 and words[1] == "sd"
        if starts_draw and not drawing:
            draws += 1  # PokerKit burns a card as each draw begins
        drawing = starts_draw
        if words[:2] == ["d", "dh"] and len(words) == 4:
            who = player(words[2])
            dealt = cards(words[3], f"action {index}")
            room = first.hole - len(hole[who])
            hole[who] += dealt[:room]
            places = [len(later) + i for i in range(len(dealt) - len(dealt[:room]))]
            later += dealt[room:]
            record.capacity += [52 - draws] * len(places)
            if places:
                record.steps.append(("deal", who, places))
        elif words[:2] == ["d", "db"] and len(words) == 3:
            dealt = cards(words[2], f"action {index}")
            record.capacity += [52 - draws] * len(dealt)
            later += dealt
        elif starts_draw:
            thrown = cards(words[2], f"action {index}") if len(words) == 3 else []
            record.steps.append(("sd", player(words[0]), thrown))
        elif len(words) == 2 and words[1] == "f":
            record.steps.append(("f", player(words[0]), []))
    if any(len(cards) != first.hole for cards in hole):
        raise HistoryError(f"without _deck, every player's {first.hole} hole cards must be dealt")
    dealt_hole = record.hole_count = first.hole * count
    record.dealt = [hole[who][k] for k in range(first.hole) for who in range(count)]
    record.dealt += later
    record.steps = [
        (kind, who, [dealt_hole + p for p in x] if kind == "deal" else x)
        for kind, who, x in record.steps
    ]
    record.capacity = [52] * dealt_hole + record.capacity
    return record


def _reshuffle_at(record: _Record) -> int | None:
    """Where the record's reshuffle comes, or ``None``."""
    seen: set[Card] = set()
    for index, card in enumerate(record.dealt):
        if (card is not None and card in seen) or index >= record.capacity[index]:
            return index
        if card is not None:
            seen.add(card)
    return None


def _out_of_play(record: _Record, index: int, count: int) -> tuple[list[int], list[Card]]:
    """The places of the unknown cards out of play when the reshuffle comes (thrown by a
    mucking player, or folded) and the known ones: the players' hands are followed through
    the actions, an unknown card thrown being the first unknown one in the hand, as the
    importer throws it."""
    dealt = record.dealt
    hands: list[list[int]] = [[] for _ in range(count)]
    for start in range(record.hole_count):
        hands[start % count].append(start)
    unknown_out: list[int] = []
    known_out: list[Card] = []
    for kind, player, x in record.steps:
        if kind == "deal":
            if x[0] >= index:
                break
            hands[player] += x
        elif kind == "f":
            unknown_out += [p for p in hands[player] if dealt[p] is None]
            known_out += [c for p in hands[player] if (c := dealt[p]) is not None]
            hands[player] = []
        else:
            for thrown in x:
                hand = hands[player]
                place = next((p for p in hand if dealt[p] == thrown), None)
                if place is None:
                    continue  # the importer refuses it with its reason
                hand.remove(place)
                if thrown is None:
                    unknown_out.append(place)
                else:
                    known_out.append(thrown)
    return unknown_out, known_out


def rebuild_deck(
    actions: Sequence[Any], game: GameSpec, count: int, cards: Cards, player: Player
) -> Rebuilt:
    """The deck order of a record without ``_deck`` (see the module docstring)."""
    record = _read(actions, game, count, cards, player)
    dealt = record.dealt
    index = _reshuffle_at(record)
    if index is None:
        if len(dealt) > 52:  # pragma: no cover - the capacity finds a reshuffle first
            raise HistoryError(f"the actions deal {len(dealt)} cards: more than a deck")
        return Rebuilt(dealt + [None] * (52 - len(dealt)))
    before, after = dealt[:index], dealt[index:]
    known_before = {card for card in before if card is not None}
    known_after = [card for card in after if card is not None]
    if len(set(known_after)) != len(known_after) or len(after) > 52:
        raise HistoryError("the actions deal a card twice after the reshuffle: a second reshuffle")
    new = [card for card in known_after if card not in known_before]
    unknown_out, known_out = _out_of_play(record, index, count)
    never_dealt = list(range(index, 52))
    room = never_dealt + unknown_out  # where an unknown card out of play is, in the deck
    if len(new) > len(room):
        raise HistoryError(
            f"the reshuffle deals {len(new)} cards nobody saw before, but only {len(room)} "
            "unknown cards were out of play"
        )
    deck: list[Card | None] = before + [None] * (52 - index)
    for place, card in zip(room, new, strict=False):
        deck[place] = card
    placeholders = [c for c in full_deck() if c not in known_before and c not in set(new)]
    rest = iter(placeholders)
    spare: list[Card] = []  # placeholders out of play: an unknown card dealt again
    for place in room[len(new) :]:
        stand_in = next(rest)
        deck[place] = stand_in
        spare.append(stand_in)
    for place, slot in enumerate(deck):
        if slot is None:
            deck[place] = next(rest)
    spare += [c for c in known_out if c not in set(known_after)]
    redeal: list[Card] = []
    for again in after:
        if again is None and not spare:
            raise HistoryError(
                "the reshuffle deals more unknown cards (??) than there were out of play"
            )
        redeal.append(spare.pop(0) if again is None else again)
    whole = [card for card in deck if card is not None]
    assert len(whole) == 52 and len(set(whole)) == 52
    return Rebuilt(list(whole), redeal, index, tuple(placeholders))
