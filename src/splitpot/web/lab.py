"""The showdown lab and the equity and discard advisor: their JSON API.

Routes (``docs/web-lab.md`` has every field):

- ``GET /api/lab/games``: the registry, with each game's awards and draws;
- ``GET /api/lab/presets``: the seeds' worked showdowns, each with the seed's answer;
- ``POST /api/lab/showdown``: settle a showdown given as the CLI's batch JSON
  (:func:`splitpot.engine.batch.settle_input`), answered with its JSON plus, for every award
  of every pot, each winner's cards and the exact cards they used;
- ``POST /api/advise``: every legal discard ranked by pot equity (Doogie: each declaration);
- ``POST /api/equity``: each hand's share of each award, pot equity and scoop chance.

Nothing here decides a hand: the engine settles, the equity module counts. Computation runs in
worker threads (``anyio.to_thread``), at most :data:`WORKERS` at a time, so the event loop that
serves the tables is never blocked; sampling is capped so that an answer takes about a second
or two. Every bad input is answered ``{"error": ...}`` with a 4xx status.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial, wraps
from itertools import combinations
from typing import Any, Final, TypeVar

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from splitpot.atlas.advice import atlas_options, source_note, starting_hand
from splitpot.cards import Card, check_distinct, parse_cards
from splitpot.describe import HandShown, Settlement
from splitpot.engine.batch import settle_given
from splitpot.engine.showdown import DECLARATIONS, ShowdownResult
from splitpot.equity.advise import HERO, DiscardOption, advise_discards, declaration_odds
from splitpot.equity.core import equity, pending_draws
from splitpot.equity.policy import POLICIES
from splitpot.errors import SplitpotError
from splitpot.games import GAMES, GameSpec, find_game
from splitpot.web.presets import PRESETS
from splitpot.web.util import BadRequest, read_json

__all__ = [
    "ADVISE_BUDGET",
    "EQUITY_BUDGET",
    "EXACT_LIMIT",
    "MAX_BODY",
    "MAX_SAMPLES",
    "MIN_SAMPLES",
    "PRESETS",
    "ROUTES",
    "WORKERS",
]

MAX_BODY: Final = 16384  # bytes of JSON a request may carry
WORKERS: Final = 2  # computations running at once; more requests wait their turn
MIN_SAMPLES: Final = 50  # the cap never goes below this many samples
MAX_SAMPLES: Final = 20_000  # an answer in about a second, whatever the game
# Sampling budgets, in player-runouts times (1 + draws to come): about a second of work.
ADVISE_BUDGET: Final = 5_120_000  # compiled: 20,000 runouts of 32 discards, 3 draws, heads-up
EQUITY_BUDGET: Final = 120_000
EXACT_LIMIT: Final = 50_000  # the equity route enumerates exactly up to this many runouts
DEFAULT_ADVISE_SAMPLES: Final = 20_000
DEFAULT_EQUITY_SAMPLES: Final = 5_000

_T = TypeVar("_T")
_UNKNOWN = ("random", "?", "")


# --- request reading -------------------------------------------------------------------------


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object of a request: 413 when too large, 400 when not an object of JSON."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise BadRequest(f"request too large ({length} bytes; the limit is {MAX_BODY})", 413)
    try:
        return await read_json(request, MAX_BODY)
    except RecursionError:
        raise BadRequest("the request body is JSON nested too deeply") from None


def _only(data: Mapping[str, Any], known: frozenset[str]) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise BadRequest(f"unknown keys {unknown}; known keys: {sorted(known)}")


def _game(data: Mapping[str, Any]) -> GameSpec:
    name = data.get("game")
    if not isinstance(name, str) or not name.strip():
        raise BadRequest('"game" must name a game (GET /api/lab/games lists them)')
    return find_game(name.strip())


def _card_text(value: object, what: str) -> str:
    """Cards as given: a string ("As Kd") or a list of cards (["As", "Kd"]), as one string."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return " ".join(value)
    raise BadRequest(f"{what} must be a string of cards or a list of cards, got {value!r}")


def _cards_of(data: Mapping[str, Any], key: str, where: str) -> tuple[Card, ...]:
    return parse_cards(_card_text(data.get(key), f'"{key}"'), where=where)


def _is_unknown(value: str) -> bool:
    return value.strip().lower() in _UNKNOWN


def _int(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f'"{key}" must be a whole number, got {value!r}')
    if not low <= value <= high:
        raise BadRequest(f'"{key}" must be from {low} to {high}, got {value}')
    return value


def _choice(data: Mapping[str, Any], key: str, choices: Sequence[str], default: str) -> str:
    value = data.get(key)
    if value is None:
        return default
    if value not in choices:
        raise BadRequest(f'"{key}" {value!r}: use {" or ".join(choices)}')
    return str(value)


def _capped(requested: int, budget: int, cost_per_sample: int) -> int:
    """The samples to run: as asked, but no more than the budget allows."""
    allowed = max(MIN_SAMPLES, budget // max(cost_per_sample, 1))
    return min(requested, allowed, MAX_SAMPLES)


def _limiter(request: Request) -> anyio.CapacityLimiter:
    state = request.app.state
    limiter = getattr(state, "lab_limiter", None)
    if limiter is None:
        limiter = anyio.CapacityLimiter(WORKERS)
        state.lab_limiter = limiter
    return limiter


async def _compute(request: Request, work: Callable[[], _T]) -> _T:
    """Run ``work`` in a worker thread (at most :data:`WORKERS` at once)."""
    return await anyio.to_thread.run_sync(work, limiter=_limiter(request))


def _api(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    """A route whose user errors (any :class:`SplitpotError`) are answered 400 with their
    message, and whose malformed values no check caught are still a 400, never a 500."""

    @wraps(handler)
    async def route(request: Request) -> Response:
        try:
            return await handler(request)
        except BadRequest:
            raise
        except SplitpotError as exc:
            raise BadRequest(str(exc)) from None
        except (TypeError, ValueError, KeyError, IndexError, RecursionError) as exc:
            raise BadRequest(f"bad input: {exc}") from None

    return route


def _awards(spec: GameSpec) -> list[dict[str, str]]:
    return [{"name": award.name, "label": award.label} for award in spec.awards]


# --- games and presets -----------------------------------------------------------------------


def _game_json(spec: GameSpec) -> dict[str, Any]:
    return {
        "id": spec.id,
        "name": spec.name,
        "aliases": list(spec.aliases),
        "hole_cards": spec.hole_cards,
        "board_cards": spec.board_cards,
        "awards": _awards(spec),
        "high_award": spec.high_award,
        "declare": spec.declare,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "draws": [
            {"max_discard": draw.max_discard, "board_before": draw.board_before}
            for draw in pending_draws(spec, 0)
        ],
        "reference": spec.reference,
        "summary": spec.summary,
    }


async def games(request: Request) -> Response:
    """``GET /api/lab/games``: every game of the registry."""
    return JSONResponse({"games": [_game_json(spec) for spec in GAMES.values()]})


async def presets(request: Request) -> Response:
    """``GET /api/lab/presets``: the seeds' worked showdowns."""
    return JSONResponse({"presets": list(PRESETS)})


# --- showdown --------------------------------------------------------------------------------


def _explain_showdown(result: ShowdownResult, answer: dict[str, Any]) -> dict[str, Any]:
    """The batch JSON of a showdown (``answer``), plus the words of the one settlement view
    (:class:`splitpot.describe.Settlement`, as the CLI says them): each pot's label, title and
    forfeits, odd chips and even split in words, each award's label, title and lines, and
    every hand shown down (winners' and others') with the exact cards used."""
    view = Settlement(result)
    for pot, words in zip(answer["pots"], view.pots, strict=True):
        pot["label"] = words.label
        pot["title"] = words.title
        pot["forfeit_lines"] = list(words.forfeits)
        pot["odd_chip_lines"] = list(words.odd_chips)
        pot["split_lines"] = [] if words.split is None else list(words.split.lines)
        for award, said in zip(pot["awards"], words.awards, strict=True):
            award["label"] = said.label
            award["title"] = said.title
            award["lines"] = list(said.lines)
            award["winning_hands"] = [
                _hand_json(hand, award) for hand in said.hands[: len(said.winners)]
            ]
            award["other_hands"] = [
                _hand_json(hand, award) for hand in said.hands[len(said.winners) :]
            ]
    answer["awards"] = _awards(result.game)
    answer["words"] = {
        name: {award: hand["description"] for award, hand in by_award.items()}
        for name, by_award in answer["hands"].items()
    }
    return answer


def _hand_json(hand: HandShown, award: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "player": hand.player,
        "share": award["shares"].get(hand.player),
        "description": hand.words,
        "line": hand.line.strip(),
        "cards": [str(c) for c in hand.cards],
        "hole_used": [str(c) for c in hand.hole_used],
        "board_used": [str(c) for c in hand.board_used],
    }


def _settle_and_explain(data: dict[str, Any]) -> dict[str, Any]:
    result, answer = settle_given(data)
    return _explain_showdown(result, answer)


async def showdown(request: Request) -> Response:
    """``POST /api/lab/showdown``: settle one showdown (the CLI's batch JSON, with its words)."""
    data = await _body(request)
    return JSONResponse(await _compute(request, partial(_settle_and_explain, data)))


# --- advise ----------------------------------------------------------------------------------

_ADVISE_KEYS: Final = frozenset(
    {
        "game",
        "hole",
        "board",
        "opponents",
        "opponent_hands",
        "opponent_declarations",
        "dead",
        "samples",
        "seed",
        "policy",
    }
)


def _opponent_hands(data: Mapping[str, Any]) -> list[str]:
    value = data.get("opponent_hands")
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadRequest('"opponent_hands" must be a list: each opponent\'s cards, or "random"')
    return [_card_text(hand, f"opponent {i}'s hand") for i, hand in enumerate(value, 1)]


def _options_count(hole: int, limit: int) -> int:
    return sum(math.comb(hole, size) for size in range(limit + 1))


def _advise_with_dead(
    spec: GameSpec,
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    rivals: Mapping[str, str | Sequence[int]],
    *,
    samples: int,
    seed: int,
    policy: str,
) -> list[DiscardOption]:
    """:func:`advise_discards` with dead cards: every legal discard, best first, each played
    by :func:`equity` over the same seeded runouts, with the same settings."""
    limit = pending_draws(spec, len(board))[0].max_discard
    players: dict[str, str | Sequence[int]] = {HERO: hole, **rivals}
    options = [
        DiscardOption(
            thrown,
            equity(
                spec,
                players,
                board,
                dead=dead,
                discards={HERO: thrown},
                policy=policy,
                samples=samples,
                seed=seed,
                exact=None,
                exact_limit=20_000,
            ),
        )
        for size in range(limit + 1)
        for thrown in combinations(hole, size)
    ]
    options.sort(key=lambda option: option.equity, reverse=True)
    return options


def _discard_rows(options: Sequence[DiscardOption], hole: Sequence[Card]) -> list[dict[str, Any]]:
    rows = []
    for rank, option in enumerate(options, 1):
        hero = option.result.player(HERO)
        rows.append(
            {
                "rank": rank,
                "discard": [str(c) for c in option.discard],
                "keep": [str(c) for c in hole if c not in option.discard],
                "equity": hero.equity,
                "std_error": hero.std_error,
                "scoop": hero.scoop,
                "awards": {name: odds.share for name, odds in hero.awards.items()},
                "method": option.result.method,
                "runouts": option.result.runouts,
            }
        )
    return rows


async def advise(request: Request) -> Response:
    """``POST /api/advise``: rank every legal discard (Doogie: every declaration)."""
    data = await _body(request)
    _only(data, _ADVISE_KEYS)
    spec = _game(data)
    hole = _cards_of(data, "hole", "in your hand")
    if not hole:
        raise BadRequest('"hole" must give your cards')
    board = _cards_of(data, "board", "on the board")
    dead = _cards_of(data, "dead", "in the dead cards")
    hands = _opponent_hands(data)
    known: list[tuple[Card, ...]] = [
        () if _is_unknown(h) else parse_cards(h, where=f"in opponent {i}'s cards")
        for i, h in enumerate(hands, 1)
    ]
    check_distinct(
        [
            ("in your hand", hole),
            ("on the board", board),
            ("in the dead cards", dead),
            *((f"in opponent {i}'s cards", cards) for i, cards in enumerate(known, 1)),
        ]
    )
    most = spec.max_players - 1
    opponents = _int(data, "opponents", 0, 0, most)
    count = max(opponents, len(hands), 1)
    if count > most:
        raise BadRequest(f"{spec.name} seats {spec.max_players}: at most {most} opponents")
    requested = _int(data, "samples", DEFAULT_ADVISE_SAMPLES, 1, 1_000_000)
    seed = _int(data, "seed", 0, 0, 2**63 - 1)
    rival_hands = [cards or "random" for cards in known]

    ask = _Ask(spec, hole, board, dead, count, rival_hands, requested, seed)
    if data.get("samples") is None and data.get("opponent_declarations") is None:
        policy = "heuristic" if spec.declare else _choice(data, "policy", POLICIES, "heuristic")
        record = await _compute(
            request,
            partial(
                starting_hand, spec, hole, board, opponents=count,
                opponent_hands=[h for h in rival_hands if h != "random"], policy=policy,
                dead=dead, compute=True,
            ),
        )  # fmt: skip
        if record is not None:
            return JSONResponse(_starting_answer(spec, record, requested))
    if spec.declare:
        return await _declarations(request, data, ask)
    return await _discards(request, data, ask)


def _starting_answer(spec: GameSpec, record: dict[str, Any], requested: int) -> dict[str, Any]:
    """A starting hand's answer from its atlas record (:func:`starting_hand`): Badugi-like
    games keep the ``discards`` answer's keys; the board games and Doogie answer
    ``kind: "starting-hand"`` (their discards and declarations come with the board)."""
    about = record["atlas"]
    answer: dict[str, Any] = {
        "game": spec.id,
        "kind": "starting-hand",
        "source": record["source"],
        "note": source_note(record),
        "atlas": record,
        "opponents": 1,
    }
    options = atlas_options(record)
    if options:
        best = {"std_error": record["std_error"], "scoop": record["scoop"]}
        rows = [
            {
                "rank": rank,
                **option,
                **(best if rank == 1 else {"std_error": None, "scoop": None}),
                "awards": record["awards"] if rank == 1 else {},
                "runouts": about["samples"],
            }
            for rank, option in enumerate(options, 1)
        ]
        schedule = pending_draws(spec, 0)
        answer |= {
            "kind": "discards",
            "awards": _awards(spec),
            "max_discard": schedule[0].max_discard,
            "draws": len(schedule),
            "options": rows,
            "policy": "heuristic",
        }
    return answer | {
        "samples": about["samples"],
        "samples_requested": requested,
        "capped": False,
        "seed": about["seed"],
    }


@dataclass(frozen=True, slots=True)
class _Ask:
    """An advice request, read: the game, the cards, the opponents and the sampling asked."""

    spec: GameSpec
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    count: int  # opponents
    rival_hands: list[str | tuple[Card, ...]]
    requested: int  # samples asked for
    seed: int


async def _declarations(request: Request, data: Mapping[str, Any], ask: _Ask) -> Response:
    """Doogie: the share of the pot for each declaration."""
    spec, hole, board, dead, count = ask.spec, ask.hole, ask.board, ask.dead, ask.count
    rival_hands, requested, seed = ask.rival_hands, ask.requested, ask.seed
    if dead:
        raise BadRequest("declaration odds use no dead cards: leave them out, or ask /api/equity")
    ways = data.get("opponent_declarations")
    if ways is not None and not (
        isinstance(ways, list) and all(w is None or isinstance(w, str) for w in ways)
    ):
        raise BadRequest('"opponent_declarations" must be a list of "high", "low", "both" or null')
    if ways is not None and len(ways) > count:
        raise BadRequest(f"{len(ways)} declarations given for {count} opponents")
    samples = _capped(requested, ADVISE_BUDGET, (count + 1) * len(DECLARATIONS))
    odds = await _compute(
        request,
        partial(
            declaration_odds,
            hole,
            board,
            opponents=count,
            opponent_hands=rival_hands,
            opponent_declarations=ways,
            samples=samples,
            seed=seed,
        ),
    )
    ranked = sorted(odds.shares, key=lambda way: -odds.shares[way])
    return JSONResponse(
        {
            "game": spec.id,
            "kind": "declarations",
            "declarations": [
                {"way": way, "share": odds.shares[way], "std_error": odds.std_errors[way]}
                for way in ranked
            ],
            "best": odds.best,
            "method": odds.method,
            "runouts": odds.runouts,
            "opponents": count,
            "samples": samples,
            "samples_requested": requested,
            "capped": samples < requested,
            "seed": seed,
        }
    )


async def _discards(request: Request, data: Mapping[str, Any], ask: _Ask) -> Response:
    """Every legal discard at the next draw, best first."""
    spec, hole, board, dead, count = ask.spec, ask.hole, ask.board, ask.dead, ask.count
    rival_hands, requested, seed = ask.rival_hands, ask.requested, ask.seed
    if data.get("opponent_declarations") is not None:
        raise BadRequest(f"{spec.name} has no declaration; only Doogie is declared")
    policy = _choice(data, "policy", POLICIES, "heuristic")
    if len(hole) != spec.hole_cards:
        raise BadRequest(f"your hand has {len(hole)} cards; {spec.name} deals {spec.hole_cards}")
    if len(board) > spec.board_cards:
        raise BadRequest(f"the board has {len(board)} cards; {spec.name} has {spec.board_cards}")
    schedule = pending_draws(spec, len(board))
    if not schedule:
        raise BadRequest(
            f"no draw is to come in {spec.name} with {len(board)} board cards: "
            f"ask /api/equity for the odds"
        )
    if schedule[0].board_before > len(board):
        raise BadRequest(
            f"the next draw in {spec.name} comes with {schedule[0].board_before} board cards "
            f"out: give them"
        )
    limit = schedule[0].max_discard
    per_sample = _options_count(len(hole), limit) * (count + 1) * (1 + len(schedule))
    samples = _capped(requested, ADVISE_BUDGET, per_sample)
    rivals = {
        f"opp{i + 1}": (rival_hands[i] if i < len(rival_hands) else "random") for i in range(count)
    }
    work: Callable[[], list[DiscardOption]]
    if dead:
        work = partial(
            _advise_with_dead,
            spec,
            hole,
            board,
            dead,
            rivals,
            samples=samples,
            seed=seed,
            policy=policy,
        )
    else:
        work = partial(
            advise_discards,
            spec,
            hole,
            board,
            opponents=count,
            opponent_hands=rival_hands,
            samples=samples,
            seed=seed,
            policy=policy,
        )
    options = await _compute(request, work)
    return JSONResponse(
        {
            "game": spec.id,
            "kind": "discards",
            "awards": _awards(spec),
            "max_discard": limit,
            "draws": len(schedule),
            "opponents": count,
            "options": _discard_rows(options, hole),
            "samples": samples,
            "samples_requested": requested,
            "capped": samples < requested,
            "seed": seed,
            "policy": policy,
        }
    )


# --- equity ----------------------------------------------------------------------------------

_EQUITY_KEYS: Final = frozenset(
    {
        "game",
        "players",
        "board",
        "dead",
        "discards",
        "draws",
        "policy",
        "declarations",
        "samples",
        "seed",
    }
)


def _named_cards(data: Mapping[str, Any], key: str, what: str) -> dict[str, str]:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadRequest(f'"{key}" must be an object mapping each player to {what}')
    out: dict[str, str] = {}
    for name, cards in value.items():
        if not name.strip():
            raise BadRequest(f'"{key}": a player name must not be empty')
        out[name] = _card_text(cards, f"player {name}'s {what}")
    return out


async def equity_route(request: Request) -> Response:
    """``POST /api/equity``: every hand's share of every award."""
    data = await _body(request)
    _only(data, _EQUITY_KEYS)
    spec = _game(data)
    players = _named_cards(data, "players", 'cards (or "random")')
    if len(players) < 2:
        raise BadRequest('"players" must give at least two players (a hand may be "random")')
    if len(players) > spec.max_players:
        raise BadRequest(f"{spec.name} seats at most {spec.max_players} players")
    board = _card_text(data.get("board"), '"board"')
    dead = _card_text(data.get("dead"), '"dead"')
    discards = _named_cards(data, "discards", "discard")
    declarations = data.get("declarations")
    if declarations is not None and not (
        isinstance(declarations, dict)
        and all(isinstance(way, str) and way in DECLARATIONS for way in declarations.values())
    ):
        raise BadRequest('"declarations" must map each player to "high", "low" or "both"')
    policy = _choice(data, "policy", POLICIES, "heuristic")
    requested = _int(data, "samples", DEFAULT_EQUITY_SAMPLES, 1, 1_000_000)
    seed = _int(data, "seed", 0, 0, 2**63 - 1)
    board_count = len(parse_cards(board, where="on the board"))
    to_come = len(pending_draws(spec, board_count)) if board_count <= spec.board_cards else 0
    draws: int | None = None
    if data.get("draws") is not None:
        draws = _int(data, "draws", 0, 0, to_come)
        to_come = draws
    samples = _capped(requested, EQUITY_BUDGET, len(players) * (1 + to_come))
    result = await _compute(
        request,
        partial(
            equity,
            spec,
            players,
            board,
            dead=dead,
            discards=discards or None,
            draws=draws,
            policy=policy,
            declarations=declarations,
            samples=samples,
            seed=seed,
            exact_limit=EXACT_LIMIT,
        ),
    )
    body = result.to_json()
    body["awards"] = _awards(spec)
    body["samples_requested"] = requested
    body["capped"] = result.method == "monte-carlo" and samples < requested
    return JSONResponse(body)


ROUTES: list[BaseRoute] = [
    Route("/api/lab/games", games, methods=["GET"]),
    Route("/api/lab/presets", presets, methods=["GET"]),
    Route("/api/lab/showdown", _api(showdown), methods=["POST"]),
    Route("/api/advise", _api(advise), methods=["POST"]),
    Route("/api/equity", _api(equity_route), methods=["POST"]),
]
