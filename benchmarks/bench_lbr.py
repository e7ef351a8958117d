"""A lower bound on the expert bot's exploitability: a local best response (issue 24).

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_lbr.py --hands 200                 # Badugi and Drawmaha
    .venv/bin/python benchmarks/bench_lbr.py --games badugi --hands 100 --workers 2
    .venv/bin/python benchmarks/bench_lbr.py --baseline /tmp/old/src/splitpot/bots

The responder (Lisy and Bowling 2017, "Equilibrium Approximation Quality of Current No-Limit
Poker Bots") plays heads-up duplicate hands against ``expert``. At each of its betting
decisions it estimates the expert's range from the public actions: it deals ``--candidates``
holdings the expert could have (from the cards the responder has not seen), replays the hand
with each, asks the deterministic bot what it would have done at each of its decisions, and
keeps the holdings that act as the expert did (the ones with the fewest differences if none
does). Then it values each action against that range, assuming both players check and call
to the end from there (equity by :func:`splitpot.equity.equity`, both drawing by the
documented policy): a fold is worth 0, a call ``equity * (pot + call) - call``, a bet or raise
the share of the range the bot folds to it (asked of the bot) times the pot plus the rest's
called value; in pot-limit a half-pot and a pot-sized bet are tried. It plays the action of
highest value, and declares by its cards.

Its draws are decisions too (``--draws best``, the default): where the documented draw policy
would throw cards, standing pat (a snow) is tried as well. With each holding kept, the draw is
made in the replay, the bot plays on to the responder's next decision, and two plans are
valued: checking and calling to the end (folding, if that is worth more), or betting (raising)
once, the bot asked whether it folds; a draw is worth the better plan over the whole range
(one plan for every holding: the responder cannot tell them apart), and the better draw is
made. ``--draws policy`` always draws by the policy: the betting-only responder.

In a replay the cards the responder has seen keep their places in the deck and the others are
shuffled (the expert's real cards among them), so a candidate learns nothing of the real hand.
The expert is one bot per task (``--deals-per-task`` deals), shown every finished hand, so it
learns the responder as it would at a table.

``--baseline DIR`` plays the expert of another commit's ``bots/`` directory instead (a copy,
e.g. ``git archive main src/splitpot/bots | tar -x -C /tmp/old``), against the same equity
engine: the figure before and after a change, on the same deals.

Prints the responder's bb/100 with a 95% interval (the expert's is its negative), the hands,
wall and CPU seconds and the load average.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import json
import random
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from _machine import cpu_name, load_average
from _tasks import Clock, run_tasks
from splitpot.bots.base import Bot, seat_view
from splitpot.bots.ring import per_100
from splitpot.cards import Card, full_deck
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.options import Stakes, check_structure
from splitpot.equity import equity
from splitpot.equity.policy import choose_discard, declare_by_cards
from splitpot.games import GameSpec, find_game

NAMES = ("lbr", "expert")


def expert_factory(baseline: str | None) -> Any:
    """The ExpertBot class: this checkout's, or the one in the ``baseline`` bots directory."""
    if baseline is None:
        from splitpot.bots.expert import ExpertBot

        return ExpertBot
    package = "_baseline_bots"
    if package not in sys.modules:
        root = Path(tempfile.mkdtemp(prefix="lbr-baseline-"))
        target = root / package
        shutil.copytree(baseline, target)
        for path in target.glob("*.py"):
            text = path.read_text(encoding="utf-8")
            text = text.replace("from splitpot.bots import", f"from {package} import")
            text = text.replace("splitpot.bots.", f"{package}.")
            path.write_text(text, encoding="utf-8")
        sys.path.insert(0, str(root))
    return importlib.import_module(f"{package}.expert").ExpertBot


def _same(a: Action, b: Action) -> bool:
    """The same decision, as the public log shows it (a discard by its count)."""
    if a.kind != b.kind:
        return False
    if a.kind == "discard":
        return len(a.cards) == len(b.cards)
    return a.amount == b.amount and a.way == b.way


class Replay:
    """One candidate holding of the expert's: the hand replayed with it, step by step."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.steps = 0
        self.misses = 0


class Responder:
    """The local best response at one seat of one hand (see the module docstring)."""

    def __init__(self, game: GameSpec, seat: int, bot: Bot, *, candidates: int, rng: random.Random,
                 samples: int, draws: bool = True) -> None:  # fmt: skip
        self.game, self.seat, self.bot, self.draws = game, seat, bot, draws
        self.count, self.rng, self.samples = candidates, rng, samples
        self.replays: list[Replay] | None = None
        self.seen: frozenset[Card] = frozenset()

    def act(self, hand: Hand, legal: LegalActions, history: Sequence[Action],
            make: Any) -> Action:  # fmt: skip
        view = seat_view(hand, self.seat)
        if legal.phase == "draw":
            hole = tuple(legal.hole) or view.hole
            thrown = choose_discard(self.game, hole, view.board, min(legal.discard_max, len(hole)))
            if not thrown:
                return Action.stand_pat()
            if not self.draws:
                return Action.discard(thrown)
            live = self._live(hand, history, make)
            drawn = self._draw_value(live, Action.discard(thrown))
            pat = self._draw_value(live, Action.stand_pat())
            return Action.stand_pat() if pat > drawn else Action.discard(thrown)
        if legal.phase == "sviten":
            return Action.keep()
        if legal.phase == "declare":
            high, low = self.game.awards
            hv, lv = high.raw(view.hole, view.board), low.raw(view.hole, view.board)
            way = declare_by_cards(
                high.qualifies_value(hv), low.qualifies_value(lv), lv is not None
            )
            return Action.declare(way if way in legal.declare else legal.declare[0])
        return self._best(hand, legal, self._live(hand, history, make))

    def _live(self, hand: Hand, history: Sequence[Action], make: Any) -> list[Replay]:
        """The candidate holdings that acted as the expert did (the fewest misses)."""
        seen = _seen(hand, self.seat)
        if self.replays is None or seen != self.seen:  # new cards seen: deal the replays anew
            self.seen = seen
            self.replays = [Replay(make(self.rng, seen)) for _ in range(self.count)]
        for replay in self.replays:
            self._advance(replay, history)
        fewest = min(r.misses for r in self.replays)
        return [r for r in self.replays if r.misses == fewest]

    def _draw_value(self, live: list[Replay], draw: Action) -> float:
        """What ``draw`` is worth against the range: with each holding, the draw is made (the
        responder's new cards from the replay's deck), the bot plays on to the responder's
        next decision, and there (a betting one) the responder either checks and calls to the end
        (folds, if that is worth more) or bets once (raises a bet), the bot asked whether it
        folds; the better plan over the whole range (one plan for every holding: the
        responder cannot tell them apart)."""
        passive, aggressive, tried = 0.0, 0.0, 0
        for replay in live:
            trial = copy.deepcopy(replay.hand)
            before = trial.stacks[self.seat]
            try:
                trial.apply(draw)
            except Exception:  # the replay went another way: it says nothing of this draw
                continue
            tried += 1
            legal = self._play_to_me(trial)
            if legal is None:  # the hand ended first (all in): what it won
                won = float(trial.stacks[self.seat] - before)
                passive, aggressive = passive + won, aggressive + won
                continue
            share = self._share(trial, tuple(trial.hole[1 - self.seat]))
            if legal.phase != "bet":  # no betting before its next decision: the pot's share
                passive, aggressive = passive + share * trial.pot, aggressive + share * trial.pot
                continue
            call = legal.call or 0
            called = share * (trial.pot + call) - call
            passive += max(called, 0.0) if call and legal.fold else called
            bounds = legal.raise_
            if bounds is None:
                aggressive += called
                continue
            to = bounds.pot_to if bounds.max_to > bounds.min_to else bounds.min_to
            action = Action(bounds.kind, amount=to)
            aggressive += self._bet_value(trial, action, [Replay(trial)], [share], trial.pot)
        return max(passive, aggressive) / max(1, tried)

    def _play_to_me(self, trial: Hand) -> LegalActions | None:
        """Let the bot act in ``trial`` until the responder's next decision (None: the hand
        is over)."""
        while not trial.is_over:
            legal = trial.legal_actions()
            if legal is None or legal.seat == self.seat:
                return legal
            trial.apply(self.bot.act(seat_view(trial, legal.seat), legal))
        return None

    def _advance(self, replay: Replay, history: Sequence[Action]) -> None:
        """Replay the actions since the last decision; the expert's asked of the bot."""
        other = 1 - self.seat
        while replay.steps < len(history):
            actual = history[replay.steps]
            legal = replay.hand.legal_actions()
            if legal is None:  # the candidate's hand ended differently: a miss, and stop
                replay.misses += 1
                replay.steps = len(history)
                return
            if legal.seat == other:
                mine = self.bot.act(seat_view(replay.hand, other), legal)
                action = mine
                if not _same(mine, actual):  # a miss: the replay follows the public actions
                    replay.misses += 1  # (where they are legal in it; else the bot's own)
                    if actual.kind in legal.kinds:
                        action = _like(actual, legal)
            else:
                action = actual
            try:
                replay.hand.apply(action)
            except Exception:
                replay.misses += 1
                replay.steps = len(history)
                return
            replay.steps += 1

    def _equity(self, hand: Hand, replay: Replay) -> float:
        return self._share(hand, tuple(replay.hand.hole[1 - self.seat]))

    def _share(self, hand: Hand, theirs: tuple[Card, ...]) -> float:
        """The responder's equity in ``hand`` against ``theirs``, both drawing by the policy."""
        view = seat_view(hand, self.seat)
        if set(theirs) & (set(view.hole) | set(view.board)):
            return 0.5
        draws = len(self.game.draws) - sum(1 for e in view.events if e.kind == "draw_round")
        try:
            result = equity(self.game, {"lbr": view.hole, "x": theirs}, view.board,
                            draws=max(0, draws), samples=self.samples,
                            seed=self.rng.getrandbits(31))  # fmt: skip
        except Exception:
            return 0.5
        return float(result.player("lbr").equity)

    def _best(self, hand: Hand, legal: LegalActions, live: list[Replay]) -> Action:
        shares = [self._equity(hand, r) for r in live]
        mean = sum(shares) / len(shares)
        pot = hand.pot
        call = legal.call or 0
        values: list[tuple[float, Action]] = []
        if legal.fold and call > 0:
            values.append((0.0, Action.fold()))
        values.append(
            (mean * (pot + call) - call, Action.check() if legal.check else Action.call())
        )
        bounds = legal.raise_
        if bounds is not None:
            sizes = {bounds.min_to, bounds.max_to}
            if bounds.max_to > bounds.min_to:
                sizes = {bounds.min_to, min(bounds.max_to, max(bounds.min_to,
                         max(hand.bets) + (pot + call) // 2)), bounds.pot_to}  # fmt: skip
            for to in sorted(sizes):
                action = Action(bounds.kind, amount=to)
                values.append((self._bet_value(hand, action, live, shares, pot), action))
        return max(values, key=lambda item: item[0])[1]

    def _bet_value(self, hand: Hand, action: Action, live: list[Replay], shares: list[float],
                   pot: int) -> float:  # fmt: skip
        mine = (action.amount or 0) - hand.bets[self.seat]
        total = 0.0
        for replay, share in zip(live, shares, strict=True):
            trial = copy.deepcopy(replay.hand)
            try:
                trial.apply(action)
            except Exception:
                total += share * pot
                continue
            legal = trial.legal_actions()
            answer = None if legal is None else self.bot.act(seat_view(trial, 1 - self.seat), legal)
            if answer is not None and answer.kind == "fold":
                total += pot
            else:
                theirs = (action.amount or 0) - hand.bets[1 - self.seat]
                total += share * (pot + mine + theirs) - mine
        return total / len(live)


def _like(actual: Action, legal: LegalActions) -> Action:
    """The actual decision in the candidate's hand (a discard: as many of its own cards)."""
    if actual.kind == "discard":
        return Action.discard(tuple(legal.hole)[: len(actual.cards)])
    return actual


def _seen(hand: Hand, seat: int) -> frozenset[Card]:
    """Every card ``seat`` has seen in ``hand`` so far: its cards, thrown and drawn, the board."""
    view = seat_view(hand, seat)
    seen = set(view.hole) | set(view.board)
    for event in view.events:
        if event.kind == "discard" and event.seat == seat:
            for key in ("discarded", "received"):
                seen.update(c for c in event.secret.get(key) or () if isinstance(c, Card))
    return frozenset(seen)


def _maker(spec: GameSpec, hand_args: dict[str, Any], deck: list[Card], lbr: int,
           real: Hand) -> Any:  # fmt: skip
    """Makes a replay hand: the cards the responder has seen in their places, the expert's
    hole cards a candidate, every other card shuffled (the expert's real ones among them)."""
    expert_hole = list(real.hole[1 - lbr])
    places = [deck.index(c) for c in expert_hole]

    def make(rng: random.Random, seen: frozenset[Card]) -> Hand:
        hidden = [c for c in full_deck() if c not in seen]
        hole = rng.sample(hidden, len(expert_hole))
        rest = [c for c in hidden if c not in hole]
        rng.shuffle(rest)
        order = list(deck)
        for place, card in zip(places, hole, strict=True):
            order[place] = card
        spots = [i for i, c in enumerate(deck) if c not in seen and i not in places]
        for i, card in zip(spots, rest, strict=True):
            order[i] = card
        return Hand(spec, deck=order, **hand_args)

    return make


def play_deals(job: dict[str, Any]) -> list[float]:
    """The responder's duplicate result per deal (big blinds), for one block of deals."""
    game, seed, block, deals = job["game"], job["seed"], job["block"], job["deals"]
    candidates, samples, baseline = job["candidates"], job["samples"], job["baseline"]
    draws = job.get("draws", "best") == "best"
    spec = find_game(game)
    stakes = Stakes.parse("1/2", spec)
    chips = 100 * stakes.big_blind
    expert = expert_factory(baseline)(random.Random(f"{seed}/{block}/expert"))
    decks = random.Random(f"{seed}/{block}/decks")
    rng = random.Random(f"{seed}/{block}/lbr")
    out = []
    for _ in range(deals):
        deck = full_deck()
        decks.shuffle(deck)
        reshuffle = decks.getrandbits(48)
        total = 0
        for lbr in (0, 1):
            names = list(NAMES) if lbr == 0 else list(reversed(NAMES))
            args = {"stacks": [chips, chips], "button": 0, "stakes": stakes,
                    "structure": check_structure(spec, None), "reshuffle_seed": reshuffle,
                    "names": names}  # fmt: skip
            hand = Hand(spec, deck=list(deck), **args)
            responder = Responder(
                spec, lbr, expert, candidates=candidates, rng=rng, samples=samples, draws=draws
            )
            make = _maker(spec, args, deck, lbr, hand)
            history: list[Action] = []
            while not hand.is_over:
                legal = hand.legal_actions()
                assert legal is not None
                if legal.seat == lbr:
                    action = responder.act(hand, legal, history, make)
                else:
                    action = expert.act(seat_view(hand, legal.seat), legal)
                hand.apply(action)
                history.append(action)
            if hasattr(expert, "observe"):
                expert.observe(seat_view(hand, 1 - lbr))
            total += hand.stacks[lbr] - chips
        out.append(total / stakes.big_blind)
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the figures (and JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per game (200)")
    parser.add_argument("--games", default="badugi,drawmaha", help="comma-separated game ids")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--candidates", type=int, default=12, help="expert holdings per hand")
    parser.add_argument("--samples", type=int, default=200, help="runouts per equity")
    parser.add_argument("--deals-per-task", type=int, default=10)
    parser.add_argument(
        "--draws",
        choices=("best", "policy"),
        default="best",
        help="best: stand pat instead of the policy's draw when that is worth "
        "more; policy: always the documented draw (the betting-only responder)",
    )
    parser.add_argument("--baseline", help="another commit's bots/ directory to play instead")
    parser.add_argument("--workers", type=int, help="a local Dask cluster of N processes")
    parser.add_argument("--scheduler", help="a running Dask scheduler's address")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    print(f"{cpu_name()}; load average {load_average()} at the start", flush=True)
    report: dict[str, Any] = {"seed": args.seed, "baseline": args.baseline,
                              "draws": args.draws, "games": {}}  # fmt: skip
    for game in args.games.split(","):
        clock = Clock()
        deals = (args.hands + 1) // 2
        blocks = [({"game": game, "seed": args.seed, "block": b,
                    "deals": min(args.deals_per_task, deals - start),
                    "candidates": args.candidates, "samples": args.samples,
                    "baseline": args.baseline, "draws": args.draws},)
                  for b, start in enumerate(range(0, deals, args.deals_per_task))]  # fmt: skip
        results = run_tasks(play_deals, blocks, workers=args.workers, scheduler=args.scheduler)
        totals = [t for block in results for t in block]
        mean, low, high = per_100(totals, 2)
        wall, cpu = clock.seconds()
        report["games"][game] = {"hands": 2 * len(totals), "lbr_bb_per_100": round(mean, 1),
                                 "ci_low": None if low is None else round(low, 1),
                                 "ci_high": None if high is None else round(high, 1),
                                 "wall_s": round(wall, 1), "cpu_s": round(cpu, 1)}  # fmt: skip
        ci = "n/a" if low is None or high is None else f"{low:+.1f} to {high:+.1f}"
        print(f"{game:10} LBR vs expert{' (baseline)' if args.baseline else ''}: "
              f"{mean:+.1f} bb/100 (95% CI {ci}) over {2 * len(totals)} hands; "
              f"{wall:.0f} s wall, {cpu:.0f} s CPU; load {load_average()}", flush=True)  # fmt: skip
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
