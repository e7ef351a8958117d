"""Counter-based random numbers for the compiled Monte Carlo: SplitMix64.

Sample ``i`` of a run seeded ``seed`` draws from its own stream, started from
``mix(seed, i)`` (:func:`start`): its runout depends on the seed and its number only, never on
which thread runs it or how many threads there are. Threads take samples in chunks of
:data:`CHUNK`.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from splitpot.equity.compiling import U64, inline

__all__ = ["CHUNK", "below", "seed_key", "start"]

CHUNK: Final = 1024
"""Samples per chunk: the unit of work given to a thread."""

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)


def seed_key(seed: int) -> int:
    """Any Python int seed as the unsigned 64-bit key the kernels take."""
    return seed % (1 << 64)


@inline
def _mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@inline
def start(state: U64, seed: np.uint64, index: int) -> None:
    """Set ``state`` (a one-element array, advanced in place by :func:`below`) to the start
    of stream ``index`` of ``seed``."""
    state[0] = _mix(np.uint64(seed) ^ _mix(np.uint64(index) * _GOLDEN + _GOLDEN))


@inline
def _next(state: U64) -> np.uint64:
    state[0] += _GOLDEN
    return _mix(state[0])


@inline
def below(state: U64, n: int) -> int:
    """A uniform int in ``[0, n)`` for ``0 < n < 2**32`` (Lemire's method, no bias)."""
    bound = np.uint64(n)
    m = (_next(state) >> _S32) * bound
    low = m & _LOW32
    if low < bound:
        floor = (np.uint64(1 << 32) - bound) % bound
        while low < floor:
            m = (_next(state) >> _S32) * bound
            low = m & _LOW32
    return int(m >> _S32)
