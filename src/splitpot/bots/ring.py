"""Duplicate matches of one bot against a field of copies of another, at two seats or more.

:func:`play_ring` plays each seeded deal once per seat rotation, so the hero holds every
seat's cards once (heads-up that is :func:`~splitpot.bots.match.play_match`'s seat swap);
stacks are reset every hand (100 big blinds by default), so the hands are independent. The
hero's result is in big blinds per 100 hands with a 95% confidence interval over the per-deal
duplicate results. The opponents are separate copies of one bot (each with its own seeded
generator), so a bot that learns its opponents (:meth:`observe`) learns each seat's.

After every hand, each bot that has an ``observe(view)`` method is shown the hand's end from
its seat (showdowns included): the one way a bot can learn an opponent across hands. The bots
live for one call (one table): nothing learnt is shared between calls.

    >>> play_ring("badugi", "caller", "station", players=3, hands=3, seed=1).hands
    3
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from splitpot.bots.base import Bot, policy_for, seat_view
from splitpot.bots.registry import make_bot
from splitpot.cards import full_deck
from splitpot.engine.hand import Hand
from splitpot.engine.options import Options, Stakes, check_structure
from splitpot.errors import MatchError
from splitpot.games import GameSpec, find_game

__all__ = ["RingResult", "observe_all", "observe_seat", "play_ring"]

Z_95 = 1.96


@dataclass(frozen=True, slots=True)
class RingResult:
    """The hero's result: big blinds per 100 hands, its 95% interval, hands and deals."""

    game: str
    hero: str
    opponent: str
    players: int
    hands: int
    deals: int
    seed: int
    bb_per_100: float
    ci_low: float | None
    ci_high: float | None
    seconds: float
    totals: tuple[float, ...] = ()  # per deal, in big blinds (for pooling several runs)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (without the per-deal totals)."""
        return {
            "game": self.game, "hero": self.hero, "opponent": self.opponent,
            "players": self.players, "hands": self.hands, "deals": self.deals, "seed": self.seed,
            "bb_per_100": self.bb_per_100, "ci_low": self.ci_low, "ci_high": self.ci_high,
            "seconds": round(self.seconds, 3),
        }  # fmt: skip


def observe_all(hand: Hand, seated: Sequence[Bot]) -> None:
    """Show each seat's bot (once per bot) the finished hand from its seat."""
    told: set[int] = set()
    for seat, bot in enumerate(seated):
        if id(bot) not in told and observe_seat(hand, seat, bot):
            told.add(id(bot))


def observe_seat(hand: Hand, seat: int, bot: Bot) -> bool:
    """Show ``bot`` the finished hand as ``seat`` (a seat of ``hand``) may see it, when it has
    an ``observe(view)`` method; ``False`` when it has none. The web table calls this for its
    bot seats alone (a person's seat is shown nothing)."""
    observe = getattr(bot, "observe", None)
    if observe is None:
        return False
    observe(seat_view(hand, seat))
    return True


def play_ring(
    game: GameSpec | str,
    hero: str,
    opponent: str,
    *,
    players: int = 3,
    hands: int = 300,
    seed: int = 0,
    stakes: str | Stakes = "1/2",
    stack: int | None = None,
    options: Options | None = None,
) -> RingResult:
    """Play at least ``hands`` duplicate hands (whole deals of ``players`` rotations each)."""
    spec = find_game(game) if isinstance(game, str) else game
    if type(players) is not int or not 2 <= players <= spec.max_players:
        raise MatchError(f"players must be 2 to {spec.max_players}, not {players!r}")
    if type(hands) is not int or hands < 1:
        raise MatchError(f"hands must be at least 1, not {hands!r}")
    structure = check_structure(spec, None)
    limits = stakes if isinstance(stakes, Stakes) else Stakes.parse(stakes, spec)
    big_blind = limits.big_blind
    chips = 100 * big_blind if stack is None else stack
    me = make_bot(hero, random.Random(f"{seed}/hero"))
    field = [make_bot(opponent, random.Random(f"{seed}/field {i}")) for i in range(players - 1)]
    deals = -(-hands // players)
    decks = random.Random(f"{seed}/decks")
    totals: list[float] = []
    started = time.perf_counter()
    for _ in range(deals):
        order = full_deck()
        decks.shuffle(order)
        reshuffle = decks.getrandbits(48)
        total = 0
        for rotation in range(players):
            seated: list[Bot] = [*field[:rotation], me, *field[rotation:]]
            names = [f"{opponent}#{i + 1}" for i in range(players - 1)]
            names.insert(rotation, hero)
            hand = Hand(
                spec, stacks=[chips] * players, button=0, stakes=limits, structure=structure,
                options=options, deck=order, reshuffle_seed=reshuffle, names=names,
            )  # fmt: skip
            policy = policy_for(seated)
            while not hand.is_over:
                legal = hand.legal_actions()
                assert legal is not None
                hand.apply(policy(hand, legal))
            observe_all(hand, seated)
            total += hand.stacks[rotation] - chips
        totals.append(total / big_blind)
    mean, low, high = per_100(totals, players)
    return RingResult(
        game=spec.id, hero=hero, opponent=opponent, players=players, hands=deals * players,
        deals=deals, seed=seed, bb_per_100=mean, ci_low=low, ci_high=high,
        seconds=time.perf_counter() - started, totals=tuple(totals),
    )  # fmt: skip


def mean_and_half_width(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean, and 1.96 standard errors (``None`` with fewer than two values)."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, None
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, Z_95 * math.sqrt(variance / count)


def per_100(totals: Sequence[float], players: int) -> tuple[float, float | None, float | None]:
    """bb/100 and its 95% interval from per-deal totals of ``players`` hands each."""
    scale = 100.0 / players
    mean, half = mean_and_half_width(totals)
    if half is None:
        return mean * scale, None, None
    return mean * scale, (mean - half) * scale, (mean + half) * scale
