"""TEMPORARY stand-in for splitpot.equity.kernels (same interface), until it lands."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from splitpot.equity import fast
from splitpot.equity.fast import (
    _badugi_from_masks,
    _flush_value,
    _jit,
    _omaha_row,
    _value_from_counts,
)
from splitpot.games.spec import Award, EvalKind

NO_HAND: Final = -(1 << 62)
KIND_CODES: Final = {kind: i for i, kind in enumerate(EvalKind)}
PERFECT_DOOGIE: Final = 4 << 13 | (0x1FFF - 0b1111)
PERFECT_DOOGIE_HIGH: Final = 9 << 20


def kind_code(award: Award) -> int:
    return KIND_CODES[award.kind]


def tables() -> Any:
    return fast._tables()


@_jit
def _high(hole: Any, board: Any) -> int:
    counts = np.zeros(13, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    n = np.zeros(4, dtype=np.int64)
    for src in (hole, board):
        for j in range(src.shape[0]):
            c = np.int64(src[j])
            counts[c >> 2] += 1
            masks[c & 3] |= 1 << (c >> 2)
            n[c & 3] += 1
    value = _value_from_counts(counts)
    for s in range(4):
        if n[s] >= 5:
            value = max(value, _flush_value(masks[s]))
    return value


@_jit
def _high5(cards: Any) -> int:
    return _high(cards, cards[:0])


@_jit
def _badugi(cards: Any, aces_high: bool, only_four: bool) -> int:
    s = np.zeros(4, dtype=np.int64)
    shift = 0 if aces_high else 1
    for j in range(cards.shape[0]):
        c = np.int64(cards[j])
        s[c & 3] |= 1 << (((c >> 2) + shift) % 13)
    value = _badugi_from_masks(s[0], s[1], s[2], s[3])
    if only_four and value >> 13 != 4:
        return NO_HAND
    return value


@_jit
def _a5(cards: Any) -> int:
    counts = np.zeros(13, dtype=np.int64)
    for j in range(5):
        counts[((np.int64(cards[j]) >> 2) + 1) % 13] += 1
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
    return -(category << 20 | value)


@_jit
def award_value(kind: int, aces_high: bool, hole: Any, board: Any, T: Any) -> int:
    if kind == 0:
        return _high(hole, board)
    if kind == 1:
        return _omaha_row(hole, board, T[1], T[2], T[3], T[5])
    if kind == 2:
        return _high5(hole)
    if kind == 3:
        return _badugi(hole, aces_high, False)
    if kind == 4:
        high = _high5(hole)
        category = high >> 20
        if category in (4, 8) and (high >> 16) & 0xF == 3:
            high = (5 if category == 8 else 0) << 20 | (12 << 16 | 3 << 12 | 2 << 8 | 1 << 4)
        return -high
    if kind == 5:
        return _a5(hole)
    pool = np.empty(hole.shape[0] + board.shape[0], dtype=np.int8)
    pool[: hole.shape[0]] = hole
    pool[hole.shape[0] :] = board
    low = _badugi(pool, False, True)
    if kind == 7:
        return low
    if low == PERFECT_DOOGIE:
        return PERFECT_DOOGIE_HIGH
    return _high(hole, board)
