"""The decorators and array types of the compiled study engine (numba, cached on disk)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["I8", "I64", "U64", "inline", "jit", "jit_parallel"]

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


def inline(fn: _F) -> _F:
    """:func:`jit` for a helper called from a hot loop: always inlined by LLVM into its caller
    (``forceinline``) and without numba's reference counting (``_nrt=False``; it must not
    allocate), so a call costs only its own instructions, not a call and two atomic counts."""
    njit: Any = numba.njit  # ``_nrt`` is a real option, missing from numba's type stubs
    return cast(_F, njit(cache=True, _nrt=False, forceinline=True)(fn))
