"""Run it twice at the web table (issue 23; docs/rules.md "At the table"): with the table's
``run_twice`` option, every player all-in before the board is complete is asked (``legal.runs``,
the ``run_twice`` and ``run_once`` actions); when all agree the result has two runs, each
settling half of every pot by the game's awards, as ``splitpot showdown`` settles that board; the
first "once" runs it once; a seat whose clock runs out runs it once; bots answer; no frame shows
a card before it is shown."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from splitpot.engine.showdown import settle
from splitpot.games import find_game
from splitpot.web import create_app
from splitpot.web.tables.protocol import parse_action

from .test_tables import Player, check_no_leaks, choose, client, config, create, my_turn

__all__ = ["client"]  # (the fixture, imported for these tests)

Answer = Callable[[Player, dict[str, Any]], dict[str, Any]]


def all_in_on_the_flop(player: Player, state: dict[str, Any]) -> dict[str, Any]:
    """Call before the flop, raise the most (else call) on the flop, stand pat in the draw."""
    legal = state["hand"]["legal"]
    if legal["phase"] == "draw":
        return {"kind": "discard", "cards": []}
    bounds = legal["raise"]
    if state["hand"]["board"] and bounds is not None:
        return {"kind": bounds["kind"], "amount": bounds["max"]}
    return {"kind": "call"} if legal["call"] is not None else {"kind": "check"}


SHORT_STACKS: dict[str, Any] = {
    "game": "drawmaha", "player": "Ann", "seats": 2, "buy_in": 20, "min_buy_in": 20,
    "options": {"run_twice": True},
}  # fmt: skip
"""A Drawmaha table of Ann and one more, 20 chips each, run it twice on: all-in soon."""


def rebuy_the_busted(players: list[Player], state: dict[str, Any]) -> None:
    """A person with no chips buys in again (the table waits for them)."""
    for player in players:
        if state["seats"][player.seat or 0]["stack"] == 0:
            player.send({"type": "rebuy"})


def play_one_hand(players: list[Player], answers: list[str]) -> dict[str, Any]:
    """The people play a hand out (the n-th asked answers the question with ``answers[n]``);
    returns the state with its result, with ``asked``: the seats asked, in turn."""
    latest = max((p.last for p in players if p.last), key=lambda m: m["version"])
    number = (latest["last_result"] or {"number": 0})["number"] + 1
    asked: list[int] = []
    while (latest["last_result"] or {"number": 0})["number"] < number:
        hand = latest["hand"]
        actor = next((p for p in players if hand is not None and p.seat == hand["to_act"]), None)
        if actor is None:
            latest = players[0].newer_than(latest["version"])
            continue
        state = actor.at_least(latest["version"])
        if state["version"] > latest["version"]:
            latest = state
            continue
        legal = state["hand"]["legal"]
        assert legal is not None, state
        if legal["runs"]:
            assert legal["phase"] == "runs" and state["hand"]["board"]  # after the flop
            assert len(state["hand"]["board"]) == 3 and legal["raise"] is None
            asked.append(actor.seat or 0)
            action = {"kind": answers[len(asked) - 1]}
        else:
            action = all_in_on_the_flop(actor, state)
        actor.send({"type": "act", "action": action, "turn": legal["turn"]})
        latest = actor.newer_than(state["version"])
    assert asked, "nobody was asked to run it twice"
    latest["asked"] = asked
    return latest


def test_run_it_twice_at_a_drawmaha_table_each_run_settles_half_of_every_pot(
    client: TestClient,
) -> None:
    answer = create(client, **SHORT_STACKS)
    table_id = answer["table"]["id"]
    assert answer["table"]["options"]["run_twice"] is True
    bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"}).json()
    game = find_game("drawmaha")
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b,
        client.websocket_connect(f"/ws/tables/{table_id}") as w,
    ):
        ann, bob_player, watcher = Player(a, 0), Player(b, 1), Player(w, None)
        for player in (ann, bob_player, watcher):
            player.until(lambda m: m["type"] == "state")
        done = play_one_hand([ann, bob_player], ["run_twice", "run_twice"])
        result = done["last_result"]
        assert len(done["asked"]) == 2  # both were asked, in turn
        runs = result["runs"]
        assert [r["run"] for r in runs] == [1, 2]
        assert result["pot"] == 40 and result["board"] == runs[0]["board"]
        assert runs[0]["board"][:3] == runs[1]["board"][:3]  # the flop both share
        assert runs[0]["board"][3:] != runs[1]["board"][3:]  # the turn and river twice
        assert len(set(runs[0]["board"] + runs[1]["board"])) == 7
        hole = {str(s): cards for s, cards in result["shown"].items()}
        assert set(hole) == {"0", "1"}
        names = {"0": "Ann", "1": "Bob"}
        total = {"0": 0, "1": 0}
        for run in runs:
            awards = {row["award"] for row in run["awards"]}
            assert awards == {a.name for a in game.awards}  # each run: both awards
            key = settle(
                game, {names[s]: " ".join(hole[s]) for s in hole}, " ".join(run["board"]), pot=20
            )
            assert run["payouts"] == {
                seat: key.payouts[name] for seat, name in names.items() if key.payouts[name]
            }
            for seat, chips in run["payouts"].items():
                total[seat] += chips
        assert sum(total.values()) == 40
        assert result["payouts"] == {s: c for s, c in total.items() if c}
        in_play = (done["hand"] or {"pot": 0})["pot"]  # (the next hand may be dealt already)
        assert sum(s["stack"] for s in done["seats"]) + in_play == 40  # every chip kept
        assert result["net"] == {s: total[s] - 20 for s in total}
        log = done["log"]
        assert "Ann agrees to run it twice" in log or "Bob agrees to run it twice" in log
        assert sum(line.endswith("agrees to run it twice") for line in log) == 2
        assert any(line.startswith("*** RUN 2 *** ") for line in log)
        assert "*** SHOWDOWN, RUN 1 ***" in log and "*** SHOWDOWN, RUN 2 ***" in log
        stored = client.get(f"/api/hands/{result['hand_id']}")
        assert stored.status_code == 200  # the history keeps it
        # The next hand: the first to answer says once, and it runs once.
        rebuy_the_busted([ann, bob_player], done)
        once = play_one_hand([ann, bob_player], ["run_once", "run_once"])
        assert once["last_result"]["runs"] == [] and len(once["asked"]) == 1
        assert any(line.endswith("runs it once") for line in once["log"])
        assert not any(line.endswith("agrees to run it twice") for line in once["log"])
        assert "*** SHOWDOWN ***" in once["log"]
        watcher.send({"type": "state"})
        watcher.until(
            lambda m: m["type"] == "state" and (m["last_result"] or {}).get("number") == 2
        )
    checked = sum(check_no_leaks(p, client, table_id) for p in (ann, bob_player, watcher))
    assert checked > 10
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    assert table.chips_in_play() == table.chips_bought()


def test_one_player_says_once_after_the_other_agreed_and_the_hand_runs_once(
    client: TestClient,
) -> None:
    answer = create(client, **SHORT_STACKS)
    table_id = answer["table"]["id"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"player": "Bob"}).json()
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}?token={bob['token']}") as b,
    ):
        ann, bob_player = Player(a, 0), Player(b, 1)
        for player in (ann, bob_player):
            player.until(lambda m: m["type"] == "state")
        done = play_one_hand([ann, bob_player], ["run_twice", "run_twice"])
        assert done["last_result"]["runs"]  # (both agreed)
        rebuy_the_busted([ann, bob_player], done)
        mixed = play_one_hand([ann, bob_player], ["run_twice", "run_once"])
        assert sorted(mixed["asked"]) == [0, 1]  # the first agreed, the second said once
        assert mixed["last_result"]["runs"] == []
        assert mixed["last_result"]["board"] and len(mixed["last_result"]["board"]) == 5


def test_the_run_it_twice_actions_are_read_at_the_edge() -> None:
    assert parse_action({"kind": "run_twice"}).kind == "run_twice"
    assert parse_action({"kind": "run_once"}).kind == "run_once"


def test_a_seat_whose_clock_runs_out_on_the_question_runs_it_once(tmp_path: Path) -> None:
    with TestClient(create_app(config(tmp_path, action_seconds=0.3))) as app:
        answer = create(app, **SHORT_STACKS, bots=["expert"])
        table_id = answer["table"]["id"]
        with app.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
            ann = Player(a, 0)
            while True:
                state = ann.until(
                    lambda m: my_turn(ann)(m) or (m["type"] == "state" and m["hand"] is None)
                )
                if state["hand"] is None:  # the bot folded: the next hand
                    rebuy_the_busted([ann], state)
                    continue
                legal = state["hand"]["legal"]
                if legal["runs"]:
                    break  # let the clock run out
                ann.send({"type": "act", "action": all_in_on_the_flop(ann, state)})
                ann.newer_than(state["version"])
            done = ann.until(lambda m: m["type"] == "state" and m["hand"] is None)
            assert "Ann runs it once" in done["log"] and done["last_result"]["runs"] == []
            assert done["seats"][0]["sitting_out"]  # as every seat that runs out of time


def test_bots_answer_the_question_at_the_web_table(tmp_path: Path) -> None:
    """A table of a person and bots, every one all-in: the bots answer (the expert and the
    heuristic run twice, the caller once) and the table deals on."""
    rng = random.Random(5)
    with TestClient(create_app(config(tmp_path))) as app:
        answer = create(app, **SHORT_STACKS, bots=["expert"])
        table_id = answer["table"]["id"]
        with app.websocket_connect(f"/ws/tables/{table_id}?token={answer['token']}") as a:
            ann = Player(a, 0)
            seen_runs = 0
            for _ in range(40):
                state = ann.until(
                    lambda m: my_turn(ann)(m) or (m["type"] == "state" and m["hand"] is None)
                )
                if state["hand"] is None:
                    rebuy_the_busted([ann], state)
                    seen_runs += bool(state["last_result"]["runs"])
                    if seen_runs:
                        break
                    continue
                legal = state["hand"]["legal"]
                action = {"kind": "run_twice"} if legal["runs"] else all_in_on_the_flop(ann, state)
                if legal["phase"] == "draw":
                    action = choose(legal, rng)
                ann.send({"type": "act", "action": action, "turn": legal["turn"]})
            assert seen_runs, "the expert never agreed to run it twice"
        bot_lines = [line for line in state["log"] if line.startswith("Expert bot 2 ")]
        assert "Expert bot 2 agrees to run it twice" in bot_lines
