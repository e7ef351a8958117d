"""What the web table's Charts page draws, read from the shipped atlases (no computation).

- A game whose records are first-draw discards (Badugi): every four-card badugi (four ranks,
  four suits: one class each), with its best first-draw keep and its equity, for a grid by the
  hand's cards; and the equity distribution of every class.
- The others: the equity distribution of starting hands (classes weighted by their hands, 50
  bins of 2% of the pot), the best classes, and how the atlas was built.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from splitpot.atlas import shipped
from splitpot.atlas.classes import cards_of, rank_text
from splitpot.atlas.store import Atlas
from splitpot.cards import RANKS
from splitpot.games import find_game

__all__ = ["BINS", "chart", "charted_games"]

BINS = 50


def charted_games() -> list[dict[str, Any]]:
    """Every game with a shipped atlas: id, name, record kind and how it was built."""
    from splitpot.games import GAMES

    out = []
    for spec in GAMES.values():
        atlas = shipped(spec.id)
        if atlas is not None:
            out.append({"id": spec.id, "name": spec.name, **_about(atlas)})
    out.sort(key=lambda g: g["kind"] != "discards")  # the first-draw grid first
    return out


def _about(atlas: Atlas) -> dict[str, Any]:
    meta = atlas.meta
    names = ("kind", "opponents", "samples", "seed", "classes", "all_classes", "sample", "command")
    return {name: meta.get(name) for name in names}


@cache
def chart(game: str) -> dict[str, Any] | None:
    """The Charts page's data for a game, or None when no atlas of it is shipped."""
    spec = find_game(game)
    atlas = shipped(spec.id)
    if atlas is None:
        return None
    out: dict[str, Any] = {
        "game": spec.id,
        "name": spec.name,
        **_about(atlas),
        "awards": [a.name for a in spec.awards],
        "bins": BINS,
        "distribution": atlas.distribution(BINS),
        "top": atlas.top(10),
    }
    if atlas.meta["kind"] == "discards" and spec.hole_cards == 4:
        out["badugis"] = _badugis(atlas)
        out["ranks"] = RANKS
    return out


def _badugis(atlas: Atlas) -> list[dict[str, Any]]:
    """Every four-card badugi class: its ranks (highest first, aces low), the ranks its best
    first-draw option keeps, and its equity."""
    atlas.top(10)  # (ranks many records: the classes sorted once)
    cells = []
    for ranks in _rank_sets():
        masks = sorted((1 << r for r in ranks), reverse=True)
        key = 0
        for mask in masks:
            key = (key << 13) | mask
        row = atlas.row(key)
        if row is None:
            continue
        record = atlas.record(row)
        thrown = set(record["best_discard"])
        kept = [str(c) for c in cards_of(key) if str(c) not in thrown]
        cells.append(
            {
                "ranks": _low_order(ranks),
                "class": record["class"],
                "keep": _low_order(sorted(_RANK_OF[c[0]] for c in kept)),
                "equity": record["equity"],
                "best_discard": record["best_discard"],
            }
        )
    return cells


_RANK_OF = {r: i for i, r in enumerate(RANKS)}


def _rank_sets() -> list[list[int]]:
    from itertools import combinations

    return [list(c) for c in combinations(range(13), 4)]


def _low_order(ranks: list[int]) -> str:
    """Ranks as Badugi reads them, highest first with aces low (``'8532'``, ``'432A'``)."""
    low = sorted(ranks, key=lambda r: -1 if r == 12 else r, reverse=True)
    return rank_text(0) + "".join(RANKS[r] for r in low)
