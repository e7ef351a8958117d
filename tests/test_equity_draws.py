"""The compiled draw policies throw exactly what ``equity/policy.py`` throws, and a compiled
runout deals and draws exactly as the Python reference does from the same cards.

Hands come from the full deck and from short decks (few ranks, or few suits), so that pairs,
trips, straights, flushes, made lows and four-card badugis, where the policies stand pat or
choose among equal ranks, are common.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from splitpot.cards import Card
from splitpot.equity import engine, reference
from splitpot.equity.draws import HEURISTIC, choose_mask
from splitpot.equity.kernel_api import tables
from splitpot.equity.policy import choose_discard
from splitpot.equity.ranks import five_card_tables
from splitpot.equity.runout import COUNTERS, GEN, play
from splitpot.equity.spot import Spot, pending_draws, prepare
from splitpot.errors import ShowdownError
from splitpot.games import GAMES, GameSpec

DRAW_GAMES = sorted(g for g, spec in GAMES.items() if spec.draws)


def _deck(rng: random.Random) -> list[int]:
    kind = rng.random()
    if kind < 0.4:
        return list(range(52))
    if kind < 0.7:  # few ranks: pairs, trips, full houses, equal ranks to choose among
        ranks = rng.sample(range(13), rng.choice([3, 4, 5]))
        return [r * 4 + s for r in ranks for s in range(4)]
    if kind < 0.85:  # two suits: flushes and straight flushes
        suits = rng.sample(range(4), 2)
        return [r * 4 + s for r in range(13) for s in suits]
    low = [12, 0, 1, 2, 3, 4, 5, 6]  # A to 8: made lows, wheels, badugis
    return [r * 4 + s for r in low for s in range(4)]


def _check_policy(game: GameSpec, hands: int, seed: int) -> None:
    rng = random.Random(f"{seed}/{game.id}")
    awards = engine.encode(_spot(game)).spot[6]
    ft = five_card_tables()
    boards = sorted({d.board_before for d in pending_draws(game, 0)})
    board = np.zeros(8, dtype=np.int8)
    for _ in range(hands):
        nb = rng.choice(boards)
        deck = _deck(rng)
        if len(deck) < game.hole_cards + nb:
            deck = list(range(52))
        cards = [Card(c) for c in rng.sample(deck, game.hole_cards + nb)]
        hand, shown = cards[: game.hole_cards], cards[game.hole_cards :]
        limit = rng.randint(1, game.hole_cards)
        want = choose_discard(game, hand, shown, limit)
        board[:nb] = shown
        got = choose_mask(np.array(hand, dtype=np.int8), len(hand), board, nb, limit,
                          HEURISTIC, awards, ft, tables())  # fmt: skip
        thrown = tuple(c for i, c in enumerate(hand) if got >> i & 1)
        assert set(thrown) == set(want) and len(thrown) == len(want), (
            f"{game.id}: {hand} on {shown}, at most {limit}: Python throws {want}, "
            f"compiled {thrown}"
        )


def _spot(game: GameSpec, players: dict[str, Sequence[int]] | None = None) -> Spot:
    hands = players or {
        "A": list(range(game.hole_cards)),
        "B": list(range(10, 10 + game.hole_cards)),
    }
    return prepare(game, hands, (), (), None, None, "heuristic", None, None)


@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_compiled_policy_throws_what_python_throws(game_id: str) -> None:
    _check_policy(GAMES[game_id], 3000, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_compiled_policy_on_100k_hands(game_id: str) -> None:
    _check_policy(GAMES[game_id], 100_000, seed=2)


@pytest.mark.parametrize("game_id", DRAW_GAMES)
@pytest.mark.parametrize("policy", ["heuristic", "pat"])
def test_compiled_runout_deals_and_draws_like_python(game_id: str, policy: str) -> None:
    # From the same order of the unseen cards, every draw to come: the same hands and board.
    game = GAMES[game_id]
    rng = random.Random(f"runout/{game_id}/{policy}")
    compared = 0
    for _ in range(150):
        players = rng.choice([2, 3])
        cards = rng.sample(range(52), players * game.hole_cards)
        hands: dict[str, Sequence[int]] = {}
        for i in range(players):
            hand = cards[i * game.hole_cards : (i + 1) * game.hole_cards]
            hands[f"P{i}"] = hand[: rng.randint(0, game.hole_cards)]  # some cards unknown
        spot = prepare(game, hands, (), (), None, None, policy, None, None)
        order = list(spot.unseen)
        rng.shuffle(order)
        runner = reference._Runner(spot)
        seen: list[tuple[list[list[Card]], list[Card]]] = []
        runner.settle = lambda h, b, seen=seen: seen.append(  # type: ignore[method-assign]
            ([list(x) for x in h], list(b))
        )
        try:
            runner.play(iter(order))
        except ShowdownError:  # the stub ran out: the reshuffle is random, not compared here
            continue
        ((py_hands, py_board),) = seen
        encoded = engine.encode(spot)
        seq = np.array(order, dtype=np.int8)
        st = np.zeros(COUNTERS, dtype=np.int64)
        st[GEN] = len(order)  # deal in this order, no shuffling
        out_hands = np.zeros((players, game.hole_cards), dtype=np.int8)
        board = np.zeros(8, dtype=np.int8)
        scratch = np.zeros(64, dtype=np.int8)
        state = np.zeros(1, dtype=np.uint64)
        ok = play(0, encoded.spot, five_card_tables(), tables(), seq, st, scratch, scratch.copy(),
                  out_hands, board, np.zeros(8, dtype=np.int8), state, state.copy(),
                  np.full((players, 9), -1, dtype=np.int64))  # fmt: skip
        assert ok
        for mine, theirs in zip(out_hands.tolist(), py_hands, strict=True):
            assert mine == theirs, f"{game_id}: {hands}, order {order}"
        assert board[: game.board_cards].tolist() == py_board
        compared += 1
    assert compared > 100


@pytest.mark.parametrize(
    ("game_id", "hand", "board", "draws"),
    [
        ("drawmaha", "As Ah Ks Qs Qd", "Js Ts 7c", None),
        ("bodigiha", "As 2h 3d 4c Kc", "9d 5h Qs", None),
        ("badugi", "As 2h 3d Kc", "", 1),
        ("triple-draw-dramaha", "As Ah Ks Qs Qd", "Js Ts 7c", 1),
    ],
)
def test_advisor_kernel_plays_each_option_as_the_general_loop(
    game_id: str, hand: str, board: str, draws: int | None
) -> None:
    # The advisor's kernel deals a sample once and rebuilds only the hero's hand per option;
    # the general loop plays every option in full. Same seeds: the very same tallies.
    from itertools import combinations

    from splitpot.cards import parse_cards
    from splitpot.equity import montecarlo

    cards = parse_cards(hand)
    players = {"you": cards, "a": "random", "b": "random"}
    spot = prepare(GAMES[game_id], players, board, (), None, draws, "heuristic", None, None)
    limit = spot.limit(spot.draws[0])
    fixed = [
        [sum(1 << cards.index(c) for c in t), -1, -1]
        for k in range(limit + 1)
        for t in combinations(cards, k)
    ]
    encoded = engine.encode(spot, fixed)
    hero = engine._hero(encoded)
    assert hero == 0
    tallies = []
    for who in (hero, -1):
        rows = engine._rows(encoded)
        ok = montecarlo.monte_carlo(3000, 11, False, encoded.deck, encoded.spot,
                                    five_card_tables(), tables(), rows, 1, who)  # fmt: skip
        assert ok
        tallies.append(rows)
    assert (tallies[0] == tallies[1]).all()
    assert tallies[0][:, :, 0].sum() > 0
