"""Issue 26, absurd values at the lobby: stakes over the ceiling, a buy-in over it, and an ante
or blind larger than the buy-in are refused with 400 and the limit named; nothing is made."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"stakes": "1/2 ante 999999999", "buy_in": 200}, "the ante is 999,999,999 chips"),
        ({"stakes": "1/2 ante 999999", "buy_in": 200},
         "buy_in: buy-in 200: smaller than the ante and big blind a seat posts (1,000,001 chips)"),
        ({"stakes": "1/10000000"}, "the big blind is 10,000,000 chips; a blind, ante or bet is "
         "at most 1,000,000"),
        ({"stakes": "1/2", "buy_in": 10**9 + 1}, "from 4 to 1,000,000,000"),
    ],
)  # fmt: skip
def test_create_table_refuses_stakes_and_buy_ins_over_the_limits(
    client: Any, body: dict[str, Any], words: str
) -> None:
    before = len(client.get("/api/tables").json()["tables"])
    answer = client.post("/api/tables", json={"game": "badugi", **body})
    assert answer.status_code == 400, answer.text
    assert words in answer.json()["error"]
    assert len(client.get("/api/tables").json()["tables"]) == before


def test_create_table_accepts_stakes_at_the_limits(client: Any) -> None:
    answer = client.post(
        "/api/tables", json={"game": "badugi", "stakes": "1/2 ante 999999", "buy_in": 1_000_001}
    )
    assert answer.status_code == 201, answer.text
