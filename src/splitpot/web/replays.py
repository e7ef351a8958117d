"""The hand-history viewer's API: stored hands listed, and one hand as a sequence of states.

Routes (see ``docs/web-history.md``):

- ``GET /api/hands?game=&source=&limit=&offset=``: summaries, newest first, with the total;
- ``GET /api/hands/{id}``: one hand for the replayer: its summary, seats and ``steps``;
- ``GET /api/hands/{id}/text``: the readable text history;
- ``GET /api/hands/{id}/phh``: the hand as PHH (not for hands played at the web table).

Every state is computed here by replaying the stored log through the engine
(:class:`~splitpot.engine.hand.Hand`): one step for the dealing that opens the hand, then one
step per action with the events it caused (a call that closes a round also deals the next
street). The page only draws what it is given.

Hidden information: a hand whose source is ``web`` was played at the web table by real people,
so it is answered as an onlooker sees it: a seat's hole cards appear only once shown at the
showdown; the deck, discards, folded hands and Doogie declarations (before the reveal) never
appear. With ``?token=T``, when ``app.state.tables.seat_in_hand(hand_id, T)`` names a seat, that
seat's own cards are visible too. Hands from other sources (simulate, match, play, import) are
the local user's own: the whole log is shown, every hole card included.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from splitpot.cards import Card
from splitpot.describe import hand_log, pots_text, run_rows, settlement_rows, street_label
from splitpot.engine.events import (
    ACTION_KINDS,
    Declared,
    Event,
    Revealed,
    Shown,
    SvitenFaceUp,
    action_of,
    view,
)
from splitpot.engine.hand import Hand
from splitpot.errors import LogError, SplitpotError
from splitpot.games import GAMES, find_game
from splitpot.history.phh import export_phh, export_text
from splitpot.history.store import (
    SOURCES,
    HandNotFoundError,
    HandSummary,
    HistoryError,
    HistoryStore,
    StoredHand,
)
from splitpot.web.util import BadRequest

__all__ = ["DEFAULT_LIMIT", "MAX_LIMIT", "ROUTES", "build_replay", "visibility"]

DEFAULT_LIMIT: Final = 25
MAX_LIMIT: Final = 500
_MAX_ID: Final = 2**63 - 1  # SQLite's largest INTEGER
_DIGITS: Final = re.compile(r"[0-9]{1,40}")

Viewer = int | None | str
"""Who looks at a hand: ``"all"`` (the whole log), a seat index, or ``None`` (an onlooker)."""
ALL: Final = "all"


# ---------------------------------------------------------------------- request helpers


def _store(request: Request) -> HistoryStore:
    store = getattr(request.app.state, "history", None)
    if not isinstance(store, HistoryStore):
        raise BadRequest("the hand history is not open (the server is starting or stopping)", 503)
    return store


def _hand_id(request: Request) -> int:
    text = str(request.path_params.get("hand_id", ""))
    if not _DIGITS.fullmatch(text):
        raise BadRequest(f"hand id {text[:40]!r} is not a whole number", 400)
    hand_id = int(text)
    if not 1 <= hand_id <= _MAX_ID:
        raise BadRequest(f"no hand {hand_id}", 404)
    return hand_id


def _int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    text = request.query_params.get(name, "").strip()
    if not text:
        return default
    if not _DIGITS.fullmatch(text) or not low <= int(text) <= high:
        raise BadRequest(f"{name}={text[:40]!r}: use a whole number from {low} to {high}")
    return int(text)


def _load(store: HistoryStore, hand_id: int) -> StoredHand:
    try:
        return store.get(hand_id)
    except HandNotFoundError:
        raise BadRequest(f"no hand {hand_id}", 404) from None
    except HistoryError as exc:
        raise BadRequest(str(exc), 422) from None
    except LogError as exc:  # a stored event that is not one (a damaged store)
        raise BadRequest(f"hand {hand_id} cannot be replayed: {exc}", 422) from None


async def visibility(request: Request, stored: HandSummary) -> Viewer:
    """Who the request may see the hand as: everything for hands that are not ``web``; for
    ``web`` hands the seat that ``?token=`` opens (through
    ``app.state.tables.seat_in_hand(hand_id, token)``, when the table manager has that method),
    else an onlooker (``None``)."""
    if stored.source != "web":
        return ALL
    token = request.query_params.get("token", "")
    if not token:
        return None
    tables = getattr(request.app.state, "tables", None)
    seat_in_hand = getattr(tables, "seat_in_hand", None)
    if not callable(seat_in_hand):  # the table manager does not know tokens (yet)
        return None
    try:
        seat = seat_in_hand(stored.id, token)
        if inspect.isawaitable(seat):
            seat = await seat
    except Exception:  # a token that cannot be checked opens nothing
        return None
    if isinstance(seat, bool) or not isinstance(seat, int):
        return None
    return seat if 0 <= seat < len(stored.players) else None


# ---------------------------------------------------------------------- listing


def _game_param(request: Request) -> str | None:
    text = request.query_params.get("game", "").strip()
    if not text:
        return None
    try:
        return find_game(text).id
    except SplitpotError:
        raise BadRequest(f"game {text[:40]!r}: use one of {', '.join(GAMES)}") from None


def _source_param(request: Request) -> str | None:
    text = request.query_params.get("source", "").strip()
    if not text:
        return None
    if text not in SOURCES:
        raise BadRequest(f"source {text[:40]!r}: use one of {', '.join(SOURCES)}")
    return text


def _page(
    store: HistoryStore, game: str | None, source: str | None, limit: int, offset: int
) -> tuple[list[HandSummary], int]:
    hands = store.list(limit, offset, game, source=source)
    return hands, store.count(game, source=source)


def _summary_json(summary: HandSummary) -> dict[str, Any]:
    out = summary.to_json()
    spec = GAMES.get(summary.game)
    out["game_name"] = spec.name if spec else summary.game
    return out


async def list_hands(request: Request) -> Response:
    """``GET /api/hands``: summaries, newest first, and the total for paging."""
    store = _store(request)
    game, source = _game_param(request), _source_param(request)
    limit = _int_param(request, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT)
    offset = _int_param(request, "offset", 0, 0, _MAX_ID)
    try:
        hands, total = await run_in_threadpool(_page, store, game, source, limit, offset)
    except HistoryError as exc:
        raise BadRequest(str(exc), 503) from None
    return JSONResponse(
        {
            "hands": [_summary_json(h) for h in hands],
            "total": total,
            "limit": limit,
            "offset": offset,
            "game": game,
            "source": source,
            "games": [{"id": spec.id, "name": spec.name} for spec in GAMES.values()],
            "sources": list(SOURCES),
        }
    )


# ---------------------------------------------------------------------- one hand


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


@dataclass
class _Seen:
    """What the viewer has seen so far of each seat: shown cards, declarations, mucked cards."""

    count: int
    shown: dict[int, list[str]] = field(default_factory=dict)
    declared: set[int] = field(default_factory=set)
    ways: dict[int, str] = field(default_factory=dict)
    mucked: dict[int, list[str]] = field(default_factory=dict)


def _sees(viewer: Viewer, seat: int) -> bool:
    return viewer == ALL or (isinstance(viewer, int) and viewer == seat)


def _seen_event(viewer: Viewer, event: Event) -> Event:
    if viewer == ALL:
        return event
    assert viewer is None or isinstance(viewer, int)
    return event.for_seat(viewer)


def _lines(hand: Hand, events: Sequence[Event], viewer: Viewer, board: int) -> list[str]:
    """The log lines of ``events`` as ``viewer`` sees them (``board``: cards dealt before)."""
    return hand_log(hand, [_seen_event(viewer, event) for event in events], board)


def _absorb(seen: _Seen, hand: Hand, events: Sequence[Event], viewer: Viewer) -> None:
    by_name = {name: seat for seat, name in enumerate(hand.names)}
    for event in events:
        if isinstance(event, Shown):
            seen.shown[event.seat] = _cards(event.cards)
        elif isinstance(event, Declared):
            seen.declared.add(event.seat)
            mine = _seen_event(viewer, event)
            if isinstance(mine, Declared) and mine.way is not None:
                seen.ways[event.seat] = mine.way
        elif isinstance(event, Revealed):
            for name, way in event.declarations.items():
                seen.ways[by_name[name]] = str(way)


def _seat_cards(hand: Hand, seen: _Seen, seat: int, viewer: Viewer) -> Sequence[str | None]:
    if seat in seen.shown:
        return list(seen.shown[seat])
    if hand.folded[seat]:
        return list(seen.mucked.get(seat, [])) if _sees(viewer, seat) else []
    if _sees(viewer, seat):
        return _cards(hand.hole[seat])
    return [None] * len(hand.hole[seat])


def _face_up(hand: Hand, events: Sequence[Event]) -> dict[str, Any] | None:
    """Sviten Special's face-up card waiting for keep or reject (public)."""
    if hand.phase != "sviten" or hand.to_act is None:
        return None
    for event in reversed(events):
        if isinstance(event, SvitenFaceUp):
            return {"seat": event.seat, "card": str(event.card)}
    return None  # pragma: no cover - the engine logs sviten_up before the sviten phase


def _state(hand: Hand, seen: _Seen, viewer: Viewer, events: Sequence[Event]) -> dict[str, Any]:
    over = hand.is_over
    bets = list(hand.bets)
    return {
        "board": _cards(hand.board),
        "pot": 0 if over else hand.pot - sum(bets),
        "pot_total": 0 if over else hand.pot,
        "pots": None if over else pots_text(hand),
        "to_act": hand.to_act,
        "phase": hand.phase,
        "street": street_label(hand),
        "face_up": _face_up(hand, events),
        "seats": [
            {
                "stack": hand.stacks[seat],
                "bet": bets[seat],
                "folded": hand.folded[seat],
                "all_in": not hand.folded[seat] and hand.stacks[seat] == 0 and not over,
                "cards": list(_seat_cards(hand, seen, seat, viewer)),
                "card_count": len(hand.hole[seat]),
                "shown": seat in seen.shown,
                "declared": seat in seen.declared,
                "declaration": seen.ways.get(seat),
            }
            for seat in range(len(hand.names))
        ],
    }


def _settlement(hand: Hand) -> dict[str, Any]:
    """Who won what: the settlement's rows (the table's result shows the same rows and words),
    each seat's payout and net, and Doogie's declarations."""
    count = len(hand.names)
    seat_of = {name: seat for seat, name in enumerate(hand.names)}
    out: dict[str, Any] = {
        "uncontested": hand.result is None,
        "awards": settlement_rows(hand, seat_of),
        "payouts": [hand.payouts.get(seat, 0) for seat in range(count)],
        "net": [hand.stacks[s] - hand.starting_stacks[s] for s in range(count)],
        "runs": run_rows(hand, seat_of),  # a hand run twice: each run (awards: run one's)
    }
    if hand.result is not None:
        ways = hand.result.declarations
        out["declarations"] = {str(seat_of[n]): w for n, w in ways.items()} if ways else None
    return out


def _start(events: Sequence[Event]) -> tuple[Hand, list[int]]:
    """The hand as dealt (every event before the first action), and where each action is."""
    # A show is a decision only with the muck option; without it the dealer shows every hand.
    decided = bool(events and events[0].data.get("options", {}).get("muck"))
    cuts = [
        index
        for index, event in enumerate(events)
        if event.kind in ACTION_KINDS and (event.kind != "show" or decided)
    ]
    opening = events[: cuts[0]] if cuts else events
    return Hand.replay(opening), cuts


def build_replay(
    stored: StoredHand, viewer: Viewer, notes: Mapping[int, str] | None = None
) -> dict[str, Any]:
    """The hand with id ``stored.id`` as the replayer's JSON, as ``viewer`` may see it.
    ``notes`` (event index -> text: a bot's reason for its action) go to the steps of those
    actions as ``note`` (``null`` elsewhere).

    Raises :class:`~splitpot.errors.LogError` when the stored log does not replay."""
    events = stored.events
    hand, cuts = _start(events)
    count = len(hand.names)
    seen = _Seen(count)
    bounds = [0, *cuts, len(events)]
    steps: list[dict[str, Any]] = []
    board = 0
    for number in range(len(bounds) - 1):
        begin, end = bounds[number], bounds[number + 1]
        chunk = events[begin:end]
        actor: int | None = None
        if number:
            action = chunk[0]
            actor = action.seat
            before = len(hand.events)
            if action.kind == "fold" and action.seat is not None and action.seat < count:
                # the folded cards go to the muck: only their owner (or a full view) sees them
                seen.mucked[action.seat] = _cards(hand.hole[action.seat])
            replayed = action_of(action)
            assert replayed is not None
            hand.apply(replayed, seat=action.seat)
            mine = [e.to_json() for e in hand.events[before:]]
            if mine != [e.to_json() for e in chunk]:
                raise LogError(f"the log does not replay: events {begin} to {end - 1} differ")
        lines = _lines(hand, chunk, viewer, board)
        board = len(hand.board)
        _absorb(seen, hand, chunk, viewer)
        step = _state(hand, seen, viewer, hand.events)
        step.update(
            {
                "n": number,
                "actor": actor,
                "lines": lines,
                "settlement": _settlement(hand) if hand.is_over else None,
                "note": notes.get(begin) if notes and number else None,
            }
        )
        steps.append(step)
    if not hand.is_over or len(hand.events) != len(events):
        raise LogError("the log does not replay: the hand does not end where the log ends")
    spec = hand.game
    return {
        "hand": _summary_json(stored),
        "game": {
            "id": spec.id,
            "name": spec.name,
            "hole_cards": spec.hole_cards,
            "board_cards": spec.board_cards,
            "declare": spec.declare,
            "awards": [{"name": a.name, "label": a.label} for a in spec.awards],
        },
        "structure": hand.structure.value,
        "stakes": hand.stakes.to_json(),
        "bomb_pot": hand.options.bomb_ante or None,  # a bomb pot's ante (docs/rules.md)
        "button": hand.button,
        "seats": [
            {"seat": seat, "name": name, "stack": hand.starting_stacks[seat]}
            for seat, name in enumerate(hand.names)
        ],
        "view": "all" if viewer == ALL else ("onlooker" if viewer is None else "seat"),
        "you": viewer if isinstance(viewer, int) else None,
        "final_stacks": list(hand.stacks),
        "steps": steps,
    }


def _replay_or_refuse(
    stored: StoredHand, viewer: Viewer, notes: Mapping[int, str] | None = None
) -> dict[str, Any]:
    try:
        return build_replay(stored, viewer, notes)
    except (SplitpotError, KeyError, TypeError, ValueError, IndexError, AssertionError) as exc:
        raise BadRequest(f"hand {stored.id} cannot be replayed: {exc}", 422) from None


async def get_hand(request: Request) -> Response:
    """``GET /api/hands/{id}``: the hand for the viewer and the replayer."""
    store, hand_id = _store(request), _hand_id(request)
    stored = await run_in_threadpool(_load, store, hand_id)
    viewer = await visibility(request, stored)
    notes = await run_in_threadpool(store.notes, hand_id)
    return JSONResponse(await run_in_threadpool(_replay_or_refuse, stored, viewer, notes))


def _text(stored: StoredHand, viewer: Viewer) -> str:
    events: Sequence[Event] = stored.events
    if viewer != ALL:
        assert viewer is None or isinstance(viewer, int)
        events = view(events, viewer)
    try:
        return export_text(events, stored.id) + "\n"
    except (SplitpotError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadRequest(f"hand {stored.id} cannot be written as text: {exc}", 422) from None


async def hand_text(request: Request) -> Response:
    """``GET /api/hands/{id}/text``: the readable text history (as the request may see it)."""
    store, hand_id = _store(request), _hand_id(request)
    stored = await run_in_threadpool(_load, store, hand_id)
    viewer = await visibility(request, stored)
    return PlainTextResponse(await run_in_threadpool(_text, stored, viewer))


def _phh(stored: StoredHand) -> str:
    try:
        return export_phh(stored.events, hand=stored.id, started=stored.started)
    except SplitpotError as exc:
        raise BadRequest(f"hand {stored.id} cannot be written as PHH: {exc}", 422) from None


async def hand_phh(request: Request) -> Response:
    """``GET /api/hands/{id}/phh``: PHH text; refused (403) for hands played at the web table,
    since PHH carries every seat's hole cards."""
    store, hand_id = _store(request), _hand_id(request)
    stored = await run_in_threadpool(_load, store, hand_id)
    if stored.source == "web":
        raise BadRequest(
            "PHH carries every seat's hole cards: a hand played at the web table is not exported "
            "(the text history shows it as you may see it)",
            403,
        )
    text = await run_in_threadpool(_phh, stored)
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'inline; filename="hand-{hand_id}.phh"'}
    )


ROUTES: list[BaseRoute] = [
    Route("/api/hands", list_hands, methods=["GET"]),
    Route("/api/hands/{hand_id}", get_hand, methods=["GET"]),
    Route("/api/hands/{hand_id}/text", hand_text, methods=["GET"]),
    Route("/api/hands/{hand_id}/phh", hand_phh, methods=["GET"]),
]
