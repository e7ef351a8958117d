"""The core's draw policy (``splitpot.equity.policy.choose_discard``, rust/src/study/draws.rs)
throws exactly what the plain-Python oracle (tests/oracle/policy.py) throws, in the same order,
and the discard advisor's shortcut plays each option as the general loop does.

Hands come from the full deck and from short decks (few ranks, or few suits), so that pairs,
trips, straights, flushes, made lows and four-card badugis, where the policies stand pat or
choose among equal ranks, are common. (That a core runout deals and draws as the numba engine
did, card for card, is pinned by tests/test_equity_fixture.py.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from oracle import policy as oracle
from splitpot.cards import Card
from splitpot.equity import engine
from splitpot.equity.policy import choose_discard, declare_by_cards
from splitpot.equity.spot import Spot, pending_draws, prepare
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
    boards = sorted({d.board_before for d in pending_draws(game, 0)})
    for _ in range(hands):
        nb = rng.choice(boards)
        deck = _deck(rng)
        if len(deck) < game.hole_cards + nb:
            deck = list(range(52))
        cards = [Card(c) for c in rng.sample(deck, game.hole_cards + nb)]
        hand, shown = cards[: game.hole_cards], cards[game.hole_cards :]
        limit = rng.randint(1, game.hole_cards)
        want = oracle.choose_discard(game, hand, shown, limit)
        got = choose_discard(game, hand, shown, limit)
        assert got == want, (
            f"{game.id}: {hand} on {shown}, at most {limit}: the oracle throws {want}, "
            f"the core {got}"
        )


def _spot(game: GameSpec, players: dict[str, Sequence[int]] | None = None) -> Spot:
    hands = players or {
        "A": list(range(game.hole_cards)),
        "B": list(range(10, 10 + game.hole_cards)),
    }
    return prepare(game, hands, (), (), None, None, "heuristic", None, None)


@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_core_policy_throws_what_the_oracle_throws(game_id: str) -> None:
    _check_policy(GAMES[game_id], 3000, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_core_policy_on_100k_hands(game_id: str) -> None:
    _check_policy(GAMES[game_id], 100_000, seed=2)


def test_pat_throws_nothing() -> None:
    game = GAMES["drawmaha"]
    hand = [Card(c) for c in range(5)]
    assert choose_discard(game, hand, [], 5, "pat") == ()


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
    for who in (hero, None):
        rows = encoded.core.sample(3000, 11, False, who, 0, 3, 1)
        assert rows is not None
        tallies.append(rows)
    assert tallies[0] == tallies[1]
    assert sum(tallies[0]) > 0


@pytest.mark.parametrize("high", [False, True])
@pytest.mark.parametrize("low", [False, True])
@pytest.mark.parametrize("doogie", [False, True])
def test_the_declaration_by_cards_is_the_cores_and_agrees_with_the_oracle(
    high: bool, low: bool, doogie: bool
) -> None:
    assert declare_by_cards(high, low, doogie) == oracle.declare_by_cards(high, low, doogie)
