"""Fuzz tests (issue 13): Hypothesis sends generated JSON to every HTTP route and every websocket
message type.

Every answer must be a refusal with a message (a 4xx with ``{"error": "..."}``, or a
websocket ``error`` with the socket still open) or a proper answer; nothing reaches the log
as a traceback (the in-process client also raises any exception a route lets out), and the
server still answers afterwards. The routes are read from the app itself, so a route added
later is fuzzed too. The everyday versions try a few examples; the ``slow`` ones many more,
and one against a real ``splitpot serve`` whose log is read for tracebacks.
"""

from __future__ import annotations

import json
import logging
import random
import re
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from splitpot.engine.hand import Hand
from splitpot.history import HistoryStore
from splitpot.web import create_app
from splitpot.web.tables.protocol import MESSAGE_TYPES

from .test_tables import config

QUICK = 25  # examples per everyday test
SLOW = 400

GAMES = ["badugi", "drawmaha", "doogie", "bodigiha", "sviten-special", "holdem", "nope", ""]
KEYS = [
    # every field name the routes and messages read, so generated objects reach their checks
    "game", "structure", "stakes", "seats", "bots", "buy_in", "player", "name", "clock",
    "options", "seat", "players", "board", "pot", "contributions", "declarations", "button",
    "odd_chip", "hand", "hole", "discard", "draws", "samples", "seed", "opponents",
    "opponent_hands", "opponent_declarations", "policy", "winners", "payouts", "type",
    "action", "kind", "amount", "cards", "way", "turn", "max_discard", "raise_cap",
    "heads_up_uncapped", "reshuffle", "two_way_tie_keeps", "dead", "exact", "id", "case",
]  # fmt: skip
WORDS = [
    *GAMES, "As Kd Qh Jc Ts", "As", "Kx", "random", "high", "low", "both", "1/2", "5/10",
    "pot-limit", "no-limit", "fixed-limit", "heuristic", "caller", "call", "raise", "fold",
    "discard", "declare", "A", "B", "Ann", "refuse", "high-award", "all-discards", "\x00",
    "é" * 30, "<script>", "../../etc/passwd",
]  # fmt: skip

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(WORDS)
    | st.text(max_size=12)
)
keys = st.sampled_from(KEYS) | st.text(max_size=8)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)
objects = st.dictionaries(keys, json_values, max_size=6)


def _encoded(value: Any) -> bytes:
    return json.dumps(value).encode()


DEEP = b"[" * 3000 + b"]" * 3000
NASTY_BODIES = [
    b"", b"{", b"NaN", b'{"pot": Infinity}', b"\xff\xfe", b"[" * 500, DEEP,
    b'{"game": "drawmaha", "x": ' + DEEP + b"}", b'{"game": 1e999}', b'{"game": -0.0}',
    b'{"game": "badugi", "seats": 99999999999999999999999}', b'{"game": ["badugi"]}',
    b'{"game": "doogie", "options": {"max_discard": 2.5}}', b'{"players": {"A": null}}',
]  # fmt: skip
"""Bodies every POST route is sent, before the generated ones."""

bodies = st.one_of(
    objects.map(_encoded),
    objects.map(_encoded),
    json_values.map(_encoded),
    st.sampled_from(NASTY_BODIES),
    st.binary(max_size=40),
)
path_values = st.sampled_from(
    ["t1", "1", "0", "-1", "2", "99999999999999999999", "case.drawmaha-three-quarters.200",
     "drawmaha", "doogie", "..", "%00", "x" * 300, "seed.badugi.1", "1e3"]
) | st.text(min_size=1, max_size=10)  # fmt: skip
queries = st.dictionaries(
    st.sampled_from(["game", "seed", "limit", "offset", "source", "token", "case", "pot", "x"]),
    st.sampled_from(
        ["", "0", "-1", "3", "badugi", "drawmaha-three-quarters", "web", "1e9", "x" * 80]
    )
    | st.text(max_size=8),
    max_size=3,
)

_PARAM = re.compile(r"\{(\w+)(?::\w+)?\}")


def http_routes(app: Any) -> list[tuple[str, str]]:
    """Every (method, path template) of the app (pages, the API), HEAD aside."""
    found = []
    for route in app.routes:
        if isinstance(route, Route):
            for method in sorted(route.methods or {"GET"}):
                if method != "HEAD":
                    found.append((method, route.path))
        elif isinstance(route, Mount):
            found.append(("GET", route.path + "/{file}"))
    return found


def played_hand() -> Hand:
    rng = random.Random(5)
    hand = Hand("drawmaha", stacks=[200, 200, 200], rng=rng)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(_passive(legal))
    return hand


def _passive(legal: Any) -> Any:
    from splitpot.engine.events import Action

    if legal.phase == "draw":
        return Action.stand_pat()
    if legal.phase == "declare":
        return Action.declare("high")
    if legal.phase == "sviten":
        return Action.keep()
    return Action.check() if legal.check else Action.call()


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    settings_ = config(tmp_path, max_tables=40)
    assert settings_.db is not None
    with HistoryStore(settings_.db) as store:
        store.add(played_hand().events, source="simulate")
    with TestClient(create_app(settings_)) as client:
        created = client.post(
            "/api/tables", json={"game": "badugi", "player": "Ann", "bots": ["caller"], "seats": 3}
        )
        assert created.status_code == 201
        yield client


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage() for r in bad]


def check_http_answer(path: str, response: Any) -> None:
    assert response.status_code < 500, (path, response.status_code, response.text[:300])
    if path.startswith("/api/") and response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error, str) and error.strip(), response.text
        assert "Traceback" not in error


def fuzz_http(client: TestClient, examples: int) -> None:
    routes = http_routes(client.app)
    assert ("POST", "/api/tables") in routes and ("GET", "/api/hands/{hand_id}") in routes

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=examples <= QUICK,
    )
    @given(
        route=st.sampled_from(routes),
        value=path_values,
        query=queries,
        body=bodies,
        content_type=st.sampled_from(["application/json"] * 4 + ["text/plain", ""]),
    )
    def one(
        route: tuple[str, str],
        value: str,
        query: dict[str, str],
        body: bytes,
        content_type: str,
    ) -> None:
        method, template = route
        path = _PARAM.sub(lambda m: urllib.parse.quote(value, safe=""), template)
        url = path + ("?" + urllib.parse.urlencode(query) if query else "")
        headers = {"content-type": content_type} if content_type else {}
        if method == "GET":
            response = client.get(url)
        else:
            response = client.request(method, url, content=body, headers=headers)
        check_http_answer(path, response)

    for method, template in routes:  # the known nasty inputs, to every route, every time
        path = _PARAM.sub("1", template)
        for body in NASTY_BODIES if method != "GET" else [b""]:
            response = client.request(
                method, path, content=body, headers={"content-type": "application/json"}
            )
            check_http_answer(path, response)
    for path in ("/api/tables/..", "/api/hands/%2e%2e", "/api"):  # "/api" itself, once resolved
        check_http_answer("/api/", client.get(path))
    one()
    assert client.get("/api/games").status_code == 200
    assert client.get("/api/tables").status_code == 200


def test_fuzz_every_http_route(app_client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    fuzz_http(app_client, QUICK)
    no_tracebacks(caplog)


@pytest.mark.slow
def test_fuzz_every_http_route_at_length(
    app_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    fuzz_http(app_client, SLOW)
    no_tracebacks(caplog)


# --------------------------------------------------------------------------- the websocket


def message_for(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    """A message of type ``kind`` with generated fields (an ``act`` gets an action object with
    a kind most of the time, so the reading of each action is reached)."""
    action = st.dictionaries(keys, json_values, max_size=4).flatmap(
        lambda extra: st.sampled_from(
            ["fold", "check", "call", "bet", "raise", "discard", "keep", "reject", "declare", "x"]
        ).map(lambda k: {**extra, "kind": k})
    )
    fields = st.fixed_dictionaries(
        {},
        optional={
            "action": action | json_values,
            "seat": scalars,
            "hand": scalars,
            "turn": scalars,
            "text": scalars | st.text(max_size=220),  # chat
            "name": scalars,  # a watcher's chat
            "game": scalars,  # choose_game
        },
    )
    return st.tuples(fields, objects).map(lambda pair: {**pair[1], **pair[0], "type": kind})


NASTY_FRAMES = [
    "", "{", "NaN", '{"type": NaN}', '{"type": "act", "action": Infinity}',
    '{"type": "ping", "x": ' + "[" * 2000 + "]" * 2000 + "}",
    '{"type": "act", "action": ' + "[" * 2000 + "]" * 2000 + "}",
    '{"type": "act", "action": {"kind": "raise", "amount": 1e999}}',
    '{"type": "act", "action": {"kind": "raise", "amount": 99999999999999999999999}}',
    '{"type": "act", "action": {"kind": "discard", "cards": "As"}}',
    '{"type": "act", "action": {"kind": "discard", "cards": [1, 2]}}',
    '{"type": "act", "action": {"kind": "declare", "way": ["high"]}}',
    '{"type": "act", "action": {"kind": "call"}, "seat": "0", "hand": [], "turn": {}}',
    '{"type": ["act"]}', '{"type": {"a": 1}}', "[" * 2000 + "]" * 2000,
]  # fmt: skip
"""Frames every socket is sent, seated and watching, before the generated ones."""

frames = st.one_of(
    st.sampled_from(MESSAGE_TYPES).flatmap(message_for).map(json.dumps),
    objects.map(json.dumps),
    json_values.map(json.dumps),
    st.sampled_from(["", "{", "NaN", '{"type": NaN}', '{"type": "act", "action": Infinity}']),
    st.text(max_size=30),
)


def fuzz_socket(client: TestClient, examples: int) -> None:
    table: dict[str, str] = {}

    def new_table() -> None:
        created = client.post(
            "/api/tables",
            json={"game": "drawmaha", "player": "Bo", "bots": ["random"], "seats": 2},
        ).json()
        table.update(id=created["table"]["id"], token=created["token"])

    def seat_token() -> str:
        """Bo's token. A generated ``leave`` between hands gives the seat up (the protocol's
        refusal of a stale token, an ``error`` and code 4403, is not the fuzz's business), so
        Bo takes it again; a generated ``close`` from Bo, the host, ends the table, so Bo opens
        another."""
        info = client.get(f"/api/tables/{table['id']}").json()
        if info.get("closed"):
            new_table()
        elif info["seats"][0]["kind"] == "open":
            joined = client.post(
                f"/api/tables/{table['id']}/join", json={"player": "Bo", "seat": 0}
            )
            assert joined.status_code == 200, joined.text
            table["token"] = joined.json()["token"]
        return table["token"]

    new_table()

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=examples <= QUICK,
    )
    @given(frame=frames, seated=st.booleans())
    def one(frame: str, seated: bool) -> None:
        exchange(frame, seated)

    def exchange(frame: str, seated: bool) -> None:
        token = seat_token()
        url = f"/ws/tables/{table['id']}" + (f"?token={token}" if seated else "")
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_text(frame)
            ws.send_text('{"type": "ping"}')
            for _ in range(200):  # every answer is a state, a chat, an error or the pong
                message = ws.receive_json()
                assert message["type"] in ("state", "chat", "error", "pong"), message
                if message["type"] == "error":
                    assert isinstance(message["message"], str) and message["message"].strip()
                if message["type"] == "pong":
                    break
            else:
                raise AssertionError("no pong: the socket stopped answering")

    for frame in [*NASTY_FRAMES, '{"type": "close"}']:  # the host ends the table; Bo opens another
        for seated in (True, False):
            exchange(frame, seated)
    one()
    assert client.get(f"/api/tables/{table['id']}").status_code == 200


def test_fuzz_every_websocket_message_type(
    app_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    fuzz_socket(app_client, QUICK)
    no_tracebacks(caplog)


@pytest.mark.slow
def test_fuzz_every_websocket_message_type_at_length(
    app_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    fuzz_socket(app_client, SLOW)
    no_tracebacks(caplog)


@pytest.mark.slow
def test_fuzz_a_real_server_leaves_no_traceback_in_its_log(
    server_factory: Callable[..., Any],
) -> None:
    """The same generated requests and frames against ``splitpot serve`` itself: its log never
    holds a traceback and it still answers afterwards."""
    import urllib.error
    import urllib.request

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    server = server_factory("--seed", "2", "--bot-delay", "0")
    rng = random.Random(13)
    created = urllib.request.Request(
        server.url + "/api/tables",
        b'{"game": "badugi", "player": "Ann", "bots": ["random"], "seats": 2}',
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(created, timeout=20) as response:
        answer = json.loads(response.read())
    table_id: str = answer["table"]["id"]
    tokens: list[str] = [answer["token"]]

    def join() -> str:
        """A new seat's token ("" to watch when no seat is open)."""
        request = urllib.request.Request(
            server.url + f"/api/tables/{table_id}/join",
            json.dumps({"player": f"Ann {len(tokens)}"}).encode(),
            {"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=20) as reply:
                token: str = json.loads(reply.read())["token"]
                return token
        except urllib.error.HTTPError:
            return ""

    paths = ["/api/tables", f"/api/tables/{table_id}/join", "/api/lab/showdown",
             "/api/advise", "/api/equity", "/api/practice/showdown/x"]  # fmt: skip

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body=bodies, frame=frames)
    def one(body: bytes, frame: str) -> None:
        request = urllib.request.Request(
            server.url + rng.choice(paths), body, {"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                assert reply.status < 500
        except urllib.error.HTTPError as exc:
            assert exc.code < 500, exc.read()
            assert json.loads(exc.read())["error"]
        url = server.url.replace("http", "ws") + f"/ws/tables/{table_id}"
        with connect(url + (f"?token={tokens[-1]}" if tokens[-1] else ""), open_timeout=20) as ws:
            try:
                ws.send(frame)
                ws.send('{"type": "ping"}')
                while json.loads(ws.recv(timeout=20))["type"] != "pong":
                    pass
            except ConnectionClosed as closed:
                # A generated leave between hands gave Ann's seat up: the protocol refuses the
                # stale token (an error, then code 4403). Take a seat again, or watch.
                assert closed.rcvd is not None and closed.rcvd.code == 4403, closed
                tokens.append(join())

    one()
    with urllib.request.urlopen(server.url + "/api/games", timeout=20) as reply:
        assert reply.status == 200
    log = server.log.read_text()
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log[-3000:]
