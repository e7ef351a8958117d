"""The decorators and array types of the compiled study engine (numba, cached on disk).

numba is loaded late. Importing it costs about half a second, and setting up its compiler
before the first cached kernel runs costs as much again. A one-shot ``splitpot advise`` runs
its Monte Carlo in the ahead-of-time build (:mod:`splitpot.equity.ahead`) and needs numba for
nothing. So the decorators below only note each kernel. numba loads and turns every noted
kernel into its dispatcher (:func:`load_numba`) when any kernel is first called, or when numba
compiles code that names one (tests and benchmarks do). At that point each ``splitpot``
module's references to a kernel, and to :data:`prange`, are rebound to numba's objects.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

__all__ = [
    "I8", "I64", "U64", "inline", "jit", "jit_parallel", "load_numba", "num_threads",
    "numba_loaded", "prange",
]  # fmt: skip

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
_F = TypeVar("_F", bound=Callable[..., Any])

_JIT: dict[str, Any] = {"cache": True}
_PARALLEL: dict[str, Any] = {"cache": True, "parallel": True}
_INLINE: dict[str, Any] = {"cache": True, "_nrt": False, "forceinline": True}


def _prange(*args: int) -> range:
    return range(*args)


prange: Callable[..., range] = _prange
"""``numba.prange`` in a kernel (``range`` when called from Python before numba loads)."""

_numba: Any = None
_kernels: list[_Kernel] = []
_lock = threading.Lock()


class _Kernel:
    """A kernel noted for numba, which turns it into a dispatcher when numba loads."""

    def __init__(self, fn: Callable[..., Any], options: dict[str, Any]) -> None:
        functools.update_wrapper(self, fn)
        self.py_func = fn
        self.options = options
        self.compiled: Any = None

    def __call__(self, *args: Any) -> Any:
        return self.dispatcher(*args)

    @property
    def dispatcher(self) -> Any:
        """numba's dispatcher of this kernel (loading numba if need be)."""
        if self.compiled is None:
            load_numba()
        return self.compiled

    @property
    def _numba_type_(self) -> Any:
        # numba's type of this value, when numba compiles code that names the kernel
        from numba.core import types

        return types.Dispatcher(self.dispatcher)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.dispatcher, name)  # signatures, overloads, ...


def _note(fn: _F, options: dict[str, Any]) -> _F:
    if _numba is not None:
        return cast(_F, _numba.njit(**options)(fn))
    with _lock:
        if _numba is None:
            kernel = _Kernel(fn, options)
            _kernels.append(kernel)
            return cast(_F, kernel)
    return cast(_F, _numba.njit(**options)(fn))


def jit(fn: _F) -> _F:
    """Compile ``fn`` with numba (no Python objects), caching the machine code on disk."""
    return _note(fn, _JIT)


def jit_parallel(fn: _F) -> _F:
    """:func:`jit` with ``numba.prange`` loops (:data:`prange`) run on numba's threads."""
    return _note(fn, _PARALLEL)


def inline(fn: _F) -> _F:
    """:func:`jit` for a helper called from a hot loop: always inlined by LLVM into its caller
    (``forceinline``) and without numba's reference counting (``_nrt=False``; it must not
    allocate), so a call costs only its own instructions, not a call and two atomic counts."""
    return _note(fn, _INLINE)


def numba_loaded() -> bool:
    """Whether numba has been loaded (by :func:`load_numba`)."""
    return _numba is not None


def load_numba() -> Any:
    """The numba module, loaded on the first call: every noted kernel becomes its dispatcher,
    and the ``splitpot`` modules' references to kernels and to :data:`prange` are rebound."""
    global _numba  # noqa: PLW0603 - loaded once per process
    if _numba is not None:
        return _numba
    with _lock:
        if _numba is None:
            import numba

            for kernel in _kernels:
                kernel.compiled = numba.njit(**kernel.options)(kernel.py_func)
            _rebind(numba)
            _numba = numba
    return _numba


def _rebind(numba: Any) -> None:
    for name, module in list(sys.modules.items()):
        if not name.startswith("splitpot.") or module is None:
            continue
        names = vars(module)
        for attr, value in list(names.items()):
            if isinstance(value, _Kernel):
                names[attr] = value.compiled
            elif value is _prange and attr != "_prange":
                names[attr] = numba.prange


def num_threads() -> int:
    """numba's thread count (loading numba)."""
    return int(load_numba().get_num_threads())
