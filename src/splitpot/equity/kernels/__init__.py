"""Compiled (numba) evaluators for every award kind, returning the Python raw values exactly.

Every kernel returns, as an int64, the very int that the award's Python raw evaluator
(``Award.raw``, see ``splitpot.evaluate``) returns: bigger wins, low games negative, and
:data:`NO_HAND` where Python returns ``None``. Cards are splitpot's ints (``rank * 4 + suit``)
in ``int8`` arrays (views and slices are fine). Every kernel takes the lookup tables ``t``
(:func:`tables`, a :class:`Tables` tuple of numpy arrays built on first use) as its last
argument, and is callable from other ``@njit`` code:

- ``award_value(kind, aces_high, hole, board, t)``: the dispatcher, ``kind`` from
  :data:`KIND_CODES` / :func:`kind_code`, ``aces_high`` from ``Award.aces_high``;
- ``high_value_k(cards, t)`` and ``high_pool_value_k(hole, board, t)``: ``high_value`` of
  5 to 10 cards (``EvalKind.HIGH`` is the pool form); ``high_value_5_k(cards, t)``:
  ``high_value_5`` (``DRAW_HIGH``);
- ``omaha_value_k(hole, board, t)``: ``omaha_value``, 4-6 hole and 3-5 board cards;
- ``badugi_value_k(cards, aces_high, t)``: ``badugi_value``, any count (table reads for 4
  and 5 cards);
- ``deuce_seven_value_k(cards, t)`` and ``a5_value_k(cards, t)``: ``deuce_seven_value_5``
  and ``a5_value_5`` of the first five cards;
- ``doogie_low_value_k(hole, board, t)``: ``doogie_value(hole + board)`` or ``NO_HAND``;
  ``doogie_high_value_k(hole, board, t)``: ``PERFECT_DOOGIE_HIGH`` or ``high_value``.

The ``*_batch`` functions (:mod:`splitpot.equity.kernels.batch`) run a kernel over the rows
of a card array from Python, for tests and benchmarks.

From compiled code: every kernel is compiled with ``forceinline=True`` (LLVM inlines it,
``award_value`` with all eight families, into the calling function) and without reference
counting, so a loop calling ``award_value`` on views of a card array runs at about the speed
of the family kernel itself (``benchmarks/bench_kernels.py``, column ``dispatch``). Pass
``aces_high`` and ``kind`` as run-time values: a literal ``True`` / ``False`` or a constant
kind makes numba compile one more specialisation of the kernel.

Caching: kernels use ``cache=True``; the first run in a fresh clone compiles for some seconds
and builds the tables (cached too, as a ``.npy`` file next to numba's cache); later runs load
both in well under a second. numba checks a cached function against its own file only, so
when this package's sources change, :func:`~splitpot.equity.kernels.lookup.drop_stale_caches`
(run on import) deletes every numba cache file under ``splitpot/``: code that inlined an older
kernel is recompiled instead of running it. Importing this package imports numba and numpy.

Example, from Python::

    >>> import numpy as np
    >>> from splitpot.equity import kernels
    >>> kernels.high_batch(np.array([[48, 44, 40, 36, 32, 0, 5]])).tolist()  # a royal flush
    [9175040]
"""

from __future__ import annotations

from splitpot.equity.kernels.badugi import (
    badugi_value_k,
    doogie_high_value_k,
    doogie_low_value_k,
)
from splitpot.equity.kernels.batch import (
    a5_batch,
    award_batch,
    badugi_batch,
    deuce_seven_batch,
    doogie_high_batch,
    doogie_low_batch,
    high5_batch,
    high_batch,
    omaha_batch,
)
from splitpot.equity.kernels.dispatch import KIND_CODES, award_value, kind_code
from splitpot.equity.kernels.high import high_pool_value_k, high_value_5_k, high_value_k
from splitpot.equity.kernels.lookup import NO_HAND, Tables, tables
from splitpot.equity.kernels.lowball import a5_value_k, deuce_seven_value_k
from splitpot.equity.kernels.omaha import omaha_value_k

__all__ = [
    "KIND_CODES",
    "NO_HAND",
    "Tables",
    "a5_batch",
    "a5_value_k",
    "award_batch",
    "award_value",
    "badugi_batch",
    "badugi_value_k",
    "deuce_seven_batch",
    "deuce_seven_value_k",
    "doogie_high_batch",
    "doogie_high_value_k",
    "doogie_low_batch",
    "doogie_low_value_k",
    "high5_batch",
    "high_batch",
    "high_pool_value_k",
    "high_value_5_k",
    "high_value_k",
    "kind_code",
    "omaha_batch",
    "omaha_value_k",
    "tables",
]
