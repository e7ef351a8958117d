"""Monte Carlo in the compiled engine: seeded, chunked, the same totals on any thread count.

Sample ``i`` deals from its own random stream (``start(state, seed, i)`` in
:mod:`~splitpot.equity.rng`) and a fresh copy of the unseen cards, and reshuffles discards, if
it must, from a second one; so a sample's runout depends on the seed and its number only.
Samples are shared out among threads in chunks of :data:`~splitpot.equity.rng.CHUNK`; the
tallies are integers (:mod:`splitpot.equity.settlement`), so they add up to the same result in
any order, on any thread count. An option of the discard advisor gets the very runouts that
:func:`~splitpot.equity.equity` deals for that discard alone with the same seed.

Each sample is played once per *variant* (the options of the discard
advisor: every option on the same cards), or once and settled per variant when the variants
differ only in declarations (Doogie's declaration odds). When the variants differ only in one
seat's throw and that seat's replacements come last (``DEFER`` in
:func:`~splitpot.equity.runout.play`), the sample is played once, the others valued once, and
each further variant only rebuilds and values that seat's hand (``hero``): the same runouts,
far less work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np

from splitpot.equity.compiling import I64, inline, jit, jit_parallel, prange
from splitpot.equity.kernel_api import NO_HAND, award_value
from splitpot.equity.omaha_hands import OMAHA_KIND
from splitpot.equity.omaha_hands import board_part as omaha_part
from splitpot.equity.omaha_hands import hand_value as omaha_hand
from splitpot.equity.rng import CHUNK, start
from splitpot.equity.runout import (
    COUNTERS,
    DEFERRED_AT,
    GEN,
    TIE_KEEPS,
    UNIT,
    B,
    H,
    declare,
    play,
    replace_thrown,
    values_of,
)
from splitpot.equity.settlement import ACES_HIGH, KIND, tally

SLICE: Final = 256
"""The most chunks of samples one call of a kernel runs (about a quarter of a million samples)."""

__all__ = ["monte_carlo", "serial_example", "serial_kernel"]

_POOL_SALT = np.uint64(0x5DEECE66D)  # the reshuffles' streams are not the deals' streams


@jit
def _chunks(  # noqa: PLR0917 - numba kernels take arrays, not objects
    first: int,
    last: int,
    samples: int,
    seed: np.uint64,
    shared: bool,
    hero: int,
    deck: Any,
    spot: Any,
    ft: Any,
    tables: Any,
    rows: I64,
) -> bool:
    """Play chunks ``first`` to ``last - 1`` into ``rows`` (variants x players x tally);
    False when a runout ran out of cards. ``hero`` >= 0: the variants differ only in that
    seat's deferred throw (see the module docstring)."""
    known, _, _, _, _, wanted, awards, params = spot
    variants = wanted.shape[0]
    players = known.shape[0]
    count = awards.shape[0]
    h = params[H]
    tie_keeps = params[TIE_KEEPS] != 0
    unit = params[UNIT]
    seq = deck.copy()
    st = np.zeros(COUNTERS, dtype=np.int64)
    pool = np.empty(64, dtype=np.int8)
    discards = np.empty(64, dtype=np.int8)
    hands = np.empty((players, h), dtype=np.int8)
    board = np.zeros(8, dtype=np.int8)
    thrown = np.empty(8, dtype=np.int8)
    values = np.empty((players, count), dtype=np.int64)
    best = np.empty((2, count), dtype=np.int64)
    out = np.empty(players, dtype=np.int64)
    share = np.empty(players, dtype=np.int64)
    decl = np.empty(players, dtype=np.int64)
    pool_seed = seed ^ _POOL_SALT
    rng = np.empty(1, dtype=np.uint64)
    shuffle = np.empty(1, dtype=np.uint64)
    decided = np.full((players, 3 * max(spot[3].shape[0], 1)), -1, dtype=np.int64)
    seen = np.full((players, 2), -1, dtype=np.int64)
    part = np.zeros(5, dtype=np.int64)
    for sample in range(first * CHUNK, min(last * CHUNK, samples)):
        start(rng, seed, sample)
        seq[:] = deck
        st[GEN] = 0
        if hero >= 0:
            if not _hero_variants(hero, spot, ft, tables, seq, st, pool, discards, hands,
                                  board, thrown, rng, shuffle, decided, values, seen, best, out,
                                  share, decl, rows, part):  # fmt: skip
                return False
            continue
        for v in range(variants):
            if v == 0 or not shared:
                start(shuffle, pool_seed, sample)
                if not play(v, spot, ft, tables, seq, st, pool, discards, hands, board, thrown, rng,
                            shuffle, decided):  # fmt: skip
                    return False
                values_of(hands, board, awards, params, tables, values, seen)
            declare(values, awards, wanted[v], decl)
            tally(values, awards, decl, tie_keeps, unit, NO_HAND, best, out, share, rows[v])
    return True


@inline
def _hero_variants(  # noqa: PLR0917 - numba kernels take arrays, not objects
    hero: int, spot: Any, ft: Any, tables: Any, seq: Any, st: I64, pool: Any, discards: Any,
    hands: Any, board: Any, thrown: Any, rng: Any, shuffle: Any, decided: I64, values: I64,
    seen: I64, best: I64, out: I64, share: I64, decl: I64, rows: I64, part: I64,
) -> bool:  # fmt: skip
    """One sample, every variant: played once, then only ``hero``'s hand again per variant."""
    known, _, _, _, fixed, wanted, awards, params = spot
    h = params[H]
    b = params[B]
    tie_keeps = params[TIE_KEEPS] != 0
    unit = params[UNIT]
    if not play(0, spot, ft, tables, seq, st, pool, discards, hands, board, thrown, rng, shuffle,
                decided):  # fmt: skip
        return False
    values_of(hands, board, awards, params, tables, values, seen)
    declare(values, awards, wanted[0], decl)
    tally(values, awards, decl, tie_keeps, unit, NO_HAND, best, out, share, rows[0])
    at = st[DEFERRED_AT]
    row = hands[hero]
    data = tables.data
    for a in range(awards.shape[0]):
        if awards[a, KIND] == OMAHA_KIND:  # the board's part, read once for every option
            omaha_part(board[:b], data, part)
            break
    for v in range(1, wanted.shape[0]):
        replace_thrown(row, known[hero], h, fixed[v, hero], at, seq, st, rng)
        for a in range(awards.shape[0]):
            kind = awards[a, KIND]
            if kind == OMAHA_KIND:
                values[hero, a] = omaha_hand(row, h, data, part)
            else:
                values[hero, a] = award_value(kind, awards[a, ACES_HIGH] != 0, row[:h],
                                              board[:b], tables)  # fmt: skip
        declare(values, awards, wanted[v], decl)
        tally(values, awards, decl, tie_keeps, unit, NO_HAND, best, out, share, rows[v])
    seen[hero, 0] = -1  # the hero's values are the last variant's, not the next play's
    return True


@jit
def _serial(  # noqa: PLR0917 - numba kernels take arrays, not objects
    samples: int, seed: np.uint64, shared: bool, hero: int, deck: Any, spot: Any, ft: Any,
    tables: Any, rows: I64, begin: int, end: int,
) -> bool:  # fmt: skip
    return _chunks(begin, end, samples, seed, shared, hero, deck, spot, ft, tables, rows)


@jit_parallel
def _threaded(  # noqa: PLR0917 - numba kernels take arrays, not objects
    samples: int, seed: np.uint64, shared: bool, hero: int, deck: Any, spot: Any, ft: Any,
    tables: Any, rows: I64, groups: int, begin: int, end: int,
) -> bool:  # fmt: skip
    chunks = end - begin
    parts = np.zeros((groups, rows.shape[0], rows.shape[1], rows.shape[2]), dtype=np.int64)
    ok = np.ones(groups, dtype=np.bool_)
    for g in prange(groups):
        first = begin + chunks * g // groups
        last = begin + chunks * (g + 1) // groups
        ok[g] = _chunks(first, last, samples, seed, shared, hero, deck, spot, ft, tables,
                        parts[g])  # fmt: skip
    rows += parts.sum(axis=0)
    return bool(ok.all())


serial_kernel = _serial
"""The one-thread kernel, as :mod:`splitpot.equity.ahead` builds it ahead of time."""


def serial_example(deck: Any, spot: Any, ft: Any, tables: Any, rows: I64) -> tuple[Any, ...]:
    """Arguments of the types :data:`serial_kernel` always takes (for its ahead-of-time
    build), with an encoded spot's parts."""
    return (1, np.uint64(0), True, -1, deck, spot, ft, tables, rows, 0, 1)


def monte_carlo(  # noqa: PLR0917 - the encoded spot's parts
    samples: int,
    seed: int,
    shared: bool,
    deck: Any,
    spot: Any,
    ft: Any,
    tables: Any,
    rows: I64,
    threads: int,
    hero: int = -1,
    progress: Callable[[int], None] | None = None,
    serial: Callable[..., bool] | None = None,
) -> bool:
    """Sample ``samples`` runouts into ``rows``; on ``threads`` > 1 threads, chunks of the same
    runouts are shared out (the totals do not change). ``hero``: see :func:`_chunks`.
    ``progress``: called with the samples done after each of about 50 slices (the same runouts
    and totals as in one call). ``serial``: the one-thread kernel to run (default numba's; the
    ahead-of-time build of :mod:`splitpot.equity.ahead` runs the same code)."""
    one = serial_kernel if serial is None else serial
    key = np.uint64(seed % (1 << 64))
    chunks = (samples + CHUNK - 1) // CHUNK
    # at most SLICE chunks a call: the kernel returns to Python often enough for Ctrl-C and
    # SIGTERM to stop a long run within a fraction of a second (the totals do not change)
    step = min(SLICE, chunks if progress is None else max(1, -(-chunks // 50)))
    for begin in range(0, chunks, step):
        end = min(chunks, begin + step)
        if threads > 1 and samples > CHUNK:
            ok = _threaded(samples, key, shared, hero, deck, spot, ft, tables, rows, 2 * threads,
                           begin, end)  # fmt: skip
        else:
            ok = one(samples, key, shared, hero, deck, spot, ft, tables, rows, begin, end)
        if not ok:
            return False
        if progress is not None:
            progress(min(end * CHUNK, samples) - begin * CHUNK)
    return True
