"""The compiled settlement gives exactly what ``engine.awards.decide_awards`` gives.

Random final deals of every game, two to six players (Doogie with random declarations, or
none, and both two-way tie rules), half of them dealt from a short deck so that ties, the
perfect doogie, unqualified halves and failed two-way declarers are common: per award the
same winners, the same two-way declarers out, and each player's share of the pot (an award
nobody can take moving to the other, a pot nobody can take split among those who did not
forfeit it) in the compiled engine's integer units.
"""

from __future__ import annotations

import random
from typing import Any

import numba
import numpy as np
import pytest

from splitpot.engine.awards import decide_awards
from splitpot.equity import engine
from splitpot.equity.kernel_api import NO_HAND, award_value, tables
from splitpot.equity.settlement import ACES_HIGH, KIND, SIDE, decide, unit_for
from splitpot.games import GAMES, GameSpec

WAYS = {"high": 1, "low": 2, "both": 3}
SHORT_RANKS = (12, 0, 1, 2, 3, 11)  # A 2 3 4 5 K: ties, wheels and perfect doogies galore


@numba.njit(cache=False)
def _settle_all(  # noqa: PLR0917 - a numba kernel takes arrays
    holes: Any, boards: Any, decl: Any, awards: Any, tie_keeps: bool, unit: int, t: Any
) -> Any:
    """Per deal: the values, each player's share, who is out, and each award's winners."""
    deals, players, _ = holes.shape
    count = awards.shape[0]
    values = np.empty((deals, players, count), dtype=np.int64)
    shares = np.empty((deals, players), dtype=np.int64)
    outs = np.empty((deals, players), dtype=np.int64)
    winners = np.zeros((deals, count, players), dtype=np.int64)
    best = np.empty((2, count), dtype=np.int64)
    for d in range(deals):
        for p in range(players):
            for a in range(count):
                values[d, p, a] = award_value(
                    awards[a, KIND], awards[a, ACES_HIGH] != 0, holes[d, p], boards[d], t
                )
        decide(values[d], awards, decl[d], tie_keeps, unit, NO_HAND, best, outs[d], shares[d])
        declared = decl[d, 0] != 0
        for a in range(count):
            if best[0, a] == 0:
                continue
            for p in range(players):
                if outs[d, p] or (declared and not decl[d, p] & awards[a, SIDE]):
                    continue
                if values[d, p, a] == best[1, a]:
                    winners[d, a, p] = 1
    return values, shares, outs, winners


def _deals(game: GameSpec, rng: random.Random, count: int, players: int) -> tuple[Any, Any]:
    short = [r * 4 + s for r in SHORT_RANKS for s in range(4)]
    need = players * game.hole_cards + game.board_cards
    holes = np.zeros((count, players, game.hole_cards), dtype=np.int8)
    boards = np.zeros((count, max(game.board_cards, 1)), dtype=np.int8)[:, : game.board_cards]
    for d in range(count):
        deck = short if need <= len(short) and rng.random() < 0.5 else range(52)
        cards = rng.sample(deck, need)
        holes[d] = np.array(cards[: players * game.hole_cards]).reshape(players, -1)
        boards[d] = cards[players * game.hole_cards :]
    return holes, np.ascontiguousarray(boards)


def _check_game(game: GameSpec, deals: int, seed: int) -> None:
    rng = random.Random(f"{seed}/{game.id}")
    awards = engine.encode(_any_spot(game)).spot[6]
    names = [award.name for award in game.awards]
    for players in range(2, min(6, game.max_players) + 1):
        holes, boards = _deals(game, rng, deals, players)
        decl = np.zeros((deals, players), dtype=np.int64)
        declared = [None] * deals
        if game.declare:
            for d in range(deals):
                if rng.random() < 0.85:
                    ways = [rng.choice(list(WAYS)) for _ in range(players)]
                    decl[d] = [WAYS[w] for w in ways]
                    declared[d] = ways
        unit = unit_for(players)
        for tie_keeps in (True, False) if game.declare else (True,):
            values, shares, outs, winners = _settle_all(
                holes, boards, decl, awards, tie_keeps, unit, tables()
            )
            seats = [f"p{i}" for i in range(players)]
            for d in range(deals):
                raw = {
                    seat: {
                        n: (None if v == NO_HAND else int(v))
                        for n, v in zip(names, row, strict=True)
                    }
                    for seat, row in zip(seats, values[d].tolist(), strict=True)
                }
                ways = None if declared[d] is None else dict(zip(seats, declared[d], strict=True))
                decision = decide_awards(game, raw, seats, ways, two_way_tie_keeps=tie_keeps)
                want = _shares(decision, names, seats, unit)
                got = {seat: int(s) for seat, s in zip(seats, shares[d], strict=True)}
                where = f"{game.id} deal {d}: {raw} declared {ways} (tie keeps {tie_keeps})"
                assert got == want, where
                assert {s for s, o in zip(seats, outs[d], strict=True) if o} == set(
                    decision.disqualified
                ), where
                for a, name in enumerate(names):
                    mine = {s for s, w in zip(seats, winners[d, a], strict=True) if w}
                    assert mine == set(decision.winners[name]), where


def _shares(decision: Any, names: list[str], seats: list[str], unit: int) -> dict[str, int]:
    """Each seat's share in units, from ``decide_awards`` (the engine's own rule)."""
    out = dict.fromkeys(seats, 0)
    claimed = [n for n in names if decision.winners[n]]
    if claimed:
        for name in claimed:
            for seat in decision.winners[name]:
                out[seat] += unit // len(claimed) // len(decision.winners[name])
    else:
        splitters = decision.even_split(seats)
        for seat in splitters:
            out[seat] = unit // len(splitters)
    return out


def _any_spot(game: GameSpec) -> Any:
    from splitpot.equity.spot import prepare

    hands = {"A": list(range(game.hole_cards)), "B": list(range(10, 10 + game.hole_cards))}
    return prepare(game, hands, (), (), None, 0 if game.draws else None, "pat", None, None)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_compiled_settlement_equals_decide_awards(game_id: str) -> None:
    _check_game(GAMES[game_id], 400, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_compiled_settlement_equals_decide_awards_on_100k_deals(game_id: str) -> None:
    game = GAMES[game_id]
    tables_of_players = min(6, game.max_players) - 1
    _check_game(game, -(-100_000 // tables_of_players), seed=2)  # 100,000 deals or more


def test_the_short_deck_reaches_the_rare_rules() -> None:
    # The random deals above do meet the cases the rules single out.
    game = GAMES["doogie"]
    rng = random.Random("rare")
    holes, boards = _deals(game, rng, 3000, 3)
    decl = np.array([[3, rng.choice((1, 2, 3)), rng.choice((1, 2, 3))] for _ in range(3000)])
    awards = engine.encode(_any_spot(game)).spot[6]
    values, shares, outs, winners = _settle_all(holes, boards, decl, awards, True, 12, tables())
    perfect_high = game.award("high").best_possible
    assert (values[:, :, 0] == perfect_high).sum() > 10  # perfect doogies
    assert (values[:, :, 1] == NO_HAND).sum() > 10  # no doogie at all
    assert outs.sum() > 100  # failed two-way declarers
    assert (shares.sum(axis=1) == 12).all()  # every pot given out whole
    assert ((winners[:, 0].sum(axis=1) == 0) & (winners[:, 1].sum(axis=1) == 0)).any()
