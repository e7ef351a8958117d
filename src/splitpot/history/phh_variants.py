"""PHH variant codes (see :mod:`splitpot.history.phh`): PHH's own where it has one (``FB``,
``FT``, ``NT``, ``PO``), else ``_`` + the structure letter + the game's ``GameSpec.phh_code``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from splitpot.engine.events import Event
from splitpot.games import GAMES, GameSpec, find_game, game_by_phh_code
from splitpot.games.streets import Draw, Structure
from splitpot.history.store import HistoryError

__all__ = ["STANDARD_VARIANTS", "PhhHand", "from_variant", "has_sviten", "variant_code"]

STANDARD_VARIANTS: Final = frozenset(
    {"FB", "FT", "NT", "PO", "F2L3D", "N2L1D", "FO/8", "F7S", "FR", "F7S/8"}
)
"""The PHH variant codes splitpot writes that PHH itself defines (and PokerKit plays)."""

_STRUCTURE_LETTERS: Final = {
    Structure.FIXED_LIMIT: "F",
    Structure.POT_LIMIT: "P",
    Structure.NO_LIMIT: "N",
}


def _game_code(spec: GameSpec) -> str:
    return spec.phh_code or re.sub(r"[^A-Z0-9]", "", spec.id.upper())


def variant_code(game: GameSpec | str, structure: Structure | str) -> str:
    """The PHH variant code: ``FB`` for fixed-limit Badugi, ``_PBDG`` for pot-limit Bodigiha."""
    spec = find_game(game) if isinstance(game, str) else game
    code = _STRUCTURE_LETTERS[Structure(structure)] + _game_code(spec)
    return code if code in STANDARD_VARIANTS else "_" + code


def from_variant(code: str) -> tuple[GameSpec, Structure]:
    """The game and structure of a PHH variant code; :class:`HistoryError` names the known."""
    body = code.removeprefix("_")
    letters = {letter: structure for structure, letter in _STRUCTURE_LETTERS.items()}
    if body[:1] in letters:
        structure = letters[body[0]]
        spec = game_by_phh_code(body[1:], structure)
        if spec is not None and variant_code(spec, structure) == code:
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


def has_sviten(game: GameSpec) -> bool:
    """Does ``game`` deal a one-card draw face up (Sviten Special)?"""
    return any(isinstance(street, Draw) and street.sviten for street in game.streets)
