"""The Charts API (issue 15), in process: drawn from the shipped atlases."""

from __future__ import annotations

from starlette.testclient import TestClient


def test_the_charted_games_are_the_four_seed_games_badugi_first(client: TestClient) -> None:
    games = client.get("/api/charts").json()["games"]
    assert games[0]["id"] == "badugi"
    assert {g["id"] for g in games} == {"badugi", "drawmaha", "bodigiha", "doogie"}
    assert client.get("/charts").status_code == 200


def test_badugi_s_chart_holds_every_four_card_badugi(client: TestClient) -> None:
    chart = client.get("/api/charts/badugi").json()
    cells = {c["ranks"]: c for c in chart["badugis"]}
    assert len(cells) == 715  # C(13, 4) rank sets, one class each
    assert cells["432A"]["keep"] == "432A"  # the wheel badugi stands pat
    assert sum(chart["distribution"]) == 270_725  # every hand, classes weighted
    assert chart["top"][0]["rank"] == 1


def test_a_board_game_s_chart_and_a_lookup(client: TestClient) -> None:
    chart = client.get("/api/charts/drawmaha").json()
    assert sum(chart["distribution"]) == 2_598_960 and "badugis" not in chart
    record = client.get("/api/charts/drawmaha/lookup", params={"hand": "As Ah Ks Kh Qd"}).json()
    assert record["hand"] == "As Ah Ks Kh Qd" and set(record["awards"]) == {"omaha", "draw"}


def test_bad_lookups_are_refused_in_one_line(client: TestClient) -> None:
    got = client.get("/api/charts/badugi/lookup", params={"hand": "As 2d 3x 4c"})
    assert got.status_code == 400 and "unknown suit 'x'" in got.json()["error"]
    got = client.get("/api/charts/nosuchgame")
    assert got.status_code == 404
    got = client.get("/api/charts/holdem")
    assert got.status_code == 404 and "no atlas of" in got.json()["error"]
