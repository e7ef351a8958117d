"""The showdown lab and the advisor pages in headless Chromium, against a real ``splitpot serve``.

The Drawmaha answer key (seeds/002) must appear on the page as the seed prints it: the chips
each player receives, and the exact cards of A's three aces highlighted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.browser

# seeds/002, "Answer key you can use without JavaScript": what each player receives.
ANSWER_KEY = {
    "drawmaha-different-winners": {"A": "60", "B": "60"},
    "drawmaha-scoop": {"A": "120", "B": "0"},
    "drawmaha-three-quarters": {"A": "90", "B": "30"},
    "drawmaha-royal-board": {"A": "60", "B": "60"},
}


def open_page(page: Any, server_factory: Callable[..., Any], path: str) -> None:
    server = server_factory()
    page.goto(server.url + path)
    page.wait_for_selector("body[data-ready='1']")


def shown_payouts(page: Any) -> dict[str, str]:
    rows = page.locator("#payouts tbody tr")
    return {
        rows.nth(i).get_attribute("data-player"): rows.nth(i).locator(".payout").inner_text()
        for i in range(rows.count())
    }


def data_cards(page: Any, selector: str) -> set[str]:
    return set(page.locator(selector).evaluate_all("nodes => nodes.map(n => n.dataset.card)"))


def evaluate(page: Any) -> None:
    page.click("#evaluate")
    page.wait_for_selector("#payouts, #error:not([hidden])")


def advise(page: Any, table: str) -> None:
    page.click("#advise")
    page.wait_for_selector(f"{table}, #advise-error:not([hidden])")
    assert page.locator("#advise-error").is_hidden(), page.inner_text("#advise-error")


def test_lab_reproduces_the_drawmaha_answer_key(
    server_factory: Callable[..., Any], page: Any
) -> None:
    open_page(page, server_factory, "/lab")
    for preset, payouts in ANSWER_KEY.items():
        page.select_option("#preset", preset)
        page.click("#load-preset")
        evaluate(page)
        assert page.locator("#error").is_hidden()
        assert shown_payouts(page) == payouts, preset
        assert "Matches the seed's answer" in page.inner_text("[data-testid=verdict]")
        if preset == "drawmaha-different-winners":
            # A's Omaha: A♠ A♥ + A♣ K♥ 7♣, highlighted in A's hand and on the board.
            winner = ".award[data-award=omaha] .winner[data-player=A]"
            assert data_cards(page, f"{winner} .card.used") == {"As", "Ah", "Ac", "Kh", "7c"}
            assert (
                page.locator(".award[data-award=draw] .winner").get_attribute("data-player") == "B"
            )
            assert "Three nines" in page.inner_text(".award[data-award=draw] .winner")


def test_lab_refuses_a_card_used_twice(server_factory: Callable[..., Any], page: Any) -> None:
    open_page(page, server_factory, "/lab")
    page.select_option("#preset", "drawmaha-different-winners")
    # B's 3♦ becomes A♠, which A holds: the page outlines it, the server refuses it.
    page.fill("[data-testid=player-cards-1]", "9s 9h 9d 4s As")
    assert page.locator("#players .card.dup[data-card=As]").count() == 2
    evaluate(page)
    message = page.inner_text("#error.error")
    assert "As" in message and "twice" in message
    assert "player A's cards" in message and "player B's cards" in message
    assert page.locator("#payouts").count() == 0
    # Put it right and the showdown settles again: B's three nines still win the draw half.
    page.fill("[data-testid=player-cards-1]", "9s 9h 9d 4s 3d")
    evaluate(page)
    assert page.locator("#error").is_hidden()
    assert shown_payouts(page) == {"A": "60", "B": "60"}


def test_lab_edits_any_game_player_and_declaration(
    server_factory: Callable[..., Any], page: Any
) -> None:
    open_page(page, server_factory, "/lab")
    page.select_option("#preset", "doogie-declarations")
    assert page.locator(".player-declare").first.is_visible()
    evaluate(page)
    assert shown_payouts(page) == {"A": "45", "B": "45", "C": "0"}
    # Remove C, switch B to declaring high: A's four kings take the whole pot.
    page.locator("#players tr.player-row").nth(2).locator(".remove-player").click()
    page.select_option("[data-testid=player-declare-1]", "high")
    evaluate(page)
    assert shown_payouts(page) == {"A": "90", "B": "0"}
    # Cards are drawn as they are typed; a new player gets a row of their own.
    page.select_option("#game", "badugi")
    assert page.locator(".player-declare").first.is_hidden()
    page.fill("[data-testid=player-cards-0]", "As 2h 3d 4c")
    page.fill("[data-testid=player-cards-1]", "5s 5h 4d Ac")
    page.click("#add-player")
    page.fill("[data-testid=player-cards-2]", "Kc Qd Jh Ts")
    assert data_cards(page, "#players tr.player-row:nth-child(3) .card") == {
        "Kc",
        "Qd",
        "Jh",
        "Ts",
    }
    page.fill("#pot", "91")
    evaluate(page)
    assert shown_payouts(page) == {"A": "91", "B": "0", "C": "0"}
    assert "4-3-2-A badugi" in page.inner_text(".award[data-award=badugi] .winner")


def test_advisor_ranks_discards_and_compares_declarations(
    server_factory: Callable[..., Any], page: Any
) -> None:
    open_page(page, server_factory, "/advisor")
    page.select_option("#game", "badugi")
    page.fill("#hole", "As 2h 3d Kd")
    page.fill("#opponents", "1")
    page.fill("#samples", "60")
    advise(page, "#advise-table")
    rows = page.locator("#advise-table tbody tr.option")
    assert rows.count() == 16  # every discard of 0 to 4 cards
    equities = [float(rows.nth(i).get_attribute("data-equity") or "") for i in range(16)]
    assert equities == sorted(equities, reverse=True)
    assert page.locator("#advise-table tbody tr.option:visible").count() == 12
    page.click("#advise-more")
    assert page.locator("#advise-table tbody tr.option:visible").count() == 16

    page.select_option("#game", "doogie")
    page.fill("#hole", "Ac 2d 3h 4s Kc Kd")
    page.fill("#board", "Kh Ks Qc Qd")
    advise(page, "#declare-table")
    assert page.locator("#declare-table tr.best").get_attribute("data-way") == "both"

    # Equity per hand: the default hands are Drawmaha's, and one shares the board's Q♣.
    page.click("#equity")
    page.wait_for_selector("#equity-error:not([hidden])")
    assert "Qc appears twice" in page.inner_text("#equity-error")
    page.fill("[data-testid=equity-cards-0]", "Ac 2d 3h 4s Kc Kd")
    page.fill("[data-testid=equity-cards-1]", "random")
    page.click("#equity")
    page.wait_for_selector("#equity-table")
    assert page.locator("#equity-error").is_hidden()
    cells = page.locator("#equity-table tr[data-player=A] td[data-award]")
    assert cells.count() == 2  # high and low
    assert page.locator("#equity-table tr[data-player=B]").count() == 1
