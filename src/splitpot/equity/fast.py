"""Numba batch kernels and exact Omaha / hold'em equity enumeration.

Every ``*_batch`` function returns, for each row of cards, exactly the raw int that splitpot's
Python evaluator returns for that row (bigger wins), so values from both paths can be mixed:

- ``high5_batch(cards)``, (n, 5): ``splitpot.evaluate.high.high_value_5``;
- ``high_batch(cards)``, (n, 5..10): ``splitpot.evaluate.high.high_value``;
- ``omaha_batch(hole, board)``, (n, 4..6) and (n, 3..5): ``splitpot.evaluate.omaha.omaha_value``;
- ``badugi_batch(cards, aces_high)``, (n, k): ``splitpot.evaluate.badugi.badugi_value``;
- ``deuce_seven_batch(cards)``, (n, 5): ``splitpot.evaluate.lowball.deuce_seven_value_5``;
- ``a5_batch(cards)``, (n, 5): ``splitpot.evaluate.lowball.a5_value_5``;
- ``doogie_batch(cards)``, (n, k): ``splitpot.evaluate.doogie.doogie_value``, with
  :data:`NO_DOOGIE` (-1) where that returns ``None``.

Cards are ints 0..51 (``rank * 4 + suit``); any integer array works and is copied to a
contiguous ``int8`` array first. Results are ``int64`` arrays.

:func:`omaha_exact_equity` and :func:`holdem_exact_equity` walk every remaining board. The
non-flush part of a hand depends only on the ranks, so each player's best non-flush value is
computed once per multiset of board ranks (at most 91 from the flop, 6,175 preflop) and the
board loop itself is a table read per player, plus a flush check when a suit shows three
times. From :data:`PARALLEL_MIN_BOARDS` boards on (preflop, or one board card known) the walk
runs on numba's threads: on an idle two-core machine that is about 1.5 times faster, but when
another process holds the other core every threaded call can wait a scheduler slice (some
20 ms), so small jobs stay on one thread.

Lookup tables are built on first use, not on import. Importing this module imports numba and
numpy (about half a second), so nothing on splitpot's command-line path imports it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from typing import Any, Final, NamedTuple, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = [
    "NO_DOOGIE",
    "ExactCounts",
    "a5_batch",
    "badugi_batch",
    "deuce_seven_batch",
    "doogie_batch",
    "exact_counts",
    "high5_batch",
    "high_batch",
    "holdem_exact_equity",
    "omaha_batch",
    "omaha_exact_equity",
    "warm_up",
]

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
_F = TypeVar("_F", bound=Callable[..., Any])

NO_DOOGIE: Final = -1
"""What :func:`doogie_batch` returns for a hand with no doogie (``doogie_value`` gives None)."""

DEFAULT_MAX_BOARDS: Final = 5_000_000
PARALLEL_MIN_BOARDS: Final = 100_000
"""Boards from which the enumeration uses numba's threads unless told otherwise."""


def _jit(fn: _F) -> _F:
    return cast(_F, numba.njit(cache=True)(fn))


def _jit_parallel(fn: _F) -> _F:
    return cast(_F, numba.njit(cache=True, parallel=True)(fn))


# --- tables -----------------------------------------------------------------------------------

# Per-rank constants whose sums over any five ranks (at most four of a rank) are all distinct
# (found greedily): a five-rank multiset gets a key under 400,000 by addition alone.
RANK_ADD: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
_FULL13: Final = 0x1FFF


class _Tables(NamedTuple):
    rank_add: I64  # (13,) the constants above
    pair_index: I16  # (169,) r1 * 13 + r2 -> index of the rank pair {r1, r2}, 0..90
    triple_index: I16  # (2197,) r1 * 169 + r2 * 13 + r3 -> index of the triple, 0..454
    pair_triple: I32  # (455 * 91,) triple * 91 + pair -> non-flush value of the five ranks
    multiset_index: I16  # (5 * 79415 + 1,) sum of RANK_ADD over five ranks -> 0..6174
    flush5: I32  # (8192,) five-bit rank mask -> flush / straight flush value, else -1


_TABLES: _Tables | None = None
_MULTISETS: dict[int, I8] = {}


def _tables() -> _Tables:
    global _TABLES  # noqa: PLW0603 - built once, on first use
    if _TABLES is None:
        _TABLES = _build_tables()
    return _TABLES


def _build_tables() -> _Tables:
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
    return _Tables(rank_add, pair_index, triple_index, pair_triple, multiset_index, flush5)


def _rank_multisets(k: int) -> I8:
    """Every multiset of ``k`` ranks (at most four of a rank), one sorted row each."""
    rows = _MULTISETS.get(k)
    if rows is None:
        found = [m for m in combinations_with_replacement(range(13), k) if _at_most_four(m)]
        rows = np.array(found, dtype=np.int8).reshape(len(found), k)
        _MULTISETS[k] = rows
    return rows


def _at_most_four(ranks: tuple[int, ...]) -> bool:
    return all(ranks.count(r) <= 4 for r in ranks)


# --- shared kernels ---------------------------------------------------------------------------


@_jit
def _straight_top(mask: int) -> int:
    for top in range(12, 3, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top
    if mask & 0b1_0000_0000_1111 == 0b1_0000_0000_1111:
        return 3
    return -1


@_jit
def _top_ranks(mask: int, count: int, shift: int) -> int:
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


@_jit
def _flush_value(mask: int) -> int:
    """Best flush or straight flush among the ranks of one suit (five or more bits)."""
    top = _straight_top(mask)
    if top >= 0:
        return 8 << 20 | top << 16
    return 5 << 20 | _top_ranks(mask, 5, 16)


@_jit
def _value_from_counts(counts: I64) -> int:
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
    top = _straight_top(mask)
    if top >= 0:
        return 4 << 20 | top << 16
    if trip1 >= 0:
        return 3 << 20 | trip1 << 16 | _top_ranks(mask & ~(1 << trip1), 2, 12)
    if pair2 >= 0:
        rest = mask & ~(1 << pair1) & ~(1 << pair2)
        return 2 << 20 | pair1 << 16 | pair2 << 12 | _top_ranks(rest, 1, 8)
    if pair1 >= 0:
        return 1 << 20 | pair1 << 16 | _top_ranks(mask & ~(1 << pair1), 3, 12)
    return _top_ranks(mask, 5, 16)


@_jit
def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@_jit
def _badugi_from_masks(s0: int, s1: int, s2: int, s3: int) -> int:
    """Port of ``splitpot.evaluate.badugi.badugi_value_from_word`` on four suit masks."""
    a = s0 & -s0
    b = s1 & -s1
    c = s2 & -s2
    d = s3 & -s3
    lows = a | b | c | d
    if a + b + c + d == lows:
        return _popcount(lows) << 13 | (_FULL13 - lows)
    # Take ranks lowest first while some matching of the chosen ranks to distinct suits exists;
    # ``states`` is a 16-bit set of the suit sets such matchings can use.
    present = s0 | s1 | s2 | s3
    states = 1
    chosen = 0
    count = 0
    while present and count < 4:
        bit = present & -present
        present ^= bit
        flags = 0
        if s0 & bit:
            flags |= 1
        if s1 & bit:
            flags |= 2
        if s2 & bit:
            flags |= 4
        if s3 & bit:
            flags |= 8
        grown = 0
        for state in range(16):
            if states >> state & 1:
                for f in range(4):
                    flag = 1 << f
                    if flags & flag and not state & flag:
                        grown |= 1 << (state | flag)
        if grown:
            states = grown
            chosen |= bit
            count += 1
    return count << 13 | (_FULL13 - chosen)


# --- batch kernels ----------------------------------------------------------------------------


@_jit
def _high5_kernel(
    cards: I8, pair_index: I16, triple_index: I16, pair_triple: I32, flush5: I32
) -> I64:
    n = cards.shape[0]
    out = np.empty(n, dtype=np.int64)
    for i in range(n):
        c0 = np.int64(cards[i, 0])
        c1 = np.int64(cards[i, 1])
        c2 = np.int64(cards[i, 2])
        c3 = np.int64(cards[i, 3])
        c4 = np.int64(cards[i, 4])
        suit = c0 & 3
        if c1 & 3 == suit and c2 & 3 == suit and c3 & 3 == suit and c4 & 3 == suit:
            mask = 1 << (c0 >> 2) | 1 << (c1 >> 2) | 1 << (c2 >> 2) | 1 << (c3 >> 2)
            out[i] = flush5[mask | 1 << (c4 >> 2)]
        else:
            p = pair_index[(c0 >> 2) * 13 + (c1 >> 2)]
            t = triple_index[(c2 >> 2) * 169 + (c3 >> 2) * 13 + (c4 >> 2)]
            out[i] = pair_triple[t * 91 + p]
    return out


@_jit
def _high_kernel(cards: I8) -> I64:
    n, k = cards.shape
    out = np.empty(n, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    suit_masks = np.zeros(4, dtype=np.int64)
    suit_counts = np.zeros(4, dtype=np.int64)
    for i in range(n):
        counts[:] = 0
        suit_masks[:] = 0
        suit_counts[:] = 0
        for j in range(k):
            c = np.int64(cards[i, j])
            counts[c >> 2] += 1
            suit_masks[c & 3] |= 1 << (c >> 2)
            suit_counts[c & 3] += 1
        value = _value_from_counts(counts)
        for s in range(4):
            if suit_counts[s] >= 5:
                value = max(value, _flush_value(suit_masks[s]))
        out[i] = value
    return out


@_jit
def _omaha_row(  # noqa: PLR0917 - numba kernels take arrays, not objects
    hole: I8, board: I8, pair_index: I16, triple_index: I16, pair_triple: I32, flush5: I32
) -> int:
    h = hole.shape[0]
    b = board.shape[0]
    best = -1
    for x in range(b - 2):
        rx = np.int64(board[x]) >> 2
        for y in range(x + 1, b - 1):
            ry = np.int64(board[y]) >> 2
            for z in range(y + 1, b):
                t = triple_index[rx * 169 + ry * 13 + (np.int64(board[z]) >> 2)]
                row = np.int64(t) * 91
                for u in range(h - 1):
                    ru = np.int64(hole[u]) >> 2
                    for v in range(u + 1, h):
                        value = pair_triple[row + pair_index[ru * 13 + (np.int64(hole[v]) >> 2)]]
                        best = max(best, value)
    for s in range(4):
        nb = 0
        for x in range(b):
            if board[x] & 3 == s:
                nb += 1
        if nb < 3:
            continue
        nh = 0
        for u in range(h):
            if hole[u] & 3 == s:
                nh += 1
        if nh < 2:
            continue
        for u in range(h - 1):
            if hole[u] & 3 != s:
                continue
            for v in range(u + 1, h):
                if hole[v] & 3 != s:
                    continue
                pair = 1 << (np.int64(hole[u]) >> 2) | 1 << (np.int64(hole[v]) >> 2)
                for x in range(b - 2):
                    if board[x] & 3 != s:
                        continue
                    for y in range(x + 1, b - 1):
                        if board[y] & 3 != s:
                            continue
                        for z in range(y + 1, b):
                            if board[z] & 3 != s:
                                continue
                            mask = pair | 1 << (np.int64(board[x]) >> 2)
                            mask |= 1 << (np.int64(board[y]) >> 2)
                            mask |= 1 << (np.int64(board[z]) >> 2)
                            value = flush5[mask]
                            best = max(best, value)
    return best


@_jit
def _omaha_kernel(  # noqa: PLR0917 - numba kernels take arrays, not objects
    hole: I8, board: I8, pair_index: I16, triple_index: I16, pair_triple: I32, flush5: I32
) -> I64:
    n = hole.shape[0]
    out = np.empty(n, dtype=np.int64)
    for i in range(n):
        out[i] = _omaha_row(hole[i], board[i], pair_index, triple_index, pair_triple, flush5)
    return out


@_jit
def _badugi_kernel(cards: I8, aces_high: bool, only_four: bool) -> I64:
    n, k = cards.shape
    out = np.empty(n, dtype=np.int64)
    shift = 0 if aces_high else 1
    for i in range(n):
        s0 = 0
        s1 = 0
        s2 = 0
        s3 = 0
        for j in range(k):
            c = int(cards[i, j])
            bit = 1 << (((c >> 2) + shift) % 13)
            suit = c & 3
            if suit == 0:
                s0 |= bit
            elif suit == 1:
                s1 |= bit
            elif suit == 2:
                s2 |= bit
            else:
                s3 |= bit
        value = _badugi_from_masks(s0, s1, s2, s3)
        if only_four and value >> 13 != 4:
            value = -1
        out[i] = value
    return out


@_jit
def _deuce_seven_kernel(
    cards: I8, pair_index: I16, triple_index: I16, pair_triple: I32, flush5: I32
) -> I64:
    out = _high5_kernel(cards, pair_index, triple_index, pair_triple, flush5)
    wheel = 12 << 16 | 3 << 12 | 2 << 8 | 1 << 4
    for i in range(out.shape[0]):
        high = out[i]
        category = high >> 20
        if category in (4, 8) and (high >> 16) & 0xF == 3:
            high = (5 if category == 8 else 0) << 20 | wheel
        out[i] = -high
    return out


@_jit
def _a5_kernel(cards: I8) -> I64:
    n = cards.shape[0]
    out = np.empty(n, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    for i in range(n):
        counts[:] = 0
        for j in range(5):
            counts[((np.int64(cards[i, j]) >> 2) + 1) % 13] += 1  # ace lowest
        # Groups by (count, rank), biggest first; the shape gives the category.
        value = 0
        groups = 0
        shape = 0
        for count in range(4, 0, -1):
            for r in range(12, -1, -1):
                if counts[r] == count:
                    value = value << 4 | r
                    groups += 1
                    shape = shape * 10 + count
        for _ in range(5 - groups):
            value <<= 4
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
        else:
            category = 5
        out[i] = -(category << 20 | value)
    return out


# --- exact enumeration ------------------------------------------------------------------------

_OMAHA: Final = 0
_HOLDEM: Final = 1
_MEMO_SLOTS: Final = 6175  # five-rank multisets with at most four of a rank


@_jit
def _prepare(holes: I8, pair_index: I16) -> tuple[I64, I64, I64, I64]:
    """Per player: the distinct hole rank pairs (indices), their count, and each suit's rank
    bits and count."""
    players, h = holes.shape
    pair_rows = np.zeros((players, 15), dtype=np.int64)
    pair_counts = np.zeros(players, dtype=np.int64)
    suit_bits = np.zeros((players, 4, 6), dtype=np.int64)
    suit_counts = np.zeros((players, 4), dtype=np.int64)
    for p in range(players):
        for u in range(h):
            cu = np.int64(holes[p, u])
            s = cu & 3
            suit_bits[p, s, suit_counts[p, s]] = 1 << (cu >> 2)
            suit_counts[p, s] += 1
            for v in range(u + 1, h):
                pair = np.int64(pair_index[(cu >> 2) * 13 + (np.int64(holes[p, v]) >> 2)])
                seen = False
                for q in range(pair_counts[p]):
                    if pair_rows[p, q] == pair:
                        seen = True
                        break
                if not seen:
                    pair_rows[p, pair_counts[p]] = pair
                    pair_counts[p] += 1
    return pair_rows, pair_counts, suit_bits, suit_counts


@_jit
def _fill_memo_rows(  # noqa: PLR0917 - numba kernels take arrays, not objects
    lo: int,
    hi: int,
    game: int,
    multisets: I8,
    known: I8,
    holes: I8,
    memo: I32,
    rank_add: I64,
    triple_index: I16,
    pair_triple: I32,
    multiset_index: I16,
    pair_rows: I64,
    pair_counts: I64,
) -> None:
    """Every player's best non-flush value for the multisets of ranks to come ``lo:hi``."""
    ranks = np.empty(5, dtype=np.int64)
    counts = np.empty(13, dtype=np.int64)
    rows = np.empty(10, dtype=np.int64)
    for j in range(lo, hi):
        _fill_memo_row(
            j,
            game,
            multisets,
            known,
            holes,
            memo,
            rank_add,
            triple_index,
            pair_triple,
            multiset_index,
            pair_rows,
            pair_counts,
            ranks,
            counts,
            rows,
        )


@_jit
def _fill_memo_row(  # noqa: PLR0917 - numba kernels take arrays, not objects
    j: int,
    game: int,
    multisets: I8,
    known: I8,
    holes: I8,
    memo: I32,
    rank_add: I64,
    triple_index: I16,
    pair_triple: I32,
    multiset_index: I16,
    pair_rows: I64,
    pair_counts: I64,
    ranks: I64,
    counts: I64,
    rows: I64,
) -> None:
    """Every player's best non-flush value for the ``j``-th multiset (scratch: the last 3)."""
    nk = known.shape[0]
    k = multisets.shape[1]
    for i in range(nk):
        ranks[i] = np.int64(known[i]) >> 2
    for i in range(k):
        ranks[nk + i] = multisets[j, i]
    counts[:] = 0
    key = 0
    for i in range(5):
        counts[ranks[i]] += 1
        key += rank_add[ranks[i]]
    for i in range(13):
        if counts[i] > 4:
            return
    slot = multiset_index[key]
    players = holes.shape[0]
    if game == _OMAHA:
        n = 0
        for x in range(3):
            for y in range(x + 1, 4):
                for z in range(y + 1, 5):
                    t = triple_index[ranks[x] * 169 + ranks[y] * 13 + ranks[z]]
                    rows[n] = np.int64(t) * 91
                    n += 1
        for p in range(players):
            best = -1
            for q in range(pair_counts[p]):
                pair = pair_rows[p, q]
                for t in range(10):
                    value = pair_triple[rows[t] + pair]
                    best = max(best, value)
            memo[p, slot] = best
    else:
        for p in range(players):
            for u in range(holes.shape[1]):
                counts[np.int64(holes[p, u]) >> 2] += 1
            memo[p, slot] = _value_from_counts(counts)
            for u in range(holes.shape[1]):
                counts[np.int64(holes[p, u]) >> 2] -= 1


@_jit
def _flush_of(  # noqa: PLR0917 - numba kernels take arrays, not objects
    game: int,
    p: int,
    suit: int,
    board_bits: I64,
    nb: int,
    suit_bits: I64,
    suit_counts: I64,
    flush5: I32,
) -> int:
    """Player ``p``'s best flush in ``suit`` (the board holds ``nb`` cards of it), or -1."""
    nh = suit_counts[p, suit]
    if game == _OMAHA:
        if nh < 2:
            return -1
        best = -1
        for u in range(nh - 1):
            for v in range(u + 1, nh):
                pair = suit_bits[p, suit, u] | suit_bits[p, suit, v]
                for x in range(nb - 2):
                    for y in range(x + 1, nb - 1):
                        three = pair | board_bits[x] | board_bits[y]
                        for z in range(y + 1, nb):
                            value = flush5[three | board_bits[z]]
                            best = max(best, value)
        return best
    if nh + nb < 5:
        return -1
    mask = 0
    for u in range(nh):
        mask |= suit_bits[p, suit, u]
    for x in range(nb):
        mask |= board_bits[x]
    return _flush_value(mask)


@_jit
def _walk(  # noqa: PLR0917 - numba kernels take arrays, not objects
    lo: int,
    hi: int,
    game: int,
    deck: I8,
    k: int,
    known: I8,
    memo: I32,
    suit_bits: I64,
    suit_counts: I64,
    rank_add: I64,
    multiset_index: I16,
    flush5: I32,
    unit: int,
    wins: I64,
    ties: I64,
) -> int:
    """Settle every board whose first card to come is ``deck[lo:hi]``; returns their count.

    ``wins[p]`` counts boards won alone, ``ties[p]`` adds ``unit // winners`` per shared
    board. With ``k == 0`` the known board is settled once.
    """
    m = deck.shape[0]
    players = memo.shape[0]
    nk = known.shape[0]
    board = np.empty(5, dtype=np.int64)
    known_key = 0
    known_suits = 0
    for i in range(nk):
        c = int(known[i])
        board[i] = c
        known_key += int(rank_add[c >> 2])
        known_suits += 1 << ((c & 3) << 2)
    board_bits = np.empty(5, dtype=np.int64)
    values = np.empty(players, dtype=np.int64)
    idx = np.empty(max(k, 1), dtype=np.int64)
    boards = 0
    for first in range(lo, hi if k > 0 else lo + 1):
        if m - first < k:
            break
        for i in range(k):
            idx[i] = first + i
        while True:
            key = known_key
            suits = known_suits
            for i in range(k):
                c = int(deck[idx[i]])
                board[nk + i] = c
                key += int(rank_add[c >> 2])
                suits += 1 << ((c & 3) << 2)
            slot = multiset_index[key]
            flushy = (suits + 0x5555) & 0x8888  # the nibble of a suit with 3+ cards, if any
            suit = -1
            nb = 0
            if flushy:
                suit = 0
                while not flushy >> (4 * suit + 3) & 1:
                    suit += 1
                for i in range(5):
                    if board[i] & 3 == suit:
                        board_bits[nb] = 1 << (board[i] >> 2)
                        nb += 1
            best = -1
            winners = 0
            for p in range(players):
                value = int(memo[p, slot])
                if suit >= 0:
                    flushed = _flush_of(
                        game, p, suit, board_bits, nb, suit_bits, suit_counts, flush5
                    )
                    value = max(value, flushed)
                values[p] = value
                if value > best:
                    best = value
                    winners = 1
                elif value == best:
                    winners += 1
            if winners == 1:
                for p in range(players):
                    if values[p] == best:
                        wins[p] += 1
            else:
                share = unit // winners
                for p in range(players):
                    if values[p] == best:
                        ties[p] += share
            boards += 1
            # The next combination that keeps idx[0] == first.
            i = k - 1
            while i >= 1 and idx[i] == m - k + i:
                i -= 1
            if i < 1:
                break
            idx[i] += 1
            for j in range(i + 1, k):
                idx[j] = idx[j - 1] + 1
    return boards


@_jit
def _exact_serial(  # noqa: PLR0917 - numba kernels take arrays, not objects
    game: int,
    holes: I8,
    known: I8,
    deck: I8,
    multisets: I8,
    rank_add: I64,
    pair_index: I16,
    triple_index: I16,
    pair_triple: I32,
    multiset_index: I16,
    flush5: I32,
    unit: int,
) -> I64:
    """Row 0: wins per player, row 1: tie units per player; ``[0, players]``: boards."""
    players = holes.shape[0]
    k = multisets.shape[1]
    pair_rows, pair_counts, suit_bits, suit_counts = _prepare(holes, pair_index)
    memo = np.full((players, _MEMO_SLOTS), -1, dtype=np.int32)
    _fill_memo_rows(
        0,
        multisets.shape[0],
        game,
        multisets,
        known,
        holes,
        memo,
        rank_add,
        triple_index,
        pair_triple,
        multiset_index,
        pair_rows,
        pair_counts,
    )
    out = np.zeros((2, players + 1), dtype=np.int64)
    out[0, players] = _walk(
        0,
        deck.shape[0] - k + 1,
        game,
        deck,
        k,
        known,
        memo,
        suit_bits,
        suit_counts,
        rank_add,
        multiset_index,
        flush5,
        unit,
        out[0],
        out[1],
    )
    return out


@_jit_parallel
def _exact_parallel(  # noqa: PLR0917 - numba kernels take arrays, not objects
    game: int,
    holes: I8,
    known: I8,
    deck: I8,
    multisets: I8,
    rank_add: I64,
    pair_index: I16,
    triple_index: I16,
    pair_triple: I32,
    multiset_index: I16,
    flush5: I32,
    unit: int,
) -> I64:
    """:func:`_exact_serial` on numba's threads (needs at least one card to come)."""
    players = holes.shape[0]
    k = multisets.shape[1]
    pair_rows, pair_counts, suit_bits, suit_counts = _prepare(holes, pair_index)
    memo = np.full((players, _MEMO_SLOTS), -1, dtype=np.int32)
    chunks = (multisets.shape[0] + 63) // 64
    for chunk in numba.prange(chunks):
        _fill_memo_rows(
            chunk * 64,
            min(chunk * 64 + 64, multisets.shape[0]),
            game,
            multisets,
            known,
            holes,
            memo,
            rank_add,
            triple_index,
            pair_triple,
            multiset_index,
            pair_rows,
            pair_counts,
        )
    firsts = deck.shape[0] - k + 1
    part = np.zeros((firsts, 2, players + 1), dtype=np.int64)
    # Early first cards head far more boards than late ones: take them 0, last, 1, ... so
    # that each thread's contiguous share of the loop gets about as many boards.
    for j in numba.prange(firsts):
        first = j // 2 if j % 2 == 0 else firsts - 1 - j // 2
        part[j, 0, players] = _walk(
            first,
            first + 1,
            game,
            deck,
            k,
            known,
            memo,
            suit_bits,
            suit_counts,
            rank_add,
            multiset_index,
            flush5,
            unit,
            part[j, 0],
            part[j, 1],
        )
    total: I64 = part.sum(axis=0)
    return total


# --- public API -------------------------------------------------------------------------------


def _as_cards(cards: Any, name: str, widths: range | None = None) -> I8:
    array = np.ascontiguousarray(cards, dtype=np.int8)
    if array.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array of cards (one hand a row)")
    if widths is not None and array.shape[1] not in widths:
        span = f"{widths.start}" if len(widths) == 1 else f"{widths.start} to {widths.stop - 1}"
        raise ValueError(f"{name} needs {span} cards a row, got {array.shape[1]}")
    return array


def high5_batch(cards: Any) -> I64:
    """``high_value_5`` of each row of an ``(n, 5)`` card array."""
    t = _tables()
    array = _as_cards(cards, "cards", range(5, 6))
    return _high5_kernel(array, t.pair_index, t.triple_index, t.pair_triple, t.flush5)


def high_batch(cards: Any) -> I64:
    """``high_value`` (best five) of each row of an ``(n, k)`` card array, k from 5 to 10."""
    return _high_kernel(_as_cards(cards, "cards", range(5, 11)))


def omaha_batch(hole: Any, board: Any) -> I64:
    """``omaha_value`` of each row: ``hole`` is ``(n, 4..6)``, ``board`` is ``(n, 3..5)``."""
    t = _tables()
    holes = _as_cards(hole, "hole", range(4, 7))
    boards = _as_cards(board, "board", range(3, 6))
    if holes.shape[0] != boards.shape[0]:
        raise ValueError(f"{holes.shape[0]} hole rows but {boards.shape[0]} board rows")
    return _omaha_kernel(holes, boards, t.pair_index, t.triple_index, t.pair_triple, t.flush5)


def badugi_batch(cards: Any, aces_high: bool = False) -> I64:
    """``badugi_value(row, aces_high=aces_high)`` of each row of an ``(n, k)`` card array."""
    return _badugi_kernel(_as_cards(cards, "cards", range(1, 53)), bool(aces_high), False)


def doogie_batch(cards: Any) -> I64:
    """``doogie_value`` of each row (all of a player's cards), :data:`NO_DOOGIE` for None."""
    return _badugi_kernel(_as_cards(cards, "cards", range(1, 53)), False, True)


def deuce_seven_batch(cards: Any) -> I64:
    """``deuce_seven_value_5`` of each row of an ``(n, 5)`` card array."""
    t = _tables()
    array = _as_cards(cards, "cards", range(5, 6))
    return _deuce_seven_kernel(array, t.pair_index, t.triple_index, t.pair_triple, t.flush5)


def a5_batch(cards: Any) -> I64:
    """``a5_value_5`` of each row of an ``(n, 5)`` card array."""
    return _a5_kernel(_as_cards(cards, "cards", range(5, 6)))


class ExactCounts(NamedTuple):
    """Raw tallies of an exact enumeration (what the float results are divided from)."""

    boards: int  # boards walked
    wins: tuple[int, ...]  # per player, boards won alone
    tie_units: tuple[int, ...]  # per player, sum over shared boards of unit / winners
    unit: int  # lcm(1..players): a whole pot in tie units

    def results(self) -> list[tuple[float, float, float]]:
        """Per player ``(win, tie share, equity)``, each a correctly rounded exact ratio."""
        whole = self.unit * self.boards
        return [
            (w / self.boards, t / whole, (w * self.unit + t) / whole)
            for w, t in zip(self.wins, self.tie_units, strict=True)
        ]


def _check_spot(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    sizes: range,
    game: str,
) -> list[int]:
    """Every card of the spot, after checking counts, range and duplicates."""
    if len(holes) < 2:
        raise ValueError(f"{game} equity needs at least 2 players, got {len(holes)}")
    size = len(holes[0])
    if size not in sizes or any(len(hole) != size for hole in holes):
        want = f"{sizes.start}" if len(sizes) == 1 else f"{sizes.start} to {sizes.stop - 1}"
        got = ", ".join(str(len(hole)) for hole in holes)
        raise ValueError(
            f"{game}: every player needs {want} hole cards, the same number; got {got}"
        )
    if len(board) > 5:
        raise ValueError(f"a board has at most 5 cards, got {len(board)}")
    seen = [c for hole in holes for c in hole]
    seen += board
    seen += dead
    if len(set(seen)) != len(seen) or not all(0 <= c < 52 for c in seen):
        for card in seen:
            if not 0 <= card < 52:
                raise ValueError(f"not a card: {card} (cards are 0 to 51)")
        raise ValueError("a card appears twice among the hands, the board and the dead cards")
    return seen


def exact_counts(
    game: str,
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int] = (),
    *,
    max_boards: int = DEFAULT_MAX_BOARDS,
    parallel: bool | None = None,
) -> ExactCounts:
    """Walk every board for ``game`` (``"omaha"`` or ``"holdem"``); the raw tallies.

    ``parallel`` None uses numba's threads from :data:`PARALLEL_MIN_BOARDS` boards up; True
    or False forces the choice (a finished board always runs on one thread).
    """
    if game == "omaha":
        code, sizes = _OMAHA, range(4, 7)
    elif game == "holdem":
        code, sizes = _HOLDEM, range(2, 3)
    else:
        raise ValueError(f"unknown game {game!r}: 'omaha' or 'holdem'")
    taken = set(_check_spot(holes, board, dead, sizes, game))
    deck = np.array([c for c in range(52) if c not in taken], dtype=np.int8)
    k = 5 - len(board)
    total = math.comb(len(deck), k)
    if total == 0:
        raise ValueError(f"only {len(deck)} cards left for {k} board cards")
    if total > max_boards:
        raise ValueError(
            f"{total:,} boards to walk, more than max_boards={max_boards:,}; deal more of the "
            "board or raise max_boards"
        )
    t = _TABLES or _tables()
    players = len(holes)
    unit = math.lcm(*range(1, players + 1))
    use_threads = k > 0 and (total >= PARALLEL_MIN_BOARDS if parallel is None else parallel)
    kernel = _exact_parallel if use_threads else _exact_serial
    out = kernel(
        code,
        np.array(holes, dtype=np.int8),
        np.array(board, dtype=np.int8),
        deck,
        _rank_multisets(k),
        t.rank_add,
        t.pair_index,
        t.triple_index,
        t.pair_triple,
        t.multiset_index,
        t.flush5,
        unit,
    )
    boards = int(out[0, players])
    if boards != total:  # pragma: no cover - a broken enumeration must never pass silently
        raise AssertionError(f"walked {boards} boards, expected {total}")
    tallies = out[:, :players].tolist()
    return ExactCounts(boards, tuple(tallies[0]), tuple(tallies[1]), unit)


def omaha_exact_equity(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int] = (),
    *,
    max_boards: int = DEFAULT_MAX_BOARDS,
    parallel: bool | None = None,
) -> list[tuple[float, float, float]]:
    """Exact Omaha high equity over every remaining board, single award.

    ``holes`` has 2+ players of 4, 5 or 6 hole cards each (all the same count); ``board`` has
    0 to 5 cards. Returns per player ``(win, tie share, equity)``: the probability of winning
    alone, the expected fraction of the pot won through ties (a two-way tie counts 1/2), and
    their sum. Raises ValueError when more than ``max_boards`` boards remain.
    """
    counts = exact_counts("omaha", holes, board, dead, max_boards=max_boards, parallel=parallel)
    return counts.results()


def holdem_exact_equity(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int] = (),
    *,
    max_boards: int = DEFAULT_MAX_BOARDS,
    parallel: bool | None = None,
) -> list[tuple[float, float, float]]:
    """Exact hold'em equity (best five of seven), as :func:`omaha_exact_equity`."""
    counts = exact_counts("holdem", holes, board, dead, max_boards=max_boards, parallel=parallel)
    return counts.results()


def warm_up() -> None:
    """Build the tables and compile (or load from numba's cache) every kernel."""
    five = np.array([[0, 5, 10, 15, 20]], dtype=np.int8)
    high5_batch(five)
    high_batch(five)
    omaha_batch(np.array([[0, 5, 10, 15]]), np.array([[20, 25, 30]]))
    badugi_batch(five)
    doogie_batch(five)
    deuce_seven_batch(five)
    a5_batch(five)
    spot = [[0, 1, 2, 3], [4, 5, 6, 7]]
    omaha_exact_equity(spot, [8, 12, 16, 20])
    omaha_exact_equity(spot, [8, 12, 16], parallel=True)
    omaha_exact_equity(spot, [8, 12, 16], parallel=False)
    holdem_exact_equity([[0, 1], [4, 5]], [8, 12, 16], parallel=True)
    holdem_exact_equity([[0, 1], [4, 5]], [8, 12, 16], parallel=False)
