"""When a study spot is a starting hand, the shipped atlas answers it.

A spot is a *starting hand* for the atlas when the hand is the game's whole deal, no board card
is out, there is one opponent with an unknown hand, the draws follow the ``heuristic`` policy
and no dead card is known: exactly what every atlas record was computed against. Then
:func:`starting_hand` gives the record of the hand's class from the shipped atlas (no
computation), or None when another spot is asked, no atlas of the game is shipped, or the
atlas (a sampled one) lacks the class. With ``compute=True`` a class the atlas lacks is
computed as the atlas's build would have (its samples and seed: :func:`compute_class`) and
ranked among the atlas's classes; the record's ``source`` says which (``atlas`` or
``computed``). :func:`atlas_options` and :func:`source_note` give the CLI and the web advisor
one wording for such an answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from splitpot.cards import format_cards, parse_cards
from splitpot.games import GameSpec, find_game

__all__ = ["atlas_options", "source_note", "starting_hand"]


def starting_hand(
    game: GameSpec | str,
    hand: str | Sequence[int],
    board: str | Sequence[int] = (),
    *,
    opponents: int | None = None,
    opponent_hands: Sequence[object] = (),
    policy: str = "heuristic",
    dead: str | Sequence[int] = (),
    compute: bool = False,
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
    source = "atlas"
    if record is None and compute:
        from splitpot.atlas.classes import canonical
        from splitpot.atlas.records import Config, compute_class

        key, suit_map = canonical(cards)
        config = Config(spec.id, 1, atlas.meta["samples"], atlas.meta["seed"])
        record = atlas.record(compute_class(config, key), suit_map)
        record["hand"] = format_cards(cards)
        source = "computed"
    if record is not None:
        record["source"] = source
        record["atlas"] = {
            k: atlas.meta[k] for k in ("samples", "seed", "opponents", "classes", "all_classes")
        }
    return record


def atlas_options(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A Badugi-like record's discards as advice options, best first: ``discard``, ``keep``
    (the hand's other cards), ``equity`` and ``method`` (``atlas``, or ``computed`` when the
    class was computed); empty when the record has no discards."""
    hand = record["hand"].split()
    method = record.get("source", "atlas")
    return [
        {
            "discard": option["discard"],
            "keep": [c for c in hand if c not in option["discard"]],
            "equity": option["equity"],
            "method": method,
        }
        for option in record.get("discards", ())
    ]


def source_note(record: Mapping[str, Any], also: str = "") -> str:
    """Where a starting hand's answer came from, in one line's words; ``also`` is added
    inside its parentheses (the CLI's "--samples N computes it afresh")."""
    about = record["atlas"]
    how = f"{about['samples']:,} samples a class, seed {about['seed']}"
    if also:
        how = f"{how}; {also}"
    if record.get("source") == "computed":
        return (
            f"computed as the shipped atlas would hold it ({how}; the atlas samples "
            f"{about['classes']:,} of {about['all_classes']:,} classes)"
        )
    return f"from the shipped atlas ({how})"
