"""The Charts page's API: starting-hand charts drawn from the shipped atlases, no computation.

- ``GET /api/charts``: the games with a shipped atlas (id, name, kind, how it was built);
- ``GET /api/charts/{game}``: the game's chart (:func:`splitpot.atlas.charts.chart`): the
  equity distribution, the best classes, and for Badugi every four-card badugi's best keep;
- ``GET /api/charts/{game}/lookup?hand=...``: the record of the hand's class (``atlas show
  --json``'s); 404 when the atlas lacks the class or no atlas of the game is shipped.
"""

from __future__ import annotations

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from splitpot.atlas import lookup
from splitpot.atlas.charts import chart, charted_games
from splitpot.errors import GameSpecError, SplitpotError
from splitpot.games import find_game
from splitpot.web.util import BadRequest

__all__ = ["ROUTES"]


def _game(request: Request) -> str:
    try:
        return find_game(request.path_params["game"]).id
    except GameSpecError as exc:
        raise BadRequest(str(exc), 404) from None


async def games(request: Request) -> Response:
    """``GET /api/charts``."""
    return JSONResponse({"games": await anyio.to_thread.run_sync(charted_games)})


async def game_chart(request: Request) -> Response:
    """``GET /api/charts/{game}``."""
    game = _game(request)
    found = await anyio.to_thread.run_sync(chart, game)  # the first read of an atlas: ~0.5 s
    if found is None:
        raise BadRequest(f"no atlas of {find_game(game).name} is shipped", 404)
    return JSONResponse(found)


async def hand_lookup(request: Request) -> Response:
    """``GET /api/charts/{game}/lookup?hand=...``."""
    game = _game(request)
    hand = request.query_params.get("hand", "")
    if not hand.strip():
        raise BadRequest('give the hand: "?hand=As 2d 3h 4c"')
    try:
        record = await anyio.to_thread.run_sync(lookup, game, hand)
    except SplitpotError as exc:
        raise BadRequest(str(exc)) from None
    if record is None:
        about = await anyio.to_thread.run_sync(chart, game)
        if about is None:
            raise BadRequest(f"no atlas of {find_game(game).name} is shipped", 404)
        raise BadRequest(
            f"this hand's class is not in the shipped atlas ({about['classes']:,} of "
            f"{about['all_classes']:,} classes, a seeded sample)",
            404,
        )
    return JSONResponse(record)


ROUTES = [
    Route("/api/charts", games),
    Route("/api/charts/{game}", game_chart),
    Route("/api/charts/{game}/lookup", hand_lookup),
]
