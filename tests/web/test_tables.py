"""The web table in process: the lobby API, the websocket protocol, hidden information, refusals,
clocks, seats, and tables that outlast the server. See docs/web-protocol.md."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from splitpot.engine.events import Event
from splitpot.history.store import HistoryStore
from splitpot.web import ServerConfig, create_app
from splitpot.web.tables import parse_action

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")
SEED_GAMES = ("bodigiha", "badugi", "drawmaha", "doogie")
ALL_GAMES = (
    *SEED_GAMES,
    "drawmaha-27",
    "drawmadugi",
    "triple-draw-dramaha",
    "sviten-special",
    "badacey",
    "badeucy",
    "27-triple-draw",
    "a5-triple-draw",
    "27-single-draw",
    "stud",
    "razz",
    "stud-8",
    "razzdugi",
)


def config(tmp_path: Path, **changes: Any) -> ServerConfig:
    base: dict[str, Any] = {
        "db": tmp_path / "web.sqlite3",
        "seed": 7,
        "bot_delay": 0.0,
        "next_hand_delay": 0.0,
        "action_seconds": 0.0,
    }
    return ServerConfig(**{**base, **changes})


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(config(tmp_path))) as test_client:
        yield test_client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def cards_in(message: Any) -> set[str]:
    """Every card named anywhere in a message (values and text)."""
    found: set[str] = set()
    if isinstance(message, dict):
        for value in message.values():
            found |= cards_in(value)
    elif isinstance(message, list):
        for value in message:
            found |= cards_in(value)
    elif isinstance(message, str):
        found |= set(CARD.findall(message))
    return found


class Player:
    """One websocket seat in a test: keeps every message it was sent."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.messages: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.messages.append(message)
        if message["type"] == "state":
            # States arrive in the order the server built them: the version never goes back.
            assert self.last is None or message["version"] >= self.last["version"], message
            self.last = message
        return message

    def until(self, predicate: Any, limit: int = 500) -> dict[str, Any]:
        for _ in range(limit):
            message = self.receive()
            if predicate(message):
                return message
        raise AssertionError("the expected message never came")

    def newer_than(self, version: int) -> dict[str, Any]:
        """The next state after ``version`` (an error on the way fails the test)."""
        while True:
            message = self.receive()
            assert message["type"] != "error", message
            if message["type"] == "state" and message["version"] > version:
                return message

    def at_least(self, version: int) -> dict[str, Any]:
        """This seat's newest state once it has seen ``version``."""
        if self.last is not None and self.last["version"] >= version:
            return self.last
        return self.newer_than(version - 1)

    def error(self) -> str:
        message = self.until(lambda m: m["type"] == "error")
        text: str = message["message"]
        return text

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_json(message)


def my_turn(player: Player) -> Any:
    def check(message: dict[str, Any]) -> bool:
        hand = message.get("hand")
        return message["type"] == "state" and hand is not None and hand["legal"] is not None

    return check


def choose(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action from a ``legal`` message (rarely folds)."""
    if legal["phase"] == "draw":
        count = rng.randint(0, legal["discard_max"])
        return {"kind": "discard", "cards": rng.sample(legal["hole"], count)}
    if legal["phase"] == "sviten":
        return {"kind": rng.choice(["keep", "reject"])}
    if legal["phase"] == "declare":
        return {"kind": "declare", "way": rng.choice(legal["declare"])}
    roll = rng.random()
    if legal.get("bring_in") is not None and roll >= 0.3:  # stud: bring in, or complete
        return {"kind": "bring_in"}
    bounds = legal["raise"]
    if bounds is not None and roll < 0.3:
        return {"kind": bounds["kind"], "amount": rng.randint(bounds["min"], bounds["max"])}
    if legal["fold"] and roll > 0.95:
        return {"kind": "fold"}
    return {"kind": "call"} if legal["call"] is not None else {"kind": "check"}


def play_hands(players: list[Player], hands: int, rng: random.Random) -> None:
    """People play until ``hands`` hands are over, through their sockets; bots play themselves.

    Every seat gets every ``state`` in the same order (``version`` grows with each change), so
    the newest state any seat has seen says who is to act."""
    latest = max((p.last for p in players if p.last), key=lambda m: m["version"])
    while True:
        result = latest["last_result"]
        if result is not None and result["number"] >= hands:
            return
        hand = latest["hand"]
        actor = next((p for p in players if hand is not None and p.seat == hand["to_act"]), None)
        if actor is None:  # between hands, or a bot is to act: wait for the next change
            broke = [p for p in players if hand is None and latest["seats"][p.seat]["stack"] == 0]
            for player in broke:  # a person who lost every chip buys in again
                player.send({"type": "rebuy"})
            latest = (broke or players)[0].newer_than(latest["version"])
            continue
        state = actor.at_least(latest["version"])
        if state["version"] > latest["version"]:
            latest = state
            continue
        legal = state["hand"]["legal"]
        assert legal is not None, state
        action = choose(legal, rng)
        actor.send({"type": "act", "action": action, "hand": state["hand"]["number"]})
        # Wait for the state that carries this action: another change (a rebuy, a seat
        # connecting) may come first and still show the old decision.
        acted = state["hand"]
        latest = actor.newer_than(state["version"])
        while (
            latest["hand"] is not None
            and latest["hand"]["number"] == acted["number"]
            and len(latest["hand"]["log"]) == len(acted["log"])
        ):
            latest = actor.newer_than(latest["version"])


def allowed_cards(events: list[Event], hand_seat: int | None) -> set[str]:
    """The cards a seat may know of a finished hand: its own, the board, the shown hands."""
    allowed: set[str] = set()
    for event in events:
        if event.kind == "deal_hole" and event.data.get("up"):  # stud's up cards: public
            allowed |= {str(c) for c in event.data["up"]}
        if event.kind in ("deal_board", "deal_run"):  # (run two's board: run it twice)
            allowed |= {str(c) for c in event.data["cards"]}
        elif event.kind in ("show", "sviten_up"):
            cards = event.data.get("cards") or (event.data["card"],)
            allowed |= {str(c) for c in cards}
        elif hand_seat is not None and event.secret_to == hand_seat:
            for key in ("cards", "received", "discarded"):
                allowed |= {str(c) for c in event.secret.get(key, ())}
    return allowed


def check_no_leaks(player: Player, client: TestClient, table_id: str) -> int:
    """Every card in every message ``player`` got was one its seat could see: checked against
    the full logs of the hands (the store's, and the server's hand in progress)."""
    store: HistoryStore = client.app.state.history  # type: ignore[attr-defined]
    tables = client.app.state.tables  # type: ignore[attr-defined]
    by_number: dict[int, list[Event]] = {}
    live = tables.get(table_id).hand  # the hand still in play when the test stopped, if any
    if live is not None:
        by_number[tables.get(table_id).hands_played + 1] = list(live.events)
    links = tables.store._db.execute(
        "SELECT hand_id, number FROM web_table_hands WHERE table_id = ?", (table_id,)
    ).fetchall()
    for hand_id, number in links:
        by_number[number] = list(store.get(hand_id).events)
    checked = 0
    allowed: set[str] = set()  # what the seat could see as of its latest state
    for message in player.messages:
        if message["type"] == "state":
            allowed = set()
            names = [s["name"] for s in message["seats"]]
            for key in ("hand", "last_result"):
                part = message[key]
                if part is None:
                    continue
                events = by_number.get(part["number"])
                assert events is not None, part["number"]
                hand_names = events[0].data["names"]
                me = (
                    hand_names.index(names[player.seat])
                    if player.seat is not None and names[player.seat] in hand_names
                    else None
                )
                allowed |= allowed_cards(events, me)
        seen = cards_in(message)  # errors and pongs too
        leaked = seen - allowed
        assert not leaked, f"seat {player.seat} was sent {sorted(leaked)}: {json.dumps(message)}"
        checked += bool(seen)
    return checked


# ---------------------------------------------------------------------- lobby


def test_games_list_every_registry_game_with_its_ranking_panel(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert set(ALL_GAMES) <= set(games)
    bodigiha = games["bodigiha"]
    assert bodigiha["structure"] == "pot-limit" and bodigiha["draws"] == [2]
    assert [p["award"] for p in bodigiha["ranking"]] == ["badugi", "omaha"]
    assert all(p["lines"] for g in games.values() for p in g["ranking"])
    assert games["doogie"]["declare"] and games["doogie"]["forced"] == "ante"


def test_create_table_seats_you_and_the_bots(client: TestClient) -> None:
    answer = create(client, game="bodigiha", player="Ann", bots=["heuristic", "caller"], seats=4)
    table = answer["table"]
    assert answer["seat"] == 0 and len(answer["token"]) >= 32
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot", "open"]
    assert table["open_seats"] == 1 and table["buy_in"] == 200
    assert client.get("/api/tables").json()["tables"][0]["id"] == table["id"]
    assert client.get(f"/api/tables/{table['id']}").json()["name"] == "Bodigiha table"
    assert "token" not in json.dumps(client.get("/api/tables").json())


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "game: name a game"),
        ({"game": "pinochle"}, "game:"),
        ({"game": "badugi", "structure": "spread-limit"}, "structure:"),
        ({"game": "badugi", "seats": 9}, "seats: Badugi seats 2 to 6"),
        ({"game": "badugi", "seats": "3"}, "seats:"),
        ({"game": "badugi", "bots": ["shark"]}, "bots: a list of bot kinds"),
        ({"game": "badugi", "seats": 2, "bots": ["random", "random"], "player": "A"}, "fit"),
        ({"game": "badugi", "stakes": "one/two"}, "stakes:"),
        ({"game": "badugi", "buy_in": 1}, "buy_in:"),
        ({"game": "badugi", "player": ""}, "player: the name is empty"),
        ({"game": "badugi", "player": "x" * 40}, "longer than 24"),
        ({"game": "badugi", "colour": "red"}, "unknown field 'colour'"),
        ({"game": "badugi", "clock": -1}, "clock:"),
    ],
)
def test_bad_table_requests_are_refused_with_the_reason(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_malformed_request_bodies_are_refused(client: TestClient) -> None:
    as_json = {"content-type": "application/json"}  # a POST must say it is JSON (guard.py)
    assert client.post("/api/tables", content=b"{nope", headers=as_json).status_code == 400
    assert "JSON object" in client.post("/api/tables", json=[1]).json()["error"]
    big = client.post("/api/tables", content=b" " * 20000, headers=as_json)
    assert big.status_code == 413 and "too large" in big.json()["error"]
    assert client.get("/api/tables/nope").status_code == 404
    assert "no table" in client.get("/api/tables/nope").json()["error"]


def test_joining_takes_an_open_seat_and_refuses_taken_seats_and_names(client: TestClient) -> None:
    table = create(client, game="badugi", player="Ann", bots=["random"], seats=3)["table"]
    url = f"/api/tables/{table['id']}/join"
    assert client.post(url, json={"player": "ann"}).json()["error"].startswith("player: 'ann'")
    assert client.post(url, json={"player": "Bob", "seat": 1}).status_code == 409
    joined = client.post(url, json={"player": "Bob"}).json()
    assert joined["seat"] == 2 and joined["table"]["open_seats"] == 0
    full = client.post(url, json={"player": "Cy"})
    assert full.status_code == 409 and full.json()["error"] == "the table is full"


# ---------------------------------------------------------------------- playing


@pytest.mark.parametrize("game", SEED_GAMES)
def test_people_and_bots_play_complete_hands_and_see_only_their_cards(
    tmp_path: Path, game: str
) -> None:
    rng = random.Random(game)
    with TestClient(create_app(config(tmp_path))) as client:
        answer = create(client, game=game, player="Ann", bots=["random", "heuristic"], seats=4)
        table_id = answer["table"]["id"]
        bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"}).json()
        with (
            client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
            client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b,
            client.websocket_connect(f"/ws/tables/{table_id}") as w,
        ):
            ann, bob_player, watcher = Player(a, 0), Player(b, 3), Player(w, None)
            for player in (ann, bob_player, watcher):
                player.receive()
            play_hands([ann, bob_player], hands=4, rng=rng)
            watcher.send({"type": "state"})
            watcher.until(lambda m: m["type"] == "state" and m["last_result"] is not None)
            for player in (ann, bob_player):
                player.send({"type": "state"})
                player.until(lambda m: m["type"] == "state")
        store = client.app.state.history  # type: ignore[attr-defined]
        assert len(store) >= 4
        for stored in store:
            assert stored.source == "web"
            assert sum(stored.final_stacks) == sum(stored.starting_stacks)
        checked = sum(check_no_leaks(p, client, table_id) for p in (ann, bob_player, watcher))
        assert checked > 20
        # Every chip is where it was bought: the table's total never changes.
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.chips_in_play() == table.chips_bought()


@pytest.mark.slow
@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_plays_many_hands_without_leaks(tmp_path: Path, game: str) -> None:
    rng = random.Random(game)
    with TestClient(create_app(config(tmp_path))) as client:
        answer = create(client, game=game, player="Ann", bots=["random", "random", "caller"])
        table_id = answer["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
            ann = Player(a, 0)
            ann.receive()
            play_hands([ann], hands=25, rng=rng)
        assert check_no_leaks(ann, client, table_id) > 50
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.chips_in_play() == table.chips_bought()


def test_watcher_sees_no_hole_cards_and_cannot_act(client: TestClient) -> None:
    answer = create(client, game="drawmaha", player="Ann", bots=["caller"], seats=2)
    table_id = answer["table"]["id"]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}") as w,
    ):
        ann, watcher = Player(a, 0), Player(w, None)
        state = ann.until(my_turn(ann))
        mine = state["seats"][0]["cards"]
        assert len(mine) == 5 and state["seats"][1]["cards"] is None
        seen = watcher.until(lambda m: m["type"] == "state" and m["hand"] is not None)
        assert seen["you"] is None
        assert all(s["cards"] is None for s in seen["seats"]) and not cards_in(seen) & set(mine)
        watcher.send({"type": "act", "action": {"kind": "fold"}})
        assert watcher.error() == "you have no seat at this table: you are watching"


def test_out_of_turn_and_other_seat_actions_are_refused(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", seats=2)
    table_id = answer["table"]["id"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"}).json()
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b,
    ):
        ann, bob_player = Player(a, 0), Player(b, 1)
        state = ann.until(lambda m: m["type"] == "state" and m["hand"] is not None)
        actor, other = (ann, bob_player) if state["hand"]["to_act"] == 0 else (bob_player, ann)
        actor_name = state["seats"][actor.seat]["name"]
        other_name = state["seats"][other.seat]["name"]
        other.send({"type": "act", "action": {"kind": "call"}})
        assert other.error() == f"not {other_name}'s turn: {actor_name} is to act"
        other.send({"type": "act", "action": {"kind": "call"}, "seat": actor.seat})
        assert other.error().startswith("you can act only for your own seat")
        actor.send({"type": "act", "action": {"kind": "check"}})
        assert f"{actor_name} cannot check now; they may fold" in actor.error()
        actor.send({"type": "act", "action": {"kind": "raise", "amount": 7}})
        assert "raise" in actor.error()
        actor.send({"type": "act", "action": {"kind": "call"}, "hand": 99})
        assert actor.error() == "that action was for hand 99; hand 1 is on"
        # The table goes on: the right seat's legal action is taken.
        actor.send({"type": "act", "action": {"kind": "call"}, "hand": 1})
        after = actor.until(lambda m: m["type"] == "state" and m["hand"]["to_act"] == other.seat)
        assert after["hand"]["pot"] == 4


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("not json", "a message must be a JSON object: not JSON"),
        ("[1, 2]", "a message must be a JSON object"),
        ('{"kind": "fold"}', "unknown message type None"),
        ('{"type": "shout"}', "unknown message type 'shout'"),
        ('{"type": "act"}', 'act needs an "action" object'),
        ('{"type": "act", "action": {"kind": "dance"}}', "unknown action 'dance'"),
        ('{"type": "act", "action": {"kind": "bet", "amount": "9"}}', "whole number of chips"),
        ('{"type": "act", "action": {"kind": "discard", "cards": ["Kx"]}}', "unknown suit 'x'"),
        ('{"type": "act", "action": {"kind": "declare", "way": "up"}}', "declare high, low"),
        ('{"type": "act", "action": {"kind": "call"}, "pad": "' + "x" * 5000 + '"}', "too large"),
    ],
)
def test_malformed_and_oversized_messages_are_refused_and_the_table_goes_on(
    client: TestClient, raw: str, message: str
) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        state = ann.until(my_turn(ann))
        a.send_text(raw)
        assert message in ann.error()
        ann.send({"type": "ping"})
        assert ann.until(lambda m: m["type"] in ("pong", "state"))["type"] == "pong"
        legal = state["hand"]["legal"]
        ann.send({"type": "act", "action": {"kind": "call" if legal["call"] else "check"}})
        moved = ann.until(lambda m: m["type"] in ("state", "error"))
        assert moved["type"] == "state" and moved["version"] > state["version"]


def test_a_token_of_no_seat_and_an_unknown_table_are_refused(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    other = create(client, game="badugi", player="Bob", bots=["caller"], seats=2)
    for path, code in (
        (f"/ws/tables/{answer['table']['id']}?token={other['token']}", 4403),
        ("/ws/tables/nope", 4404),
    ):
        with client.websocket_connect(path) as ws:
            assert ws.receive_json()["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == code


def test_reconnecting_resumes_the_seat_with_the_same_cards(client: TestClient) -> None:
    answer = create(client, game="bodigiha", player="Ann", bots=["caller"], seats=2)
    path = f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
    with client.websocket_connect(path) as a:
        ann = Player(a, 0)
        first = ann.until(my_turn(ann))
    with client.websocket_connect(path) as a:
        again = Player(a, 0).until(my_turn(ann))
    assert again["seats"][0]["cards"] == first["seats"][0]["cards"]
    assert again["hand"]["legal"] == first["hand"]["legal"]


def test_pot_limit_pot_preset_is_the_true_pot_limit_maximum(client: TestClient) -> None:
    answer = create(client, game="bodigiha", player="Ann", bots=["caller", "caller"], seats=3)
    with client.websocket_connect(
        f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
    ) as a:
        ann = Player(a, 0)
        state = ann.until(my_turn(ann))
        # Three-handed, Ann on the button opens: blinds 1 and 2, so the pot after her call of 2
        # is 5 and the pot-limit raise is to 2 + 5 = 7.
        raise_ = state["hand"]["legal"]["raise"]
        assert state["seats"][0]["button"]
        assert raise_["max"] == 7
        assert {p["label"]: p["to"] for p in raise_["presets"]}["Pot"] == 7
        ann.send({"type": "act", "action": {"kind": "raise", "amount": 8}})
        assert ann.error() == "cannot raise to 8: the pot-limit maximum is 7"


def test_running_out_of_time_checks_or_folds_and_sits_the_seat_out(tmp_path: Path) -> None:
    with TestClient(create_app(config(tmp_path, action_seconds=0.2))) as client:
        answer = create(client, game="badugi", player="Ann", bots=["caller", "caller"], seats=3)
        with client.websocket_connect(
            f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
        ) as a:
            ann = Player(a, 0)
            state = ann.until(my_turn(ann))
            assert 0 < state["hand"]["clock"] <= 0.2
            done = ann.until(lambda m: m["type"] == "state" and m["last_result"] is not None)
            assert done["seats"][0]["sitting_out"]
            assert any("Ann folds" in line for line in done["log"])
            assert done["hand"] is None  # two bots alone are not dealt a hand
            ann.send({"type": "sit_in"})
            back = ann.until(lambda m: m["type"] == "state" and m["hand"] is not None)
            assert back["seats"][0]["in_hand"]


def test_rebuy_sit_out_and_leave(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", seats=3)
    table_id = answer["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
        ann = Player(a, 0)
        ann.receive()
        ann.send({"type": "rebuy"})
        assert "already at the buy-in" in ann.error()
        ann.send({"type": "sit_out"})
        assert ann.until(lambda m: m["type"] == "state")["seats"][0]["sitting_out"]
        ann.send({"type": "leave"})
        left = ann.until(lambda m: m["type"] == "state")
        assert left["seats"][0]["kind"] == "open" and left["you"] is None
        ann.send({"type": "rebuy"})
        assert ann.error() == "you have no seat at this table: you are watching"
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    assert table.seats[0].left_with == 200 and table.chips_in_play() == table.chips_bought()


def test_parse_action_names_what_is_wrong() -> None:
    assert parse_action({"kind": "discard", "cards": ["Ks", "qd"]}).cards[1].rank == 10
    with pytest.raises(Exception, match="card 2 in your discard"):
        parse_action({"kind": "discard", "cards": ["Ks", "Q"]})


# ---------------------------------------------------------------------- lasting


@pytest.mark.parametrize("seed", [7, None])
def test_a_restart_resumes_the_hand_in_progress(tmp_path: Path, seed: int | None) -> None:
    settings = config(tmp_path, seed=seed)
    with TestClient(create_app(settings)) as client:
        answer = create(client, game="drawmaha", player="Ann", bots=["caller", "random"], seats=3)
        table_id = answer["table"]["id"]
        path = f"/ws/tables/{table_id}?token={answer['token']}"
        with client.websocket_connect(path) as a:
            ann = Player(a, 0)
            before = ann.until(my_turn(ann))
    with TestClient(create_app(settings)) as client:
        with client.websocket_connect(path) as a:
            after = Player(a, 0).until(my_turn(ann))
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.chips_in_play() == table.chips_bought() == 3 * 200
    for key in ("board", "pot", "number", "legal", "log"):
        assert after["hand"][key] == before["hand"][key], key
    assert after["seats"][0]["cards"] == before["seats"][0]["cards"]


def test_a_hand_whose_log_cannot_replay_is_cancelled_with_every_chip_returned(
    tmp_path: Path,
) -> None:
    settings = config(tmp_path)
    with TestClient(create_app(settings)) as client:
        answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
        table_id = answer["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
            ann = Player(a, 0)
            state = ann.until(my_turn(ann))
            ann.send({"type": "act", "action": {"kind": "call"}})
            ann.until(lambda m: m["type"] == "state" and m["hand"]["pot"] > state["hand"]["pot"])
    import sqlite3

    with sqlite3.connect(settings.db) as db:  # type: ignore[arg-type]
        (text,) = db.execute("SELECT hand FROM web_tables").fetchone()
        lines = text.splitlines()
        lines[-1] = lines[-1].replace('"kind": "', '"kind": "x')  # a log this version cannot read
        db.execute("UPDATE web_tables SET hand = ?", ("\n".join(lines),))
    with TestClient(create_app(settings)) as client:
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        notice = table.notice or ""
        assert notice.startswith("Hand 1 was cancelled (its log could not be replayed: ")
        assert notice.endswith("; every chip went back.")
        # The next hand may already be dealt: it starts from the returned stacks.
        stacks = table.hand.starting_stacks if table.hand else [s.stack for s in table.seats]
        assert list(stacks) == [200, 200]
        assert table.hands_played == 0


def test_sviten_keep_or_reject_shows_the_face_up_card_on_offer(client: TestClient) -> None:
    answer = create(client, game="sviten-special", player="Ann", bots=["caller"], seats=2)
    rng = random.Random(3)
    with client.websocket_connect(
        f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
    ) as a:
        ann = Player(a, 0)
        for _ in range(200):
            state = ann.until(my_turn(ann))
            legal = state["hand"]["legal"]
            if legal["phase"] == "sviten":
                assert legal["keep_reject"] and legal["face_up"]
                assert f"Ann is dealt {legal['face_up']} face up" in state["hand"]["log"]
                return
            if legal["phase"] == "draw":  # throw one card: the replacement comes face up
                action = {"kind": "discard", "cards": legal["hole"][:1]}
            else:
                action = (
                    choose(legal, rng)
                    if legal["phase"] != "bet"
                    else ({"kind": "call"} if legal["call"] is not None else {"kind": "check"})
                )
            ann.send({"type": "act", "action": action})
    raise AssertionError("Ann was never offered a face-up card")


def test_leaving_turns_every_connection_of_the_seat_into_a_watcher(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", seats=3)
    path = f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
    with client.websocket_connect(path) as first, client.websocket_connect(path) as second:
        one, two = Player(first, 0), Player(second, 0)
        one.receive()
        two.receive()
        one.send({"type": "leave"})
        assert (
            one.until(lambda m: m["type"] == "state" and m["you"] is None)["seats"][0]["kind"]
            == "open"
        )
        assert two.until(lambda m: m["type"] == "state" and m["you"] is None)["you"] is None
        two.send({"type": "sit_in"})
        assert two.error() == "you have no seat at this table: you are watching"


def test_real_tables_shuffle_with_the_secure_generator(tmp_path: Path) -> None:
    assert isinstance(ServerConfig().deck_rng("t1:1"), random.SystemRandom)
    seeded = ServerConfig(seed=3)
    assert seeded.deck_rng("t1:1").random() == ServerConfig(seed=3).deck_rng("t1:1").random()
    used: list[random.Random] = []

    class Recording(ServerConfig):
        def deck_rng(self, salt: str) -> random.Random:
            rng = super().deck_rng(salt)
            used.append(rng)
            return rng

    settings = Recording(db=tmp_path / "web.sqlite3", bot_delay=0, action_seconds=0)
    with TestClient(create_app(settings)) as client:
        answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
        assert len(answer["table"]["id"]) >= 8  # an unguessable table address too
        with client.websocket_connect(
            f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
        ) as a:
            Player(a, 0).until(my_turn(Player(a, 0)))
    assert used and all(isinstance(rng, random.SystemRandom) for rng in used)


def test_a_table_of_bots_deals_only_while_someone_watches(client: TestClient) -> None:
    table = create(client, game="badugi", bots=["caller", "random"], seats=2)["table"]
    assert client.get(f"/api/tables/{table['id']}").json()["hands_played"] == 0
    with client.websocket_connect(f"/ws/tables/{table['id']}") as w:
        watcher = Player(w, None)
        done = watcher.until(lambda m: m["type"] == "state" and m["last_result"] is not None)
        assert done["you"] is None and done["last_result"]["number"] >= 1
    manager = client.app.state.tables  # type: ignore[attr-defined]
    assert manager.get(table["id"]).dealable(watched=False) == []


def test_table_options_are_validated_kept_and_played(tmp_path: Path) -> None:
    settings = config(tmp_path)
    with TestClient(create_app(settings)) as client:
        for bad, message in (
            ({"odd_chip": "refuse"}, "odd_chip is always high-award"),
            ({"raise_cap": 7}, "raise_cap 7"),
            ({"raise_cap": "5"}, "raise_cap cannot be '5'"),
            ({"reshuffle": "never"}, "reshuffle 'never'"),
            ({"colour": 1}, "unknown option 'colour'"),
            ([], "options: an object"),
        ):
            response = client.post("/api/tables", json={"game": "badugi", "options": bad})
            assert response.status_code == 400 and message in response.json()["error"], bad
        answer = create(
            client, game="drawmadugi", player="Ann", bots=["caller"], seats=2,
            options={"max_discard": 3, "raise_cap": 5, "heads_up_uncapped": True},
        )  # fmt: skip
        assert answer["table"]["options"]["max_discard"] == 3
        path = f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
        with client.websocket_connect(path) as a:
            ann = Player(a, 0)
            for _ in range(50):
                state = ann.until(my_turn(ann))
                legal = state["hand"]["legal"]
                if legal["phase"] == "draw":
                    assert legal["discard_max"] == 3  # the table's 0-3 option, not the game's 5
                    break
                ann.send(
                    {
                        "type": "act",
                        "action": {"kind": "call"} if legal["call"] else {"kind": "check"},
                    }
                )
            else:
                raise AssertionError("no draw came")
    with TestClient(create_app(settings)) as client:  # the options outlast a restart
        table = client.app.state.tables.get(answer["table"]["id"])  # type: ignore[attr-defined]
        assert table.options.max_discard == 3 and table.options.heads_up_uncapped


def test_a_person_away_too_long_loses_the_seat_and_takes_the_chips(tmp_path: Path) -> None:
    settings = config(tmp_path, away_seconds=0.5, action_seconds=0.1)
    with TestClient(create_app(settings)) as client:
        # Ann creates a table and never connects: her clock runs out, she sits out, and after
        # half a second away her seat is freed, her chips leaving with her.
        answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=3)
        table_id = answer["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as w:
            watcher = Player(w, None)
            freed = watcher.until(
                lambda m: m["type"] == "state" and m["seats"][0]["kind"] == "open", limit=5000
            )
            assert freed["last_result"] is not None  # after the hand she timed out of
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.seats[0].left_with > 0 and table.chips_in_play() == table.chips_bought()
        # Bob is connected: sitting out, he keeps his seat.
        bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"}).json()
        with client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b:
            bob_player = Player(b, bob["seat"])
            bob_player.receive()
            bob_player.send({"type": "sit_out"})
            bob_player.until(
                lambda m: m["type"] == "state" and m["seats"][bob["seat"]]["sitting_out"]
            )
            time.sleep(0.8)  # longer than the away limit
            bob_player.send({"type": "ping"})
            bob_player.until(lambda m: m["type"] == "pong")
            assert table.seats[bob["seat"]].kind == "human"


def test_real_tables_seed_reshuffles_with_128_secure_bits(tmp_path: Path) -> None:
    settings = ServerConfig(db=tmp_path / "web.sqlite3", bot_delay=0, action_seconds=0)
    with TestClient(create_app(settings)) as client:
        answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
        with client.websocket_connect(
            f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
        ) as a:
            Player(a, 0).until(my_turn(Player(a, 0)))
        table = client.app.state.tables.get(answer["table"]["id"])  # type: ignore[attr-defined]
        seed = table.hand.events[0].secret["seed"]
        assert seed.bit_length() > 64  # (1 in 2**64 to fail by chance)


def test_an_action_for_an_earlier_decision_is_refused_not_applied(client: TestClient) -> None:
    answer = create(client, game="badugi", player="Ann", bots=["caller"], seats=2)
    path = f"/ws/tables/{answer['table']['id']}?token={answer['token']}"
    with client.websocket_connect(path) as a:
        ann = Player(a, 0)
        first = ann.until(my_turn(ann))
        legal = first["hand"]["legal"]
        action = {"kind": "call"} if legal["call"] is not None else {"kind": "check"}
        ann.send({"type": "act", "action": action, "turn": legal["turn"]})
        again = ann.until(my_turn(ann))  # Ann's next decision (the bot has answered)
        assert again["hand"]["legal"]["turn"] > legal["turn"]
        ann.send({"type": "act", "action": action, "turn": legal["turn"]})  # a stale click
        assert ann.error() == "that action was for an earlier decision: the hand has moved on"
        ann.send({"type": "state"})
        unchanged = ann.until(lambda m: m["type"] == "state")
        assert unchanged["hand"]["log"] == again["hand"]["log"]
