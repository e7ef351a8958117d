"""Start-up cost: the README's ``splitpot showdown`` example, start to finish, against a bare
``python -c pass``.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_startup.py            # median of 7 runs each
    .venv/bin/python benchmarks/bench_startup.py --runs 15

Both run as fresh processes of the same interpreter, after one warm-up run of each (so the
bytecode is cached); the figure is the median wall time of ``--runs`` runs, and the ratio is
the showdown's over the bare interpreter's (the goal: at most 5x). ``--imports`` also lists the
splitpot modules the showdown loads, and any heavy module it should not (the web server, the
equity engine, the hand history, multiprocessing).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import cpu_name, load_average

EXAMPLE = (
    "showdown", "drawmaha", "--board", "Ac Kh 7c 6d 2h",
    "--player", "A=As Ah Kd Qc 8s", "--player", "B=9s 9h 9d 4s 3d", "--pot", "120",
)  # fmt: skip
_SCRIPT = Path(sys.executable).with_name("splitpot")  # the console script, as the README runs it
SHOWDOWN = (
    [str(_SCRIPT), *EXAMPLE] if _SCRIPT.exists() else [sys.executable, "-m", "splitpot", *EXAMPLE]
)
BARE = [sys.executable, "-c", "pass"]
NOT_NEEDED = ("starlette", "uvicorn", "numba", "numpy", "multiprocessing", "msgspec", "sqlite3")


def wall(command: list[str], runs: int) -> float:
    """The median wall time of ``command`` over ``runs`` runs, after one warm-up."""
    subprocess.run(command, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def loaded_modules() -> list[str]:
    """The modules the showdown example imports (from ``python -X importtime``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "splitpot", *EXAMPLE],
        check=True,
        capture_output=True,
        text=True,
    )
    names = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.append(line.rsplit("|", 1)[1].strip())
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each (default 7)")
    parser.add_argument("--imports", action="store_true", help="list the modules loaded")
    args = parser.parse_args()
    bare = wall(BARE, args.runs)
    showdown = wall(SHOWDOWN, args.runs)
    load = load_average()
    print(f"CPU: {cpu_name()}; load average {load if load is not None else '?'}")
    print(f"python -c pass       {1000 * bare:7.1f} ms (median of {args.runs})")
    print(f"splitpot showdown    {1000 * showdown:7.1f} ms (median of {args.runs})")
    print(f"ratio                {showdown / bare:7.1f}x (goal: at most 5x)")
    if args.imports:
        names = loaded_modules()
        ours = sorted(n for n in names if n.startswith("splitpot"))
        heavy = sorted({n.split(".")[0] for n in names} & set(NOT_NEEDED))
        print(f"splitpot modules loaded ({len(ours)}): {', '.join(ours)}")
        print(f"heavy modules loaded: {', '.join(heavy) or 'none'}")


if __name__ == "__main__":
    main()
