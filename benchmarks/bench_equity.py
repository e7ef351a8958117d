"""The study engine's speed: exact Omaha equity against poker-equity, then the split games.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_equity.py            # full run (a few minutes)
    .venv/bin/python benchmarks/bench_equity.py --quick    # smoke run
    .venv/bin/python benchmarks/bench_equity.py --only study --json

Part one, ``--only omaha``, is below; part two, ``--only study``, is issue 10's list of figures
(``benchmarks/_study.py`` says how each is measured).

The task: two players and a flop, every turn and river walked (820 boards with 4 hole cards
each, 741 with 5, 666 with 6), single-award Omaha high; per player the win probability, the
tie share and the equity. The spots are dealt from a ``random.Random`` seeded from ``--seed``
and the hole-card count, and every contender gets the same spots:

- splitpot: ``splitpot.equity.fast.omaha_exact_equity(holes, board)``, on one thread (its
  default below 100,000 boards), and again with ``parallel=True`` (every core);
- poker-equity: ``poker_equity.exact(variant, hands, board, 0)``, its exact walk, on masks
  built before timing (no text parsing);
- PokerKit: ``calculate_equities(..., sample_count=N)``, which *samples* N random boards (the
  only mode it has), on the first spots only: it is thousands of times slower.

Before anything is timed, splitpot and poker-equity must agree on every spot: the same number
of boards, the same number of boards won by each player, the same pot shares. PokerKit's
estimate must fall within 4.5 standard errors of the exact equity (the standard error of an
N-board sample, from the exact win and tie figures). Any disagreement stops the script.

splitpot's core is compiled ahead of time (Rust, at install): nothing compiles at run time. A
fresh interpreter's import and first call are measured separately (what every process pays).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib.metadata import version
from typing import Any

import poker_equity  # type: ignore[import-untyped]
import pokerkit

import _study
from _machine import cpu_name, load_average
from splitpot.cards import Card
from splitpot.equity import engine, fast

VARIANTS = {4: "omaha", 5: "omaha_five", 6: "omaha_six"}
HOLE_COUNTS = (4, 5, 6)
TOLERANCE_SIGMAS = 4.5


@dataclass(frozen=True)
class Settings:
    """Sizes of one run (full or ``--quick``)."""

    spots: int  # spots per hole-card count, timed for splitpot and poker-equity
    rounds: int  # timed passes over the spots per contender; the best is reported
    pokerkit_spots: int  # the first this many spots are also given to PokerKit
    pokerkit_samples: int  # PokerKit's sample_count (random boards per spot)


FULL = Settings(spots=1_000, rounds=5, pokerkit_spots=2, pokerkit_samples=1_000)
QUICK = Settings(spots=100, rounds=2, pokerkit_spots=1, pokerkit_samples=200)

Spot = tuple[list[list[int]], list[int]]  # (holes, flop)


def deal_spots(seed: int, hole: int, count: int) -> list[Spot]:
    rng = random.Random(f"{seed}/omaha{hole}/flop")
    spots = []
    for _ in range(count):
        cards = rng.sample(range(52), 2 * hole + 3)
        spots.append(([cards[:hole], cards[hole : 2 * hole]], cards[2 * hole :]))
    return spots


# --- the contenders, one spot at a time ---------------------------------------------------------


def pe_args(variant: str, spot: Spot) -> tuple[Any, ...]:
    holes, board = spot
    return (variant, [[[1 << c for c in hole]] for hole in holes], [1 << c for c in board], 0)


def pokerkit_equities(spot: Spot, samples: int, seed: str) -> list[float]:
    holes, board = spot
    random.seed(seed)  # PokerKit samples with the random module
    return list(
        pokerkit.calculate_equities(
            [[list(pokerkit.Card.parse("".join(str(Card(c)) for c in hole)))] for hole in holes],
            list(pokerkit.Card.parse("".join(str(Card(c)) for c in board))),
            len(holes[0]),
            5,
            pokerkit.Deck.STANDARD,
            (pokerkit.OmahaHoldemHand,),
            sample_count=samples,
        )
    )


# --- agreement first ----------------------------------------------------------------------------


class DisagreementError(Exception):
    pass


def check_poker_equity(hole: int, spots: Sequence[Spot]) -> None:
    """Board for board: the same boards, wins and pot shares as poker-equity's exact walk."""
    for spot in spots:
        ours = fast.exact_counts("omaha", *spot)
        theirs = poker_equity.exact(*pe_args(VARIANTS[hole], spot))
        shares = [w + t / ours.unit for w, t in zip(ours.wins, ours.tie_units, strict=True)]
        if (
            theirs is None
            or theirs["samples"] != ours.boards
            or [int(w) for w in theirs["win_count"]] != list(ours.wins)
            or any(abs(a - b) > 1e-9 for a, b in zip(shares, theirs["share_sum"], strict=True))
        ):
            raise DisagreementError(
                f"{hole} hole cards, holes {spot[0]} board {spot[1]}: splitpot {ours}, "
                f"poker-equity {theirs and {k: theirs[k] for k in ('samples', 'win_count')}}"
            )


def sampling_error(results: Sequence[tuple[float, float, float]], samples: int) -> list[float]:
    """Standard error of an equity estimated from ``samples`` random boards (heads-up).

    A board gives a player 1, 1/2 or 0 of the pot: E[share^2] = win + tie_share / 2.
    """
    return [
        math.sqrt(max(win + tie / 2 - equity**2, 0.0) / samples) for win, tie, equity in results
    ]


# --- timing ------------------------------------------------------------------------------------


@dataclass
class Rate:
    """The timed rounds of one contender on one hole-card count."""

    spots: int
    seconds: list[float]  # wall time of each round
    cpu_shares: list[float]  # process CPU time / wall time, each round

    @property
    def best_ms(self) -> float:
        return min(self.seconds) / self.spots * 1e3

    def as_json(self) -> dict[str, Any]:
        return {
            "spots_per_round": self.spots,
            "rounds_ms_per_spot": [s / self.spots * 1e3 for s in self.seconds],
            "best_ms_per_spot": self.best_ms,
            "median_ms_per_spot": statistics.median(self.seconds) / self.spots * 1e3,
            "spots_per_second": 1e3 / self.best_ms,
            "cpu_shares": [round(c, 3) for c in self.cpu_shares],
        }


def time_rounds(
    calls: dict[str, Callable[[], object]], threaded: set[str], spots: int, rounds: int
) -> dict[str, Rate]:
    """Alternate the contenders round by round; each call runs every spot once.

    The CPU share counts this thread's CPU time for one-thread contenders (a thread pool's idle
    workers may spin for a while after a threaded call) and the process's for ``threaded``.
    """
    rates = {name: Rate(spots, [], []) for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            clock = time.process_time if name in threaded else time.thread_time
            wall, cpu = time.perf_counter(), clock()
            call()
            wall, cpu = time.perf_counter() - wall, clock() - cpu
            rates[name].seconds.append(wall)
            rates[name].cpu_shares.append(cpu / wall)
    return rates


START_PROBE = """
import json, time
started = time.perf_counter()
from splitpot.equity import fast
imported = time.perf_counter()
fast.omaha_exact_equity([[0, 1, 2, 3], [4, 5, 6, 7]], [8, 12, 16])
first = time.perf_counter()
print(json.dumps({"import_s": imported - started, "first_call_s": first - imported}))
"""


def measure_start() -> dict[str, Any]:
    """Import and first-call times in fresh interpreters (twice: nothing is cached between)."""
    out: dict[str, Any] = {}
    for label in ("first", "second"):
        done = subprocess.run(
            [sys.executable, "-c", START_PROBE], capture_output=True, text=True, check=True
        )
        out[label] = json.loads(done.stdout.strip().splitlines()[-1])
    return out


# --- report -------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--quick", action="store_true", help="fast smoke run: fewer spots")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--only", choices=("omaha", "study"), help="run one part only")
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL
    started = time.perf_counter()
    study: dict[str, Any] = {}
    if args.only != "omaha":
        study = _study.run_all(_study.QUICK if args.quick else _study.FULL, args.seed)
        study["compile"] = _study.compile_times()
        if args.only == "study":
            print("\n".join(_study.report(study)))
            if args.json:
                print(json.dumps({"study": study}, indent=2))
            return 0

    header = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": f"{cpu_name()} ({os.cpu_count()} logical CPUs)",
        "poker_equity": version("poker-equity"),
        "pokerkit": version("pokerkit"),
        "cores": engine.all_threads(),
        "seed": args.seed,
        "mode": "quick" if args.quick else "full",
        "load_average_1min_at_start": load_average(),
    }
    load = header["load_average_1min_at_start"]
    print(f"Python {header['python']} on {header['platform']}")
    print(f"CPU: {header['cpu']}", end="")
    print("" if load is None else f"; load average at start {load:.2f}")
    print(
        f"splitpot's core on {header['cores']} cores when threaded, "
        f"poker-equity {header['poker_equity']}, PokerKit {header['pokerkit']}"
    )
    print(
        f"Seed {args.seed}, {header['mode']} run: {settings.spots} heads-up flop spots per "
        f"hole-card count, {settings.rounds} rounds per contender (alternating), best shown."
    )

    print("start times (fresh interpreters) ...", file=sys.stderr, flush=True)
    start = measure_start()

    rows: list[dict[str, Any]] = []
    for hole in HOLE_COUNTS:
        variant = VARIANTS[hole]
        spots = deal_spots(args.seed, hole, settings.spots)
        print(f"{hole} hole cards: checking poker-equity ...", file=sys.stderr, flush=True)
        try:
            check_poker_equity(hole, spots)
        except DisagreementError as error:
            print(f"DISAGREEMENT with poker-equity: {error}")
            return 1
        exact = [fast.omaha_exact_equity(*spot) for spot in spots]
        boards = [fast.exact_counts("omaha", *spot).boards for spot in spots]

        print(f"{hole} hole cards: PokerKit ...", file=sys.stderr, flush=True)
        pokerkit_rows = []
        for i, spot in enumerate(spots[: settings.pokerkit_spots]):
            wall = time.perf_counter()
            estimate = pokerkit_equities(
                spot, settings.pokerkit_samples, f"{args.seed}/pokerkit/{hole}/{i}"
            )
            wall = time.perf_counter() - wall
            errors = sampling_error(exact[i], settings.pokerkit_samples)
            for player, (value, sigma) in enumerate(zip(estimate, errors, strict=True)):
                equity = exact[i][player][2]
                if abs(value - equity) > TOLERANCE_SIGMAS * sigma + 1e-12:
                    print(
                        f"DISAGREEMENT with PokerKit: {hole} hole cards, spot {i} "
                        f"{spot}, player {player + 1}: exact {equity:.4f}, PokerKit "
                        f"{value:.4f} from {settings.pokerkit_samples} samples "
                        f"(standard error {sigma:.4f})"
                    )
                    return 1
            pokerkit_rows.append(
                {
                    "spot": i,
                    "seconds": wall,
                    "equities": estimate,
                    "exact": [e for *_, e in exact[i]],
                    "std_errors": errors,
                }
            )

        print(f"{hole} hole cards: timing ...", file=sys.stderr, flush=True)
        pe_calls = [pe_args(variant, spot) for spot in spots]

        def ours(spots: list[Spot] = spots) -> None:
            for holes, board in spots:
                fast.omaha_exact_equity(holes, board)

        def ours_threads(spots: list[Spot] = spots) -> None:
            for holes, board in spots:
                fast.omaha_exact_equity(holes, board, parallel=True)

        def theirs(calls: list[tuple[Any, ...]] = pe_calls) -> None:
            exact_walk = poker_equity.exact
            for call in calls:
                exact_walk(*call)

        rates = time_rounds(
            {"splitpot": ours, "poker_equity": theirs, "splitpot_threads": ours_threads},
            {"splitpot_threads"},
            len(spots),
            settings.rounds,
        )
        rows.append(
            {
                "hole": hole,
                "variant": variant,
                "boards_per_spot": statistics.mean(boards),
                "rates": rates,
                "pokerkit": pokerkit_rows,
            }
        )
    elapsed = time.perf_counter() - started

    print()
    print(
        f"{'exact heads-up Omaha, flop':<27} {'boards':>6} {'ms per spot':>38}"
        f" {'splitpot speed-up':>24}"
    )
    print(
        f"{'to river':<27} {'/spot':>6} {'splitpot':>9} {'threads':>8} {'poker-eq':>9}"
        f" {'PokerKit':>10} {'vs p-eq':>9} {'thr/p-eq':>8} {'vs PokerKit':>12}"
    )
    print("-" * 104)
    for row in rows:
        rates = row["rates"]
        ours_ms = rates["splitpot"].best_ms
        threads_ms = rates["splitpot_threads"].best_ms
        theirs_ms = rates["poker_equity"].best_ms
        kit = row["pokerkit"]
        kit_ms = statistics.mean(r["seconds"] for r in kit) * 1e3 if kit else math.nan
        print(
            f"{row['hole']} hole cards ({row['variant']})".ljust(27)
            + f" {row['boards_per_spot']:>6.0f} {ours_ms:>9.3f} {threads_ms:>8.3f}"
            f" {theirs_ms:>9.3f} {kit_ms:>10.0f} {theirs_ms / ours_ms:>8.1f}x"
            f" {theirs_ms / threads_ms:>7.1f}x {kit_ms / ours_ms:>11,.0f}x"
        )
    print("-" * 104)
    print(
        "splitpot: omaha_exact_equity(holes, board), one thread (its default on the flop); "
        "threads: parallel=True."
    )
    print("poker-equity: exact(variant, hands, board, 0), its exact walk (one thread).")
    print(
        f"PokerKit: calculate_equities(..., sample_count={settings.pokerkit_samples:,}) SAMPLES "
        f"{settings.pokerkit_samples:,} random boards (no exact mode), on the first "
        f"{settings.pokerkit_spots} spot(s) of each row, timed once."
    )
    print("speed-up = the other's ms per spot / splitpot's (bigger: splitpot faster).")
    shares = [c for row in rows for rate in row["rates"].values() for c in rate.cpu_shares]
    one_thread = [
        c
        for row in rows
        for name in ("splitpot", "poker_equity")
        for c in row["rates"][name].cpu_shares
    ]
    print(
        f"CPU share of the one-thread rounds (thread CPU time / wall time): "
        f"{min(one_thread):.0%} to {max(one_thread):.0%}"
        + ("" if min(one_thread) >= 0.9 else ". Below 90%: other processes took the CPU.")
        + f"; threaded rounds (process CPU time) up to {max(shares):.0%}."
    )
    total = sum(len(row["pokerkit"]) for row in rows)
    print(
        f"Agreement: every spot equal to poker-equity (boards, wins, pot shares); PokerKit within "
        f"{TOLERANCE_SIGMAS} standard errors of the exact equity on all {total} spots it ran."
    )
    print()
    first, second = start["first"], start["second"]
    print(
        f"Start, not in the timings above (nothing compiles at run time): a fresh interpreter "
        f"imports in {first['import_s']:.2f} s and makes its first omaha_exact_equity call in "
        f"{first['first_call_s']:.3f} s; again {second['import_s']:.2f} s and "
        f"{second['first_call_s']:.3f} s."
    )
    if study:
        print("\n".join(_study.report(study)))
    print(f"Total time: {elapsed:.1f} s")

    if args.json:
        print()
        out = {
            **header,
            "settings": asdict(settings),
            "start": start,
            "rows": [
                {
                    "hole_cards": row["hole"],
                    "variant": row["variant"],
                    "boards_per_spot": row["boards_per_spot"],
                    **{name: rate.as_json() for name, rate in row["rates"].items()},
                    "speed_up_vs_poker_equity": row["rates"]["poker_equity"].best_ms
                    / row["rates"]["splitpot"].best_ms,
                    "pokerkit": row["pokerkit"],
                }
                for row in rows
            ],
            "total_seconds": elapsed,
            "study": study,
        }
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
