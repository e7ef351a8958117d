"""The Learn pages in headless Chromium, on a desktop and on a 390x844 phone.

Open /learn, sort the variants table, open Bodigiha's rules page, answer a *Who wins?* deal right
(the Drawmaha self-check: A 150, B 50 on the three-quarter case with a pot of 200) and one wrong,
seeing the score change, and answer a *Which discard?* question. Screenshots of each step are
kept in the test's temporary folder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def ready(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")


def first_column(page: Any) -> list[str]:
    return list(
        page.locator("#variants-body tr").evaluate_all("rows => rows.map(r => r.dataset.game)")
    )


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def test_learn_table_sorts_and_opens_bodigiha(
    server_factory: Callable[..., Any], sized_page: tuple[Any, str], tmp_path: Path
) -> None:
    page, size = sized_page
    server = server_factory()
    ready(page, server.url + "/learn")
    assert first_column(page)[:4] == ["bodigiha", "badugi", "drawmaha", "doogie"]
    page.click("[data-testid=sort-hole_cards]")  # most hole cards first
    order = first_column(page)
    assert order[:6] == ["stud", "razz", "stud-8", "razzdugi", "doogie", "omaha-6"]  # 7, 6 cards
    assert order[-1] == "holdem"
    assert page.get_attribute("th[data-key=hole_cards]", "aria-sort") == "descending"
    page.click("[data-testid=sort-hole_cards]")
    assert first_column(page)[:2] == ["limit-holdem", "holdem"]  # ties in registry order
    page.click("[data-testid=sort-name]")
    assert first_column(page)[:6] == [
        "27-single-draw", "27-triple-draw", "a5-triple-draw", "badacey", "badeucy", "badugi",
    ]  # fmt: skip
    no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / f"learn-{size}.png"), full_page=True)

    page.click("[data-testid=game-link-bodigiha]")
    page.wait_for_selector("body[data-ready='1']")
    assert page.url.endswith("/learn/bodigiha")
    assert page.inner_text("[data-testid=game-name]") == "Bodigiha"
    steps = page.locator("[data-testid=timeline] li")
    assert steps.count() == 11
    assert steps.nth(5).get_attribute("data-kind") == "draw"
    assert "0 to 2 cards" in steps.nth(5).inner_text()
    assert "Bodiga Low" in page.inner_text(".award-card[data-award=badugi]")
    assert page.locator(".ranking[data-award=omaha] tbody tr").count() == 10
    assert page.get_attribute("[data-testid=link-play]", "href") == "/?game=bodigiha"
    assert page.get_attribute("[data-testid=link-lab]", "href") == "/lab?game=bodigiha"
    no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / f"bodigiha-{size}.png"), full_page=True)

    # The lab opens on the game's worked case; the advisor on the game.
    page.click("[data-testid=link-lab]")
    page.wait_for_selector("body[data-ready='1']")
    assert page.input_value("#game") == "bodigiha"
    page.goto(server.url + "/advisor?game=bodigiha")
    page.wait_for_selector("body[data-ready='1']")
    assert page.input_value("#game") == "bodigiha"


def fill_payouts(page: Any, payouts: dict[str, int]) -> None:
    for name, chips in payouts.items():
        page.fill(f"[data-testid=payout-{name}]", str(chips))


def check(page: Any) -> str:
    page.click("[data-testid=check]")
    page.wait_for_selector("[data-testid=verdict]")
    return str(page.inner_text("[data-testid=verdict]"))


def test_practice_scores_right_and_wrong_answers_and_a_discard(
    server_factory: Callable[..., Any], sized_page: tuple[Any, str], tmp_path: Path
) -> None:
    page, size = sized_page
    server = server_factory()
    ready(page, server.url + "/practice?case=drawmaha-three-quarters&pot=200")
    assert page.inner_text("[data-testid=score]") == "0 / 0"
    assert "worked case" in page.inner_text("[data-testid=deal-title]")
    assert "One pot of 200 chips." in page.inner_text("[data-testid=question]")
    no_sideways_scroll(page)
    page.check("[data-testid=winner-omaha-A]")
    page.check("[data-testid=winner-omaha-B]")
    page.check("[data-testid=winner-draw-A]")
    fill_payouts(page, {"A": 150, "B": 50})
    assert check(page) == "Right!"
    assert page.inner_text("[data-testid=score]") == "1 / 1"
    # The engine's answer highlights the cards each winner used: A's draw hand is all five.
    used = page.locator(".award-answer[data-award=draw] .winner-line[data-player=A] .card.used")
    assert used.count() == 5
    omaha = page.locator(".award-answer[data-award=omaha] .winner-line[data-player=A] .card.used")
    assert omaha.count() == 5  # two hole cards and three board cards
    page.screenshot(path=str(tmp_path / f"right-{size}.png"), full_page=True)
    # Answering the same deal again does not count twice.
    check(page)
    assert page.inner_text("[data-testid=score]") == "1 / 1"

    # The seed's wrong answer, on the same case with its usual pot: 100 each.
    ready(page, server.url + "/practice?case=drawmaha-three-quarters&pot=120")
    fill_payouts(page, {"A": 100, "B": 100})
    assert check(page) == "Not quite."
    assert page.inner_text("[data-testid=score]") == "1 / 2"
    assert "You gave A 100; A receives 90." in page.inner_text("[data-testid=explanation]")
    page.screenshot(path=str(tmp_path / f"wrong-{size}.png"), full_page=True)

    # A random deal keeps its seed in the URL; "Next deal" deals the next seed.
    ready(page, server.url + "/practice?game=doogie&seed=2")
    assert "declares" in page.inner_text("[data-testid=question]")
    page.click("[data-testid=next]")
    page.wait_for_function("location.search.includes('seed=3')")

    # Which discard? Throw one card and see where it ranks.
    ready(page, server.url + "/practice?mode=discard&game=badugi&seed=3")
    no_sideways_scroll(page)
    page.locator("[data-testid=hand] .card").nth(0).click()
    assert page.inner_text("[data-testid=throw]").startswith("Throw ")
    page.click("[data-testid=throw]")
    page.wait_for_selector("[data-testid=verdict]")
    assert "of 16" in page.inner_text("[data-testid=verdict]")
    assert page.locator("#options tr.chosen").count() == 1
    assert page.inner_text("[data-testid=score]").endswith("/ 3")
    page.click("#all-options")
    assert page.locator("#options tbody tr:visible").count() == 16
    page.screenshot(path=str(tmp_path / f"discard-{size}.png"), full_page=True)
