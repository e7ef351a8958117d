"""One runout in the compiled engine: deal the unknown hole cards, play the draws still to
come, turn the rest of the board, value every hand for every award.

The order of the cards is the Python path's (:mod:`splitpot.equity.reference`): each seat's
missing hole cards in seat order, then at each draw the board up to that draw and each seat's
replacements in turn, then the rest of the board. Cards come from ``seq``, a permutation of the
unseen cards made lazily by Fisher-Yates (only the cards a runout uses are shuffled into
place); several plays of one sample (the options of the discard advisor) read the same
sequence, so they are compared on common cards. When the stub runs out, the discards so far are
reshuffled and dealt from, as at the table (RULES.md "Drawing").

The spot arrives as a tuple (:func:`splitpot.equity.encode.encode`):
``(known, known_n, board0, draws, fixed, decl, awards, params)``.
"""

from __future__ import annotations

from typing import Any, Final

from splitpot.equity.compiling import I8, I64, U64, inline
from splitpot.equity.draws import choose_mask
from splitpot.equity.kernel_api import NO_HAND, award_value
from splitpot.equity.rng import below
from splitpot.equity.settlement import ACES_HIGH, BOTH, BY_CARDS, HIGH, KIND, LOW, SIDE, qualifies

__all__ = ["FAILED", "NB0", "POLICY", "TIE_KEEPS", "UNIT", "H", "play", "values_of"]

# params
H: Final = 0  # hole cards a hand holds
B: Final = 1  # board cards at the showdown
NB0: Final = 2  # board cards known
POLICY: Final = 3
TIE_KEEPS: Final = 4
UNIT: Final = 5
PARAMS: Final = 6

# counters of a play (an int64 array ``st``)
_POS: Final = 0  # next position of ``seq`` to deal
GEN: Final = 1  # positions of ``seq`` already shuffled into place this sample
_POOL_TOP: Final = 2
_POOL_N: Final = 3
_DISCARDS: Final = 4
FAILED: Final = 5  # set when even the reshuffled discards cannot deal a card
COUNTERS: Final = 6


@inline
def _take(seq: I8, st: I64, pool: I8, discards: I8, rng: U64, shuffle: U64) -> int:
    pos = st[_POS]
    size = seq.shape[0]
    if pos < size:
        if pos == st[GEN]:
            j = pos + below(rng, size - pos)
            card = seq[j]
            seq[j] = seq[pos]
            seq[pos] = card
            st[GEN] = pos + 1
        st[_POS] = pos + 1
        return seq[pos]
    if st[_POOL_TOP] == st[_POOL_N]:
        n = st[_DISCARDS]
        if n == 0:
            st[FAILED] = 1
            return 0
        for i in range(n):
            pool[i] = discards[i]
        st[_POOL_N] = n
        st[_POOL_TOP] = 0
        st[_DISCARDS] = 0
    top = st[_POOL_TOP]
    j = top + below(shuffle, st[_POOL_N] - top)
    card = pool[j]
    pool[j] = pool[top]
    pool[top] = card
    st[_POOL_TOP] = top + 1
    return card


@inline
def play(  # noqa: PLR0917 - numba kernels take arrays, not objects
    v: int,
    spot: Any,
    ft: Any,
    seq: I8,
    st: I64,
    pool: I8,
    discards: I8,
    hands: I8,
    board: I8,
    thrown: I8,
    rng: U64,
    shuffle: U64,
) -> bool:
    """Deal and draw variant ``v`` of one runout into ``hands`` and ``board``; False when the
    cards run out (``st[FAILED]``). ``st[GEN]`` must be 0 at the first play of a sample, and
    ``seq`` the unseen cards in deck order; ``rng`` shuffles ``seq``, ``shuffle`` (a stream
    started afresh for each variant) the reshuffled discards."""
    known, known_n, board0, draws, fixed, _, awards, params = spot
    h = params[H]
    st[_POS] = 0
    st[_POOL_TOP] = 0
    st[_POOL_N] = 0
    st[_DISCARDS] = 0
    players = known.shape[0]
    for p in range(players):
        n = known_n[p]
        for i in range(n):
            hands[p, i] = known[p, i]
        for i in range(n, h):
            hands[p, i] = _take(seq, st, pool, discards, rng, shuffle)
    nb = params[NB0]
    for i in range(nb):
        board[i] = board0[i]
    for d in range(draws.shape[0]):
        while nb < draws[d, 1]:
            board[nb] = _take(seq, st, pool, discards, rng, shuffle)
            nb += 1
        limit = draws[d, 0]
        for p in range(players):
            row = hands[p]
            mask = fixed[v, p] if d == 0 else -1
            if mask < 0:
                mask = choose_mask(row, h, board, nb, limit, params[POLICY], awards, ft)
            if mask == 0:
                continue
            kept = 0
            out = 0
            for i in range(h):
                if mask >> i & 1:
                    thrown[out] = row[i]
                    out += 1
                else:
                    row[kept] = row[i]
                    kept += 1
            for i in range(kept, h):
                row[i] = _take(seq, st, pool, discards, rng, shuffle)
            # the thrown cards join the discards only after the replacements (RULES.md)
            base = st[_DISCARDS]
            for i in range(out):
                discards[base + i] = thrown[i]
            st[_DISCARDS] = base + out
        if st[FAILED]:
            return False
    while nb < params[B]:
        board[nb] = _take(seq, st, pool, discards, rng, shuffle)
        nb += 1
    return not st[FAILED]


@inline
def values_of(hands: I8, board: I8, awards: I64, params: I64, tables: Any, values: I64) -> None:
    """Every player's raw value for every award (``NO_HAND`` where none)."""
    h = params[H]
    b = params[B]
    for p in range(hands.shape[0]):
        for a in range(awards.shape[0]):
            values[p, a] = award_value(
                awards[a, KIND], awards[a, ACES_HIGH] != 0, hands[p, :h], board[:b], tables
            )


@inline
def declare(values: I64, awards: I64, wanted: I64, decl: I64) -> None:
    """Resolve the declarations of a variant: ``BY_CARDS`` becomes what
    :func:`splitpot.equity.policy.declare_by_cards` picks from the values."""
    for p in range(values.shape[0]):
        way = wanted[p]
        if way == BY_CARDS:
            high_ok = False
            low_ok = False
            has_low = False
            for a in range(awards.shape[0]):
                ok = qualifies(values[p, a], awards, a, NO_HAND)
                if awards[a, SIDE] == HIGH:
                    high_ok = ok
                else:
                    low_ok = ok
                    has_low = values[p, a] != NO_HAND
            if high_ok and low_ok:
                way = BOTH
            elif high_ok:
                way = HIGH
            elif low_ok or has_low:
                way = LOW
            else:
                way = HIGH
        decl[p] = way
