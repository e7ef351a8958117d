"""The Charts page in headless Chromium, on a desktop and on a 390x844 phone: the Badugi grid,
a lookup of a hand, another game's distribution. Screenshots are kept in the test's folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_charts_page_draws_the_grid_and_looks_up_a_hand(
    server_factory: Callable[..., Any], sized_page: tuple[Any, str], tmp_path: Path
) -> None:
    page, size = sized_page
    server = server_factory()
    page.goto(server.url + "/charts")
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("[data-testid=chart-badugi]", "aria-selected") == "true"
    wheel = page.locator("[data-testid=cell-432A]")
    assert wheel.inner_text().startswith("pat")
    assert page.locator("[data-testid=badugi-grid] td:not(.empty)").count() == 55  # over A-2
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"
    page.screenshot(path=str(tmp_path / f"charts-badugi-{size}.png"), full_page=True)

    page.fill("[data-testid=lookup-hand]", "As 2d 3h 4c")
    page.click("[data-testid=lookup-go]")
    page.wait_for_selector("[data-testid=record-best]")
    assert page.inner_text("[data-testid=record-best]") == "First draw: stand pat"
    assert page.locator(".dist .bar.mark").count() == 1

    page.fill("[data-testid=lookup-hand]", "As 2d 3h 4x")
    page.click("[data-testid=lookup-go]")
    page.wait_for_selector("[data-testid=lookup-error]:not([hidden])")
    assert "unknown suit 'x'" in page.inner_text("[data-testid=lookup-error]")

    page.click("[data-testid=chart-drawmaha]")
    page.wait_for_function("document.querySelector('#about').textContent.startsWith('Drawmaha')")
    assert page.locator("#grid-panel").is_hidden()
    assert page.locator(".dist .bar").count() == 50
    page.fill("[data-testid=lookup-hand]", "As Ah Ks Kh Qd")
    page.click("[data-testid=lookup-go]")
    page.wait_for_selector("[data-testid=record-equity]")
    assert "Equity" in page.inner_text("[data-testid=record-equity]")
    page.screenshot(path=str(tmp_path / f"charts-drawmaha-{size}.png"), full_page=True)
