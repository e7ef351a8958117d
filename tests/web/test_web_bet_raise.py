"""Issue 26: at the table, ``bet`` and ``raise`` both mean "put in more" (docs/web-protocol.md):
a ``raise`` where only a bet is legal, and a ``bet`` where only a raise is, are played."""

from __future__ import annotations

from typing import Any

from .test_tables import Player, create, my_turn

OTHER = {"bet": "raise", "raise": "bet"}


def test_either_word_is_played_where_the_other_is_legal(client: Any) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    path = f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
    played: dict[str, int] = {}
    with client.websocket_connect(path) as ws:
        ann = Player(ws, 0)
        while len(played) < 2:
            state = ann.until(my_turn(ann))
            legal = state["hand"]["legal"]
            more = legal["raise"]
            if legal["phase"] == "draw":
                action: dict[str, Any] = {"kind": "discard", "cards": []}
            elif more is not None and more["kind"] not in played:
                action = {"kind": OTHER[more["kind"]], "amount": more["min"]}
                played[more["kind"]] = more["min"]
            else:
                action = {"kind": "check"} if legal["check"] else {"kind": "call"}
            ann.send({"type": "act", "action": action, "turn": legal["turn"]})
            after = ann.newer_than(state["version"])  # an error on the way fails the test
            if action["kind"] in OTHER:
                assert after["seats"][0]["bet"] == action["amount"], after["hand"]["log"]
                word = "bets" if more["kind"] == "bet" else "raises"
                assert any(f"Ann {word}" in line for line in after["hand"]["log"]), after
    assert set(played) == {"bet", "raise"}
