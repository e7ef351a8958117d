"""The host's table (issue 23): the creator hosts; host-only commands (approve or refuse a seat
request, remove, pause and resume, set a stack, change the options, pass the role, close),
each refused from anyone else with nothing changed; private tables and their passwords; a
rebuy of a chosen amount; the time bank. See docs/web-protocol.md "Host commands"."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from splitpot.web import create_app
from splitpot.web.tables.host import PASSWORD_TRIES
from splitpot.web.tables.protocol import HOST_TYPES

from .test_tables import Player, client, config, create, my_turn

__all__ = ["client"]  # (the fixture, imported for these tests)

HOST_MESSAGES: dict[str, dict[str, Any]] = {
    "approve": {"request": 1},
    "refuse": {"request": 1},
    "remove": {"seat": 1},
    "pause": {},
    "resume": {},
    "set_stack": {"seat": 1, "stack": 77},
    "set_options": {
        "seating": "anyone",
        "time_bank": 30,
        "options": {"raise_cap": 5, "muck": True, "run_twice": True},
        "straddle": True,
        "bb_ante": 2,
    },
    "bomb_pot": {},
    "pass_host": {"seat": 1},
    "close": {},
}


def passive(legal: dict[str, Any]) -> dict[str, Any]:
    if legal["phase"] == "draw":
        return {"kind": "discard", "cards": []}
    return {"kind": "call"} if legal["call"] is not None else {"kind": "check"}


def state_of(player: Player) -> dict[str, Any]:
    """The player's newest state: everything queued is read, up to the answer to a ping."""
    player.send({"type": "state"})
    player.send({"type": "ping"})
    player.until(lambda m: m["type"] == "pong")
    assert player.last is not None
    return player.last


def ledger(client: TestClient, table_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/tables/{table_id}/ledger").json()
    return answer


def stored(client: TestClient, table_id: str) -> tuple[str, str]:
    """The table's stored row (its settings and state), as text."""
    db = client.app.state.tables.store._db  # type: ignore[attr-defined]
    row = db.execute("SELECT config, state FROM web_tables WHERE id = ?", (table_id,)).fetchone()
    return row[0], row[1]


def test_the_host_messages_are_every_host_command_of_the_issue() -> None:
    assert set(HOST_TYPES) == set(HOST_MESSAGES)


def test_every_host_message_from_a_non_host_seat_or_a_watcher_is_refused_and_nothing_changes(
    client: TestClient,
) -> None:
    answer = create(client, game="badugi", player="Ann", seats=4, private=True)
    table_id = answer["table"]["id"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Cy"}).json()
    assert bob["status"] == "waiting"  # a private table: the host approves
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as c,
    ):
        ann, cy = Player(a, 0), Player(c, None)
        ann.until(lambda m: m["type"] == "state")
        cy.until(lambda m: m["type"] == "state")
        ann.send({"type": "pause"})  # a quiet table: no hand is dealt between the two looks
        ann.send({"type": "approve", "request": bob["request"]["id"]})
        seated = cy.until(lambda m: m["type"] == "state" and m["you"] is not None)
        assert seated["you"] == 1 and not seated["host"]["you"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as w:
            watcher = Player(w, None)
            watcher.until(lambda m: m["type"] == "state")
            for who in (cy, watcher):
                before = [json.dumps(state_of(p)) for p in (ann, cy, watcher)]
                row = stored(client, table_id)
                for kind, fields in HOST_MESSAGES.items():
                    who.send({"type": kind, **fields})
                    error = who.until(lambda m: m["type"] == "error")
                    assert error["message"] == f"{kind}: only the table's host may do that"
                    assert error["request"] == kind
                after = [json.dumps(state_of(p)) for p in (ann, cy, watcher)]
                assert after == before  # byte-identical: nothing changed, not even the version
                assert stored(client, table_id) == row


def test_a_private_table_is_not_in_the_lobby_but_its_link_opens_it(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", private=True)
    table_id = answer["table"]["id"]
    listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert table_id not in listed
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["private"] and summary["seating"] == "approve"
    assert not summary["password"]
    public = create(client, game="badugi", player="Ann")
    assert public["table"]["seating"] == "anyone"  # the default for a public table
    assert public["table"]["id"] in [t["id"] for t in client.get("/api/tables").json()["tables"]]


def test_a_password_is_stored_hashed_checked_on_join_and_wrong_tries_are_limited(
    client: TestClient,
) -> None:
    answer = create(
        client, game="badugi", player="Ann", private=True, password="hunter2", seating="anyone"
    )
    table_id = answer["table"]["id"]
    config_text, state_text = stored(client, table_id)
    assert "hunter2" not in config_text + state_text
    assert json.loads(state_text)["host"]["password"].startswith("scrypt$")
    join = f"/api/tables/{table_id}/join"
    missing = client.post(join, json={"player": "Bob"})
    assert missing.status_code == 403 and "needs its password" in missing.json()["error"]
    right = client.post(join, json={"player": "Bob", "password": "hunter2"})
    assert right.status_code == 200 and right.json()["seat"] == 1
    for _ in range(PASSWORD_TRIES - 2):  # (the missing one counted)
        wrong = client.post(join, json={"player": "Eve", "password": "guess"})
        assert wrong.status_code == 403
    refused = client.post(join, json={"player": "Eve", "password": "guess"})
    assert refused.status_code == 403
    limited = client.post(join, json={"player": "Eve", "password": "hunter2"})
    assert limited.status_code == 429  # even the right one, until the oldest try is old
    assert limited.json()["error"].startswith("too many wrong passwords for this table: wait")


def test_the_host_approves_or_refuses_seat_requests_and_the_requester_is_told(
    client: TestClient,
) -> None:
    answer = create(client, game="badugi", player="Ann", seats=3, seating="approve")
    table_id = answer["table"]["id"]
    join = f"/api/tables/{table_id}/join"
    bob = client.post(join, json={"player": "Bob"})
    assert bob.status_code == 202
    eve = client.post(join, json={"player": "Eve"}).json()
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={eve['token']}") as e,
    ):
        ann, eve_player = Player(a, 0), Player(e, None)
        state = ann.until(lambda m: m["type"] == "state")
        assert [r["name"] for r in state["host"]["requests"]] == ["Bob", "Eve"]
        waiting = eve_player.until(lambda m: m["type"] == "state")
        assert waiting["request"]["status"] == "waiting" and waiting["host"]["requests"] == []
        ann.send({"type": "refuse", "request": eve["request"]["id"]})
        told = eve_player.until(
            lambda m: m["type"] == "state" and m["version"] > waiting["version"]
        )
        assert told["request"] == {"status": "refused"} and told["you"] is None
        ann.send({"type": "approve", "request": bob.json()["request"]["id"]})
        seated = ann.until(lambda m: m["type"] == "state" and m["seats"][1]["kind"] == "human")
        assert seated["seats"][1]["name"] == "Bob" and seated["host"]["requests"] == []
        ann.send({"type": "approve", "request": 99})
        assert ann.until(lambda m: m["type"] == "error")["message"] == (
            "no seat request 99 is waiting"
        )
    bob_token = bob.json()["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={bob_token}") as b:
        assert Player(b, 1).until(lambda m: m["type"] == "state")["you"] == 1


def test_the_host_pauses_the_hand_in_progress_finishes_and_no_new_one_is_dealt(
    client: TestClient,
) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        turn = ann.until(my_turn(ann))
        ann.send({"type": "pause"})
        paused = ann.until(lambda m: m["type"] == "state" and m["table"]["paused"])
        assert paused["hand"] is not None  # the hand in progress goes on
        number = turn["hand"]["number"]
        ann.send({"type": "act", "action": {"kind": "fold"}})
        over = ann.until(lambda m: m["type"] == "state" and m["hand"] is None)
        assert over["last_result"]["number"] == number
        assert over["waiting"] == "The host has paused the game"
        time.sleep(0.3)
        again = state_of(ann)
        assert again["hand"] is None and again["table"]["hands_played"] == number
        ann.send({"type": "pause"})
        assert ann.error() == "the table is already paused"
        ann.send({"type": "resume"})
        dealt = ann.until(lambda m: m["type"] == "state" and m["hand"] is not None)
        assert dealt["hand"]["number"] == number + 1 and not dealt["table"]["paused"]


def test_the_host_sets_a_stack_between_hands_with_a_ledger_line_and_the_ledger_sums_to_zero(
    client: TestClient,
) -> None:
    answer = create(client, game="badugi", player="Ann", seats=3)
    table_id = answer["table"]["id"]
    buy_in = answer["table"]["buy_in"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.send({"type": "pause"})  # (alone, Ann is dealt nothing; paused, nor with Bob)
        ann.until(lambda m: m["type"] == "state" and m["table"]["paused"])
        client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"})
        ann.send({"type": "set_stack", "seat": 1, "stack": buy_in + 50})
        changed = ann.until(lambda m: m["type"] == "state" and m["seats"][1]["stack"] != buy_in)
        assert changed["seats"][1]["stack"] == buy_in + 50
        ann.send({"type": "set_stack", "seat": 2, "stack": 10})
        assert ann.error() == "seat 2: nobody sits there"
    view = ledger(client, table_id)
    bob = next(r for r in view["rows"] if r["name"] == "Bob")
    assert bob["adjusted"] == 50 and bob["stack"] == buy_in + 50 and bob["net"] == 0
    assert view["totals"]["net"] == 0
    assert view["changes"][0] | {"at": None} == {
        "by": "Ann", "name": "Bob", "seat": 1, "from": buy_in, "to": buy_in + 50, "at": None,
    }  # fmt: skip
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    assert table.chips_in_play() == table.chips_bought()


def test_the_host_removes_a_player_whose_chips_leave_as_a_cash_out(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", seats=3)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.send({"type": "pause"})
        ann.until(lambda m: m["type"] == "state" and m["table"]["paused"])
        bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"}).json()
        with client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b:
            bob_player = Player(b, 1)
            stack = state_of(ann)["seats"][1]["stack"]
            ann.send({"type": "remove", "seat": 1})
            gone = bob_player.until(
                lambda m: m["type"] == "state" and m["seats"][1]["kind"] == "open"
            )
            assert gone["you"] is None  # Bob watches now
    row = next(r for r in ledger(client, table_id)["rows"] if r["name"] == "Bob")
    assert row["cashed_out"] == stack and not row["seated"]
    assert ledger(client, table_id)["totals"]["net"] == 0
    with client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b:
        assert b.receive_json()["message"] == "that token is not a seat at this table"


def test_the_host_cannot_remove_a_player_during_their_hand(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.until(my_turn(ann))
        ann.send({"type": "remove", "seat": 1})
        assert (
            ann.error() == "Caller bot 2 is in this hand: remove them when it is over (pause first)"
        )


def test_the_host_passes_the_role_and_when_the_host_leaves_the_longest_seated_hosts(
    client: TestClient,
) -> None:
    answer = create(client, game="badugi", player="Ann", seats=4)
    table_id = answer["table"]["id"]
    join = f"/api/tables/{table_id}/join"
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.send({"type": "pause"})
        ann.until(lambda m: m["type"] == "state" and m["table"]["paused"])
        bob = client.post(join, json={"player": "Bob"}).json()
        time.sleep(0.01)
        client.post(join, json={"player": "Cy"})
        with client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b:
            bob_player = Player(b, 1)
            ann.send({"type": "pass_host", "seat": 1})
            passed = bob_player.until(lambda m: m["type"] == "state" and m["host"]["you"])
            assert passed["host"]["seat"] == 1 and passed["host"]["name"] == "Bob"
            ann.send({"type": "resume"})
            assert ann.error() == "resume: only the table's host may do that"
            bob_player.send({"type": "pass_host", "seat": 0})
            back = ann.until(lambda m: m["type"] == "state" and m["host"]["you"])
            assert back["host"]["seat"] == 0
            ann.send({"type": "leave"})
            after = bob_player.until(
                lambda m: m["type"] == "state" and m["seats"][0]["kind"] == "open"
            )
            assert after["host"]["seat"] == 1 and after["host"]["you"]  # Bob sat before Cy


def test_the_host_closes_the_table_it_leaves_the_lobby_and_its_history_stays(
    client: TestClient,
) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.until(my_turn(ann))
        ann.send({"type": "close"})
        assert ann.error().startswith("close between hands")
        ann.send({"type": "pause"})
        ann.send({"type": "act", "action": {"kind": "fold"}})
        over = ann.until(lambda m: m["type"] == "state" and m["last_result"] is not None)
        hand_id = over["last_result"]["hand_id"]
        ann.send({"type": "close"})
        closed = ann.until(lambda m: m["type"] == "state" and m["table"]["closed"])
        assert all(s["kind"] == "open" for s in closed["seats"])
        assert closed["waiting"] == "The table is closed"
    assert table_id not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert client.get(f"/api/tables/{table_id}").json()["closed"]
    assert client.get(f"/api/hands/{hand_id}").status_code == 200
    assert ledger(client, table_id)["totals"]["net"] == 0
    refused = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"})
    assert refused.status_code == 409 and refused.json()["error"] == "the table is closed"


def test_the_host_changes_the_options_between_hands_only(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.until(my_turn(ann))
        ann.send({"type": "set_options", "options": {"raise_cap": 5}})
        assert ann.error().startswith("change the options between hands")
        ann.send({"type": "pause"})
        ann.send({"type": "act", "action": {"kind": "fold"}})
        ann.until(lambda m: m["type"] == "state" and m["hand"] is None)
        ann.send({"type": "set_options", "options": {"raise_cap": 7}})
        assert ann.error().startswith("options:")
        ann.send(
            {"type": "set_options", "options": {"raise_cap": 5}, "private": True,
             "seating": "approve", "time_bank": 20, "max_buy_in": 1000}
        )  # fmt: skip
        changed = ann.until(lambda m: m["type"] == "state" and m["table"]["private"])
        table = changed["table"]
        assert table["options"]["raise_cap"] == 5 and table["seating"] == "approve"
        assert table["time_bank"] == 20 and table["max_buy_in"] == 1000
        assert changed["seats"][0]["time_bank"] == 20


def test_a_rebuy_of_a_chosen_amount_within_the_tables_minimum_and_maximum(
    client: TestClient,
) -> None:
    answer = create(
        client, game="badugi", player="Ann", seats=3, buy_in=200, min_buy_in=100, max_buy_in=400
    )
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.until(lambda m: m["type"] == "state")
        ann.send({"type": "rebuy", "amount": 250})
        assert ann.error() == (
            "rebuy: 250 chips would make your stack 450; the table's buy-in is 100 to 400"
        )
        ann.send({"type": "rebuy", "amount": "x"})
        assert ann.error() == "amount: a whole number of chips, not 'x'"
        ann.send({"type": "rebuy", "amount": 150})
        topped = ann.until(lambda m: m["type"] == "state" and m["seats"][0]["stack"] == 350)
        assert topped["table"]["min_buy_in"] == 100
    row = ledger(client, table_id)["rows"][0]
    assert row["rebuys"] == 150 and row["net"] == 0
    late = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob", "buy_in": 99})
    assert late.status_code == 400 and "from 100 to 400" in late.json()["error"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob", "buy_in": 400})
    assert bob.json()["table"]["seats"][1]["stack"] == 400


def test_the_time_bank_runs_after_the_clock_and_then_the_default_action(tmp_path: Path) -> None:
    with TestClient(create_app(config(tmp_path, action_seconds=0.2))) as app:
        answer = create(app, game="badugi", player="Ann", bots=["caller"], seats=2, time_bank=0.4)
        table_id = answer["table"]["id"]
        with app.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
            ann = Player(a, 0)
            first = ann.until(my_turn(ann))
            assert first["seats"][0]["time_bank"] == 0.4 and not first["hand"]["time_bank"]
            banked = ann.until(
                lambda m: m["type"] == "state" and (m["hand"] or {}).get("time_bank")
            )
            assert 0 < banked["hand"]["clock"] <= 0.4  # the bank counts down
            done = ann.until(lambda m: m["type"] == "state" and m["last_result"] is not None)
            assert done["seats"][0]["sitting_out"] and done["seats"][0]["time_bank"] == 0
            assert any("Ann folds" in line or "Ann checks" in line for line in done["log"])


def test_the_time_bank_refills_by_10_seconds_every_10_hands_up_to_its_start() -> None:
    from splitpot.web.tables.state import Seat, refill_time_banks

    seats = [Seat(kind="human", bank=0.0), Seat(kind="human", bank=55.0), Seat(kind="bot")]
    refill_time_banks(seats, 9, 60.0)
    assert [s.bank for s in seats] == [0.0, 55.0, 0.0]
    refill_time_banks(seats, 10, 60.0)
    assert [s.bank for s in seats] == [10.0, 60.0, 0.0]  # never above the start
    refill_time_banks(seats, 20, 60.0)
    assert seats[0].bank == 20.0


def test_your_hand_in_words_is_in_your_own_frame_only(client: TestClient) -> None:
    from splitpot.cards import parse_cards
    from splitpot.describe import current_hand_line
    from splitpot.games import find_game

    answer = create(client, game="drawmaha", player="Ann", bots=["caller"], seats=2)
    table_id = answer["table"]["id"]
    game = find_game("drawmaha")
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}") as w,
    ):
        ann, watcher = Player(a, 0), Player(w, None)
        state = ann.until(my_turn(ann))
        cards = parse_cards(" ".join(state["seats"][0]["cards"]))
        board = parse_cards(" ".join(state["hand"]["board"])) if state["hand"]["board"] else []
        assert state["hand"]["my_hand"] == current_hand_line(game, cards, board)
        assert state["hand"]["my_hand"].startswith("Omaha high: no hand yet \u00b7 Draw high: ")
        seen = watcher.until(lambda m: m["type"] == "state" and m["hand"] is not None)
        assert seen["hand"]["my_hand"] is None
        # after the flop, the Omaha hand is there too
        while True:
            legal = state["hand"]["legal"]
            if legal["phase"] == "draw":
                action = {"kind": "discard", "cards": []}
            else:
                action = {"kind": "call"} if legal["call"] is not None else {"kind": "check"}
            ann.send({"type": "act", "action": action})
            state = ann.until(lambda m: my_turn(ann)(m) or (m["type"] == "state" and not m["hand"]))
            if state["hand"] is None or state["hand"]["board"]:
                break
        if state["hand"] is not None:
            board = parse_cards(" ".join(state["hand"]["board"]))
            assert state["hand"]["my_hand"] == current_hand_line(game, cards, board)
            assert "no hand yet" not in state["hand"]["my_hand"]


def test_a_drawmaha_table_deals_a_bomb_pot_every_n_hands_and_when_the_host_calls_one(
    client: TestClient,
) -> None:
    answer = create(
        client, game="drawmaha", player="Ann", bots=["caller"], seats=2, bomb_pot_every=2,
        bomb_ante=3,
    )  # fmt: skip
    table_id = answer["table"]["id"]
    assert answer["table"]["bomb_pot_every"] == 2 and answer["table"]["bomb_ante"] == 3
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        first = ann.until(my_turn(ann))
        assert first["hand"]["number"] == 1 and not first["hand"]["board"]  # not a bomb pot
        assert "bomb pot" not in first["hand"]["log"][0]
        ann.send({"type": "act", "action": {"kind": "fold"}})
        second = ann.until(lambda m: my_turn(ann)(m) and m["hand"]["number"] == 2)
        assert len(second["hand"]["board"]) == 3  # the flop at once: no betting before it
        log = second["hand"]["log"]
        assert log[0].endswith(" - bomb pot, ante 3")
        assert [line for line in log if " posts " in line] == [
            "Caller bot 2 posts ante 3",
            "Ann posts ante 3",
        ] or [line for line in log if " posts " in line] == [
            "Ann posts ante 3",
            "Caller bot 2 posts ante 3",
        ]
        assert second["hand"]["pot"] == 6 and second["hand"]["legal"]["check"]
        ann.send({"type": "bomb_pot"})  # the host calls one for the next hand (3)
        state = ann.until(lambda m: m["type"] == "state" and m["table"]["bomb_next"])
        while state["hand"] is None or state["hand"]["number"] == 2:  # hand 2 played out
            if state["hand"] is not None and state["hand"]["legal"] is not None:
                ann.send({"type": "act", "action": passive(state["hand"]["legal"])})
            state = ann.until(lambda m: m["type"] == "state")
        third = state if my_turn(ann)(state) else ann.until(my_turn(ann))
        assert len(third["hand"]["board"]) == 3 and not third["table"]["bomb_next"]
    refused = client.post(
        "/api/tables", json={"game": "badugi", "player": "Bo", "bomb_pot_every": 3}
    )
    assert refused.status_code == 400
    assert refused.json()["error"] == "bomb_pot_every: bomb pots are only for games with a board"


def test_a_host_without_a_seat_sits_down_and_hosts_on(client: TestClient) -> None:
    answer = create(client, game="badugi", bots=["caller"], private=True, password="pw")
    table_id, host_token = answer["table"]["id"], answer["host_token"]
    assert "token" not in answer and "seat" not in answer
    with client.websocket_connect(f"/ws/tables/{table_id}?token={host_token}") as h:
        host = Player(h, None)
        state = host.until(lambda m: m["type"] == "state")
        assert state["you"] is None and state["host"]["you"]
    sat = client.post(
        f"/api/tables/{table_id}/join", json={"player": "Hal", "host_token": host_token}
    )
    assert sat.status_code == 200  # no password, no approval
    with client.websocket_connect(f"/ws/tables/{table_id}?token={sat.json()['token']}") as h:
        state = Player(h, sat.json()["seat"]).until(lambda m: m["type"] == "state")
        assert state["host"]["you"] and state["host"]["name"] == "Hal"
