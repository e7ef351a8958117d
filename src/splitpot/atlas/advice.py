"""When a study spot is a starting hand, the shipped atlas answers it.

A spot is a *starting hand* for the atlas when the hand is the game's whole deal, no board card
is out, there is one opponent with an unknown hand, the draws follow the ``heuristic`` policy
and no dead card is known: exactly what every atlas record was computed against. Then
:func:`starting_hand` gives the record of the hand's class from the shipped atlas (no
computation), or None when another spot is asked, no atlas of the game is shipped, or the
atlas (a sampled one) lacks the class.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from splitpot.cards import parse_cards
from splitpot.games import GameSpec, find_game

__all__ = ["starting_hand"]


def starting_hand(
    game: GameSpec | str,
    hand: str | Sequence[int],
    board: str | Sequence[int] = (),
    *,
    opponents: int | None = None,
    opponent_hands: Sequence[object] = (),
    policy: str = "heuristic",
    dead: str | Sequence[int] = (),
) -> dict[str, Any] | None:
    """The shipped atlas's record of ``hand`` when the spot is a starting hand, else None."""
    spec = find_game(game) if isinstance(game, str) else game
    if (opponents or 1) != 1 or opponent_hands or policy != "heuristic":
        return None
    if parse_cards(board, where="on the board") or parse_cards(dead, where="in the dead cards"):
        return None
    cards = parse_cards(hand, where="in your hand")
    if len(cards) != spec.hole_cards or len(set(cards)) != len(cards):
        return None
    from splitpot.atlas import shipped

    atlas = shipped(spec.id)
    if atlas is None or atlas.meta["opponents"] != 1:
        return None
    record = atlas.lookup(cards)
    if record is not None:
        record["atlas"] = {
            k: atlas.meta[k] for k in ("samples", "seed", "opponents", "classes", "all_classes")
        }
    return record
