"""An atlas's chunks as tasks on Dask distributed.

A chunk is one task (:func:`splitpot.atlas.records.compute_chunk`, seeded per class, so its
records do not depend on where it runs); results come back as they finish. A worker that dies
loses its tasks to the scheduler, which reruns them on the others (the nanny of a local
cluster restarts the dead process); a task that kills three workers fails the build.

Run ``--workers N``: a local cluster of N single-threaded processes, started and closed here.
``--scheduler tcp://host:8786``: an existing cluster (``dask scheduler`` on one machine,
``dask worker tcp://host:8786 --nthreads 1`` on each, splitpot installed on all of them).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack
from typing import Any

from splitpot.atlas.records import Config, Row, compute_chunk
from splitpot.errors import AtlasError

__all__ = ["run_chunks"]


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise AtlasError(
            "--workers and --scheduler need Dask distributed: pip install 'splitpot[atlas]'"
        ) from None
    return distributed


def run_chunks(
    config: Config,
    chunks: Mapping[int, Sequence[int]],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    client: Any = None,
) -> Iterator[tuple[int, list[Row]]]:
    """(chunk index, its records) for every chunk, in the order they finish."""
    distributed = _dask()
    with ExitStack() as stack:
        if client is None:
            if scheduler is not None:
                try:
                    client = stack.enter_context(distributed.Client(scheduler, timeout=10))
                except (OSError, TimeoutError, ValueError) as exc:
                    raise AtlasError(f"--scheduler {scheduler}: cannot connect ({exc})") from None
            else:
                cluster = stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=workers or 1, threads_per_worker=1, processes=True,
                        dashboard_address=None, silence_logs=logging.ERROR,
                    )
                )  # fmt: skip
                client = stack.enter_context(distributed.Client(cluster))
        futures = {
            client.submit(compute_chunk, config, list(keys), pure=False, retries=2): index
            for index, keys in chunks.items()
        }
        try:
            for future in distributed.as_completed(futures):
                try:
                    rows = future.result()
                except distributed.KilledWorker as exc:
                    raise AtlasError(f"a chunk killed its workers: {exc}") from None
                yield futures[future], rows
        finally:
            for future in futures:
                future.cancel()
