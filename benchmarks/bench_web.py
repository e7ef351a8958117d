"""The web table's cost: hands per second through the server, against the bare engine.

Run from the repository root with the project's virtualenv::

    .venv/bin/python benchmarks/bench_web.py            # full run (about 20 s)
    .venv/bin/python benchmarks/bench_web.py --quick    # smoke run

Fixed-limit Badugi at 6 seats: one person (a websocket client that checks or calls and stands
pat) and five ``caller`` bots, with no bot delay, no clock and no pause between hands. Through
the server every action is applied by the engine, the table and its hand in progress are written
to SQLite (WAL) and a ``state`` message is built for each connection and sent; every finished
hand is stored in the hand history. The same hands on the bare engine (``Table.play_hand`` with
the same policies, nothing stored) give the ratio: what serving costs. Also timed: building one
``state`` message for a seat mid-hand.

There is no outside anchor for a web table; PokerKit has no server.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from starlette.testclient import TestClient

from _machine import cpu_name, load_average
from splitpot.bots.base import policy_for
from splitpot.bots.caller import CallerBot
from splitpot.engine.table import Table
from splitpot.web import ServerConfig, create_app


def through_server(hands: int) -> tuple[float, float]:
    """Seconds for ``hands`` hands through the server; microseconds per state message."""
    with tempfile.TemporaryDirectory() as folder:
        config = ServerConfig(
            db=Path(folder) / "bench.sqlite3", seed=1, bot_delay=0, next_hand_delay=0,
            action_seconds=0,
        )  # fmt: skip
        with TestClient(create_app(config)) as client:
            answer = client.post(
                "/api/tables",
                json={"game": "badugi", "player": "Ann", "bots": ["caller"] * 5, "seats": 6},
            ).json()
            table_id, token = answer["table"]["id"], answer["token"]
            start = time.perf_counter()
            with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
                while True:
                    message: dict[str, Any] = ws.receive_json()
                    if message["type"] != "state":
                        continue
                    result = message["last_result"]
                    if result is not None and result["number"] >= hands:
                        break
                    hand = message["hand"]
                    if hand is None and message["seats"][0]["stack"] == 0:
                        ws.send_json({"type": "rebuy"})  # Ann lost every chip: buy in again
                    legal = hand and hand["legal"]
                    if not legal:
                        continue
                    if legal["phase"] == "draw":
                        action: dict[str, Any] = {"kind": "discard", "cards": []}
                    elif legal["call"] is not None:
                        action = {"kind": "call"}
                    else:
                        action = {"kind": "check"}
                    ws.send_json({"type": "act", "action": action, "hand": hand["number"]})
            elapsed = time.perf_counter() - start
            table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
            while table.hand is None:
                time.sleep(0.01)
            rounds = 2000
            begin = time.perf_counter()
            for _ in range(rounds):
                table.state_for(0)
            per_state = (time.perf_counter() - begin) / rounds * 1e6
    return elapsed, per_state


def bare_engine(hands: int) -> float:
    table = Table("badugi", stacks=[200] * 6, rng=random.Random(1), rebuy=200)
    policy = policy_for([CallerBot() for _ in range(6)])
    start = time.perf_counter()
    for _ in range(hands):
        table.play_hand(policy)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    hands = 50 if args.quick else 400
    print(f"CPU: {cpu_name()}; load average {load_average()}")
    served, per_state = through_server(hands)
    bare = bare_engine(hands)
    print(f"fixed-limit Badugi, 6 seats (1 person + 5 caller bots), {hands} hands")
    print(f"  through the server: {hands / served:8.1f} hands/s")
    print(f"  bare engine:        {hands / bare:8.1f} hands/s")
    print(f"  serving costs {served / bare:.1f}x the engine's time")
    print(f"  one state message for a seat mid-hand: {per_state:.0f} us")


if __name__ == "__main__":
    main()
