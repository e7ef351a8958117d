"""Rank-pattern tables of five-card high hands, for the board walks and the Omaha keep.

The non-flush value of five cards depends only on their ranks. ``pair_triple[t * 91 + p]`` is
the value of the rank triple ``t`` (``triple_index``) with the rank pair ``p``
(``pair_index``), -1 where a rank would show five times; ``multiset_index`` numbers every
multiset of five ranks by the sum of their ``rank_add`` constants; ``flush5`` gives the flush
or straight flush of five suited ranks. Built on first use (a fraction of a second), then kept
in numba's cache folder, so later processes load them.

The helpers below value a best-five hand from rank counts and suit masks; they are inlined
into the walks (:mod:`splitpot.equity.boards`).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from splitpot.equity.compiling import I8, I64, inline, jit

__all__ = [
    "RANK_ADD",
    "FiveCardTables",
    "five_card_tables",
    "flush_value",
    "rank_multisets",
    "value_from_counts",
]  # fmt: skip

I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]


# Per-rank constants whose sums over any five ranks (at most four of a rank) are all distinct
# (found greedily): a five-rank multiset gets a key under 400,000 by addition alone.
RANK_ADD: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
_FULL13: Final = 0x1FFF


class FiveCardTables(NamedTuple):
    """The tables (see the module docstring)."""

    rank_add: I64  # (13,) the constants above
    pair_index: I16  # (169,) r1 * 13 + r2 -> index of the rank pair {r1, r2}, 0..90
    triple_index: I16  # (2197,) r1 * 169 + r2 * 13 + r3 -> index of the triple, 0..454
    pair_triple: I32  # (455 * 91,) triple * 91 + pair -> non-flush value of the five ranks
    multiset_index: I16  # (5 * 79415 + 1,) sum of RANK_ADD over five ranks -> 0..6174
    flush5: I32  # (8192,) five-bit rank mask -> flush / straight flush value, else -1
    board_index: I16  # (3, 5 * 79415 + 1) [n - 3, sum of RANK_ADD over n board ranks] -> row
    pair_best: I32  # (rows * 91,) row * 91 + pair -> best non-flush value of the pair with
    # exactly three of the board's ranks (an Omaha hand's part for that pair of hole ranks)


_TABLES: FiveCardTables | None = None
_MULTISETS: dict[int, I8] = {}


def five_card_tables() -> FiveCardTables:
    """The tables, built on first use (then kept on disk: later processes load them)."""
    global _TABLES  # noqa: PLW0603 - built once, on first use
    if _TABLES is None:
        _TABLES = _load_or_build()
    return _TABLES


def _saved_path() -> Path:
    """Where the built tables are kept: numba's cache folder, named after the sources."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256(f"{np.__version__} {len(RANK_ADD)}".encode())
    for source in (Path(__file__).resolve(), here.parent / "evaluate" / "high.py"):
        digest.update(source.read_bytes())
    base = os.environ.get("NUMBA_CACHE_DIR")
    folder = Path(base) if base else here / "__pycache__"
    return folder / f"splitpot-five-card-tables-{digest.hexdigest()[:16]}.npz"


def _load_or_build() -> FiveCardTables:
    """The tables from disk when a process built them before (a fifth of a second saved);
    else built, and saved for the next process (quietly skipped where it cannot write)."""
    path = _saved_path()
    try:
        with np.load(path) as saved:
            return FiveCardTables(*(saved[name] for name in FiveCardTables._fields))
    except (OSError, KeyError, ValueError):
        pass
    tables = _build_tables()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp.npz")
        np.savez(partial, **tables._asdict())
        os.replace(partial, path)
    except OSError:  # a read-only install: built again by each process
        pass
    return tables


def _build_tables() -> FiveCardTables:
    from splitpot.evaluate.high import FLUSH_VALUE_5, RANK_VALUE_5

    rank_add = np.array(RANK_ADD, dtype=np.int64)
    pairs = list(combinations_with_replacement(range(13), 2))
    triples = list(combinations_with_replacement(range(13), 3))
    pair_index = np.full(169, -1, dtype=np.int16)
    for i, (a, b) in enumerate(pairs):
        pair_index[a * 13 + b] = pair_index[b * 13 + a] = i
    triple_index = np.full(2197, -1, dtype=np.int16)
    for i, (a, b, c) in enumerate(triples):
        for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
            triple_index[x * 169 + y * 13 + z] = i

    multiset_index = np.full(5 * RANK_ADD[12] + 1, -1, dtype=np.int16)
    values: list[int] = []
    for five in combinations_with_replacement(range(13), 5):
        if _at_most_four(five):
            key = sum(RANK_ADD[r] for r in five)
            if multiset_index[key] != -1:  # pragma: no cover - the constants are checked here
                raise AssertionError("RANK_ADD sums collide")
            multiset_index[key] = len(values)
            values.append(RANK_VALUE_5[sum(5**r for r in five)])

    # Every triple with every pair: the value of the five ranks, -1 where a rank shows 5 times.
    def counts(groups: Sequence[tuple[int, ...]]) -> I64:
        out = np.zeros((len(groups), 13), dtype=np.int64)
        for i, group in enumerate(groups):
            for r in group:
                out[i, r] += 1
        return out

    triple_counts, pair_counts = counts(triples), counts(pairs)
    possible = (triple_counts[:, None, :] + pair_counts[None, :, :]).max(axis=2) <= 4
    keys = (triple_counts @ rank_add)[:, None] + (pair_counts @ rank_add)[None, :]
    dense = np.array(values, dtype=np.int32)[multiset_index[np.where(possible, keys, 0)]]
    pair_triple = np.where(possible, dense, -1).astype(np.int32).ravel()
    flush5 = np.array(FLUSH_VALUE_5, dtype=np.int32)
    board_index, pair_best = _pair_best(rank_add, triple_index, pair_triple)
    return FiveCardTables(
        rank_add, pair_index, triple_index, pair_triple, multiset_index, flush5, board_index,
        pair_best,
    )  # fmt: skip


@jit
def _pair_best(rank_add: I64, triple_index: I16, pair_triple: I32) -> tuple[I16, I32]:
    """For every multiset of 3, 4 or 5 board ranks: its row, and per rank pair the best
    non-flush value of the pair with three of those ranks."""
    size = 5 * rank_add[12] + 1
    board_index = np.full((3, size), -1, dtype=np.int16)
    pair_best = np.full(8450 * 91, -1, dtype=np.int32)
    ranks = np.zeros(5, dtype=np.int64)
    row = 0
    for n in range(3, 6):
        total = 13**n
        for code in range(total):
            ok = True
            x = code
            for i in range(n):
                ranks[i] = x % 13
                x //= 13
                if i and ranks[i] < ranks[i - 1]:
                    ok = False
            if not ok:
                continue
            key = 0
            for i in range(n):
                key += rank_add[ranks[i]]
                seen = 0
                for j in range(n):
                    if ranks[j] == ranks[i]:
                        seen += 1
                if seen > 4:
                    ok = False
            if not ok:
                continue
            board_index[n - 3, key] = row
            for a in range(n - 2):
                for b in range(a + 1, n - 1):
                    for c in range(b + 1, n):
                        t = triple_index[ranks[a] * 169 + ranks[b] * 13 + ranks[c]]
                        for pair in range(91):
                            value = pair_triple[t * 91 + pair]
                            pair_best[row * 91 + pair] = max(pair_best[row * 91 + pair], value)
            row += 1
    return board_index, pair_best


def rank_multisets(k: int) -> I8:
    """Every multiset of ``k`` ranks (at most four of a rank), one sorted row each."""
    rows = _MULTISETS.get(k)
    if rows is None:
        found = [m for m in combinations_with_replacement(range(13), k) if _at_most_four(m)]
        rows = np.array(found, dtype=np.int8).reshape(len(found), k)
        _MULTISETS[k] = rows
    return rows


def _at_most_four(ranks: tuple[int, ...]) -> bool:
    return all(ranks.count(r) <= 4 for r in ranks)


@inline
def straight_top(mask: int) -> int:
    for top in range(12, 3, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top
    if mask & 0b1_0000_0000_1111 == 0b1_0000_0000_1111:
        return 3
    return -1


@inline
def top_ranks(mask: int, count: int, shift: int) -> int:
    """The ``count`` highest ranks of ``mask`` as nibbles, the first at bit ``shift``."""
    value = 0
    for r in range(12, -1, -1):
        if count == 0:
            break
        if mask >> r & 1:
            value |= r << shift
            shift -= 4
            count -= 1
    return value


@inline
def flush_value(mask: int) -> int:
    """Best flush or straight flush among the ranks of one suit (five or more bits)."""
    top = straight_top(mask)
    if top >= 0:
        return 8 << 20 | top << 16
    return 5 << 20 | top_ranks(mask, 5, 16)


@inline
def value_from_counts(counts: I64) -> int:
    """Port of ``splitpot.evaluate.high.value_from_counts`` (best non-flush five)."""
    mask = 0
    quad = -1
    trip1 = -1
    trip2 = -1
    pair1 = -1
    pair2 = -1
    for r in range(12, -1, -1):
        c = counts[r]
        if c == 0:
            continue
        mask |= 1 << r
        if c >= 4:
            if quad < 0:
                quad = r
        elif c == 3:
            if trip1 < 0:
                trip1 = r
            elif trip2 < 0:
                trip2 = r
        elif c == 2:
            if pair1 < 0:
                pair1 = r
            elif pair2 < 0:
                pair2 = r
    if quad >= 0:
        rest = mask & ~(1 << quad)
        kicker = 0
        for r in range(12, -1, -1):
            if rest >> r & 1:
                kicker = r
                break
        return 7 << 20 | quad << 16 | kicker << 12
    if trip1 >= 0 and (trip2 >= 0 or pair1 >= 0):
        return 6 << 20 | trip1 << 16 | max(trip2, pair1) << 12
    top = straight_top(mask)
    if top >= 0:
        return 4 << 20 | top << 16
    if trip1 >= 0:
        return 3 << 20 | trip1 << 16 | top_ranks(mask & ~(1 << trip1), 2, 12)
    if pair2 >= 0:
        rest = mask & ~(1 << pair1) & ~(1 << pair2)
        return 2 << 20 | pair1 << 16 | pair2 << 12 | top_ranks(rest, 1, 8)
    if pair1 >= 0:
        return 1 << 20 | pair1 << 16 | top_ranks(mask & ~(1 << pair1), 3, 12)
    return top_ranks(mask, 5, 16)
