"""Atlas builds on Dask: the same slice with 1 and 2 local workers, classes per second.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_atlas.py            # full run (about 1 to 2 minutes)
    .venv/bin/python benchmarks/bench_atlas.py --quick    # smoke run (about 20 s)
    .venv/bin/python benchmarks/bench_atlas.py --game drawmaha --limit 4000 --json

For each worker count, a local cluster of that many single-threaded processes is started and
every worker is warmed (it loads the equity kernels from numba's cache and runs one untimed
class); then the slice (``--limit`` classes of ``--game`` drawn as a seeded sample, so that the
slice spreads over every kind of hand, as ``atlas build --sample`` draws them; ``--samples``
runouts a class, seed 1) is built into a new file through :func:`splitpot.atlas.build.build`,
and the wall time from the first task submitted to the last chunk committed is timed. The
same slice is also built in this process with no Dask at all (the ``--workers``-less path),
for scale. The records of every run are compared: they must be identical, or the script
stops.

The ratio ``2 workers / 1 worker`` is what matters: on a 2-core machine that nothing else uses
it approaches 2; other processes running at the same time pull it down (the load average at the
start and the end is printed).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _machine import cpu_name, load_average
from splitpot.atlas.build import build, plan
from splitpot.atlas.records import compute_chunk


def _records(path: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT * FROM records ORDER BY key").fetchall()


def _timed_build(the_plan: Any, out: Path, workers: int | None) -> float:
    if workers is None:
        compute_chunk(the_plan.config, the_plan.keys[:1])  # warm: the kernels loaded
        start = time.perf_counter()
        build(the_plan, out, quiet=True)
        return time.perf_counter() - start
    import distributed

    with (
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):  # fmt: skip
        client.wait_for_workers(workers)
        for address in client.scheduler_info()["workers"]:
            client.submit(
                compute_chunk, the_plan.config, the_plan.keys[:1], workers=[address], pure=False
            ).result()
        start = time.perf_counter()
        build(the_plan, out, client=client, quiet=True)
        return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="badugi")
    parser.add_argument("--limit", type=int, help="classes in the slice (default by game)")
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="a small slice (smoke run)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    defaults = {"badugi": 600, "drawmaha": 6000, "bodigiha": 5000, "doogie": 3000}
    limit = args.limit or defaults.get(args.game, 2000) // (10 if args.quick else 1)
    the_plan = plan(args.game, sample=limit, samples=args.samples, seed=1)
    print(f"python {platform.python_version()} on {platform.platform()}; {cpu_name()}; "
          f"{os.cpu_count()} CPUs; load average {load_average()}", file=sys.stderr)  # fmt: skip
    print(f"slice: {args.game}, a sample of {limit:,} classes, {args.samples:,} samples a class, "
          f"{the_plan.chunks} chunks of {the_plan.chunk}")  # fmt: skip
    rows: dict[str, Any] = {}
    reference = None
    with tempfile.TemporaryDirectory() as folder:
        for label, workers in (("this process", None), ("1 worker", 1), ("2 workers", 2)):
            out = Path(folder) / f"{label.replace(' ', '-')}.db"
            seconds = _timed_build(the_plan, out, workers)
            records = _records(out)
            if reference is None:
                reference = records
            elif records != reference:
                print(f"error: {label} built other records", file=sys.stderr)
                return 1
            rows[label] = {"seconds": seconds, "classes_per_second": limit / seconds}
            if workers is None:
                total = the_plan.meta("")["all_classes"]
                print(
                    f"  (every class at this rate on one core: {total / (limit / seconds):,.0f} s)"
                )
            print(f"  {label:<13} {seconds:8.2f} s   {limit / seconds:9.1f} classes/s")
    ratio = rows["2 workers"]["classes_per_second"] / rows["1 worker"]["classes_per_second"]
    print(f"  2 workers / 1 worker: {ratio:.2f}x   (records identical in all three runs)")
    print(f"load average at the end: {load_average()}", file=sys.stderr)
    if args.json:
        print(json.dumps({"game": args.game, "classes": limit, "samples": args.samples,
                          "runs": rows, "ratio": ratio, "load_end": load_average()}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
