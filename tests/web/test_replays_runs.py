"""A hand run twice in the history and the replayer (docs/rules.md "At the table"): the
replayer's last step shows each run's board and settlement, the same rows the table's result
panel shows, and what each player won in all."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from splitpot.describe import run_rows
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand
from splitpot.engine.options import Options
from splitpot.history import HistoryStore

from .conftest import Server
from .test_replays import app_with


def run_twice_hand(seed: int = 3) -> Hand:
    """Drawmaha: the button folds, the blinds are all-in before the flop, both stand pat and
    both agree to run it twice."""
    hand = Hand("drawmaha", stacks=[6, 6, 6], options=Options(run_twice=True),
                rng=random.Random(seed), names=["Ann", "Bob", "Cy"])  # fmt: skip
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.phase == "runs":
            hand.apply(Action.run_twice())
        elif legal.phase == "draw":
            hand.apply(Action.stand_pat())
        elif legal.seat == 0 and legal.fold:
            hand.apply(Action.fold())
        elif legal.raise_ is not None:
            hand.apply(Action(legal.raise_.kind, amount=legal.raise_.max_to))
        else:
            hand.apply(Action.call() if legal.call else Action.check())
    assert len(hand.run_boards) == 2
    return hand


def test_the_replayer_shows_each_run_of_a_hand_run_twice(tmp_path: Path) -> None:
    hand = run_twice_hand()
    with app_with(tmp_path / "web.sqlite3", [(hand, "web")]) as client:
        answer = client.get("/api/hands/1")
        assert answer.status_code == 200, answer.text
    steps = answer.json()["steps"]
    kinds = [step["phase"] for step in steps]
    assert "runs" in kinds  # each player's answer is a step of its own
    settlement = steps[-1]["settlement"]
    seat_of = {name: seat for seat, name in enumerate(hand.names)}
    assert settlement["runs"] == run_rows(hand, seat_of)
    boards = [run["board"] for run in settlement["runs"]]
    assert boards[0][:3] == boards[1][:3] and boards[0] != boards[1]  # the flop, then two runs
    assert [str(c) for c in hand.run_boards[1]] == boards[1]
    paid = [0, 0, 0]
    for run in settlement["runs"]:
        assert sum(a["amount"] for a in run["awards"]) == 6  # half of the pot of 12
        for seat, chips in run["payouts"].items():
            paid[int(seat)] += chips
    assert paid == settlement["payouts"] and sum(paid) == 12


@pytest.mark.browser
def test_the_replayer_page_draws_both_runs(
    tmp_path: Path, server_factory: Callable[..., Server], sized_page: tuple[Any, str]
) -> None:
    page, size = sized_page
    hand = run_twice_hand()
    db = tmp_path / "web.sqlite3"
    with HistoryStore(db) as store:
        hand_id = store.add(hand.events, source="web")
    server = server_factory(db=db)
    page.goto(f"{server.url}/history/{hand_id}")
    page.locator("[data-testid=step-label]").wait_for()
    page.click("[data-testid=replay-last]")
    runs = page.locator("#result [data-testid=run]")
    runs.first.wait_for()
    assert runs.count() == 2
    assert page.locator("#result [data-testid=run-award]").count() >= 4  # two awards a run
    total = page.locator("#result [data-testid=run-total]").inner_text()
    assert total.startswith("Both runs:")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / f"replay-runs-{size}.png"), full_page=True)
