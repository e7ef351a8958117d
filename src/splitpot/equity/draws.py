"""The draw policies, compiled: the very cards :func:`splitpot.equity.policy.choose_discard`
throws, as a mask of positions in the hand.

A hand is an int8 array in the order the Python path keeps it (the cards kept, then the
replacements as they were dealt), because the policy's choices among equal ranks follow that
order. Each award's :class:`~splitpot.games.spec.Keep` (column ``KEEP`` of its row) picks the
cards it keeps, exactly as in the Python policy; ``tests/test_equity_draws.py`` compares the two
on many hands of every game with draws.

``tables`` are the evaluator kernels' (the Badugi keep asks their Badugi value) and ``ft``
the five-card tables of :mod:`splitpot.equity.fast` (the Omaha keep ranks pairs
against board triples with them).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from splitpot.equity.compiling import I8, I64, inline
from splitpot.equity.kernel_api import badugi_value_k
from splitpot.equity.settlement import ACES_HIGH, KEEP
from splitpot.games.spec import Keep

__all__ = ["HEURISTIC", "KEEP_CODES", "PAT", "choose_mask"]

KEEP_CODES: Final = {keep: i for i, keep in enumerate(Keep)}
_DRAW_HIGH: Final = KEEP_CODES[Keep.DRAW_HIGH]
_DEUCE_SEVEN: Final = KEEP_CODES[Keep.DEUCE_SEVEN]
_A5: Final = KEEP_CODES[Keep.A5]
_BADUGI: Final = KEEP_CODES[Keep.BADUGI]
_OMAHA: Final = KEEP_CODES[Keep.OMAHA]
_LOW_MASK: Final = sum(1 << KEEP_CODES[k] for k in Keep if k.low)

HEURISTIC: Final = 0
PAT: Final = 1
_FULL13: Final = 0x1FFF


@inline
def _bits(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@inline
def _top_two(hand: I8, n: int) -> int:
    """Positions of the two highest ranks; among equal ranks the earlier card first."""
    first = -1
    for i in range(n):
        if first < 0 or hand[i] >> 2 > hand[first] >> 2:
            first = i
    second = -1
    for i in range(n):
        if i != first and (second < 0 or hand[i] >> 2 > hand[second] >> 2):
            second = i
    mask = 1 << first
    if second >= 0:
        mask |= 1 << second
    return mask


@inline
def _keep_draw_high(hand: I8, n: int) -> int:
    once = 0  # ranks seen at least once, twice, three times, four times
    twice = 0
    thrice = 0
    four = 0
    suit = hand[0] & 3
    flush = True
    for i in range(n):
        bit = 1 << (hand[i] >> 2)
        if thrice & bit:
            four |= bit
        elif twice & bit:
            thrice |= bit
        elif once & bit:
            twice |= bit
        else:
            once |= bit
        if hand[i] & 3 != suit:
            flush = False
    straight = False
    if _bits(once) == 5:
        low = once & -once
        straight = once == low * 31 or once == 0b1_0000_0000_1111
    full_house = thrice and twice & ~thrice
    if (n == 5 and (flush or straight)) or four or full_house:
        return (1 << n) - 1  # a straight or better stands pat
    paired = 0
    for i in range(n):
        if twice >> (hand[i] >> 2) & 1:
            paired |= 1 << i
    if paired:
        return paired
    return _top_two(hand, n)


@inline
def _keep_low(hand: I8, n: int, aces_low: bool) -> int:
    if n == 5:
        ranks = 0
        top = 0
        suit = hand[0] & 3
        suited = True
        for i in range(5):
            r = hand[i] >> 2
            low = (r + 1) % 13 if aces_low else r
            ranks |= 1 << low
            top = max(top, low)
            if hand[i] & 3 != suit:
                suited = False
        if _bits(ranks) == 5:
            if aces_low:
                if top <= 8:  # a made nine or better
                    return 31
            else:
                lowest = ranks & -ranks
                straight = ranks == lowest * 31
                if top <= 7 and not suited and not straight:  # 2-7: a made nine or better
                    return 31
    seen = 0
    mask = 0
    limit = 7 if aces_low else 6  # up to the eight
    for i in range(n):
        r = hand[i] >> 2
        low = (r + 1) % 13 if aces_low else r
        if low <= limit and not seen >> low & 1:
            seen |= 1 << low
            mask |= 1 << i
    return mask


@inline
def _keep_badugi(hand: I8, n: int, aces_high: bool, tables: Any) -> int:
    value = badugi_value_k(hand[:n], aces_high, tables)
    count = value >> 13
    target = _FULL13 - (value & _FULL13)  # the ranks of the best badugi (aces low or high)
    # The first subset, in combination order, with distinct suits and ranks making the
    # value: of two subsets of one size, the one holding the lowest position where they
    # differ comes first. Only cards of the target's ranks can be in it: the submasks of
    # those positions are tried (the order of the tries does not matter, the first wins).
    candidates = 0
    for i in range(n):
        r = int(hand[i]) >> 2
        if not aces_high:
            r = 0 if r == 12 else r + 1
        if target >> r & 1:
            candidates |= 1 << i
    best = 0
    subset = candidates
    if _bits(candidates) == count:  # one card of each rank: the only such subset
        best = candidates
        subset = 0
    while subset:
        if _bits(subset) == count and not (best and (subset ^ best) & -(subset ^ best) & best):
            suits = 0
            ranks = 0
            ok = True
            for i in range(n):
                if not subset >> i & 1:
                    continue
                c = hand[i]
                sbit = 1 << (c & 3)
                rbit = 1 << (c >> 2 if aces_high else ((c >> 2) + 1) % 13)
                if suits & sbit or ranks & rbit:
                    ok = False
                    break
                suits |= sbit
                ranks |= rbit
            if ok and ranks == target:
                best = subset
        subset = (subset - 1) & candidates
    if count == 4:
        return best
    mask = 0
    for i in range(n):
        if best >> i & 1:
            r = hand[i] >> 2 if aces_high else ((hand[i] >> 2) + 1) % 13
            if r <= 7:
                mask |= 1 << i
    return mask


@inline
def _flush_with(pair_bits: int, suit: int, board: I8, nb: int, flush5: Any) -> int:
    """The best flush of a suited pair (rank bits ``pair_bits``) with three board cards."""
    best = -1
    for x in range(nb - 2):
        if board[x] & 3 != suit:
            continue
        for y in range(x + 1, nb - 1):
            if board[y] & 3 != suit:
                continue
            for z in range(y + 1, nb):
                if board[z] & 3 != suit:
                    continue
                mask = pair_bits | 1 << (board[x] >> 2) | 1 << (board[y] >> 2)
                best = max(best, int(flush5[mask | 1 << (board[z] >> 2)]))
    return best


@inline
def _keep_omaha(hand: I8, n: int, board: I8, nb: int, ft: Any) -> int:
    if nb < 3:
        return _top_two(hand, n)
    key = 0
    suits = 0  # four 4-bit counts
    for i in range(nb):
        key += ft.rank_add[board[i] >> 2]
        suits += 1 << ((board[i] & 3) << 2)
    base = np.int64(ft.board_index[nb - 3, key]) * 91
    best = -1
    keep = 0
    for u in range(n - 1):
        cu = hand[u]
        for v in range(u + 1, n):
            cv = hand[v]
            top = int(ft.pair_best[base + ft.pair_index[(cu >> 2) * 13 + (cv >> 2)]])
            suit = cu & 3
            if cv & 3 == suit and suits >> (suit << 2) & 0xF >= 3:
                pair_bits = 1 << (cu >> 2) | 1 << (cv >> 2)
                top = max(top, _flush_with(pair_bits, suit, board, nb, ft.flush5))
            if top > best:  # the first pair making the best hand
                best = top
                keep = 1 << u | 1 << v
    return keep


@inline
def choose_mask(  # noqa: PLR0917 - numba kernels take arrays, not objects
    hand: I8,
    n: int,
    board: I8,
    nb: int,
    limit: int,
    policy: int,
    awards: I64,
    ft: Any,
    tables: Any,
) -> int:
    """The positions of ``hand[:n]`` a player following ``policy`` throws, on ``board[:nb]``,
    at a draw of at most ``limit`` cards."""
    if policy == PAT:
        return 0
    kept = 0
    lowish = True
    for a in range(awards.shape[0]):
        keep = awards[a, KEEP]
        if keep == _DRAW_HIGH:
            kept |= _keep_draw_high(hand, n)
        elif keep == _DEUCE_SEVEN:
            kept |= _keep_low(hand, n, False)
        elif keep == _A5:
            kept |= _keep_low(hand, n, True)
        elif keep == _BADUGI:
            kept |= _keep_badugi(hand, n, awards[a, ACES_HIGH] != 0, tables)
        elif keep == _OMAHA:
            kept |= _keep_omaha(hand, n, board, nb, ft)
        else:
            kept |= (1 << n) - 1
        if not _LOW_MASK >> keep & 1:
            lowish = False
    throw = ((1 << n) - 1) & ~kept
    if _bits(throw) <= limit:
        return throw
    # Least useful first: for low halves the highest cards, for high halves the lowest; among
    # equal ranks, the earlier card first (a stable sort).
    out = 0
    taken = 0
    for step in range(13):
        r = 12 - step if lowish else step
        for i in range(n):
            if taken < limit and throw >> i & 1 and hand[i] >> 2 == r:
                out |= 1 << i
                taken += 1
    return out
