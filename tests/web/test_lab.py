"""The showdown lab's and the advisor's JSON API, in process (no browser, no server process).

Every preset must settle to its seed's answer: the presets are the worked cases of
``splitpot.games.cases`` (the seeds' answers, also settled by tests/test_known_answers.py). The
advisor's answers must be the library's own for the same spot, samples and seed.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.cards import format_cards, parse_cards
from splitpot.equity.advise import advise_discards, declaration_odds
from splitpot.equity.core import equity
from splitpot.games import GAMES
from splitpot.games.cases import CASES, WorkedCase
from splitpot.web import lab


def cards(text: str) -> set[str]:
    return set(format_cards(parse_cards(text)).split())


def request_of(preset: dict[str, Any]) -> dict[str, Any]:
    keys = (
        "game",
        "board",
        "players",
        "pot",
        "contributions",
        "declarations",
        "button",
        "odd_chip",
    )
    return {key: preset[key] for key in keys if key in preset}


def award_of(result: dict[str, Any], name: str, pot: int = 0) -> dict[str, Any]:
    return next(a for a in result["pots"][pot]["awards"] if a["name"] == name)


# --- presets --------------------------------------------------------------------------------


def test_presets_cover_every_seed(client: TestClient) -> None:
    response = client.get("/api/lab/presets")
    assert response.status_code == 200
    presets = response.json()["presets"]
    assert [p["id"] for p in presets] == [p["id"] for p in lab.PRESETS]
    assert sum(p["answer_key"] for p in presets if p["game"] == "drawmaha") == 4
    assert {"bodigiha", "badugi", "doogie"} <= {p["game"] for p in presets}
    for preset in presets:
        assert {"id", "title", "game", "board", "players", "expected"} <= set(preset)
        assert ("pot" in preset) != ("contributions" in preset)
        assert preset["game"] in GAMES


@pytest.mark.parametrize("preset", lab.PRESETS, ids=[p["id"] for p in lab.PRESETS])
def test_every_preset_settles_to_its_seed_answer(
    client: TestClient, preset: dict[str, Any]
) -> None:
    response = client.post("/api/lab/showdown", json=request_of(preset))
    expected = preset["expected"]
    if "error" in expected:
        assert response.status_code == 400
        assert expected["error"] in response.json()["error"]
        return
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["payouts"] == expected["payouts"]
    for award, winners in expected["winners"].items():
        assert award_of(result, award)["winners"] == winners
    for name, words in expected.get("hands", {}).items():
        for award, description in words.items():
            assert result["words"][name][award] == description
            assert result["hands"][name][award]["description"] == description
    for name, used in expected.get("cards", {}).items():
        for award, text in used.items():
            assert set(result["hands"][name][award]["cards"]) == cards(text)


ANSWER_KEY = [case for case in CASES if case.answer_key]


@pytest.mark.parametrize("case", ANSWER_KEY, ids=[case.id for case in ANSWER_KEY])
def test_drawmaha_answer_key_presets_reproduce_the_key(
    client: TestClient, case: WorkedCase
) -> None:
    # seeds/002, "Answer key you can use without JavaScript": its four cases (games/cases.py).
    (preset,) = [p for p in lab.PRESETS if p["id"] == case.id]
    assert preset["pot"] == 120 and preset["answer_key"]
    result = client.post("/api/lab/showdown", json=request_of(preset)).json()
    for name, winners in case.expected.winners.items():
        assert award_of(result, name)["winners"] == list(winners)
    assert result["payouts"] == dict(case.expected.payouts)
    assert sum(a["amount"] for a in result["pots"][0]["awards"]) == 120
    for player, used in case.expected.cards.items():
        for name, text in used.items():
            assert set(result["hands"][player][name]["cards"]) == cards(text)


# --- showdown -------------------------------------------------------------------------------

FIRST_CASE = {
    "game": "drawmaha",
    "board": "Ac Kh 7c 6d 2h",
    "players": {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"},
    "pot": 120,
}


def test_showdown_gives_each_winner_the_exact_cards_used(client: TestClient) -> None:
    result = client.post("/api/lab/showdown", json=FIRST_CASE).json()
    (pot,) = result["pots"]
    assert pot["label"] == "Pot"
    omaha = award_of(result, "omaha")
    assert omaha["label"].startswith("Omaha")
    (winner,) = omaha["winning_hands"]
    assert winner["player"] == "A" and winner["share"] == 60
    assert winner["description"] == "Three aces"
    assert set(winner["hole_used"]) == {"As", "Ah"}
    assert set(winner["board_used"]) == {"Ac", "Kh", "7c"}
    assert set(winner["cards"]) == set(winner["hole_used"]) | set(winner["board_used"])
    (drawn,) = award_of(result, "draw")["winning_hands"]
    assert drawn["player"] == "B" and drawn["board_used"] == []
    assert set(drawn["hole_used"]) == {"9s", "9h", "9d", "4s", "3d"}
    assert result["words"] == {
        "A": {"omaha": "Three aces", "draw": "Pair of aces"},
        "B": {"omaha": "Pair of nines", "draw": "Three nines"},
    }
    assert [a["name"] for a in result["awards"]] == ["omaha", "draw"]


def test_showdown_is_the_batch_json_plus_explanations(client: TestClient) -> None:
    from splitpot.engine.batch import settle_line

    batch = settle_line(json.dumps(FIRST_CASE))
    result = client.post("/api/lab/showdown", json=FIRST_CASE).json()
    for key, value in batch.items():
        if key != "pots":
            assert result[key] == value
    for ours, theirs in zip(result["pots"], batch["pots"], strict=True):
        said = {"label", "title", "forfeit_lines", "odd_chip_lines", "split_lines", "awards"}
        assert {k: v for k, v in ours.items() if k not in said} == {
            k: v for k, v in theirs.items() if k != "awards"
        }
        for mine, plain in zip(ours["awards"], theirs["awards"], strict=True):
            assert {k: mine[k] for k in plain} == plain


def test_showdown_odd_chip_placement_and_side_pots(client: TestClient) -> None:
    three_quarters = {
        "game": "drawmaha",
        "board": "Ac Ks Qd 7h 2c",
        "players": {"A": "As Kh Qc Jd 9s", "B": "Ah Kd Qh Js 8c"},
    }
    result = client.post("/api/lab/showdown", json={**three_quarters, "pot": 121}).json()
    (pot,) = result["pots"]
    assert pot["odd_chips"][0]["to"] == "draw"  # docs/rules.md: Drawmaha's high award is the draw
    assert "high award" in pot["odd_chips"][0]["reason"]
    assert result["payouts"] == {"A": 91, "B": 30}
    # C has no cards: folded, with 30 chips in; B's uncalled 60 goes back.
    folded = client.post(
        "/api/lab/showdown", json={**three_quarters, "contributions": {"A": 40, "B": 100, "C": 30}}
    ).json()
    # The pot is 110: the tied Omaha 55 splits 28/27, its odd chip to A, the first tied seat
    # left of the button (C, the last seat); A's draw half is 55.
    assert folded["returned"] == {"B": 60}
    (odd,) = folded["pots"][0]["odd_chips"]
    assert odd["to"] == "A" and "left of the button" in odd["reason"]
    assert folded["payouts"] == {"A": 83, "B": 87, "C": 0}
    assert folded["net"] == {"A": 43, "B": -13, "C": -30}
    # A is all-in for 20: a main pot for three and a side pot for B and C.
    players = {**three_quarters["players"], "C": "3c 4d 5h 6s 8d"}
    side = client.post(
        "/api/lab/showdown",
        json={**three_quarters, "players": players, "contributions": {"A": 20, "B": 100, "C": 100}},
    ).json()
    assert [(p["label"], p["amount"]) for p in side["pots"]] == [
        ("Main pot", 60),
        ("Side pot 1", 160),
    ]
    assert side["pots"][1]["eligible"] == ["B", "C"]
    assert sum(side["payouts"].values()) == 220


def test_duplicate_card_is_refused_naming_card_and_places(client: TestClient) -> None:
    body = {**FIRST_CASE, "players": {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s Ac"}}
    response = client.post("/api/lab/showdown", json=body)
    assert response.status_code == 400
    message = response.json()["error"]
    assert "Ac" in message and "twice" in message
    assert "player B's cards" in message and "board" in message
    body = {**FIRST_CASE, "players": {"A": "As Ah Kd Qc 8s", "B": "As 9h 9d 4s 3d"}}
    message = client.post("/api/lab/showdown", json=body).json()["error"]
    assert "As" in message and "player A's cards" in message and "player B's cards" in message


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"[1, 2]", 400, "must be a JSON object"),
        (b'"drawmaha"', 400, "must be a JSON object"),
        (b"{not json", 400, "not JSON"),
        (b"[" * 3000 + b"]" * 3000, 400, "nested too deeply"),
        (b'{"game": "' + b"x" * 20_000 + b'"}', 413, "too large"),
        (b"{}", 400, '"game" must name a game'),
        (b'{"game": 7}', 400, '"game" must name a game'),
    ],
    ids=["array", "string", "malformed", "deep", "oversized", "empty", "game-type"],
)
def test_bad_bodies_are_refused_with_a_message(
    client: TestClient, body: bytes, status: int, words: str
) -> None:
    for route in ("/api/lab/showdown", "/api/advise", "/api/equity"):
        response = client.post(route, content=body, headers={"content-type": "application/json"})
        assert response.status_code == status, (route, response.text)
        assert words in response.json()["error"], (route, response.json())


def test_unknown_game_is_refused_naming_the_known_ones(client: TestClient) -> None:
    bodies = {
        "/api/lab/showdown": {**FIRST_CASE, "game": "pinochle"},
        "/api/advise": {"game": "pinochle", "hole": "As Kd"},
        "/api/equity": {"game": "pinochle", "players": {"A": "As", "B": "Kd"}},
    }
    for route, body in bodies.items():
        response = client.post(route, json=body)
        assert response.status_code == 400
        message = response.json()["error"]
        assert "unknown game 'pinochle'" in message and "drawmaha" in message


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": {"A": "As Ah Kd Qc", "B": "9s 9h 9d 4s 3d"}}, "player A has 4 cards"),
        ({"players": {"A": "As Ah Kd Qc Kx", "B": "9s 9h 9d 4s 3d"}}, "unknown suit 'x'"),
        ({"players": {"A": 5, "B": "9s 9h 9d 4s 3d"}}, "player A's cards must be"),
        ({"players": ["As"]}, '"players" must map each player'),
        ({"board": "Ac Kh 7c"}, "the board has 3 cards"),
        ({"pot": -5}, "cannot be negative"),
        ({"pot": 12.5}, "whole number of chips"),
        ({"pot": None}, "give either a pot or each player's contribution"),
        ({"odd_chip": "split"}, "odd-chip rule 'split'"),
        ({"button": "Z"}, "button 'Z' is not a player"),
        ({"declarations": {"A": "high", "B": "low"}}, "has no declaration"),
        ({"colour": "red"}, "unknown keys ['colour']"),
    ],
)
def test_bad_showdowns_are_refused_with_a_message(
    client: TestClient, change: dict[str, Any], words: str
) -> None:
    response = client.post("/api/lab/showdown", json={**FIRST_CASE, **change})
    assert response.status_code == 400
    assert words in response.json()["error"]


def test_wrong_method_is_a_json_error(client: TestClient) -> None:
    response = client.get("/api/lab/showdown")
    assert response.status_code == 405
    assert "error" in response.json()


def test_showdown_runs_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[bool] = []
    original = lab.settle_given

    def spy(data: object) -> tuple[Any, dict[str, Any]]:
        threads.append(asyncio._get_running_loop() is None)
        return original(data)

    monkeypatch.setattr(lab, "settle_given", spy)
    assert client.post("/api/lab/showdown", json=FIRST_CASE).status_code == 200
    assert threads == [True]


def test_games_lists_the_registry(client: TestClient) -> None:
    games = client.get("/api/lab/games").json()["games"]
    assert [g["id"] for g in games] == list(GAMES)
    drawmaha = next(g for g in games if g["id"] == "drawmaha")
    assert [a["name"] for a in drawmaha["awards"]] == ["omaha", "draw"]
    assert drawmaha["draws"] == [{"max_discard": 5, "board_before": 3}]
    assert next(g for g in games if g["id"] == "doogie")["declare"] is True


# --- advise ---------------------------------------------------------------------------------

BADUGI = {"game": "badugi", "hole": "As 2h 3d Kd", "opponents": 1, "samples": 60, "seed": 3}


def test_advise_agrees_with_the_library(client: TestClient) -> None:
    response = client.post("/api/advise", json=BADUGI)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["kind"] == "discards" and data["samples"] == 60 and not data["capped"]
    options = advise_discards("badugi", "As 2h 3d Kd", opponents=1, samples=60, seed=3)
    assert len(data["options"]) == len(options) == 16  # every discard of 0 to 4 cards
    for row, option in zip(data["options"], options, strict=True):
        hero = option.result.player("you")
        assert row["discard"] == [str(c) for c in option.discard]
        assert row["equity"] == pytest.approx(hero.equity)
        assert row["awards"]["badugi"] == pytest.approx(hero.awards["badugi"].share)
        assert sorted(row["discard"] + row["keep"]) == sorted(["As", "2h", "3d", "Kd"])
    equities = [row["equity"] for row in data["options"]]
    assert equities == sorted(equities, reverse=True)
    assert [row["rank"] for row in data["options"]] == list(range(1, 17))


def test_advise_with_dead_cards_and_known_opponents_agrees_with_equity(client: TestClient) -> None:
    body = {**BADUGI, "dead": "4c 5h", "opponent_hands": ["7c 8d 9h"], "opponents": 1}
    data = client.post("/api/advise", json=body).json()
    assert data["kind"] == "discards" and len(data["options"]) == 16
    for row in data["options"][:3]:
        direct = equity(
            "badugi",
            {"you": "As 2h 3d Kd", "opp1": "7c 8d 9h"},
            dead="4c 5h",
            discards={"you": " ".join(row["discard"])},
            samples=60,
            seed=3,
            exact_limit=20_000,
        )
        assert row["equity"] == pytest.approx(direct.player("you").equity)


def test_advise_caps_samples(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab, "ADVISE_BUDGET", 1_000)
    data = client.post("/api/advise", json={**BADUGI, "samples": 100_000}).json()
    assert data["samples"] == lab.MIN_SAMPLES and data["capped"] is True
    assert data["samples_requested"] == 100_000
    assert {row["runouts"] for row in data["options"]} == {lab.MIN_SAMPLES}


def test_doogie_declaration_odds_agree_with_the_library(client: TestClient) -> None:
    body = {
        "game": "doogie",
        "hole": "Ac 2d 3h 4s Kc Kd",
        "board": "Kh Ks Qc Qd",
        "opponents": 2,
        "samples": 80,
        "seed": 5,
    }
    data = client.post("/api/advise", json=body).json()
    odds = declaration_odds("Ac 2d 3h 4s Kc Kd", "Kh Ks Qc Qd", opponents=2, samples=80, seed=5)
    assert data["kind"] == "declarations" and data["best"] == odds.best == "both"
    assert {d["way"]: d["share"] for d in data["declarations"]} == pytest.approx(odds.shares)
    shares = [d["share"] for d in data["declarations"]]
    assert shares == sorted(shares, reverse=True)
    declared = client.post(
        "/api/advise",
        json={**body, "opponent_hands": ["Qh Qs 9c 8d 7h 6s"], "opponent_declarations": ["high"]},
    ).json()
    direct = declaration_odds(
        "Ac 2d 3h 4s Kc Kd", "Kh Ks Qc Qd", opponents=2, opponent_hands=["Qh Qs 9c 8d 7h 6s"],
        opponent_declarations=["high"], samples=80, seed=5,
    )  # fmt: skip
    assert {d["way"]: d["share"] for d in declared["declarations"]} == pytest.approx(direct.shares)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hole": "As 2h 3d"}, "your hand has 3 cards; Badugi deals 4"),
        ({"hole": ""}, '"hole" must give your cards'),
        ({"dead": "Kd"}, "card Kd appears twice: in your hand and in the dead cards"),
        ({"opponent_hands": ["As"]}, "in your hand and in opponent 1's cards"),
        ({"opponent_hands": "7c 8d"}, '"opponent_hands" must be a list'),
        ({"opponents": 9}, '"opponents" must be from 0 to 5'),
        ({"opponents": True}, '"opponents" must be a whole number'),
        ({"samples": 0}, '"samples" must be from 1'),
        ({"policy": "wild"}, "\"policy\" 'wild': use heuristic or pat"),
        ({"game": "drawmaha", "hole": "As Ah Ks Qs Qd"}, "comes with 3 board cards out"),
        ({"game": "drawmaha", "hole": "As Ah Ks Qs Qd", "board": "Js Ts 7c 2d 3d"}, "no draw"),
        ({"game": "doogie", "hole": "Ac 2d 3h 4s Kc Kd", "board": "Kh"}, "all four community"),
        ({"game": "doogie", "hole": "Ac 2d 3h 4s Kc Kd", "board": "Kh Ks Qc Qd", "dead": "2c"},
         "declaration odds use no dead cards"),
        ({"opponent_declarations": ["high"]}, "only Doogie is declared"),
        ({"hand": "As"}, "unknown keys ['hand']"),
    ],
)  # fmt: skip
def test_bad_advice_requests_are_refused(
    client: TestClient, change: dict[str, Any], words: str
) -> None:
    response = client.post("/api/advise", json={**BADUGI, **change})
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]


# --- equity ---------------------------------------------------------------------------------

TURN = {
    "game": "drawmaha",
    "players": {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"},
    "board": "Ac Kh 7c 6d",
}


def test_equity_agrees_with_the_library(client: TestClient) -> None:
    data = client.post("/api/equity", json=TURN).json()
    direct = equity("drawmaha", TURN["players"], TURN["board"])
    assert data["method"] == direct.method == "exact"
    assert data["runouts"] == direct.runouts == 38
    assert data["players"] == direct.to_json()["players"]
    assert [a["name"] for a in data["awards"]] == ["omaha", "draw"]
    shares = (
        data["players"]["A"]["awards"]["omaha"]["share"]
        + (data["players"]["B"]["awards"]["omaha"]["share"])
    )
    assert shares == pytest.approx(1.0)


def test_equity_with_unknown_hands_and_dead_cards(client: TestClient) -> None:
    body = {
        "game": "drawmaha",
        "players": {"A": ["As", "Ah", "Kd", "Qc", "8s"], "B": "9s 9h", "C": "random"},
        "board": "Ac Kh 7c",
        "dead": "2c",
        "samples": 120,
        "seed": 9,
    }
    data = client.post("/api/equity", json=body).json()
    direct = equity(
        "drawmaha",
        {"A": "As Ah Kd Qc 8s", "B": "9s 9h", "C": "random"},
        "Ac Kh 7c",
        dead="2c",
        samples=120,
        seed=9,
        exact_limit=lab.EXACT_LIMIT,
    )
    assert data["method"] == "monte-carlo" and data["runouts"] == 120 and data["draws"] == 1
    assert data["players"] == direct.to_json()["players"]
    assert sum(p["equity"] for p in data["players"].values()) == pytest.approx(1.0)


def test_equity_caps_samples(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab, "EQUITY_BUDGET", 100)
    body = {**TURN, "players": {"A": "As Ah Kd Qc 8s", "B": "random"}, "samples": 10**6}
    data = client.post("/api/equity", json=body).json()
    assert data["method"] == "monte-carlo"
    assert data["runouts"] == lab.MIN_SAMPLES and data["capped"] is True


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": {"A": "As"}}, "at least two players"),
        ({"players": {"A": "As", "B": "As"}}, "card As appears twice"),
        ({"players": {"A": "As", "B": 7}}, 'player B\'s cards (or "random") must be'),
        ({"dead": "Ac"}, "card Ac appears twice"),
        ({"board": "Ac Kh 7c 6d 2d 3d"}, "the board has 6 cards"),
        ({"draws": 2}, '"draws" must be from 0 to 0'),
        ({"declarations": {"A": "high", "B": "sideways"}}, '"declarations" must map'),
        ({"discards": {"A": "As"}}, "no draw is to come"),
        ({"players": {c: "random" for c in "ABCDEFG"}}, "seats at most 6 players"),
        ({"exact": True}, "unknown keys ['exact']"),
    ],
)
def test_bad_equity_requests_are_refused(
    client: TestClient, change: dict[str, Any], words: str
) -> None:
    response = client.post("/api/equity", json={**TURN, **change})
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
