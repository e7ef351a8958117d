"""Run it twice in a real browser (issue 23), on a desktop and a phone (390x844): Ann (the page)
and Bob (a websocket) go all-in on a Drawmaha flop; after the draw the page asks Ann "Run it
twice" or "Run once"; both agree and the result panel shows both runs, each run's board and
awards, and the total."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from .conftest import Server, post

pytestmark = pytest.mark.browser

FLAGS = ("--seed", "4", "--bot-delay", "0", "--next-hand-delay", "600", "--clock", "0")


def all_in_on_the_flop(hand: dict[str, Any]) -> dict[str, Any]:
    """Call before the flop, raise the most (else call) on the flop, stand pat, run twice."""
    legal = hand["legal"]
    if legal["runs"]:
        return {"kind": "run_twice"}
    if legal["phase"] == "draw":
        return {"kind": "discard", "cards": []}
    if hand["board"] and legal["raise"] is not None:
        return {"kind": legal["raise"]["kind"], "amount": legal["raise"]["max"]}
    return {"kind": "call"} if legal["call"] is not None else {"kind": "check"}


def bob_plays(url: str, stop: threading.Event) -> None:
    """Bob, over the websocket, plays the hand all-in and agrees to run it twice."""
    with connect(url) as ws:
        while not stop.is_set():
            try:
                message = json.loads(ws.recv(timeout=0.5))
            except TimeoutError:
                continue
            if message["type"] != "state" or message["last_result"] is not None:
                if message["type"] == "state" and message["last_result"] is not None:
                    return
                continue
            hand = message["hand"]
            if hand is not None and hand["legal"] is not None:
                turn = hand["legal"]["turn"]
                ws.send(
                    json.dumps({"type": "act", "action": all_in_on_the_flop(hand), "turn": turn})
                )


def test_the_page_asks_run_it_twice_and_shows_both_runs(
    server_factory: Callable[..., Server], sized_page: tuple[Any, str], tmp_path: Path
) -> None:
    page, size = sized_page
    server = server_factory(*FLAGS)
    shots = Path("/tmp/i23-shots") if Path("/tmp").exists() else tmp_path
    shots.mkdir(exist_ok=True)
    answer = post(
        server.url + "/api/tables",
        {"game": "drawmaha", "player": "Ann", "seats": 2, "buy_in": 20, "min_buy_in": 20,
         "options": {"run_twice": True}},
    )  # fmt: skip
    table_id = answer["table"]["id"]
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem(tokenKey('{table_id}'), '{answer['token']}')")
    page.goto(f"{server.url}/table/{table_id}")
    bob = post(server.url + f"/api/tables/{table_id}/join", {"player": "Bob"})
    socket = server.url.replace("http", "ws") + f"/ws/tables/{table_id}?token={bob['token']}"
    stop = threading.Event()
    thread = threading.Thread(target=bob_plays, args=(socket, stop), daemon=True)
    thread.start()
    try:
        while True:  # Ann plays through the page's own act() until the question comes
            page.wait_for_function(
                "() => T.state && (T.state.last_result || (T.state.hand && T.state.hand.legal"
                " && !T.pending))"
            )
            hand = page.evaluate("T.state.hand")
            if hand is None or hand["legal"]["runs"]:
                break
            page.evaluate(f"act({json.dumps(all_in_on_the_flop(hand))})")
            page.wait_for_function("() => !T.pending")
        assert hand is not None, "the hand ended before the question"
        page.wait_for_selector("[data-testid=run-twice]:visible")
        assert page.locator("[data-testid=run-once]").is_visible()
        assert "Run it twice" in page.inner_text("[data-testid=actions]")
        page.locator("[data-testid=actions]").screenshot(
            path=str(shots / f"runs-question-{size}.png")
        )
        page.click("[data-testid=run-twice]")
        page.wait_for_selector("[data-testid=run][data-run='2']")
        runs = page.locator("[data-testid=run]")
        assert runs.count() == 2
        for index in range(2):
            run = runs.nth(index)
            assert run.locator("[data-testid=run-board] .card").count() == 5
            assert run.locator(".award").count() >= 2  # each run: both awards (or more pots)
        assert "Both runs: " in page.inner_text("[data-testid=run-total]")
        assert "of 40" in page.inner_text("[data-testid=run-total]")
        log = page.evaluate("T.state.log")
        assert "Ann agrees to run it twice" in log and "Bob agrees to run it twice" in log
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], "the page scrolls sideways"
        page.screenshot(path=str(shots / f"runs-table-{size}.png"), full_page=True)
        page.locator("#result-panel").screenshot(path=str(shots / f"runs-result-{size}.png"))
    finally:
        stop.set()
        thread.join(10)
