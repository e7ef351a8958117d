"""The Monte Carlo kernel built ahead of time: a one-shot command runs without numba.

A cached numba kernel still costs about a second to reach from a fresh process: half a second
to import numba, as much again to set up its compiler before the first kernel loads. For a
one-shot ``splitpot advise`` or ``splitpot equity`` that is more than the work itself. So when
the kernels are first compiled (:func:`splitpot.equity.engine.ensure_compiled`), the serial
Monte Carlo kernel (:func:`splitpot.equity.montecarlo.serial_kernel`'s numba function) is
also built by numba's ahead-of-time compiler (``numba.pycc``) into a small extension module
next to numba's cache. Later processes import that module (a few milliseconds, no numba) and
run the same machine code: the same runouts, the same integer tallies (a test compares them).

The module's name carries the key of the kernels' sources, numba's and Python's versions, so
an old build is never loaded. Where it cannot be built (no C compiler), the study commands
take the numba path as before, and :func:`build` says why once, on stderr.

The built function holds the GIL: it runs one thread. :mod:`splitpot.equity.engine` uses it
for jobs small enough that a second thread would not win back numba's start-up
(:data:`~splitpot.equity.engine.AHEAD_RUNOUTS`), and numba's threads for bigger ones.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.machinery
import importlib.util
import sys
import tempfile
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["build", "kernel", "module_name"]

_PREFIX = "splitpot_mc_"
_loaded: dict[str, Callable[..., bool] | None] = {}


def module_name(key: str) -> str:
    """The extension module's name for the kernels' source key ``key``."""
    return f"{_PREFIX}{key[:20]}"


def _path(folder: Path, key: str) -> Path:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return folder / f"{module_name(key)}{suffix}"


def kernel(folder: Path, key: str) -> Callable[..., bool] | None:
    """The ahead-of-time Monte Carlo kernel built for ``key`` in ``folder``, or None when
    there is none (not built, or not loadable here)."""
    path = _path(folder, key)
    if str(path) in _loaded:
        return _loaded[str(path)]
    found: Callable[..., bool] | None = None
    if path.is_file():
        try:
            name = module_name(key)
            spec = importlib.util.spec_from_file_location(name, path)
            if spec is not None and spec.loader is not None:
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                found = module.serial
        except (ImportError, OSError, AttributeError):
            found = None
    _loaded[str(path)] = found
    return found


def build(folder: Path, key: str, function: Any, example: Sequence[Any]) -> bool:
    """Build ``function`` (numba's dispatcher of the serial kernel), typed as called with
    ``example``, as the extension module for ``key`` in ``folder``; remove older builds.
    Returns whether it was built; when not, says why on stderr."""
    target = _path(folder, key)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # numba.pycc is "pending deprecation" (see the docs)
            numba: Any = importlib.import_module("numba")  # Any: numba has no type stubs
            pycc: Any = importlib.import_module("numba.pycc")
            signature = numba.types.boolean(*(numba.typeof(value) for value in example))
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory(dir=folder) as scratch:
                compiler = pycc.CC(module_name(key))
                compiler.output_dir = scratch
                compiler.target_cpu = "host"  # the machine code numba's own cache would hold
                compiler.verbose = False
                compiler.export("serial", signature)(function.py_func)
                compiler.compile()
                built = next(Path(scratch).glob(f"{module_name(key)}*"))
                built.replace(target)
    except Exception as exc:  # any failure leaves the numba path, said once
        reason = str(exc).strip().splitlines()[-1:] or [type(exc).__name__]
        print(
            f"note: no ahead-of-time equity kernel ({reason[0][:120]}); study commands load "
            "numba on each run instead (about a second more)",
            file=sys.stderr,
        )
        return False
    for old in folder.glob(f"{_PREFIX}*"):
        if old != target:
            with contextlib.suppress(OSError):
                old.unlink()
    _loaded.pop(str(target), None)
    return True
