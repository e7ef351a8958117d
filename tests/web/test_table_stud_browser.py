"""Stud in a real browser (issue 22), on a desktop and a phone (390x844): each seat's up cards
are drawn face up in front of it for everyone, its down cards as backs; your own seat shows all
your cards, the down ones dimmed (only you see them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, post

pytestmark = pytest.mark.browser


def test_stud_up_cards_face_up_at_every_seat(
    server_factory: Callable[..., Server], sized_page: tuple[Any, str], tmp_path: Path
) -> None:
    page, size = sized_page
    server = server_factory("--seed", "5", "--bot-delay", "0", "--clock", "0")
    body = {"game": "stud", "player": "Ann", "bots": ["heuristic"] * 5, "seats": 6}
    answer = post(server.url + "/api/tables", body)
    table_id = answer["table"]["id"]
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem(tokenKey('{table_id}'), '{answer['token']}')")
    page.goto(f"{server.url}/table/{table_id}")
    others_up = page.locator("[data-testid=seat-cards].backs .card.up")
    others_up.first.wait_for(timeout=15000)
    state = page.evaluate("T.state")
    up = {s["seat"]: s["up"] for s in state["seats"] if s["in_hand"] and not s["folded"]}
    assert all(len(cards) >= 1 for cards in up.values()), up
    drawn = page.evaluate(
        "[...document.querySelectorAll('[data-testid=seat-cards].backs .card.up')]"
        ".map((c) => c.dataset.card)"
    )
    assert set(drawn) <= {c for seat, cards in up.items() if seat != 0 for c in cards}
    assert drawn
    mine = [c for s in state["seats"] if s["seat"] == 0 for c in (s["cards"] or [])]
    assert len(mine) >= 3 and set(up.get(0, [])) <= set(mine)
    assert page.locator("[data-testid=seat-cards] .card.down").count() == 2  # your down cards
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / f"stud-{size}.png"), full_page=True)
    # Ann calls or checks down to sixth street: four up cards a seat must still fit the felt.
    for _ in range(60):
        most = page.evaluate("Math.max(...T.state.seats.map((s) => (s.up || []).length))")
        if most >= 4 or page.evaluate("T.state.hand === null"):
            break
        button = page.locator("[data-testid=check], [data-testid=call], [data-testid=bring-in]")
        if button.count():
            button.first.click()
        page.wait_for_timeout(150)
    if page.evaluate("T.state.hand !== null"):
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(tmp_path / f"stud-sixth-{size}.png"), full_page=True)
