"""The hand-history API: listing and paging, the replayer's steps (computed by the engine),
hidden information for hands played at the web table, and refusals."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.bots.randomly import random_action
from splitpot.engine.events import ACTION_KINDS, Action, Event
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.table import Table
from splitpot.history import HistoryStore
from splitpot.web.app import create_app
from splitpot.web.config import ServerConfig

# The players' decisions: without the muck option the dealer shows every hand (no decision).
DECISIONS = frozenset(ACTION_KINDS) - {"show"}
GAMES = ("bodigiha", "badugi", "doogie", "sviten-special", "drawmaha", "holdem")
CARD = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")

Policy = Callable[[Hand, LegalActions], Action]


def caller(hand: Hand, legal: LegalActions) -> Action:
    """Checks or calls to the showdown; throws its first card in every draw (a Sviten Special
    one-card draw is dealt face up), keeps or rejects by seat, declares by seat."""
    if legal.phase == "draw":
        return Action.discard(legal.hole[:1])
    if legal.phase == "sviten":
        return Action.keep() if legal.seat % 2 else Action.reject()
    if legal.phase == "declare":
        return Action.declare(legal.declare[legal.seat % len(legal.declare)])
    return Action.check() if legal.check else Action.call()


def randomly(seed: int) -> Policy:
    rng = random.Random(seed)
    return lambda hand, legal: random_action(legal, rng)


@cache
def hands() -> tuple[Hand, ...]:
    """Finished hands of several games: to the showdown, and with random folds and raises."""
    out: list[Hand] = []
    for number, game in enumerate(GAMES):
        table = Table(
            game, stacks=[60] * 3, rng=random.Random(number), names=["Ann", "Bob", "Cy"], rebuy=60
        )
        out.append(table.play_hand(caller))
        for seed in range(3):
            out.append(table.play_hand(randomly(100 * number + seed)))
    return tuple(out)


def app_with(db: Path, stored: list[tuple[Hand, str]]) -> TestClient:
    with HistoryStore(db) as store:
        for hand, source in stored:
            store.add(hand.events, source=source)
    return TestClient(create_app(ServerConfig(db=db)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """Every hand twice: as ``simulate`` (ids 1, 3, 5, ...) and as ``web`` (ids 2, 4, 6, ...)."""
    stored = [(hand, source) for hand in hands() for source in ("simulate", "web")]
    with app_with(tmp_path / "web.sqlite3", stored) as client:
        yield client


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def cards_in(answer: Any) -> set[str]:
    """Every card written anywhere in a JSON answer (in lists and inside log lines)."""
    return {match for text in strings(answer) for match in CARD.findall(text)}


def public_cards(events: tuple[Event, ...]) -> set[str]:
    """What an onlooker may see: the board, Sviten Special's face-up cards, shown hands."""
    out: set[str] = set()
    for event in events:
        if event.kind in ("deal_board", "show"):
            out |= {str(c) for c in event.data["cards"]}
        elif event.kind == "sviten_up":
            out.add(str(event.data["card"]))
    return out


def dealt_cards(events: tuple[Event, ...], seat: int | None = None) -> set[str]:
    """Every hole card dealt (to ``seat`` only, if given), the draws included."""
    out: set[str] = set()
    for event in events:
        if seat is not None and event.seat != seat:
            continue
        if event.kind == "deal_hole":
            out |= {str(c) for c in event.secret["cards"]}
        elif event.kind in ("discard", "sviten_down"):
            out |= {str(c) for c in event.secret.get("received", ())}
    return out


def get(client: TestClient, path: str) -> Any:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return response.json()


# ---------------------------------------------------------------------- listing


def test_listing_newest_first_with_paging_and_filters(client: TestClient) -> None:
    count = 2 * len(hands())
    page = get(client, "/api/hands?limit=5")
    assert page["total"] == count and page["limit"] == 5 and page["offset"] == 0
    assert [h["id"] for h in page["hands"]] == list(range(count, count - 5, -1))
    first = page["hands"][0]
    assert first["source"] == "web" and first["game"] == GAMES[-1]
    assert first["game_name"] == "No-limit Hold'em"
    assert {"players", "ended", "result", "final_stacks"} <= set(first)
    assert {g["id"] for g in page["games"]} >= set(GAMES) and "web" in page["sources"]

    last = get(client, f"/api/hands?limit=5&offset={count - 2}")
    assert [h["id"] for h in last["hands"]] == [2, 1]
    assert get(client, f"/api/hands?offset={count}")["hands"] == []

    doogie = get(client, "/api/hands?game=doogie&limit=500")
    assert doogie["total"] == 8 and {h["game"] for h in doogie["hands"]} == {"doogie"}
    assert get(client, "/api/hands?game=dramaha")["game"] == "drawmaha"  # an alias

    web = get(client, "/api/hands?source=web&limit=3&offset=1")
    assert web["total"] == count // 2
    assert [h["id"] for h in web["hands"]] == [count - 2, count - 4, count - 6]
    both = get(client, "/api/hands?source=simulate&game=badugi")
    assert both["total"] == 4 and {(h["game"], h["source"]) for h in both["hands"]} == {
        ("badugi", "simulate")
    }


@pytest.mark.parametrize(
    "query",
    ["limit=0", "limit=501", "limit=ten", "offset=-1", "game=chess", "source=casino", "limit=1e3"],
)
def test_listing_refuses_bad_parameters(client: TestClient, query: str) -> None:
    response = client.get(f"/api/hands?{query}")
    assert response.status_code == 400
    assert response.json()["error"]


# ---------------------------------------------------------------------- the replayer


def test_steps_follow_the_engine_and_conserve_chips(client: TestClient) -> None:
    for index, hand in enumerate(hands()):
        for hand_id in (2 * index + 1, 2 * index + 2):
            answer = get(client, f"/api/hands/{hand_id}")
            steps = answer["steps"]
            total = sum(hand.starting_stacks)
            actions = sum(e.kind in DECISIONS for e in hand.events)
            assert len(steps) == actions + 1
            assert [s["n"] for s in steps] == list(range(len(steps)))
            for step in steps:
                seats = step["seats"]
                assert sum(s["stack"] + s["bet"] for s in seats) + step["pot"] == total
                assert len(seats) == len(hand.names)
            final = steps[-1]
            assert [s["stack"] for s in final["seats"]] == list(hand.stacks)
            assert answer["final_stacks"] == list(hand.stacks)
            assert answer["hand"]["final_stacks"] == list(hand.stacks)
            assert final["phase"] == "done" and final["to_act"] is None and final["pot"] == 0
            assert all(s["settlement"] is None for s in steps[:-1])
            payouts = final["settlement"]["payouts"]
            assert payouts == [hand.payouts.get(s, 0) for s in range(len(hand.names))]
            awarded = sum(sum(a["shares"]) for a in final["settlement"]["awards"])
            assert awarded == sum(payouts)
            assert final["board"] == [str(c) for c in hand.board]
            assert [s["name"] for s in answer["seats"]] == list(hand.names)


def test_every_decision_is_a_step_with_the_seat_to_act(client: TestClient) -> None:
    hand = hands()[0]  # bodigiha to the showdown
    steps = get(client, "/api/hands/1")["steps"]
    actions = [e for e in hand.events if e.kind in DECISIONS]
    for before, after, action in zip(steps[:-1], steps[1:], actions, strict=True):
        assert before["to_act"] == action.seat == after["actor"]
        assert after["lines"]  # each action says what happened
    assert steps[0]["lines"][0].startswith("Bodigiha (")
    assert any("posts" in line for line in steps[0]["lines"])


def test_showdown_settlement_names_winners_and_used_cards(client: TestClient) -> None:
    for index, game in enumerate(GAMES):
        hand = hands()[4 * index]  # the caller's hand: a showdown
        assert hand.result is not None
        for hand_id in (8 * index + 1, 8 * index + 2):
            answer = get(client, f"/api/hands/{hand_id}")
            final = answer["steps"][-1]
            settlement = final["settlement"]
            assert not settlement["uncontested"] and settlement["awards"]
            assert any("*** SHOWDOWN ***" in line for line in final["lines"])
            for award in settlement["awards"]:
                assert award["label"]
                if award["award"] is None:  # no award could be given: the pot is split evenly
                    assert award["kind"] == "split" and award["label"] == "Split evenly"
                    assert award["hand"] is None
                    continue
                assert award["award"] in {a.name for a in hand.game.awards}
                for seat, used in zip(award["winners"], award["cards"], strict=True):
                    assert answer["seats"][seat]["name"] in award["names"]
                    shown = set(final["seats"][seat]["cards"]) | set(final["board"])
                    assert used and set(used) <= shown
                    assert award["hand"].endswith(f"({' '.join(used)})")
            if game == "doogie":
                assert settlement["declarations"]


def test_uncontested_hand_settles_without_a_showdown(tmp_path: Path) -> None:
    hand = Hand("badugi", stacks=[50, 50], rng=random.Random(4), names=["Ann", "Bob"])
    hand.apply(Action.fold())
    with app_with(tmp_path / "web.sqlite3", [(hand, "web")]) as client:
        answer = get(client, "/api/hands/1")
    (award,) = answer["steps"][-1]["settlement"]["awards"]
    assert award["winners"] == [1] and award["hand"] is None
    assert award["amount"] == hand.payouts[1] == 2  # the small blind's 1 and Bob's called 1
    assert answer["steps"][-1]["settlement"]["uncontested"]
    assert cards_in(answer) == set()  # nobody showed: the onlooker sees no card at all


# ---------------------------------------------------------------------- hidden information


def test_web_hands_show_an_onlooker_only_public_cards(client: TestClient) -> None:
    for index, hand in enumerate(hands()):
        answer = get(client, f"/api/hands/{2 * index + 2}")
        assert answer["hand"]["source"] == "web" and answer["view"] == "onlooker"
        assert answer["you"] is None
        public = public_cards(hand.events)
        leaked = cards_in(answer) - public
        assert not leaked, f"hand {2 * index + 2} ({hand.game.id}) shows {sorted(leaked)}"
        for step in answer["steps"]:
            for seat in step["seats"]:
                if seat["folded"] and not seat["shown"]:
                    assert seat["cards"] == []
                if not seat["shown"]:
                    assert all(card is None for card in seat["cards"])
                    assert len(seat["cards"]) == seat["card_count"]
        assert "deck" not in json.dumps(answer)


def test_doogie_declarations_stay_secret_until_the_reveal(client: TestClient) -> None:
    index = GAMES.index("doogie")
    hand = hands()[4 * index]
    assert any(e.kind == "reveal" for e in hand.events)
    steps = get(client, f"/api/hands/{8 * index + 2}")["steps"]
    revealed = False
    for step in steps:
        revealed = revealed or any(line.startswith("Declarations:") for line in step["lines"])
        ways = [s["declaration"] for s in step["seats"]]
        if not revealed:
            assert ways == [None] * len(ways)
            assert not any(re.search(r"declares (high|low|both)", ln) for ln in step["lines"])
    assert revealed
    assert any(s["declared"] for s in steps[-1]["seats"])
    assert all(s["declaration"] for s in steps[-1]["seats"] if not s["folded"])


def test_other_sources_show_every_hole_card(client: TestClient) -> None:
    for index, hand in enumerate(hands()):
        answer = get(client, f"/api/hands/{2 * index + 1}")
        assert answer["view"] == "all"
        seen = cards_in(answer)
        assert dealt_cards(hand.events) <= seen
        assert seen <= {str(c) for c in hand.card_places()}
        for step in answer["steps"]:  # no face-down card in the whole log
            assert all(c is not None for s in step["seats"] for c in s["cards"])


def test_a_token_shows_its_own_seat_and_nothing_more(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def seat_in_hand(hand_id: int, token: str) -> int | None:
        return 1 if (hand_id, token) == (4, "bob-token") else None

    assert get(client, "/api/hands/4?token=bob-token")["view"] == "onlooker"  # no table knows it
    tables = client.app.state.tables  # type: ignore[attr-defined]
    monkeypatch.setattr(tables, "seat_in_hand", seat_in_hand, raising=False)
    hand = hands()[1]  # stored as web hand 4
    answer = get(client, "/api/hands/4?token=bob-token")
    assert answer["view"] == "seat" and answer["you"] == 1
    seen = cards_in(answer)
    assert dealt_cards(hand.events, 1) <= seen
    assert seen <= public_cards(hand.events) | dealt_cards(hand.events, 1)
    assert any(c is not None for c in answer["steps"][0]["seats"][1]["cards"])

    for query in ("?token=wrong", "?token=", ""):
        other = get(client, f"/api/hands/4{query}")
        assert other["view"] == "onlooker" and not cards_in(other) - public_cards(hand.events)
    assert get(client, "/api/hands/2?token=bob-token")["view"] == "onlooker"  # not this hand


def test_a_failing_token_check_shows_the_onlooker_view(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(hand_id: int, token: str) -> int:
        raise RuntimeError("the table manager is down")

    tables = client.app.state.tables  # type: ignore[attr-defined]
    monkeypatch.setattr(tables, "seat_in_hand", broken, raising=False)
    assert get(client, "/api/hands/2?token=x")["view"] == "onlooker"
    monkeypatch.setattr(tables, "seat_in_hand", lambda h, t: 7, raising=False)  # no such seat
    assert get(client, "/api/hands/2?token=x")["view"] == "onlooker"


# ---------------------------------------------------------------------- text and PHH


def test_text_history_follows_the_same_rule(client: TestClient) -> None:
    hand = hands()[0]
    full = client.get("/api/hands/1/text")
    assert full.status_code == 200 and full.text.startswith("Hand #1: Bodigiha")
    assert dealt_cards(hand.events) <= set(CARD.findall(full.text))
    web = client.get("/api/hands/2/text")
    assert web.status_code == 200 and "*** SHOWDOWN ***" in web.text
    assert set(CARD.findall(web.text)) <= public_cards(hand.events)


def test_phh_export(client: TestClient) -> None:
    phh = client.get("/api/hands/1/phh")
    assert phh.status_code == 200 and "variant = " in phh.text
    refused = client.get("/api/hands/2/phh")
    assert refused.status_code == 403 and "web table" in refused.json()["error"]


# ---------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/hands/abc", 400),
        ("/api/hands/1.5", 400),
        ("/api/hands/-3", 400),
        ("/api/hands/%20", 400),
        ("/api/hands/0", 404),
        ("/api/hands/999", 404),
        ("/api/hands/99999999999999999999999", 404),
        ("/api/hands/9223372036854775808", 404),
        ("/api/hands/999/text", 404),
        ("/api/hands/x/phh", 400),
    ],
)
def test_bad_ids_are_refused_with_an_error(client: TestClient, path: str, status: int) -> None:
    response = client.get(path)
    assert response.status_code == status
    assert response.json()["error"]


def test_a_damaged_log_is_refused_not_a_crash(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    with app_with(db, [(hands()[0], "simulate")]):
        pass
    with sqlite3.connect(db) as connection:
        (text,) = connection.execute("SELECT events FROM hands WHERE id = 1").fetchone()
        events = json.loads(text)
        call = next(e for e in events if e["kind"] == "call")
        call["kind"] = "raise"
        call["to"] = 10**6
        connection.execute("UPDATE hands SET events = ? WHERE id = 1", (json.dumps(events),))
    with TestClient(create_app(ServerConfig(db=db))) as client:
        response = client.get("/api/hands/1")
        assert response.status_code == 422 and "cannot be replayed" in response.json()["error"]
        assert client.get("/api/hands").json()["total"] == 1


def test_the_pages_are_served(client: TestClient) -> None:
    for path in ("/history", "/history/3"):
        response = client.get(path)
        assert response.status_code == 200
        assert "/static/history.js" in response.text
    assert client.get("/static/history.js").status_code == 200
