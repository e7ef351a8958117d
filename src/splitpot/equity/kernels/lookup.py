"""The lookup tables every kernel reads: one int64 arena in a :class:`Tables` tuple.

:func:`tables` builds them on first use (``splitpot.equity.kernels.build``) or loads them from
a cache file, and keeps them in memory (about 17 MB). Kernels take the tuple as an argument:
numba would freeze a global array into each compiled function.

**Why one array, inlined, without reference counts.** numba passes a tuple of arrays member by
member, and in a loop that calls a kernel it increfs and decrefs arrays around each call
unless LLVM's reference-count pruning removes the pairs, which it fails to do once the kernel
has branches or several arrays of mixed types (measured on one 2-7 kernel: 2M hands/s with
28 separate tables, 15M/s with three, up to 230M/s with one). So every table lives at a fixed
offset (the ``Final`` constants below) of one int64 array, ``Tables.data`` (16- and 32-bit
tables packed four or two entries to a word: :func:`u16`, :func:`u32`), and every kernel is
compiled by :func:`_jit`: ``forceinline`` (LLVM inlines it into the caller's loop, however big)
and ``_nrt=False`` (no reference counting inside: a kernel allocates nothing).

The pieces:

- **Rank keys.** ``RANK_KEY`` are per-rank constants whose sums over any ``n`` ranks (at most
  four of a rank, ``n`` up to 7) are all distinct (the constants of SKPokerEval;
  ``tests/test_kernels.py`` checks the property). ``CARD_KEY + c`` holds the card's rank
  constant, plus ``1 << 23`` (so the card count sits in bits 23-26), plus a 4-bit suit count at
  bit ``32 + 4 * suit``: one addition per card keys the rank multiset and counts the suits.
- **A perfect hash** of every such multiset of 0 to 7 ranks (76,155 of them) to an index
  below 2**17 (:func:`ph_index`: a multiply, then row displacement). Per index: ``HIGH_NF``
  (16-bit: the ordinal, in ``ORD_VALUE``, of the best non-flush high value, 5-7 ranks),
  ``DEUCE_SEVEN_NF`` and ``A5`` (five ranks), ``BOARD_ROW`` (3-5 ranks: the row of
  ``OMAHA_NF``).
- **A second perfect hash** for 8 to 10 ranks (Doogie's pool), keyed by ``CARD_QUINARY``
  (``5 ** rank``, unique for any multiset, plus the same suit counts): :func:`ph10_index` into
  ``HIGH10`` (16-bit ordinals), its offsets at ``PH10_OFFSET`` (32-bit).
- **Omaha.** ``OMAHA_NF`` (16-bit) at ``row * 91 + pair``: for a multiset of 3-5 board ranks
  and a pair of hole ranks, 1 + the ordinal (``ORD_VALUE`` gives the value) of the best
  non-flush hand of that pair with exactly three of the board's ranks, 0 where there is none;
  ``PAIR52 + a * 52 + b`` is the rank pair (0-90) of two cards.
- **Flushes and bit tricks** on 13-bit rank masks: ``FLUSH_BEST`` (best flush or straight flush
  of 5+ ranks, -1 below five), ``DEUCE_SEVEN_FLUSH`` (five ranks), ``STRAIGHT_TOP``, ``HIBIT``,
  ``POPCOUNT``, ``TOP2`` / ``TOP3`` (masks of the two / three highest ranks), ``PACK2`` /
  ``PACK3`` / ``PACK5`` (the highest ranks as nibbles); ``WINDOWS + top``: the straight topped by
  ``top``.
- **Badugi.** ``NIBBLE_LOW`` / ``NIBBLE_HIGH``: a card's bit in a word of 13 rank nibbles of suit
  flags (aces low / high); ``BADUGI4`` / ``BADUGI5`` (16-bit): the aces-low value of every four-
  / five-card hand at the colex rank ``a + C(b, 2) + C(c, 3) + ...`` of its sorted cards
  (``BINOM + k * 53 + c`` is ``C(c, k)``; aces high, each card is first turned one rank lower,
  the ace becoming the lowest, which makes it an aces-low question); ``RANK_BIT`` and
  ``SUIT_BIT``: a card's bit in a 13-bit rank mask and in a 52-bit word of four suit masks;
  ``SUIT_BIT_LOW``: the same word with aces low (bit ``13 * suit + (rank + 1) % 13``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from splitpot.equity.compiling import inline, jit

__all__ = [
    "NO_HAND",
    "RANK_KEY",
    "Tables",
    "badugi_from_nibbles",
    "nf_from_planes",
    "ph10_index",
    "ph_index",
    "tables",
    "u16",
    "u32",
]

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
_F = TypeVar("_F", bound=Callable[..., Any])


def _jit(fn: _F) -> _F:
    """Compile a kernel: cached, always inlined by LLVM into its caller (``forceinline``), and
    without numba's reference counting (``_nrt=False``: a kernel allocates nothing).

    Inlined and free of increfs, a kernel called hand by hand from a loop costs what its own
    instructions cost; otherwise every call would pay a call and two atomic reference counts.
    """
    return inline(fn)


def _jit_alloc(fn: _F) -> _F:
    """Compile a function that allocates arrays (builders, batch loops): cached."""
    return jit(fn)


def drop_stale_caches() -> None:
    """Delete splitpot's numba cache files when the kernels' source has changed.

    numba checks a cached function against the timestamp of its own source file only: code
    that inlines a kernel from another file (every walk does) would keep running the old
    kernel after an update. So a hash of this package's sources is kept next to the cache;
    when it differs, every ``*.nbi`` / ``*.nbc`` under ``splitpot/`` goes (numba recompiles).
    Caches elsewhere (``NUMBA_CACHE_DIR``) are not looked at. Errors are ignored.
    """
    here = Path(__file__).resolve().parent
    try:
        digest = hashlib.sha256()
        for source in sorted(here.glob("*.py")):
            digest.update(source.name.encode() + source.read_bytes())
        stamp = here / "__pycache__" / "kernel-sources.sha256"
        if stamp.exists() and stamp.read_text() == digest.hexdigest():
            return
        for pattern in ("**/__pycache__/*.nbi", "**/__pycache__/*.nbc"):
            for cached in here.parent.parent.glob(pattern):
                cached.unlink(missing_ok=True)
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:
        pass


drop_stale_caches()

NO_HAND: Final = -(1 << 62)
"""What a kernel returns for "no hand" (Python ``None``: a pool with no doogie); below every
value any evaluator returns, so a plain ``max`` never picks it over a hand."""

RANK_KEY: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Per-rank constants (deuce first) whose sums over up to seven ranks never collide."""
COUNT_SHIFT: Final = 23  # each card adds 1 << 23: the key knows how many cards it sums
SUIT_SHIFT: Final = 32
RANK_PART: Final = (1 << SUIT_SHIFT) - 1
MAX_KEYED: Final = 7  # the perfect hash knows multisets of up to seven ranks
FULL13: Final = 0x1FFF
WHEEL: Final = 0b1_0000_0000_1111

# The perfect hash: rank key * PH_MUL (wrapping), a row from bits 40-52 and a column from
# bits 20-36 of the product, the column displaced by the row's offset in a 2**17 index space.
PH_MUL: Final = 0xD6E8FEB86659FD93 - (1 << 64)  # as a signed int64, for numba
PH_ROW_SHIFT: Final = 40
PH_ROWS: Final = 1 << 13
PH_COLUMN_SHIFT: Final = 20
PH_SIZE: Final = 1 << 17
# The second perfect hash, of the multisets of 8 to 10 ranks (956,605) by their quinary key.
PH10_MUL: Final = 0x71A4D597E502BE59
PH10_ROW_SHIFT: Final = 40
PH10_ROWS: Final = 1 << 17
PH10_COLUMN_SHIFT: Final = 16
PH10_SIZE: Final = 1 << 21
BOARD_MULTISETS: Final = 455 + 1820 + 6175  # multisets of 3, 4 and 5 ranks
COMBOS4: Final = 270_725  # C(52, 4)
COMBOS5: Final = 2_598_960  # C(52, 5)
MASKS: Final = 1 << 13


def _words16(entries: int) -> int:
    return (entries + 3) // 4


# The arena's layout: each table's offset in ``Tables.data``.
CARD_KEY: Final = 0
RANK_BIT: Final = CARD_KEY + 52
SUIT_BIT: Final = RANK_BIT + 52
NIBBLE_LOW: Final = SUIT_BIT + 52
NIBBLE_HIGH: Final = NIBBLE_LOW + 52
SUIT_BIT_LOW: Final = NIBBLE_HIGH + 52
CARD_QUINARY: Final = SUIT_BIT_LOW + 52
BINOM: Final = CARD_QUINARY + 52
PAIR52: Final = BINOM + 6 * 53
WINDOWS: Final = PAIR52 + 52 * 52
FLUSH_BEST: Final = WINDOWS + 13
DEUCE_SEVEN_FLUSH: Final = FLUSH_BEST + MASKS
STRAIGHT_TOP: Final = DEUCE_SEVEN_FLUSH + MASKS
HIBIT: Final = STRAIGHT_TOP + MASKS
POPCOUNT: Final = HIBIT + MASKS
TOP2: Final = POPCOUNT + MASKS
TOP3: Final = TOP2 + MASKS
PACK2: Final = TOP3 + MASKS
PACK3: Final = PACK2 + MASKS
PACK5: Final = PACK3 + MASKS
PH_OFFSET: Final = PACK5 + MASKS
ORD_VALUE: Final = PH_OFFSET + PH_ROWS
HIGH_NF: Final = ORD_VALUE + 6175  # 16-bit entries
DEUCE_SEVEN_NF: Final = HIGH_NF + _words16(PH_SIZE)
A5: Final = DEUCE_SEVEN_NF + PH_SIZE
BOARD_ROW: Final = A5 + PH_SIZE
OMAHA_NF: Final = BOARD_ROW + PH_SIZE  # 16-bit entries
BADUGI4: Final = OMAHA_NF + _words16(BOARD_MULTISETS * 91)  # 16-bit entries
BADUGI5: Final = BADUGI4 + _words16(COMBOS4)  # 16-bit entries
PH10_OFFSET: Final = BADUGI5 + _words16(COMBOS5)  # 32-bit entries
HIGH10: Final = PH10_OFFSET + PH10_ROWS // 2  # 16-bit entries
ARENA: Final = HIGH10 + _words16(PH10_SIZE)


class Tables(NamedTuple):
    """Every table of the kernels in one int64 array (the layout above); from
    :func:`tables`. Kernels read it; nothing else should."""

    data: I64


_TABLES: Tables | None = None


def tables() -> Tables:
    """The tables, built (or loaded from the cache file) on the first call, then shared."""
    global _TABLES  # noqa: PLW0603 - built once, on first use
    if _TABLES is None:
        from splitpot.equity.kernels.build import load_or_build

        _TABLES = Tables(load_or_build())
    return _TABLES


# --- readers shared by the kernels and the builders ---------------------------------------------


@_jit
def u16(data: I64, base: int, i: int) -> int:
    """Entry ``i`` of the 16-bit table at ``base`` (four entries to a word, lowest first)."""
    return int(data[base + (i >> 2)] >> ((i & 3) << 4)) & 0xFFFF


@_jit
def u32(data: I64, base: int, i: int) -> int:
    """Entry ``i`` of the 32-bit table at ``base`` (two entries to a word, lowest first)."""
    return int(data[base + (i >> 1)] >> ((i & 1) << 5)) & 0xFFFFFFFF


@_jit
def ph10_index(key: int, data: I64) -> int:
    """Index below 2**21 of a quinary key of 8 to 10 ranks (the low 32 bits of a sum of
    ``CARD_QUINARY`` entries), as :func:`ph_index` with the offsets at ``PH10_OFFSET``."""
    h = (key & RANK_PART) * PH10_MUL
    column = (h >> PH10_COLUMN_SHIFT) & (PH10_SIZE - 1)
    row = (h >> PH10_ROW_SHIFT) & (PH10_ROWS - 1)
    return (column + u32(data, PH10_OFFSET, row)) & (PH10_SIZE - 1)


@_jit
def ph_index(key: int, data: I64) -> int:
    """Index below 2**17 of a rank key (the low 32 bits of a sum of ``CARD_KEY`` entries): a
    multiply, then the row displacement stored at ``PH_OFFSET``."""
    h = (key & RANK_PART) * PH_MUL
    column = (h >> PH_COLUMN_SHIFT) & (PH_SIZE - 1)
    row = (h >> PH_ROW_SHIFT) & (PH_ROWS - 1)
    return (column + int(data[PH_OFFSET + row])) & (PH_SIZE - 1)


@_jit
def nf_from_planes(m1: int, m2: int, m3: int, m4: int, data: I64) -> int:
    """Best non-flush high value from rank planes: ``mk`` has the ranks seen ``k``+ times."""
    if m4:
        quad = int(data[HIBIT + m4])
        return 7 << 20 | quad << 16 | int(data[HIBIT + (m1 ^ (1 << quad))]) << 12
    trips = -1
    if m3:
        trips = int(data[HIBIT + m3])
        rest = m2 ^ (1 << trips)
        if rest:
            return 6 << 20 | trips << 16 | int(data[HIBIT + rest]) << 12
    top = int(data[STRAIGHT_TOP + m1])
    if top >= 0:
        return 4 << 20 | top << 16
    if trips >= 0:
        return 3 << 20 | trips << 16 | int(data[PACK2 + (m1 ^ (1 << trips))]) << 8
    if m2:
        high = int(data[HIBIT + m2])
        rest = m2 ^ (1 << high)
        if rest:
            low = int(data[HIBIT + rest])
            kicker = max(int(data[HIBIT + (m1 ^ (1 << high) ^ (1 << low))]), 0)
            return 2 << 20 | high << 16 | low << 12 | kicker << 8
        return 1 << 20 | high << 16 | int(data[PACK3 + (m1 ^ (1 << high))]) << 4
    return int(data[PACK5 + m1])


@_jit
def badugi_from_nibbles(word: int) -> int:
    """Badugi value (``count << 13 | (0x1FFF - ranks)``) of a word of 13 rank nibbles of suit
    flags, lowest rank first: ranks are taken lowest first while a matching to distinct suits
    exists (the greedy of ``splitpot.evaluate.badugi``); ``states`` is the 16-bit set of the
    suit sets such matchings can use."""
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
