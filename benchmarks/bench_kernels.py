"""The compiled evaluator kernels against a table-lookup limit, the old batch kernels and Python.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_kernels.py            # full run (about 2 minutes)
    .venv/bin/python benchmarks/bench_kernels.py --quick    # smoke run (about 30 s once compiled)
    .venv/bin/python benchmarks/bench_kernels.py --seed 7 --json

For each family (high of 5, 7 and 10 cards, Omaha with 4-6 hole cards, Badugi of 4 and 5 cards,
2-7, A-5, doogie low and high) the same seeded random hands go to:

- ``kernel``: the ``splitpot.equity.kernels`` kernel of the family, called hand by hand from a
  compiled loop, as the equity walks call it;
- ``dispatch``: ``award_value(kind, aces_high, hole, board, t)``, the same through the
  dispatcher with the kind given at run time;
- ``limit``: a plain table-lookup loop built here: per hand it reads the cards, adds a per-card
  constant for each, and reads one entry (Omaha: one entry per pair of hole cards) at a hashed
  index of a table as big as the kernel's. It computes no hand value: it is the floor of any
  evaluator that reads a table per hand, on the same hands;
- ``old``: the batch kernel of ``splitpot.equity.fast`` that did the same job, where one exists;
- ``Python``: the raw evaluator of ``splitpot.evaluate`` (``Award.raw``), on a prefix.

Before timing, the kernel must return exactly the Python values on that prefix and exactly the
old kernel's values on every hand; any difference stops the script. Compile times are measured
in fresh interpreters with an empty numba cache, then with the cache filled.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib.metadata import version
from typing import Any

import numba
import numpy as np

from _machine import cpu_name, load_average
from splitpot.equity import fast
from splitpot.equity import kernels as k
from splitpot.equity.kernels.badugi import (
    badugi_value_k,
    doogie_high_value_k,
    doogie_low_value_k,
)
from splitpot.equity.kernels.high import high_pool_value_k, high_value_5_k
from splitpot.equity.kernels.lowball import a5_value_k, deuce_seven_value_k
from splitpot.equity.kernels.omaha import omaha_value_k
from splitpot.evaluate.badugi import badugi_value
from splitpot.evaluate.doogie import PERFECT_DOOGIE, PERFECT_DOOGIE_HIGH, doogie_value
from splitpot.evaluate.high import high_value, high_value_5
from splitpot.evaluate.lowball import a5_value_5, deuce_seven_value_5
from splitpot.evaluate.omaha import omaha_value
from splitpot.games.spec import EvalKind

Cards = np.ndarray[Any, np.dtype[np.int8]]
Values = np.ndarray[Any, np.dtype[np.int64]]


@dataclass(frozen=True)
class Settings:
    """Sizes of one run (full or ``--quick``)."""

    hands: int  # hands per task, timed for the compiled contenders
    python_hands: int  # the prefix given to the Python evaluator
    rounds: int  # timed passes per contender, alternating; the best is reported


FULL = Settings(hands=2_000_000, python_hands=20_000, rounds=5)
QUICK = Settings(hands=200_000, python_hands=5_000, rounds=2)


# --- the kernels, one adapter each: (hole row, board row, tables) -> value ---------------------
# Compiled like the kernels (inlined, no reference counting), so that the loop costs the same as
# a loop calling the kernel itself.
_adapter = numba.njit(forceinline=True, _nrt=False)


@_adapter
def _high5(hole: Any, board: Any, t: Any) -> int:
    return high_value_5_k(hole, t)


@_adapter
def _high(hole: Any, board: Any, t: Any) -> int:
    return high_pool_value_k(hole, board, t)


@_adapter
def _omaha(hole: Any, board: Any, t: Any) -> int:
    return omaha_value_k(hole, board, t)


@_adapter
def _badugi(hole: Any, board: Any, t: Any) -> int:
    return badugi_value_k(hole, False, t)


@_adapter
def _badugi_high(hole: Any, board: Any, t: Any) -> int:
    return badugi_value_k(hole, True, t)


@_adapter
def _deuce_seven(hole: Any, board: Any, t: Any) -> int:
    return deuce_seven_value_k(hole, t)


@_adapter
def _a5(hole: Any, board: Any, t: Any) -> int:
    return a5_value_k(hole, t)


@_adapter
def _doogie_low(hole: Any, board: Any, t: Any) -> int:
    return doogie_low_value_k(hole, board, t)


@_adapter
def _doogie_high(hole: Any, board: Any, t: Any) -> int:
    return doogie_high_value_k(hole, board, t)


def _loop(adapter: Any) -> Callable[..., Values]:
    @numba.njit
    def run(holes: Cards, boards: Cards, t: Any) -> Values:
        out = np.empty(holes.shape[0], dtype=np.int64)
        for i in range(holes.shape[0]):
            out[i] = adapter(holes[i], boards[i], t)
        return out

    return run  # type: ignore[no-any-return]


@numba.njit
def _dispatch_loop(kind: int, aces_high: bool, holes: Cards, boards: Cards, t: Any) -> Values:
    out = np.empty(holes.shape[0], dtype=np.int64)
    for i in range(holes.shape[0]):
        out[i] = k.award_value(kind, aces_high, holes[i], boards[i], t)
    return out


# --- the limit loops ------------------------------------------------------------------------------

_MIX = 0x9E3779B97F4A7C15 - (1 << 64)  # a multiplier that spreads a key over the table


@numba.njit
def _limit_one(holes: Cards, boards: Cards, constants: Any, table: Any) -> Values:
    """Per hand: the cards' constants summed, one read of ``table`` at a hashed index."""
    out = np.empty(holes.shape[0], dtype=np.int64)
    size = table.shape[0]
    for i in range(holes.shape[0]):
        key = 0
        for j in range(holes.shape[1]):
            key += constants[holes[i, j]]
        for j in range(boards.shape[1]):
            key += constants[boards[i, j]]
        out[i] = table[(((key * _MIX) >> 32) & 0xFFFFFFFF) * size >> 32]
    return out


@numba.njit
def _limit_pairs(holes: Cards, boards: Cards, constants: Any, pairs: Any, table: Any) -> Values:
    """Omaha: the board's constants summed to a row, one read per pair of hole cards."""
    out = np.empty(holes.shape[0], dtype=np.int64)
    rows = table.shape[0] // 91
    for i in range(holes.shape[0]):
        key = 0
        for j in range(boards.shape[1]):
            key += constants[boards[i, j]]
        base = ((((key * _MIX) >> 32) & 0xFFFFFFFF) * rows >> 32) * 91
        best = 0
        for a in range(holes.shape[1] - 1):
            for b in range(a + 1, holes.shape[1]):
                best = max(best, table[base + pairs[holes[i, a] * 52 + holes[i, b]]])
        out[i] = best
    return out


# --- the tasks ------------------------------------------------------------------------------------


def _doogie_high_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    pool = (*hole, *board)
    return PERFECT_DOOGIE_HIGH if doogie_value(pool) == PERFECT_DOOGIE else high_value(pool)


def _omaha_old(holes: Cards, boards: Cards, pool: Cards) -> Values:
    values: Values = fast.omaha_batch(holes, boards)
    return values


def _doogie_old(holes: Cards, boards: Cards, pool: Cards) -> Values:
    values: Values = fast.doogie_batch(pool)
    return np.where(values == fast.NO_DOOGIE, k.NO_HAND, values)


@dataclass(frozen=True)
class Task:
    """One family on one shape of hand."""

    name: str
    hole: int
    board: int
    adapter: Any
    kind: EvalKind
    python: Callable[[Sequence[int], Sequence[int]], int | None]
    old: Callable[[Cards, Cards, Cards], Values] | None  # (holes, boards, holes + boards)
    table: int  # entries of the limit loop's table (its kernel's main table)
    aces_high: bool = False


TASKS = (
    Task("high, 5 cards (draw)", 5, 0, _high5, EvalKind.DRAW_HIGH,
         lambda h, b: high_value_5(h), lambda h, b, p: fast.high5_batch(h), 1 << 17),
    Task("high, 7 cards (2 + 5)", 2, 5, _high, EvalKind.HIGH,
         lambda h, b: high_value([*h, *b]), lambda h, b, p: fast.high_batch(p),
         1 << 17),
    Task("high, 10 cards (6 + 4)", 6, 4, _high, EvalKind.HIGH,
         lambda h, b: high_value([*h, *b]), lambda h, b, p: fast.high_batch(p),
         1 << 21),
    Task("Omaha, 4 + 5", 4, 5, _omaha, EvalKind.OMAHA, omaha_value, _omaha_old, 8450 * 91),
    Task("Omaha, 5 + 5", 5, 5, _omaha, EvalKind.OMAHA, omaha_value, _omaha_old, 8450 * 91),
    Task("Omaha, 6 + 5", 6, 5, _omaha, EvalKind.OMAHA, omaha_value, _omaha_old, 8450 * 91),
    Task("Badugi, 4 cards", 4, 0, _badugi, EvalKind.BADUGI, lambda h, b: badugi_value(h),
         lambda h, b, p: fast.badugi_batch(h), 270_725),
    Task("Badugi, 5 cards", 5, 0, _badugi, EvalKind.BADUGI, lambda h, b: badugi_value(h),
         lambda h, b, p: fast.badugi_batch(h), 2_598_960),
    Task("Badugi, 5, aces high", 5, 0, _badugi_high, EvalKind.BADUGI,
         lambda h, b: badugi_value(h, aces_high=True),
         lambda h, b, p: fast.badugi_batch(h, True), 2_598_960, aces_high=True),
    Task("2-7, 5 cards", 5, 0, _deuce_seven, EvalKind.DEUCE_SEVEN,
         lambda h, b: deuce_seven_value_5(h), lambda h, b, p: fast.deuce_seven_batch(h), 1 << 17),
    Task("A-5, 5 cards", 5, 0, _a5, EvalKind.A5, lambda h, b: a5_value_5(h),
         lambda h, b, p: fast.a5_batch(h), 1 << 17),
    Task("doogie low, 6 + 4", 6, 4, _doogie_low, EvalKind.DOOGIE_LOW,
         lambda h, b: doogie_value([*h, *b]), _doogie_old,
         1 << 17),
    Task("doogie high, 6 + 4", 6, 4, _doogie_high, EvalKind.DOOGIE_HIGH, _doogie_high_raw,
         None, 1 << 21),
)  # fmt: skip


def deal(seed: int, task: int, hands: int, cards: int) -> Cards:
    """``hands`` rows of ``cards`` distinct cards from a generator seeded by (seed, task)."""
    rng = np.random.default_rng([seed, task])
    out = np.empty((hands, cards), dtype=np.int8)
    for start in range(0, hands, 100_000):
        stop = min(hands, start + 100_000)
        order = np.argpartition(rng.random((stop - start, 52)), cards - 1, axis=1)
        out[start:stop] = order[:, :cards]
    return out


# --- timing ---------------------------------------------------------------------------------------


@dataclass
class Rate:
    """The timed rounds of one contender on one task."""

    hands: int
    seconds: list[float]  # wall time of each round
    cpu_seconds: list[float]  # this thread's CPU time of each round

    @property
    def per_second(self) -> float:
        """Hands per second of the best round, by this thread's CPU time: on a shared machine
        wall time also counts the time other processes held the CPU."""
        return self.hands / min(self.cpu_seconds)

    @property
    def cpu_shares(self) -> list[float]:
        return [cpu / wall for cpu, wall in zip(self.cpu_seconds, self.seconds, strict=True)]

    def as_json(self) -> dict[str, Any]:
        return {
            "hands_per_round": self.hands,
            "best_hands_per_cpu_second": self.per_second,
            "median_hands_per_cpu_second": self.hands / statistics.median(self.cpu_seconds),
            "best_hands_per_wall_second": self.hands / min(self.seconds),
            "rounds_wall_seconds": self.seconds,
            "rounds_cpu_seconds": self.cpu_seconds,
            "cpu_shares": [round(c, 3) for c in self.cpu_shares],
        }


def time_rounds(calls: dict[str, tuple[Callable[[], object], int]], rounds: int) -> dict[str, Rate]:
    """Alternate the contenders round by round; each call is one pass over its hands."""
    rates = {name: Rate(hands, [], []) for name, (_, hands) in calls.items()}
    for _ in range(rounds):
        for name, (call, _) in calls.items():
            wall, cpu = time.perf_counter(), time.thread_time()
            call()
            wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
            rates[name].seconds.append(wall)
            rates[name].cpu_seconds.append(cpu)
    return rates


class DisagreementError(Exception):
    pass


def check(  # noqa: PLR0917 - the hands of one task
    task: Task, got: Values, holes: Cards, boards: Cards, pool: Cards, prefix: int
) -> None:
    """The kernel equals Python on the prefix and the old kernel everywhere."""
    rows = zip(holes[:prefix].tolist(), boards[:prefix].tolist(), strict=True)
    expected = [task.python(h, b) for h, b in rows]
    want = np.array([k.NO_HAND if v is None else v for v in expected], dtype=np.int64)
    bad = np.flatnonzero(got[:prefix] != want)
    if bad.size:
        i = int(bad[0])
        raise DisagreementError(
            f"{task.name}: hand {holes[i].tolist()} + {boards[i].tolist()}: kernel {got[i]}, "
            f"Python {want[i]}"
        )
    if task.old is not None:
        old = task.old(holes, boards, pool)
        bad = np.flatnonzero(got != old)
        if bad.size:
            i = int(bad[0])
            raise DisagreementError(
                f"{task.name}: hand {holes[i].tolist()} + {boards[i].tolist()}: kernel "
                f"{got[i]}, old kernel {old[i]}"
            )


JIT_PROBE = """
import json, time
started = time.perf_counter()
import numpy as np
from splitpot.equity import kernels
imported = time.perf_counter()
t = kernels.tables()
built = time.perf_counter()
kernels.award_batch(0, False, np.zeros((1, 2), np.int8), np.arange(4, 9, dtype=np.int8)[None])
compiled = time.perf_counter()
print(json.dumps({"import_s": imported - started, "tables_s": built - imported,
                  "award_value_s": compiled - built}))
"""


def measure_jit() -> dict[str, Any]:
    """Fresh interpreters: import, tables and the dispatcher's compile, cold then cached."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("cold", "cached"):
            done = subprocess.run(
                [sys.executable, "-c", JIT_PROBE],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            out[label] = json.loads(done.stdout.strip().splitlines()[-1])
    return out


def run_task(index: int, task: Task, seed: int, settings: Settings) -> dict[str, Any]:
    """Deal, check and time one task; its row of figures."""
    cards = deal(seed, index, settings.hands, task.hole + task.board)
    holes = np.ascontiguousarray(cards[:, : task.hole])
    boards = np.ascontiguousarray(cards[:, task.hole :])
    t = k.tables()
    kernel = _loop(task.adapter)
    got = kernel(holes, boards, t)
    pool = np.ascontiguousarray(cards)
    check(task, got, holes, boards, pool, settings.python_hands)
    code = k.KIND_CODES[task.kind]
    if not np.array_equal(_dispatch_loop(code, task.aces_high, holes, boards, t), got):
        raise DisagreementError(f"{task.name}: award_value differs from the family kernel")

    rng = np.random.default_rng([seed, index, 1])
    constants = rng.integers(0, 1 << 30, 52, dtype=np.int64)
    table = rng.integers(0, 1 << 15, task.table, dtype=np.int64).astype(np.uint16)
    pairs = rng.integers(0, 91, 52 * 52, dtype=np.int64)

    def limit() -> object:
        if task.kind == EvalKind.OMAHA:
            return _limit_pairs(holes, boards, constants, pairs, table)
        return _limit_one(holes, boards, constants, table)

    limit()
    calls: dict[str, tuple[Callable[[], object], int]] = {
        "kernel": (lambda: kernel(holes, boards, t), settings.hands),
        "limit": (limit, settings.hands),
        "dispatch": (
            lambda: _dispatch_loop(code, task.aces_high, holes, boards, t),
            settings.hands,
        ),
    }
    if task.old is not None:
        old = task.old
        calls["old"] = (lambda: old(holes, boards, pool), settings.hands)
    prefix = list(
        zip(
            holes[: settings.python_hands].tolist(),
            boards[: settings.python_hands].tolist(),
            strict=True,
        )
    )
    python = task.python

    def python_pass() -> None:
        for h, b in prefix:
            python(h, b)

    calls["python"] = (python_pass, len(prefix))
    return {"task": task.name, "rates": time_rounds(calls, settings.rounds)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--quick", action="store_true", help="fast smoke run: fewer hands")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--only", default="", help="only the tasks whose name contains this")
    parser.add_argument("--no-jit", action="store_true", help="skip the compile-time probes")
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL
    started = time.perf_counter()
    header = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": f"{cpu_name()} ({os.cpu_count()} logical CPUs)",
        "numba": version("numba"),
        "numpy": version("numpy"),
        "seed": args.seed,
        "mode": "quick" if args.quick else "full",
        "load_average_1min_at_start": load_average(),
    }
    load = header["load_average_1min_at_start"]
    print(f"Python {header['python']} on {header['platform']}")
    print(f"CPU: {header['cpu']}", end="")
    print("" if load is None else f"; load average at start {load:.2f}")
    print(f"numba {header['numba']}, numpy {header['numpy']}")
    print(
        f"Seed {args.seed}, {header['mode']} run: {settings.hands:,} hands per task "
        f"({settings.python_hands:,} for Python), {settings.rounds} rounds per contender "
        "(alternating), best shown; one thread."
    )
    jit: dict[str, Any] = {}
    if not args.no_jit:
        print("numba compile times (fresh interpreters) ...", file=sys.stderr, flush=True)
        jit = measure_jit()

    rows = []
    for index, task in enumerate(TASKS):
        if args.only.lower() not in task.name.lower():
            continue
        print(f"{task.name} ...", file=sys.stderr, flush=True)
        try:
            rows.append(run_task(index, task, args.seed, settings))
        except DisagreementError as error:
            print(f"DISAGREEMENT: {error}")
            return 1
    elapsed = time.perf_counter() - started

    print()
    head = (
        f"{'million hands/CPU s':<24} {'kernel':>7} {'limit':>7} {'lim/ker':>8} {'dispatch':>8}"
        f" {'old':>7} {'ker/old':>8} {'Python':>7} {'ker/Py':>7}"
    )
    print(head)
    print("-" * len(head))
    for row in rows:
        rates = row["rates"]
        ours = rates["kernel"].per_second
        old = rates["old"].per_second if "old" in rates else float("nan")
        python = rates["python"].per_second
        old_rate = (
            f"{old / 1e6:>7.1f} {ours / old:>7.1f}x" if "old" in rates else f"{'-':>7} {'-':>8}"
        )
        print(
            f"{row['task']:<24} {ours / 1e6:>7.1f} {rates['limit'].per_second / 1e6:>7.1f}"
            f" {rates['limit'].per_second / ours:>7.2f}x"
            f" {rates['dispatch'].per_second / 1e6:>8.1f} {old_rate}"
            f" {python / 1e6:>7.3f} {ours / python:>6.0f}x"
        )
    print("-" * len(head))
    print(
        "kernel: the family kernel from a compiled loop; limit: per hand the cards' constants and "
        "one table read\n(Omaha: one per hole pair), no hand value; lim/ker: how far the kernel "
        "is from it; dispatch: award_value;\nold: splitpot.equity.fast's batch kernel; Python: "
        "splitpot.evaluate's raw evaluator."
    )
    shares = [c for row in rows for rate in row["rates"].values() for c in rate.cpu_shares]
    print(
        f"CPU share of the timed rounds (thread CPU time / wall time): {min(shares):.0%} to "
        f"{max(shares):.0%}"
        + ("" if min(shares) >= 0.9 else ". Below 90%: other processes took the CPU.")
    )
    if jit:
        cold, cached = jit["cold"], jit["cached"]
        print(
            f"Fresh interpreter, empty numba cache: import {cold['import_s']:.2f} s, tables "
            f"{cold['tables_s']:.2f} s (built), award_value compiled in "
            f"{cold['award_value_s']:.1f} s."
        )
        print(
            f"With the cache filled: import {cached['import_s']:.2f} s, tables "
            f"{cached['tables_s']:.3f} s (loaded), award_value {cached['award_value_s']:.2f} s."
        )
    print(f"Total time: {elapsed:.1f} s")
    if args.json:
        print()
        out = {
            **header,
            "settings": asdict(settings),
            "jit": jit,
            "rows": [
                {
                    "task": row["task"],
                    **{name: rate.as_json() for name, rate in row["rates"].items()},
                }
                for row in rows
            ],
            "total_seconds": elapsed,
        }
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
