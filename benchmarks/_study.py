"""The study engine's figures (issue 10's "How we will know"), for bench_equity.py.

Each task runs on one thread unless its name says otherwise, after a warm-up, and reports the
best of several rounds; poker-equity runs in the same process, on the same hands, alternating
with splitpot round by round, so the ratios compare like with like on a shared machine.

1. Exact heads-up Drawmaha preflop, no draw left (850,668 boards, both halves), against
   poker-equity's exact Omaha-5 preflop on the same two hands (one half only).
2. Exact flop to river for Drawmaha, Bodigiha, Drawmaha 2-7 and Drawmadugi after the draw:
   boards a second, against poker-equity's exact Omaha-5 on the same hands and flops.
3. Heads-up Badugi, three draws to come, heuristic policy, Monte Carlo: samples a second,
   against poker-equity's single-draw Badugi with fixed discards (the policy's first throw).
4. Doogie three-way, two board cards known, Monte Carlo: samples a second.
5. ``splitpot advise drawmaha --hand "As Ah Ks Qs Qd" --board "Js Ts 7c" --opponents 1`` with
   100,000 runouts per discard: the whole command (a fresh process), the same call in a warm
   process on one thread and on every core, and the web advisor's default (20,000 runouts per
   discard) for the heaviest games.
6. The heuristic bot's decisions at six seats (2,000 runouts where it uses equity): p50, p99.

Plus the start: a fresh interpreter's first equity() (the core is compiled at install: nothing
compiles at run time).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import poker_equity  # type: ignore[import-untyped]

from splitpot.bots import seat_view
from splitpot.bots.heuristic import HeuristicBot
from splitpot.cards import Card
from splitpot.engine.table import Table
from splitpot.equity import engine
from splitpot.equity.advise import advise_discards
from splitpot.equity.policy import choose_discard
from splitpot.equity.spot import Spot, prepare
from splitpot.games import GAMES


@dataclass(frozen=True)
class StudySettings:
    """Sizes of one run (full or ``--quick``)."""

    rounds: int
    preflop_spots: int
    flop_spots: int
    samples: int  # Monte Carlo samples per timed call
    mc_spots: int
    bot_hands: int
    advise_runs: int


FULL = StudySettings(rounds=5, preflop_spots=3, flop_spots=200, samples=200_000, mc_spots=5,
                     bot_hands=40, advise_runs=3)  # fmt: skip
QUICK = StudySettings(rounds=2, preflop_spots=1, flop_spots=30, samples=50_000, mc_spots=2,
                      bot_hands=5, advise_runs=1)  # fmt: skip


def _best(calls: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Alternate the contenders round by round; each one's best wall time."""
    best = dict.fromkeys(calls, float("inf"))
    for _ in range(rounds):
        for name, call in calls.items():
            started = time.perf_counter()
            call()
            best[name] = min(best[name], time.perf_counter() - started)
    return best


def _masks(hands: Sequence[Sequence[int]]) -> list[list[list[int]]]:
    return [[[1 << c for c in hand]] for hand in hands]


def _spot(game: str, hands: Sequence[Sequence[int]], board: Sequence[int], **kw: Any) -> Spot:
    players = {f"P{i}": list(h) for i, h in enumerate(hands)}
    return prepare(game, players, list(board), (), None, kw.get("draws"), "heuristic", None, None)


def _walk_call(spot: Spot) -> Callable[[], object]:
    encoded = engine.encode(spot)
    slots = spot.fixed_slots()
    assert slots is not None
    return lambda: engine.walk(encoded, slots, spot, threads=1)


def preflop(settings: StudySettings, seed: int) -> dict[str, Any]:
    """Task 1: exact preflop Drawmaha (both halves) against poker-equity Omaha-5."""
    rng = random.Random(f"{seed}/preflop")
    ours, theirs, threads = [], [], []
    for _ in range(settings.preflop_spots):
        cards = rng.sample(range(52), 10)
        hands = [cards[:5], cards[5:]]
        spot = _spot("drawmaha", hands, [], draws=0)
        call = _walk_call(spot)
        encoded = engine.encode(spot)
        slots = spot.fixed_slots()
        assert slots is not None and call() is not None
        times = _best(
            {
                "splitpot": call,
                "poker_equity": lambda h=hands: poker_equity.exact("omaha_five", _masks(h), [], 0),
                "threads": lambda e=encoded, s=slots, p=spot: engine.walk(e, s, p, threads=2),
            },
            settings.rounds,
        )
        ours.append(times["splitpot"])
        theirs.append(times["poker_equity"])
        threads.append(times["threads"])
    boards = 850_668
    return {
        "boards": boards,
        "splitpot_s": statistics.median(ours),
        "splitpot_threads_s": statistics.median(threads),
        "poker_equity_s": statistics.median(theirs),
        "boards_per_s": boards / statistics.median(ours),
        "speed_up": statistics.median(theirs) / statistics.median(ours),
    }


def flop(settings: StudySettings, seed: int) -> list[dict[str, Any]]:
    """Task 2: exact flop to river, four split games against poker-equity Omaha-5."""
    rng = random.Random(f"{seed}/flop")
    deals = [rng.sample(range(52), 13) for _ in range(settings.flop_spots)]
    spots = [([d[:5], d[5:10]], d[10:]) for d in deals]
    theirs_calls = [("omaha_five", _masks(h), [1 << c for c in b], 0) for h, b in spots]

    def theirs() -> None:
        for call in theirs_calls:
            poker_equity.exact(*call)

    rows = []
    for game in ("drawmaha", "bodigiha", "drawmaha-27", "drawmadugi"):
        prepared = [_spot(game, h, b, draws=0) for h, b in spots]
        walks = [_walk_call(s) for s in prepared]

        def kernel(walks: list[Callable[[], object]] = walks) -> None:
            for call in walks:
                call()

        def whole(game: str = game) -> None:
            for hands, board in spots:
                engine_equity(game, hands, board)

        times = _best({"splitpot": kernel, "poker_equity": theirs, "equity()": whole},
                      settings.rounds)  # fmt: skip
        boards = 741 * len(spots)
        rows.append({
            "game": game,
            "spots": len(spots),
            "boards_per_s": boards / times["splitpot"],
            "equity_call_boards_per_s": boards / times["equity()"],
            "poker_equity_boards_per_s": boards / times["poker_equity"],
            "speed_up": times["poker_equity"] / times["splitpot"],
            "speed_up_equity_call": times["poker_equity"] / times["equity()"],
        })  # fmt: skip
    return rows


def engine_equity(game: str, hands: Sequence[Sequence[int]], board: Sequence[int]) -> Any:
    from splitpot.equity import equity

    players = {f"P{i}": list(h) for i, h in enumerate(hands)}
    return equity(game, players, list(board), draws=0)


def badugi(settings: StudySettings, seed: int) -> dict[str, Any]:
    """Task 3: heads-up Badugi, three draws, heuristic; poker-equity one draw, fixed throws."""
    rng = random.Random(f"{seed}/badugi")
    game = GAMES["badugi"]
    ours, theirs = [], []
    n = settings.samples
    for i in range(settings.mc_spots):
        cards = rng.sample(range(52), 8)
        hands = [cards[:4], cards[4:]]
        encoded = engine.encode(_spot("badugi", hands, []))
        kept = []
        for hand in hands:
            held = [Card(c) for c in hand]
            thrown = choose_discard(game, held, [], 4)
            kept.append([c for c in held if c not in thrown] or held[:1])
        masks = [[[1 << c for c in k]] for k in kept]
        times = _best(
            {
                "splitpot": lambda e=encoded, s=i: engine.sample(e, n, s, threads=1),
                "poker_equity": lambda m=masks, s=i: poker_equity.chunk(
                    "badugi", m, [], 0, n, s, 1
                ),
            },
            settings.rounds,
        )
        ours.append(times["splitpot"])
        theirs.append(times["poker_equity"])
    return {
        "samples": n,
        "samples_per_s": n / statistics.median(ours),
        "poker_equity_samples_per_s": n / statistics.median(theirs),
        "ratio": statistics.median(theirs) / statistics.median(ours),
    }


def doogie(settings: StudySettings, seed: int) -> dict[str, Any]:
    """Task 4: Doogie three-way, two board cards known, Monte Carlo."""
    rng = random.Random(f"{seed}/doogie")
    rates = {}
    for label, known in (("three known hands", 3), ("one known, two random", 1)):
        best = []
        for i in range(settings.mc_spots):
            cards = rng.sample(range(52), 20)
            players: dict[str, Any] = {f"P{j}": cards[6 * j : 6 * j + 6] for j in range(known)}
            players.update({f"R{j}": "random" for j in range(3 - known)})
            spot = prepare("doogie", players, cards[18:], (), None, None, "heuristic", None, None)
            encoded = engine.encode(spot)
            times = _best(
                {"splitpot": lambda e=encoded, s=i: engine.sample(e, settings.samples, s, 1)},
                settings.rounds,
            )
            best.append(times["splitpot"])
        rates[label] = settings.samples / statistics.median(best)
    return {"samples": settings.samples, "samples_per_s": rates}


ADVISE = ["advise", "drawmaha", "--hand", "As Ah Ks Qs Qd", "--board", "Js Ts 7c",
          "--opponents", "1", "--samples", "100000"]  # fmt: skip


def advise(settings: StudySettings) -> dict[str, Any]:
    """Task 5: the advise command, whole (a fresh process), and the web advisor's default."""
    script = os.path.join(os.path.dirname(sys.executable), "splitpot")
    command = [script] if os.path.exists(script) else [sys.executable, "-m", "splitpot"]
    walls, python = [], []
    for _ in range(settings.advise_runs):
        started = time.perf_counter()
        subprocess.run([*command, *ADVISE], capture_output=True, check=True)
        walls.append(time.perf_counter() - started)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], capture_output=True, check=True)
        python.append(time.perf_counter() - started)

    def call() -> object:
        return advise_discards("drawmaha", "As Ah Ks Qs Qd", "Js Ts 7c", opponents=1,
                               samples=100_000)  # fmt: skip

    def one() -> object:
        cores = engine.all_threads
        engine.all_threads = lambda: 1  # type: ignore[assignment]
        try:
            return call()
        finally:
            engine.all_threads = cores  # type: ignore[assignment]

    in_process = _best({"threads": call, "one thread": one}, settings.advise_runs)
    web = {}
    for game, hand, board in (
        ("drawmaha", "As Ah Ks Qs Qd", "Js Ts 7c"),
        ("triple-draw-dramaha", "As Ah Ks Qs Qd", "Js Ts 7c"),
        ("badacey", "As 2h 3d 4c Kc", ""),
        ("badugi", "As 2h 3d Kc", ""),
    ):
        times = _best(
            {
                "web": lambda g=game, h=hand, b=board: advise_discards(
                    g, h, b, opponents=1, samples=20_000
                )
            },
            settings.advise_runs,
        )
        web[game] = times["web"]
    return {
        "command_s": statistics.median(walls),
        "python_s": statistics.median(python),
        "in_process_s": in_process["threads"],
        "in_process_one_thread_s": in_process["one thread"],
        "web_default_20000_s": web,
    }


def bots(settings: StudySettings) -> dict[str, Any]:
    """Task 6: every decision of six heuristic bots, hand after hand."""
    out = {}
    for game in ("drawmaha", "bodigiha", "badugi", "badacey", "triple-draw-dramaha", "doogie"):
        players = [HeuristicBot(random.Random(i)) for i in range(6)]
        table = Table(game, stacks=[200] * 6, rng=random.Random(1), rebuy=200)
        times: list[float] = []

        def policy(hand: Any, legal: Any, players: Any = players, times: Any = times) -> Any:
            started = time.perf_counter()
            action = players[legal.seat].act(seat_view(hand, legal.seat), legal)
            times.append(time.perf_counter() - started)
            return action

        table.play_hand(policy)  # warm-up
        times.clear()
        for _ in range(settings.bot_hands):
            table.play_hand(policy)
        times.sort()
        out[game] = {
            "decisions": len(times),
            "p50_ms": times[len(times) // 2] * 1e3,
            "p99_ms": times[int(len(times) * 0.99)] * 1e3,
            "max_ms": times[-1] * 1e3,
        }
    return out


COMPILE_PROBE = """
import json, sys, time
started = time.perf_counter()
from splitpot.equity import equity
equity("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "random"}, "Ac Kh 7c", samples=1000)
print(json.dumps({"first_equity_s": time.perf_counter() - started}))
"""


def compile_times() -> dict[str, Any]:
    """Fresh interpreters' first equity() (nothing compiles at run time: the same every time)."""
    out: dict[str, Any] = {}
    for label in ("first", "second", "third"):
        done = subprocess.run([sys.executable, "-c", COMPILE_PROBE], capture_output=True,
                              text=True, check=True)  # fmt: skip
        out[label] = json.loads(done.stdout.strip().splitlines()[-1])["first_equity_s"]
        out[f"{label} stderr"] = done.stderr.strip()
    return out


def run_all(settings: StudySettings, seed: int) -> dict[str, Any]:
    """Every task, in order (progress on stderr)."""
    out: dict[str, Any] = {}
    for name, task in (
        ("preflop", lambda: preflop(settings, seed)),
        ("flop", lambda: flop(settings, seed)),
        ("badugi", lambda: badugi(settings, seed)),
        ("doogie", lambda: doogie(settings, seed)),
        ("advise", lambda: advise(settings)),
        ("bots", lambda: bots(settings)),
    ):
        print(f"study engine: {name} ...", file=sys.stderr, flush=True)
        out[name] = task()
    return out


def report(study: dict[str, Any]) -> list[str]:
    """The study engine's table, as printed lines."""
    pre, bad, doo, adv = study["preflop"], study["badugi"], study["doogie"], study["advise"]
    lines = [
        "",
        "Study engine (one thread unless stated; poker-equity in the same run, same hands)",
        "-" * 96,
        f"1. exact HU Drawmaha preflop, no draw, both halves ({pre['boards']:,} boards): "
        f"{pre['splitpot_s']:.3f} s ({pre['boards_per_s'] / 1e6:.1f}M boards/s); poker-equity "
        f"Omaha-5 {pre['poker_equity_s']:.3f} s: {pre['speed_up']:.1f}x; "
        f"2 threads {pre['splitpot_threads_s']:.3f} s",
        "2. exact flop to river, after the draw (741 boards a spot):",
    ]
    for row in study["flop"]:
        lines.append(
            f"   {row['game']:<12} {row['boards_per_s'] / 1e6:5.1f}M boards/s "
            f"({row['speed_up']:4.1f}x poker-equity's {row['poker_equity_boards_per_s'] / 1e6:.2f}M"
            f"); through equity(): {row['equity_call_boards_per_s'] / 1e6:4.1f}M/s "
            f"({row['speed_up_equity_call']:.1f}x)"
        )
    lines += [
        f"3. HU Badugi, 3 draws, heuristic, Monte Carlo: {bad['samples_per_s'] / 1e6:.2f}M "
        f"samples/s; poker-equity one draw, fixed discards "
        f"{bad['poker_equity_samples_per_s'] / 1e6:.2f}M/s: {bad['ratio']:.2f}x",
        "4. Doogie 3-way, two board cards known, Monte Carlo: "
        + "; ".join(f"{k} {v / 1e6:.2f}M samples/s" for k, v in doo["samples_per_s"].items()),
        f"5. advise drawmaha ... --opponents 1 --samples 100000 (32 discards): whole command "
        f"{adv['command_s']:.2f} s (python -c pass {adv['python_s']:.2f} s); in a warm process "
        f"{adv['in_process_one_thread_s']:.2f} s one thread, {adv['in_process_s']:.2f} s default",
        "   web advisor default, 20,000 runouts per discard, heads-up: "
        + ", ".join(f"{g} {t:.2f} s" for g, t in adv["web_default_20000_s"].items()),
        "6. heuristic bot at six seats (2,000 runouts), per decision:",
    ]
    for game, row in study["bots"].items():
        lines.append(
            f"   {game:<20} {row['decisions']:5} decisions  p50 {row['p50_ms']:6.2f} ms  "
            f"p99 {row['p99_ms']:6.2f} ms  max {row['max_ms']:6.2f} ms"
        )
    if "compile" in study:
        c = study["compile"]
        lines.append(
            f"Start: a fresh interpreter's first equity() (import included, nothing compiles) "
            f"{c['first']:.2f} s, {c['second']:.2f} s, {c['third']:.2f} s"
            + (f" (it printed {c['first stderr']!r})" if c["first stderr"] else "")
        )
    return lines
