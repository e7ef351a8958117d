"""The variants table: every game of the registry in one row each, from its spec."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from splitpot.games import GAMES, GameSpec
from splitpot.learn.page import facts

__all__ = ["COLUMNS", "variant_row", "variants_table"]

COLUMNS: Final = (
    ("name", "Game"),
    ("hole_cards", "Hole"),
    ("board_cards", "Board"),
    ("draws", "Draws"),
    ("betting", "Betting"),
    ("players", "Players"),
    ("awards", "Awards"),
    ("qualifiers", "Qualifiers"),
    ("declare", "Declare"),
)
"""The table's columns: a row key and its heading."""


def _draws_short(spec: GameSpec) -> str:
    draws = spec.draws
    if not draws:
        return "none"
    limits = sorted({d.max_discard for d in draws})
    sizes = "/".join(f"0-{n}" for n in limits)
    return f"{len(draws)} x {sizes}"


def variant_row(spec: GameSpec) -> dict[str, Any]:
    """One game's row: plain values to sort by, and the words to show."""
    about = facts(spec)
    return {
        "id": spec.id,
        "name": spec.name,
        "aliases": list(spec.aliases),
        "hole_cards": spec.hole_cards,
        "board_cards": spec.board_cards,
        "board": about["board"],
        "board_short": about["board_short"],
        "draws": len(spec.draws),
        "draws_short": _draws_short(spec),
        "draws_text": about["draws_text"],
        "betting": spec.structure.value,
        "structures": about["structures"],
        "players": f"{spec.min_players}-{spec.max_players}",
        "max_players": spec.max_players,
        "forced": spec.forced.value,
        "awards": [award.label for award in spec.awards],
        "award_names": list(spec.award_names),
        "qualifiers": [
            f"{award.name}: {award.qualifier.name}"
            for award in spec.awards
            if award.qualifier is not None
        ],
        "declare": spec.declare,
        "reference": spec.reference,
        "summary": spec.summary,
    }


def variants_table(specs: Iterable[GameSpec] | None = None) -> list[dict[str, Any]]:
    """A row per game, in registry order (every game of the registry by default)."""
    return [variant_row(spec) for spec in (GAMES.values() if specs is None else specs)]
