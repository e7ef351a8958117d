"""Mixed games at the web table (issue 11): a rotation dealt in turn and stored hand by hand,
dealer's choice asked of the button, a restart in the middle of a rotation, and the bad
requests refused with their reason. See docs/web-protocol.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.history.store import HistoryStore
from splitpot.web import create_app

from .test_tables import Player, check_no_leaks, client, config, create, my_turn

__all__ = ["client"]  # (the fixture, imported for these tests)


def games_of_stored_hands(client: TestClient, table_id: str) -> list[str]:
    """The game of each hand of the table in the history store, in the order played."""
    store: HistoryStore = client.app.state.history  # type: ignore[attr-defined]
    tables = client.app.state.tables  # type: ignore[attr-defined]
    links = tables.store._db.execute(
        "SELECT hand_id FROM web_table_hands WHERE table_id = ? ORDER BY number", (table_id,)
    ).fetchall()
    return [store.get(hand_id).events[0].data["game"] for (hand_id,) in links]


def test_a_rotation_of_bots_deals_both_games_in_turn_and_stores_each_with_its_game(
    client: TestClient,
) -> None:
    answer = create(
        client, games=["badugi", "drawmaha"], mixed="rotation", hands_per_game=1,
        bots=["caller", "caller"], seats=2, buy_in=400,
    )  # fmt: skip
    table = answer["table"]
    assert table["games"] == ["badugi", "drawmaha"] and table["mixed"] == "rotation"
    assert table["hands_per_game"] == 1
    assert table["structures"] == {"badugi": "fixed-limit", "drawmaha": "pot-limit"}
    got = client.get(f"/api/tables/{table['id']}").json()
    assert got["games"] == ["badugi", "drawmaha"] and got["mixed"] == "rotation"
    listed = client.get("/api/tables").json()["tables"][0]
    assert listed["games"] == ["badugi", "drawmaha"] and listed["mixed"] == "rotation"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        watcher = Player(ws, None)
        watcher.until(
            lambda m: (
                m["type"] == "state"
                and m["last_result"] is not None
                and m["last_result"]["number"] >= 4
            )
        )
    dealt = [
        m["table"]["game"]["id"]
        for m in watcher.messages
        if m["type"] == "state" and m["hand"] is not None
    ]
    order = [g for i, g in enumerate(dealt) if i == 0 or dealt[i - 1] != g]
    assert order[:4] == ["badugi", "drawmaha", "badugi", "drawmaha"]
    stored = games_of_stored_hands(client, table["id"])
    assert stored[:4] == ["badugi", "drawmaha", "badugi", "drawmaha"]
    # the dealer said each new game in the chat pane, and no message carried a card
    said = [m["text"] for c in watcher.messages if c["type"] == "chat" for m in c["messages"]]
    assert "Now playing Drawmaha (pot-limit, 1/2)" in said
    assert "Now playing Badugi (fixed-limit, 1/2)" in said
    check_no_leaks(watcher, client, table["id"])


DRAMAHA_FAMILY = ["drawmaha", "drawmaha-27", "drawmadugi", "triple-draw-dramaha", "sviten-special"]
SPLIT_POT_MIX = [
    "drawmaha", "bodigiha", "badugi", "doogie", "omaha-8", "big-o", "stud-8", "razzdugi",
]  # fmt: skip
STUD_MIX = ["stud", "razz", "stud-8", "razzdugi"]
TRIPLE_DRAW_MIX = ["27-triple-draw", "a5-triple-draw", "badugi", "badacey", "badeucy"]
HORSE = ["limit-holdem", "omaha-8", "razz", "stud", "stud-8"]
EIGHT_GAME = ["27-triple-draw", *HORSE, "holdem", "omaha"]  # hold'em twice: two games


@pytest.mark.parametrize(
    ("preset", "name", "games", "mixed"),
    [
        ("split-pot-mix", "Split-pot mix", SPLIT_POT_MIX, "rotation"),
        ("dramaha-family", "Dramaha family", DRAMAHA_FAMILY, "rotation"),
        ("badugi-mix", "Badugi mix", ["badugi", "badacey", "badeucy"], "rotation"),
        ("triple-draw-mix", "Triple-draw mix", TRIPLE_DRAW_MIX, "rotation"),
        ("stud-mix", "Stud mix", STUD_MIX, "rotation"),
        ("horse", "HORSE", HORSE, "rotation"),
        ("eight-game", "8-game", EIGHT_GAME, "rotation"),
    ],
)
def test_the_lobby_offers_the_presets_and_a_table_made_from_one_is_named_after_it(
    client: TestClient, preset: str, name: str, games: list[str], mixed: str
) -> None:
    offered = {m["id"]: m for m in client.get("/api/games").json()["mixes"]}
    assert list(offered) == [
        "split-pot-mix", "dramaha-family", "badugi-mix", "triple-draw-mix", "horse",
        "eight-game", "stud-mix", "dealers-choice",
    ]  # fmt: skip
    mix = offered[preset]
    assert (mix["name"], mix["games"], mix["mixed"]) == (name, games, mixed)
    answer = create(client, games=mix["games"], mixed=mix["mixed"], bots=["caller"], seats=2,
                    structures=mix["structures"])  # fmt: skip
    table = answer["table"]
    for game, structure in mix["structures"].items():  # a preset's own structures, if any
        assert table["structures"][game] == structure
    if preset == "eight-game":  # each game in its own structure: hold'em limit and no-limit
        assert {g: table["structures"][g] for g in ("limit-holdem", "holdem", "omaha")} == {
            "limit-holdem": "fixed-limit", "holdem": "no-limit", "omaha": "pot-limit",
        }  # fmt: skip
    assert table["name"] == f"{name} table"
    assert table["games"] == games and table["mixed"] == mixed
    assert table["game"]["id"] == games[0]  # a rotation starts with its first game


def test_the_dealers_choice_preset_offers_every_game_played(client: TestClient) -> None:
    answer = client.get("/api/games").json()
    every = next(m for m in answer["mixes"] if m["id"] == "dealers-choice")
    assert every["name"] == "Dealer's choice" and every["mixed"] == "dealers-choice"
    played = {"bodigiha", "badugi", "drawmaha", "doogie", "drawmaha-27", "drawmadugi"}
    assert played <= set(every["games"])
    assert set(every["games"]) <= {g["id"] for g in answer["games"]}
    table = create(client, games=every["games"], mixed="dealers-choice", seats=2)["table"]
    assert table["games"] == every["games"] and table["mixed"] == "dealers-choice"


def test_a_rotation_changes_game_after_an_orbit_of_the_button(client: TestClient) -> None:
    answer = create(
        client, games=["bodigiha", "badugi"], mixed="rotation", bots=["caller"] * 3, seats=3,
    )  # fmt: skip
    with client.websocket_connect(f"/ws/tables/{answer['table']['id']}") as ws:
        watcher = Player(ws, None)
        watcher.until(
            lambda m: (
                m["type"] == "state"
                and m["last_result"] is not None
                and m["last_result"]["number"] >= 4
            )
        )
    seen: dict[int, tuple[str, int]] = {}  # hand number -> (game, button seat)
    for m in watcher.messages:
        if m["type"] == "state" and m["hand"] is not None:
            button = next(s["seat"] for s in m["seats"] if s["button"])
            seen[m["hand"]["number"]] = (m["table"]["game"]["id"], button)
    assert [seen[n] for n in (1, 2, 3, 4)] == [
        ("bodigiha", 0), ("bodigiha", 1), ("bodigiha", 2), ("badugi", 0),
    ]  # fmt: skip
    first = next(m for m in watcher.messages if m["type"] == "state" and m["hand"] is not None)
    mix = first["table"]["mix"]
    assert mix["now"]["id"] == "bodigiha" and mix["hand"] == 1 and mix["hands_left"] == 2
    assert mix["next"]["id"] == "badugi"
    assert mix["text"] == "Bodigiha, hand 1 of 3 - next: Badugi after 2 more hands"


def test_dealers_choice_asks_the_button_and_deals_the_game_it_picks(client: TestClient) -> None:
    answer = create(
        client, games=["badugi", "drawmaha", "doogie"], mixed="dealers-choice",
        player="Ann", bots=["caller"], seats=2,
    )  # fmt: skip
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        asked = ann.until(lambda m: m["type"] == "state" and m["choice"] is not None)
        assert asked["choice"]["seat"] == 0 and asked["hand"] is None
        assert [g["id"] for g in asked["choice"]["games"]] == ["badugi", "drawmaha", "doogie"]
        assert asked["waiting"] == "Waiting for Ann to choose the next game"
        ann.send({"type": "choose_game", "game": "tetris"})
        assert "unknown game 'tetris'" in ann.error()
        ann.send({"type": "choose_game", "game": "holdem"})
        assert "is not one of this table's games" in ann.error()
        ann.send({"type": "choose_game", "game": "doogie"})
        dealt = ann.until(lambda m: m["type"] == "state" and m["hand"] is not None)
        assert dealt["table"]["game"]["id"] == "doogie"
        assert dealt["hand"]["street"] == "Before the board"
        assert dealt["choice"] is None
        said = [m["text"] for c in ann.messages if c["type"] == "chat" for m in c["messages"]]
        assert "Ann chooses Doogie" in said
        ann.send({"type": "choose_game", "game": "badugi"})
        assert ann.error() == "no game is to be chosen now"
        ann.send({"type": "state"})  # (the states skipped while waiting for the error)
        # the next hand's button is the bot: it picks at random, and the table deals it
        while True:
            state = ann.until(lambda m: m["type"] == "state")
            hand = state["hand"]
            if hand is not None and hand["number"] == 2:
                break
            if hand is not None and hand["legal"] is not None:
                legal = hand["legal"]
                action = (
                    {"kind": "declare", "way": "both"}
                    if legal["declare"]
                    else ({"kind": "check"} if legal["check"] else {"kind": "fold"})
                )
                ann.send({"type": "act", "action": action})
        said = [m["text"] for c in ann.messages if c["type"] == "chat" for m in c["messages"]]
        picked = [line for line in said if line.startswith("Caller bot 2 chooses ")]
        assert len(picked) == 1
        assert picked[0] == f"Caller bot 2 chooses {state['table']['game']['name']}"


def test_a_button_out_of_time_gets_a_game_at_random(tmp_path: Path) -> None:
    with TestClient(create_app(config(tmp_path, action_seconds=0.3))) as client:
        answer = create(
            client, games=["badugi", "drawmaha"], mixed="dealers-choice",
            player="Ann", bots=["caller"], seats=2, clock=0.3,
        )  # fmt: skip
        path = f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
        with client.websocket_connect(path) as a:
            ann = Player(a, 0)
            asked = ann.until(lambda m: m["type"] == "state" and m["choice"] is not None)
            assert asked["choice"]["clock"] is not None
            ann.until(lambda m: m["type"] == "state" and m["hand"] is not None)
            said = [m["text"] for c in ann.messages if c["type"] == "chat" for m in c["messages"]]
            assert any(
                line.startswith("Ann ran out of time: the dealer picks ") for line in said
            ), said


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"games": ["badugi"], "mixed": "rotation"}, "games: a mixed table needs two or more"),
        ({"games": ["badugi", "badugi"]}, "games: badugi is in the list twice"),
        ({"games": ["badugi", "chess"]}, "games: unknown game 'chess'"),
        ({"games": ["badugi", "drawmaha"], "mixed": "random"}, "mixed: 'random'"),
        ({"games": ["badugi", "drawmaha"], "hands_per_game": 0}, "hands_per_game: 1 to 1000"),
        ({"games": ["badugi", "drawmaha"], "game": "badugi"}, "game: give one game, or games"),
        ({"games": ["badugi", "drawmaha"], "structure": "no-limit"}, "structure: a mixed table"),
        (
            {"games": ["badugi", "drawmaha"], "structures": {"badugi": "spread-limit"}},
            "structures: unknown structure 'spread-limit'",
        ),
        (
            {"games": ["badugi", "drawmaha"], "structures": {"doogie": "fixed-limit"}},
            "structures: Doogie is not one of the games",
        ),
        ({"game": "badugi", "mixed": "rotation"}, "mixed: only for a mixed table"),
        ({"games": "badugi"}, "games: a list of game ids"),
        ({"games": ["badugi", "doogie"], "seats": 7}, "seats: these games seat 2 to 6"),
        (
            {"games": ["doogie", "holdem"], "options": {"max_discard": 2}},
            "options: max_discard 2: Doogie has no draw",
        ),
    ],
)
def test_bad_mixed_requests_are_refused_with_the_reason(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]


def test_a_mixs_options_need_suit_one_of_its_games(client: TestClient) -> None:
    answer = create(client, games=["badugi", "doogie"], options={"max_discard": 3})
    assert answer["table"]["options"]["max_discard"] == 3


def test_each_game_keeps_its_structure_and_the_stakes_map_between_blinds_and_antes(
    client: TestClient,
) -> None:
    answer = create(
        client, games=["drawmaha", "doogie"], structures={"drawmaha": "fixed-limit"},
        stakes="5/10", bots=["caller", "caller"], seats=2,
    )  # fmt: skip
    table = answer["table"]
    assert table["mixed"] == "rotation"  # the default mode
    assert table["structures"] == {"drawmaha": "fixed-limit", "doogie": "fixed-limit"}
    assert table["buy_in"] == 2000  # the most of the games' 100 big blinds (Doogie: big bets)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        watcher = Player(ws, None)
        watcher.until(
            lambda m: (
                m["type"] == "state"
                and m["hand"] is not None
                and m["table"]["game"]["id"] == "doogie"
            )
        )
    states = [m for m in watcher.messages if m["type"] == "state" and m["hand"] is not None]
    drawmaha = next(m["table"] for m in states if m["table"]["game"]["id"] == "drawmaha")
    doogie = next(m["table"] for m in states if m["table"]["game"]["id"] == "doogie")
    assert drawmaha["structure"] == "fixed-limit"
    assert drawmaha["stakes"] == {
        "small_blind": 5, "big_blind": 10, "ante": 0, "small_bet": 10, "big_bet": 20,
    }  # fmt: skip
    assert doogie["stakes"] == {
        "small_blind": 5, "big_blind": 10, "ante": 5, "small_bet": 10, "big_bet": 20,
    }  # fmt: skip


def test_a_restart_in_the_middle_of_a_rotation_resumes_at_the_same_game_and_place(
    tmp_path: Path,
) -> None:
    settings = config(tmp_path)
    with TestClient(create_app(settings)) as client:
        answer = create(
            client, games=["badugi", "drawmaha", "bodigiha"], mixed="rotation",
            hands_per_game=3, player="Ann", bots=["caller"], seats=2,
        )  # fmt: skip
        table_id = answer["table"]["id"]
        path = f"/ws/tables/{table_id}?token={answer['token']}"
        with client.websocket_connect(path) as a:
            ann = Player(a, 0)
            while True:  # Ann checks or folds until hand 5 (Drawmaha's second) waits for her
                state = ann.until(my_turn(ann))
                if state["hand"]["number"] == 5:
                    break
                legal = state["hand"]["legal"]
                action = "check" if legal["check"] else "call" if legal["call"] else "fold"
                if legal["phase"] == "draw":
                    ann.send({"type": "act", "action": {"kind": "discard", "cards": []}})
                else:
                    ann.send({"type": "act", "action": {"kind": action}})
        before = state
        assert before["table"]["game"]["id"] == "drawmaha"
        assert before["table"]["mix"]["hand"] == 2 and before["table"]["mix"]["hands_left"] == 1
    with TestClient(create_app(settings)) as client:
        with client.websocket_connect(path) as a:
            ann = Player(a, 0)
            after = ann.until(my_turn(ann))
            assert after["table"]["game"]["id"] == "drawmaha"
            assert after["table"]["mix"] == before["table"]["mix"]
            for key in ("number", "board", "pot", "legal", "street"):
                assert after["hand"][key] == before["hand"][key], key
            # the rotation goes on from there: one more Drawmaha, then Bodigiha
            games: list[tuple[int, str]] = []
            state = after
            while len(games) < 2:
                number = state["hand"]["number"]
                if number > 5 and (not games or games[-1][0] != number):
                    games.append((number, state["table"]["game"]["id"]))
                legal = state["hand"]["legal"]
                if legal["phase"] == "draw":
                    ann.send({"type": "act", "action": {"kind": "discard", "cards": []}})
                else:
                    kind = "check" if legal["check"] else "fold"
                    ann.send({"type": "act", "action": {"kind": kind}})
                state = ann.until(my_turn(ann))
        assert games == [(6, "drawmaha"), (7, "bodigiha")]
        stored = json.loads(
            client.app.state.tables.store._db.execute(  # type: ignore[attr-defined]
                "SELECT state FROM web_tables WHERE id = ?", (table_id,)
            ).fetchone()[0]
        )
        assert stored["place"]["index"] == 2


def test_a_restart_keeps_dealers_choice_asking_and_then_the_game_picked(tmp_path: Path) -> None:
    settings = config(tmp_path)
    with TestClient(create_app(settings)) as client:
        answer = create(
            client, games=["badugi", "drawmaha", "doogie"], mixed="dealers-choice",
            hands_per_game=2, player="Ann", bots=["caller"], seats=2,
        )  # fmt: skip
        path = f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
        with client.websocket_connect(path) as a:
            asked = Player(a, 0).until(lambda m: m["type"] == "state" and m["choice"] is not None)
    # the server stops while Ann is asked: she is asked again after the restart
    with TestClient(create_app(settings)) as client, client.websocket_connect(path) as a:
        ann = Player(a, 0)
        again = ann.until(lambda m: m["type"] == "state" and m["choice"] is not None)
        assert again["choice"]["seat"] == 0 and again["hand"] is None
        assert again["choice"]["games"] == asked["choice"]["games"]
        ann.send({"type": "choose_game", "game": "drawmaha"})
        while True:  # Ann checks or folds until hand 2 (the pick's second hand) waits for her
            state = ann.until(my_turn(ann))
            assert state["table"]["game"]["id"] == "drawmaha"
            if state["hand"]["number"] == 2:
                break
            legal = state["hand"]["legal"]
            if legal["phase"] == "draw":
                ann.send({"type": "act", "action": {"kind": "discard", "cards": []}})
            else:
                kind = "check" if legal["check"] else "call" if legal["call"] else "fold"
                ann.send({"type": "act", "action": {"kind": kind}})
    before = state
    # a restart in the middle of the pick's second hand goes on in Drawmaha, at the same place
    with TestClient(create_app(settings)) as client, client.websocket_connect(path) as a:
        ann = Player(a, 0)
        after = ann.until(my_turn(ann))
        assert after["table"]["game"]["id"] == "drawmaha"
        assert after["table"]["mix"] == before["table"]["mix"]
        for key in ("number", "board", "pot", "legal", "street"):
            assert after["hand"][key] == before["hand"][key], key
        kept = ann.until(lambda m: m["type"] == "chat")  # (sent after the state)
        said = [m["text"] for m in kept["messages"]]
        assert said.count("Ann chooses Drawmaha") == 1  # (the chat was kept, not replayed)
