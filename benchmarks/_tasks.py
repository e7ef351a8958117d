"""Benchmark matches as tasks, here or on Dask distributed (the atlas builder's cluster).

:func:`run_tasks` calls ``function(*args)`` for every task and returns the results in the
tasks' order. Without ``workers`` or ``scheduler`` the tasks run one after another in this
process; ``workers=N`` starts a local cluster of N single-threaded processes (as ``splitpot
atlas build --workers N`` does, :mod:`splitpot.atlas.cluster`), ``scheduler=ADDR`` uses a
running one (``dask scheduler``, ``dask worker ADDR --nthreads 1``). A task is seeded by its
own arguments, so the results do not depend on where, or on how many workers, it ran.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any


def run_tasks(
    function: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    on_done: Callable[[int, Any], None] | None = None,
) -> list[Any]:
    """``function(*task)`` for every task, in the tasks' order (``on_done(index, result)`` is
    told as each finishes)."""
    if not workers and not scheduler:
        out = []
        for index, task in enumerate(tasks):
            result = function(*task)
            if on_done is not None:
                on_done(index, result)
            out.append(result)
        return out
    try:
        import distributed
    except ImportError:
        raise SystemExit(
            "--workers and --scheduler need Dask distributed: pip install 'splitpot[atlas]'"
        ) from None
    results: dict[int, Any] = {}
    with ExitStack() as stack:
        if scheduler:
            try:
                client = stack.enter_context(distributed.Client(scheduler, timeout=10))
            except (OSError, TimeoutError, ValueError) as exc:
                raise SystemExit(f"--scheduler {scheduler}: cannot connect ({exc})") from None
        else:
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True,
                    dashboard_address=None, silence_logs=logging.ERROR,
                )
            )  # fmt: skip
            client = stack.enter_context(distributed.Client(cluster))
        futures = {
            client.submit(function, *task, pure=False, retries=2): index
            for index, task in enumerate(tasks)
        }
        for future in distributed.as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            if on_done is not None:
                on_done(index, results[index])
    return [results[i] for i in range(len(tasks))]


class Clock:
    """Wall and CPU seconds since it was made (CPU: this process and its finished children)."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = _cpu()

    def seconds(self) -> tuple[float, float]:
        """(wall, CPU) seconds so far (a local cluster's workers count once it has closed)."""
        return time.perf_counter() - self.wall, _cpu() - self.cpu


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
