"""The lobby and the table page in a real browser, against a real ``splitpot serve``.

A Bodigiha hand is played to the showdown through the page (a raise, a two-card draw, calls),
the result panel shows both halves with winners and amounts, no chip is lost, and the
four-colour toggle recolours the diamonds. Also: a reload resumes the seat with the same cards,
a watcher never sees hole cards before the showdown, friends join, and the seat's buttons work.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from .conftest import Server, visitor

pytestmark = pytest.mark.browser

# --seed makes the decks reproducible; with seed 3 both Bodigiha halves are won at the showdown.
FLAGS = ("--seed", "3", "--bot-delay", "0.1", "--next-hand-delay", "30", "--clock", "0")
BUY_IN = 200
MY_TURN = "#actions.my-turn"
RESULT = "[data-testid=result] [data-award]"
RED, BLUE = "rgb(192, 38, 45)", "rgb(26, 95, 208)"  # diamonds in two and four colours


def create_in_lobby(page: Any, server: Server, bots: tuple[str, ...], name: str = "Ann") -> str:
    """Create a Bodigiha table from the lobby form; returns the table id (the page is on it)."""
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value=bodigiha]", state="attached")
    page.select_option("[data-testid=game]", "bodigiha")
    assert "Badugi" in page.inner_text("[data-testid=game-summary]")
    assert page.input_value("[data-testid=structure]") == "pot-limit"
    page.fill("[data-testid=seats]", str(len(bots) + 1))
    page.fill("[data-testid=buy-in]", str(BUY_IN))
    for kind in bots:
        page.click("[data-testid=add-bot]")
        page.locator("[data-testid=bot-kind]").last.select_option(kind)
    page.fill("[data-testid=player]", name)
    page.click("[data-testid=create]")
    page.wait_for_url("**/table/*")
    table_id: str = page.url.rstrip("/").rsplit("/", 1)[-1]
    assert page.evaluate(f"localStorage.getItem('splitpot.token.{table_id}')")
    page.wait_for_selector("[data-testid=my-cards] .card")
    return table_id


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || '0'"))


def wait_for_change(page: Any, before: int) -> None:
    """Until the next ``state`` (or an ``error``) after an action."""
    page.wait_for_function(
        "([v]) => Number(document.body.dataset.version) > v"
        " || !document.getElementById('table-error').hidden",
        arg=[before],
    )
    assert page.locator("#table-error").is_hidden(), page.inner_text("#table-error")


def my_cards(page: Any) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(
        "[data-testid=my-cards] .card", "nodes => nodes.map(n => n.dataset.card)"
    )
    return cards


def seat_stacks(page: Any) -> dict[int, int]:
    pairs = page.eval_on_selector_all(
        "[data-seat]", "nodes => nodes.map(n => [Number(n.dataset.seat), Number(n.dataset.stack)])"
    )
    return {seat: stack for seat, stack in pairs}


def play_to_showdown(page: Any, on_step: Callable[[], None] = lambda: None) -> dict[str, int]:
    """Play the hand through the page: bet or raise once, discard two cards at the draw, else
    check or call, until the result is shown. Returns what was done."""
    done = {"raises": 0, "discards": 0, "calls": 0, "checks": 0}
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        on_step()
        page.wait_for_selector(f"{MY_TURN}, {RESULT}")
        if page.locator(MY_TURN).count() == 0:
            return done
        before = version(page)
        bar = page.locator("#actions")
        if bar.locator("[data-testid=discard]").count():
            cards = page.locator("[data-testid=my-cards] .card.selectable")
            cards.nth(0).click()
            cards.nth(1).click()
            assert page.locator("[data-testid=my-cards] .card.selected").count() == 2
            assert bar.locator("[data-testid=discard]").inner_text() == "Discard 2"
            bar.locator("[data-testid=discard]").click()
            done["discards"] += 1
        elif done["raises"] == 0 and bar.locator("[data-testid=bet]").count():
            presets = bar.locator("[data-testid^=preset-]")
            if bar.locator("[data-testid=preset-Pot]").count():
                bar.locator("[data-testid=preset-Pot]").click()
                maximum = bar.locator("[data-testid=raise-slider]").get_attribute("max")
                assert bar.locator("[data-testid=raise-amount]").input_value() == maximum
            elif presets.count():
                presets.last.click()
            bar.locator("[data-testid=bet]").click()
            done["raises"] += 1
        elif bar.locator("[data-testid=check]").count():
            bar.locator("[data-testid=check]").click()
            done["checks"] += 1
        else:
            bar.locator("[data-testid=call]").click()
            done["calls"] += 1
        wait_for_change(page, before)
    raise AssertionError("the hand did not reach its result in time")


@pytest.fixture
def second_page(browser: Any) -> Iterator[Any]:
    """Another visitor: its own context (no token in its localStorage)."""
    yield from visitor(browser)


def test_bodigiha_hand_to_showdown_through_the_page(
    server_factory: Callable[..., Server], page: Any
) -> None:
    server = server_factory(*FLAGS)
    create_in_lobby(page, server, ("caller", "caller"))
    assert page.get_attribute("[data-seat='0']", "class").split().count("me") == 1
    total = BUY_IN * 3

    done = play_to_showdown(page)
    assert done["raises"] >= 1 and done["discards"] == 1

    result = page.locator("[data-testid=result]")
    awards = {a.get_attribute("data-award") for a in result.locator("[data-award]").all()}
    assert {"badugi", "omaha"} <= awards, awards
    names = {0: "Ann", 1: "Caller bot 2", 2: "Caller bot 3"}
    paid = 0
    for half in ("badugi", "omaha"):
        award = result.locator(f"[data-award={half}]").first
        winners = [int(s) for s in award.get_attribute("data-winners").split(",")]
        amount = int(award.get_attribute("data-amount"))
        assert winners and amount > 0
        text = award.inner_text()
        assert all(names[w] in text for w in winners) and str(amount) in text
        assert award.locator(".card.used").count() >= 1
    for award in result.locator("[data-award]").all():
        paid += int(award.get_attribute("data-amount"))
    # the winning cards are highlighted on the board (Omaha uses three board cards)
    assert page.locator("[data-testid=board] .card.used").count() >= 3
    # ...and in the winners' hands, on the felt or in "your cards"
    used_in_hands = page.locator("[data-seat] .card.used, [data-testid=my-cards] .card.used")
    assert used_in_hands.count() >= 2
    stacks = seat_stacks(page)
    assert sum(stacks.values()) == total, stacks
    assert paid == int(page.evaluate("T.state.last_result.pot"))
    assert "Last pot" in page.inner_text("[data-testid=pot]")
    log = page.inner_text("[data-testid=log]")
    assert "Ann" in log and ("raises" in log or "bets" in log), log
    assert page.get_attribute("[data-testid=history-link]", "href").startswith("/history/")

    # the four-colour deck (the nav bar's toggle) turns the board's diamonds blue, and stays on
    diamond = page.locator("[data-testid=board] .card.suit-d").first
    assert diamond.evaluate("n => getComputedStyle(n).color") == RED
    page.check("#four-colour")
    assert diamond.evaluate("n => getComputedStyle(n).color") == BLUE
    page.reload()
    page.wait_for_selector(RESULT)
    assert page.is_checked("#four-colour")
    diamond = page.locator("[data-testid=board] .card.suit-d").first
    assert diamond.evaluate("n => getComputedStyle(n).color") == BLUE
    assert page.locator("[data-testid=board] .card.used").count() >= 3


def test_reload_resumes_the_seat_with_the_same_cards(
    server_factory: Callable[..., Server], page: Any
) -> None:
    server = server_factory(*FLAGS)
    create_in_lobby(page, server, ("caller", "caller"))
    page.wait_for_selector(MY_TURN)
    cards = my_cards(page)
    assert len(cards) == 5
    page.reload()
    page.wait_for_selector("[data-testid=my-cards] .card")
    assert my_cards(page) == cards
    assert "me" in page.get_attribute("[data-seat='0']", "class").split()
    page.wait_for_selector(MY_TURN)  # still this seat's turn, the action bar is back
    # a dropped socket reconnects by itself and redraws from the next state
    page.evaluate("T.ws.close()")
    page.wait_for_selector("[data-testid=conn][data-state=reconnecting]")
    page.wait_for_selector("[data-testid=conn][data-state=connected]")
    page.wait_for_selector(MY_TURN)
    assert my_cards(page) == cards
    # the server dies and comes back on the same port and file: the page finds the hand again
    server.kill()
    page.wait_for_selector("[data-testid=conn][data-state=reconnecting]")
    port = int(server.url.rsplit(":", 1)[1])
    server_factory(*FLAGS, db=server.db, port=port)
    page.wait_for_selector("[data-testid=conn][data-state=connected]", timeout=30000)
    page.wait_for_selector(MY_TURN)
    assert my_cards(page) == cards


def test_a_watcher_sees_no_hole_cards_before_the_showdown(
    server_factory: Callable[..., Server], page: Any, second_page: Any
) -> None:
    server = server_factory(*FLAGS)
    table_id = create_in_lobby(page, server, ("caller", "caller"))
    watcher = second_page
    watcher.goto(f"{server.url}/table/{table_id}")
    watcher.wait_for_selector("[data-seat] .card.back")
    assert watcher.locator("[data-testid=join-panel]").is_visible()
    assert watcher.locator("#actions").is_hidden()
    seen = {"steps": 0}

    def no_hole_cards() -> None:
        # every seat in the hand shows face-down backs only; the watcher has no cards of its own
        # once hands are shown at the showdown (the server marks those seats ``shown``) or the
        # felt shows the result, face-up cards belong; a loaded CI machine caught the page
        # between the showdown and the next hand, the hand's phase "done"
        if watcher.evaluate("resultMode() || T.state.seats.some((seat) => seat.shown)"):
            return
        assert watcher.locator("[data-seat] .card[data-card]").count() == 0
        assert watcher.locator("[data-testid=my-cards] .card").count() == 0
        assert watcher.locator("[data-seat='0'] .card.back").count() in (0, 5)
        seen["steps"] += 1

    play_to_showdown(page, on_step=no_hole_cards)
    assert seen["steps"] >= 3
    watcher.wait_for_selector(RESULT)
    # after the showdown the watcher sees the hands that were shown, as the player does
    shown = json.loads(page.evaluate("JSON.stringify(T.state.last_result.shown)"))
    assert shown
    for seat, cards in shown.items():
        on_felt = watcher.eval_on_selector_all(
            f"[data-seat='{seat}'] .card[data-card]", "nodes => nodes.map(n => n.dataset.card)"
        )
        assert on_felt == cards


def test_join_from_the_table_page_and_the_lobby_list(
    server_factory: Callable[..., Server], page: Any, second_page: Any
) -> None:
    server = server_factory(*FLAGS)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value=bodigiha]", state="attached")
    page.fill("[data-testid=seats]", "3")
    page.click("[data-testid=add-bot]")
    page.locator("[data-testid=bot-kind]").last.select_option("caller")
    page.fill("[data-testid=player]", "Ann")
    page.click("[data-testid=create]")
    page.wait_for_url("**/table/*")
    table_id = page.url.rsplit("/", 1)[-1]
    assert page.input_value("[data-testid=invite-url]").endswith(f"/table/{table_id}")

    # a friend sees the table in the lobby list, opens the invite and joins from the table page
    friend = second_page
    friend.goto(server.url + "/")
    row = friend.locator(f"tr[data-table='{table_id}']")
    row.wait_for()
    assert "2/3 taken" in row.inner_text()
    friend.goto(f"{server.url}/table/{table_id}")
    friend.wait_for_selector("[data-testid=join-panel]:visible")
    friend.fill("[data-testid=join-name]", "Ann")
    friend.click("[data-testid=join-submit]")
    friend.wait_for_selector("#table-error:visible")
    assert "already at this table" in friend.inner_text("#table-error")
    friend.fill("[data-testid=join-name]", "Bob")
    friend.click("[data-testid=join-submit]")
    friend.wait_for_selector("[data-seat='2'].me")
    assert friend.evaluate(f"localStorage.getItem('splitpot.token.{table_id}')")
    page.wait_for_selector("[data-seat='2'] [data-testid=seat-name]:text('Bob')")
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}") as answer:
        summary = json.load(answer)
    assert summary["open_seats"] == 0


def test_seat_buttons_fold_rebuy_sit_out_and_leave(
    server_factory: Callable[..., Server], page: Any
) -> None:
    server = server_factory(*FLAGS)
    table_id = create_in_lobby(page, server, ("caller",))
    page.wait_for_selector(MY_TURN)
    assert page.locator("[data-testid=rebuy]").is_disabled()  # not during my hand
    before = version(page)
    page.keyboard.press("f")  # the keyboard shortcut for Fold
    wait_for_change(page, before)
    page.wait_for_selector("[data-testid=result] [data-award=uncontested]")
    assert "Caller bot 2 wins" in page.inner_text("[data-testid=result]")
    stack = int(page.get_attribute("[data-seat='0']", "data-stack"))
    assert stack < BUY_IN and sum(seat_stacks(page).values()) == 2 * BUY_IN

    page.click("[data-testid=rebuy]")
    page.wait_for_selector(f"[data-seat='0'][data-stack='{BUY_IN}']")
    page.click("[data-testid=sit-out]")
    page.wait_for_selector("[data-seat='0'] [data-tag=sitting-out]")
    page.click("[data-testid=sit-in]")
    page.wait_for_selector("[data-seat='0'] [data-tag=sitting-out]", state="detached")

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=leave]")
    page.wait_for_selector("[data-seat='0'].open")
    page.wait_for_selector("[data-testid=join-panel]:visible")
    assert page.evaluate(f"localStorage.getItem('splitpot.token.{table_id}')") is None
