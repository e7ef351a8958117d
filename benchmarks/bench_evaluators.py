"""Hand evaluations per second: splitpot against PokerKit on the same seeded random hands.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_evaluators.py            # full run (about a minute)
    .venv/bin/python benchmarks/bench_evaluators.py --quick    # smoke run (a few seconds)
    .venv/bin/python benchmarks/bench_evaluators.py --seed 7 --json

Every task deals its hands from one ``random.Random(seed)``; PokerKit is timed on a prefix of
the same hands that splitpot is timed on. Before anything is timed, splitpot and PokerKit must
agree on the winner of every pair among the first few hundred hands of each task, so a wrong
evaluator is never benchmarked. See ``benchmarks/README.md`` for what each row compares.
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
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib.metadata import version
from itertools import combinations
from pathlib import Path
from typing import Any

import pokerkit

from splitpot.cards import Card, format_cards, full_deck
from splitpot.evaluate import evaluate_badugi, evaluate_doogie, evaluate_high, evaluate_omaha
from splitpot.evaluate.badugi import badugi_value
from splitpot.evaluate.doogie import doogie_value
from splitpot.evaluate.high import high_value
from splitpot.evaluate.omaha import omaha_value

Group = tuple[Any, ...]  # one group of cards: splitpot Cards or PokerKit Cards
Args = tuple[Group, ...]  # the positional arguments of one evaluator call

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

    splitpot_hands: int  # hands dealt per task; splitpot cycles through all of them
    pokerkit_hands: int  # PokerKit cycles through the first this many of the same hands
    min_seconds: float  # each row is timed for at least this long in all ...
    rounds: int  # ... split into this many rounds; the best round is reported
    sanity_hands: int  # every pair among the first this many hands is checked
    startup_runs: int
    cold_runs: int  # fresh processes timing a cold first pass of evaluate_high


FULL = Settings(
    splitpot_hands=20_000,
    pokerkit_hands=500,
    min_seconds=1.0,
    rounds=5,
    sanity_hands=300,
    startup_runs=7,
    cold_runs=3,
)
QUICK = Settings(
    splitpot_hands=2_000,
    pokerkit_hands=100,
    min_seconds=0.06,
    rounds=3,
    sanity_hands=60,
    startup_runs=3,
    cold_runs=1,
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


# --- dealing -------------------------------------------------------------------------------


def deal_spots(
    seed: int, count: int
) -> dict[str, tuple[list[tuple[tuple[Card, ...], ...]], list[Args]]]:
    """For each task, ``count`` spots as splitpot card groups and as PokerKit card groups.

    One ``random.Random(seed)`` deals every task in table order, so a seed gives the same hands
    in every run; the conversion to PokerKit cards happens here, outside any timed loop.
    """
    rng = random.Random(seed)
    deck = full_deck()
    spots: dict[str, tuple[list[tuple[tuple[Card, ...], ...]], list[Args]]] = {}
    for task in TASKS:
        ours: list[tuple[tuple[Card, ...], ...]] = []
        theirs: list[Args] = []
        for _ in range(count):
            cards = rng.sample(deck, sum(task.groups))
            groups: list[tuple[Card, ...]] = []
            start = 0
            for size in task.groups:
                groups.append(tuple(cards[start : start + size]))
                start += size
            ours.append(tuple(groups))
            theirs.append(tuple(to_pokerkit(group) for group in groups))
        spots[task.key] = (ours, theirs)
    return spots


def to_pokerkit(cards: Sequence[Card]) -> tuple[pokerkit.Card, ...]:
    return tuple(pokerkit.Card.parse("".join(str(card) for card in cards)))


def shape(spot: tuple[tuple[Card, ...], ...], joined: bool) -> Args:
    """The call's arguments: the groups as they are, or joined into one card tuple."""
    if not joined:
        return spot
    return (tuple(card for group in spot for card in group),)


# --- sanity check ------------------------------------------------------------------------


def _compare(a: Any, b: Any) -> int:
    """-1, 0 or 1; ``None`` (no hand) loses to any hand and ties with ``None``."""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return int(a > b) - int(a < b)


def _show(spot: tuple[tuple[Card, ...], ...]) -> str:
    return " | ".join(format_cards(group) for group in spot)


def check_agreement(
    task: Task, spots: list[tuple[tuple[Card, ...], ...]], theirs: list[Args]
) -> tuple[int, int]:
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
    pk_hands = [task.pokerkit(*args) for args in theirs]
    pairs = ties = 0
    for i, j in combinations(range(len(spots)), 2):
        ours = _compare(values[i], values[j])
        if ours != _compare(pk_hands[i], pk_hands[j]):
            sys.exit(
                f"{task.key}: splitpot and PokerKit disagree on the winner:\n"
                f"  {_show(spots[i])}: splitpot {names[i]}, PokerKit {pk_hands[i]}\n"
                f"  {_show(spots[j])}: splitpot {names[j]}, PokerKit {pk_hands[j]}"
            )
        pairs += 1
        ties += ours == 0
    return pairs, ties


# --- timing ------------------------------------------------------------------------------


def _one_pass(fn: Callable[..., Any], pool: list[Args]) -> float:
    if len(pool[0]) == 1:
        singles = [args[0] for args in pool]
        start = time.perf_counter()
        for a in singles:
            fn(a)
        return time.perf_counter() - start
    start = time.perf_counter()
    for a, b in pool:
        fn(a, b)
    return time.perf_counter() - start


@dataclass(frozen=True)
class Measurement:
    """Hands per second in each timed round; the table shows the best round."""

    rates: tuple[float, ...]
    hands: int  # hands evaluated in all rounds together
    seconds: float

    @property
    def best(self) -> float:
        return max(self.rates)

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    def as_json(self) -> dict[str, Any]:
        return {
            "best_per_second": self.best,
            "median_per_second": self.median,
            "round_rates": list(self.rates),
            "hands_timed": self.hands,
            "seconds_timed": self.seconds,
        }


def measure(
    fn: Callable[..., Any], pool: list[Args], settings: Settings, warmup: int
) -> Measurement:
    """Time ``settings.rounds`` rounds of whole passes of ``pool``, each round lasting at least
    ``settings.min_seconds / settings.rounds``, after ``warmup`` untimed hands.

    The garbage collector is off while timing, as in ``timeit``; the best round is the figure
    least disturbed by other processes.
    """
    _one_pass(fn, pool[:warmup])
    round_seconds = settings.min_seconds / settings.rounds
    rates: list[float] = []
    total_hands = 0
    total_seconds = 0.0
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        for _ in range(settings.rounds):
            hands = 0
            seconds = 0.0
            while seconds < round_seconds:
                seconds += _one_pass(fn, pool)
                hands += len(pool)
            rates.append(hands / seconds)
            total_hands += hands
            total_seconds += seconds
    finally:
        if gc_was_on:
            gc.enable()
    return Measurement(tuple(rates), total_hands, total_seconds)


def cold_high_pass(seed: int, settings: Settings) -> float:
    """Seconds of the first, cold pass of ``evaluate_high`` over the task's hands."""
    ours, _ = deal_spots(seed, settings.splitpot_hands)["high"]
    high = next(task for task in TASKS if task.key == "high")
    pool = [shape(spot, high.splitpot_joined) for spot in ours]
    return _one_pass(high.splitpot, pool)


def measure_cold_high(seed: int, settings: Settings, quick: bool) -> Measurement:
    """Run :func:`cold_high_pass` in fresh interpreters, whose tables hold only what importing
    splitpot put there (this process has already warmed them in the sanity check)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--seed", str(seed), "--cold-high"]
    if quick:
        command.append("--quick")
    rates: list[float] = []
    total = 0.0
    for _ in range(settings.cold_runs):
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        seconds = json.loads(done.stdout)["seconds"]
        rates.append(settings.splitpot_hands / seconds)
        total += seconds
    return Measurement(tuple(rates), settings.splitpot_hands * settings.cold_runs, total)


def splitpot_command() -> list[str]:
    script = Path(sys.executable).with_name("splitpot")
    if script.exists():
        return [str(script), *SHOWDOWN_ARGS]
    return [sys.executable, "-m", "splitpot", *SHOWDOWN_ARGS]


def time_command(command: list[str], runs: int) -> list[float]:
    """Wall-clock milliseconds of ``runs`` runs of ``command``, after one untimed run."""
    subprocess.run(command, capture_output=True, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return times


# --- report ------------------------------------------------------------------------------


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _row(label: str, ours: float, theirs: float) -> str:
    return f"{label:<44} {ours:>12,.0f} {theirs:>12,.0f} {ours / theirs:>9,.1f}x"


def load_average() -> float | None:
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=1, help="random seed for dealing (default 1)")
    parser.add_argument("--quick", action="store_true", help="fast smoke run: fewer, shorter")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--cold-high", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL

    if args.cold_high:  # internal: the fresh process behind the cold high-from-7 row
        print(json.dumps({"seconds": cold_high_pass(args.seed, settings)}))
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
        f"Seed {args.seed}, {header['mode']} run: splitpot cycles through "
        f"{settings.splitpot_hands:,} hands per task, PokerKit through the first "
        f"{settings.pokerkit_hands:,} of them.\nEach row: a warm-up pass, then "
        f"{settings.rounds} timed rounds of at least {round_seconds:.2g} s "
        "of whole passes; the best round is shown."
    )

    progress("dealing hands ...")
    spots = deal_spots(args.seed, settings.splitpot_hands)

    sanity: dict[str, dict[str, int]] = {}
    for task in TASKS:
        progress(f"sanity check: {task.key} ...")
        ours, theirs = spots[task.key]
        n = settings.sanity_hands
        pairs, ties = check_agreement(task, ours[:n], theirs[:n])
        sanity[task.key] = {"hands": n, "pairs": pairs, "ties": ties}
    total_pairs = sum(s["pairs"] for s in sanity.values())
    tie_counts = ", ".join(f"{key} {s['ties']}" for key, s in sanity.items())
    print(
        f"Sanity: splitpot and PokerKit agree on the winner of all {total_pairs:,} pairs among "
        f"the first {settings.sanity_hands} hands of each task (ties among them: {tie_counts})"
    )

    progress("cold first pass of evaluate_high (fresh processes) ...")
    cold = measure_cold_high(args.seed, settings, args.quick)

    results: list[dict[str, Any]] = []
    lines: list[str] = []

    def record(task: Task, kind: str, label: str, call: str, ours: Measurement) -> None:
        pk = pokerkit_rates[task.key]
        lines.append(_row(label, ours.best, pk.best))
        results.append(
            {
                "task": task.key,
                "kind": kind,
                "splitpot_call": call,
                "pokerkit_call": task.pokerkit_call,
                "ratio": ours.best / pk.best,
                "splitpot": ours.as_json(),
                "pokerkit": pk.as_json(),
            }
        )

    pokerkit_rates: dict[str, Measurement] = {}
    for task in TASKS:
        ours, theirs = spots[task.key]
        progress(f"timing {task.key}: PokerKit ...")
        pk_pool = theirs[: settings.pokerkit_hands]
        pokerkit_rates[task.key] = measure(
            task.pokerkit, pk_pool, settings, warmup=len(pk_pool) // 10
        )
        rows = [
            ("splitpot", task.title, task.splitpot, task.splitpot_call, task.splitpot_joined),
            ("raw", f"  raw int: {task.raw_call}", task.raw, task.raw_call, task.raw_joined),
        ]
        for kind, label, fn, call, joined in rows:
            progress(f"timing {task.key}: {call} ...")
            pool = [shape(spot, joined) for spot in ours]
            record(task, kind, label, call, measure(fn, pool, settings, warmup=len(pool)))
        if task.key == "high":
            label = f"  cold first pass over {settings.splitpot_hands:,} hands"
            record(task, "cold", label, task.splitpot_call, cold)

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
        f"Cold row: one pass of evaluate_high in a fresh process (best of {settings.cold_runs}), "
        "while its 7-card table fills."
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
