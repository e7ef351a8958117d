"""The host's forced bets (issue 23): ``set_options`` with ``straddle`` and ``bb_ante`` changes
the table's stakes from the next hand (docs/rules.md "Betting", docs/web-protocol.md "Host
commands"); a bad value is refused with its reason and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.engine.events import Posted
from splitpot.engine.options import Stakes
from splitpot.errors import GameSpecError

from .test_table_host import state_of, stored
from .test_tables import Player, client, create, my_turn

__all__ = ["client"]  # (the fixture, imported for these tests)


def between_hands(ann: Player) -> dict[str, Any]:
    """Pause, fold Ann's hand (the bots play it out) and return the state between hands."""
    ann.until(my_turn(ann))
    ann.send({"type": "pause"})
    ann.send({"type": "act", "action": {"kind": "fold"}})
    return ann.until(lambda m: m["type"] == "state" and m["hand"] is None)


def test_the_host_sets_a_straddle_and_a_big_blind_ante_and_the_next_hand_posts_them(
    client: TestClient,
) -> None:
    answer = create(client, game="drawmaha", player="Ann", bots=["caller", "caller"], seats=3)
    table_id = answer["table"]["id"]
    assert answer["table"]["stakes_text"] == "1/2" and answer["table"]["buy_in"] == 200
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        between_hands(ann)
        before = json.dumps(state_of(ann))
        row = stored(client, table_id)
        refusals = {
            (("bb_ante", -1),): "bb_ante: a whole number of chips (0: none), not -1",
            (("bb_ante", "2"),): "bb_ante: a whole number of chips (0: none), not '2'",
            (("bb_ante", True),): "bb_ante: a whole number of chips (0: none), not True",
            (("straddle", "yes"),): "straddle: true or false, not 'yes'",
            (("bb_ante", 10**6 + 1),): (
                "bb_ante: stakes: the ante is 1,000,001 chips; a blind, ante or bet is at most "
                "1,000,000 chips"
            ),
            (("bb_ante", 199),): (
                "bb_ante: the buy-in 200: smaller than the ante and big blind a seat posts "
                "(201 chips)"
            ),
            (("straddle", True), ("bb_ante", 197)): (
                "straddle and bb_ante: the buy-in 200: smaller than the ante and big blind a "
                "seat posts (201 chips)"
            ),
        }
        for fields, message in refusals.items():
            ann.send({"type": "set_options", **dict(fields)})
            error = ann.until(lambda m: m["type"] == "error")
            assert error["message"] == message and error["request"] == "set_options"
        assert json.dumps(state_of(ann)) == before  # byte-identical: not even the version
        assert stored(client, table_id) == row
        ann.send({"type": "set_options", "straddle": True, "bb_ante": 2})
        changed = ann.until(lambda m: m["type"] == "state" and "straddle" in m["table"]["stakes"])
        table = changed["table"]
        assert table["stakes_text"] == "1/2 bb-ante 2 straddle"
        assert table["stakes"] | {} == {
            "small_blind": 1, "big_blind": 2, "ante": 2, "small_bet": 2, "big_bet": 4,
            "ante_rule": "big-blind", "straddle": 4,
        }  # fmt: skip
        ann.send({"type": "resume"})
        dealt = ann.until(lambda m: m["type"] == "state" and m["hand"] is not None)
        hand = client.app.state.tables.get(table_id).hand  # type: ignore[attr-defined]
        posted = [(e.blind, e.amount) for e in hand.events if isinstance(e, Posted)]
        assert posted == [("ante", 2), ("small blind", 1), ("big blind", 2), ("straddle", 4)]
        big_blind = next(e.seat for e in hand.events if isinstance(e, Posted) and e.blind == "ante")
        assert big_blind == next(
            e.seat for e in hand.events if isinstance(e, Posted) and e.blind == "big blind"
        )
        assert dealt["hand"]["pot"] == 9
        assert any(line.endswith("posts straddle 4") for line in dealt["hand"]["log"])
        # and back: no straddle, no ante, from the hand after
        ann.send({"type": "pause"})
        while (state_of(ann))["hand"] is not None:
            latest = ann.last
            assert latest is not None
            if latest["hand"]["legal"] is not None:
                ann.send({"type": "act", "action": {"kind": "fold"}})
            ann.until(lambda m: m["type"] == "state")
        ann.send({"type": "set_options", "straddle": False, "bb_ante": 0})
        back = ann.until(lambda m: m["type"] == "state" and m["table"]["stakes_text"] == "1/2")
        assert "straddle" not in back["table"]["stakes"] and back["table"]["stakes"]["ante"] == 0


def test_a_big_blind_ante_is_refused_where_the_stakes_have_another_ante_or_no_blinds(
    client: TestClient,
) -> None:
    every = create(client, game="badugi", player="Ann", stakes="1/2 ante 1", seats=3)
    doogie = create(client, game="doogie", player="Bo", seats=3)
    for answer, fields, message in (
        (every, {"bb_ante": 2}, "bb_ante: the stakes (1/2 ante 1) have an ante from every "
         "player already: a table has one ante"),
        (doogie, {"straddle": True}, "straddle: Doogie is an ante game: every player antes, "
         "with no blinds"),
        (doogie, {"bb_ante": 1}, "bb_ante: Doogie is an ante game: every player antes, "
         "with no blinds"),
    ):  # fmt: skip
        table_id = answer["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
            host = Player(a, 0)
            host.until(lambda m: m["type"] == "state")
            host.send({"type": "set_options", **fields})
            assert host.error() == message
    table_id = every["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={every['token']}") as a:
        host = Player(a, 0)
        host.until(lambda m: m["type"] == "state")
        host.send({"type": "set_options", "bb_ante": 0, "straddle": True})  # 0: no bb-ante
        changed = host.until(
            lambda m: m["type"] == "state" and m["table"]["stakes_text"] != "1/2 ante 1"
        )
        assert changed["table"]["stakes_text"] == "1/2 ante 1 straddle"


@pytest.mark.parametrize(
    "text", ["1/2", "5/10", "1/2/8", "1/2 ante 1", "1/2 bb-ante 2", "1/2 button-ante 3",
             "1/2 bb-ante 2 straddle", "2/5 straddle"],
)  # fmt: skip
def test_stakes_text_is_what_parse_reads(text: str) -> None:
    stakes = Stakes.parse(text)
    assert stakes.text() == text and Stakes.parse(stakes.text()) == stakes


def test_stakes_without_text_say_so() -> None:
    with pytest.raises(GameSpecError, match="these stakes have no text"):
        Stakes(antes=(1, 1)).text()
