"""A new table from the lobby's request (``POST /api/tables``; docs/web-protocol.md): the
request read by its schema, then each field checked against the game, or the games of a mix."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from splitpot.engine.mixed import MAX_HANDS_PER_GAME, MIXED_MODES, Mix, stakes_for
from splitpot.engine.options import MAX_CHIPS, check_structure
from splitpot.errors import BadRequest, SplitpotError
from splitpot.games import find_game
from splitpot.games.mixes import MIXES
from splitpot.games.streets import Forced, Structure
from splitpot.web.config import ServerConfig
from splitpot.web.tables.host import (
    MAX_TIME_BANK,
    SEATINGS,
    HostState,
    bomb_check,
    check_password_text,
    hash_password,
)
from splitpot.web.tables.protocol import CreateTable, read_create, read_options
from splitpot.web.tables.state import BOT_KINDS, Seat, WebTable, token_digest
from splitpot.web.tables.store import utc_now

__all__ = ["new_table"]


def new_table(
    body: Mapping[str, Any], *, table_id: str, config: ServerConfig
) -> tuple[WebTable, int | None, str | None]:
    """The table the request asks for, its bots seated; with a ``player``, that person takes
    seat 0: returns the table, the person's seat (``None`` without one) and the creator's
    token (the seat's, which is the host's; without a seat, a host's token of its own)."""
    request = read_create(dict(body))
    mix = _mix(request)
    game = mix.games[0]
    stakes_text = request.stakes
    try:
        stakes = {g.id: stakes_for(stakes_text, g) for g in mix.games}
    except SplitpotError as exc:
        raise BadRequest(f"stakes: {exc}") from None
    most = mix.max_players()
    seats = min(6, most) if request.seats is None else request.seats
    if not 2 <= seats <= most:
        what = f"{game.name} seats" if not mix.mixed else "these games seat"
        raise BadRequest(f"seats: {what} 2 to {most}, not {seats!r}")
    bots = request.bots
    if any(b not in BOT_KINDS for b in bots):
        raise BadRequest(f"bots: a list of bot kinds ({', '.join(BOT_KINDS)})")
    player = request.player
    if len(bots) + (player is not None) > seats:
        raise BadRequest(f"bots: {len(bots)} bots and you do not fit in {seats} seats")
    # 100 big blinds (in an ante game, 100 small bets... of its big bet); a mix: the most
    big = max(
        stakes[g.id].big_bet if g.forced is Forced.ANTE else stakes[g.id].big_blind
        for g in mix.games
    )
    buy_in = 100 * big if request.buy_in is None else request.buy_in
    if not 2 * big <= buy_in <= MAX_CHIPS:
        raise BadRequest(
            f"buy_in: a whole number of chips from {2 * big:,} to {MAX_CHIPS:,}, not {buy_in!r}"
        )
    try:
        for each in mix.games:
            stakes[each.id].check_buy_in(buy_in, each)
    except SplitpotError as exc:
        raise BadRequest(f"buy_in: {exc}") from None
    clock = config.action_seconds if request.clock is None else request.clock
    if not 0 <= clock <= 3600:
        raise BadRequest(f"clock: seconds per decision, 0 to 3600, not {clock!r}")
    default_name = f"{game.name} table" if not mix.mixed else f"{_mix_name(mix)} table"
    name = request.name or default_name
    if len(name) > 60:
        raise BadRequest("name: the table's name, up to 60 characters")
    options = read_options(request.options)
    # A mix's options need only suit one of its games: a hand plays each draw's smaller limit.
    refusals = []
    for each in mix.games:
        try:
            options.check_game(each)
        except SplitpotError as exc:
            refusals.append(exc)
    if len(refusals) == len(mix.games):
        raise BadRequest(f"options: {refusals[0]}")
    table = WebTable(
        id=table_id, name=" ".join(name.split()), game=game,
        structure=mix.structure_of(game), stakes=stakes[game.id],
        stakes_text=stakes_text.strip(), buy_in=buy_in, clock=float(clock),
        seats=[Seat() for _ in range(seats)], created=utc_now(), config=config,
        options=options, mix=mix, host=_host(request),
    )  # fmt: skip
    _buy_in_range(table, request)
    every = request.bomb_pot_every or 0
    ante = request.bomb_ante if request.bomb_ante is not None else 2 * big
    bomb_check(mix.games, every, ante)
    table.host.bomb_every, table.host.bomb_ante = every, ante
    start = 1 if player is not None else 0
    for offset, kind in enumerate(bots):
        table.seat_bot(start + offset, kind)
    if player is None:  # the creator hosts from a token of their own
        token = secrets.token_urlsafe(24)
        table.host.host_hash = token_digest(token)
        return table, None, token
    seat, token = table.join(player, 0)
    return table, seat, token


def _host(request: CreateTable) -> HostState:
    """The host's settings the request asks for: a private table is approved by its host
    unless ``seating`` says otherwise; ``time_bank`` 0 to 600 seconds (none: no bank)."""
    seating = request.seating or ("approve" if request.private else "anyone")
    if seating not in SEATINGS:
        raise BadRequest(f"seating: anyone or approve, not {seating!r}")
    bank = 0.0 if request.time_bank is None else request.time_bank
    if not 0 <= bank <= MAX_TIME_BANK:
        raise BadRequest(f"time_bank: seconds, 0 to 600, not {bank!r}")
    password = request.password
    return HostState(
        seating=seating, private=request.private, time_bank=float(bank),
        password=hash_password(check_password_text(password)) if password else None,
    )  # fmt: skip


def _buy_in_range(table: WebTable, request: CreateTable) -> None:
    """``min_buy_in`` and ``max_buy_in`` (by default half the buy-in, and the buy-in)."""
    low = request.min_buy_in or max(1, table.buy_in // 2)
    high = request.max_buy_in or table.buy_in
    if not 1 <= low <= table.buy_in <= high <= 10**9:
        raise BadRequest(
            f"min_buy_in and max_buy_in: the buy-in ({table.buy_in}) must lie between them, "
            f"not {low} to {high}"
        )
    table.min_buy_in, table.max_buy_in = low, high


def _mix(request: CreateTable) -> Mix:
    """The games the request asks for: ``game`` (with ``structure``), or ``games`` with
    ``mixed``, ``hands_per_game`` and ``structures``."""
    if request.games is None:
        for key in ("mixed", "hands_per_game", "structures"):
            if getattr(request, key) is not None:
                raise BadRequest(f"{key}: only for a mixed table (give games, two or more)")
        if request.game is None:
            raise BadRequest("game: name a game (GET /api/games lists them)")
        try:
            game = find_game(request.game)
        except SplitpotError as exc:
            raise BadRequest(f"game: {exc}") from None
        try:
            structure = check_structure(game, request.structure)
        except (SplitpotError, ValueError) as exc:
            raise BadRequest(f"structure: {exc}") from None
        return Mix(games=(game,), structures={game.id: structure})
    if request.game is not None:
        raise BadRequest("game: give one game, or games for a mixed table, not both")
    if request.structure is not None:
        raise BadRequest("structure: a mixed table gives each game's in structures")
    if len(request.games) < 2:
        raise BadRequest("games: a mixed table needs two or more games (or give game)")
    try:
        games = tuple(find_game(name) for name in request.games)
    except SplitpotError as exc:
        raise BadRequest(f"games: {exc}") from None
    mode = next((m for m in MIXED_MODES if m == (request.mixed or "rotation")), None)
    if mode is None:
        raise BadRequest(f"mixed: {request.mixed!r}: use {' or '.join(MIXED_MODES)}")
    hands = request.hands_per_game
    if hands is not None and not 1 <= hands <= MAX_HANDS_PER_GAME:
        raise BadRequest(f"hands_per_game: 1 to {MAX_HANDS_PER_GAME} hands, not {hands!r}")
    given: dict[str, Structure] = {}
    for name, wanted in (request.structures or {}).items():
        try:
            game = find_game(name)
            chosen = check_structure(game, wanted)
        except SplitpotError as exc:
            raise BadRequest(f"structures: {exc}") from None
        if game not in games:
            raise BadRequest(f"structures: {game.name} is not one of the games")
        given[game.id] = chosen
    try:
        return Mix(games=games, mode=mode, hands_per_game=hands, structures=given)
    except SplitpotError as exc:
        raise BadRequest(f"games: {exc}") from None


def _mix_name(mix: Mix) -> str:
    """A mix's name: a preset's when its games are a preset's, else the games' names."""
    ids = tuple(g.id for g in mix.games)
    for preset in MIXES:
        if preset.games == ids and preset.mixed == mix.mode:
            return preset.name
    names = " / ".join(g.name for g in mix.games)
    return names if len(names) <= 40 else f"{len(ids)}-game mix"
