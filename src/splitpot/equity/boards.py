"""Exact walks over the board alone, every hand final: each hand valued once per rank pattern.

The non-flush part of an Omaha or high hand depends only on the ranks: each player's best
non-flush value is computed once per multiset of board ranks (at most 91 from the flop, 6,175
preflop), and the board loop reads it from that table, checking a flush only when a suit shows
three times. An award valued on the hole cards alone (draw high, Badugi, 2-7, A-5) is valued
once; any other (Doogie's, or a board of other than five cards) per board. Every board is then
settled as in :mod:`splitpot.equity.settlement`. From the flop or earlier on many boards, the
walk can run on numba's threads, one first card each; the integer tallies add up the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from splitpot.equity.compiling import I8, I64, inline, jit, jit_parallel, prange
from splitpot.equity.kernel_api import NO_HAND, award_value
from splitpot.equity.ranks import five_card_tables, flush_value, rank_multisets, value_from_counts
from splitpot.equity.runout import NB0, TIE_KEEPS, UNIT, B, declare
from splitpot.equity.settlement import ACES_HIGH, HOLE_ONLY_KINDS, KIND, tally
from splitpot.games.spec import EvalKind

__all__ = ["CONST", "DIRECT", "HIGH", "OMAHA", "modes_for", "walk_boards"]

CONST: Final = 0  # valued once, on the hole cards
OMAHA: Final = 1  # rank-pattern table, exactly two hole cards and three board cards
HIGH: Final = 2  # rank-pattern table, best five of hole and board
DIRECT: Final = 3  # valued per board
_SLOTS: Final = 6175  # five-rank multisets with at most four of a rank


@jit
def _prepare(holes: I8, pair_index: Any) -> tuple[I64, I64, I64, I64]:
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


@inline
def _memo_row(  # noqa: PLR0917 - numba kernels take arrays, not objects
    j: int, mode: int, multisets: I8, known: I8, holes: I8, memo: Any, ft: Any, pair_rows: I64,
    pair_counts: I64, ranks: I64, counts: I64,
) -> None:  # fmt: skip
    """Every player's best non-flush value for the ``j``-th multiset of ranks to come."""
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
        key += ft.rank_add[ranks[i]]
    for i in range(13):
        if counts[i] > 4:
            return
    slot = ft.multiset_index[key]
    players = holes.shape[0]
    if mode == OMAHA:
        # the best of each hole rank pair with three of these five ranks, read whole
        base = np.int64(ft.board_index[2, key]) * 91
        for p in range(players):
            best = -1
            for q in range(pair_counts[p]):
                best = max(best, int(ft.pair_best[base + pair_rows[p, q]]))
            memo[p, slot] = best
    else:
        for p in range(players):
            for u in range(holes.shape[1]):
                counts[np.int64(holes[p, u]) >> 2] += 1
            memo[p, slot] = value_from_counts(counts)
            for u in range(holes.shape[1]):
                counts[np.int64(holes[p, u]) >> 2] -= 1


@inline
def _flush_of(  # noqa: PLR0917 - numba kernels take arrays, not objects
    mode: int, p: int, suit: int, board_bits: I64, nb: int, suit_bits: I64, suit_counts: I64,
    flush5: Any,
) -> int:  # fmt: skip
    """Player ``p``'s best flush in ``suit`` (the board holds ``nb`` cards of it), or -1."""
    nh = suit_counts[p, suit]
    if mode == OMAHA:
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
                            best = max(best, int(flush5[three | board_bits[z]]))
        return best
    if nh + nb < 5:
        return -1
    mask = 0
    for u in range(nh):
        mask |= suit_bits[p, suit, u]
    for x in range(nb):
        mask |= board_bits[x]
    return flush_value(mask)


@jit
def _walk_range(  # noqa: PLR0917 - numba kernels take arrays, not objects
    lo: int, hi: int, deck: I8, k: int, holes: I8, modes: I64, memo: Any, consts: I64,
    suit_bits: I64, suit_counts: I64, ft: Any, spot: Any, tables: Any, rows: I64,
) -> int:  # fmt: skip
    """Settle every board whose first card to come is ``deck[lo:hi]``; their count."""
    _, _, known, _, _, wanted, awards, params = spot
    rank_add = ft.rank_add
    multiset_index = ft.multiset_index
    flush5 = ft.flush5
    m = deck.shape[0]
    players = holes.shape[0]
    count = awards.shape[0]
    nk = params[NB0]
    total = params[B]
    keyed = False
    for a in range(count):
        if modes[a] == OMAHA or modes[a] == HIGH:
            keyed = True
    board = np.zeros(8, dtype=np.int8)
    known_key = 0
    known_suits = 0
    for i in range(nk):
        c = int(known[i])
        board[i] = known[i]
        known_key += rank_add[c >> 2]
        known_suits += 1 << ((c & 3) << 2)
    board_bits = np.empty(5, dtype=np.int64)
    values = np.empty((players, count), dtype=np.int64)
    best = np.empty((2, count), dtype=np.int64)
    out = np.empty(players, dtype=np.int64)
    share = np.empty(players, dtype=np.int64)
    decl = np.empty(players, dtype=np.int64)
    idx = np.empty(max(k, 1), dtype=np.int64)
    tie_keeps = params[TIE_KEEPS] != 0
    unit = params[UNIT]
    for p in range(players):
        for a in range(count):
            values[p, a] = consts[p, a]
    boards = 0
    for first in range(lo, hi if k > 0 else lo + 1):
        if m - first < k:
            break
        for i in range(k):
            idx[i] = first + i
        while True:
            for i in range(k):
                board[nk + i] = deck[idx[i]]
            slot = 0
            suit = -1
            nb = 0
            if keyed:
                key = known_key
                suits = known_suits
                for i in range(k):
                    c = int(deck[idx[i]])
                    key += rank_add[c >> 2]
                    suits += 1 << ((c & 3) << 2)
                slot = multiset_index[key]
                flushy = (suits + 0x5555) & 0x8888  # the nibble of a suit with 3+ cards
                if flushy:
                    suit = 0
                    while not flushy >> (4 * suit + 3) & 1:
                        suit += 1
                    for i in range(5):
                        if board[i] & 3 == suit:
                            board_bits[nb] = 1 << (np.int64(board[i]) >> 2)
                            nb += 1
            for a in range(count):
                mode = modes[a]
                if mode == CONST:
                    continue
                for p in range(players):
                    if mode == DIRECT:
                        values[p, a] = award_value(
                            awards[a, KIND], awards[a, ACES_HIGH] != 0, holes[p], board[:total],
                            tables,
                        )  # fmt: skip
                        continue
                    value = int(memo[a, p, slot])
                    if suit >= 0:
                        flushed = _flush_of(
                            mode, p, suit, board_bits, nb, suit_bits, suit_counts, flush5
                        )
                        value = max(value, flushed)
                    values[p, a] = value
            for v in range(wanted.shape[0]):
                declare(values, awards, wanted[v], decl)
                tally(values, awards, decl, tie_keeps, unit, NO_HAND, best, out, share, rows[v])
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


@jit
def _fill(  # noqa: PLR0917 - numba kernels take arrays, not objects
    lo: int, hi: int, modes: I64, multisets: I8, known: I8, holes: I8, memo: Any, ft: Any,
    pair_rows: I64, pair_counts: I64,
) -> None:  # fmt: skip
    ranks = np.empty(5, dtype=np.int64)
    counts = np.empty(13, dtype=np.int64)
    for a in range(modes.shape[0]):
        if modes[a] == OMAHA or modes[a] == HIGH:
            for j in range(lo, hi):
                _memo_row(j, modes[a], multisets, known, holes, memo[a], ft, pair_rows,
                          pair_counts, ranks, counts)  # fmt: skip


@jit
def _serial(  # noqa: PLR0917 - numba kernels take arrays, not objects
    deck: I8, k: int, holes: I8, modes: I64, consts: I64, multisets: I8, ft: Any, spot: Any,
    tables: Any, rows: I64,
) -> int:  # fmt: skip
    pair_rows, pair_counts, suit_bits, suit_counts = _prepare(holes, ft.pair_index)
    memo = np.empty((modes.shape[0], holes.shape[0], _SLOTS), dtype=np.int32)
    known = spot[2][: spot[7][NB0]]
    _fill(0, multisets.shape[0], modes, multisets, known, holes, memo, ft, pair_rows,
          pair_counts)  # fmt: skip
    return _walk_range(0, deck.shape[0] - k + 1, deck, k, holes, modes, memo, consts, suit_bits,
                       suit_counts, ft, spot, tables, rows)  # fmt: skip


@jit_parallel
def _threaded(  # noqa: PLR0917 - numba kernels take arrays, not objects
    deck: I8, k: int, holes: I8, modes: I64, consts: I64, multisets: I8, ft: Any, spot: Any,
    tables: Any, rows: I64,
) -> int:  # fmt: skip
    pair_rows, pair_counts, suit_bits, suit_counts = _prepare(holes, ft.pair_index)
    memo = np.empty((modes.shape[0], holes.shape[0], _SLOTS), dtype=np.int32)
    known = spot[2][: spot[7][NB0]]
    chunks = (multisets.shape[0] + 63) // 64
    for chunk in prange(chunks):
        _fill(chunk * 64, min(chunk * 64 + 64, multisets.shape[0]), modes, multisets, known,
              holes, memo, ft, pair_rows, pair_counts)  # fmt: skip
    firsts = deck.shape[0] - k + 1
    parts = np.zeros((firsts, rows.shape[0], rows.shape[1], rows.shape[2]), dtype=np.int64)
    counts = np.zeros(firsts, dtype=np.int64)
    # Early first cards head far more boards than late ones: take them 0, last, 1, ... so
    # that each thread's contiguous share of the loop gets about as many boards.
    for j in prange(firsts):
        first = j // 2 if j % 2 == 0 else firsts - 1 - j // 2
        counts[j] = _walk_range(first, first + 1, deck, k, holes, modes, memo, consts,
                                suit_bits, suit_counts, ft, spot, tables, parts[j])  # fmt: skip
    rows += parts.sum(axis=0)
    return int(counts.sum())


_MODE_OF: Final = {EvalKind.OMAHA: OMAHA, EvalKind.HIGH: HIGH}


def modes_for(kinds: Sequence[EvalKind], board_cards: int) -> I64:
    """How each award is valued in a board walk (see the module docstring)."""
    out = []
    for kind in kinds:
        if kind in HOLE_ONLY_KINDS:
            out.append(CONST)
        elif kind in _MODE_OF and board_cards == 5:
            out.append(_MODE_OF[kind])
        else:
            out.append(DIRECT)
    return np.array(out, dtype=np.int64)


@jit
def _consts(holes: I8, modes: I64, awards: I64, tables: Any) -> I64:
    board = np.zeros(0, dtype=np.int8)
    out = np.zeros((holes.shape[0], modes.shape[0]), dtype=np.int64)
    for p in range(holes.shape[0]):
        for a in range(modes.shape[0]):
            if modes[a] == CONST:
                out[p, a] = award_value(awards[a, KIND], awards[a, ACES_HIGH] != 0, holes[p],
                                        board, tables)  # fmt: skip
    return out


def walk_boards(  # noqa: PLR0917 - the encoded spot's parts
    deck: I8, k: int, holes: I8, spot: Any, modes: I64, tables: Any, rows: I64, threaded: bool
) -> int:
    """Every board of ``k`` more cards from ``deck``, the hands ``holes`` final; the count."""
    ft = five_card_tables()
    consts = _consts(holes, modes, spot[6], tables)
    multisets = rank_multisets(k)
    kernel = _threaded if threaded and k > 0 else _serial
    return int(kernel(deck, k, holes, modes, consts, multisets, ft, spot, tables, rows))
