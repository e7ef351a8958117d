"""The lowball draw games of docs/rules.md "The mixed-game menu" on the web: the lobby's list,
the advisor's discards, the learn page, and a table dealing them (the lab's presets are
settled with the other worked cases in test_lab.py)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot.equity.advise import advise_discards

MENU_DRAW_GAMES = ("27-triple-draw", "a5-triple-draw", "27-single-draw")
HOLE = "7s 5d 4h Kc Kd"


def test_the_lobby_lists_the_menu_games(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert set(MENU_DRAW_GAMES) <= set(games)
    assert games["27-single-draw"]["name"] == "2-7 Single Draw"


@pytest.mark.parametrize("game", MENU_DRAW_GAMES)
def test_the_advisor_ranks_every_discard_as_the_library_does(client: TestClient, game: str) -> None:
    body: dict[str, Any] = {"game": game, "hole": HOLE, "opponents": 1, "samples": 40, "seed": 5}
    response = client.post("/api/advise", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["kind"] == "discards" and len(data["options"]) == 32  # 0 to 5 of five cards
    options = advise_discards(game, HOLE, opponents=1, samples=40, seed=5)
    for row, option in zip(data["options"], options, strict=True):
        assert row["discard"] == [str(c) for c in option.discard]
        assert row["equity"] == pytest.approx(option.result.player("you").equity)


@pytest.mark.parametrize("game", MENU_DRAW_GAMES)
def test_the_learn_page_names_the_game_and_its_draws(client: TestClient, game: str) -> None:
    page = client.get(f"/api/learn/{game}").json()
    assert page["game"] == game
    assert [a["name"] for a in page["awards"]] == ["a5" if game.startswith("a5") else "27"]
    draws = [s for s in page["timeline"] if s["kind"] == "draw"]
    assert len(draws) == (1 if game == "27-single-draw" else 3)
    assert client.get(f"/learn/{game}").status_code == 200
