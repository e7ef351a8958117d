"""The advisor page answers a starting hand from the shipped atlas, in headless Chromium on a
desktop and on a 390x844 phone. Screenshots are kept in the test's folder (ADVISE_SHOTS, when
set, copies them there)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def shot(page: Any, folder: Path, name: str) -> None:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if os.environ.get("ADVISE_SHOTS"):
        shutil.copy(path, Path(os.environ["ADVISE_SHOTS"]) / path.name)


def advise(page: Any, table: str) -> None:
    page.click("#advise")
    page.wait_for_selector(f"{table}, #advise-error:not([hidden])")
    assert page.locator("#advise-error").is_hidden(), page.inner_text("#advise-error")


def test_advisor_answers_starting_hands_from_the_atlas(
    server_factory: Callable[..., Any], sized_page: tuple[Any, str], tmp_path: Path
) -> None:
    page, size = sized_page
    page.goto(server_factory().url + "/advisor")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", "badugi")
    page.fill("#hole", "As 2d 3h 4c")
    advise(page, "#advise-table")
    assert page.get_attribute("[data-testid=advise-source]", "data-source") == "atlas"
    best = page.locator("#advise-table tbody tr.option").first
    assert "stand pat" in best.inner_text()
    assert float(best.get_attribute("data-equity") or "") > 0.99
    shot(page, tmp_path, f"advise-badugi-atlas-{size}")

    page.select_option("#game", "drawmaha")
    page.fill("#hole", "As Ks 2d 3h 4c")
    advise(page, "#starting-table")
    assert "from the shipped atlas" in page.inner_text("[data-testid=advise-source]")
    assert "of 134,459" in page.inner_text("#starting-table")
    shot(page, tmp_path, f"advise-drawmaha-atlas-{size}")

    page.fill("#samples", "60")  # a sample count asked: computed, as before
    page.select_option("#game", "badugi")
    page.fill("#hole", "As 2d 3h 4c")
    advise(page, "#advise-table")
    assert page.locator("[data-testid=advise-source]").count() == 0
    shot(page, tmp_path, f"advise-badugi-computed-{size}")


def test_the_advisor_page_never_scrolls_sideways_on_a_phone(
    server_factory: Callable[..., Any], browser: Any
) -> None:
    # The hands table of "Equity per hand" made the page 537 px wide at 390 px.
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server_factory().url + "/advisor")
    page.wait_for_selector("body[data-ready='1']")
    for game in ("drawmaha", "doogie", "badugi"):
        page.select_option("#game", game)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, game
    page.click("#equity-add")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("#equity-players .equity-cards").first.is_visible()
    context.close()
