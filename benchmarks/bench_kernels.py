"""The core's evaluators (``splitpot._core.batch``) against plain C table loops and Python.

Run from the repository root with the project's virtualenv (gcc builds the C loops)::

    .venv/bin/python benchmarks/bench_kernels.py            # full run (about a minute)
    .venv/bin/python benchmarks/bench_kernels.py --quick    # smoke run (about 15 s)
    .venv/bin/python benchmarks/bench_kernels.py --seed 7 --json

For each family (high of 5, 7 and 10 cards, Omaha with 4-6 hole cards, Badugi of 4 and 5 cards,
2-7, A-5, doogie low and high) the same seeded random hands go to:

- ``core``: ``splitpot._core.batch`` of the task's kind, one call over every hand (the loop is
  the core's, in Rust; the cards as bytes, the values back as int64 bytes);
- ``C direct``: a plain C additive table loop (``benchmarks/c_loops.c``, gcc -O2): per hand the
  cards' rank constants (SKPokerEval's) summed and the sum read directly as the index of a
  table as big as the sums' range, as a plain additive evaluator keeps it (Omaha: the board's
  sum to a row, then one read per pair of hole cards). It computes no hand value;
- ``C hashed``: the same with the sum spread by a multiply over a table as big as the core's
  main table: the floor of any evaluator that reads one hashed table entry per hand;
- ``Python``: the pure-Python evaluators splitpot had before the core (``tests/oracle``), on a
  prefix.

Before timing, the core must return exactly the Python values on that prefix; any difference
stops the script. Rates are per CPU second of this thread (the best of the rounds, the
contenders alternating), so time other processes held the CPU does not count.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from _machine import cpu_name, load_average
from splitpot import _core

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracle import evaluate as oracle  # the test-only oracle, beside the tests

Cards = np.ndarray[Any, np.dtype[np.uint8]]
Raw = Callable[[Sequence[int], Sequence[int]], int | None]
RANK_KEY = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)


@dataclass(frozen=True)
class Settings:
    """Sizes of one run (full or ``--quick``)."""

    hands: int
    python_hands: int
    rounds: int


FULL = Settings(hands=2_000_000, python_hands=20_000, rounds=5)
QUICK = Settings(hands=200_000, python_hands=3_000, rounds=3)


@dataclass(frozen=True)
class Task:
    """One family on one shape of hand."""

    name: str
    hole: int
    board: int
    kind: str
    python: Raw
    table: int  # entries of the hashed C loop's table (the core's main table)
    aces_high: bool = False


def _five(value_5: Callable[[Sequence[int]], int]) -> Raw:
    return lambda h, b: value_5(h)


TASKS = (
    Task("high, 5 cards (draw)", 5, 0, "draw-high", _five(oracle.high_value_5), 1 << 17),
    Task("high, 7 cards (2 + 5)", 2, 5, "high", lambda h, b: oracle.high_value([*h, *b]), 1 << 17),
    Task("high, 10 cards (6 + 4)", 6, 4, "high", lambda h, b: oracle.high_value([*h, *b]), 1 << 17),
    Task("Omaha, 4 + 5", 4, 5, "omaha", oracle.omaha_value, 8450 * 91),
    Task("Omaha, 5 + 5", 5, 5, "omaha", oracle.omaha_value, 8450 * 91),
    Task("Omaha, 6 + 5", 6, 5, "omaha", oracle.omaha_value, 8450 * 91),
    Task("Badugi, 4 cards", 4, 0, "badugi", lambda h, b: oracle.badugi_value(h), 270_725),
    Task("Badugi, 5 cards", 5, 0, "badugi", lambda h, b: oracle.badugi_value(h), 2_598_960),
    Task("Badugi, 5, aces high", 5, 0, "badugi",
         lambda h, b: oracle.badugi_value(h, aces_high=True), 2_598_960, aces_high=True),
    Task("2-7, 5 cards", 5, 0, "deuce-seven", _five(oracle.deuce_seven_value_5), 1 << 17),
    Task("A-5, 5 cards", 5, 0, "a5", _five(oracle.a5_value_5), 1 << 17),
    Task("doogie low, 6 + 4", 6, 4, "doogie-low",
         lambda h, b: oracle.doogie_value([*h, *b]), 1 << 17),
    Task("doogie high, 6 + 4", 6, 4, "doogie-high", oracle.doogie_high_value, 1 << 17),
)  # fmt: skip


def deal(seed: int, task: int, hands: int, cards: int) -> Cards:
    """``hands`` rows of ``cards`` distinct cards from a generator seeded by (seed, task)."""
    rng = np.random.default_rng([seed, task])
    out = np.empty((hands, cards), dtype=np.uint8)
    for start in range(0, hands, 100_000):
        stop = min(hands, start + 100_000)
        order = np.argpartition(rng.random((stop - start, 52)), cards - 1, axis=1)
        out[start:stop] = order[:, :cards]
    return out


def build_c() -> ctypes.CDLL | None:
    """The C loops, built with gcc -O2 into a temporary shared library (None without gcc)."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        return None
    source = Path(__file__).with_name("c_loops.c")
    folder = tempfile.mkdtemp(prefix="splitpot-c-loops-")
    target = os.path.join(folder, "c_loops.so")
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", target, str(source)], check=True)
    return ctypes.CDLL(target)


def _ptr(array: np.ndarray[Any, Any]) -> ctypes.c_void_p:
    return ctypes.c_void_p(array.ctypes.data)


class Contenders:
    """The timed calls of one task, each one pass over the task's hands."""

    def __init__(self, task: Task, holes: Cards, boards: Cards, lib: ctypes.CDLL | None) -> None:
        self.task, self.lib = task, lib
        self.holes, self.boards = holes, boards
        self.hole_bytes, self.board_bytes = holes.tobytes(), boards.tobytes()
        rng = np.random.default_rng(len(task.name))
        self.direct_constants = np.array([RANK_KEY[c >> 2] for c in range(52)], dtype=np.int64)
        self.hashed_constants = rng.integers(0, 1 << 30, 52, dtype=np.int64)
        self.pairs = rng.integers(0, 91, 52 * 52).astype(np.uint8)
        span = (task.hole + task.board) * RANK_KEY[12] + 1
        if task.kind == "omaha":
            self.rows = rng.integers(0, 8450, task.board * RANK_KEY[12] + 1).astype(np.uint32)
            self.direct_table = rng.integers(0, 1 << 15, 8450 * 91).astype(np.uint16)
            self.hashed_table = self.direct_table
        else:
            self.direct_table = rng.integers(0, 1 << 15, span).astype(np.uint16)
            self.hashed_table = rng.integers(0, 1 << 15, task.table).astype(np.uint16)

    def core(self) -> bytes:
        t = self.task
        return _core.batch(
            _core.KINDS[t.kind], t.aces_high, self.hole_bytes, t.hole, self.board_bytes, t.board
        )

    def c_loop(self, hashed: bool) -> np.ndarray[Any, np.dtype[np.int64]]:
        """One pass of a C loop, into a new array (as the core returns new bytes)."""
        assert self.lib is not None
        t, n = self.task, self.holes.shape[0]
        out = np.empty(n, dtype=np.int64)
        constants = self.hashed_constants if hashed else self.direct_constants
        table = self.hashed_table if hashed else self.direct_table
        cards = (_ptr(self.holes), t.hole, _ptr(self.boards), t.board, n, _ptr(constants))
        if t.kind == "omaha":
            self.lib.c_pairs(
                *cards, _ptr(self.rows), self.rows.shape[0], _ptr(self.pairs), _ptr(table),
                table.shape[0], int(hashed), _ptr(out),
            )  # fmt: skip
        else:
            self.lib.c_one(*cards, _ptr(table), table.shape[0], int(hashed), _ptr(out))
        return out


def _c_signatures(lib: ctypes.CDLL) -> None:
    p, z, i = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
    lib.c_one.argtypes = [p, z, p, z, z, p, p, z, i, p]
    lib.c_pairs.argtypes = [p, z, p, z, z, p, p, z, p, p, z, i, p]


Calls = dict[str, tuple[Callable[[], object], int]]


def time_rounds(calls: Calls, rounds: int) -> dict[str, float]:
    """Hands per CPU second of this thread, the best round; contenders alternate."""
    best = {name: float("inf") for name in calls}
    for _ in range(rounds):
        for name, (call, _) in calls.items():
            cpu = time.thread_time()
            call()
            best[name] = min(best[name], time.thread_time() - cpu)
    return {name: hands / max(best[name], 1e-9) for name, (_, hands) in calls.items()}


def run_task(
    index: int, task: Task, seed: int, settings: Settings, lib: ctypes.CDLL | None
) -> dict[str, Any]:
    """Deal, check and time one task; its rates (hands per CPU second)."""
    cards = deal(seed, index, settings.hands, task.hole + task.board)
    holes = np.ascontiguousarray(cards[:, : task.hole])
    boards = np.ascontiguousarray(cards[:, task.hole :])
    contenders = Contenders(task, holes, boards, lib)
    got = np.frombuffer(contenders.core(), dtype=np.int64)
    prefix = list(
        zip(
            holes[: settings.python_hands].tolist(),
            boards[: settings.python_hands].tolist(),
            strict=True,
        )
    )
    for i, (h, b) in enumerate(prefix):
        want = task.python(h, b)
        if int(got[i]) != (_core.NO_HAND if want is None else want):
            raise SystemExit(f"DISAGREEMENT: {task.name}: hand {h} + {b}: core {got[i]}, {want}")
    python = task.python

    def python_pass() -> None:
        for h, b in prefix:
            python(h, b)

    calls: Calls = {"core": (contenders.core, len(got))}
    if lib is not None:
        calls["C direct"] = (lambda: contenders.c_loop(False), len(got))
        calls["C hashed"] = (lambda: contenders.c_loop(True), len(got))
    calls["Python"] = (python_pass, len(prefix))
    return {"task": task.name, "rates": time_rounds(calls, settings.rounds)}


def _ratio(rates: dict[str, float], other: str) -> str:
    return f"{rates['core'] / rates[other]:>7.2f}x" if other in rates else f"{'-':>8}"


def report(rows: list[dict[str, Any]]) -> None:
    """The table of rates and ratios."""
    head = (
        f"{'million hands/CPU s':<24} {'core':>7} {'C direct':>9} {'core/C':>8} {'C hashed':>9}"
        f" {'core/C#':>8} {'Python':>7} {'core/Py':>8}"
    )
    print(head)
    print("-" * len(head))
    for row in rows:
        r = row["rates"]
        direct = f"{r['C direct'] / 1e6:>9.1f}" if "C direct" in r else f"{'-':>9}"
        hashed = f"{r['C hashed'] / 1e6:>9.1f}" if "C hashed" in r else f"{'-':>9}"
        print(
            f"{row['task']:<24} {r['core'] / 1e6:>7.1f} {direct} {_ratio(r, 'C direct')}"
            f" {hashed} {_ratio(r, 'C hashed')} {r['Python'] / 1e6:>7.3f}"
            f" {r['core'] / r['Python']:>7.0f}x"
        )
    print("-" * len(head))
    print(
        "core: splitpot._core.batch; C direct: the rank constants summed, the sum read as the\n"
        "index of a table as big as the sums' range (Omaha: a row, then one read per hole pair);"
        "\nC hashed: the sum spread over a table as big as the core's; no hand value in either;"
        "\nPython: the pure-Python evaluators of tests/oracle (what splitpot ran before the core)."
    )
    targets = {"Omaha, 5 + 5": 1.0, "high, 7 cards (2 + 5)": 2.0}
    for row in rows:
        want = targets.get(row["task"])
        if want is not None and "C direct" in row["rates"]:
            ratio = row["rates"]["core"] / row["rates"]["C direct"]
            mark = "met" if ratio >= want else "NOT met"
            print(f"target: {row['task']} at least {want:g}x C direct: {ratio:.2f}x ({mark})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--quick", action="store_true", help="fast smoke run: fewer hands")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--only", default="", help="only the tasks whose name contains this")
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL
    started = time.perf_counter()
    load = load_average()
    print(f"Python {platform.python_version()} on {platform.platform()}")
    print(f"CPU: {cpu_name()} ({os.cpu_count()} logical CPUs)", end="")
    print("" if load is None else f"; load average at start {load:.2f}")
    print(
        f"Seed {args.seed}, {'quick' if args.quick else 'full'} run: {settings.hands:,} hands per"
        f" task ({settings.python_hands:,} for Python), {settings.rounds} rounds, best shown;"
        " one thread."
    )
    lib = build_c()
    if lib is None:
        print("no C compiler (gcc or cc): the C columns are left out")
    else:
        _c_signatures(lib)
    rows = []
    for index, task in enumerate(TASKS):
        if args.only.lower() in task.name.lower():
            print(f"{task.name} ...", file=sys.stderr, flush=True)
            rows.append(run_task(index, task, args.seed, settings, lib))
    print()
    report(rows)
    elapsed = time.perf_counter() - started
    print(f"Total time: {elapsed:.1f} s; load average at the end {load_average() or 0:.2f}")
    if args.json:
        out = {"seed": args.seed, "quick": args.quick, "load_average_at_start": load, "rows": rows}
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
