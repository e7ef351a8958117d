"""``POST /api/advise`` answers a starting hand from the shipped atlas (issue 15).

A starting hand: no board, one random opponent, the heuristic policy, no dead card and no
sample count asked. The answer is the atlas's record (``source: "atlas"``), or, for a class a
sampled atlas (Doogie's) lacks, the record computed as the atlas's build would have
(``source: "computed"``); any other spot is computed as before.
"""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from splitpot.atlas import lookup, shipped
from splitpot.equity.core import equity

DISCARD_KEYS = {"game", "kind", "awards", "max_discard", "draws", "opponents", "options",
                "samples", "samples_requested", "capped", "seed", "policy"}  # fmt: skip


def test_a_badugi_starting_hand_is_the_atlas_record(client: TestClient) -> None:
    response = client.post("/api/advise", json={"game": "badugi", "hole": "As 2h 3d Kd"})
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["source"] == "atlas" and data["kind"] == "discards"
    assert set(data) >= DISCARD_KEYS  # the computed answer's keys, unchanged
    record = lookup("badugi", "As 2h 3d Kd")
    assert record is not None
    assert data["atlas"] | {"source": "atlas"} == {**record, **data["atlas"]}
    assert [(o["discard"], o["equity"]) for o in data["options"]] == [
        (o["discard"], o["equity"]) for o in record["discards"]
    ]
    assert len(data["options"]) == 16 and {o["method"] for o in data["options"]} == {"atlas"}
    assert [o["rank"] for o in data["options"]] == list(range(1, 17))
    assert all(
        sorted(o["discard"] + o["keep"]) == ["2h", "3d", "As", "Kd"] for o in data["options"]
    )
    assert data["samples"] == shipped("badugi").meta["samples"]  # type: ignore[union-attr]
    assert "shipped atlas" in data["note"]


def test_a_badugi_wheel_stands_pat_from_the_atlas(client: TestClient) -> None:
    data = client.post("/api/advise", json={"game": "badugi", "hole": "As 2d 3h 4c"}).json()
    best = data["options"][0]
    assert best["discard"] == [] and best["keep"] == ["As", "2d", "3h", "4c"]
    assert best["equity"] > 0.99 and best["equity"] == max(o["equity"] for o in data["options"])


def test_a_drawmaha_starting_hand_is_its_preflop_record(client: TestClient) -> None:
    hand = "As Ks 2d 3h 4c"
    response = client.post("/api/advise", json={"game": "drawmaha", "hole": hand, "opponents": 1})
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["kind"] == "starting-hand" and data["source"] == "atlas"
    record = lookup("drawmaha", hand)
    assert record is not None and {**record, **data["atlas"]} == data["atlas"]
    assert set(data["atlas"]["awards"]) == {"omaha", "draw"}


def test_a_doogie_class_missing_from_the_sample_is_computed(client: TestClient) -> None:
    hand = "As Ks 2d 3h 4c 5c"
    assert lookup("doogie", hand) is None  # the shipped atlas samples 40,000 classes
    response = client.post("/api/advise", json={"game": "doogie", "hole": hand})
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["kind"] == "starting-hand" and data["source"] == "computed"
    record = data["atlas"]
    assert record["class"] == "As Ks 5h 4h 3d 2c" and record["declaration"] in {
        "high",
        "low",
        "both",
    }
    assert "computed" in data["note"]
    direct = equity("doogie", {"you": hand, "opp": "random"}, samples=2_000, seed=11, exact=False)
    you = direct.player("you")
    error = (record["std_error"] ** 2 + (you.std_error or 0.0) ** 2) ** 0.5
    assert abs(record["equity"] - you.equity) <= 4 * error + 1e-4


def test_a_doogie_class_in_the_sample_comes_from_the_atlas(client: TestClient) -> None:
    atlas = shipped("doogie")
    assert atlas is not None
    top = atlas.top(1)[0]
    data = client.post("/api/advise", json={"game": "doogie", "hole": top["class"]}).json()
    assert data["source"] == "atlas" and data["atlas"]["equity"] == top["equity"]


@pytest.mark.parametrize(
    "change",
    [{"samples": 60}, {"opponents": 2}, {"policy": "pat"}, {"dead": "9c"},
     {"opponent_hands": ["7c 8d 9h Tc"]}],
)  # fmt: skip
def test_other_spots_are_computed(client: TestClient, change: dict[str, object]) -> None:
    body = {"game": "badugi", "hole": "As 2h 3d Kd", "seed": 3, **change}
    if "samples" not in change:
        body["samples"] = 40  # keep it quick; a sample count alone already computes
    data = client.post("/api/advise", json=body).json()
    assert "source" not in data and data["kind"] == "discards"
    assert {o["method"] for o in data["options"]} <= {"monte-carlo", "exact"}
