"""Omaha Hi-Lo 8 and Big O on the web (docs/rules.md "The mixed-game menu"): the lobby's list,
the lab's showdown with each half's cards, the learn page derived from the spec, and a table
of bots dealing hands that a watcher sees settled."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from .test_tables import Player, check_no_leaks, client, create

__all__ = ["client"]  # the fixture, imported for pytest

HI_LO_GAMES = ("omaha-8", "omaha-8-pl", "big-o")


def test_the_lobby_lists_the_hi_lo_games(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert {games[g]["name"] for g in HI_LO_GAMES} == {
        "Omaha Hi-Lo 8", "Pot-limit Omaha Hi-Lo 8", "Big O",
    }  # fmt: skip


def test_the_lab_shows_each_half_with_the_cards_used(client: TestClient) -> None:
    body = {"game": "omaha-8", "board": "3c 4d 7h Ks Qc",
            "players": {"A": "Ac 2s Jd Td", "B": "5s 2d Kd Kh"}, "pot": 101}  # fmt: skip
    result = client.post("/api/lab/showdown", json=body).json()
    assert result["payouts"] == {"A": 50, "B": 51}
    (pot,) = result["pots"]
    low = next(a for a in pot["awards"] if a["name"] == "omaha-low")
    (winner,) = low["winning_hands"]
    assert winner["player"] == "A" and winner["description"] == "7-4-3-2-A low"
    assert set(winner["hole_used"]) == {"Ac", "2s"}
    assert set(winner["board_used"]) == {"3c", "4d", "7h"}


@pytest.mark.parametrize("game", HI_LO_GAMES)
def test_the_learn_page_says_low_eight_or_better(client: TestClient, game: str) -> None:
    page = client.get(f"/api/learn/{game}").json()
    low = next(a for a in page["awards"] if a["name"] == "omaha-low")
    assert low["low"] is True and low["aces"] == "low" and low["qualifier"] == "8-or-better"
    assert client.get(f"/learn/{game}").status_code == 200


@pytest.mark.parametrize("game", HI_LO_GAMES)
def test_a_table_of_bots_deals_and_settles_hands(client: TestClient, game: str) -> None:
    answer = create(client, game=game, bots=["caller"] * 3, seats=3)
    with client.websocket_connect(f"/ws/tables/{answer['table']['id']}") as ws:
        watcher = Player(ws, None)
        watcher.until(
            lambda m: (
                m["type"] == "state"
                and m["last_result"] is not None
                and m["last_result"]["number"] >= 2
            )
        )
    assert check_no_leaks(watcher, client, answer["table"]["id"]) > 0
    first = next(m for m in watcher.messages if m["type"] == "state" and m["hand"] is not None)
    assert first["table"]["game"]["id"] == game


@pytest.mark.parametrize("game", HI_LO_GAMES)
def test_practice_deals_who_wins_and_no_discard_question(client: TestClient, game: str) -> None:
    deal = client.get(f"/api/practice/showdown?game={game}&seed=3")
    assert deal.status_code == 200, deal.text
    assert [a["name"] for a in deal.json()["awards"]] == ["omaha", "omaha-low"]
    asked = client.get(f"/api/practice/discard?game={game}&seed=3")
    assert asked.status_code == 400 and "has no draw" in asked.json()["error"]
