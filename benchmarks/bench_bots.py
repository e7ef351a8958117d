"""The ``expert`` bot's figures (issue 14): duplicate matches, decision times, match time.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_bots.py                      # every game, 10,000 hands
    .venv/bin/python benchmarks/bench_bots.py --hands 1000 --games badugi,doogie
    .venv/bin/python benchmarks/bench_bots.py --quick              # smoke run (seconds)
    .venv/bin/python benchmarks/bench_bots.py --json

Three parts:

1. **Matches.** For each game of the registry, ``play_match(game, ("expert", opponent),
   hands, seed)`` (duplicate heads-up, 100 big blinds, the game's default structure) against
   each ``--against`` bot (default ``heuristic``; ``caller`` too for Badugi): expert's bb/100 and
   its 95% confidence interval, and the seconds the match took.
2. **Decisions.** Six seats of ``expert`` at a table (``--decision-hands`` hands of each of
   ``--decision-games``, default Badugi, Drawmaha and Doogie, after one untimed hand that
   warms the caches): every decision is timed; the
   median, p99 and the slowest are printed (issue 14's bound: p99 <= 50 ms).
3. **Match time.** A 1,000-hand heads-up match of expert against heuristic in Badugi, timed
   (issue 14's bound: under two minutes). Part one's Badugi match gives the same figure
   when it has 1,000 hands; this part is skipped with ``--skip-timing`` (part two with
   ``--skip-decisions``, part one with ``--skip-matches``).

The machine is usually shared: the load average at the start is printed; compare figures only
within one run. Ten thousand hands of every game take hours on two cores: choose ``--games``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from _machine import cpu_name, load_average
from splitpot.bots.base import policy_for
from splitpot.bots.expert import ExpertBot
from splitpot.bots.match import play_match
from splitpot.engine.table import Table
from splitpot.games import GAMES


def _matches(games: list[str], against: list[str], hands: int, seed: int) -> list[dict[str, Any]]:
    rows = []
    for game in games:
        opponents = list(against)
        if game == "badugi" and "caller" not in opponents:
            opponents.append("caller")
        for opponent in opponents:
            result = play_match(game, ("expert", opponent), hands=hands, seed=seed)
            me = result.bot("expert")
            row = {
                "game": game, "against": opponent, "hands": result.hands,
                "bb_per_100": round(me.bb_per_100, 1),
                "ci_low": None if me.ci_low is None else round(me.ci_low, 1),
                "ci_high": None if me.ci_high is None else round(me.ci_high, 1),
                "seconds": round(result.seconds, 1),
            }  # fmt: skip
            rows.append(row)
            print(
                f"{game:22} vs {opponent:9} {row['bb_per_100']:+8.1f} bb/100 "
                f"(95% CI {row['ci_low']:+.1f} to {row['ci_high']:+.1f}) over {row['hands']} "
                f"hands, {row['seconds']:.0f} s",
                flush=True,
            )
    return rows


class _Timed:
    """Wraps a bot and records how long each decision takes."""

    def __init__(self, bot: ExpertBot, times: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times

    def act(self, view: Any, legal: Any) -> Any:
        started = time.perf_counter()
        action = self.bot.act(view, legal)
        self.times.append(time.perf_counter() - started)
        return action


def _decisions(games: list[str], hands: int, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in games:
        times: list[float] = []
        rng = random.Random(seed)
        bots = [_Timed(ExpertBot(random.Random(rng.random())), times) for _ in range(6)]
        table = Table(game, stacks=[200] * 6, rng=random.Random(seed), rebuy=200)
        policy = policy_for(bots)
        # a first hand untimed: numba loads each kernel from its cache on its first call
        warm = Table(game, stacks=[200] * 6, rng=random.Random(seed + 1), rebuy=200)
        warm.play_hand(policy_for([ExpertBot(random.Random(i)) for i in range(6)]))
        for _ in range(hands):
            table.play_hand(policy)
        times.sort()
        ms = [t * 1000 for t in times]
        p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
        out[game] = {
            "decisions": len(ms), "median_ms": round(statistics.median(ms), 2),
            "p99_ms": round(p99, 2), "max_ms": round(ms[-1], 2),
        }  # fmt: skip
        print(
            f"six seats, {game}: {len(ms)} decisions, median {out[game]['median_ms']} ms, "
            f"p99 {out[game]['p99_ms']} ms, slowest {out[game]['max_ms']} ms",
            flush=True,
        )
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the figures (and JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per match (10,000)")
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--against", default="heuristic", help="comma-separated opponents")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--decision-hands", type=int, default=30)
    parser.add_argument("--decision-games", default="badugi,drawmaha,doogie",
                        help="the games of part two (badugi,drawmaha,doogie)")  # fmt: skip
    parser.add_argument("--skip-timing", action="store_true", help="skip part three")
    parser.add_argument("--skip-matches", action="store_true", help="skip part one")
    parser.add_argument("--skip-decisions", action="store_true", help="skip part two")
    parser.add_argument("--quick", action="store_true", help="a smoke run: tiny figures")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    games = args.games.split(",") if args.games else sorted(GAMES)
    hands = 20 if args.quick else args.hands
    started = time.perf_counter()
    print(f"{cpu_name()}; load average {load_average()} at the start", flush=True)
    report: dict[str, Any] = {"seed": args.seed, "hands": hands}
    if not args.skip_matches:
        report["matches"] = _matches(games, args.against.split(","), hands, args.seed)
    if not args.skip_decisions:
        hands = 2 if args.quick else args.decision_hands
        report["decisions"] = _decisions(args.decision_games.split(","), hands, args.seed)
    if not (args.skip_timing or args.quick):
        timed = play_match("badugi", ("expert", "heuristic"), hands=1000, seed=args.seed)
        report["hu_1000_badugi_seconds"] = round(timed.seconds, 1)
        print(f"1,000 hands heads-up, expert vs heuristic, Badugi: {timed.seconds:.0f} s")
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(f"the whole run: {report['seconds']:.0f} s; load average {load_average()} at the end")
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
