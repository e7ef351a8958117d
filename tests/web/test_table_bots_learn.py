"""Bots that learn their opponents learn them at the web table too (issue 23): after each
hand every bot seat is shown the hand from its seat, as at ``splitpot match``
(``splitpot.bots.ring.observe_seat``), with no card it may not see (mucked hands stay
hidden); a bot that fails to observe costs one log line and the table goes on."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.bots.base import SeatView
from splitpot.bots.caller import CallerBot
from splitpot.bots.expert import ExpertBot
from splitpot.engine.events import Event
from splitpot.web.tables.state import WebTable

from .test_tables import allowed_cards, cards_in, client, create
from .test_tables_real import watch

__all__ = ["client"]  # (the fixture, imported for these tests)


class RecordingExpert(ExpertBot):
    """An expert that keeps each view it observed, with the table's full log of that hand."""

    def __init__(self, table: WebTable) -> None:
        super().__init__(random.Random(3), samples=60)
        self.table = table
        self.seen: list[tuple[SeatView, list[Event]]] = []

    def observe(self, view: SeatView) -> None:
        hand = self.table.hand
        assert hand is not None and hand.is_over  # shown when the hand is over, before it goes
        self.seen.append((view, list(hand.events)))
        super().observe(view)


class Clumsy:
    """A bot that plays like a caller and fails whenever it is shown a hand."""

    name = "clumsy"

    def __init__(self) -> None:
        self.caller = CallerBot()
        self.tries = 0

    def act(self, view: SeatView, legal: Any) -> Any:
        return self.caller.act(view, legal)

    def observe(self, view: SeatView) -> None:
        self.tries += 1
        raise RuntimeError("cannot learn")


def table_of(client: TestClient, table_id: str) -> WebTable:
    table: WebTable = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    return table


def test_an_expert_at_a_web_table_learns_each_hand_and_sees_no_hidden_card(
    client: TestClient,
) -> None:
    answer = create(client, game="holdem", bots=["expert", "random", "random"], seats=3,
                    buy_in=200, options={"muck": True})  # fmt: skip
    table_id = answer["table"]["id"]
    table = table_of(client, table_id)
    expert = table.bots[0] = RecordingExpert(table)  # before the first deal
    watch(client, table_id, 25)
    played = table.hands_played
    assert played >= 25
    assert len(expert.seen) >= played - 1  # every finished hand (one may finish as we stop)
    assert expert.model.hands == len(expert.seen)  # the opponent model learnt each of them
    hidden_kept = 0
    for view, events in expert.seen:
        assert len(view.events) == len(events)  # the whole hand, as its seat may see it
        allowed = allowed_cards(events, view.seat)
        seen = cards_in([e.to_json() for e in view.events]) | {
            str(c) for c in (*view.hole, *view.board)
        }
        assert seen <= allowed, f"the bot was shown {sorted(seen - allowed)}"
        for event in events:  # another seat's hole cards, never shown: absent from the view
            if event.kind == "deal_hole" and event.seat != view.seat:
                cards = {str(c) for c in event.secret["cards"]}
                if not cards & allowed:
                    hidden_kept += 1
                    assert not cards & seen
    assert hidden_kept > 0  # folded and mucked hands were there to leak, and did not


def test_a_bot_that_fails_to_observe_does_not_stop_the_table(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    answer = create(client, game="badugi", bots=["caller", "caller"], seats=2)
    table_id = answer["table"]["id"]
    table = table_of(client, table_id)
    clumsy = table.bots[0] = Clumsy()  # type: ignore[assignment]
    with caplog.at_level(logging.WARNING, logger="splitpot.web"):
        watch(client, table_id, 3)
    assert table.hands_played >= 3 and clumsy.tries >= 3
    lines = [r for r in caplog.records if "could not observe" in r.getMessage()]
    assert len(lines) == clumsy.tries
    assert all("\n" not in r.getMessage() and r.exc_info is None for r in lines)
