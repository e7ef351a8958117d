"""Starting hands for :mod:`splitpot.bots.expert`: the shipped atlas answers the spots it holds.

An atlas record (:mod:`splitpot.atlas`) is a starting hand's equity against one random hand,
both players drawing by the ``heuristic`` policy, over 1,000 samples a class with every discard
option of the first draw played on the same runouts. The expert bot takes it instead of its own
estimate (a few hundred runouts against the ranges) in two spots, and only there:

- **preflop betting** (:func:`preflop`): one opponent left, no board card, nobody has drawn,
  and the opponent has neither bet, raised nor called (blinds aside): their range is still any
  hand, which is what the record was computed against. Its equity, scoop chance and award
  shares replace the estimate. Once the opponent has acted, their range is narrower than the
  atlas's and the bot computes against it as before.
- **the first draw** (:func:`first_draw`, Badugi-like atlases): one opponent left, the game's
  first draw, nobody has drawn yet (the opponent's draw would say more than any atlas knows).
  The record's best option is drawn. The betting before the draw has narrowed the opponent's
  range, which the record ignores; it is used all the same, because the choice of discard
  depends mostly on one's own cards and the record compares every option over more runouts
  than a decision can afford.

Either returns None outside its spot, when no atlas of the game is shipped, when the shipped
atlas lacks the hand's class (Doogie's is a sample of its classes), or when the table draws
fewer cards than the game (Drawmadugi's 0-3 option).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from splitpot.bots.base import SeatView
from splitpot.bots.heuristic import _table_max_discard
from splitpot.bots.ranges import Read
from splitpot.cards import Card

__all__ = ["AtlasOdds", "first_draw", "preflop"]


@dataclass(frozen=True, slots=True)
class AtlasOdds:
    """A starting hand's record as the bot uses it: pot equity, scoop chance, share per award,
    and at the first draw every option with its equity (best first)."""

    equity: float
    scoop: float
    awards: tuple[tuple[str, float], ...]
    discards: tuple[tuple[tuple[Card, ...], float], ...] = ()


def _untouched(view: SeatView) -> bool:
    """No board card, nobody has drawn or seen a Sviten card, the whole deal in hand."""
    if view.board or len(view.hole) != view.game.hole_cards:
        return False
    if any(e.kind in ("discard", "deal_board", "sviten_up") for e in view.events):
        return False
    return _table_max_discard(view) is None


def _record(view: SeatView, hole: Sequence[Card]) -> dict[str, Any] | None:
    from splitpot.atlas import shipped

    atlas = shipped(view.game.id)
    if atlas is None or atlas.meta["opponents"] != 1:
        return None
    return atlas.lookup(tuple(hole), ranked=False)


def _odds(record: dict[str, Any], hole: Sequence[Card]) -> AtlasOdds:
    by_name = {str(c): c for c in hole}
    discards = tuple(
        (tuple(by_name[name] for name in option["discard"]), float(option["equity"]))
        for option in record.get("discards", ())
    )
    awards = tuple((name, float(share or 0.0)) for name, share in record["awards"].items())
    return AtlasOdds(float(record["equity"]), float(record["scoop"]), awards, discards)


def preflop(view: SeatView, reads: Sequence[Read]) -> AtlasOdds | None:
    """The atlas's odds for a preflop bet against one opponent whose range is any hand."""
    if len(reads) != 1 or not _untouched(view):
        return None
    read = reads[0]
    if read.aggression or read.calls or read.drawn is not None or read.declared:
        return None
    record = _record(view, view.hole)
    return None if record is None else _odds(record, view.hole)


def first_draw(view: SeatView, hole: Sequence[Card], reads: Sequence[Read]) -> AtlasOdds | None:
    """The atlas's options at the game's first draw, heads-up, before anyone has drawn."""
    if len(reads) != 1 or not _untouched(view) or not view.game.draws:
        return None
    if sum(1 for e in view.events if e.kind == "draw_round") != 1:
        return None
    record = _record(view, hole)
    if record is None or not record.get("discards"):
        return None
    return _odds(record, hole)
