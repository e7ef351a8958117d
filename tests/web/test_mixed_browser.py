"""Mixed games, the ledger, the chat and phones at the table page, in a real browser against a
real ``splitpot serve`` (issue 11): dealer's choice picked by the person on the button, a
rotation changing game on schedule, a lobby preset, chat between two people and a watcher (an
HTML payload shown as text), the ledger after rebuys and a leave, the busted person's prompt, a
loser's hand described at the showdown (the chips sliding to the winners cover no name or
stack), and the table at 390x844 with no horizontal scroll and a tap that acts. Screenshots of
the desktop and phone tables are written to the test's tmp directory."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from .conftest import Server
from .test_table_browser import MY_TURN, RESULT, version, wait_for_change

pytestmark = pytest.mark.browser

FLAGS = ("--seed", "5", "--bot-delay", "0.05", "--next-hand-delay", "0.5", "--clock", "0")
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
    "device_scale_factor": 2,
}  # fmt: skip


def post(server: Server, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        server.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """``open_page(**context options)``: a fresh visitor's page (own storage); a page error
    fails the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(**options: Any) -> Any:
        context = browser.new_context(**(options or DESKTOP))
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(20000)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"errors in the page: {errors}"


def take_seat(page: Any, server: Server, table_id: str, token: str) -> None:
    """Open the table page as the seat of ``token``."""
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('splitpot.token.{table_id}', {json.dumps(token)})")
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_selector("[data-testid=conn][data-state=connected]")


def scroll_width(page: Any) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def chat_texts(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        "[data-testid=chat] li", "nodes => nodes.map(n => n.textContent)"
    )
    return texts


def act_passively(page: Any) -> None:
    """Check, else call; stand pat; declare both: once, when it is this page's turn."""
    bar = page.locator("#actions")
    before = version(page)
    for testid in ("check", "call", "stand-pat", "declare-both", "keep"):
        button = bar.locator(f"[data-testid={testid}]")
        if button.count():
            button.click()
            wait_for_change(page, before)
            return
    raise AssertionError(f"nothing passive to do: {bar.inner_text()}")


# ---------------------------------------------------------------------- mixed games


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_dealers_choice_the_button_picks_and_the_hand_is_dealt_in_it(
    server_factory: Callable[..., Server], open_page: Callable[..., Any], device: str
) -> None:
    server = server_factory(*FLAGS)
    page = open_page(**(PHONE if device == "phone" else DESKTOP))
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value=bodigiha]", state="attached")
    page.select_option("[data-testid=mode]", "dealers-choice")
    page.locator("[data-testid=mix-game]").evaluate_all(
        "boxes => boxes.forEach(b => b.checked = false)"
    )
    for game in ("badugi", "drawmaha", "doogie"):
        page.check(f"[data-testid=mix-game][value={game}]")
    page.fill("[data-testid=seats]", "2")
    page.click("[data-testid=add-bot]")
    page.locator("[data-testid=bot-kind]").last.select_option("caller")
    page.fill("[data-testid=player]", "Ann")
    page.click("[data-testid=create]")
    page.wait_for_url("**/table/*")
    # Ann has the first button: she is asked, with one button per game of the table
    page.wait_for_selector("[data-testid=choice]:visible")
    choices = page.eval_on_selector_all(
        "[data-testid=choice] button", "nodes => nodes.map(n => n.textContent)"
    )
    assert choices == ["Badugi", "Drawmaha", "Doogie"]
    assert "Dealer's choice" in page.inner_text("[data-testid=mix-info]")
    assert page.inner_text("[data-testid=waiting]") == "Your choice: pick the next game"
    if device == "phone":
        page.tap("[data-testid=choose-badugi]")
    else:
        page.click("[data-testid=choose-badugi]")
    page.wait_for_selector("[data-testid=my-cards] .card")
    assert page.locator("[data-testid=my-cards] .card").count() == 4  # Badugi's four cards
    assert page.locator("[data-testid=choice]").is_hidden()
    assert "Badugi" in page.inner_text("[data-testid=table-info]")
    assert page.inner_text("[data-testid=mix-info] .mix-game.now").strip() == "Badugi"
    page.click("[data-testid=tab-chat]")
    page.wait_for_selector("[data-testid=chat] li:text('Ann chooses Badugi')")
    page.click("[data-testid=tab-ranking]")
    assert page.inner_text("#ranking-title") == "Hand rankings: Badugi"
    assert scroll_width(page) <= (390 if device == "phone" else 1280)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_lobby_preset_creates_its_mix_and_the_lobby_lists_it(
    server_factory: Callable[..., Server], open_page: Callable[..., Any], device: str
) -> None:
    server = server_factory(*FLAGS)
    page = open_page(**(PHONE if device == "phone" else DESKTOP))
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=preset-badugi-mix]", state="attached")
    presets = page.eval_on_selector_all(
        "[data-testid^=preset-]", "nodes => nodes.map(n => n.textContent)"
    )
    assert presets == [
        "Split-pot mix", "Dramaha family", "Badugi mix", "Triple-draw mix", "HORSE", "8-game",
        "Stud mix", "Dealer's choice",
    ]  # fmt: skip
    page.select_option("[data-testid=mode]", "rotation")
    if device == "phone":
        page.tap("[data-testid=preset-badugi-mix]")
    else:
        page.click("[data-testid=preset-badugi-mix]")
    ticked = page.eval_on_selector_all(
        "[data-testid=mix-game]:checked", "nodes => nodes.map(n => n.value)"
    )
    assert sorted(ticked) == ["badacey", "badeucy", "badugi"]
    assert page.input_value("[data-testid=mode]") == "rotation"
    assert scroll_width(page) <= (390 if device == "phone" else 1280)
    page.fill("[data-testid=hands-per-game]", "1")
    page.fill("[data-testid=seats]", "2")
    page.click("[data-testid=add-bot]")
    page.locator("[data-testid=bot-kind]").last.select_option("caller")
    page.fill("[data-testid=player]", "Ann")
    page.click("[data-testid=create]")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("[data-testid=my-cards] .card")
    assert page.evaluate("T.state.table.games") == ["badugi", "badacey", "badeucy"]
    assert page.inner_text("[data-testid=table-title]").strip() == "Badugi mix table"
    assert page.inner_text("[data-testid=mix-next]").startswith("Badugi, hand 1 of 1 - next")
    page.goto(server.url + "/")
    row = page.locator("[data-testid=mixed]").first
    row.wait_for()
    assert row.inner_text() == "Rotation: Badugi now"
    assert "Badugi, Badacey, Badeucy" in page.inner_text("[data-testid=tables]")
    assert scroll_width(page) <= (390 if device == "phone" else 1280)


def test_a_rotation_changes_game_on_schedule(
    server_factory: Callable[..., Server], open_page: Callable[..., Any]
) -> None:
    server = server_factory(*FLAGS)
    answer = post(server, "/api/tables", {
        "games": ["badugi", "drawmaha"], "mixed": "rotation", "hands_per_game": 2,
        "bots": ["caller", "caller"], "seats": 2,
    })  # fmt: skip
    table_id = answer["table"]["id"]
    page = open_page()
    page.goto(f"{server.url}/table/{table_id}")
    seen: list[tuple[int, str, str]] = []  # (hand, game now, the next line)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not seen or seen[-1][0] < 5):
        page.wait_for_function("T.state && T.state.hand")
        state = page.evaluate("[T.state.hand.number, T.state.table.game.id]")
        shown = page.inner_text("[data-testid=mix-info] .mix-game.now").strip()
        line = page.inner_text("[data-testid=mix-next]")
        if not seen or seen[-1][0] != state[0]:
            seen.append((state[0], state[1], line))
            assert shown == {"badugi": "Badugi", "drawmaha": "Drawmaha"}[state[1]]
        page.wait_for_function("n => !T.state.hand || T.state.hand.number > n", arg=state[0])
    games = {hand: game for hand, game, _ in seen}
    assert [games.get(n) for n in (1, 2, 3, 4, 5)] == [
        "badugi", "badugi", "drawmaha", "drawmaha", "badugi",
    ]  # fmt: skip
    lines = {hand: line for hand, _, line in seen}
    assert lines.get(1) == "Badugi, hand 1 of 2 - next: Drawmaha after 1 more hand"
    assert lines.get(4) == "Drawmaha, hand 2 of 2 - next hand: Badugi"
    page.click("[data-testid=tab-ranking]")
    game = page.evaluate("T.state.table.game.name")
    page.wait_for_selector(f"#ranking-title:text('Hand rankings: {game}')")


# ---------------------------------------------------------------------- chat


def test_chat_between_two_people_and_a_watcher_shows_html_as_text(
    server_factory: Callable[..., Server], open_page: Callable[..., Any]
) -> None:
    server = server_factory(*FLAGS)
    answer = post(server, "/api/tables", {"game": "badugi", "player": "Ann", "seats": 3})
    table_id = answer["table"]["id"]
    bob = post(server, f"/api/tables/{table_id}/join", {"player": "Bob"})
    ann_page, bob_page, carl = open_page(), open_page(**PHONE), open_page()
    take_seat(ann_page, server, table_id, answer["token"])
    take_seat(bob_page, server, table_id, bob["token"])
    carl.goto(f"{server.url}/table/{table_id}")
    payload = '<img src=x onerror="window.hacked=1"><b>bold?</b>'
    ann_page.click("[data-testid=tab-chat]")
    ann_page.fill("[data-testid=chat-input]", payload)
    ann_page.press("[data-testid=chat-input]", "Enter")
    for page in (ann_page, bob_page, carl):
        page.click("[data-testid=tab-chat]")
        line = page.locator("[data-testid=chat] li[data-kind=chat]").last
        line.wait_for()
        assert line.inner_text() == f"Ann: {payload}"
        assert page.locator("[data-testid=chat] img, [data-testid=chat] b").count() == 0
        assert page.evaluate("window.hacked") is None
    # the watcher chats under a name of their own
    assert carl.locator("[data-testid=chat-name]").is_visible()
    assert bob_page.locator("[data-testid=chat-name]").is_hidden()
    carl.fill("[data-testid=chat-name]", "Carl")
    carl.fill("[data-testid=chat-input]", "who is winning?")
    carl.click("[data-testid=chat-send]")
    bob_page.wait_for_selector("[data-testid=chat] li:text('Carl (watching): who is winning?')")
    bob_page.tap("[data-testid=chat-input]")
    bob_page.fill("[data-testid=chat-input]", "me")
    bob_page.tap("[data-testid=chat-send]")
    ann_page.wait_for_selector("[data-testid=chat] li:text('Bob: me')")
    carl.wait_for_selector("[data-testid=chat] li:text('Bob: me')")
    # Ann hides the chat: people's lines go, the dealer's lines stay
    ann_page.check("[data-testid=chat-hide]")
    assert ann_page.locator("[data-testid=chat] li[data-kind=chat]").count() == 0
    assert ann_page.locator("[data-testid=chat] li[data-kind=dealer]").count() >= 2
    assert ann_page.locator("[data-testid=chat-input]").is_hidden()
    # a reload shows the kept messages again
    carl.reload()
    carl.click("[data-testid=tab-chat]")
    carl.wait_for_selector("[data-testid=chat] li:text('Bob: me')")
    assert f"Ann: {payload}" in chat_texts(carl)
    assert scroll_width(bob_page) <= 390


# ---------------------------------------------------------------------- busting, the ledger


def bust(server: Server, table_id: str, token: str) -> None:
    """Ann (``token``) bets her whole stack every time she acts, until she has no chips."""
    url = server.url.replace("http", "ws") + f"/ws/tables/{table_id}?token={token}"
    with connect(url, open_timeout=20) as ws:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=20))
            if message["type"] != "state":
                continue
            hand = message["hand"]
            if hand is None and message["seats"][0]["stack"] == 0:
                return
            legal = hand and hand["legal"]
            if not legal:
                continue
            if legal["phase"] == "draw":
                action: dict[str, Any] = {"kind": "discard", "cards": []}
            elif legal["raise"] is not None:
                action = {"kind": legal["raise"]["kind"], "amount": legal["raise"]["max"]}
            else:
                action = {"kind": "call" if legal["call"] else "check"}
            ws.send(json.dumps({"type": "act", "action": action, "turn": legal["turn"]}))
    raise AssertionError("Ann did not bust in time")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_busted_person_is_offered_rebuy_and_leave_and_the_table_says_so(
    server_factory: Callable[..., Server], open_page: Callable[..., Any], device: str
) -> None:
    server = server_factory(*FLAGS)
    answer = post(server, "/api/tables", {
        "game": "badugi", "player": "Ann", "bots": ["caller"], "seats": 2, "buy_in": 8,
    })  # fmt: skip
    table_id = answer["table"]["id"]
    page = open_page(**(PHONE if device == "phone" else DESKTOP))
    take_seat(page, server, table_id, answer["token"])
    bust(server, table_id, answer["token"])
    page.wait_for_selector("[data-testid=busted]")
    assert "You are out of chips." in page.inner_text("[data-testid=busted]")
    assert page.inner_text("[data-testid=bust-rebuy]") == "Rebuy 8"
    assert page.locator("[data-testid=bust-leave]").is_visible()
    assert page.inner_text("[data-testid=waiting]") == "Waiting for Ann to rebuy or leave"
    if device == "phone":
        page.tap("[data-testid=bust-rebuy]")
    else:
        page.click("[data-testid=bust-rebuy]")
    page.wait_for_selector(
        "[data-seat='0'][data-stack='8'], [data-seat='0'][data-stack='7'],"
        " [data-seat='0'][data-stack='6']"
    )  # (a blind may be posted)
    page.wait_for_selector("[data-testid=busted]", state="detached")
    page.click("[data-testid=tab-chat]")
    page.wait_for_selector("[data-testid=chat] li:text('Ann rebuys 8 chips (stack 8)')")


def test_the_ledger_after_rebuys_and_a_leave(
    server_factory: Callable[..., Server], open_page: Callable[..., Any]
) -> None:
    server = server_factory(*FLAGS)
    answer = post(server, "/api/tables", {
        "game": "badugi", "player": "Ann", "bots": ["caller"], "seats": 3, "buy_in": 8,
    })  # fmt: skip
    table_id = answer["table"]["id"]
    bob = post(server, f"/api/tables/{table_id}/join", {"player": "Bob", "seat": 2})
    bob_page = open_page()
    take_seat(bob_page, server, table_id, bob["token"])
    bob_page.click("[data-testid=sit-out]")  # Bob sits out and leaves between his hands
    bob_page.wait_for_selector("[data-seat='2'] [data-tag=sitting-out]")
    page = open_page()
    take_seat(page, server, table_id, answer["token"])
    bust(server, table_id, answer["token"])
    page.wait_for_selector("[data-testid=bust-rebuy]")
    page.click("[data-testid=bust-rebuy]")
    page.wait_for_selector("[data-testid=busted]", state="detached")
    bob_page.wait_for_function("T.state && !T.state.seats[2].in_hand")
    bob_page.once("dialog", lambda dialog: dialog.accept())
    bob_page.click("[data-testid=leave]")
    bob_page.wait_for_selector("[data-seat='2'].open")
    page.click("[data-testid=tab-ledger]")
    page.wait_for_selector("[data-testid=ledger] tr[data-name=Bob].left")
    rows = page.eval_on_selector_all(
        "[data-testid=ledger] tbody tr",
        "rows => rows.map(r => [r.dataset.name, ...[...r.cells].slice(1).map(c => c.textContent)])",
    )
    table = {row[0]: row[1:] for row in rows}
    assert table["Ann"][:2] == ["8", "8"]  # bought in 8, rebought 8
    assert table["Bob"] == ["8", "0", "0", "8", "0", "0"]  # left with his 8: net 0
    nets = [int(row[6]) for row in rows]  # (after Adjusted, the host's stack changes: 0)
    assert sum(nets) == 0
    assert page.inner_text("[data-testid=ledger-total-net]") == "0"
    assert page.get_attribute("[data-testid=ledger-csv]", "href").endswith("/ledger?format=csv")


# ---------------------------------------------------------------------- the showdown, phones


WATCH_CHIPS = """() => {
  window.chipChecks = { seen: 0, covered: [] };
  setInterval(() => {
    if (!document.querySelector("[data-testid=chip-fly]")) return;
    window.chipChecks.seen += 1;
    for (const node of document.querySelectorAll("[data-testid=seat-name], [data-testid=stack]")) {
      const box = node.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (top && top.closest("[data-testid=chip-fly]")) {
        window.chipChecks.covered.push(node.textContent);
      }
    }
  }, 20);
}"""
"""Every 20 ms while chips fly: is a seat's name or stack under a chip (what is on top at its
centre)?"""


def test_the_showdown_describes_a_losers_hand_keeps_your_cards_and_chips_cover_no_name(
    server_factory: Callable[..., Server], open_page: Callable[..., Any]
) -> None:
    server = server_factory(*FLAGS)
    answer = post(server, "/api/tables", {
        "game": "drawmaha", "player": "Ann", "bots": ["caller"], "seats": 2,
    })  # fmt: skip
    table_id = answer["table"]["id"]
    page = open_page()
    take_seat(page, server, table_id, answer["token"])
    page.evaluate(WATCH_CHIPS)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page.wait_for_selector(f"{MY_TURN}, {RESULT}")
        if page.locator(RESULT).count() and page.evaluate("!T.state.hand"):
            break
        if page.locator(MY_TURN).count():
            act_passively(page)
    result = page.locator("[data-testid=result]")
    assert not page.evaluate("T.state.last_result.uncontested")
    others = result.locator(".award-other").all_inner_texts()
    names = ("Ann", "Caller bot 2")
    losers = [line for line in others if line.startswith(tuple(f"{n}: " for n in names))]
    assert losers, result.inner_text()
    assert all(", using " in line for line in losers)
    # Ann's own cards stay face up on the felt at the showdown, as the others' do
    mine = page.eval_on_selector_all(
        "[data-seat='0'] .card[data-card]", "nodes => nodes.map(n => n.dataset.card)"
    )
    assert len(mine) == 5
    assert page.locator("[data-seat='1'] .card[data-card]").count() == 5
    # the chips slid to the winners while names and stacks stayed on top
    page.wait_for_function(
        "window.chipChecks.seen > 0 && !document.querySelector('[data-testid=chip-fly]')"
    )
    assert page.evaluate("window.chipChecks.covered") == []


def test_the_table_on_a_phone_fits_and_a_tap_acts(
    server_factory: Callable[..., Server], open_page: Callable[..., Any], tmp_path: Path
) -> None:
    server = server_factory(*FLAGS)
    answer = post(server, "/api/tables", {
        "games": ["drawmaha", "badugi"], "player": "Ann", "bots": ["caller"] * 5, "seats": 6,
    })  # fmt: skip
    table_id = answer["table"]["id"]
    for name, options in (("desktop", DESKTOP), ("phone", PHONE)):
        page = open_page(**options)
        take_seat(page, server, table_id, answer["token"])
        page.wait_for_selector("[data-testid=my-cards] .card")
        page.screenshot(path=str(tmp_path / f"table-{name}.png"), full_page=True)
    assert scroll_width(page) == 390  # no horizontal scroll
    felt = page.locator("[data-testid=felt]").bounding_box()
    assert felt["x"] >= 0 and felt["x"] + felt["width"] <= 390
    for seat in page.locator("[data-seat]").all():  # every seat inside the screen
        box = seat.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    side = page.locator("[data-testid=side-tabs]").bounding_box()
    assert side["y"] > felt["y"] + felt["height"]  # the side panels fold below the felt
    page.wait_for_selector(MY_TURN)
    bar = page.locator("#actions")
    box = bar.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    before = version(page)
    target = "call" if bar.locator("[data-testid=call]").count() else "check"
    page.tap(f"#actions [data-testid={target}]")
    wait_for_change(page, before)
    page.wait_for_function(
        "w => (T.state.hand ? T.state.hand.log : T.state.log).some(l => l.startsWith(w))",
        arg=f"Ann {target}",
    )


def test_every_number_of_seats_fits_a_phone(
    server_factory: Callable[..., Server], open_page: Callable[..., Any]
) -> None:
    server = server_factory(*FLAGS)
    page = open_page(**PHONE)
    for game, seats in (("drawmaha", 4), ("doogie", 7), ("holdem", 8), ("holdem", 9)):
        answer = post(server, "/api/tables", {
            "game": game, "bots": ["caller"] * seats, "seats": seats,
        })  # fmt: skip
        page.goto(f"{server.url}/table/{answer['table']['id']}")
        page.wait_for_selector("[data-testid=conn][data-state=connected]")
        assert scroll_width(page) == 390, (game, seats)
        # every seat inside the screen (read at once: the bots' hands redraw the seats)
        sides = page.eval_on_selector_all(
            "#seats [data-seat]",
            "nodes => nodes.map(n => n.getBoundingClientRect()).map(r => [r.left, r.right])",
        )
        assert len(sides) == seats
        assert all(left >= 0 and right <= 390 for left, right in sides), (game, seats, sides)
