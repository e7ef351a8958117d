"""A new table from the lobby's request (``POST /api/tables``; docs/web-protocol.md): the
request read by its schema, then each field checked against the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splitpot.engine.options import Stakes, check_structure
from splitpot.errors import BadRequest, SplitpotError
from splitpot.games import find_game
from splitpot.games.streets import Forced
from splitpot.web.config import ServerConfig
from splitpot.web.tables.protocol import read_create, read_options
from splitpot.web.tables.state import BOT_KINDS, Seat, WebTable
from splitpot.web.tables.store import utc_now

__all__ = ["new_table"]


def new_table(
    body: Mapping[str, Any], *, table_id: str, config: ServerConfig
) -> tuple[WebTable, int | None, str | None]:
    """The table the request asks for, its bots seated; with a ``player``, that person takes
    seat 0: returns the table, and the person's seat and token (``None`` without one)."""
    request = read_create(dict(body))
    try:
        game = find_game(request.game)
    except SplitpotError as exc:
        raise BadRequest(f"game: {exc}") from None
    try:
        structure = check_structure(game, request.structure)
    except (SplitpotError, ValueError) as exc:
        raise BadRequest(f"structure: {exc}") from None
    stakes_text = request.stakes
    try:
        stakes = Stakes.parse(stakes_text, game)
    except SplitpotError as exc:
        raise BadRequest(f"stakes: {exc}") from None
    seats = min(6, game.max_players) if request.seats is None else request.seats
    if not 2 <= seats <= game.max_players:
        raise BadRequest(f"seats: {game.name} seats 2 to {game.max_players}, not {seats!r}")
    bots = request.bots
    if any(b not in BOT_KINDS for b in bots):
        raise BadRequest(f"bots: a list of bot kinds ({', '.join(BOT_KINDS)})")
    player = request.player
    if len(bots) + (player is not None) > seats:
        raise BadRequest(f"bots: {len(bots)} bots and you do not fit in {seats} seats")
    big = stakes.big_bet if game.forced is Forced.ANTE else stakes.big_blind
    buy_in = 100 * big if request.buy_in is None else request.buy_in
    if not 2 * big <= buy_in <= 10**9:
        raise BadRequest(f"buy_in: a whole number of chips from {2 * big}, not {buy_in!r}")
    clock = config.action_seconds if request.clock is None else request.clock
    if not 0 <= clock <= 3600:
        raise BadRequest(f"clock: seconds per decision, 0 to 3600, not {clock!r}")
    name = request.name or f"{game.name} table"
    if len(name) > 60:
        raise BadRequest("name: the table's name, up to 60 characters")
    options = read_options(request.options)
    try:
        options.check_game(game)
    except SplitpotError as exc:
        raise BadRequest(f"options: {exc}") from None
    table = WebTable(
        id=table_id, name=" ".join(name.split()), game=game, structure=structure,
        stakes=stakes, stakes_text=stakes_text.strip(), buy_in=buy_in, clock=float(clock),
        seats=[Seat() for _ in range(seats)], created=utc_now(), config=config,
        options=options,
    )  # fmt: skip
    start = 1 if player is not None else 0
    for offset, kind in enumerate(bots):
        table.seats[start + offset] = Seat(
            kind="bot", name=f"{kind.capitalize()} bot {start + offset + 1}", bot=kind,
            stack=buy_in, bought=buy_in,
        )  # fmt: skip
    if player is None:
        return table, None, None
    seat, token = table.join(player, 0)
    return table, seat, token
