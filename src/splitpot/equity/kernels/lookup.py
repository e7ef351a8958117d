"""The lookup tables every kernel reads, as one numba-friendly :class:`Tables` tuple.

Built on first use by :func:`tables` (compiled builders, a fraction of a second once numba's
cache holds them) and kept in memory, about 8 MB. Kernels take the tuple as an argument: numba
would freeze a global array into each compiled function.

The pieces:

- **Rank keys.** ``RANK_KEY`` are per-rank constants whose sums over any ``n`` ranks (at most
  four of a rank, ``n`` up to 7) are all distinct (the constants of Kevin Suffecool's heirs,
  e.g. SKPokerEval; ``tests/test_kernels.py`` checks the property). ``card_key[c]`` adds the
  card's rank constant, ``1 << 23`` (so the card count sits in bits 23-26) and a 4-bit suit
  count at bit ``32 + 4 * suit``: one addition per card gives a key for the rank multiset and
  for the suit counts at once.
- **A perfect hash** of every such multiset of 0 to 7 ranks (76,155 of them) to an index
  below 2**17 (:func:`ph_index`: a multiply, then row displacement). Per index:
  ``high_nf`` (best non-flush high value, 5-7 ranks), ``deuce_seven_nf`` and ``a5`` (five
  ranks), ``board_row`` (3-5 ranks: the row of ``omaha_nf``).
- **Omaha.** ``omaha_nf[row * 91 + pair]``: for a multiset of 3-5 board ranks and a pair of
  hole ranks, the ordinal (``ord_value`` gives the value) of the best non-flush hand of that
  pair and exactly three of the board's ranks; ``pair52[a * 52 + b]`` is the rank pair of two
  cards.
- **Flushes and bit tricks**, on 13-bit rank masks: ``flush_best`` (best flush or straight
  flush of 5+ ranks, -1 below five), ``deuce_seven_flush`` (five ranks), ``straight_top``,
  ``hibit``, ``popcount``, ``top2`` / ``top3`` (masks of the two / three highest ranks),
  ``pack2`` / ``pack3`` / ``pack5`` (the highest ranks as nibbles), ``windows`` (the straight
  with each top rank).
- **Badugi.** ``nibble_low`` / ``nibble_high``: a card's bit in a word of 13 rank nibbles of
  suit flags (aces low / high); ``badugi4`` / ``badugi5``: the value (aces low) of every four- /
  five-card hand, indexed by the colex rank ``binom[1, a] + binom[2, b] + ...`` of its sorted
  cards; ``rotate_high[c]``: the card one rank lower (the ace becomes the lowest), which turns an
  aces-high question into an aces-low one; ``rank_bit`` and ``suit_bit`` (a card's bit in a
  13-bit rank mask, and in a 52-bit word of four suit masks).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, NamedTuple, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["NO_HAND", "RANK_KEY", "Tables", "badugi_from_nibbles", "ph_index", "tables"]

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U16 = npt.NDArray[np.uint16]
_F = TypeVar("_F", bound=Callable[..., Any])


def _jit(fn: _F) -> _F:
    return cast(_F, numba.njit(cache=True)(fn))


NO_HAND: Final = -(1 << 62)
"""What a kernel returns for "no hand" (Python ``None``: a pool with no doogie); below every
value any evaluator returns, so a plain ``max`` never picks it over a hand."""

RANK_KEY: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Per-rank constants (deuce first) whose sums over up to seven ranks never collide."""
COUNT_SHIFT: Final = 23  # each card adds 1 << 23: the key knows how many cards it sums
SUIT_SHIFT: Final = 32
# The perfect hash: rank key * PH_MUL (wrapping), a row from bits 40-52 and a column from
# bits 20-36 of the product, the column displaced by the row's offset in a 2**17 index space.
PH_MUL: Final = 0xD6E8FEB86659FD93 - (1 << 64)  # as a signed int64, for numba
PH_ROW_SHIFT: Final = 40
PH_ROWS_MASK: Final = (1 << 13) - 1
PH_COLUMN_SHIFT: Final = 20
PH_MASK: Final = (1 << 17) - 1
RANK_PART: Final = (1 << SUIT_SHIFT) - 1
MAX_KEYED: Final = 7  # the perfect hash knows multisets of up to seven ranks
FULL13: Final = 0x1FFF
WHEEL: Final = 0b1_0000_0000_1111


class Tables(NamedTuple):
    """Every table of the kernels (see the module docstring); get it from :func:`tables`."""

    card_key: I64  # (52,)
    ph_offset: I32  # (rows,) row displacement of the perfect hash
    high_nf: I32  # (N,) per dense multiset index
    deuce_seven_nf: I32  # (N,)
    a5: I32  # (N,)
    board_row: I32  # (N,)
    omaha_nf: I16  # (rows * 91,)
    ord_value: I32  # (ordinals,)
    pair52: I16  # (52 * 52,)
    flush_best: I32  # (8192,)
    deuce_seven_flush: I32  # (8192,)
    straight_top: I8  # (8192,)
    hibit: I8  # (8192,)
    popcount: I8  # (8192,)
    top2: I16  # (8192,)
    top3: I16  # (8192,)
    pack2: I32  # (8192,)
    pack3: I32  # (8192,)
    pack5: I32  # (8192,)
    windows: I32  # (13,) the rank mask of the straight topped by each rank, 0 below a five
    rank_bit: I64  # (52,)
    suit_bit: I64  # (52,)
    nibble_low: I64  # (52,)
    nibble_high: I64  # (52,)
    rotate_high: I8  # (52,)
    binom: I32  # (6, 53): binom[k, c] = C(c, k)
    badugi4: U16  # (C(52, 4),) aces low
    badugi5: U16  # (C(52, 5),) aces low


_TABLES: Tables | None = None


def tables() -> Tables:
    """The tables, built on the first call and then shared."""
    global _TABLES  # noqa: PLW0603 - built once, on first use
    if _TABLES is None:
        _TABLES = _build()
    return _TABLES


# --- small tables on 13-bit masks ---------------------------------------------------------------


def _mask_tables() -> dict[str, Any]:
    masks = np.arange(1 << 13, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(13)) & 1
    popcount = bits.sum(axis=1).astype(np.int8)
    hibit = np.full(1 << 13, -1, dtype=np.int8)
    for r in range(13):
        hibit[bits[:, r] == 1] = r
    windows = np.zeros(13, dtype=np.int32)
    windows[3] = WHEEL
    for top in range(4, 13):
        windows[top] = 0b11111 << (top - 4)
    straight_top = np.full(1 << 13, -1, dtype=np.int8)
    for top in range(3, 13):  # the highest window that fits wins: write the lowest first
        straight_top[(masks & windows[top]) == windows[top]] = top
    tops = np.zeros((1 << 13, 5), dtype=np.int64)  # the five highest ranks, -1 padded
    rest = masks.copy()
    for i in range(5):
        highest = hibit[rest].astype(np.int64)
        tops[:, i] = highest
        rest = np.where(highest >= 0, rest & ~(1 << np.maximum(highest, 0)), rest)
    nib = np.maximum(tops, 0)
    bit = np.where(tops >= 0, 1 << np.maximum(tops, 0), 0)

    def pack(k: int) -> I32:
        value = np.zeros(1 << 13, dtype=np.int64)
        for i in range(k):
            value = value << 4 | nib[:, i]
        return value.astype(np.int32)

    flush = np.where(straight_top >= 0, 8 << 20 | straight_top.astype(np.int64) << 16, 0)
    flush = np.where(straight_top >= 0, flush, 5 << 20 | pack(5).astype(np.int64))
    flush_best = np.where(popcount >= 5, flush, -1).astype(np.int32)
    # 2-7: the wheel is no straight, A-5-4-3-2 is ace high (flush or not).
    wheel_ranks = 12 << 16 | 3 << 12 | 2 << 8 | 1 << 4
    ds = np.where(straight_top == 3, 5 << 20 | wheel_ranks, flush)
    deuce_seven_flush = np.where(popcount == 5, -ds, 0).astype(np.int32)
    return {
        "popcount": popcount,
        "hibit": hibit,
        "windows": windows,
        "straight_top": straight_top,
        "top2": (bit[:, 0] | bit[:, 1]).astype(np.int16),
        "top3": (bit[:, 0] | bit[:, 1] | bit[:, 2]).astype(np.int16),
        "pack2": pack(2),
        "pack3": pack(3),
        "pack5": pack(5),
        "flush_best": flush_best,
        "deuce_seven_flush": deuce_seven_flush,
    }


# --- compiled builders --------------------------------------------------------------------------


@_jit
def nf_from_planes(  # noqa: PLR0917 - numba kernels take arrays, not objects
    m1: int, m2: int, m3: int, m4: int, hibit: I8, straight_top: I8, pack2: I32, pack3: I32,
    pack5: I32,
) -> int:  # fmt: skip
    """Best non-flush high value from rank planes: ``mk`` has the ranks shown ``k``+ times."""
    if m4:
        quad = int(hibit[m4])
        return 7 << 20 | quad << 16 | int(hibit[m1 ^ (1 << quad)]) << 12
    trips = -1
    if m3:
        trips = int(hibit[m3])
        rest = m2 ^ (1 << trips)
        if rest:
            return 6 << 20 | trips << 16 | int(hibit[rest]) << 12
    top = int(straight_top[m1])
    if top >= 0:
        return 4 << 20 | top << 16
    if trips >= 0:
        return 3 << 20 | trips << 16 | int(pack2[m1 ^ (1 << trips)]) << 8
    if m2:
        high = int(hibit[m2])
        rest = m2 ^ (1 << high)
        if rest:
            low = int(hibit[rest])
            kicker = int(hibit[m1 ^ (1 << high) ^ (1 << low)])
            return 2 << 20 | high << 16 | low << 12 | max(kicker, 0) << 8
        return 1 << 20 | high << 16 | int(pack3[m1 ^ (1 << high)]) << 4
    return int(pack5[m1])


@_jit
def _multisets(limit: int) -> tuple[I64, I64]:
    """Every multiset of 0..limit ranks (at most four of a rank): rank counts, and sizes."""
    total = 0
    rows = np.zeros((200_000, 13), dtype=np.int64)
    sizes = np.zeros(200_000, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    # An odometer over the counts, rank 0 fastest, skipping totals above ``limit``.
    while True:
        size = counts.sum()
        if size <= limit:
            rows[total] = counts
            sizes[total] = size
            total += 1
        r = 0
        while r < 13:
            counts[r] += 1
            if counts[r] <= 4 and counts[r:].sum() <= limit:
                break
            counts[r] = 0
            r += 1
        if r == 13:
            break
    return rows[:total].copy(), sizes[:total].copy()


@_jit
def ph_index(key: int, offsets: I32) -> int:
    """Dense index of a rank key (the low 32 bits of a sum of ``card_key``): a multiply, then
    row displacement of the product's bits (``offsets`` is ``Tables.ph_offset``)."""
    h = (key & RANK_PART) * PH_MUL
    column = (h >> PH_COLUMN_SHIFT) & PH_MASK
    return (column + int(offsets[(h >> PH_ROW_SHIFT) & PH_ROWS_MASK])) & PH_MASK


@_jit
def _displace(keys: I64) -> I32:
    """Row offsets for :func:`ph_index` (first fit, fullest rows first); an empty array when
    two keys share a row and a column (then another multiplier is needed)."""
    rows = PH_ROWS_MASK + 1
    size = PH_MASK + 1
    row_of = np.empty(keys.shape[0], dtype=np.int64)
    column_of = np.empty(keys.shape[0], dtype=np.int64)
    per_row = np.zeros(rows, dtype=np.int64)
    for i in range(keys.shape[0]):
        h = (keys[i] & RANK_PART) * PH_MUL
        row_of[i] = (h >> PH_ROW_SHIFT) & PH_ROWS_MASK
        column_of[i] = (h >> PH_COLUMN_SHIFT) & PH_MASK
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
    offsets = np.zeros(rows, dtype=np.int32)
    for r in np.argsort(-per_row, kind="mergesort"):
        row = columns[starts[r] : starts[r + 1]]
        if row.shape[0] == 0:
            break
        offset = 0
        while offset < size:
            free = True
            for column in row:
                if taken[(column + offset) & PH_MASK]:
                    free = False
                    break
            if free:
                break
            offset += 1
        if offset == size:
            return np.zeros(0, dtype=np.int32)
        for column in row:
            taken[(column + offset) & PH_MASK] = True
        offsets[r] = offset
    return offsets


@_jit
def _ph_indices(keys: I64, offsets: I32) -> I64:
    out = np.empty(keys.shape[0], dtype=np.int64)
    for i in range(keys.shape[0]):
        out[i] = ph_index(keys[i], offsets)
    return out


@_jit
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


@_jit
def _rank_tables(  # noqa: PLR0917 - numba kernels take arrays, not objects
    rows: I64, sizes: I64, index: I64, n: int, hibit: I8, straight_top: I8, pack2: I32,
    pack3: I32, pack5: I32,
) -> tuple[I32, I32, I32]:  # fmt: skip
    """Per dense index: best non-flush high, 2-7 and A-5 values (0 where the size is wrong)."""
    high = np.full(n, -1, dtype=np.int32)
    ds = np.zeros(n, dtype=np.int32)
    a5 = np.zeros(n, dtype=np.int32)
    wheel_ranks = 12 << 16 | 3 << 12 | 2 << 8 | 1 << 4
    for i in range(rows.shape[0]):
        if sizes[i] < 5:
            continue
        m1 = m2 = m3 = m4 = 0
        for r in range(13):
            c = rows[i, r]
            if c >= 1:
                m1 |= 1 << r
            if c >= 2:
                m2 |= 1 << r
            if c >= 3:
                m3 |= 1 << r
            if c >= 4:
                m4 |= 1 << r
        value = nf_from_planes(m1, m2, m3, m4, hibit, straight_top, pack2, pack3, pack5)
        high[index[i]] = value
        if sizes[i] == 5:
            if value >> 20 == 4 and (value >> 16) & 15 == 3:
                value = wheel_ranks  # 2-7: the wheel is ace high
            ds[index[i]] = -value
            a5[index[i]] = _a5_value(rows[i])
    return high, ds, a5


@_jit
def _omaha_rows(  # noqa: PLR0917 - numba kernels take arrays, not objects
    rows: I64, sizes: I64, index: I64, offsets: I32, ord5: I32, n: int
) -> tuple[I32, I16]:
    """``board_row`` and ``omaha_nf``: per multiset of 3-5 board ranks and pair of hole ranks,
    the best ordinal of the pair with three of the board's ranks (-1: no such hand)."""
    rank_key = np.array(RANK_KEY, dtype=np.int64)
    board_row = np.full(n, -1, dtype=np.int32)
    boards = 0
    for i in range(rows.shape[0]):
        if 3 <= sizes[i] <= 5:
            board_row[index[i]] = boards
            boards += 1
    table = np.full(boards * 91, -1, dtype=np.int16)
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
        base = board_row[index[i]] * 91
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
                        key = triple + pair_keys[q] + (5 << COUNT_SHIFT)
                        slot = ph_index(key, offsets)
                        table[base + q] = max(table[base + q], ord5[slot])
    return board_row, table


@_jit
def badugi_from_nibbles(word: int) -> int:
    """Badugi value (``count << 13 | (0x1FFF - ranks)``) of a word of 13 rank nibbles of suit
    flags, lowest rank first: take ranks lowest first while a matching to distinct suits
    exists (the greedy of ``splitpot.evaluate.badugi``), ``states`` the 16-bit set of the suit
    sets such matchings can use."""
    states = 1
    chosen = 0
    count = 0
    r = 0
    while word and count < 4:
        f = word & 15
        if f:
            grown = ((states & 0x5555) << 1) & -(f & 1)
            grown |= ((states & 0x3333) << 2) & -((f >> 1) & 1)
            grown |= ((states & 0x0F0F) << 4) & -((f >> 2) & 1)
            grown |= ((states & 0x00FF) << 8) & -((f >> 3) & 1)
            if grown:
                states = grown
                chosen |= 1 << r
                count += 1
        word >>= 4
        r += 1
    return count << 13 | (FULL13 - chosen)


@_jit
def _badugi_tables(nibble: I64, binom: I32) -> tuple[U16, U16]:
    """The aces-low Badugi value of every four- and five-card hand, by colex rank."""
    four = np.zeros(binom[4, 52], dtype=np.uint16)
    for d in range(3, 52):
        for c in range(2, d):
            for b in range(1, c):
                base = binom[2, b] + binom[3, c] + binom[4, d]
                word3 = nibble[b] | nibble[c] | nibble[d]
                for a in range(b):
                    four[a + base] = badugi_from_nibbles(word3 | nibble[a])
    five = np.zeros(binom[5, 52], dtype=np.uint16)
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


def _build() -> Tables:
    masks = _mask_tables()
    rows, sizes = _multisets(MAX_KEYED)
    keys = rows @ np.array(RANK_KEY, dtype=np.int64) + (sizes << COUNT_SHIFT)
    offsets = _displace(keys)
    if offsets.shape[0] == 0:  # pragma: no cover - the multiplier is checked by the tests
        raise AssertionError("the rank-key hash collides: pick another PH_MUL")
    index = _ph_indices(keys, offsets)
    if np.unique(index).shape[0] != index.shape[0]:  # pragma: no cover - checked by the tests
        raise AssertionError("the rank-key hash collides: pick another PH_MUL")
    n = PH_MASK + 1
    high, deuce_seven, a5 = _rank_tables(
        rows, sizes, index, n, masks["hibit"], masks["straight_top"], masks["pack2"],
        masks["pack3"], masks["pack5"],
    )  # fmt: skip
    fives = index[sizes == 5]
    ord_value = np.unique(high[fives])
    ord5 = np.full(n, -1, dtype=np.int32)
    ord5[fives] = np.searchsorted(ord_value, high[fives])
    board_row, omaha_nf = _omaha_rows(rows, sizes, index, offsets, ord5, n)

    cards = np.arange(52, dtype=np.int64)
    rank, suit = cards >> 2, cards & 3
    card_key = np.array(RANK_KEY, dtype=np.int64)[rank] + (1 << COUNT_SHIFT)
    card_key += np.left_shift(1, SUIT_SHIFT + 4 * suit)
    pair_index = np.zeros((13, 13), dtype=np.int16)
    q = 0
    for a in range(13):
        for b in range(a, 13):
            pair_index[a, b] = pair_index[b, a] = q
            q += 1
    pair52 = pair_index[rank[:, None], rank[None, :]].ravel().astype(np.int16)
    binom = np.array([[math.comb(c, k) for c in range(53)] for k in range(6)], dtype=np.int32)
    nibble_low = np.left_shift(1, 4 * ((rank + 1) % 13) + suit)
    badugi4, badugi5 = _badugi_tables(nibble_low, binom)
    return Tables(
        card_key=card_key,
        ph_offset=offsets,
        high_nf=high,
        deuce_seven_nf=deuce_seven,
        a5=a5,
        board_row=board_row,
        omaha_nf=omaha_nf,
        ord_value=ord_value.astype(np.int32),
        pair52=pair52,
        flush_best=masks["flush_best"],
        deuce_seven_flush=masks["deuce_seven_flush"],
        straight_top=masks["straight_top"],
        hibit=masks["hibit"],
        popcount=masks["popcount"],
        top2=masks["top2"],
        top3=masks["top3"],
        pack2=masks["pack2"],
        pack3=masks["pack3"],
        pack5=masks["pack5"],
        windows=masks["windows"],
        rank_bit=np.left_shift(1, rank),
        suit_bit=np.left_shift(1, 13 * suit + rank),
        nibble_low=nibble_low,
        nibble_high=np.left_shift(1, 4 * rank + suit),
        rotate_high=(((rank + 12) % 13) * 4 + suit).astype(np.int8),
        binom=binom,
        badugi4=badugi4,
        badugi5=badugi5,
    )
