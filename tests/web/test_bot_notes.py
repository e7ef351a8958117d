"""A bot's one-line reasons, kept beside the hand log and shown by the replayer (issue 14)."""

from __future__ import annotations

import io
import random
import sqlite3
from pathlib import Path

from starlette.testclient import TestClient

from splitpot.bots.base import policy_for
from splitpot.bots.expert import ExpertBot
from splitpot.engine.events import ACTION_KINDS
from splitpot.engine.hand import Hand
from splitpot.history import HistoryStore
from splitpot.play import PlayConfig, Session
from splitpot.web.app import create_app
from splitpot.web.config import ServerConfig

from .test_tables import Player, config, create

# Without the muck option the dealer shows every hand: a show is no decision.
DECISIONS = frozenset(ACTION_KINDS) - {"show"}


def expert_hand(seed: int) -> tuple[Hand, dict[int, str]]:
    """A heads-up Badugi hand between two experts, and each action's reason by event index."""
    bots = [ExpertBot(random.Random(seed + seat), samples=200) for seat in range(2)]
    hand = Hand("badugi", stacks=[200, 200], button=1, rng=random.Random(seed))
    policy = policy_for(bots)
    notes: dict[int, str] = {}
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        before = len(hand.events)
        hand.apply(policy(hand, legal))
        notes[before] = bots[legal.seat].reason
    return hand, notes


def test_notes_round_trip_and_leave_the_log_alone(tmp_path: Path) -> None:
    hand, notes = expert_hand(1)
    with HistoryStore(tmp_path / "h.sqlite3") as store:
        hand_id = store.add(hand.events, source="match")
        store.add_notes(hand_id, notes)
        assert store.notes(hand_id) == notes
        assert store.get(hand_id).events == tuple(hand.events)
        assert store.notes(hand_id + 1) == {}
        assert store.schema_version == 1


def test_a_file_without_the_notes_table_still_opens(tmp_path: Path) -> None:
    # A version-1 file written before notes existed: the table is added on opening.
    path = tmp_path / "old.sqlite3"
    hand, notes = expert_hand(2)
    with HistoryStore(path) as store:
        hand_id = store.add(hand.events, source="match")
    db = sqlite3.connect(path)
    db.execute("DROP TABLE notes")
    db.commit()
    db.close()
    with HistoryStore(path) as store:
        assert store.notes(hand_id) == {}
        store.add_notes(hand_id, notes)
        assert store.notes(hand_id) == notes


def test_the_replayer_shows_a_bot_reason_on_its_action_step(tmp_path: Path) -> None:
    hand, notes = expert_hand(3)
    db = tmp_path / "web.sqlite3"
    with HistoryStore(db) as store:
        hand_id = store.add(hand.events, source="match")
        store.add_notes(hand_id, notes)
    with TestClient(create_app(ServerConfig(db=db))) as client:
        answer = client.get(f"/api/hands/{hand_id}").json()
    steps = answer["steps"]
    actions = [i for i, e in enumerate(hand.events) if e.kind in DECISIONS]
    assert len(steps) == len(actions) + 1
    assert steps[0]["note"] is None
    for step, index in zip(steps[1:], actions, strict=True):
        assert step["note"] == notes[index]
        assert step["note"]  # every expert action has its reason


def test_play_keeps_the_bots_reasons_with_the_hand(tmp_path: Path) -> None:
    db = tmp_path / "play.sqlite3"
    config = PlayConfig(game="badugi", seats=2, seed=5, bots="expert", db=str(db), hands=1)
    Session(config, io.StringIO("c\nc\npat\nc\npat\nc\npat\nc\nc\nc\nq\n"), io.StringIO()).run()
    with HistoryStore(db) as store:
        (hand_id,) = store.ids()
        stored = store.get(hand_id).events
        notes = store.notes(hand_id)
    assert notes
    for index in notes:
        assert stored[index].kind in ACTION_KINDS
        assert stored[index].seat == 1  # the bot's seat, never the user's


def test_the_web_table_keeps_an_expert_seat_reasons(tmp_path: Path) -> None:
    # A table of two expert bots, watched until a hand ends: the stored hand has a note on
    # every action (every seat is an expert), and the replayer shows them.
    with TestClient(create_app(config(tmp_path))) as client:
        table = create(client, game="badugi", bots=["expert", "expert"], seats=2)["table"]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as w:
            Player(w, None).until(lambda m: m["type"] == "state" and m["last_result"] is not None)
        with HistoryStore(tmp_path / "web.sqlite3") as store:
            hand_id = store.ids()[0]
            events = store.get(hand_id).events
            notes = store.notes(hand_id)
        actions = [i for i, e in enumerate(events) if e.kind in DECISIONS]
        assert sorted(notes) == actions
        steps = client.get(f"/api/hands/{hand_id}").json()["steps"]
        assert [s["note"] for s in steps[1:]] == [notes[i] for i in actions]
