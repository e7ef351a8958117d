"""The compiled study engine against the plain-Python reference, spot by spot.

Random spots of every game, across streets (board walks, hands partly unknown, a draw happening
now with fixed or policy discards, Doogie's declarations): the compiled exact walk must give
what the plain-Python oracle (tests/oracle/reference.py) gives, to 1e-12, over the same number
of runouts; and sampling must land within four standard errors of the exact answer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from oracle import reference
from splitpot.equity import equity
from splitpot.equity.spot import board_sizes, pending_draws, prepare
from splitpot.games import GAMES, GameSpec

WAYS = ("high", "low", "both")


def _spot_args(game: GameSpec, rng: random.Random) -> dict[str, Any]:
    """A random equity question about ``game`` (not checked for size)."""
    players = rng.choice([2, 2, 2, 3]) if game.max_players > 2 else 2
    sizes = board_sizes(game)
    board_count = rng.choice(sizes)
    cards = rng.sample(range(52), players * game.hole_cards + game.board_cards)
    board = cards[:board_count]
    hands = [cards[game.board_cards + i * game.hole_cards :][: game.hole_cards]
             for i in range(players)]  # fmt: skip
    schedule = pending_draws(game, board_count)
    draws = 0
    discards: dict[str, list[int]] = {}
    if schedule and schedule[0].board_before == board_count and rng.random() < 0.6:
        draws = 1  # the draw happens now: every hand known, a few cards thrown
        for i, hand in enumerate(hands):
            if rng.random() < 0.5:
                discards[f"P{i}"] = rng.sample(hand, rng.choice([0, 0, 1]))
    else:
        for hand in hands:  # some hole cards unknown
            if rng.random() < 0.3:
                hand.pop(rng.randrange(len(hand)))
    ways = None
    if game.declare and rng.random() < 0.7:
        ways = {f"P{i}": rng.choice(WAYS) for i in range(players)}
    return {
        "game": game,
        "players": {f"P{i}": hand for i, hand in enumerate(hands)},
        "board": board,
        "discards": discards or None,
        "draws": draws,
        "policy": rng.choice(["heuristic", "heuristic", "pat"]),
        "declarations": ways,
    }


def _spots(game: GameSpec, count: int, seed: int, most: int) -> Iterator[dict[str, Any]]:
    """``count`` random spots of ``game`` with 1 to ``most`` runouts each."""
    rng = random.Random(f"{seed}/{game.id}")
    made = 0
    while made < count:
        args = _spot_args(game, rng)
        spot = prepare(args["game"], args["players"], args["board"], (), args["discards"],
                       args["draws"], args["policy"], args["declarations"], None)  # fmt: skip
        slots = spot.fixed_slots()
        if slots is None or not 1 <= spot.count(slots) <= most:
            continue
        made += 1
        yield args


def _same(ours: Any, theirs: Any) -> None:
    assert ours.method == theirs.method == "exact"
    assert ours.runouts == theirs.runouts
    for mine, ref in zip(ours.players, theirs.players, strict=True):
        assert mine.name == ref.name
        assert mine.equity == pytest.approx(ref.equity, abs=1e-12)
        assert mine.scoop == pytest.approx(ref.scoop, abs=1e-12)
        for name, odds in ref.awards.items():
            assert mine.awards[name].win == pytest.approx(odds.win, abs=1e-12)
            assert mine.awards[name].tie == pytest.approx(odds.tie, abs=1e-12)


def _compare(args: dict[str, Any]) -> None:
    ours = equity(**args, exact=True)
    theirs = reference.equity(**args, exact=True)
    try:
        _same(ours, theirs)
    except AssertionError as error:  # name the spot
        raise AssertionError(f"{args}: {error}") from None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_exact_equals_python_on_random_spots(game_id: str) -> None:
    for args in _spots(GAMES[game_id], 12, seed=1, most=400):
        _compare(args)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_exact_equals_python_on_200_random_spots(game_id: str) -> None:
    for args in _spots(GAMES[game_id], 200, seed=2, most=3000):
        _compare(args)


@pytest.mark.parametrize(
    ("game_id", "players", "board"),
    [
        ("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"}, "Ac Kh 7c"),
        ("bodigiha", {"A": "As 2h 3d 4c Kc", "B": "9s 9h Qd Qc 7s", "C": "2c 5c Td Jh 8h"}, ""),
        ("doogie", {"A": "Kc Kd 3h 4s 6d Qc", "B": "Ad 3s 5h Jc Ts Th"}, "Kh Ks"),
        ("omaha-5", {"A": "As Ah Kd Kc 9c", "B": "Qs Jh Td 9s 8h"}, "Kh Qc 2d"),
    ],
)
def test_board_walks_equal_python(game_id: str, players: dict[str, str], board: str) -> None:
    # the rank-pattern board walk, preflop to turn; Doogie with declarations too
    args: dict[str, Any] = {"game": game_id, "players": players, "board": board, "draws": 0}
    if not board and game_id == "bodigiha":  # a three-way preflop walk is long in Python
        args["board"] = "9d 5h Qs Jc"
    _compare(args)
    if game_id == "doogie":
        _compare({**args, "declarations": {"A": "both", "B": "low"}})


@pytest.mark.parametrize("game_id", ["drawmaha", "badugi", "doogie", "badacey", "holdem"])
def test_monte_carlo_within_four_standard_errors(game_id: str) -> None:
    for args in _spots(GAMES[game_id], 3, seed=3, most=20_000):
        exact = equity(**args, exact=True)
        sampled = equity(**args, exact=False, samples=4000, seed=11)
        assert sampled.method == "monte-carlo" and sampled.runouts == 4000
        for mine, ref in zip(sampled.players, exact.players, strict=True):
            assert mine.std_error is not None
            assert abs(mine.equity - ref.equity) <= 4 * mine.std_error + 1e-12


def test_sampling_depends_on_the_seed_only_not_the_threads() -> None:
    from splitpot.equity import engine
    from splitpot.equity.spot import prepare as checked

    spot = checked("badacey", {"A": "As 2h 3d 4c Kc", "B": "random", "C": "random"}, "", (),
                   None, None, "heuristic", None, None)  # fmt: skip
    encoded = engine.encode(spot)
    one = engine.sample(encoded, 5000, 7, threads=1)
    two = engine.sample(encoded, 5000, 7, threads=2)
    assert one.rows == two.rows
    other = engine.sample(encoded, 5000, 8, threads=1)
    assert one.rows != other.rows


@pytest.mark.parametrize(
    ("game_id", "players", "board"),
    [
        ("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s"}, "Ac Kh 7c 6d"),  # general walk
        ("doogie", {"A": "Kc Kd 3h 4s 6d Qc", "B": "Ad 3s 5h Jc Ts Th"}, "Kh Ks"),  # boards
    ],
)
def test_exact_walks_count_the_same_on_threads(
    game_id: str, players: dict[str, str], board: str
) -> None:
    from splitpot.equity import engine

    spot = prepare(game_id, players, board, (), None, 0 if game_id != "doogie" else None,
                   "heuristic", None, None)  # fmt: skip
    slots = spot.fixed_slots()
    assert slots is not None
    encoded = engine.encode(spot)
    one = engine.walk(encoded, slots, spot, threads=1)
    two = engine.walk(encoded, slots, spot, threads=2)
    assert one.runouts == two.runouts == spot.count(slots)
    assert one.rows == two.rows
