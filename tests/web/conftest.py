"""Fixtures for the web tests: a real ``splitpot serve`` process and a headless Chromium page.

The browser is Debian's Chromium at ``/usr/bin/chromium`` (``.ci/run`` installs it), driven by
Playwright, which never downloads a browser of its own here. Browser tests carry the
``browser`` marker.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` as JSON to a running server's ``url``; its JSON answer."""
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


@dataclass
class Server:
    """A running ``splitpot serve`` process."""

    process: subprocess.Popen[bytes]
    url: str
    db: Path
    log: Path

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as in a crash."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(db: Path, *extra: str, port: int | None = None) -> Server:
    """Start ``splitpot serve`` on a free port and wait until it answers."""
    port = port or free_port()
    log = db.with_suffix(f".{port}.log")
    command = [sys.executable, "-m", "splitpot", "serve", "--port", str(port), "--db", str(db)]
    with log.open("ab") as sink:
        process = subprocess.Popen(
            [*command, *extra], stdout=sink, stderr=subprocess.STDOUT, env={**os.environ}
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=1):
                return Server(process, url, db, log)
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the server did not start: {log.read_text()}")


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """``server_factory(*flags, db=None)`` starts a server (killed at the end of the test)."""
    started: list[Server] = []

    def factory(*extra: str, db: Path | None = None, port: int | None = None) -> Server:
        server = start_server(db or tmp_path / "web.sqlite3", *extra, port=port)
        started.append(server)
        return server

    yield factory
    for server in started:
        server.stop()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The app in process (Starlette's TestClient) on a history database of its own, one per
    test module."""
    from starlette.testclient import TestClient

    from splitpot.web.app import create_app
    from splitpot.web.config import ServerConfig

    db = tmp_path_factory.mktemp("web") / "web.sqlite3"
    with TestClient(create_app(ServerConfig(db=db))) as test_client:
        yield test_client


@pytest.fixture
def browser() -> Iterator[Any]:
    """A headless Chromium (Debian's), launched by Playwright."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (.ci/run does)")
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        except PlaywrightError:
            # Chromium now and then dies while it starts on a loaded machine (a fresh-clone CI
            # run saw "Target page, context or browser has been closed" at launch, before any
            # page): the machine's fault, not the test's; one more launch, then it counts.
            time.sleep(1)
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def visitor(browser: Any) -> Iterator[Any]:
    """A fresh page in its own context (own localStorage, as another visitor); fails the test
    on an error in the page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(15000)
    yield page
    context.close()
    assert not errors, f"errors in the page: {errors}"


SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
"""The viewports a page is checked at: a desktop and a phone."""


@pytest.fixture(params=list(SIZES))
def sized_page(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Any, str]]:
    """A fresh page at each of :data:`SIZES` (the test runs once per size) and the size's
    name; fails the test on an error in the page."""
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(30000)
    yield page, request.param
    context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page that fails the test on a page error."""
    yield from visitor(browser)
