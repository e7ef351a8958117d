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
from splitpot.equity.settlement import (
    ACES_HIGH,
    BOTH,
    BY_CARDS,
    HIGH,
    HOLE_ONLY,
    KIND,
    LOW,
    SIDE,
    qualifies,
)

__all__ = [
    "COUNTERS",
    "DEFER",
    "DEFERRED_AT",
    "FAILED",
    "GEN",
    "NB0",
    "PARAMS",
    "POLICY",
    "TIE_KEEPS",
    "UNIT",
    "H",
    "declare",
    "play",
    "replace_thrown",
    "values_of",
]

# params
H: Final = 0  # hole cards a hand holds
B: Final = 1  # board cards at the showdown
NB0: Final = 2  # board cards known
POLICY: Final = 3
TIE_KEEPS: Final = 4
UNIT: Final = 5
DEFER: Final = 6  # 1: a fixed throw's replacements come after everything else (see play)
PARAMS: Final = 7

# counters of a play (an int64 array ``st``)
GEN: Final = 0  # positions of ``seq`` already shuffled into place this sample
_POOL_TOP: Final = 1
_POOL_N: Final = 2
_DISCARDS: Final = 3
FAILED: Final = 4  # set when even the reshuffled discards cannot deal a card
DEFERRED_AT: Final = 5  # where in ``seq`` the deferred replacements start (see play)
COUNTERS: Final = 6


@inline
def _from_pool(st: I64, pool: I8, discards: I8, shuffle: U64) -> int:
    """The next card once the stub is gone: from the discards so far, reshuffled."""
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
    return int(card)


@inline
def _take(  # noqa: PLR0917 - numba kernels take arrays, not objects
    seq: I8, pos: int, gen: int, st: I64, pool: I8, discards: I8, rng: U64, shuffle: U64
) -> tuple[int, int, int]:
    """The card at ``pos`` (shuffled into place if not yet), and the new ``pos`` and ``gen``."""
    if pos < seq.shape[0]:
        if pos == gen:
            j = pos + below(rng, seq.shape[0] - pos)
            card = seq[j]
            seq[j] = seq[pos]
            seq[pos] = card
            gen = pos + 1
        return seq[pos], pos + 1, gen
    return _from_pool(st, pool, discards, shuffle), pos, gen


@inline
def _ordered_key(row: I8, n: int) -> int:
    key = 0
    for i in range(n):
        key = key << 6 | row[i]
    return key


@inline
def _card_mask(row: I8, n: int) -> int:
    mask = 0
    for i in range(n):
        mask |= 1 << row[i]
    return mask


@inline
def play(  # noqa: PLR0917 - numba kernels take arrays, not objects
    v: int,
    spot: Any,
    ft: Any,
    tables: Any,
    seq: I8,
    st: I64,
    pool: I8,
    discards: I8,
    hands: I8,
    board: I8,
    thrown: I8,
    rng: U64,
    shuffle: U64,
    decided: I64,
) -> bool:
    """Deal and draw variant ``v`` of one runout into ``hands`` and ``board``; False when the
    cards run out (``st[FAILED]``). ``st[GEN]`` must be 0 at the first play of a sample, and
    ``seq`` the unseen cards in deck order; ``rng`` shuffles ``seq``, ``shuffle`` (a stream
    started afresh for each variant) the reshuffled discards.

    ``decided[p, d]`` remembers player ``p``'s last policy decision at draw ``d``: the hand (in
    order) and board it was made on, and the throw (3 columns per draw). Variants of a sample
    often meet the same hand again (every hand before the first draw; an opponent's hand when
    the hero's option threw as many cards), so the policy is asked once for each.

    With ``params[DEFER]`` (one draw to come, and never a reshuffle: the unseen cards cover
    every card any runout can need), a seat with a fixed throw gets its replacements last,
    after the board, from ``seq[st[DEFERRED_AT]:]``: the same odds (the cards are a uniform
    permutation read in another order), and every other card of a sample is then the same
    whatever that throw, which the discard advisor's kernel uses.
    """
    known, known_n, board0, draws, fixed, _, awards, params = spot
    h = params[H]
    st[_POOL_TOP] = 0
    st[_POOL_N] = 0
    st[_DISCARDS] = 0
    pos = 0
    gen = st[GEN]
    players = known.shape[0]
    for p in range(players):
        n = known_n[p]
        for i in range(n):
            hands[p, i] = known[p, i]
        for i in range(n, h):
            hands[p, i], pos, gen = _take(seq, pos, gen, st, pool, discards, rng, shuffle)
    nb = params[NB0]
    for i in range(nb):
        board[i] = board0[i]
    for d in range(draws.shape[0]):
        while nb < draws[d, 1]:
            board[nb], pos, gen = _take(seq, pos, gen, st, pool, discards, rng, shuffle)
            nb += 1
        limit = draws[d, 0]
        board_key = _card_mask(board, nb) | nb << 52
        for p in range(players):
            row = hands[p]
            mask = fixed[v, p] if d == 0 else -1
            deferred = mask >= 0 and params[DEFER] != 0
            if mask < 0:
                key = _ordered_key(row, h)
                if decided[p, 3 * d] == key and decided[p, 3 * d + 1] == board_key:
                    mask = decided[p, 3 * d + 2]
                else:
                    mask = choose_mask(row, h, board, nb, limit, params[POLICY], awards, ft, tables)
                    decided[p, 3 * d] = key
                    decided[p, 3 * d + 1] = board_key
                    decided[p, 3 * d + 2] = mask
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
            if not deferred:
                for i in range(kept, h):
                    row[i], pos, gen = _take(seq, pos, gen, st, pool, discards, rng, shuffle)
            # the thrown cards join the discards only after the replacements (RULES.md)
            base = st[_DISCARDS]
            for i in range(out):
                discards[base + i] = thrown[i]
            st[_DISCARDS] = base + out
        if st[FAILED]:
            return False
    while nb < params[B]:
        board[nb], pos, gen = _take(seq, pos, gen, st, pool, discards, rng, shuffle)
        nb += 1
    st[DEFERRED_AT] = pos
    if params[DEFER] != 0 and draws.shape[0] > 0:
        for p in range(players):
            if fixed[v, p] > 0:
                for i in range(h - _popcount(fixed[v, p]), h):
                    hands[p, i], pos, gen = _take(seq, pos, gen, st, pool, discards, rng, shuffle)
    st[GEN] = gen
    return not st[FAILED]


@inline
def _popcount(mask: int) -> int:
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@inline
def replace_thrown(  # noqa: PLR0917 - numba kernels take arrays, not objects
    row: I8, known: I8, h: int, mask: int, at: int, seq: I8, st: I64, rng: U64
) -> None:
    """A deferred seat's hand after throwing ``mask`` from ``known``: the kept cards in order,
    then the replacements from ``seq[at:]`` (as :func:`play` deals them with ``DEFER``)."""
    kept = 0
    for i in range(h):
        if not mask >> i & 1:
            row[kept] = known[i]
            kept += 1
    pos = at
    gen = st[GEN]
    for i in range(kept, h):
        if pos == gen:
            j = pos + below(rng, seq.shape[0] - pos)
            card = seq[j]
            seq[j] = seq[pos]
            seq[pos] = card
            gen = pos + 1
        row[i] = seq[pos]
        pos += 1
    st[GEN] = gen


@inline
def values_of(  # noqa: PLR0917 - numba kernels take arrays, not objects
    hands: I8, board: I8, awards: I64, params: I64, tables: Any, values: I64, seen: I64
) -> None:
    """Every player's raw value for every award (``NO_HAND`` where none).

    ``seen[p]`` remembers the cards ``values[p]`` were last computed from (hand and board as
    card masks): a hand met again (on the same board, or any board for an award of the hole
    cards alone) is not valued again. ``seen`` starts at -1.
    """
    h = params[H]
    b = params[B]
    board_mask = _card_mask(board, b)
    for p in range(hands.shape[0]):
        row = hands[p, :h]
        hand_mask = _card_mask(row, h)
        same_hand = seen[p, 0] == hand_mask
        same_board = seen[p, 1] == board_mask
        for a in range(awards.shape[0]):
            if same_hand and (same_board or awards[a, HOLE_ONLY]):
                continue
            values[p, a] = award_value(
                awards[a, KIND], awards[a, ACES_HIGH] != 0, row, board[:b], tables
            )
        seen[p, 0] = hand_mask
        seen[p, 1] = board_mask


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
