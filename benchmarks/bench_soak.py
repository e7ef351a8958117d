"""A soak of the web server: bot tables played for a long time while people watch; the server's
memory (RSS) every minute.

It starts a real ``splitpot serve`` on a free loopback port (a database of its own in a
temporary folder), creates ``--tables`` tables of ``--bot`` bots (the games in turn), opens
``--watchers`` websockets that watch them (spread evenly; a table of bots deals only while
watched), and prints, at the start and after every minute, the server's RSS, the hands played
and the messages the watchers received. After ``--minutes`` it stops by itself, closes
everything and prints the RSS at minute 10 (or the first minute there is) and at the end, and
their ratio. Usage::

    .venv/bin/python benchmarks/bench_soak.py                 # 30 minutes, 20 tables, 80 watchers
    .venv/bin/python benchmarks/bench_soak.py --minutes 3     # a short check
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

GAMES = ("badugi", "drawmaha", "bodigiha", "badeucy", "doogie")
ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def rss_mb(pid: int) -> float:
    """The resident set size of process ``pid`` in MB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def request(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if body is not None else {}
    with urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=60) as answer:
        return json.loads(answer.read())


def start_server(db: Path, port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    command = [
        sys.executable, "-m", "splitpot", "serve", "--port", str(port), "--db", str(db),
        "--bot-delay", str(args.bot_delay), "--next-hand-delay", str(args.next_hand_delay),
        "--clock", "0", "--log-level", "warning",
    ]  # fmt: skip
    log = db.with_suffix(".log").open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {db.with_suffix('.log').read_text()}")
        try:
            request(f"http://127.0.0.1:{port}/api/games")
            return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("the server did not start")


class Watchers:
    """``count`` websockets watching the tables in turn; counts what they receive."""

    def __init__(self, url: str, tables: list[str], count: int) -> None:
        self.url = url
        self.tables = tables
        self.count = count
        self.messages = 0
        self.reconnects = 0
        self.tasks: list[asyncio.Task[None]] = []

    async def _watch(self, table: str) -> None:
        while True:
            try:
                async with connect(f"{self.url}/ws/tables/{table}", max_size=2**22) as ws:
                    async for _ in ws:
                        self.messages += 1
            except asyncio.CancelledError:
                raise
            except Exception:  # a dropped watcher comes back, as a browser would
                self.reconnects += 1
                await asyncio.sleep(1)

    def start(self) -> None:
        for i in range(self.count):
            table = self.tables[i % len(self.tables)]
            self.tasks.append(asyncio.create_task(self._watch(table)))

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def hands_played(base: str) -> int:
    return sum(t["hands_played"] for t in request(f"{base}/api/tables")["tables"])


async def soak(args: argparse.Namespace, base: str, pid: int) -> list[float]:
    tables = []
    for i in range(args.tables):
        game = GAMES[i % len(GAMES)]
        body = {"game": game, "bots": [args.bot] * args.seats, "seats": args.seats,
                "name": f"soak {i + 1}"}  # fmt: skip
        tables.append(request(f"{base}/api/tables", body)["table"]["id"])
    watchers = Watchers(base.replace("http", "ws"), tables, args.watchers)
    watchers.start()
    started = time.monotonic()
    figures = [rss_mb(pid)]
    print(f"minute  0: RSS {figures[0]:7.1f} MB  ({args.tables} tables of {args.bot} bots, "
          f"{args.watchers} watchers)", flush=True)  # fmt: skip
    try:
        for minute in range(1, args.minutes + 1):
            await asyncio.sleep(max(0.0, started + 60 * minute - time.monotonic()))
            hands = await asyncio.to_thread(hands_played, base)
            figures.append(rss_mb(pid))
            print(f"minute {minute:2d}: RSS {figures[-1]:7.1f} MB  hands {hands:6d}  "
                  f"messages {watchers.messages:8d}  reconnects {watchers.reconnects}",
                  flush=True)  # fmt: skip
    finally:
        await watchers.stop()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=30, help="how long (30)")
    parser.add_argument("--tables", type=int, default=20, help="bot tables (20)")
    parser.add_argument("--watchers", type=int, default=80, help="websocket watchers (80)")
    parser.add_argument("--seats", type=int, default=3, help="bots a table (3)")
    parser.add_argument("--bot", default="expert", help="the bots' kind (expert)")
    parser.add_argument("--bot-delay", type=float, default=0.2, help="seconds (0.2)")
    parser.add_argument("--next-hand-delay", type=float, default=0.5, help="seconds (0.5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="splitpot-soak-") as folder:
        port = free_port()
        server = start_server(Path(folder) / "soak.sqlite3", port, args)
        try:
            figures = asyncio.run(soak(args, f"http://127.0.0.1:{port}", server.pid))
        finally:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
    mark = min(10, len(figures) - 1)
    first, last = figures[mark], figures[-1]
    print(f"RSS at minute {mark}: {first:.1f} MB; at minute {len(figures) - 1}: {last:.1f} MB "
          f"({100 * (last - first) / first:+.1f}%)")  # fmt: skip
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
