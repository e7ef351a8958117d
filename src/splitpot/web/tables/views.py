"""What a table shows: the games and mixes for the lobby, the legal actions with raise presets,
the pots, each seat's draw, what a mixed table plays now and next, and a finished hand's
result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from splitpot.describe import MIXED_NAMES, next_game_line, run_rows, settlement_rows
from splitpot.engine.events import Discarded, DrawRound, Event, Revealed, Shown, SvitenFaceUp
from splitpot.engine.hand import Hand, LegalActions
from splitpot.games.registry import GAMES
from splitpot.games.streets import Forced, Structure
from splitpot.web.rankings import ranking_panel

if TYPE_CHECKING:
    from splitpot.web.tables.state import WebTable

__all__ = ["draws_now", "games_json", "legal_json", "mix_json", "result_json", "side_pots"]


def games_json() -> list[dict[str, Any]]:
    """The games a table can deal, for the lobby (with each award's ranking panel)."""
    out = []
    for game in GAMES.values():
        out.append(
            {
                "id": game.id,
                "name": game.name,
                "summary": game.summary,
                "hole_cards": game.hole_cards,
                "board_cards": game.board_cards,
                "max_players": game.max_players,
                "structures": [s.value for s in game.structures],
                "structure": game.structure.value,
                "forced": "ante" if game.forced is Forced.ANTE else "blinds",
                "declare": game.declare,
                "reference": game.reference,
                "draws": [d.max_discard for d in game.draws],
                "awards": [
                    {
                        "name": a.name,
                        "label": a.label,
                        "qualifier": None if a.qualifier is None else a.qualifier.name,
                    }
                    for a in game.awards
                ],
                "ranking": ranking_panel(game),
            }
        )
    return out


def legal_json(hand: Hand, legal: LegalActions) -> dict[str, Any]:
    """What the seat to act may do, with raise presets (Pot: the true pot-limit maximum)."""
    out: dict[str, Any] = {
        "phase": legal.phase, "fold": legal.fold, "check": legal.check, "call": legal.call,
        "raise": None, "discard_max": 0, "hole": [], "keep_reject": legal.keep_reject,
        "declare": list(legal.declare), "show": legal.show, "muck": legal.muck,
        "runs": legal.runs, "bring_in": legal.bring_in, "turn": len(hand.events),
    }  # fmt: skip
    if legal.phase == "draw":
        out["discard_max"] = min(legal.discard_max, len(legal.hole))
        out["hole"] = [str(c) for c in legal.hole]
    if legal.keep_reject:  # Sviten Special: the face-up card on offer (public)
        shown = [e for e in hand.events if isinstance(e, SvitenFaceUp) and e.seat == legal.seat]
        out["face_up"] = str(shown[-1].card) if shown else None
    bounds = legal.raise_
    if bounds is not None:
        low, high = bounds.min_to, bounds.max_to
        all_in_to = hand.bets[legal.seat] + hand.stacks[legal.seat]
        presets: list[dict[str, Any]] = []
        if hand.structure is not Structure.FIXED_LIMIT and low < high:
            current = max(hand.bets)
            call = current - hand.bets[legal.seat]
            after_call = hand.pot + call
            candidates = [
                ("Min", low),
                ("½ Pot", current + after_call // 2),
                ("¾ Pot", current + (3 * after_call) // 4),
                ("Pot", bounds.pot_to),
            ]
            if high == all_in_to:
                candidates.append(("All-in", high))
            chosen: dict[int, str] = {}  # raise-to -> label; Pot and All-in win a tie
            for label, to in candidates:
                clamped = min(max(to, low), high)
                if clamped not in chosen or label in ("Pot", "All-in"):
                    chosen[clamped] = label
            presets = [{"label": label, "to": to} for to, label in sorted(chosen.items())]
        out["raise"] = {
            "kind": bounds.kind, "min": low, "max": high, "all_in": high == all_in_to,
            "presets": presets,
        }  # fmt: skip
    return out


def side_pots(hand: Hand, seats: list[int]) -> list[dict[str, Any]]:
    """The main pot and side pots from all-in levels, with the table seats that can win each."""
    return [
        {"amount": pot.amount, "eligible": [seats[s] for s in pot.eligible]} for pot in hand.pots()
    ]


def draws_now(events: list[Event]) -> dict[int, int]:
    """How many cards each hand seat drew in the latest draw (public: a count, never cards),
    from that draw until the next begins."""
    out: dict[int, int] = {}
    for event in events:
        if isinstance(event, DrawRound):
            out = {}
        elif isinstance(event, Discarded) and event.seat is not None:
            out[event.seat] = event.count
    return out


def mix_json(table: WebTable) -> dict[str, Any] | None:
    """What a mixed table plays now and next (``None`` with one game): the game now, the hands
    dealt of it and left, the next game (``null`` at dealer's choice) and the line saying it."""
    mix, place = table.games, table.place
    if not mix.mixed:
        return None
    playing = table.hand_seats or table.dealable(watched=True)
    left = place.hands_left(mix, table.button, playing, len(table.seats))
    upcoming = place.upcoming(mix)
    choice = mix.mode == "dealers-choice"
    started = place.hands > 0
    return {
        "mode": mix.mode,
        "mode_name": MIXED_NAMES[mix.mode or ""],
        "now": {"id": table.game.id, "name": table.game.name} if started else None,
        "hand": place.hands,
        "hands_left": left if started else None,
        "next": None if upcoming is None else {"id": upcoming.id, "name": upcoming.name},
        "text": (
            next_game_line(table.game, place.hands, left, upcoming, choice)
            if started
            else "the button chooses the first game"
            if choice
            else f"first game: {table.game.name}"
        ),
    }


def result_json(table: WebTable, hand: Hand, hand_id: int | None) -> dict[str, Any]:
    """The finished hand's public result: its settlement's rows (winners as table seats, the
    cards used, the words: the replayer's rows too), payouts, nets, shown cards, declarations."""
    seats = table.hand_seats
    seat_of = {name: seats[i] for i, name in enumerate(hand.names)}
    shown: dict[str, list[str]] = {}
    declarations: dict[str, str] = {}
    for event in hand.events:
        if isinstance(event, Shown):
            shown[str(seats[event.seat])] = [str(c) for c in event.cards]
        elif isinstance(event, Revealed):
            declarations = {str(seat_of[n]): w for n, w in event.declarations.items()}
    start = hand.starting_stacks
    return {
        "number": table.hands_played + 1,
        "hand_id": hand_id,
        "game": {"id": hand.game.id, "name": hand.game.name},
        "board": [str(c) for c in hand.board],
        "uncontested": hand.result is None,
        "pot": sum(hand.contributed),
        "awards": settlement_rows(hand, seat_of),
        "payouts": {str(seats[s]): chips for s, chips in hand.payouts.items()},
        "net": {str(seats[i]): hand.stacks[i] - start[i] for i in range(len(seats))},
        "shown": shown,
        "declarations": declarations,
        "runs": run_rows(hand, seat_of),  # a hand run twice: each run (awards: run one's)
    }
