"""What a table shows: the games for the lobby, the legal actions with raise presets, the pots,
where the hand is, and a finished hand's result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from splitpot.engine.events import Event
from splitpot.engine.hand import Hand, LegalActions
from splitpot.games.registry import GAMES
from splitpot.games.streets import Forced, Structure
from splitpot.web.rankings import ranking_panel

if TYPE_CHECKING:
    from splitpot.web.tables.state import WebTable

__all__ = ["games_json", "legal_json", "result_json", "side_pots", "street_label"]


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
        "declare": list(legal.declare),
        "turn": len(hand.events),
    }  # fmt: skip
    if legal.phase == "draw":
        out["discard_max"] = min(legal.discard_max, len(legal.hole))
        out["hole"] = [str(c) for c in legal.hole]
    if legal.keep_reject:  # Sviten Special: the face-up card on offer (public)
        shown = [e for e in hand.events if e.kind == "sviten_up" and e.seat == legal.seat]
        out["face_up"] = str(shown[-1].data["card"]) if shown else None
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


def street_label(hand: Hand, events: list[Event]) -> str:
    """Where the hand is: ``Flop betting``, ``Draw 1``, ``Declare``..."""
    phase = hand.phase
    if phase == "declare":
        return "Declare"
    draws = sum(1 for e in events if e.kind == "draw_round")
    if phase in ("draw", "sviten"):
        return f"Draw {draws}" if len(hand.game.draws) > 1 else "Draw"
    if phase == "done":
        return "Showdown"
    if hand.game.board_cards == 5:
        name = {0: "Preflop", 3: "Flop", 4: "Turn", 5: "River"}.get(len(hand.board), "Board")
        return f"{name} betting"
    if hand.game.board_cards:
        return f"Betting ({len(hand.board)} board cards)"
    rounds = sum(1 for e in events if e.kind == "bet_round")
    return f"Betting round {rounds}"


def result_json(table: WebTable, hand: Hand, hand_id: int | None) -> dict[str, Any]:
    """The finished hand's public result: awards, winners (table seats), the cards used."""
    seats = table.hand_seats
    by_name = {name: seats[i] for i, name in enumerate(hand.names)}
    shown: dict[str, list[str]] = {}
    declarations: dict[str, str] = {}
    awards: list[dict[str, Any]] = []
    uncontested = False
    for event in hand.events:
        if event.kind == "show":
            shown[str(seats[event.seat or 0])] = [str(c) for c in event.data["cards"]]
        elif event.kind == "reveal":
            declarations = {str(by_name[n]): w for n, w in event.data["declarations"].items()}
        elif event.kind == "win":
            uncontested = True
            awards.append(
                {"pot": 0, "award": "uncontested", "label": "Uncontested",
                 "amount": event.data["amount"], "winners": [seats[event.seat or 0]],
                 "hand": None, "cards": [[]]}
            )  # fmt: skip
        elif event.kind == "settle":
            for award in event.data["awards"]:
                used = []
                for name in award["winners"]:
                    value = None
                    if hand.result is not None:
                        value = hand.result.hands.get(name, {}).get(award["award"])
                    used.append([] if value is None else [str(c) for c in value.cards])
                awards.append(
                    {
                        "pot": award["pot"], "award": award["award"],
                        "label": hand.game.award(award["award"]).label,
                        "amount": award["amount"],
                        "winners": [by_name[n] for n in award["winners"]],
                        "hand": award.get("hand"), "cards": used,
                    }
                )  # fmt: skip
    start = hand.starting_stacks
    return {
        "number": table.hands_played + 1,
        "hand_id": hand_id,
        "board": [str(c) for c in hand.board],
        "uncontested": uncontested,
        "pot": sum(hand.contributed),
        "awards": awards,
        "payouts": {str(seats[s]): chips for s, chips in hand.payouts.items()},
        "net": {str(seats[i]): hand.stacks[i] - start[i] for i in range(len(seats))},
        "shown": shown,
        "declarations": declarations,
    }
