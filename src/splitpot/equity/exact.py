"""Exact walks in the compiled engine: every way the unknown cards can fall, each settled once.

A walk deals *levels* in turn: ``levels[l] = (cards, target)``, ``target`` a player (their
missing hole cards, or their replacements at a draw happening now) or ``-1`` (the board). Each
level takes every combination of the cards the earlier levels left, so the walk meets every
runout the Python path (:mod:`splitpot.equity.reference`) enumerates, once. Only the
combinations whose first card (of the first level) lies in ``[lo, hi)`` are walked, so a big
walk can be shared among threads (:func:`walk_threaded`), the integer tallies adding up the
same in any order.

When only board cards are unknown and every hand is final, :mod:`splitpot.equity.boards`
walks faster (hands valued once per rank pattern of the board); this walk is the general one.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from splitpot.equity.compiling import I8, I64, inline, jit, jit_parallel, prange
from splitpot.equity.kernel_api import NO_HAND
from splitpot.equity.runout import NB0, TIE_KEEPS, UNIT, H, declare, values_of
from splitpot.equity.settlement import tally

__all__ = ["walk", "walk_threaded"]


@inline
def _start(  # noqa: PLR0917 - numba kernels take arrays, not objects
    level: int, lo: int, levels: I64, deck: I8, used: I64, avail: I64, idx: I64
) -> bool:
    """The first combination of ``level`` among the cards still free; False if none."""
    k = levels[level, 0]
    n = 0
    for i in range(deck.shape[0]):
        if not used[i]:
            avail[level, n] = i
            n += 1
    avail[level, deck.shape[0]] = n
    if lo + k > n:
        return False
    for i in range(k):
        idx[level, i] = lo + i
        used[avail[level, lo + i]] = 1
    return True


@inline
def _advance(  # noqa: PLR0917 - numba kernels take arrays, not objects
    level: int, hi: int, levels: I64, used: I64, avail: I64, idx: I64, size: int
) -> bool:
    """The next combination of ``level``; False (its cards freed) when there is none."""
    k = levels[level, 0]
    n = avail[level, size]
    for i in range(k):
        used[avail[level, idx[level, i]]] = 0
    i = k - 1
    while i >= 0 and idx[level, i] == n - k + i:
        i -= 1
    if i < 0 or (i == 0 and idx[level, 0] + 1 >= hi):
        return False
    idx[level, i] += 1
    for j in range(i + 1, k):
        idx[level, j] = idx[level, j - 1] + 1
    for j in range(k):
        used[avail[level, idx[level, j]]] = 1
    return True


@inline
def _deal(  # noqa: PLR0917 - numba kernels take arrays, not objects
    levels: I64, deck: I8, avail: I64, idx: I64, base: I8, base_n: I64, board0: I8, nb0: int,
    hands: I8, board: I8, fill: I64,
) -> None:  # fmt: skip
    """The hands and board of the current combination of every level."""
    players = base.shape[0]
    for p in range(players):
        for i in range(base_n[p]):
            hands[p, i] = base[p, i]
        fill[p] = base_n[p]
    for i in range(nb0):
        board[i] = board0[i]
    fill[players] = nb0
    for level in range(levels.shape[0]):
        target = levels[level, 1]
        for i in range(levels[level, 0]):
            card = deck[avail[level, idx[level, i]]]
            if target < 0:
                board[fill[players]] = card
                fill[players] += 1
            else:
                hands[target, fill[target]] = card
                fill[target] += 1


@jit
def _walk_range(  # noqa: PLR0917 - numba kernels take arrays, not objects
    lo: int, hi: int, deck: I8, levels: I64, base: I8, base_n: I64, spot: Any, tables: Any,
    rows: I64,
) -> int:  # fmt: skip
    """Walk the runouts whose first card lies in ``[lo, hi)``; their count."""
    _, _, board0, _, _, wanted, awards, params = spot
    players = base.shape[0]
    count = awards.shape[0]
    depth = levels.shape[0]
    size = deck.shape[0]
    used = np.zeros(size, dtype=np.int64)
    avail = np.zeros((max(depth, 1), size + 1), dtype=np.int64)
    idx = np.zeros((max(depth, 1), 8), dtype=np.int64)
    hands = np.empty((players, params[H]), dtype=np.int8)
    board = np.zeros(8, dtype=np.int8)
    values = np.empty((players, count), dtype=np.int64)
    best = np.empty((2, count), dtype=np.int64)
    out = np.empty(players, dtype=np.int64)
    share = np.empty(players, dtype=np.int64)
    decl = np.empty(players, dtype=np.int64)
    fill = np.empty(players + 1, dtype=np.int64)
    seen = np.full((players, 2), -1, dtype=np.int64)
    tie_keeps = params[TIE_KEEPS] != 0
    unit = params[UNIT]
    runouts = 0
    if depth and not _start(0, lo, levels, deck, used, avail, idx):
        return 0
    level = 0
    while True:
        while level < depth - 1:
            level += 1
            _start(level, 0, levels, deck, used, avail, idx)
        _deal(levels, deck, avail, idx, base, base_n, board0, params[NB0], hands, board, fill)
        values_of(hands, board, awards, params, tables, values, seen)
        for v in range(wanted.shape[0]):
            declare(values, awards, wanted[v], decl)
            tally(values, awards, decl, tie_keeps, unit, NO_HAND, best, out, share, rows[v])
        runouts += 1
        if depth == 0:
            return runouts
        while not _advance(level, hi if level == 0 else size + 1, levels, used, avail, idx, size):
            level -= 1
            if level < 0:
                return runouts


@jit
def walk(  # noqa: PLR0917 - numba kernels take arrays, not objects
    deck: I8, levels: I64, base: I8, base_n: I64, spot: Any, tables: Any, rows: I64
) -> int:
    """Every runout, on one thread, into ``rows`` (variants x players x tally); the count."""
    return _walk_range(0, deck.shape[0] + 1, deck, levels, base, base_n, spot, tables, rows)


@jit_parallel
def walk_threaded(  # noqa: PLR0917 - numba kernels take arrays, not objects
    deck: I8, levels: I64, base: I8, base_n: I64, spot: Any, tables: Any, rows: I64
) -> int:
    """:func:`walk` on numba's threads, one first card of the first level each (needs a
    level)."""
    firsts = deck.shape[0]
    parts = np.zeros((firsts, rows.shape[0], rows.shape[1], rows.shape[2]), dtype=np.int64)
    counts = np.zeros(firsts, dtype=np.int64)
    for j in prange(firsts):
        # Early first cards head far more runouts than late ones: take them 0, last, 1, ...
        first = j // 2 if j % 2 == 0 else firsts - 1 - j // 2
        counts[j] = _walk_range(
            first, first + 1, deck, levels, base, base_n, spot, tables, parts[j]
        )
    rows += parts.sum(axis=0)
    return int(counts.sum())
