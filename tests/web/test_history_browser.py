"""The hand-history pages in a real browser against a real ``splitpot serve``: the list, the
replayer stepped to the end, the winners with the cards they used."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.table import Table
from splitpot.history import HistoryStore

from .conftest import Server

pytestmark = pytest.mark.browser


def caller(hand: Hand, legal: LegalActions) -> Action:
    if legal.phase == "draw":
        return Action.discard(legal.hole[:1])
    return Action.check() if legal.check else Action.call()


def test_replay_a_stored_hand_to_the_showdown(
    tmp_path: Path, server_factory: Callable[..., Server], page: Any
) -> None:
    db = tmp_path / "web.sqlite3"
    table = Table("bodigiha", stacks=[100] * 3, rng=random.Random(0), names=["Ann", "Bob", "Cy"])
    hand = table.play_hand(caller)
    assert hand.result is not None
    winners = {name for pot in hand.result.pots for a in pot.awards for name in a.winners}
    with HistoryStore(db) as store:
        store.add(hand.events, source="simulate")
        hand_id = store.add(hand.events, source="web")
    server = server_factory(db=db)

    page.goto(server.url + "/history")
    rows = page.locator("[data-testid=hand-row]")
    rows.first.wait_for()
    assert rows.count() == 2
    assert "Bodigiha" in rows.first.inner_text() and "web table" in rows.first.inner_text()
    page.locator("[data-testid=hand-link]").first.click()
    page.wait_for_url(f"**/history/{hand_id}*")

    label = page.locator("[data-testid=step-label]")
    label.wait_for()
    steps = int(label.inner_text().split("/")[1])
    assert label.inner_text().startswith("1 /")
    assert page.locator("[data-testid=felt] .card.back").count() == 15  # 3 seats x 5, face down
    page.click("[data-testid=replay-forward]")
    assert label.inner_text().startswith("2 /")
    page.click("[data-testid=replay-back]")
    assert label.inner_text().startswith("1 /")
    page.click("[data-testid=replay-last]")
    assert label.inner_text() == f"{steps} / {steps}"

    result = page.locator("[data-testid=result]")
    result.wait_for()
    text = result.inner_text()
    assert "Showdown" in text
    assert all(name in text for name in winners)
    assert page.locator("[data-testid=award]").count() >= 2  # both halves of Bodigiha
    used = page.locator("[data-testid=felt] .card.used")
    assert used.count() >= 1  # the first award's winning cards, on the table
    page.locator("[data-testid=award]").nth(1).click()  # the Omaha half: 2 hole + 3 board
    assert used.count() == 5
    assert page.locator("[data-testid=board] .card.used").count() == 3
    assert page.locator("[data-testid=felt] .card.back").count() == 0  # all shown down
    assert page.locator("#log li.current").count() > 0
    assert "SHOWDOWN" in page.inner_text("[data-testid=log]")

    page.click("[data-testid=replay-first]")  # play steps on by itself
    page.click("[data-testid=replay-play]")
    page.wait_for_function("() => parseInt(document.getElementById('step-label').textContent) >= 3")
    page.click("[data-testid=replay-play]")  # pause
    assert "Play" in page.inner_text("[data-testid=replay-play]")
