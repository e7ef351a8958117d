"""The Learn pages and the practice API, in process (no browser, no server process).

Known answers: the Drawmaha lesson's self-check (seeds/002: the three-quarter case with a pot of
200 gives A 150 and B 50; "if your answer is 100 each, you split the whole pot"), and each worked
case's own answer as the lab's presets restate it from the seeds.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.engine.batch import settle_line
from splitpot.equity.advise import advise_discards
from splitpot.games import GAMES
from splitpot.practice import AnswerError, case_deal, check_showdown, discard_spot, random_deal
from splitpot.practice.discard import SAMPLES
from splitpot.web import lab

BATCH_KEYS = {"game", "board", "players", "button"}


def error_of(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert isinstance(message, str) and message and "\n" not in message
    return message


# --- pages and rules ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_a_page_and_a_json_answer(client: TestClient, game: str) -> None:
    page = client.get(f"/learn/{game}")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    answer = client.get(f"/api/learn/{game}").json()
    assert {"game", "summary", "timeline", "awards", "rankings", "mistakes", "faq"} <= set(answer)
    assert answer["game"] == game
    assert answer["links"]["play"] == f"/?game={game}"
    assert answer["links"]["lab"] == f"/lab?game={game}"
    assert answer["links"]["advisor"] == f"/advisor?game={game}"


def test_learn_pages_and_unknown_games(client: TestClient) -> None:
    for path in ("/learn", "/practice"):
        assert client.get(path).status_code == 200
    assert client.get("/learn/nope").status_code == 404
    assert "unknown game 'nope'" in error_of(client.get("/api/learn/nope"), 404)
    assert client.get("/api/learn/dramaha").json()["game"] == "drawmaha"  # an alias


def test_variants_table_api(client: TestClient) -> None:
    data = client.get("/api/learn").json()
    assert [c["key"] for c in data["columns"]] == [
        "name", "hole_cards", "board_cards", "draws", "betting", "players", "awards",
        "qualifiers", "declare",
    ]  # fmt: skip
    assert [row["id"] for row in data["games"]] == list(GAMES)
    assert all(row["links"]["page"] == f"/learn/{row['id']}" for row in data["games"])


# --- Who wins? ------------------------------------------------------------------------------------


def deal(client: TestClient, **params: Any) -> dict[str, Any]:
    response = client.get("/api/practice/showdown", params=params)
    assert response.status_code == 200, response.text
    return dict(response.json())


def answer(client: TestClient, deal_id: str, body: Any) -> Any:
    return client.post(
        f"/api/practice/showdown/{deal_id}",
        content=json.dumps(body),
        headers={"content-type": "application/json"},  # a POST must say it is JSON (guard.py)
    )


def test_drawmaha_self_check_through_the_practice_api(client: TestClient) -> None:
    case = deal(client, case="drawmaha-three-quarters", pot=200)
    assert case["id"] == "case.drawmaha-three-quarters.200"
    assert case["pot"] == 200 and case["game"] == "drawmaha"
    right = answer(client, case["id"], {"payouts": {"A": 150, "B": 50}}).json()
    assert right["correct"] is True
    assert right["answer"]["payouts"] == {"A": 150, "B": 50}
    both = answer(
        client,
        case["id"],
        {"winners": {"omaha": ["A", "B"], "draw": ["A"]}, "payouts": {"A": 150, "B": 50}},
    ).json()
    assert both["correct"] is True
    wrong = answer(client, case["id"], {"payouts": {"A": 100, "B": 100}}).json()
    assert wrong["correct"] is False
    assert "You gave A 100; A receives 150." in wrong["explanation"]
    # Right chips, a wrong winner: not correct either.
    named = answer(
        client, case["id"], {"winners": {"omaha": ["A"]}, "payouts": {"A": 150, "B": 50}}
    ).json()
    assert named["correct"] is False and named["checked"]["winners"] == {"omaha": False}


def test_every_worked_case_is_right_with_the_seeds_answer(client: TestClient) -> None:
    cases = client.get("/api/practice/cases").json()["cases"]
    presets = {p["id"]: p for p in lab.PRESETS}
    assert "drawmaha-refuse-121" not in {c["id"] for c in cases}  # it settles nothing
    assert len(cases) == len(presets) - 1
    for case in cases:
        expected = presets[case["id"]]["expected"]
        dealt = deal(client, case=case["id"])
        reply = answer(
            client, dealt["id"], {"winners": expected["winners"], "payouts": expected["payouts"]}
        ).json()
        assert reply["correct"] is True, (case["id"], reply["explanation"])


def test_random_deals_are_reproducible_batch_lines(client: TestClient) -> None:
    first = deal(client, game="bodigiha", seed=7)
    assert first == deal(client, game="bodigiha", seed=7)
    assert first["id"] == "bodigiha.7" and first["seed"] == 7
    assert first != deal(client, game="bodigiha", seed=8)
    assert set(first) >= BATCH_KEYS and ("pot" in first) != ("contributions" in first)
    # The deal is a `showdown --batch` line: the CLI settles it as the practice answer does.
    line = {k: first[k] for k in (*BATCH_KEYS, "pot", "contributions") if k in first}
    settled = settle_line(json.dumps(line))
    reply = answer(client, first["id"], {"payouts": settled["payouts"]}).json()
    assert reply["correct"] is True and reply["answer"]["payouts"] == settled["payouts"]
    # No seed: the server picks one and says which.
    assert isinstance(deal(client, game="badugi")["seed"], int)


def test_deals_include_side_pots_and_doogie_declarations() -> None:
    side_pots = two_way_failed = 0
    for seed in range(80):
        dealt = random_deal(GAMES["drawmaha"], seed)
        result = dealt.settle()
        if len(result.pots) > 1:
            side_pots += 1
        doogie = random_deal(GAMES["doogie"], seed)
        assert doogie.declarations is not None
        assert set(doogie.declarations) == set(doogie.players)
        if any(pot.disqualified for pot in doogie.settle().pots):
            two_way_failed += 1
    assert side_pots >= 5
    assert two_way_failed >= 3


def test_bad_practice_requests_get_a_message(client: TestClient) -> None:
    case_id = "case.drawmaha-three-quarters.200"
    assert "no practice deal" in error_of(answer(client, "nope.3", {"payouts": {}}), 404)
    assert "no practice deal" in error_of(answer(client, "drawmaha.x", {"payouts": {}}), 404)
    assert "no worked case" in error_of(answer(client, "case.nope.200", {"payouts": {}}), 404)
    assert "no worked case" in error_of(
        client.get("/api/practice/showdown", params={"case": "nope"}), 404
    )
    assert "unknown game" in error_of(
        client.get("/api/practice/showdown", params={"game": "nope"}), 404
    )
    assert "seed" in error_of(
        client.get("/api/practice/showdown", params={"game": "badugi", "seed": "x"}), 400
    )
    assert "JSON object" in error_of(answer(client, case_id, [150, 50]), 400)
    assert "payouts" in error_of(answer(client, case_id, {"winners": {}}), 400)
    assert "payouts" in error_of(answer(client, case_id, {}), 400)
    assert "unknown keys" in error_of(answer(client, case_id, {"payout": {"A": 1}}), 400)
    assert "whole number" in error_of(answer(client, case_id, {"payouts": {"A": -5}}), 400)
    assert "whole number" in error_of(answer(client, case_id, {"payouts": {"A": "150"}}), 400)
    assert "'Z'" in error_of(answer(client, case_id, {"payouts": {"Z": 1}}), 400)
    assert "no award" in error_of(
        answer(client, case_id, {"winners": {"high": ["A"]}, "payouts": {}}), 400
    )
    assert "list of names" in error_of(
        answer(client, case_id, {"winners": {"omaha": "A"}, "payouts": {}}), 400
    )
    bad = client.post(
        f"/api/practice/showdown/{case_id}",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert "not JSON" in error_of(bad, 400)


def test_a_case_played_for_contributions_takes_no_pot() -> None:
    case = {
        "id": "side-pots",
        "title": "side pots",
        "game": "drawmaha",
        "board": "Ac Kh 7c 6d 2h",
        "players": {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"},
        "contributions": {"A": 50, "B": 30, "C": 10},
    }
    dealt = case_deal(case)
    assert dealt.id == "case.side-pots" and dealt.seats == ("A", "B", "C")
    # A 20 back uncalled; main pot 70 (A, B, C's 10): A Omaha 35, B draw 35.
    reply = check_showdown(dealt, {"payouts": {"A": 55, "B": 35}})
    assert reply["correct"] is True, reply["explanation"]
    with pytest.raises(AnswerError, match="takes no pot"):
        case_deal(case, 100)


# --- Which discard? -------------------------------------------------------------------------------


def test_discard_spot_and_answer_rank_by_the_advisor(client: TestClient) -> None:
    spot = client.get("/api/practice/discard", params={"game": "badugi", "seed": 3}).json()
    assert spot["id"] == "badugi.3" and len(spot["hole"]) == 4 and spot["board"] == []
    assert spot["max_discard"] == 4 and spot["draws"] == 3
    options = advise_discards(
        "badugi", " ".join(spot["hole"]), opponents=1, samples=SAMPLES, seed=3
    )
    best = [str(c) for c in options[0].discard]
    reply = client.post(f"/api/practice/discard/{spot['id']}", json={"discard": best}).json()
    assert reply["correct"] is True and reply["rank"] == 1 and reply["of"] == 16
    assert [o["discard"] for o in reply["answer"]["options"]] == [
        [str(c) for c in o.discard] for o in options
    ]
    assert set(reply["chosen"]["awards"]) == {"badugi"}
    worst = [str(c) for c in options[-1].discard]
    low = client.post(f"/api/practice/discard/{spot['id']}", json={"discard": worst}).json()
    assert low["correct"] is False and low["rank"] > 1
    assert low["explanation"][0].startswith(f"Throwing {' '.join(worst)} ranks")


def test_discard_spot_with_a_board(client: TestClient) -> None:
    spot = discard_spot(GAMES["bodigiha"], 5)
    assert len(spot.hole) == 5 and len(spot.board) == 3 and spot.max_discard == 2
    assert (
        spot.to_json()
        == client.get("/api/practice/discard", params={"game": "bodigiha", "seed": 5}).json()
    )


def test_bad_discard_requests_get_a_message(client: TestClient) -> None:
    spot = client.get("/api/practice/discard", params={"game": "bodigiha", "seed": 5}).json()
    url = f"/api/practice/discard/{spot['id']}"
    hole = spot["hole"]
    assert "has no draw" in error_of(
        client.get("/api/practice/discard", params={"game": "doogie"}), 400
    )
    assert "no discard spot" in error_of(
        client.post("/api/practice/discard/doogie.1", json={}), 404
    )
    assert "no discard spot" in error_of(client.post("/api/practice/discard/x", json={}), 404)
    assert "2 cards at most" in error_of(client.post(url, json={"discard": hole[:3]}), 400)
    stranger = next(c for c in ("As", "Kd", "2c", "7h") if c not in hole + spot["board"])
    assert "do not hold" in error_of(client.post(url, json={"discard": [stranger]}), 400)
    assert "discard" in error_of(client.post(url, json={"throw": []}), 400)
    assert "discard" in error_of(client.post(url, json={"discard": 3}), 400)
    assert "twice" in error_of(client.post(url, json={"discard": [hole[0], hole[0]]}), 400)
    assert "unknown suit" in error_of(client.post(url, json={"discard": ["Kx"]}), 400)
