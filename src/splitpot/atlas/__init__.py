"""Starting-hand atlases: one record per class of starting hands (hands equal under a
relabelling of suits), against random opponents playing the ``heuristic`` policy.

Built by ``splitpot atlas build`` (:mod:`splitpot.atlas.build`, on Dask distributed with
``--workers``/``--scheduler``), stored in SQLite (:mod:`splitpot.atlas.store`), read by
``splitpot atlas show``/``top``, the advisor and the web table's Charts page. Atlases of the
four seed games against one opponent ship with the package (``splitpot/atlas/data``):

    >>> record = lookup("badugi", "As 2d 3h 4c")
    >>> record["best_discard"]
    []

Reading an atlas never imports the equity engine or Dask.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

from splitpot.atlas.store import Atlas
from splitpot.cards import parse_cards
from splitpot.games import find_game

__all__ = ["DATA", "Atlas", "lookup", "open_atlas", "shipped", "shipped_path"]

DATA: Final = Path(__file__).resolve().parent / "data"
"""Where the shipped atlases are: ``{game id}.sqlite.xz`` (packed: :func:`store.pack`)."""


def shipped_path(game: str) -> Path | None:
    """The shipped atlas of a game (id or alias), or None when there is none."""
    spec = find_game(game)
    path = DATA / f"{spec.id}.sqlite.xz"
    return path if path.is_file() else None


@cache
def shipped(game_id: str) -> Atlas | None:
    """The shipped atlas of a game id, opened once per process (None: none shipped)."""
    path = shipped_path(game_id)
    return None if path is None else Atlas(path)


def open_atlas(path: Path) -> Atlas:
    """An atlas file."""
    return Atlas(path)


def lookup(game: str, cards: str | Sequence[int]) -> dict[str, Any] | None:
    """The shipped atlas's record of the class of ``cards`` in ``game``, or None when no
    atlas of the game is shipped or it does not hold that class (a sampled atlas).

    The record is ``atlas show --json``'s: ``game``, ``class``, ``equity``, ``awards``,
    ``scoop``, ``percentile``, ``rank``, and ``discards``/``best_discard`` (Badugi) or
    ``declaration`` (Doogie).
    """
    atlas = shipped(find_game(game).id)
    if atlas is None:
        return None
    return atlas.lookup(parse_cards(cards, where="in the hand"))
