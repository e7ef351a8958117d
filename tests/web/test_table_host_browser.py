"""The host's table in a real browser (issue 23), on a desktop (1400x900) and a phone (390x844):
a host creates a private table with a password; a friend asks for a seat with the link and the
right password and the host approves; a third person with a wrong password is refused; the
host pauses, sets a stack (the ledger shows it and sums to zero), removes a player, makes the
table public, passes the host's role, and the new host closes the table, which leaves the lobby.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server

pytestmark = pytest.mark.browser

FLAGS = ("--seed", "3", "--bot-delay", "0.1", "--next-hand-delay", "30", "--clock", "0")
SIZES = {"desktop": (1400, 900), "phone": (390, 844)}
PASSWORD = "open sesame"


@pytest.fixture(params=list(SIZES))
def people(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Callable[[], Any], str]]:
    """``new()`` opens a page in a fresh context (another person) at the size of the run."""
    width, height = SIZES[request.param]
    contexts: list[Any] = []
    errors: list[str] = []

    def new() -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(20000)
        return page

    yield new, request.param
    for context in contexts:
        context.close()
    assert not errors, f"errors in the page: {errors}"


def lobby_ids(server: Server) -> list[str]:
    with urllib.request.urlopen(server.url + "/api/tables", timeout=10) as response:
        return [t["id"] for t in json.loads(response.read())["tables"]]


def ask_for_a_seat(page: Any, link: str, name: str, password: str) -> None:
    page.goto(link)
    page.wait_for_selector("[data-testid=join-password]:visible")
    page.fill("[data-testid=join-name]", name)
    page.fill("[data-testid=join-password]", password)
    page.click("[data-testid=join-submit]")


def test_a_host_runs_a_private_table_from_request_to_close(
    server_factory: Callable[..., Server], people: tuple[Callable[[], Any], str], tmp_path: Path
) -> None:
    new, size = people
    server = server_factory(*FLAGS)
    shots = Path("/tmp/i23-shots") if Path("/tmp").exists() else tmp_path
    shots.mkdir(exist_ok=True)
    # The host creates a private table with a password.
    ann = new()
    ann.goto(server.url + "/")
    ann.wait_for_selector("#game option[value=badugi]", state="attached")
    ann.select_option("[data-testid=game]", "badugi")
    ann.fill("[data-testid=seats]", "4")
    ann.fill("[data-testid=player]", "Ann")
    ann.check("[data-testid=private]")
    ann.fill("[data-testid=password]", PASSWORD)
    ann.click("[data-testid=create]")
    ann.wait_for_url("**/table/*")
    table_id = ann.url.rstrip("/").rsplit("/", 1)[-1]
    ann.wait_for_selector("[data-testid=host-panel]:visible")
    assert "private" in ann.inner_text("[data-testid=host-info]")
    assert table_id not in lobby_ids(server)
    ann.click("[data-testid=host-pause]")  # no hand while the host runs the table
    ann.wait_for_selector("[data-testid=host-resume]")
    link = f"{server.url}/table/{table_id}"

    # A friend asks with the link and the right password; the host approves.
    bob = new()
    ask_for_a_seat(bob, link, "Bob", PASSWORD)
    bob.wait_for_selector("[data-testid=request-panel]:visible")
    assert "Waiting for the host" in bob.inner_text("[data-testid=request-note]")
    ann.wait_for_selector("[data-testid^=host-approve-]")
    ann.screenshot(path=str(shots / f"host-request-{size}.png"), full_page=True)
    ann.click("[data-testid^=host-approve-]")
    bob.wait_for_selector("[data-testid=seat-panel]:visible")
    assert bob.locator("[data-testid=request-panel]").is_hidden()

    # A third person with a wrong password is refused.
    eve = new()
    ask_for_a_seat(eve, link, "Eve", "guess")
    eve.wait_for_selector("[data-testid=table-error]:visible")
    assert "needs its password" in eve.inner_text("[data-testid=table-error]")
    assert eve.locator("[data-testid=seat-panel]").is_hidden()
    # ...and with the right one she asks, and is let in.
    eve.fill("[data-testid=join-password]", PASSWORD)
    eve.click("[data-testid=join-submit]")
    eve.wait_for_selector("[data-testid=request-panel]:visible")
    ann.click("[data-testid^=host-approve-]")
    eve.wait_for_selector("[data-testid=seat-panel]:visible")

    # The host sets Bob's stack: the ledger shows who changed what and sums to zero.
    ann.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=host-seat] option')].length === 3"
    )
    ann.select_option("[data-testid=host-seat]", "1")
    ann.fill("[data-testid=host-stack]", "250")
    ann.click("[data-testid=host-set-stack]")
    ann.wait_for_selector("[data-seat='1'][data-stack='250']")
    ann.click("[data-testid=tab-ledger]")
    ann.wait_for_selector("[data-testid=ledger-change]")
    assert ann.inner_text("[data-testid=ledger-change]") == "Ann set Bob's stack from 200 to 250"
    assert ann.inner_text("[data-testid=ledger-total-net]") == "0"
    ann.screenshot(path=str(shots / f"host-ledger-{size}.png"), full_page=True)

    # The host removes Eve: she watches, her chips cashed out.
    ann.select_option("[data-testid=host-seat]", "2")
    ann.click("[data-testid=host-remove]")
    eve.wait_for_selector("[data-testid=join-panel]:visible")
    ann.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=host-seat] option')].length === 2"
    )
    assert ann.inner_text("[data-testid=ledger-total-net]") == "0"

    # The host makes the table public (it is in the lobby now) and passes the role to Bob.
    ann.click("[data-testid=host-options] summary")
    ann.uncheck("[data-testid=host-private]")
    ann.click("[data-testid=host-save-options]")
    ann.wait_for_function(
        "() => !document.getElementById('host-info').textContent.includes('private')"
    )
    assert table_id in lobby_ids(server)
    ann.select_option("[data-testid=host-seat]", "1")
    ann.click("[data-testid=host-pass]")
    bob.wait_for_selector("[data-testid=host-panel]:visible")
    ann.wait_for_selector("[data-testid=host-panel]", state="hidden")
    assert "Host: Bob" in ann.inner_text("[data-testid=host-info]")

    # The new host closes the table: it leaves the lobby.
    bob.click("[data-testid=host-close]")
    bob.click("[data-testid=host-close]")  # (a second click confirms)
    bob.wait_for_function(
        "() => document.getElementById('host-info').textContent.includes('closed')"
    )
    bob.screenshot(path=str(shots / f"host-closed-{size}.png"), full_page=True)
    assert table_id not in lobby_ids(server)
    assert bob.locator("[data-testid=join-panel]").is_hidden()


def test_sounds_for_your_turn_a_bet_and_the_pot_and_the_mute_is_remembered(
    server_factory: Callable[..., Server], page: Any
) -> None:
    server = server_factory(
        "--seed", "3", "--bot-delay", "0.3", "--next-hand-delay", "1", "--clock", "0"
    )
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value=badugi]", state="attached")
    page.select_option("[data-testid=game]", "badugi")
    page.fill("[data-testid=seats]", "2")
    page.click("[data-testid=add-bot]")
    page.locator("[data-testid=bot-kind]").last.select_option("caller")
    page.fill("[data-testid=player]", "Ann")
    page.click("[data-testid=create]")
    page.wait_for_url("**/table/*")
    assert page.get_attribute("[data-testid=sound-toggle]", "aria-pressed") == "false"
    sounds = "() => window.splitpotSounds"

    def play_until(kind: str) -> None:
        for _ in range(60):
            if kind in page.evaluate(sounds):
                return
            bar = page.locator("#actions.my-turn")
            if bar.count():
                for testid in ("check", "call", "stand-pat"):
                    button = bar.locator(f"[data-testid={testid}]")
                    if button.count() and button.is_enabled():
                        button.click()
                        break
            page.wait_for_timeout(250)
        raise AssertionError(f"no {kind} sound: {page.evaluate(sounds)}")

    play_until("bet")
    play_until("pot")
    play_until("turn")
    page.click("[data-testid=sound-toggle]")
    assert page.get_attribute("[data-testid=sound-toggle]", "aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("[data-testid=sound-toggle][aria-pressed=true]")
    assert page.evaluate("localStorage.getItem('splitpot.sound')") == "off"
    page.wait_for_timeout(3000)  # a hand goes on; muted, nothing is played
    assert page.evaluate(sounds) == []


def test_the_time_bank_is_shown_counting_down_after_the_clock(
    server_factory: Callable[..., Server], page: Any
) -> None:
    server = server_factory("--seed", "3", "--bot-delay", "0.1", "--next-hand-delay", "30")
    body = {"game": "badugi", "player": "Ann", "bots": ["caller"], "seats": 2, "clock": 1,
            "time_bank": 3}  # fmt: skip
    request = urllib.request.Request(
        server.url + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer = json.loads(response.read())
    table_id = answer["table"]["id"]
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('splitpot.token.{table_id}', '{answer['token']}')")
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_selector("[data-testid=time-bank]", timeout=10000)  # the clock ran out
    counts = page.eval_on_selector_all(".countdown", "nodes => nodes.map(n => n.textContent)")
    assert any(text in ("1s", "2s", "3s") for text in counts), counts  # the bank's seconds
    page.wait_for_selector("[data-testid=time-bank]", state="detached", timeout=10000)
    page.wait_for_selector("[data-seat='0'] [data-tag=sitting-out]", timeout=10000)


def test_the_lobby_asks_for_a_public_tables_password_when_it_has_one(
    server_factory: Callable[..., Server], page: Any
) -> None:
    server = server_factory(*FLAGS)
    body = {"game": "badugi", "player": "Ann", "seats": 3, "password": PASSWORD}
    request = urllib.request.Request(
        server.url + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        table_id = json.loads(response.read())["table"]["id"]
    page.goto(server.url + "/")
    page.click("[data-testid=join]")
    page.fill("[data-testid=join-form] [data-testid=join-name]", "Bob")
    page.fill("[data-testid=join-form] [data-testid=join-password]", "wrong")
    page.click("[data-testid=join-submit]")
    page.wait_for_function("() => document.body.innerText.includes('needs its password')")
    page.fill("[data-testid=join-form] [data-testid=join-password]", PASSWORD)
    page.click("[data-testid=join-submit]")
    page.wait_for_url(f"**/table/{table_id}")
    page.wait_for_selector("[data-testid=seat-panel]:visible")
