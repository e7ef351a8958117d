"""The decorators and array types of the compiled study engine (numba, cached on disk)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["I8", "I64", "U64", "jit", "jit_parallel"]

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
_F = TypeVar("_F", bound=Callable[..., Any])


def jit(fn: _F) -> _F:
    """Compile ``fn`` with numba (no Python objects), caching the machine code on disk."""
    return cast(_F, numba.njit(cache=True)(fn))


def jit_parallel(fn: _F) -> _F:
    """:func:`jit` with ``numba.prange`` loops run on numba's threads."""
    return cast(_F, numba.njit(cache=True, parallel=True)(fn))
