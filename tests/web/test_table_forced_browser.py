"""The forced bets and the showdown's options in a real browser (issue 23), on a desktop and a
phone (390x844): the lobby's create form sets a big-blind ante, the muck option and run it
twice; the table's subtitle names the ante; the host's options panel shows them, adds a
straddle, changes the ante and turns muck off, and the subtitle (and the chat) say the new
stakes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server

pytestmark = pytest.mark.browser

FLAGS = ("--seed", "3", "--bot-delay", "0.1", "--next-hand-delay", "30", "--clock", "0")


def test_the_lobby_and_the_host_set_a_straddle_a_big_blind_ante_muck_and_run_it_twice(
    server_factory: Callable[..., Server], sized_page: tuple[Any, str], tmp_path: Path
) -> None:
    page, size = sized_page
    server = server_factory(*FLAGS)
    shots = Path("/tmp/i23-shots") if Path("/tmp").exists() else tmp_path
    shots.mkdir(exist_ok=True)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value=drawmaha]", state="attached")
    page.select_option("[data-testid=game]", "drawmaha")
    page.fill("[data-testid=seats]", "3")
    page.fill("[data-testid=player]", "Ann")
    page.locator("[data-testid=bot-remove]").evaluate_all("bs => bs.forEach((b) => b.click())")
    page.click("[data-testid=house-rules] summary")
    page.fill("[data-testid=bb-ante]", "2")
    page.check("[data-testid=muck]")
    page.check("[data-testid=run-twice]")
    assert page.locator("[data-testid=straddle]").is_visible()
    page.locator("[data-testid=house-rules]").screenshot(
        path=str(shots / f"forced-lobby-{size}.png")
    )
    page.click("[data-testid=create]")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("[data-testid=host-panel]:visible")
    assert "1/2, big-blind ante 2" in page.inner_text("[data-testid=table-info]")
    assert "straddle" not in page.inner_text("[data-testid=table-info]")
    page.click("[data-testid=host-options] summary")
    assert page.locator("[data-testid=host-muck]").is_checked()
    assert not page.locator("[data-testid=host-straddle]").is_checked()
    assert page.locator("[data-testid=host-run-twice]").is_checked()
    assert page.input_value("[data-testid=host-bb-ante]") == "2"
    page.check("[data-testid=host-straddle]")
    page.uncheck("[data-testid=host-muck]")
    page.fill("[data-testid=host-bb-ante]", "3")
    page.click("[data-testid=host-save-options]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=table-info]').textContent"
        ".includes('big-blind ante 3, straddle 4')"
    )
    page.wait_for_selector("text=stakes from the next hand: 1/2 bb-ante 3 straddle")
    # the panel is drawn again from the new state: it shows what is set now
    page.wait_for_function(
        "() => document.querySelector('[data-testid=host-bb-ante]').value === '3'"
    )
    if not page.locator("[data-testid=host-straddle]").is_visible():
        page.click("[data-testid=host-options] summary")
    assert page.locator("[data-testid=host-straddle]").is_checked()
    assert not page.locator("[data-testid=host-muck]").is_checked()
    assert page.locator("[data-testid=host-run-twice]").is_checked()
    assert page.evaluate("T.state.table.options.run_twice") is True
    assert "muck" not in page.evaluate("T.state.table.options")  # (off: not written)
    # a bad value is refused with the server's reason
    page.fill("[data-testid=host-bb-ante]", "199")
    page.click("[data-testid=host-save-options]")
    page.wait_for_selector("[data-testid=table-error]:visible")
    assert "smaller than the ante and big blind" in page.inner_text("[data-testid=table-error]")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], "the page scrolls sideways"
    page.screenshot(path=str(shots / f"forced-table-{size}.png"), full_page=True)
    page.locator("[data-testid=host-panel]").screenshot(path=str(shots / f"forced-host-{size}.png"))
