"""Building the kernels' arena (:mod:`splitpot.equity.kernels.lookup` describes the layout).

Compiled builders fill it in about a third of a second; the result is then saved next to
numba's cache (``__pycache__/kernel-tables-<hash>.npy``, the hash taken from the source of
this module and of ``lookup.py``), so that later processes load it in milliseconds. A cache
file that cannot be written or read is simply skipped.
"""

from __future__ import annotations

import hashlib
import math
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from splitpot.equity.kernels import lookup as lk
from splitpot.equity.kernels.lookup import (
    I64,
    _jit_alloc,
    nf_from_planes,
    ph10_index,
    ph_index,
)

__all__ = ["build_arena", "load_or_build"]


def _cache_path() -> Path | None:
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in ("build.py", "lookup.py"):
        try:
            digest.update((here / name).read_bytes())
        except OSError:
            return None
    folder = os.environ.get("NUMBA_CACHE_DIR")
    base = Path(folder) if folder else here / "__pycache__"
    return base / f"kernel-tables-{digest.hexdigest()[:16]}.npy"


def load_or_build() -> I64:
    """The arena, from the cache file when it holds a good one, else built (and saved)."""
    path = _cache_path()
    if path is not None:
        try:
            data: I64 = np.load(path, allow_pickle=False)
            if data.dtype == np.int64 and data.shape == (lk.ARENA,):
                return data
        except (OSError, ValueError):
            pass
    data = build_arena()
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                np.save(out, data, allow_pickle=False)
            os.chmod(temp, 0o644)
            os.replace(temp, path)  # atomic: a concurrent reader sees the whole file or none
            for old in path.parent.glob("kernel-tables-*.npy"):
                if old != path:
                    old.unlink(missing_ok=True)
        except OSError:
            pass
    return data


# --- small tables on 13-bit masks ---------------------------------------------------------------


def _mask_tables(data: I64) -> None:
    masks = np.arange(lk.MASKS, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(13)) & 1
    popcount = bits.sum(axis=1)
    hibit = np.full(lk.MASKS, -1, dtype=np.int64)
    for r in range(13):
        hibit[bits[:, r] == 1] = r
    windows = np.zeros(13, dtype=np.int64)
    windows[3] = lk.WHEEL
    for top in range(4, 13):
        windows[top] = 0b11111 << (top - 4)
    straight_top = np.full(lk.MASKS, -1, dtype=np.int64)
    for top in range(3, 13):  # the highest window that fits wins: write the lowest first
        straight_top[(masks & windows[top]) == windows[top]] = top
    tops = np.zeros((lk.MASKS, 5), dtype=np.int64)  # the five highest ranks, -1 padded
    rest = masks.copy()
    for i in range(5):
        highest = hibit[rest]
        tops[:, i] = highest
        rest = np.where(highest >= 0, rest & ~(1 << np.maximum(highest, 0)), rest)
    nib = np.maximum(tops, 0)
    bit = np.where(tops >= 0, 1 << np.maximum(tops, 0), 0)

    def pack(k: int) -> I64:
        value = np.zeros(lk.MASKS, dtype=np.int64)
        for i in range(k):
            value = value << 4 | nib[:, i]
        return value

    flush = np.where(straight_top >= 0, 8 << 20 | straight_top << 16, 5 << 20 | pack(5))
    # 2-7: the wheel is no straight, A-5-4-3-2 is ace high (a flush or not).
    wheel_ranks = 12 << 16 | 3 << 12 | 2 << 8 | 1 << 4
    deuce_seven = np.where(straight_top == 3, 5 << 20 | wheel_ranks, flush)
    for base, table in (
        (lk.WINDOWS, windows),
        (lk.FLUSH_BEST, np.where(popcount >= 5, flush, -1)),
        (lk.DEUCE_SEVEN_FLUSH, np.where(popcount == 5, -deuce_seven, 0)),
        (lk.STRAIGHT_TOP, straight_top),
        (lk.HIBIT, hibit),
        (lk.POPCOUNT, popcount),
        (lk.TOP2, bit[:, 0] | bit[:, 1]),
        (lk.TOP3, bit[:, 0] | bit[:, 1] | bit[:, 2]),
        (lk.PACK2, pack(2)),
        (lk.PACK3, pack(3)),
        (lk.PACK5, pack(5)),
    ):
        data[base : base + table.shape[0]] = table


def _card_tables(data: I64) -> None:
    cards = np.arange(52, dtype=np.int64)
    rank, suit = cards >> 2, cards & 3
    card_key = np.array(lk.RANK_KEY, dtype=np.int64)[rank] + (1 << lk.COUNT_SHIFT)
    pair_index = np.zeros((13, 13), dtype=np.int64)
    q = 0
    for a in range(13):
        for b in range(a, 13):
            pair_index[a, b] = pair_index[b, a] = q
            q += 1
    binom = [[math.comb(c, k) for c in range(53)] for k in range(6)]
    for base, table in (
        (lk.CARD_KEY, card_key + np.left_shift(1, lk.SUIT_SHIFT + 4 * suit)),
        (lk.RANK_BIT, np.left_shift(1, rank)),
        (lk.SUIT_BIT, np.left_shift(1, 13 * suit + rank)),
        (lk.NIBBLE_LOW, np.left_shift(1, 4 * ((rank + 1) % 13) + suit)),
        (lk.NIBBLE_HIGH, np.left_shift(1, 4 * rank + suit)),
        (lk.SUIT_BIT_LOW, np.left_shift(1, 13 * suit + (rank + 1) % 13)),
        (lk.CARD_QUINARY, 5**rank + np.left_shift(1, lk.SUIT_SHIFT + 4 * suit)),
        (lk.BINOM, np.array(binom, dtype=np.int64).ravel()),
        (lk.PAIR52, pair_index[rank[:, None], rank[None, :]].ravel()),
    ):
        data[base : base + table.shape[0]] = table


def _pack16(values: Any) -> I64:
    """Four 16-bit entries to an int64 word, entry ``i`` at bit ``16 * (i % 4)``."""
    padded = np.zeros(-(-len(values) // 4) * 4, dtype="<u2")
    padded[: len(values)] = values
    words: I64 = padded.view("<i8").astype(np.int64)
    return words


# --- compiled builders --------------------------------------------------------------------------


@_jit_alloc
def _multisets(limit: int) -> tuple[I64, I64]:
    """Every multiset of 0..limit ranks (at most four of a rank): rank counts, and sizes."""
    total = 0
    rows = np.zeros((80_000, 13), dtype=np.int64)
    sizes = np.zeros(80_000, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    size = 0
    while True:  # an odometer over the counts, rank 0 fastest, skipping sizes over the limit
        rows[total] = counts
        sizes[total] = size
        total += 1
        r = 0
        while r < 13:
            counts[r] += 1
            size += 1
            if counts[r] <= 4 and size <= limit:
                break
            size -= counts[r]
            counts[r] = 0
            r += 1
        if r == 13:
            break
    return rows[:total].copy(), sizes[:total].copy()


@_jit_alloc
def _displace(  # noqa: PLR0917 - numba kernels take scalars, not objects
    keys: I64, mul: int, row_shift: int, rows: int, column_shift: int, size: int
) -> I64:
    """Row offsets for a perfect hash (:func:`~splitpot.equity.kernels.lookup.ph_index`): key
    times ``mul``, a row and a column from the product's bits, the column moved by its row's
    offset; first fit, fullest rows first. Empty when two keys share a row and a column (then
    another multiplier is needed)."""
    row_of = np.empty(keys.shape[0], dtype=np.int64)
    column_of = np.empty(keys.shape[0], dtype=np.int64)
    per_row = np.zeros(rows, dtype=np.int64)
    for i in range(keys.shape[0]):
        h = (keys[i] & lk.RANK_PART) * mul
        row_of[i] = (h >> row_shift) & (rows - 1)
        column_of[i] = (h >> column_shift) & (size - 1)
        per_row[row_of[i]] += 1
    starts = np.zeros(rows + 1, dtype=np.int64)
    for r in range(rows):
        starts[r + 1] = starts[r] + per_row[r]
    columns = np.empty(keys.shape[0], dtype=np.int64)
    filled = np.zeros(rows, dtype=np.int64)
    for i in range(keys.shape[0]):
        r = row_of[i]
        columns[starts[r] + filled[r]] = column_of[i]
        filled[r] += 1
    taken = np.zeros(size, dtype=np.bool_)
    offsets = np.zeros(rows, dtype=np.int64)
    for r in np.argsort(-per_row, kind="mergesort"):
        row = columns[starts[r] : starts[r + 1]]
        if row.shape[0] == 0:
            break
        # Try offsets from a point that differs from row to row (a fixed one piles the rows
        # up where the table is already full).
        offset = (r * 0x9E3779B1) & (size - 1)
        for _ in range(size):
            free = True
            for column in row:
                if taken[(column + offset) & (size - 1)]:
                    free = False
                    break
            if free:
                break
            offset = (offset + 1) & (size - 1)
        if not free:
            return np.zeros(0, dtype=np.int64)
        for column in row:
            taken[(column + offset) & (size - 1)] = True
        offsets[r] = offset
    return offsets


@_jit_alloc
def _ph_indices(keys: I64, data: I64) -> I64:
    out = np.empty(keys.shape[0], dtype=np.int64)
    for i in range(keys.shape[0]):
        out[i] = ph_index(keys[i], data)
    return out


@_jit_alloc
def _distinct(index: I64, size: int) -> bool:
    """True when the indices (each below ``size``) are all different."""
    seen = np.zeros(size, dtype=np.bool_)
    for i in index:
        if seen[i]:
            return False
        seen[i] = True
    return True


@_jit_alloc
def _ph10_indices(keys: I64, data: I64) -> I64:
    out = np.empty(keys.shape[0], dtype=np.int64)
    for i in range(keys.shape[0]):
        out[i] = ph10_index(keys[i], data)
    return out


@_jit_alloc
def _a5_value(counts: I64) -> int:
    """A-5 value of five ranks given as counts (deuce first): negated, bigger wins."""
    value = 0
    groups = 0
    shape = 0
    for count in range(4, 0, -1):
        for low in range(12, -1, -1):  # the ace is the lowest rank: low 0
            if counts[(low + 12) % 13] == count:
                value = value << 4 | low
                groups += 1
                shape = shape * 10 + count
    for _ in range(5 - groups):
        value <<= 4
    category = 5
    if shape == 11111:
        category = 0
    elif shape == 2111:
        category = 1
    elif shape == 221:
        category = 2
    elif shape == 311:
        category = 3
    elif shape == 32:
        category = 4
    return -(category << 20 | value)


@_jit_alloc
def _rank_tables(rows: I64, sizes: I64, index: I64, data: I64) -> I64:
    """Fill ``DEUCE_SEVEN_NF`` and ``A5`` (five ranks); return the best non-flush high value
    of every index (5-7 ranks, -1 elsewhere)."""
    high = np.full(lk.PH_SIZE, -1, dtype=np.int64)
    wheel_ranks = 12 << 16 | 3 << 12 | 2 << 8 | 1 << 4
    for i in range(rows.shape[0]):
        if sizes[i] < 5:
            continue
        m1 = m2 = m3 = m4 = 0
        for r in range(13):
            c = rows[i, r]
            m1 |= int(c >= 1) << r
            m2 |= int(c >= 2) << r
            m3 |= int(c >= 3) << r
            m4 |= int(c >= 4) << r
        value = nf_from_planes(m1, m2, m3, m4, data)
        high[index[i]] = value
        if sizes[i] == 5:
            if value >> 20 == 4 and (value >> 16) & 15 == 3:
                value = wheel_ranks  # 2-7: the wheel is ace high
            data[lk.DEUCE_SEVEN_NF + index[i]] = -value
            data[lk.A5 + index[i]] = _a5_value(rows[i])
    return high


@_jit_alloc
def _large_multisets(data: I64) -> tuple[I64, I64]:
    """Every multiset of 8 to 10 ranks (at most four of a rank): its quinary key (the sum of
    ``5 ** rank``) and its best non-flush high value."""
    keys = np.empty(956_605, dtype=np.int64)
    values = np.empty(956_605, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    size = 0
    n = 0
    while True:  # the odometer of _multisets, up to ten ranks
        if size >= 8:
            key = 0
            m1 = m2 = m3 = m4 = 0
            for r in range(12, -1, -1):
                c = counts[r]
                key = key * 5 + c
                m1 |= int(c >= 1) << r
                m2 |= int(c >= 2) << r
                m3 |= int(c >= 3) << r
                m4 |= int(c >= 4) << r
            keys[n] = key
            values[n] = nf_from_planes(m1, m2, m3, m4, data)
            n += 1
        r = 0
        while r < 13:
            counts[r] += 1
            size += 1
            if counts[r] <= 4 and size <= 10:
                break
            size -= counts[r]
            counts[r] = 0
            r += 1
        if r == 13:
            break
    return keys[:n], values[:n]


@_jit_alloc
def _omaha_rows(rows: I64, sizes: I64, index: I64, ord5: I64, data: I64) -> I64:
    """Fill ``BOARD_ROW``; return the ``OMAHA_NF`` entries: per multiset of 3-5 board ranks and
    pair of hole ranks, 1 + the best ordinal of the pair with three of the board's ranks."""
    rank_key = np.array(lk.RANK_KEY, dtype=np.int64)
    boards = 0
    for i in range(rows.shape[0]):
        if 3 <= sizes[i] <= 5:
            data[lk.BOARD_ROW + index[i]] = boards
            boards += 1
    table = np.zeros(boards * 91, dtype=np.int64)
    ranks = np.zeros(5, dtype=np.int64)
    pair_keys = np.zeros(91, dtype=np.int64)
    pair_same = np.full(91, -1, dtype=np.int64)  # the rank of a pocket pair, else -1
    q = 0
    for a in range(13):
        for b in range(a, 13):
            pair_keys[q] = rank_key[a] + rank_key[b]
            if a == b:
                pair_same[q] = a
            q += 1
    for i in range(rows.shape[0]):
        size = sizes[i]
        if not 3 <= size <= 5:
            continue
        base = data[lk.BOARD_ROW + index[i]] * 91
        k = 0
        for r in range(13):
            for _ in range(rows[i, r]):
                ranks[k] = r
                k += 1
        for x in range(size - 2):
            for y in range(x + 1, size - 1):
                for z in range(y + 1, size):
                    triple = rank_key[ranks[x]] + rank_key[ranks[y]] + rank_key[ranks[z]]
                    same = ranks[x] if ranks[x] == ranks[z] else -2
                    for q in range(91):
                        if pair_same[q] == same:  # five of one rank: no such hand
                            continue
                        key = triple + pair_keys[q] + (5 << lk.COUNT_SHIFT)
                        slot = ph_index(key, data)
                        table[base + q] = max(table[base + q], ord5[slot] + 1)
    return table


@_jit_alloc
def _badugi_tables(data: I64) -> tuple[I64, I64]:
    """The aces-low Badugi value of every four- and five-card hand, by colex rank."""
    binom = data[lk.BINOM : lk.BINOM + 6 * 53].reshape(6, 53)
    nibble = data[lk.NIBBLE_LOW : lk.NIBBLE_LOW + 52]
    four = np.zeros(lk.COMBOS4, dtype=np.int64)
    for d in range(3, 52):
        for c in range(2, d):
            for b in range(1, c):
                base = binom[2, b] + binom[3, c] + binom[4, d]
                word3 = nibble[b] | nibble[c] | nibble[d]
                for a in range(b):
                    four[a + base] = lk.badugi_from_nibbles(word3 | nibble[a])
    five = np.zeros(lk.COMBOS5, dtype=np.int64)
    for e in range(4, 52):
        for d in range(3, e):
            for c in range(2, d):
                cde = binom[2, c] + binom[3, d] + binom[4, e]
                for b in range(1, c):
                    # The best of five cards is the best of one of its four-card hands.
                    bcde = four[b + cde]
                    b_de = binom[2, b] + binom[3, d] + binom[4, e]
                    bc_e = binom[2, b] + binom[3, c] + binom[4, e]
                    bcd_ = binom[2, b] + binom[3, c] + binom[4, d]
                    top = binom[2, b] + binom[3, c] + binom[4, d] + binom[5, e]
                    for a in range(b):
                        best = max(bcde, four[a + cde], four[a + b_de])
                        best = max(best, four[a + bc_e], four[a + bcd_])
                        five[a + top] = best
    return four, five


def build_arena() -> I64:
    """Build every table from scratch (see the layout in ``lookup.py``)."""
    data = np.zeros(lk.ARENA, dtype=np.int64)
    _mask_tables(data)
    _card_tables(data)
    rows, sizes = _multisets(lk.MAX_KEYED)
    keys = rows @ np.array(lk.RANK_KEY, dtype=np.int64) + (sizes << lk.COUNT_SHIFT)
    offsets = _displace(
        keys, lk.PH_MUL, lk.PH_ROW_SHIFT, lk.PH_ROWS, lk.PH_COLUMN_SHIFT, lk.PH_SIZE
    )
    if offsets.shape[0] == 0:  # pragma: no cover - the multiplier is checked by the tests
        raise AssertionError("the rank-key hash collides: pick another PH_MUL")
    data[lk.PH_OFFSET : lk.PH_OFFSET + lk.PH_ROWS] = offsets
    index = _ph_indices(keys, data)
    if not _distinct(index, lk.PH_SIZE):  # pragma: no cover - checked by the tests
        raise AssertionError("the rank-key hash collides: pick another PH_MUL")
    high = _rank_tables(rows, sizes, index, data)
    fives = index[sizes == 5]
    ord_value = np.unique(high[fives])
    data[lk.ORD_VALUE : lk.ORD_VALUE + ord_value.shape[0]] = ord_value
    ordinals = np.where(high >= 0, np.searchsorted(ord_value, high), 0)
    _put16(data, lk.HIGH_NF, ordinals)
    ord5 = np.full(lk.PH_SIZE, -1, dtype=np.int64)
    ord5[fives] = ordinals[fives]
    _put16(data, lk.OMAHA_NF, _omaha_rows(rows, sizes, index, ord5, data))
    four, five = _badugi_tables(data)
    _put16(data, lk.BADUGI4, four)
    _put16(data, lk.BADUGI5, five)
    _large_hash(data, ord_value)
    return data


def _large_hash(data: I64, ord_value: I64) -> None:
    """The perfect hash of 8 to 10 ranks: ``PH10_OFFSET`` and ``HIGH10``."""
    keys, values = _large_multisets(data)
    offsets = _displace(
        keys, lk.PH10_MUL, lk.PH10_ROW_SHIFT, lk.PH10_ROWS, lk.PH10_COLUMN_SHIFT, lk.PH10_SIZE
    )
    if offsets.shape[0] == 0:  # pragma: no cover - the multiplier is checked by the tests
        raise AssertionError("the quinary-key hash collides: pick another PH10_MUL")
    packed = offsets.astype("<u4").view("<i8")
    data[lk.PH10_OFFSET : lk.PH10_OFFSET + packed.shape[0]] = packed
    index = _ph10_indices(keys, data)
    if not _distinct(index, lk.PH10_SIZE):  # pragma: no cover - checked by the tests
        raise AssertionError("the quinary-key hash collides: pick another PH10_MUL")
    ordinals = np.zeros(lk.PH10_SIZE, dtype=np.int64)
    ordinals[index] = np.searchsorted(ord_value, values)
    _put16(data, lk.HIGH10, ordinals)


def _put16(data: I64, base: int, values: Any) -> None:
    words = _pack16(values)
    data[base : base + words.shape[0]] = words
