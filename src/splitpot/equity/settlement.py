"""Settlement in the compiled engine: who wins each award of a pot, and each player's share.

The compiled twin of :func:`splitpot.engine.awards.decide_awards` with
:meth:`~splitpot.engine.awards.AwardDecision.even_split`, on raw values: per-award winners with
ties, qualifiers, an award nobody takes going to the other, Doogie's declarations with the
two-way rule and its best-possible-hand tie exception, and the split-evenly fallback.
``tests/test_equity_settlement.py`` compares the two on random final deals of every game.

Shares are counted in integer *units* of a pot (:func:`unit_for`), so sums over runouts are
exact and do not depend on the order they are added in (threads, chunks).

An award is a row of :data:`AWARD_COLUMNS` int64s (see :func:`award_rows`); a player's
declaration is :data:`HIGH`, :data:`LOW`, :data:`BOTH`, or :data:`CARDS_SPEAK` for every player
when nobody declares.
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np

from splitpot.equity.compiling import I64, inline
from splitpot.games.spec import EvalKind, GameSpec

__all__ = [
    "AWARD_COLUMNS",
    "BOTH",
    "CARDS_SPEAK",
    "HIGH",
    "HOLE_ONLY_KINDS",
    "LOW",
    "award_rows",
    "decide",
    "tally_row_width",
    "unit_for",
]

# Columns of an award row.
KIND: Final = 0
ACES_HIGH: Final = 1
HAS_QUALIFIER: Final = 2
QUALIFIER: Final = 3
HAS_BEST: Final = 4
BEST: Final = 5
SIDE: Final = 6  # HIGH for the game's high award, else LOW: who may contend when declaring
KEEP: Final = 7
HOLE_ONLY: Final = 8  # 1 when the award values the hole cards alone, whatever the board
AWARD_COLUMNS: Final = 9

CARDS_SPEAK: Final = 0
HIGH: Final = 1
LOW: Final = 2
BOTH: Final = 3
BY_CARDS: Final = -1  # (declaration odds) an opponent declares by its cards each runout

HOLE_ONLY_KINDS: Final = frozenset(
    {EvalKind.DRAW_HIGH, EvalKind.BADUGI, EvalKind.DEUCE_SEVEN, EvalKind.A5}
)

# A player's tally row: pot units won, their squares, scoops, then per award the runouts won
# alone and the units of the award won through ties.
EQ: Final = 0
EQ2: Final = 1
SCOOP: Final = 2
WINS: Final = 3


def tally_row_width(awards: int) -> int:
    """Columns of a player's tally row for a game of ``awards`` awards."""
    return WINS + 2 * awards


def unit_for(players: int) -> int:
    """Units in a whole pot: every share of a runout (a half split among tied players, or a
    pot split evenly) is a whole number of them."""
    return 2 * math.lcm(*range(1, players + 1))


def award_rows(game: GameSpec, kind_code: dict[str, int], keep_code: dict[str, int]) -> I64:
    """The game's awards as rows of int64 (``kind_code`` and ``keep_code`` by award name)."""
    rows = np.zeros((len(game.awards), AWARD_COLUMNS), dtype=np.int64)
    for i, award in enumerate(game.awards):
        rows[i, KIND] = kind_code[award.name]
        rows[i, ACES_HIGH] = int(award.aces_high)
        if award.qualifier is not None:
            rows[i, HAS_QUALIFIER] = 1
            rows[i, QUALIFIER] = award.qualifier.minimum
        if award.best_possible is not None:
            rows[i, HAS_BEST] = 1
            rows[i, BEST] = award.best_possible
        rows[i, SIDE] = HIGH if award.name == game.high_award else LOW
        rows[i, KEEP] = keep_code[award.name]
        rows[i, HOLE_ONLY] = int(award.kind in HOLE_ONLY_KINDS)
    return rows


@inline
def qualifies(value: int, awards: I64, a: int, no_hand: int) -> bool:
    """True when a hand of raw ``value`` may win award ``a``."""
    if value == no_hand:
        return False
    return bool(awards[a, HAS_QUALIFIER] == 0 or value >= awards[a, QUALIFIER])


@inline
def _two_way_failed(  # noqa: PLR0917 - numba kernels take arrays, not objects
    p: int, values: I64, awards: I64, decl: I64, tie_keeps: bool, no_hand: int
) -> bool:
    """A two-way declarer who did not win both halves outright (nor tie the best hand)."""
    players, count = values.shape
    for a in range(count):
        mine = values[p, a]
        if not qualifies(mine, awards, a, no_hand):
            return True
        side = awards[a, SIDE]
        tied = False
        for q in range(players):
            if q == p or not decl[q] & side:
                continue
            value = values[q, a]
            if not qualifies(value, awards, a, no_hand):
                continue
            if value > mine:
                return True
            if value == mine:
                tied = True
        if tied and not (tie_keeps and awards[a, HAS_BEST] == 1 and mine == awards[a, BEST]):
            return True
    return False


@inline
def decide(  # noqa: PLR0917 - numba kernels take arrays, not objects
    values: I64,
    awards: I64,
    decl: I64,
    tie_keeps: bool,
    unit: int,
    no_hand: int,
    best: I64,
    out: I64,
    share: I64,
) -> None:
    """Settle one final deal. ``values`` is (players, awards); ``decl`` each player's
    declaration. Fills ``best[0, a]`` with award ``a``'s winner count and ``best[1, a]`` with
    the winning value, ``out[p]`` with 1 for a two-way declarer out of the pot, and
    ``share[p]`` with the units of the pot won."""
    players, count = values.shape
    declared = decl[0] != CARDS_SPEAK
    for p in range(players):
        out[p] = 0
        share[p] = 0
        if (
            declared
            and decl[p] == BOTH
            and _two_way_failed(p, values, awards, decl, tie_keeps, no_hand)
        ):
            out[p] = 1
    claimed = 0
    for a in range(count):
        side = awards[a, SIDE]
        top = no_hand
        n = 0
        for p in range(players):
            if out[p] or (declared and not decl[p] & side):
                continue
            value = values[p, a]
            if not qualifies(value, awards, a, no_hand):
                continue
            if n == 0 or value > top:
                top = value
                n = 1
            elif value == top:
                n += 1
        best[0, a] = n
        best[1, a] = top
        if n:
            claimed += 1
    if claimed:
        for a in range(count):
            n = best[0, a]
            if n == 0:
                continue
            side = awards[a, SIDE]
            each = unit // claimed // n
            for p in range(players):
                if out[p] or (declared and not decl[p] & side):
                    continue
                if values[p, a] == best[1, a]:
                    share[p] += each
        return
    staying = 0
    for p in range(players):
        if not out[p]:
            staying += 1
    for p in range(players):
        if staying == 0:
            share[p] = unit // players
        elif not out[p]:
            share[p] = unit // staying


@inline
def tally(  # noqa: PLR0917 - numba kernels take arrays, not objects
    values: I64,
    awards: I64,
    decl: I64,
    tie_keeps: bool,
    unit: int,
    no_hand: int,
    best: I64,
    out: I64,
    share: I64,
    rows: I64,
) -> None:
    """Settle one final deal and add it to ``rows`` (players x :func:`tally_row_width`);
    ``best``, ``out`` and ``share`` are scratch arrays as :func:`decide` fills them."""
    decide(values, awards, decl, tie_keeps, unit, no_hand, best, out, share)
    players, count = values.shape
    declared = decl[0] != CARDS_SPEAK
    for a in range(count):
        n = best[0, a]
        if n == 0:
            continue
        side = awards[a, SIDE]
        for p in range(players):
            if out[p] or (declared and not decl[p] & side):
                continue
            if values[p, a] == best[1, a]:
                if n == 1:
                    rows[p, WINS + a] += 1
                else:
                    rows[p, WINS + count + a] += unit // n
    for p in range(players):
        s = share[p]
        rows[p, EQ] += s
        rows[p, EQ2] += s * s
        if s == unit:
            rows[p, SCOOP] += 1
