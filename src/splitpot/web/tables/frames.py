"""The messages a table sends, built from its state: the lobby's summary and each connection's
``state`` (the hand as that seat sees it, :meth:`Hand.view`), so no message carries another
seat's hole cards before they are shown, the deck, or a Doogie declaration before the reveal.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from splitpot.describe import current_hand_line, draw_words, hand_log, street_label
from splitpot.engine.events import Event, Shown
from splitpot.engine.hand import Hand
from splitpot.engine.stud import up_cards
from splitpot.web.tables.host import host_json, request_json
from splitpot.web.tables.saving import SAVE_PAUSED
from splitpot.web.tables.views import draws_now, legal_json, mix_json, side_pots

if TYPE_CHECKING:
    from splitpot.web.tables.state import WebTable

__all__ = ["state_for", "summary"]


def summary(table: WebTable) -> dict[str, Any]:
    """The table for the lobby (no secrets)."""
    return {
        **table_json(table),
        "seats": [
            {
                "seat": i,
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot,
                "stack": s.stack,
                "connected": s.kind == "bot" or table.connected.get(i, 0) > 0,
            }
            for i, s in enumerate(table.seats)
        ],
        "open_seats": sum(1 for s in table.seats if s.kind == "open"),
        "in_hand": table.hand is not None,
        "created": table.created,
    }


def state_for(table: WebTable, seat: int | None, viewer: str | None = None) -> dict[str, Any]:
    """The ``state`` message for a connection of ``seat`` (``None``: a watcher) whose token
    digest is ``viewer`` (the host and a person waiting for a seat see their own part)."""
    hand = table.hand
    mine = table.hand_seat(seat)
    events = hand.view(mine) if hand is not None else []
    to_act = table.to_act()
    return {
        "type": "state",
        "version": table.version,
        "you": seat,
        "table": table_json(table),
        "seats": _seat_entries(table, mine, events, to_act),
        "hand": None if hand is None else _hand_json(table, hand, mine, events, to_act),
        "last_result": table.last_result,
        "log": table.last_log,
        "notice": SAVE_PAUSED if table.save_failed is not None else table.notice,
        "save_failed": table.save_failed is not None,
        "waiting": table.waiting(),
        "choice": _choice_json(table),
        "host": host_json(table, viewer),
        "request": request_json(table, viewer),
    }


def _seat_entries(
    table: WebTable, mine: int | None, events: list[Event], to_act: int | None
) -> list[dict[str, Any]]:
    """Each seat as ``state`` shows it to the viewer in hand seat ``mine``."""
    hand = table.hand
    shown = {e.seat: [str(c) for c in e.cards] for e in events if isinstance(e, Shown)}
    up = up_cards(events, len(hand.stacks)) if hand is not None else []  # stud: public
    drew = draws_now(events)
    seats = []
    for index, info in enumerate(table.seats):
        entry: dict[str, Any] = {
            "seat": index, "kind": info.kind, "name": info.name, "bot": info.bot,
            "connected": info.kind == "bot" or table.connected.get(index, 0) > 0,
            "sitting_out": info.sitting_out, "stack": info.stack, "bet": 0,
            "in_hand": False, "folded": False, "all_in": False,
            "button": index == table.button, "to_act": index == to_act, "cards": None,
            "card_count": 0, "shown": False, "declared": False, "drew": None,
            "drew_text": None, "time_bank": round(info.bank, 1), "up": [],
        }  # fmt: skip
        at = table.hand_seat(index)
        if hand is not None and at is not None:
            cards: list[str] | None = None
            if at == mine:
                cards = [str(c) for c in hand.hole[at]]
            if at in shown:
                cards = shown[at]
            entry.update(
                stack=hand.stacks[at], bet=hand.bets[at], in_hand=True,
                folded=hand.folded[at],
                all_in=hand.stacks[at] == 0 and not hand.folded[at],
                cards=cards, card_count=len(hand.hole[at]), shown=at in shown,
                declared=at in hand.declarations,
                up=[] if hand.folded[at] else [str(c) for c in up[at]],  # stud: a fold turns them
            )  # fmt: skip
            if at in drew:
                entry.update(drew=drew[at], drew_text=draw_words(drew[at]))
        seats.append(entry)
    return seats


def table_json(table: WebTable) -> dict[str, Any]:
    """``state``'s ``table`` (and the lobby summary's start): the game, structure, stakes,
    options, hands played and the mix."""
    return {
        "id": table.id,
        "name": table.name,
        "game": {"id": table.game.id, "name": table.game.name, "forced": table.game.forced.value},
        "structure": table.structure.value,
        "stakes": table.stakes.to_json(),
        "stakes_text": table.stakes_text,
        "buy_in": table.buy_in,
        "clock": table.clock,
        "hands_played": table.hands_played,
        "options": table.options.to_json(),
        "min_buy_in": table.min_buy_in,
        "max_buy_in": table.max_buy_in,
        **table.host.settings(),
        **table.games.to_json(),
        "mix": mix_json(table),
    }


def _choice_json(table: WebTable) -> dict[str, Any] | None:
    """``state``'s ``choice``: the dealer's-choice pick under way, if any."""
    if table.choosing is None:
        return None
    ends = table.choice_deadline
    return {
        "seat": table.choosing,
        "games": [{"id": g.id, "name": g.name} for g in table.games.games],
        "clock": None if ends is None else round(max(0.0, ends - time.time()), 1),
        "deadline": None if ends is None else int(ends * 1000),
    }


def _hand_json(
    table: WebTable, hand: Hand, mine: int | None, events: list[Event], to_act: int | None
) -> dict[str, Any]:
    """``state``'s ``hand``: the hand under way as the viewer in hand seat ``mine`` sees it."""
    legal = hand.legal_actions()
    clock = None if table.deadline is None else max(0.0, table.deadline - time.time())
    return {
        "number": table.hands_played + 1,
        "phase": hand.phase,
        "street": street_label(hand),
        "board": [str(c) for c in hand.board],
        "pot": hand.pot,
        "pots": side_pots(hand, table.hand_seats),
        "to_act": to_act,
        "clock": None if clock is None else round(clock, 1),
        "deadline": None if table.deadline is None else int(table.deadline * 1000),
        "time_bank": table.bank_started is not None,  # the clock counts the seat's bank
        "my_hand": (  # your hand in words: only in the frame of the seat that holds it
            None if mine is None else current_hand_line(hand.game, hand.hole[mine], hand.board)
        ),
        "legal": (
            legal_json(hand, legal)
            if legal is not None and mine is not None and legal.seat == mine
            else None
        ),
        "log": hand_log(hand, events),
    }
