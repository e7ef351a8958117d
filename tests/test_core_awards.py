"""The core's award decision (``splitpot.engine.awards`` over ``splitpot._core.decide``) gives
exactly what the pure-Python decision it replaced gives (``oracle.awards``).

Random final deals of every game, two to six players (Doogie with random declarations, or
none, and both two-way tie rules), half of them dealt from a short deck so that ties, the
perfect doogie, unqualified halves and failed two-way declarers are common: per award the same
contenders and winners, the same two-way declarers out with the same words, and each player's
share of the pot in the core's integer units (an award nobody can take moving to the other, a
pot nobody can take split among those who did not forfeit it).
"""

from __future__ import annotations

import random

import pytest

from oracle.awards import AwardDecision as OracleDecision
from oracle.awards import decide_awards as oracle_decide
from splitpot import _core
from splitpot.engine.awards import decide_awards
from splitpot.errors import GameSpecError
from splitpot.games import GAMES, GameSpec

SHORT_RANKS = (12, 0, 1, 2, 3, 11)  # A 2 3 4 5 K: ties, wheels and perfect doogies galore
WAYS = {"high": 1, "low": 2, "both": 3}

Values = dict[str, dict[str, int | None]]


def _deal(game: GameSpec, rng: random.Random, players: int) -> Values:
    short = [r * 4 + s for r in SHORT_RANKS for s in range(4)]
    need = players * game.hole_cards + game.board_cards
    deck = short if need <= len(short) and rng.random() < 0.5 else range(52)
    cards = rng.sample(deck, need)
    board = cards[players * game.hole_cards :]
    values: Values = {}
    for i in range(players):
        hole = cards[i * game.hole_cards : (i + 1) * game.hole_cards]
        values[f"p{i}"] = {a.name: a.raw(hole, board) for a in game.awards}
    return values


def _oracle_shares(decision: OracleDecision, game: GameSpec, seats: list[str]) -> list[int]:
    unit = _core.unit_for(len(seats))
    out = dict.fromkeys(seats, 0)
    claimed = [a.name for a in game.awards if decision.winners[a.name]]
    if claimed:
        for name in claimed:
            for seat in decision.winners[name]:
                out[seat] += unit // len(claimed) // len(decision.winners[name])
    else:
        splitters = decision.even_split(seats)
        for seat in splitters:
            out[seat] = unit // len(splitters)
    return [out[s] for s in seats]


def _check_game(game: GameSpec, deals: int, seed: int) -> None:
    rng = random.Random(f"{seed}/{game.id}")
    names = game.award_names
    for players in range(2, min(6, game.max_players) + 1):
        seats = [f"p{i}" for i in range(players)]
        for d in range(deals):
            values = _deal(game, rng, players)
            ways = None
            if game.declare and rng.random() < 0.85:
                ways = {s: rng.choice(list(WAYS)) for s in seats}
            for tie_keeps in (True, False) if game.declare else (True,):
                got = decide_awards(game, values, seats, ways, two_way_tie_keeps=tie_keeps)
                want = oracle_decide(game, values, seats, ways, two_way_tie_keeps=tie_keeps)
                where = f"{game.id} deal {d}: {values} declared {ways} (tie keeps {tie_keeps})"
                assert got.contenders == want.contenders, where
                assert got.winners == want.winners, where
                assert got.disqualified == want.disqualified, where
                assert got.even_split(seats) == want.even_split(seats), where
                rules = [
                    (
                        a.name == game.high_award,
                        None if a.qualifier is None else a.qualifier.minimum,
                        a.best_possible,
                    )
                    for a in game.awards
                ]
                flat = [
                    _core.NO_HAND if (v := values[s][n]) is None else v
                    for s in seats
                    for n in names
                ]
                codes = bytes(WAYS[ways[s]] for s in seats) if ways else bytes(players)
                shares = _core.shares(rules, flat, codes, tie_keeps)
                assert shares == _oracle_shares(want, game, seats), where


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_core_decision_equals_the_python_decision(game_id: str) -> None:
    _check_game(GAMES[game_id], 150, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_core_decision_equals_the_python_decision_on_many_deals(game_id: str) -> None:
    _check_game(GAMES[game_id], 4000, seed=2)


def test_the_short_deck_reaches_the_rare_rules() -> None:
    # The random deals above do meet the cases the rules single out.
    game = GAMES["doogie"]
    rng = random.Random("rare")
    seats = ["p0", "p1", "p2"]
    reasons: set[str] = set()
    perfect_ties = 0
    for _ in range(3000):
        values = _deal(game, rng, 3)
        ways = {"p0": "both", "p1": rng.choice(list(WAYS)), "p2": rng.choice(list(WAYS))}
        decision = decide_awards(game, values, seats, ways)
        reasons |= {why.split(" and ")[-1].split()[0] for why in decision.disqualified.values()}
        reasons |= {"without" for why in decision.disqualified.values() if "without" in why}
        high = [values[s]["high"] for s in seats if ways[s] != "low"]
        if "p0" not in decision.disqualified and high.count(game.award("high").best_possible) > 1:
            perfect_ties += 1
    assert {"lost", "tied", "without"} <= reasons
    assert perfect_ties > 0


def test_a_declaration_the_core_does_not_know_is_a_game_error() -> None:
    game = GAMES["doogie"]
    values: Values = {"a": {"high": 1, "low": None}, "b": {"high": 2, "low": None}}
    with pytest.raises(GameSpecError, match="cannot decide the awards"):
        decide_awards(game, values, ["a", "b"], {"a": "sideways", "b": "high"})
