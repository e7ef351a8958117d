"""A HORSE rotation in a real browser (issue 22), on a desktop and a phone (390x844): Ann
creates the table from the lobby's HORSE preset (one hand a game), Bob joins from the link, a
bot sits with them; they play through Limit Hold'em, Omaha Hi-Lo 8 and Razz into Seven-card
Stud. In stud each player sees the others' up cards and never their down cards: every frame
Bob's page received is checked against the hands' full logs (the leak check)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from splitpot.history import HistoryStore

from .conftest import Server
from .test_mixed_browser import DESKTOP, PHONE, open_page, post, take_seat  # noqa: F401
from .test_tables import allowed_cards, cards_in

pytestmark = pytest.mark.browser

FLAGS = ("--seed", "3", "--bot-delay", "0", "--next-hand-delay", "0.3", "--clock", "0")
PASSIVE = ("check", "call", "bring-in", "stand-pat")


def act_if_asked(page: Any) -> bool:
    """Check, call, bring in or stand pat, when it is this page's turn (found and clicked in
    one step, so a state arriving meanwhile cannot take the button away)."""
    clicked: bool = page.evaluate(
        """(ids) => {
          const bar = document.querySelector("#actions.my-turn");
          if (!bar) return false;
          for (const id of ids) {
            const button = bar.querySelector(`[data-testid=${id}]`);
            if (button && !button.disabled) { button.click(); return true; }
          }
          return false;
        }""",
        list(PASSIVE),
    )
    return clicked


def frames_of(page: Any) -> list[dict[str, Any]]:
    """Every websocket message the page receives from now on (appended as they come)."""
    frames: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_horse_rotation_with_two_people_and_a_bot_shows_stud_up_cards_only(
    server_factory: Callable[..., Server],
    open_page: Callable[..., Any],  # noqa: F811 - the fixture, imported above
    device: str,
) -> None:
    server = server_factory(*FLAGS)
    size = PHONE if device == "phone" else DESKTOP
    ann = open_page(**size)
    ann.goto(server.url + "/")
    ann.wait_for_selector("[data-testid=preset-horse]", state="attached")
    ann.select_option("[data-testid=mode]", "rotation")
    ann.click("[data-testid=preset-horse]")
    assert ann.input_value("#mix-structure-limit-holdem") == "fixed-limit"
    ann.fill("[data-testid=hands-per-game]", "1")
    ann.fill("[data-testid=seats]", "3")
    ann.click("[data-testid=add-bot]")
    ann.locator("[data-testid=bot-kind]").last.select_option("caller")
    ann.fill("[data-testid=player]", "Ann")
    ann.click("[data-testid=create]")
    ann.wait_for_url("**/table/*")
    table_id = ann.url.rsplit("/", 1)[1].split("?")[0]
    ann.wait_for_function("T.state && T.state.table")  # the first state has come
    assert ann.evaluate("T.state.table.games") == [
        "limit-holdem", "omaha-8", "razz", "stud", "stud-8",
    ]  # fmt: skip
    bob_seat = post(server, f"/api/tables/{table_id}/join", {"player": "Bob"})
    bob = open_page(**size)
    seen = frames_of(bob)
    take_seat(bob, server, table_id, bob_seat["token"])
    stud_up = 0
    for _ in range(400):
        acted = act_if_asked(ann) or act_if_asked(bob)
        state = bob.evaluate("T.state")
        if state["table"]["game"]["id"] == "stud" and state["hand"] is not None:
            others = [s for s in state["seats"] if s["seat"] != bob_seat["seat"] and s["in_hand"]]
            stud_up = max(stud_up, min(len(s["up"]) for s in others))
            if stud_up >= 2:
                break
        if not acted:
            bob.wait_for_timeout(100)
    assert stud_up >= 2, "the rotation never reached stud's fourth street"
    drawn = bob.locator("[data-testid=seat-cards].backs .card.up")
    assert drawn.count() >= 4  # Ann's and the bot's up cards, face up on Bob's page
    assert bob.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # The leak check: every card in every frame Bob got was one Bob's seat could see then.
    with sqlite3.connect(server.db) as db:
        links = db.execute(
            "SELECT hand_id, number FROM web_table_hands WHERE table_id = ?", (table_id,)
        ).fetchall()
    with HistoryStore(server.db) as store:
        logs = {number: list(store.get(hand_id).events) for hand_id, number in links}
    checked = 0
    allowed: set[str] | None = None
    for message in seen:
        if message.get("type") == "state":
            allowed = set()
            for key in ("hand", "last_result"):
                part = message[key]
                if part is None:
                    continue
                if part["number"] not in logs:  # the hand still in play: checked below
                    allowed = None
                    break
                events = logs[part["number"]]
                names = events[0].data["names"]
                allowed |= allowed_cards(events, names.index("Bob") if "Bob" in names else None)
        if allowed is None:
            continue
        leaked = cards_in(message) - allowed
        assert not leaked, f"Bob was sent {sorted(leaked)}: {json.dumps(message)[:400]}"
        checked += 1
    assert checked > 10 and len(logs) >= 3
    # the stud hand in play: Bob's page holds no card of another seat but its up cards
    state = bob.evaluate("T.state")
    for seat in state["seats"]:
        if seat["seat"] != bob_seat["seat"] and not seat["shown"]:
            assert seat["cards"] is None
