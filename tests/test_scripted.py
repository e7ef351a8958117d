"""The scripted opponents (issue 24): legal, deterministic for a seed, and true to their script."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from splitpot.bots.base import Bot, SeatView
from splitpot.bots.registry import BOTS, make_bot
from splitpot.bots.ring import play_ring
from splitpot.engine.events import Action
from splitpot.engine.hand import LegalActions
from test_bots import play_table

SCRIPTED = ("maniac", "station", "nit", "snow", "late-snow", "threshold", "bluffer", "trapper")
SEED_GAMES = ("badugi", "drawmaha", "bodigiha", "doogie")


class Recorder:
    """Wraps a bot and records (phase, action kind, discard count) of every decision."""

    def __init__(self, bot: Bot, log: list[tuple[str, str, int, bool]]) -> None:
        self.bot = bot
        self.name = bot.name
        self.log = log

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        action = self.bot.act(view, legal)
        facing = legal.call is not None and legal.call > 0
        self.log.append((legal.phase, action.kind, len(action.cards), facing))
        return action


def _play(name: str, game: str, seed: int) -> list[tuple[str, str, int, bool]]:
    log: list[tuple[str, str, int, bool]] = []
    bots: list[Bot] = [Recorder(make_bot(name, random.Random(seed)), log),
                       make_bot("caller", random.Random(0))]  # fmt: skip
    play_table(game, bots, hands=4, seed=seed)
    return log


def test_scripted_bots_are_registered() -> None:
    assert set(SCRIPTED) <= set(BOTS)


@pytest.mark.parametrize("game", SEED_GAMES)
@pytest.mark.parametrize("name", SCRIPTED)
def test_scripted_bot_plays_only_legal_actions_and_is_deterministic(name: str, game: str) -> None:
    first = _play(name, game, 3)  # play_table checks every action is legal
    assert first
    assert _play(name, game, 3) == first


def _never(kind: str) -> Callable[[list[tuple[str, str, int, bool]]], bool]:
    return lambda log: all(k != kind for _, k, _, _ in log)


@pytest.mark.parametrize("game", SEED_GAMES)
def test_snow_stands_pat_bets_and_never_folds(game: str) -> None:
    log = _play("snow", game, 5)
    assert all(count == 0 for phase, _, count, _ in log if phase == "draw")
    assert _never("fold")(log) and _never("check")(log)


@pytest.mark.parametrize("game", SEED_GAMES)
def test_maniac_never_folds_nor_checks_and_station_never_bets(game: str) -> None:
    assert _never("fold")(maniac := _play("maniac", game, 6)) and _never("check")(maniac)
    station = _play("station", game, 6)
    assert _never("fold")(station) and _never("bet")(station) and _never("raise")(station)


def test_late_snow_stands_pat_at_the_last_draw_and_then_never_folds() -> None:
    log = _play("late-snow", "badugi", 7)
    draws = [count for phase, _, count, _ in log if phase == "draw"]
    assert draws and any(count > 0 for count in draws)  # honest draws before the last
    last = [i for i, (phase, *_) in enumerate(log) if phase == "draw"]
    assert log[last[-1]][2] == 0


def test_nit_folds_more_than_the_threshold_player() -> None:
    def folds(name: str) -> int:
        return sum(1 for _, kind, _, facing in _play(name, "badugi", 8) if kind == "fold")

    assert folds("nit") >= folds("threshold")


def test_ring_plays_every_rotation_and_is_deterministic() -> None:
    first = play_ring("badugi", "caller", "maniac", players=3, hands=6, seed=2)
    assert (first.hands, first.deals, first.players) == (6, 2, 3)
    again = play_ring("badugi", "caller", "maniac", players=3, hands=6, seed=2)
    assert again.totals == first.totals and again.bb_per_100 == first.bb_per_100


def test_the_bluffer_bets_more_and_the_trapper_less_than_the_threshold_player() -> None:
    # the held-out styles change only who bets when it may: the bluffer adds its weakest hands,
    # the trapper checks its strongest (the caller opposite never bets, so nothing is raised)
    def bets(name: str) -> int:
        return sum(
            1 for seed in (8, 9) for _, kind, _, facing in _play(name, "badugi", seed)
            if kind in ("bet", "raise") and not facing
        )  # fmt: skip

    assert bets("bluffer") > bets("threshold") > bets("trapper")
