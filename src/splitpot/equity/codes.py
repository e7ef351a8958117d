"""How the compiled core takes a game: its awards as rows of ints, declarations, policies and
the columns of a tally row (one place for every caller of ``splitpot._core``'s study engine)."""

from __future__ import annotations

import math
import os
from typing import Final

from splitpot import _core
from splitpot.games import GameSpec
from splitpot.games.spec import EvalKind, Keep

__all__ = [
    "BOARD_HIGH", "BOARD_OMAHA", "BOTH", "BY_CARDS", "CARDS_SPEAK", "CONST", "DIRECT", "EQ",
    "EQ2", "HIGH", "HOLE_ONLY_KINDS", "KEEP_CODES", "LOW", "POLICY_CODES", "SCOOP", "WAYS",
    "WINS", "all_threads", "award_rows", "modes_for", "unit_for",
]  # fmt: skip

# declarations, as the core takes them
CARDS_SPEAK: Final = 0
HIGH: Final = 1
LOW: Final = 2
BOTH: Final = 3
BY_CARDS: Final = -1  # (declaration odds) an opponent declares by its cards each runout
WAYS: Final = {"high": HIGH, "low": LOW, "both": BOTH}

# a player's tally row: pot units won, their squares, scoops, then per award the runouts won
# alone and the units of the award won through ties
EQ: Final = 0
EQ2: Final = 1
SCOOP: Final = 2
WINS: Final = 3

HOLE_ONLY_KINDS: Final = frozenset(
    {EvalKind.DRAW_HIGH, EvalKind.BADUGI, EvalKind.DEUCE_SEVEN, EvalKind.A5}
)
KEEP_CODES: Final = {keep: i for i, keep in enumerate(Keep)}
POLICY_CODES: Final = {"heuristic": 0, "pat": 1}

# how a board walk values each award
CONST: Final = 0  # once, on the hole cards
BOARD_OMAHA: Final = 1  # rank-pattern table, exactly two hole cards and three board cards
BOARD_HIGH: Final = 2  # rank-pattern table, best five of hole and board
DIRECT: Final = 3  # per board


def unit_for(players: int) -> int:
    """Units in a whole pot: every share of a runout (a half split among tied players, or a
    pot split evenly) is a whole number of them."""
    return 2 * math.lcm(*range(1, players + 1))


_ROWS: dict[int, tuple[GameSpec, list[list[int]]]] = {}


def award_rows(game: GameSpec) -> list[list[int]]:
    """The game's awards as the core takes them: kind, aces high, has qualifier, qualifier,
    has best, best, side, keep, hole only (made once per game)."""
    cached = _ROWS.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    rows = []
    for award in game.awards:
        qualifier = award.qualifier
        best = award.best_possible
        rows.append([
            _core.KINDS[award.kind.value], int(award.aces_high),
            int(qualifier is not None), 0 if qualifier is None else qualifier.minimum,
            int(best is not None), 0 if best is None else best,
            HIGH if award.name == game.high_award else LOW,
            KEEP_CODES[award.keep], int(award.kind in HOLE_ONLY_KINDS),
        ])  # fmt: skip
    _ROWS[id(game)] = (game, rows)
    return rows


_MODES: dict[int, tuple[GameSpec, list[int]]] = {}
_TABLED: Final = {EvalKind.OMAHA: BOARD_OMAHA, EvalKind.HIGH: BOARD_HIGH}


def modes_for(game: GameSpec) -> list[int]:
    """How each award is valued in a board walk (made once per game)."""
    cached = _MODES.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    out = []
    for award in game.awards:
        if award.kind in HOLE_ONLY_KINDS:
            out.append(CONST)
        elif award.kind in _TABLED and game.board_cards == 5:
            out.append(_TABLED[award.kind])
        else:
            out.append(DIRECT)
    _MODES[id(game)] = (game, out)
    return out


def all_threads() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
