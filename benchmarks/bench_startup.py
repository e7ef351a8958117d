"""Start-up cost: the README's ``splitpot showdown`` example, start to finish, against a bare
``python -c pass``.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_startup.py            # median of 7 runs each
    .venv/bin/python benchmarks/bench_startup.py --runs 15

Both run as fresh processes of the same interpreter, after one warm-up run of each (so the
bytecode is cached), then taking turns (a change in the machine's load falls on both); the
figure is the median wall time of ``--runs`` runs, and the ratio is the showdown's over the bare
interpreter's (the goal: at most 5x). ``--imports`` also lists the
splitpot modules the showdown loads, and any heavy module it should not (the web server, the
equity engine, the hand history, multiprocessing).
"""

from __future__ import annotations

import argparse
import os
import resource
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


# Bytecode is cached as an installed program's is: the warm-up run writes it, whatever
# PYTHONDONTWRITEBYTECODE says in this shell.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def walls(commands: list[list[str]], runs: int) -> list[tuple[float, float]]:
    """The median wall time and CPU time (user + system) of each command over ``runs`` runs,
    after one warm-up each; the commands take turns, so that a change in the machine's load
    falls on all of them (CPU time is the steadier figure on a shared machine)."""
    for command in commands:
        subprocess.run(command, check=True, capture_output=True, env=ENV)
    times: list[list[tuple[float, float]]] = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=ENV)
            wall = time.perf_counter() - started
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            times[index].append((wall, cpu))
    return [
        (statistics.median(w for w, _ in each), statistics.median(c for _, c in each))
        for each in times
    ]


def loaded_modules() -> list[str]:
    """The modules the showdown example imports (from ``python -X importtime``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "splitpot", *EXAMPLE],
        check=True,
        capture_output=True,
        text=True,
        env=ENV,
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
    (bare, bare_cpu), (showdown, showdown_cpu) = walls([BARE, SHOWDOWN], args.runs)
    load = load_average()
    print(f"CPU: {cpu_name()}; load average {load if load is not None else '?'}")
    print(f"medians of {args.runs} runs     wall        CPU")
    print(f"python -c pass       {1000 * bare:7.1f} ms {1000 * bare_cpu:7.1f} ms")
    print(f"splitpot showdown    {1000 * showdown:7.1f} ms {1000 * showdown_cpu:7.1f} ms")
    print(
        f"ratio                {showdown / bare:7.1f}x   {showdown_cpu / bare_cpu:7.1f}x"
        "   (goal: at most 5x)"
    )
    if args.imports:
        names = loaded_modules()
        ours = sorted(n for n in names if n.startswith("splitpot"))
        heavy = sorted({n.split(".")[0] for n in names} & set(NOT_NEEDED))
        print(f"splitpot modules loaded ({len(ours)}): {', '.join(ours)}")
        print(f"heavy modules loaded: {', '.join(heavy) or 'none'}")


if __name__ == "__main__":
    main()
