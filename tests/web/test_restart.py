"""Kill a real ``splitpot serve`` mid-hand (SIGKILL: no clean shutdown), start it again on the
same database, and every chip is where the rules say: the hand resumes with the same cards, the
same pot and the same seat to act, and plays to a settlement that conserves every chip."""

from __future__ import annotations

import contextlib
import json
import urllib.request
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect

from splitpot.engine.hand import Hand
from splitpot.history.store import HistoryStore

from .conftest import post


def next_state(ws: ClientConnection, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(500):
        message = json.loads(ws.recv(timeout=20))
        assert message["type"] != "error", message
        if message["type"] == "state" and predicate(message):
            return message  # type: ignore[no-any-return]
    raise AssertionError("no such state came")


def my_turn(message: dict[str, Any]) -> bool:
    return message["hand"] is not None and message["hand"]["legal"] is not None


def chips(state: dict[str, Any]) -> int:
    """Every chip at the table in a state: stacks, this round's bets and the pot."""
    return sum(s["stack"] for s in state["seats"]) + (state["hand"] or {"pot": 0})["pot"]


def passive(legal: dict[str, Any]) -> dict[str, Any]:
    if legal["phase"] == "draw":
        return {"kind": "discard", "cards": legal["hole"][:1]}
    return {"kind": "call"} if legal["call"] is not None else {"kind": "check"}


def test_kill_mid_hand_then_restart_resumes_it_and_every_chip_is_kept(
    server_factory: Callable[..., Any],
) -> None:
    flags = ("--seed", "11", "--bot-delay", "0", "--clock", "0", "--next-hand-delay", "60")
    server = server_factory(*flags)
    answer = post(
        server.url + "/api/tables",
        {"game": "drawmaha", "player": "Ann", "bots": ["caller", "random"], "seats": 3},
    )
    table_id, token = answer["table"]["id"], answer["token"]
    total = 3 * answer["table"]["buy_in"]
    socket_url = server.url.replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
    with connect(socket_url) as ws:
        state = next_state(ws, my_turn)
        ann_acts = 0
        # Play into the hand: past the flop (the draw) when Ann stays in.
        while ann_acts < 3:
            ws.send(json.dumps({"type": "act", "action": passive(state["hand"]["legal"])}))
            ann_acts += 1
            state = next_state(ws, lambda m: my_turn(m) or m["last_result"] is not None)
            if state["last_result"] is not None:
                break
        before = state
    assert before["hand"] is not None, "the hand ended before the kill: choose another seed"
    assert chips(before) == total
    server.kill()

    again = server_factory(*flags, db=server.db)
    socket_url = again.url.replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
    with connect(socket_url) as ws:
        after = next_state(ws, lambda m: True)
        for key in ("number", "board", "pot", "pots", "to_act", "legal", "log"):
            assert after["hand"][key] == before["hand"][key], key
        assert after["seats"][0]["cards"] == before["seats"][0]["cards"]
        assert [s["stack"] for s in after["seats"]] == [s["stack"] for s in before["seats"]]
        assert chips(after) == total
        # Play the hand out: it settles, and the chips are all still there.
        state = after
        while state["last_result"] is None:
            ws.send(json.dumps({"type": "act", "action": passive(state["hand"]["legal"])}))
            state = next_state(ws, lambda m: my_turn(m) or m["last_result"] is not None)
        assert chips(state) == total
        hand_id = state["last_result"]["hand_id"]
    again.stop()
    with HistoryStore(server.db) as store:
        stored = store.get(hand_id)
        replayed = Hand.replay(stored.events)  # the resumed hand's log is one whole hand
        assert sum(replayed.stacks) == total and stored.source == "web"
        assert list(replayed.stacks) == [s["stack"] for s in state["seats"]]


def test_a_huge_frame_closes_only_that_connection_and_the_table_goes_on(
    server_factory: Callable[..., Any],
) -> None:
    from websockets.exceptions import ConnectionClosedError

    server = server_factory("--seed", "2", "--bot-delay", "0", "--clock", "0")
    answer = post(
        server.url + "/api/tables", {"game": "badugi", "player": "Ann", "bots": ["caller"]}
    )
    url = (
        server.url.replace("http", "ws")
        + f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
    )
    with connect(url) as ws:
        before = next_state(ws, my_turn)
        ws.send("x" * 100_000)
        try:
            while True:
                ws.recv(timeout=10)
        except ConnectionClosedError as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1009
    with connect(url) as ws:
        after = next_state(ws, my_turn)
        assert after["hand"]["legal"] == before["hand"]["legal"]
        ws.send(json.dumps({"type": "act", "action": passive(after["hand"]["legal"])}))
        moved = next_state(ws, lambda m: m["version"] > after["version"])
        assert moved["hand"] is None or moved["hand"]["log"] != after["hand"]["log"]


def test_kill_mid_hand_at_a_paused_private_table_with_a_seat_request_and_all_of_it_resumes(
    server_factory: Callable[..., Any],
) -> None:
    flags = ("--seed", "11", "--bot-delay", "0", "--clock", "0", "--next-hand-delay", "0")
    server = server_factory(*flags)
    answer = post(
        server.url + "/api/tables",
        {"game": "drawmaha", "player": "Ann", "bots": ["caller"], "seats": 3, "private": True,
         "password": "pw", "time_bank": 45, "max_buy_in": 1000, "options": {"raise_cap": 5}},
    )  # fmt: skip
    table_id, token = answer["table"]["id"], answer["token"]
    socket_url = server.url.replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
    with connect(socket_url) as ws:
        state = next_state(ws, my_turn)
        ws.send(json.dumps({"type": "pause"}))
        state = next_state(ws, lambda m: m["table"]["paused"])
        eve = post(server.url + f"/api/tables/{table_id}/join", {"player": "Eve", "password": "pw"})
        assert eve["status"] == "waiting"
        before = next_state(ws, lambda m: len(m["host"]["requests"]) == 1)
    assert before["hand"] is not None  # mid-hand
    server.kill()

    again = server_factory(*flags, db=server.db)
    socket_url = again.url.replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
    with connect(socket_url) as ws:
        after = next_state(ws, lambda m: True)
        assert after["host"]["you"] and after["host"]["requests"] == before["host"]["requests"]
        for key in ("paused", "private", "password", "seating", "time_bank", "max_buy_in"):
            assert after["table"][key] == before["table"][key], key
        assert after["table"]["options"]["raise_cap"] == 5
        assert after["hand"]["log"] == before["hand"]["log"]
        # the hand in progress finishes; paused, no other is dealt
        state = after
        while state["hand"] is not None:
            ws.send(json.dumps({"type": "act", "action": passive(state["hand"]["legal"])}))
            state = next_state(ws, lambda m: my_turn(m) or m["hand"] is None)
        assert state["waiting"] == "The host has paused the game"
        ws.send(json.dumps({"type": "approve", "request": before["host"]["requests"][0]["id"]}))
        seated = next_state(ws, lambda m: m["seats"][2]["name"] == "Eve")
        assert seated["seats"][2]["kind"] == "human"
    listed = json.loads(urllib.request.urlopen(again.url + "/api/tables", timeout=10).read())
    assert table_id not in [t["id"] for t in listed["tables"]]  # still private


def test_kill_between_hands_after_the_host_set_the_forced_bets_and_they_come_back(
    server_factory: Callable[..., Any],
) -> None:
    flags = ("--seed", "5", "--bot-delay", "0", "--clock", "0", "--next-hand-delay", "0")
    server = server_factory(*flags)
    answer = post(
        server.url + "/api/tables",
        {"game": "drawmaha", "player": "Ann", "bots": ["caller", "caller"], "seats": 3},
    )
    table_id, token = answer["table"]["id"], answer["token"]
    socket_url = server.url.replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
    with connect(socket_url) as ws:
        next_state(ws, my_turn)
        ws.send(json.dumps({"type": "pause"}))
        ws.send(json.dumps({"type": "act", "action": {"kind": "fold"}}))
        next_state(ws, lambda m: m["hand"] is None)
        ws.send(
            json.dumps(
                {
                    "type": "set_options",
                    "straddle": True,
                    "bb_ante": 3,
                    "options": {"muck": True, "run_twice": True},
                }
            )
        )
        before = next_state(ws, lambda m: m["table"]["stakes_text"] != "1/2")
    assert before["table"]["stakes_text"] == "1/2 bb-ante 3 straddle"
    server.kill()

    again = server_factory(*flags, db=server.db)
    socket_url = again.url.replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
    with connect(socket_url) as ws:
        after = next_state(ws, lambda m: True)
        for key in ("stakes_text", "stakes", "options", "paused"):
            assert after["table"][key] == before["table"][key], key
        assert after["table"]["options"]["muck"] is after["table"]["options"]["run_twice"] is True
        ws.send(json.dumps({"type": "resume"}))
        dealt = next_state(ws, lambda m: m["hand"] is not None)
        posts = [line for line in dealt["hand"]["log"] if " posts " in line]
        assert [line.split(" posts ")[1] for line in posts] == [
            "ante 3", "small blind 1", "big blind 2", "straddle 4",
        ]  # fmt: skip


def test_kill_while_a_player_is_asked_to_run_it_twice_and_the_question_comes_back(
    server_factory: Callable[..., Any],
) -> None:
    flags = ("--seed", "8", "--bot-delay", "0", "--clock", "0", "--next-hand-delay", "60")
    server = server_factory(*flags)
    answer = post(
        server.url + "/api/tables",
        {"game": "drawmaha", "player": "Ann", "seats": 2, "buy_in": 20, "min_buy_in": 20,
         "options": {"run_twice": True}},
    )  # fmt: skip
    table_id = answer["table"]["id"]
    bob = post(server.url + f"/api/tables/{table_id}/join", {"player": "Bob"})
    base = server.url.replace("http", "ws") + f"/ws/tables/{table_id}?token="
    tokens = {0: answer["token"], 1: bob["token"]}

    def newest(ws: ClientConnection, state: dict[str, Any]) -> dict[str, Any]:
        """The newest state the socket has been sent (waiting a little for more)."""
        while True:
            try:
                message = json.loads(ws.recv(timeout=0.3))
            except TimeoutError:
                return state
            assert message["type"] != "error", message
            if message["type"] == "state" and message["version"] >= state["version"]:
                state = message

    def play_until_asked(
        url: str, stack: contextlib.ExitStack
    ) -> tuple[dict[str, Any], dict[int, ClientConnection]]:
        sockets = {s: stack.enter_context(connect(url + t)) for s, t in tokens.items()}
        state = next_state(sockets[0], lambda m: m["hand"] is not None)
        while True:
            hand = state["hand"]
            assert hand is not None, "the hand ended before the question"
            state = newest(sockets[hand["to_act"]], state)
            if not my_turn(state):
                continue
            legal = state["hand"]["legal"]
            if legal["runs"]:
                return state, sockets
            if legal["phase"] == "draw":
                action: dict[str, Any] = {"kind": "discard", "cards": []}
            elif state["hand"]["board"] and legal["raise"] is not None:
                action = {"kind": legal["raise"]["kind"], "amount": legal["raise"]["max"]}
            else:
                action = {"kind": "call"} if legal["call"] is not None else {"kind": "check"}
            sockets[state["you"]].send(
                json.dumps({"type": "act", "action": action, "turn": legal["turn"]})
            )
            state = newest(sockets[state["you"]], state)

    with contextlib.ExitStack() as stack:
        before, _ = play_until_asked(base, stack)
    server.kill()

    again = server_factory(*flags, db=server.db)
    base = again.url.replace("http", "ws") + f"/ws/tables/{table_id}?token="
    first = before["hand"]["to_act"]
    with connect(base + tokens[first]) as ws, connect(base + tokens[1 - first]) as other:
        after = next_state(ws, lambda m: True)
        assert after["hand"]["legal"] == before["hand"]["legal"]  # the question, again
        assert after["hand"]["log"] == before["hand"]["log"]
        ws.send(json.dumps({"type": "act", "action": {"kind": "run_twice"}}))
        asked = next_state(other, my_turn)
        assert asked["hand"]["legal"]["runs"]
        other.send(json.dumps({"type": "act", "action": {"kind": "run_twice"}}))
        done = next_state(other, lambda m: m["last_result"] is not None)
        assert [r["run"] for r in done["last_result"]["runs"]] == [1, 2]
        assert sum(s["stack"] for s in done["seats"]) == 40
