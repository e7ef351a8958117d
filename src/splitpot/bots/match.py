"""Duplicate heads-up matches between bots.

Each deal (a seeded deck, and a seeded reshuffle for draws that run the stub out) is played
twice with the seats swapped, so each bot holds each seat's cards once; stacks are reset every
hand (100 big blinds by default), so the hands are independent. A bot's result is in big
blinds per 100 hands, with a 95% confidence interval over the per-deal duplicate results
(the mean plus or minus 1.96 standard errors). In Doogie, an ante game, the "big blind" is the
second number of the stakes (the small bet).

    >>> result = play_match("badugi", ("heuristic", "random"), hands=20, seed=1)
    >>> result.hands
    20
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from splitpot.bots.base import policy_for
from splitpot.bots.registry import BOTS, make_bot
from splitpot.bots.ring import mean_and_half_width, observe_all
from splitpot.cards import full_deck
from splitpot.engine.hand import Hand
from splitpot.engine.options import Options, Stakes, check_structure
from splitpot.errors import MatchError
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Structure
from splitpot.history import HistoryStore

__all__ = ["BOTS", "BotResult", "MatchError", "MatchResult", "make_bot", "play_match"]


@dataclass(frozen=True, slots=True)
class BotResult:
    """One bot's result: big blinds per 100 hands and its 95% confidence interval."""

    label: str
    bot: str
    bb_per_100: float
    ci_low: float | None
    ci_high: float | None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"bb_per_100": self.bb_per_100, "ci_low": self.ci_low, "ci_high": self.ci_high}

    def describe(self, hands: int) -> str:
        """``heuristic: +123.4 bb/100 (95% CI +80.1 to +166.7) over 2000 hands``."""
        if self.ci_low is None or self.ci_high is None:
            ci = "95% CI needs two deals or more"
        else:
            ci = f"95% CI {self.ci_low:+.1f} to {self.ci_high:+.1f}"
        return f"{self.label}: {self.bb_per_100:+.1f} bb/100 ({ci}) over {hands} hands"


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A duplicate match: the game, the hands and deals played, and each bot's result."""

    game: GameSpec
    structure: Structure
    stakes: Stakes
    stack: int
    hands: int
    deals: int
    seed: int
    bots: tuple[BotResult, ...]
    seconds: float

    def bot(self, label: str) -> BotResult:
        """The result of the bot labelled ``label``."""
        return next(b for b in self.bots if b.label == label)

    def to_json(self) -> dict[str, Any]:
        """``{"game", "hands", "deals", "bots": {label: {...}}, "seed", ...}``."""
        return {
            "game": self.game.id,
            "structure": self.structure.value,
            "stakes": self.stakes.to_json(),
            "stack": self.stack,
            "hands": self.hands,
            "deals": self.deals,
            "bots": {b.label: b.to_json() for b in self.bots},
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
        }


def _labels(names: Sequence[str]) -> tuple[str, str]:
    first, second = (n.strip().lower() for n in names)
    return (first, second) if first != second else (f"{first}", f"{second}#2")


def play_match(
    game: GameSpec | str,
    bots: Sequence[str] = ("heuristic", "random"),
    *,
    hands: int = 1000,
    seed: int = 0,
    stakes: str | Stakes = "1/2",
    stack: int | None = None,
    structure: Structure | str | None = None,
    options: Options | None = None,
    store: HistoryStore | None = None,
    on_deal: Callable[[int, float], None] | None = None,
) -> MatchResult:
    """Play ``hands`` duplicate heads-up hands (rounded up to a whole number of deals).

    ``stack`` is every seat's chips at the start of each hand (default 100 big blinds). With a
    ``store``, every hand is kept in it as it ends (source ``"match"``). ``on_deal`` is told,
    after each deal, how many deals are done and the first bot's bb/100 so far (a progress
    bar's figures).
    """
    spec = find_game(game) if isinstance(game, str) else game
    names = _check_bots(bots)
    if type(hands) is not int or hands < 1:
        raise MatchError(f"hands must be at least 1, not {hands!r}")
    chosen = check_structure(spec, structure)
    limits = stakes if isinstance(stakes, Stakes) else Stakes.parse(stakes, spec)
    big_blind = limits.big_blind
    chips = 100 * big_blind if stack is None else stack
    if type(chips) is not int or chips < 1:
        raise MatchError(f"stack must be at least 1 chip, not {chips!r}")
    limits.check_buy_in(chips, spec, "stack")
    labels = _labels(names)
    players = [make_bot(name, random.Random(f"{seed}/bot {i}")) for i, name in enumerate(names)]
    deals = (hands + 1) // 2
    decks = random.Random(f"{seed}/decks")
    results: list[float] = []  # the first bot's duplicate result per deal, in big blinds
    started = time.perf_counter()
    for _ in range(deals):
        order = full_deck()
        decks.shuffle(order)
        reshuffle = decks.getrandbits(48)
        total = 0
        for swap in (False, True):
            seated = [players[1], players[0]] if swap else players
            seat_names = [labels[1], labels[0]] if swap else list(labels)
            hand = Hand(
                spec,
                stacks=[chips, chips],
                button=0,
                stakes=limits,
                structure=chosen,
                options=options,
                deck=order,
                reshuffle_seed=reshuffle,
                names=seat_names,
            )
            policy = policy_for(seated)
            while not hand.is_over:
                legal = hand.legal_actions()
                assert legal is not None
                hand.apply(policy(hand, legal))
            observe_all(hand, seated)  # a bot that learns its opponents sees the showdown
            if store is not None:
                store.add(hand.events, "match")
            first_seat = 1 if swap else 0
            total += hand.stacks[first_seat] - chips
        results.append(total / big_blind)
        if on_deal is not None:
            on_deal(len(results), 100.0 / 2 * sum(results) / len(results))
    seconds = time.perf_counter() - started
    out = _bot_results(names, labels, results)
    return MatchResult(
        game=spec,
        structure=chosen,
        stakes=limits,
        stack=chips,
        hands=2 * deals,
        deals=deals,
        seed=seed,
        bots=out,
        seconds=seconds,
    )


def _check_bots(bots: Sequence[str]) -> list[str]:
    """The two bots' names, each a known bot."""
    names = list(bots)
    if len(names) != 2:
        raise MatchError(f"a duplicate match is heads-up: give two bots, not {len(names)}")
    for name in names:
        if name.strip().lower() not in BOTS:
            raise MatchError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")
    return names


def _bot_results(
    names: Sequence[str], labels: Sequence[str], results: Sequence[float]
) -> tuple[BotResult, ...]:
    """Each bot's big blinds per 100 hands, from the first bot's result per deal."""
    mean, half = mean_and_half_width(results)
    per_100 = 100.0 / 2  # a deal is two hands
    out = []
    for sign, label, name in ((1.0, labels[0], names[0]), (-1.0, labels[1], names[1])):
        value = sign * mean * per_100
        low = None if half is None else value - half * per_100
        high = None if half is None else value + half * per_100
        out.append(BotResult(label, name.strip().lower(), value, low, high))
    return tuple(out)
