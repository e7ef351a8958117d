"""Learn: the rules pages, the variants table and practice, as pages and a JSON API.

Pages: ``/learn`` (the variants table), ``/learn/{game}`` (a game's rules page) and
``/practice`` (*Who wins?* and *Which discard?*). Routes (``docs/learn.md`` has every field):

- ``GET /api/learn``: the variants table; ``GET /api/learn/{game}``: a rules page;
- ``GET /api/practice/cases``: the worked cases a learner can be asked;
- ``GET /api/practice/showdown?game=G&seed=S`` (or ``?case=ID&pot=N``): a final deal;
- ``POST /api/practice/showdown/{id}``: check an answer to it;
- ``GET /api/practice/discard?game=G&seed=S`` and ``POST /api/practice/discard/{id}``: the same
  for a drawing decision.

The pages and the practice hold no rules: :mod:`splitpot.learn` derives each page from its
game's spec, the engine settles every deal, the advisor ranks every discard.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import partial, wraps
from pathlib import Path
from typing import Any, Final

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from splitpot.errors import GameSpecError, SplitpotError
from splitpot.games import GAMES, GameSpec, find_game
from splitpot.learn import rules_page, variants_table
from splitpot.learn.table import COLUMNS
from splitpot.practice import (
    UnknownDealError,
    case_deal,
    check_discard,
    check_showdown,
    deal_from_id,
    discard_spot,
    random_deal,
    spot_from_id,
)
from splitpot.practice.showdown import MAX_POT, MAX_SEED, practice_cases
from splitpot.web.lab import PRESETS
from splitpot.web.util import BadRequest, read_json

__all__ = ["ROUTES", "worked_cases"]

STATIC: Final = Path(__file__).with_name("static")
MAX_BODY: Final = 4096
WORKERS: Final = 2  # discard rankings computed at once; more requests wait their turn


def worked_cases() -> Sequence[Mapping[str, Any]]:
    """The rules' worked showdowns (today the lab's presets: the one place to switch)."""
    return PRESETS


def _links(spec: GameSpec) -> dict[str, str]:
    links = {
        "page": f"/learn/{spec.id}",
        "play": f"/?game={spec.id}",
        "lab": f"/lab?game={spec.id}",
        "advisor": f"/advisor?game={spec.id}",
        "practice": f"/practice?game={spec.id}",
    }
    if spec.draws:
        links["practice_discard"] = f"/practice?mode=discard&game={spec.id}"
    return links


def _api(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    """A route whose user errors are a 4xx with their message: an unknown game or deal 404,
    a body that is not an answer 400."""

    @wraps(handler)
    async def route(request: Request) -> Response:
        try:
            return await handler(request)
        except BadRequest:
            raise
        except (UnknownDealError, GameSpecError) as exc:
            raise BadRequest(str(exc), 404) from None
        except SplitpotError as exc:
            raise BadRequest(str(exc)) from None

    return route


def _page(filename: str, *, check_game: bool = False) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        if check_game:
            try:
                find_game(request.path_params["game"])
            except GameSpecError as exc:
                return Response(f"404: {exc}\n", 404, media_type="text/plain")
        return FileResponse(STATIC / filename, media_type="text/html")

    return page


async def learn_index(request: Request) -> Response:
    """``GET /api/learn``: the variants table."""
    rows = [{**row, "links": _links(GAMES[row["id"]])} for row in variants_table()]
    columns = [{"key": key, "title": title} for key, title in COLUMNS]
    return JSONResponse({"columns": columns, "games": rows})


async def learn_game(request: Request) -> Response:
    """``GET /api/learn/{game}``: a game's rules page."""
    spec = find_game(request.path_params["game"])
    return JSONResponse({**rules_page(spec), "links": _links(spec)})


async def cases(request: Request) -> Response:
    """``GET /api/practice/cases``: the worked cases, each with its game and pot."""
    listed = []
    counts: dict[str, int] = {}
    for case in practice_cases(worked_cases()):
        spec = find_game(case["game"])
        counts[spec.id] = counts.get(spec.id, 0) + 1
        # A title of our own: a worked case's title often gives its answer away.
        listed.append(
            {
                "id": case["id"],
                "title": f"{spec.name} #{counts[spec.id]} ({case.get('source', 'the rules')})",
                "game": spec.id,
                "pot": case.get("pot"),
                "source": case.get("source", ""),
            }
        )
    return JSONResponse({"cases": listed})


def _query_int(request: Request, key: str, high: int) -> int | None:
    value = request.query_params.get(key)
    if value is None or value == "":
        return None
    if not value.isdigit() or int(value) > high:
        raise BadRequest(f'"{key}" must be a whole number from 0 to {high}, got {value!r}')
    return int(value)


def _query_game(request: Request, *, drawing: bool = False) -> GameSpec:
    name = request.query_params.get("game")
    if name:
        return find_game(name)
    # No game asked: one of the registry's own games (not a reference game), by chance.
    choices = [s for s in GAMES.values() if not s.reference and (s.draws or not drawing)]
    return secrets.choice(choices)


def _seed(request: Request) -> int:
    seed = _query_int(request, "seed", MAX_SEED)
    return secrets.randbelow(10**6) if seed is None else seed


async def showdown_deal(request: Request) -> Response:
    """``GET /api/practice/showdown``: a random deal (``game``, ``seed``) or a worked case
    (``case``, ``pot``)."""
    case_id = request.query_params.get("case")
    if case_id:
        pot = _query_int(request, "pot", MAX_POT)
        found = next((c for c in practice_cases(worked_cases()) if c["id"] == case_id), None)
        if found is None:
            raise UnknownDealError(f"no worked case {case_id!r} (GET /api/practice/cases)")
        if pot == 0:
            raise BadRequest(f'"pot" must be from 1 to {MAX_POT}')
        return JSONResponse(case_deal(found, pot).to_json())
    spec = _query_game(request)
    return JSONResponse(random_deal(spec, _seed(request)).to_json())


async def _answer(request: Request) -> dict[str, Any]:
    return await read_json(request, MAX_BODY)


async def showdown_answer(request: Request) -> Response:
    """``POST /api/practice/showdown/{id}``: check ``{"winners", "payouts"}``."""
    deal = deal_from_id(request.path_params["deal_id"], worked_cases())
    answer = await _answer(request)
    return JSONResponse(check_showdown(deal, answer))


async def discard_question(request: Request) -> Response:
    """``GET /api/practice/discard?game=G&seed=S``: a drawing decision."""
    spec = _query_game(request, drawing=True)
    return JSONResponse(discard_spot(spec, _seed(request)).to_json())


async def discard_answer(request: Request) -> Response:
    """``POST /api/practice/discard/{id}``: check ``{"discard": [cards]}``."""
    spot = spot_from_id(request.path_params["spot_id"])
    answer = await _answer(request)
    state = request.app.state
    limiter = getattr(state, "learn_limiter", None)
    if limiter is None:
        limiter = state.learn_limiter = anyio.CapacityLimiter(WORKERS)
    work = partial(check_discard, spot, answer)
    return JSONResponse(await anyio.to_thread.run_sync(work, limiter=limiter))


ROUTES: list[BaseRoute] = [
    Route("/learn", _page("learn.html"), methods=["GET"]),
    Route("/learn/{game}", _page("learn-game.html", check_game=True), methods=["GET"]),
    Route("/practice", _page("practice.html"), methods=["GET"]),
    Route("/api/learn", _api(learn_index), methods=["GET"]),
    Route("/api/learn/{game}", _api(learn_game), methods=["GET"]),
    Route("/api/practice/cases", _api(cases), methods=["GET"]),
    Route("/api/practice/showdown", _api(showdown_deal), methods=["GET"]),
    Route("/api/practice/showdown/{deal_id}", _api(showdown_answer), methods=["POST"]),
    Route("/api/practice/discard", _api(discard_question), methods=["GET"]),
    Route("/api/practice/discard/{spot_id}", _api(discard_answer), methods=["POST"]),
]
