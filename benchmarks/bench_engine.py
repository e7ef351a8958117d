"""Hands played per second: splitpot's hand engine against PokerKit's, in the same run.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_engine.py            # full run (about 10 s)
    .venv/bin/python benchmarks/bench_engine.py --quick    # smoke run (about 1 s)
    .venv/bin/python benchmarks/bench_engine.py --seed 7 --json

Two games both engines play, each hand from fresh stacks of 200 chips at blinds 1/2:

- fixed-limit Badugi, 6 seats (bets 2/4): ``Hand("badugi", ...)`` against
  ``pokerkit.FixedLimitBadugi``;
- heads-up no-limit hold'em: ``Hand("holdem", ...)`` against ``pokerkit.NoLimitTexasHoldem``.

Every seat plays the same random policy on both sides, from a ``random.Random`` seeded from
``--seed``: a kind of action uniformly among those allowed (fold only when facing a bet; check or
call; bet or raise), a bet or raise-to uniform between the minimum and the maximum, and a draw of
a uniform number of cards (0 to 4) chosen uniformly. On the splitpot side that is
``splitpot.bots.random_action`` on ``hand.legal_actions()``; on the PokerKit side the same
choices made with ``can_fold``, ``can_complete_bet_or_raise_to`` and the min/max raise-to
properties. PokerKit runs with every automation on (posting, dealing, burning, showdown, chips),
so both sides only ask for the players' decisions. PokerKit shuffles with the ``random`` module,
which is seeded too. Timing covers creating each hand and playing it to the end, policy
included; the garbage collector stays on. Each game is timed in rounds, splitpot and PokerKit
alternating, and the best round of each is reported.

Last, ``splitpot simulate badugi --players 6 --hands 2000 --seed 1 --json`` runs in-process
through ``splitpot.cli.main`` and its own ``hands_per_second`` is printed (a table: stacks carry
over, rebuys, the button moves).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib.metadata import version
from typing import Any

import pokerkit
from pokerkit import Automation

from _machine import cpu_name, load_average
from splitpot.bots import random_action
from splitpot.cli import main as splitpot_main
from splitpot.engine.hand import Hand
from splitpot.engine.options import Stakes

STACK = 200
SIMULATE_ARGS = (
    "simulate",
    "badugi",
    "--players",
    "6",
    "--hands",
    "2000",
    "--seed",
    "1",
    "--json",
    "--no-store",
)


@dataclass(frozen=True)
class Settings:
    """Sizes of one run (full or ``--quick``)."""

    rounds: int  # timed rounds per engine and game; the best is reported
    hands: dict[str, tuple[int, int]]  # game -> hands per round (splitpot, PokerKit)
    warmup: int  # untimed hands per engine and game before the rounds
    simulate_hands: int  # --hands of the simulate command


FULL = Settings(
    rounds=5,
    hands={"badugi": (1_000, 250), "holdem": (3_000, 800)},
    warmup=30,
    simulate_hands=2_000,
)
QUICK = Settings(
    rounds=2,
    hands={"badugi": (100, 25), "holdem": (300, 80)},
    warmup=5,
    simulate_hands=200,
)


@dataclass(frozen=True)
class Game:
    """One game as both engines play it."""

    key: str
    title: str
    players: int
    splitpot_game: str
    stakes: Stakes
    pokerkit_state: Callable[[], pokerkit.State]
    splitpot_call: str
    pokerkit_call: str


EVERY_AUTOMATION = tuple(Automation)

GAMES = (
    Game(
        key="badugi",
        title="fixed-limit Badugi, 6 seats",
        players=6,
        splitpot_game="badugi",
        stakes=Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4),
        pokerkit_state=lambda: pokerkit.FixedLimitBadugi.create_state(
            EVERY_AUTOMATION, True, 0, (1, 2), 2, 4, STACK, 6
        ),
        splitpot_call='Hand("badugi", stacks=[200] * 6, stakes=1/2, bets 2/4)',
        pokerkit_call="FixedLimitBadugi.create_state(every automation, blinds (1, 2), bets 2/4)",
    ),
    Game(
        key="holdem",
        title="heads-up no-limit hold'em",
        players=2,
        splitpot_game="holdem",
        stakes=Stakes(small_blind=1, big_blind=2),
        pokerkit_state=lambda: pokerkit.NoLimitTexasHoldem.create_state(
            EVERY_AUTOMATION, True, 0, (1, 2), 2, STACK, 2
        ),
        splitpot_call='Hand("holdem", stacks=[200, 200], stakes=1/2)',
        pokerkit_call="NoLimitTexasHoldem.create_state(every automation, blinds (1, 2), min bet 2)",
    ),
)


# --- the two engines, one hand at a time ------------------------------------------------------


def play_splitpot(game: Game, number: int, rng: random.Random) -> int:
    """Play one hand in splitpot; returns the number of decisions."""
    hand = Hand(
        game.splitpot_game,
        stacks=[STACK] * game.players,
        button=number % game.players,
        stakes=game.stakes,
        rng=rng,
    )
    decisions = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(random_action(legal, rng))
        decisions += 1
    return decisions


def play_pokerkit(game: Game, number: int, rng: random.Random) -> int:
    """Play one hand in PokerKit with the same policy; returns the number of decisions."""
    state = game.pokerkit_state()
    decisions = 0
    while state.status:
        if state.actor_index is not None:
            kinds = ["fold"] if state.can_fold() else []
            kinds.append("call")
            if state.can_complete_bet_or_raise_to():
                kinds.append("raise")
            kind = rng.choice(kinds)
            if kind == "fold":
                state.fold()
            elif kind == "call":
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(rng.randint(low, high))
        elif (drawer := state.stand_patter_or_discarder_index) is not None:
            hole = state.hole_cards[drawer]
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, min(4, len(hole)))))
        else:  # pragma: no cover - every other step is automated
            raise RuntimeError(f"PokerKit waits for something other than a player: {state}")
        decisions += 1
    return decisions


@dataclass
class Rate:
    """The timed rounds of one engine on one game."""

    hands: int  # per round
    rates: list[float]  # hands per second, each round
    decisions: int  # over all rounds
    cpu_shares: list[float]  # process CPU time / wall time, each round

    @property
    def best(self) -> float:
        return max(self.rates)

    @property
    def decisions_per_hand(self) -> float:
        return self.decisions / (self.hands * len(self.rates))

    def as_json(self) -> dict[str, Any]:
        return {
            "hands_per_round": self.hands,
            "rounds_hands_per_second": [round(r, 1) for r in self.rates],
            "best": round(self.best, 1),
            "median": round(statistics.median(self.rates), 1),
            "decisions_per_hand": round(self.decisions_per_hand, 2),
            "cpu_shares": [round(c, 3) for c in self.cpu_shares],
        }


def time_game(game: Game, seed: int, settings: Settings) -> tuple[Rate, Rate]:
    """Alternate rounds of splitpot and PokerKit on ``game``; each side keeps its own RNG."""
    ours_rng = random.Random(f"{seed}:{game.key}:splitpot")
    theirs_rng = random.Random(f"{seed}:{game.key}:pokerkit")
    random.seed(f"{seed}:{game.key}:pokerkit-deck")  # PokerKit shuffles with the random module
    ours_hands, theirs_hands = settings.hands[game.key]
    ours = Rate(ours_hands, [], 0, [])
    theirs = Rate(theirs_hands, [], 0, [])
    sides = (
        (ours, play_splitpot, ours_rng),
        (theirs, play_pokerkit, theirs_rng),
    )
    number = 0
    for _, play, rng in sides:  # warm-up, untimed
        for _ in range(settings.warmup):
            play(game, number, rng)
            number += 1
    for _ in range(settings.rounds):
        for rate, play, rng in sides:
            decisions = 0
            wall, cpu = time.perf_counter(), time.process_time()
            for _ in range(rate.hands):
                decisions += play(game, number, rng)
                number += 1
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            rate.rates.append(rate.hands / wall)
            rate.cpu_shares.append(cpu / wall)
            rate.decisions += decisions
    return ours, theirs


def time_simulate(hands: int) -> dict[str, Any]:
    """``splitpot simulate badugi ... --json`` in-process; its report and the wall time."""
    args = list(SIMULATE_ARGS)
    args[args.index("--hands") + 1] = str(hands)
    out = io.StringIO()
    started = time.perf_counter()
    status = splitpot_main(args, out)
    wall = time.perf_counter() - started
    if status != 0:
        raise RuntimeError(f"splitpot {' '.join(args)} exited {status}")
    report = json.loads(out.getvalue())
    return {"argv": args, "wall_seconds": wall, "report": report}


# --- report -----------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--quick", action="store_true", help="fast smoke run: fewer hands")
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL

    header = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": f"{cpu_name()} ({os.cpu_count()} logical CPUs)",
        "pokerkit": version("pokerkit"),
        "seed": args.seed,
        "mode": "quick" if args.quick else "full",
        "load_average_1min_at_start": load_average(),
    }
    load = header["load_average_1min_at_start"]
    print(f"Python {header['python']} on {header['platform']}")
    print(f"CPU: {header['cpu']}; PokerKit {header['pokerkit']}", end="")
    print("" if load is None else f"; load average at start {load:.2f}")
    print(
        f"Seed {args.seed}, {header['mode']} run: {settings.warmup} warm-up hands, then "
        f"{settings.rounds} rounds per engine (alternating); the best round is shown."
    )

    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    with warnings.catch_warnings():
        # PokerKit warns each time it refills a Badugi deck from the discards.
        warnings.simplefilter("ignore")
        for game in GAMES:
            print(f"timing {game.title} ...", file=sys.stderr, flush=True)
            ours, theirs = time_game(game, args.seed, settings)
            rows.append({"game": game, "splitpot": ours, "pokerkit": theirs})
    print(f"timing splitpot simulate ({settings.simulate_hands} hands) ...", file=sys.stderr)
    simulate = time_simulate(settings.simulate_hands)
    elapsed = time.perf_counter() - started

    print()
    title = "hands played per second"
    print(f"{title:<30} {'splitpot':>10} {'PokerKit':>10} {'ratio':>8}   decisions/hand")
    print("-" * 80)
    for row in rows:
        ours, theirs = row["splitpot"], row["pokerkit"]
        print(
            f"{row['game'].title:<30} {ours.best:>10,.0f} {theirs.best:>10,.0f} "
            f"{ours.best / theirs.best:>7.1f}x   "
            f"{ours.decisions_per_hand:.1f} / {theirs.decisions_per_hand:.1f}"
        )
    print("-" * 80)
    print("ratio = splitpot / PokerKit; decisions/hand: splitpot / PokerKit (same policy).")
    shares = [c for row in rows for side in ("splitpot", "pokerkit") for c in row[side].cpu_shares]
    print(
        f"CPU share of the rounds (process CPU time / wall time): {min(shares):.0%} to "
        f"{max(shares):.0%}"
        + ("" if min(shares) >= 0.9 else ". Below 90%: other processes took the CPU.")
    )
    for row in rows:
        game = row["game"]
        print(f"  {game.title}: splitpot {game.splitpot_call}")
        print(f"  {'':<{len(game.title)}}  PokerKit {game.pokerkit_call}")
    report = simulate["report"]
    print()
    print(
        f"splitpot {' '.join(simulate['argv'])}: hands_per_second {report['hands_per_second']} "
        f"({report['hands']} hands, {report['showdowns']} showdowns; "
        f"{simulate['wall_seconds']:.2f} s in main())"
    )
    print(f"Total time: {elapsed:.1f} s")

    if args.json:
        print()
        out = {
            **header,
            "settings": asdict(settings),
            "rows": [
                {
                    "game": row["game"].key,
                    "title": row["game"].title,
                    "splitpot_call": row["game"].splitpot_call,
                    "pokerkit_call": row["game"].pokerkit_call,
                    "ratio": row["splitpot"].best / row["pokerkit"].best,
                    "splitpot": row["splitpot"].as_json(),
                    "pokerkit": row["pokerkit"].as_json(),
                }
                for row in rows
            ],
            "simulate": simulate,
            "total_seconds": elapsed,
        }
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
