"""Hand evaluations per second: splitpot against PokerKit on the same seeded random hands.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_evaluators.py            # full run (1 to 1.5 minutes)
    .venv/bin/python benchmarks/bench_evaluators.py --quick    # smoke run (under 10 s)
    .venv/bin/python benchmarks/bench_evaluators.py --seed 7 --json

Each task deals its hands from a ``random.Random`` seeded from ``--seed`` and the task's name;
PokerKit is timed on a prefix of the hands that splitpot is timed on. Before anything is timed,
splitpot and PokerKit must agree on the winner of every pair among the first few hundred hands
of each task, so a wrong evaluator is never benchmarked.

Every row is timed in a fresh interpreter, on hands that process has never evaluated (after a
warm-up on other hands): a cache keyed on the hand cannot make the figures look better than a
long run of new hands would. See ``benchmarks/README.md`` for what each row compares.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from importlib.metadata import version
from itertools import combinations
from pathlib import Path
from typing import Any

import pokerkit

from _machine import cpu_name, load_average
from splitpot.cards import Card, format_cards, full_deck
from splitpot.evaluate import evaluate_badugi, evaluate_doogie, evaluate_high, evaluate_omaha
from splitpot.evaluate.badugi import badugi_value
from splitpot.evaluate.doogie import doogie_value
from splitpot.evaluate.high import high_value
from splitpot.evaluate.omaha import omaha_value

Spot = tuple[tuple[Card, ...], ...]  # one dealt hand: its groups of cards (hole, board)
Args = tuple[tuple[Any, ...], ...]  # the positional arguments of one evaluator call

SHOWDOWN_ARGS = (
    "showdown",
    "drawmaha",
    "--board",
    "Ac Kh 7c 6d 2h",
    "--player",
    "A=As Ah Kd Qc 8s",
    "--player",
    "B=9s 9h 9d 4s 3d",
    "--pot",
    "120",
)


@dataclass(frozen=True)
class Settings:
    """Sizes and times of one run (full or ``--quick``)."""

    min_seconds: float  # each row is timed for at least this long in all ...
    rounds: int  # ... split into this many rounds; the best round is reported
    splitpot_chunk: int  # hands dealt at a time (untimed) for splitpot, then timed in one pass
    pokerkit_chunk: int  # the same for PokerKit
    splitpot_warmup: int  # new hands (not among the timed ones) evaluated first, untimed ...
    splitpot_warmup_seconds: float  # ... unless this much time runs out first
    pokerkit_warmup: int
    cold_hands: int  # hands in the cold first pass of evaluate_high
    cold_runs: int  # fresh processes timing that pass; the best is reported
    sanity_hands: int  # every pair among the first this many hands is checked
    startup_runs: int


FULL = Settings(
    min_seconds=0.5,
    rounds=5,
    splitpot_chunk=10_000,
    pokerkit_chunk=50,
    splitpot_warmup=1_000_000,
    splitpot_warmup_seconds=8.0,
    pokerkit_warmup=20,
    cold_hands=20_000,
    cold_runs=3,
    sanity_hands=300,
    startup_runs=7,
)
QUICK = Settings(
    min_seconds=0.06,
    rounds=3,
    splitpot_chunk=2_000,
    pokerkit_chunk=10,
    splitpot_warmup=2_000,
    splitpot_warmup_seconds=0.5,
    pokerkit_warmup=5,
    cold_hands=2_000,
    cold_runs=1,
    sanity_hands=60,
    startup_runs=3,
)


def pokerkit_best_four_card_badugi(
    hole: Sequence[pokerkit.Card], board: Sequence[pokerkit.Card] = ()
) -> pokerkit.BadugiHand | None:
    """PokerKit's nearest thing to a doogie: the best four-card ``BadugiHand`` of all the cards.

    This is the first pass of ``BadugiHand.from_game`` (every 4-card combination), without its
    fall-back to three or fewer cards: ``None`` when no four cards form a badugi.
    """
    best: pokerkit.BadugiHand | None = None
    for combination in combinations((*hole, *board), 4):
        try:
            hand = pokerkit.BadugiHand(combination)
        except ValueError:
            continue
        if best is None or hand > best:
            best = hand
    return best


@dataclass(frozen=True)
class Task:
    """One evaluation task: how its hands are dealt and which calls are compared."""

    key: str
    title: str
    groups: tuple[int, ...]  # cards dealt per group (hole, board), no card twice in a spot
    splitpot: Callable[..., Any]
    splitpot_call: str
    splitpot_joined: bool  # True: the groups are passed as one card list
    raw: Callable[..., Any]
    raw_call: str
    raw_joined: bool
    pokerkit: Callable[..., Any]
    pokerkit_call: str
    note: str = ""


TASKS: tuple[Task, ...] = (
    Task(
        key="omaha",
        title="Omaha high, 5 hole + 5 board",
        groups=(5, 5),
        splitpot=evaluate_omaha,
        splitpot_call="evaluate_omaha(hole5, board5)",
        splitpot_joined=False,
        raw=omaha_value,
        raw_call="omaha_value(hole5, board5)",
        raw_joined=False,
        pokerkit=pokerkit.OmahaHoldemHand.from_game,
        pokerkit_call="OmahaHoldemHand.from_game(hole5, board5)",
    ),
    Task(
        key="badugi",
        title="Badugi, best of 5 cards",
        groups=(5,),
        splitpot=evaluate_badugi,
        splitpot_call="evaluate_badugi(cards5)",
        splitpot_joined=True,
        raw=badugi_value,
        raw_call="badugi_value(cards5)",
        raw_joined=True,
        pokerkit=pokerkit.BadugiHand.from_game,
        pokerkit_call="BadugiHand.from_game(cards5)",
    ),
    Task(
        key="high",
        title="High, best 5 of 7 cards",
        groups=(2, 5),
        splitpot=evaluate_high,
        splitpot_call="evaluate_high(cards7)",
        splitpot_joined=True,
        raw=high_value,
        raw_call="high_value(cards7)",
        raw_joined=True,
        pokerkit=pokerkit.StandardHighHand.from_game,
        pokerkit_call="StandardHighHand.from_game(hole2, board5)",
    ),
    Task(
        key="doogie",
        title="Doogie, 6 hole + 4 board",
        groups=(6, 4),
        splitpot=evaluate_doogie,
        splitpot_call="evaluate_doogie(hole6, board4)",
        splitpot_joined=False,
        raw=doogie_value,
        raw_call="doogie_value(cards10)",
        raw_joined=True,
        pokerkit=pokerkit_best_four_card_badugi,
        pokerkit_call="best BadugiHand among the four-card badugis in combinations(cards10, 4)",
        note="PokerKit has no doogie; None when no four cards make a badugi, as in splitpot",
    ),
)
TASK_BY_KEY = {task.key: task for task in TASKS}
KINDS = ("pokerkit", "splitpot", "raw", "cold")


# --- dealing -------------------------------------------------------------------------------


def deal(seed: int, task: Task, purpose: str = "timed") -> Iterator[Spot]:
    """An endless, reproducible stream of spots for ``task``, no card twice within a spot.

    The stream's ``random.Random`` is seeded with ``"<seed>/<task>/<purpose>"`` (a str seed is
    hashed with SHA-512, so it does not depend on ``PYTHONHASHSEED``): every process deals the
    same hands, and the warm-up hands are never among the timed ones.
    """
    rng = random.Random(f"{seed}/{task.key}/{purpose}")
    deck = full_deck()
    total = sum(task.groups)
    while True:
        cards = rng.sample(deck, total)
        groups = []
        start = 0
        for size in task.groups:
            groups.append(tuple(cards[start : start + size]))
            start += size
        yield tuple(groups)


def to_pokerkit(cards: Sequence[Card]) -> tuple[pokerkit.Card, ...]:
    return tuple(pokerkit.Card.parse("".join(str(card) for card in cards)))


def pokerkit_args(spot: Spot) -> Args:
    return tuple(to_pokerkit(group) for group in spot)


def shape(spot: Spot, joined: bool) -> Args:
    """The call's arguments: the groups as they are, or joined into one card tuple."""
    if not joined:
        return spot
    return (tuple(card for group in spot for card in group),)


def call_for(task: Task, kind: str) -> tuple[Callable[..., Any], Callable[[Spot], Args]]:
    """The function a row times and how a spot becomes its arguments."""
    if kind == "pokerkit":
        return task.pokerkit, pokerkit_args
    if kind == "raw":
        return task.raw, lambda spot: shape(spot, task.raw_joined)
    return task.splitpot, lambda spot: shape(spot, task.splitpot_joined)


# --- sanity check ------------------------------------------------------------------------


def _compare(a: Any, b: Any) -> int:
    """-1, 0 or 1; ``None`` (no hand) loses to any hand and ties with ``None``."""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return int(a > b) - int(a < b)


def _show(spot: Spot) -> str:
    return " | ".join(format_cards(group) for group in spot)


def check_agreement(task: Task, spots: list[Spot]) -> tuple[int, int]:
    """Require the same winner from splitpot and PokerKit for every pair of the given hands.

    Also requires the raw-int path to give the same value as the HandValue path. Returns
    (pairs checked, ties among them); exits with the offending hands on any disagreement.
    """
    values: list[int | None] = []
    names: list[str] = []
    for spot in spots:
        hand = task.splitpot(*shape(spot, task.splitpot_joined))
        raw = task.raw(*shape(spot, task.raw_joined))
        value = None if hand is None else hand.value
        if raw != value:
            sys.exit(f"{task.key}: raw value {raw} != HandValue {value} for {_show(spot)}")
        values.append(value)
        names.append("no hand" if hand is None else f"{hand.describe()} = {value}")
    theirs = [task.pokerkit(*pokerkit_args(spot)) for spot in spots]
    pairs = ties = 0
    for i, j in combinations(range(len(spots)), 2):
        ours = _compare(values[i], values[j])
        if ours != _compare(theirs[i], theirs[j]):
            sys.exit(
                f"{task.key}: splitpot and PokerKit disagree on the winner:\n"
                f"  {_show(spots[i])}: splitpot {names[i]}, PokerKit {theirs[i]}\n"
                f"  {_show(spots[j])}: splitpot {names[j]}, PokerKit {theirs[j]}"
            )
        pairs += 1
        ties += ours == 0
    return pairs, ties


# --- timing (in a worker process per row) --------------------------------------------------


def _one_pass(fn: Callable[..., Any], pool: list[Args]) -> tuple[float, float]:
    """Wall-clock seconds (``perf_counter``) and CPU seconds of this process to evaluate every
    hand of ``pool`` once, garbage collector off (as in ``timeit``)."""
    singles = [args[0] for args in pool] if len(pool[0]) == 1 else []
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        if singles:
            cpu = time.process_time()
            start = time.perf_counter()
            for a in singles:
                fn(a)
        else:
            cpu = time.process_time()
            start = time.perf_counter()
            for a, b in pool:
                fn(a, b)
        return time.perf_counter() - start, time.process_time() - cpu
    finally:
        if gc_was_on:
            gc.enable()


@dataclass(frozen=True)
class Measurement:
    """Hands per second in each timed round; the table shows the best round."""

    rates: tuple[float, ...]
    cpu_shares: tuple[float, ...]  # CPU time / wall time of each round: < 1 when contended
    hands: int  # hands evaluated in all rounds together, each one once
    seconds: float
    warmup_hands: int = 0  # other hands evaluated first, untimed (in the last process)

    @property
    def best(self) -> float:
        return max(self.rates)

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    @property
    def best_cpu_share(self) -> float:
        return self.cpu_shares[self.rates.index(self.best)]

    def as_json(self) -> dict[str, Any]:
        return {
            "best_per_second": self.best,
            "median_per_second": self.median,
            "round_rates": list(self.rates),
            "round_cpu_shares": list(self.cpu_shares),
            "hands_timed": self.hands,
            "seconds_timed": self.seconds,
            "warmup_hands": self.warmup_hands,
        }


def time_row(task: Task, kind: str, seed: int, settings: Settings) -> Measurement:
    """Time one row in this (fresh) process.

    ``cold``: one pass of the splitpot evaluator over the first ``cold_hands`` timed hands,
    with no warm-up. Otherwise: a warm-up on hands from a separate stream (for splitpot, up to
    ``splitpot_warmup`` hands or ``splitpot_warmup_seconds``: enough for the tables and caches
    it fills lazily to reach their steady state), then ``rounds`` rounds, each of whole passes
    over freshly dealt chunks of the timed stream (dealing and conversion untimed) lasting at
    least ``min_seconds / rounds``. No hand is timed twice.
    """
    fn, to_args = call_for(task, kind)
    timed = deal(seed, task)
    if kind == "cold":
        pool = [to_args(next(timed)) for _ in range(settings.cold_hands)]
        seconds, cpu = _one_pass(fn, pool)
        return Measurement((len(pool) / seconds,), (cpu / seconds,), len(pool), seconds)
    pokerkit_row = kind == "pokerkit"
    chunk = settings.pokerkit_chunk if pokerkit_row else settings.splitpot_chunk
    warm = deal(seed, task, "warm-up")
    if pokerkit_row:
        warmup = settings.pokerkit_warmup
        _one_pass(fn, [to_args(next(warm)) for _ in range(warmup)])
    else:
        warmup = 0
        deadline = time.perf_counter() + settings.splitpot_warmup_seconds
        while warmup < settings.splitpot_warmup and time.perf_counter() < deadline:
            size = min(chunk, settings.splitpot_warmup - warmup)
            _one_pass(fn, [to_args(next(warm)) for _ in range(size)])
            warmup += size
    rates: list[float] = []
    shares: list[float] = []
    total_hands = 0
    total_seconds = 0.0
    for _ in range(settings.rounds):
        hands = 0
        seconds = cpu_seconds = 0.0
        while seconds < settings.min_seconds / settings.rounds:
            pool = [to_args(next(timed)) for _ in range(chunk)]
            wall, cpu = _one_pass(fn, pool)
            seconds += wall
            cpu_seconds += cpu
            hands += len(pool)
        rates.append(hands / seconds)
        shares.append(cpu_seconds / seconds)
        total_hands += hands
        total_seconds += seconds
    return Measurement(tuple(rates), tuple(shares), total_hands, total_seconds, warmup)


def measure(task: Task, kind: str, seed: int, quick: bool, runs: int = 1) -> Measurement:
    """Run :func:`time_row` in ``runs`` fresh interpreters (this script with ``--worker``)."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--seed",
        str(seed),
        "--worker",
        f"{task.key}:{kind}",
    ]
    if quick:
        command.append("--quick")
    rates: list[float] = []
    shares: list[float] = []
    hands = 0
    seconds = 0.0
    for _ in range(runs):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            sys.exit(f"worker {task.key}:{kind} failed:\n{done.stderr}")
        data = json.loads(done.stdout)
        rates.extend(data["rates"])
        shares.extend(data["cpu_shares"])
        hands += data["hands"]
        seconds += data["seconds"]
    return Measurement(tuple(rates), tuple(shares), hands, seconds, data["warmup_hands"])


def splitpot_command() -> list[str]:
    script = Path(sys.executable).with_name("splitpot")
    if script.exists():
        return [str(script), *SHOWDOWN_ARGS]
    return [sys.executable, "-m", "splitpot", *SHOWDOWN_ARGS]


def time_command(command: list[str], runs: int) -> list[float]:
    """Wall-clock milliseconds of ``runs`` runs of ``command``, after one untimed run."""
    times = []
    for run in range(runs + 1):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        elapsed = (time.perf_counter() - start) * 1000
        if done.returncode != 0:
            sys.exit(f"{shlex.join(command)} exited with {done.returncode}:\n{done.stderr}")
        if run:
            times.append(elapsed)
    return times


# --- report ------------------------------------------------------------------------------


def _row(label: str, ours: float, theirs: float) -> str:
    return f"{label:<44} {ours:>12,.0f} {theirs:>12,.0f} {ours / theirs:>9,.1f}x"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=1, help="random seed for dealing (default 1)")
    parser.add_argument("--quick", action="store_true", help="fast smoke run: fewer, shorter")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--worker", metavar="TASK:KIND", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL

    if args.worker:  # internal: time one row in this fresh process, print it as JSON
        key, _, kind = args.worker.partition(":")
        if key not in TASK_BY_KEY or kind not in KINDS:
            parser.error(f"--worker {args.worker!r}: expected TASK:KIND")
        rate = time_row(TASK_BY_KEY[key], kind, args.seed, settings)
        fields = ("rates", "cpu_shares", "hands", "seconds", "warmup_hands")
        print(json.dumps({field: getattr(rate, field) for field in fields}))
        return 0

    def progress(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    header = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": f"{cpu_name()} ({os.cpu_count()} logical CPUs)",
        "pokerkit": version("pokerkit"),
        "seed": args.seed,
        "mode": "quick" if args.quick else "full",
        "load_average_1min_at_start": load_average(),
    }
    load = header["load_average_1min_at_start"]
    round_seconds = settings.min_seconds / settings.rounds
    print(f"Python {header['python']} on {header['platform']} ({header['machine']})")
    print(f"CPU: {header['cpu']}; PokerKit {header['pokerkit']}", end="")
    print("" if load is None else f"; load average at start {load:.2f}")
    print(
        f"Seed {args.seed}, {header['mode']} run. Each row runs in a fresh process: a warm-up on "
        f"up to {settings.splitpot_warmup:,} other hands or {settings.splitpot_warmup_seconds:g} s"
        f" (PokerKit {settings.pokerkit_warmup} hands),\nthen {settings.rounds} rounds of at "
        f"least {round_seconds:.2g} s on new hands, dealt {settings.splitpot_chunk:,} at a time "
        f"(PokerKit {settings.pokerkit_chunk}) outside the timing; the best round is shown."
    )

    sanity: dict[str, dict[str, int]] = {}
    for task in TASKS:
        progress(f"sanity check: {task.key} ...")
        stream = deal(args.seed, task)
        spots = [next(stream) for _ in range(settings.sanity_hands)]
        pairs, ties = check_agreement(task, spots)
        sanity[task.key] = {"hands": len(spots), "pairs": pairs, "ties": ties}
    total_pairs = sum(s["pairs"] for s in sanity.values())
    tie_counts = ", ".join(f"{key} {s['ties']}" for key, s in sanity.items())
    print(
        f"Sanity: splitpot and PokerKit agree on the winner of all {total_pairs:,} pairs among "
        f"the first {settings.sanity_hands} timed hands of each task (ties: {tie_counts})"
    )

    results: list[dict[str, Any]] = []
    lines: list[str] = []
    cpu_shares: list[float] = []
    warmups: dict[str, list[int]] = {}
    for task in TASKS:
        progress(f"timing {task.key}: PokerKit {task.pokerkit_call} ...")
        theirs = measure(task, "pokerkit", args.seed, args.quick)
        cpu_shares.append(theirs.best_cpu_share)
        rows = [
            ("splitpot", task.title, task.splitpot_call, 1),
            ("raw", f"  raw int: {task.raw_call}", task.raw_call, 1),
        ]
        if task.key == "high":
            label = f"  cold: first pass over {settings.cold_hands:,} hands"
            rows.append(("cold", label, task.splitpot_call, settings.cold_runs))
        for kind, label, call, runs in rows:
            progress(f"timing {task.key}: splitpot {call} ({kind}) ...")
            ours = measure(task, kind, args.seed, args.quick, runs)
            lines.append(_row(label, ours.best, theirs.best))
            cpu_shares.append(ours.best_cpu_share)
            if kind != "cold":
                warmups.setdefault(task.key, []).append(ours.warmup_hands)
            results.append(
                {
                    "task": task.key,
                    "kind": kind,
                    "splitpot_call": call,
                    "pokerkit_call": task.pokerkit_call,
                    "ratio": ours.best / theirs.best,
                    "splitpot": ours.as_json(),
                    "pokerkit": theirs.as_json(),
                }
            )

    progress("timing start-up ...")
    command = splitpot_command()
    cli_ms = time_command(command, settings.startup_runs)
    python_ms = time_command([sys.executable, "-c", "pass"], settings.startup_runs)

    print()
    print(f"{'hands evaluated per second':<44} {'splitpot':>12} {'PokerKit':>12} {'ratio':>10}")
    print("-" * 81)
    for line in lines:
        print(line)
    print("-" * 81)
    print("ratio = splitpot / PokerKit; raw-int and cold rows use the same PokerKit figure.")
    print(
        "Warm-up hands (HandValue / raw-int row): "
        + ", ".join(f"{key} {' / '.join(f'{n:,}' for n in ns)}" for key, ns in warmups.items())
    )
    print(
        "Cold row: one pass of evaluate_high in a fresh process with no warm-up, while its "
        f"7-card table fills (best of {settings.cold_runs})."
    )
    lowest = min(cpu_shares)
    print(
        f"CPU share of the reported rounds (process CPU time / wall time): {lowest:.0%} to "
        f"{max(cpu_shares):.0%}"
        + (
            ""
            if lowest >= 0.9
            else ". Below 90%: other processes took the CPU, so some figures are low and noisy."
        )
    )
    print("Compared:")
    for task in TASKS:
        print(f"  {task.title}: splitpot {task.splitpot_call}")
        print(f"  {'':<{len(task.title)}}  PokerKit {task.pokerkit_call}")
        if task.note:
            print(f"  {'':<{len(task.title)}}  ({task.note})")
    print()
    shown = shlex.join([Path(command[0]).name, *command[1:]])
    print(
        f"Start-up: `{shown}`\n"
        f"  median {statistics.median(cli_ms):.1f} ms over {len(cli_ms)} runs "
        f"(min {min(cli_ms):.1f} ms); bare `python -c pass`: median "
        f"{statistics.median(python_ms):.1f} ms"
    )

    if args.json:
        print()
        report = {
            **header,
            "settings": asdict(settings),
            "sanity": sanity,
            "lowest_cpu_share": min(cpu_shares),
            "rows": results,
            "startup": {
                "command": command,
                "runs_ms": cli_ms,
                "median_ms": statistics.median(cli_ms),
                "python_bare_median_ms": statistics.median(python_ms),
            },
        }
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
