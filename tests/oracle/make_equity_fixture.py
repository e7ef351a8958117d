"""Capture the study engine's results as a fixture: tests/fixtures/equity_fixture.json.gz.

Run once with the numba engine (before the Rust core took over, issue 20) to pin today's
numbers; the core must reproduce them: exact results to 1e-12, seeded Monte Carlo exactly.

    python tests/oracle/make_equity_fixture.py

Per game of the registry: at least 200 random exactly-walkable spots across streets (board
sizes, a draw to come or not, known, partly known and unknown hands, fixed discards, both
policies, Doogie's declarations), a few seeded Monte Carlo spots (several draws to come,
unknown hands), the discard advisor on a few hands, and Doogie's declaration odds.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

from splitpot.equity import equity
from splitpot.equity.advise import advise_discards, declaration_odds
from splitpot.equity.fast import exact_counts
from splitpot.equity.results import EquityResult
from splitpot.equity.spot import board_sizes, pending_draws, prepare
from splitpot.games import GAMES, GameSpec

OUT = Path(__file__).resolve().parents[1] / "fixtures" / "equity_fixture.json.gz"
EXACT_SPOTS = 200
EXACT_LIMIT = 6_000  # runouts per exact spot: keeps the whole capture to a few CPU-minutes
MC_SPOTS = 6
MC_SAMPLES = 1_500


def _g(x: float | None) -> float | None:
    return None if x is None else float(f"{x:.15g}")


def compact(result: EquityResult) -> dict[str, Any]:
    """A result as the tests compare it: per player equity, scoop, std error, win/tie per
    award (in the game's award order)."""
    return {
        "method": result.method,
        "runouts": result.runouts,
        "players": {
            p.name: [_g(p.equity), _g(p.scoop), _g(p.std_error)]
            + [_g(x) for odds in p.awards.values() for x in (odds.win, odds.tie)]
            for p in result.players
        },
    }


def _random_spot(game: GameSpec, rng: random.Random, exact: bool) -> dict[str, Any] | None:
    """A random spot's arguments of :func:`splitpot.equity.equity`, or None to try again."""
    deck = list(range(52))
    rng.shuffle(deck)
    nb = rng.choice(board_sizes(game))
    schedule = pending_draws(game, nb)
    draws = rng.randint(0, len(schedule))
    if exact and draws > 1:
        draws = rng.randint(0, 1)
    if draws and schedule[len(schedule) - draws].board_before > nb and exact:
        draws = 0
    players_n = 2 if rng.random() < 0.75 else 3
    board = [deck.pop() for _ in range(nb)]
    players: dict[str, Any] = {}
    for i in range(players_n):
        name = f"p{i + 1}"
        if draws and exact:
            known = game.hole_cards
        else:
            known = game.hole_cards if rng.random() < 0.6 else rng.randint(0, game.hole_cards)
        players[name] = [deck.pop() for _ in range(known)] or "random"
    dead = [deck.pop() for _ in range(rng.choice((0, 0, 0, 2)))]
    discards = None
    if draws and rng.random() < 0.5:
        name = rng.choice(list(players))
        hand = players[name]
        if isinstance(hand, list) and len(hand) == game.hole_cards:
            limit = schedule[len(schedule) - draws].max_discard
            size = rng.randint(0, min(limit, len(hand)))
            discards = {name: rng.sample(hand, size)}
    declarations = None
    if game.declare and rng.random() < 0.6:
        declarations = {n: rng.choice(("high", "low", "both")) for n in players}
    return {
        "game": game.id,
        "players": players,
        "board": board,
        "dead": dead,
        "discards": discards,
        "draws": draws,
        "policy": rng.choice(("heuristic", "pat")),
        "declarations": declarations,
    }


def _walkable(args: dict[str, Any]) -> bool:
    spot = prepare(
        args["game"], args["players"], args["board"], args["dead"], args["discards"],
        args["draws"], args["policy"], args["declarations"], None,
    )  # fmt: skip
    slots = spot.fixed_slots()
    return slots is not None and 0 < spot.count(slots) <= EXACT_LIMIT


def _run(args: dict[str, Any], **how: Any) -> EquityResult:
    return equity(
        args["game"], args["players"], args["board"], dead=args["dead"],
        discards=args["discards"], draws=args["draws"], policy=args["policy"],
        declarations=args["declarations"], **how,
    )  # fmt: skip


def exact_spots(game: GameSpec, rng: random.Random) -> list[dict[str, Any]]:
    out = []
    tries = 0
    while len(out) < EXACT_SPOTS and tries < 50_000:
        tries += 1
        args = _random_spot(game, rng, exact=True)
        if args is None or not _walkable(args):
            continue
        out.append({**args, "result": compact(_run(args, exact=True))})
    return out


def mc_spots(game: GameSpec, rng: random.Random) -> list[dict[str, Any]]:
    out = []
    for i in range(MC_SPOTS):
        args = _random_spot(game, rng, exact=False)
        if args is None:
            continue
        seed = rng.randrange(1 << 64) if i % 2 else i
        result = _run(args, exact=False, samples=MC_SAMPLES, seed=seed)
        out.append({**args, "samples": MC_SAMPLES, "seed": seed, "result": compact(result)})
    return out


def advise_spots(game: GameSpec, rng: random.Random) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if not game.draws:
        return out
    for i in range(3):
        deck = list(range(52))
        rng.shuffle(deck)
        schedule = pending_draws(game, 0)
        nb = schedule[0].board_before if i != 2 else max(board_sizes(game))
        if not pending_draws(game, nb):
            nb = schedule[0].board_before
        hand = [deck.pop() for _ in range(game.hole_cards)]
        board = [deck.pop() for _ in range(nb)]
        opp = [[deck.pop() for _ in range(game.hole_cards)]] if i == 1 else None
        kwargs = {"opponents": 1 if i != 2 else 2, "opponent_hands": opp, "samples": 600,
                  "seed": 7 + i, "policy": "heuristic" if i != 1 else "pat"}  # fmt: skip
        options = advise_discards(game, hand, board, **kwargs)  # type: ignore[arg-type]
        out.append({
            "game": game.id, "hand": hand, "board": board, **kwargs,
            "options": [[list(o.discard), compact(o.result)] for o in options],
        })  # fmt: skip
    return out


def declare_spots(game: GameSpec, rng: random.Random) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if not game.declare:
        return out
    for i in range(24):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = [deck.pop() for _ in range(game.hole_cards)]
        board = [deck.pop() for _ in range(game.board_cards)]
        opponents = 1 if i % 3 else 2
        hands: list[Any] = [[deck.pop() for _ in range(game.hole_cards)] for _ in range(opponents)]
        if i % 4 == 1:
            hands[-1] = "random"
        if i % 8 == 7:
            hands = ["random"] * opponents
        ways = [rng.choice((None, "high", "low", "both")) for _ in range(opponents)]
        kwargs = {
            "opponents": opponents,
            "opponent_hands": hands,
            "opponent_declarations": ways,
            "samples": 800,
            "seed": i,
            "two_way_tie_keeps": rng.choice((None, True, False)),
        }
        odds = declaration_odds(hand, board, game=game, **kwargs)  # type: ignore[arg-type]
        out.append({
            "game": game.id, "hand": hand, "board": board, **kwargs,
            "shares": {w: _g(s) for w, s in odds.shares.items()},
            "std_errors": {w: _g(s) for w, s in odds.std_errors.items()},
            "method": odds.method, "runouts": odds.runouts,
        })  # fmt: skip
    return out


def fast_spots(rng: random.Random) -> list[dict[str, Any]]:
    out = []
    for i in range(20):
        family = "omaha" if i % 2 else "holdem"
        size = 2 if family == "holdem" else rng.choice((4, 5, 6))
        deck = list(range(52))
        rng.shuffle(deck)
        holes = [[deck.pop() for _ in range(size)] for _ in range(rng.choice((2, 3)))]
        board = [deck.pop() for _ in range(rng.choice((3, 4, 5)))]
        c = exact_counts(family, holes, board)
        out.append(
            {
                "game": family,
                "holes": holes,
                "board": board,
                "boards": c.boards,
                "wins": list(c.wins),
                "tie_units": list(c.tie_units),
                "unit": c.unit,
            }
        )
    return out


def main() -> None:
    fixture: dict[str, Any] = {"exact": [], "monte_carlo": [], "advise": [], "declare": []}
    for n, game in enumerate(GAMES.values()):
        rng = random.Random(20_000 + n)
        fixture["exact"] += exact_spots(game, rng)
        fixture["monte_carlo"] += mc_spots(game, rng)
        fixture["advise"] += advise_spots(game, rng)
        fixture["declare"] += declare_spots(game, rng)
        print(game.id, "done", file=sys.stderr, flush=True)
    fixture["fast"] = fast_spots(random.Random(1))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(fixture, separators=(",", ":")) + "\n"
    OUT.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
