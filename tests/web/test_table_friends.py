"""What a night with friends needs at the web table (issue 11): the ledger (sums to zero after
random play, rebuys and leaves; CSV), the chat (length, rate limit, watchers, the last 50 kept
and sent again), a busted person prompted and the table saying whom it waits for, each seat's
draw, and street names in words."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from splitpot.web import create_app

from .test_tables import (
    Player,
    check_no_leaks,
    choose,
    client,
    config,
    create,
    my_turn,
    play_hands,
)

__all__ = ["client"]  # (the fixture, imported for these tests)


def chat_lines(player: Player) -> list[dict[str, Any]]:
    return [m for c in player.messages if c["type"] == "chat" for m in c["messages"]]


def ledger(client: TestClient, table_id: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/ledger")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


# ---------------------------------------------------------------------- the ledger


def test_the_ledger_sums_to_zero_after_random_play_rebuys_and_leaves(client: TestClient) -> None:
    answer = create(
        client, game="drawmaha", player="Ann", bots=["random", "random"], seats=4, buy_in=60,
        stakes="2/4",
    )  # fmt: skip
    table_id = answer["table"]["id"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"}).json()
    rng = random.Random(11)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b,
    ):
        ann, bobby = Player(a, 0), Player(b, bob["seat"])
        ann.receive()
        bobby.receive()
        play_hands([ann, bobby], 8, rng)  # (a person who loses every chip rebuys)
        # Bob sits out, plays the hand he may still be in, then leaves between his hands
        bobby.send({"type": "sit_out"})
        play_hands([ann, bobby], 10, rng)
        bobby.send({"type": "ping"})  # (the states queued before the pong are read first)
        bobby.until(lambda m: m["type"] == "pong")
        assert bobby.last is not None and bobby.last["seats"][bob["seat"]]["sitting_out"]
        bob_stack = bobby.last["seats"][bob["seat"]]["stack"]
        bobby.send({"type": "leave"})
        left = bobby.until(lambda m: m["type"] == "state" and m["you"] is None)
        assert left["seats"][bob["seat"]]["kind"] == "open"
        play_hands([ann], 14, rng)
    view = ledger(client, table_id)
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    rows = {row["name"]: row for row in view["rows"]}
    assert set(rows) == {"Ann", "Bob", "Random bot 2", "Random bot 3"}
    assert rows["Bob"]["seated"] is False and rows["Bob"]["seat"] is None
    assert rows["Bob"]["cashed_out"] == bob_stack and rows["Bob"]["stack"] == 0
    assert rows["Ann"]["buy_in"] == 60 and rows["Bob"]["buy_in"] == 60
    for row in view["rows"]:
        assert row["net"] == row["stack"] + row["cashed_out"] - row["buy_in"] - row["rebuys"]
    assert sum(row["net"] for row in view["rows"]) == 0 == view["totals"]["net"]
    # the stacks in the ledger are the stacks on the table (a hand in progress counts when over)
    on_table = {i: s.stack for i, s in enumerate(table.seats) if s.kind != "open"}
    assert {r["seat"]: r["stack"] for r in view["rows"] if r["seated"]} == on_table
    bought = sum(r["buy_in"] + r["rebuys"] for r in view["rows"])
    assert view["totals"]["stack"] + view["totals"]["cashed_out"] == bought
    rebuys = [m["text"] for m in table.chat.messages if " rebuys " in m["text"]]
    assert sum(r["rebuys"] for r in view["rows"]) > 0 and rebuys  # someone did rebuy
    # the same as CSV, with the totals row
    response = client.get(f"/api/tables/{table_id}/ledger?format=csv")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert "attachment" in response.headers["content-disposition"]
    lines = list(csv.reader(io.StringIO(response.text)))
    assert lines[0] == [
        "name", "kind", "seat", "buy_in", "rebuys", "cashed_out", "stack", "net", "adjusted"
    ]  # fmt: skip
    assert lines[-1][0] == "total" and lines[-1][-2] == "0" == lines[-1][-1]  # net, adjusted
    bob_line = next(line for line in lines if line[0] == "Bob")
    assert bob_line[2] == "" and int(bob_line[5]) == bob_stack
    assert client.get(f"/api/tables/{table_id}/ledger?format=xml").status_code == 400
    assert client.get("/api/tables/nope/ledger").status_code == 404


def test_a_person_who_comes_back_goes_on_in_their_row_and_csv_cells_are_not_formulas(
    client: TestClient,
) -> None:
    answer = create(client, game="badugi", player="=SUM(A1)", seats=3)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.receive()
        ann.send({"type": "leave"})
        ann.until(lambda m: m["type"] == "state" and m["you"] is None)
    client.post(f"/api/tables/{table_id}/join", json={"player": "=sum(a1)", "seat": 2})
    view = ledger(client, table_id)
    assert len(view["rows"]) == 1
    (row,) = view["rows"]
    assert row["buy_in"] == 400 and row["cashed_out"] == 200 and row["seat"] == 2
    assert row["net"] == 0
    text = client.get(f"/api/tables/{table_id}/ledger?format=csv").text
    assert "'=sum(a1)" in text


# ---------------------------------------------------------------------- the chat


def test_chat_reaches_seats_and_watchers_and_watchers_chat_under_a_free_name(
    client: TestClient,
) -> None:
    answer = create(client, game="badugi", player="Ann", seats=3)
    table_id = answer["table"]["id"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"}).json()
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b,
        client.websocket_connect(f"/ws/tables/{table_id}") as w,
    ):
        ann, bobby, watcher = Player(a, 0), Player(b, 1), Player(w, None)
        html = '<img src=x onerror="alert(1)"> <b>hi</b>'
        ann.send({"type": "chat", "text": f"  {html}\n  "})
        for who in (ann, bobby, watcher):
            said = who.until(lambda m: m["type"] == "chat" and m["messages"][-1]["kind"] == "chat")
            last = said["messages"][-1]
            assert (last["name"], last["seat"], last["text"]) == ("Ann", 0, html)
        watcher.send({"type": "chat", "text": "who is winning?"})
        assert watcher.error() == 'chat: a watcher gives a "name" with the message'
        watcher.send({"type": "chat", "text": "hello", "name": "bob"})
        assert watcher.error() == "chat: 'bob' is seated at this table: choose another name"
        watcher.send({"type": "chat", "text": "who is winning?", "name": "Carl"})
        said = bobby.until(lambda m: m["type"] == "chat" and m["messages"][-1]["name"] == "Carl")
        assert said["messages"][-1]["seat"] is None
        bobby.send({"type": "chat", "text": "x" * 201})
        assert bobby.error() == "chat: a message is at most 200 characters, not 201"
        bobby.send({"type": "chat", "text": "   "})
        assert bobby.error() == "chat: the message is empty"
        bobby.send({"type": "chat", "text": "bell \x07"})
        assert bobby.error() == "chat: the message has control characters"
        bobby.send({"type": "chat", "text": 5})
        assert bobby.error() == 'chat needs "text": the message as text'
        bobby.send({"type": "chat", "text": "y" * 200})
        said = ann.until(lambda m: m["type"] == "chat" and m["messages"][-1]["name"] == "Bob")
        assert said["messages"][-1]["text"] == "y" * 200


def test_chat_is_rate_limited_per_connection(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", seats=3)
    table_id = answer["table"]["id"]
    path = f"/ws/tables/{table_id}?token={answer['token']}"
    with client.websocket_connect(path) as a, client.websocket_connect(path) as a2:
        ann, again = Player(a, 0), Player(a2, 0)
        for n in range(5):
            ann.send({"type": "chat", "text": f"message {n}"})
        ann.send({"type": "chat", "text": "one too many"})
        error = ann.error()
        assert error.startswith("chat: at most 5 messages in 10 seconds; wait ")
        texts = [m["text"] for m in chat_lines(ann)]
        assert "one too many" not in texts
        again.send({"type": "chat", "text": "another tab"})  # its own connection, its own limit
        again.until(lambda m: m["type"] == "chat" and m["messages"][-1]["text"] == "another tab")


def test_the_last_50_messages_are_kept_with_the_table_and_sent_on_reconnect(
    tmp_path: Path,
) -> None:
    settings = config(tmp_path)
    with TestClient(create_app(settings)) as client:
        answer = create(client, game="badugi", player="Ann", seats=3)
        table_id = answer["table"]["id"]
        for batch in range(11):  # 55 messages, 5 per connection
            with client.websocket_connect(f"/ws/tables/{table_id}") as w:
                watcher = Player(w, None)
                for n in range(5):
                    watcher.send({"type": "chat", "text": f"m{batch * 5 + n}", "name": "Carl"})
                watcher.until(
                    lambda m, t=f"m{batch * 5 + 4}": (
                        m["type"] == "chat" and m["messages"][-1]["text"] == t
                    )
                )
    path = f"/ws/tables/{table_id}?token={answer['token']}"
    with TestClient(create_app(settings)) as client, client.websocket_connect(path) as a:
        first = Player(a, 0).until(lambda m: m["type"] == "chat")  # a restart: the chat is kept
    kept = first["messages"]
    assert len(kept) == 50
    assert [m["text"] for m in kept][-3:] == ["m52", "m53", "m54"]
    assert [m["id"] for m in kept] == sorted(m["id"] for m in kept)


def test_chat_and_the_dealers_lines_carry_no_hidden_card(client: TestClient) -> None:
    answer = create(
        client, games=["badugi", "drawmaha"], mixed="dealers-choice", player="Ann",
        bots=["random", "heuristic"], seats=3, buy_in=40, stakes="2/4",
    )  # fmt: skip
    table_id = answer["table"]["id"]
    rng = random.Random(5)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}") as w,
    ):
        ann, watcher = Player(a, 0), Player(w, None)
        chatted = 0
        state = ann.until(lambda m: m["type"] == "state")
        while (state["last_result"] or {"number": 0})["number"] < 5:
            choice, hand = state["choice"], state["hand"]
            if choice is not None and choice["seat"] == 0:
                ann.send({"type": "choose_game", "game": rng.choice(choice["games"])["id"]})
            if hand is None and state["seats"][0]["stack"] == 0:
                ann.send({"type": "rebuy"})
            if hand is not None and hand["number"] > chatted:
                chatted = hand["number"]
                ann.send({"type": "chat", "text": "nice hand"})
                watcher.send({"type": "chat", "text": "go Ann", "name": "Carl"})
            if hand is not None and hand["legal"] is not None:
                action = choose(hand["legal"], rng)
                ann.send({"type": "act", "action": action, "turn": hand["legal"]["turn"]})
            state = ann.until(lambda m: m["type"] == "state")
        watcher.send({"type": "ping"})
        watcher.until(lambda m: m["type"] == "pong")
    kinds = {m["kind"] for m in chat_lines(ann)}
    assert kinds == {"chat", "dealer"}
    assert any(m["text"].startswith("Ann chooses ") for m in chat_lines(watcher))
    assert check_no_leaks(ann, client, table_id) > 0
    assert check_no_leaks(watcher, client, table_id) > 0


# ---------------------------------------------------------------------- what confused


def test_a_busted_person_is_named_as_the_one_the_table_waits_for(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2, buy_in=8)
    table_id = answer["table"]["id"]
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        state = ann.until(my_turn(ann))
        while True:  # Ann bets everything until she is out of chips
            hand = state["hand"]
            if hand is None and state["seats"][0]["stack"] == 0:
                break
            if hand is not None and hand["legal"] is not None:
                legal = hand["legal"]
                if legal["phase"] == "draw":
                    action: dict[str, Any] = {"kind": "discard", "cards": []}
                elif legal["raise"] is not None:
                    action = {"kind": legal["raise"]["kind"], "amount": legal["raise"]["max"]}
                else:
                    action = {"kind": "call" if legal["call"] else "check"}
                ann.send({"type": "act", "action": action, "turn": legal["turn"]})
            state = ann.until(lambda m: m["type"] == "state")
        assert state["waiting"] == "Waiting for Ann to rebuy or leave"
        assert table.chips_in_play() == table.chips_bought()
        ann.send({"type": "rebuy"})
        back = ann.until(lambda m: m["type"] == "state" and m["seats"][0]["stack"] == 8)
        assert back["waiting"] is None
        said = ann.until(lambda m: m["type"] == "chat")["messages"]
        assert said[-1]["text"] == "Ann rebuys 8 chips (stack 8)"


def test_each_seat_shows_its_draw_and_streets_are_named_in_words(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        streets: list[str] = []
        draws: list[tuple[Any, Any, Any]] = []
        state = ann.until(my_turn(ann))
        while state["last_result"] is None:
            hand = state["hand"]
            if hand is not None:
                if not streets or streets[-1] != hand["street"]:
                    streets.append(hand["street"])
                bot = state["seats"][1]
                said = [
                    line
                    for line in hand["log"]
                    if line.startswith(("Caller bot 2 discards", "Caller bot 2 stands pat"))
                ]
                said = said or [""]
                draws.append((hand["street"], bot["drew"], bot["drew_text"], said[-1]))
                legal = hand["legal"]
                if legal is not None:
                    if legal["phase"] == "draw":
                        action: dict[str, Any] = {"kind": "discard", "cards": legal["hole"][:2]}
                    else:
                        action = {"kind": "check" if legal["check"] else "call"}
                    ann.send({"type": "act", "action": action, "turn": legal["turn"]})
            state = ann.until(lambda m: m["type"] == "state")
    assert streets == [
        "Predraw", "Draw 1 of 3", "After draw 1 of 3", "Draw 2 of 3", "After draw 2 of 3",
        "Draw 3 of 3", "After draw 3 of 3",
    ]  # fmt: skip
    # the bot's draw is at its seat from its draw until the next draw begins, as the log says
    after = [d for d in draws if d[0].startswith("After draw")]
    assert after
    for _, count, text, line in after:
        if count == 0:
            assert text == "pat" and line == "Caller bot 2 stands pat"
        else:
            assert text == f"drew {count}" and line == f"Caller bot 2 discards {count}"
    assert all(d[1] is None for d in draws if d[0] == "Predraw")
