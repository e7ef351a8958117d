"""Every page fits a phone (390 x 844) and loads without an error, in a real browser.

No page (lobby, table, hand history, replayer, lab, advisor, learn, a rules page, practice,
charts) is wider than a phone's screen; the lab's Evaluate button takes a real click (nothing
lies over it); the lobby's Join button is on the screen; seat names are whole; and no page
logs a console error or a failed request (the favicon among them), at a phone's size and a
desktop's.
"""

from __future__ import annotations

import io
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from splitpot.cli import main

from .conftest import CHROMIUM, CHROMIUM_FLAGS, SIZES, Server, start_server

pytestmark = pytest.mark.browser

PHONE = SIZES["phone"]


def _post(server: Server, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        server.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server with stored hands (six players, for the replayer) and two tables: one where
    Ann sits with two random bots (her token kept), and one with open seats to join."""
    db = tmp_path_factory.mktemp("fit") / "web.sqlite3"
    argv = ["simulate", "drawmaha", "--players", "6", "--hands", "2", "--seed", "4"]
    assert main([*argv, "--db", str(db), "--quiet"], out=io.StringIO()) == 0
    server = start_server(db, "--seed", "3", "--bot-delay", "0.1", "--clock", "0")
    try:
        seated = _post(server, "/api/tables", {
            "game": "bodigiha", "seats": 6, "bots": ["random", "random"], "player": "Ann",
        })  # fmt: skip
        _post(server, "/api/tables", {"game": "badugi", "seats": 4, "bots": ["random"]})
        with urllib.request.urlopen(server.url + "/api/hands?limit=1") as answer:
            hand = json.load(answer)["hands"][0]["id"]
        table = seated["table"]["id"]
        yield {
            "server": server,
            "token": (table, seated["token"]),
            "pages": {
                "lobby": "/", "table": f"/table/{table}", "history": "/history",
                "replayer": f"/history/{hand}", "lab": "/lab", "advisor": "/advisor",
                "learn": "/learn", "rules page": "/learn/bodigiha", "practice": "/practice",
                "charts": "/charts",
            },
        }  # fmt: skip
    finally:
        server.stop()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the module (each test opens its own context)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def _open(chromium: Any, site: dict[str, Any], name: str, size: tuple[int, int]) -> Any:
    """The page ``name`` loaded at ``size`` (Ann's token in its storage), its problems kept
    in ``page.problems``: console errors, page errors and answers of 400 or more."""
    width, height = size
    context = chromium.new_context(viewport={"width": width, "height": height})
    table, token = site["token"]
    context.add_init_script(f"localStorage.setItem('splitpot.token.{table}', {json.dumps(token)})")
    page = context.new_page()
    page.set_default_timeout(30000)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    page.problems = problems
    page.goto(site["server"].url + site["pages"][name])
    page.wait_for_load_state("networkidle")
    if name == "table":
        page.wait_for_selector("[data-testid=my-cards] .card")
    if name == "replayer":
        page.wait_for_selector("#seat-5")
    return page


PAGES = ("lobby", "table", "history", "replayer", "lab", "advisor", "learn", "rules page",
         "practice", "charts")  # fmt: skip


@pytest.mark.parametrize("name", PAGES)
def test_no_page_is_wider_than_a_phone(chromium: Any, site: dict[str, Any], name: str) -> None:
    page = _open(chromium, site, name, PHONE)
    try:
        width = page.evaluate("document.documentElement.scrollWidth")
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')].filter((e) => {
                 const r = e.getBoundingClientRect(); return r.width && r.right > innerWidth + 1;
               }).slice(0, 5).map((e) => e.id || e.className || e.tagName)"""
        )
        assert width <= PHONE[0], f"{name} is {width} px wide at 390: {wide}"
    finally:
        page.context.close()


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("name", PAGES)
def test_no_page_logs_an_error(
    chromium: Any, site: dict[str, Any], name: str, size: tuple[int, int]
) -> None:
    page = _open(chromium, site, name, size)
    try:
        page.wait_for_timeout(300)
        assert page.problems == [], f"{name}: {page.problems}"
        assert page.evaluate("document.querySelector('link[rel=icon]').href").endswith(
            "/static/favicon.svg"
        )
    finally:
        page.context.close()


def test_the_labs_evaluate_button_takes_a_real_click_on_a_phone(
    chromium: Any, site: dict[str, Any]
) -> None:
    page = _open(chromium, site, "lab", PHONE)
    try:
        page.select_option("[data-testid=preset]", index=1)
        page.click("[data-testid=load-preset]")
        # a real click: Playwright refuses (times out) when another element would take it
        page.click("[data-testid=evaluate]", timeout=5000)
        page.wait_for_selector("[data-testid=result] .award")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]  # the answer too
    finally:
        page.context.close()


def test_the_lobbys_join_button_is_on_a_phones_screen(chromium: Any, site: dict[str, Any]) -> None:
    page = _open(chromium, site, "lobby", PHONE)
    try:
        join = page.locator("[data-testid=join]:not([disabled])").first
        join.scroll_into_view_if_needed()
        box = join.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
        watch = page.locator("[data-testid=watch]").first.bounding_box()
        assert watch is not None and watch["x"] + watch["width"] <= PHONE[0], watch
        join.click(timeout=5000)
        page.wait_for_selector("[data-testid=join-form] [data-testid=join-submit]")
        submit = page.locator("[data-testid=join-submit]").bounding_box()
        assert submit is not None and submit["x"] + submit["width"] <= PHONE[0], submit
    finally:
        page.context.close()


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_seat_names_are_whole_and_the_ledger_shows_its_net(
    chromium: Any, site: dict[str, Any], size: tuple[int, int]
) -> None:
    page = _open(chromium, site, "table", size)
    try:
        names = page.eval_on_selector_all(
            "[data-testid=seat-name]",
            "(nodes) => nodes.map((n) => [n.textContent, n.scrollWidth <= n.clientWidth + 1])",
        )
        assert {"Random bot 2", "Random bot 3"} <= {name for name, _ in names}
        assert all(whole for _, whole in names), names
        page.click("[data-testid=tab-ledger]")
        page.wait_for_selector("[data-testid=ledger-net]")
        fits = page.evaluate(
            "(() => { const t = document.querySelector('table.ledger');"
            " return t.getBoundingClientRect().right"
            " <= t.parentElement.getBoundingClientRect().right + 1; })()"
        )
        assert fits, "the ledger is wider than its panel: its Net column is cut"
    finally:
        page.context.close()


def test_the_nav_bar_links_practice(chromium: Any, site: dict[str, Any]) -> None:
    page = _open(chromium, site, "practice", PHONE)
    try:
        link = page.locator(".topnav a[href='/practice']")
        assert link.inner_text() == "Practice"
        assert "active" in (link.get_attribute("class") or "")
    finally:
        page.context.close()


def test_the_favicon_is_shipped() -> None:
    icon = Path(__file__).resolve().parents[2] / "src" / "splitpot" / "web" / "static"
    assert (icon / "favicon.svg").read_text(encoding="utf-8").startswith("<svg")


def _with_side_pots(message: str | bytes) -> str | bytes:
    """A ``state`` frame whose hand has a main pot and three side pots (the rest unchanged)."""
    frame = json.loads(message)
    hand = frame.get("hand") if frame.get("type") == "state" else None
    if hand:
        hand["pots"] = [
            {"amount": 120, "eligible": [0, 1, 2]},
            {"amount": 80, "eligible": [0, 1]},
            {"amount": 40, "eligible": [1, 2]},
            {"amount": 20, "eligible": [2]},
        ]
    return json.dumps(frame)


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_side_pot_lines_do_not_crowd_the_felt(
    chromium: Any, site: dict[str, Any], size: tuple[int, int], tmp_path: Path
) -> None:
    """Three side pots: one wrapped line under the pot ("Main 120  Side 1 80 ..."), who may
    win each in its title; the pot's lines overlap neither a board card, a seat nor a bet."""
    width, height = size
    context = chromium.new_context(viewport={"width": width, "height": height})
    table, token = site["token"]
    context.add_init_script(f"localStorage.setItem('splitpot.token.{table}', {json.dumps(token)})")
    page = context.new_page()
    page.set_default_timeout(30000)

    def relay(route: Any) -> None:
        server = route.connect_to_server()
        server.on_message(lambda message: route.send(_with_side_pots(message)))

    page.route_web_socket("**/ws/tables/**", relay)
    try:
        page.goto(site["server"].url + site["pages"]["table"])
        page.wait_for_selector("[data-side-pot='3']")
        page.screenshot(path=str(tmp_path / f"side-pots-{width}.png"))
        parts = page.eval_on_selector_all("[data-side-pot]", "(ns) => ns.map((n) => n.textContent)")
        assert parts == ["Main 120", "Side 1 80", "Side 2 40", "Side 3 20"]
        title = page.get_attribute("[data-side-pot='1']", "title")
        assert title is not None and title.startswith("Side pot 1: ") and ", " in title
        overlaps = page.evaluate(
            """() => {
                 const box = (e) => e.getBoundingClientRect();
                 const meet = (a, b) => a.left < b.right && b.left < a.right
                   && a.top < b.bottom && b.top < a.bottom;
                 const lines = [...document.querySelectorAll('#pot .pot-total, #pot .side-pot')];
                 return [...document.querySelectorAll('#board .card, .seat, .bet')]
                   .filter((e) => box(e).width && lines.some((l) => meet(box(l), box(e))))
                   .map((e) => e.id || e.className);
               }"""
        )
        assert overlaps == [], f"the pot lies over {overlaps} at {width} px"
    finally:
        context.close()
