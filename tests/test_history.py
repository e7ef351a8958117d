"""The hand-history store, PHH export and import, and ``splitpot history``.

- The store: add, list, get, its schema version, its default path, and refusals (a seat's view,
  an unfinished hand, a file that is not a hand history, a newer schema).
- Durability: a child process adds hands in a loop and is killed with SIGKILL at a random
  moment (and once in the middle of a write); every hand it reported as stored is there, intact,
  and the file is consistent.
- PHH: for every game and structure, export, import, export gives the same text and the
  imported log is the original one; Badugi, hold'em and Omaha hands exported as PHH replay in
  PokerKit to splitpot's final stacks, every one, except where a rule of docs/rules.md differs
  from PokerKit's (each hand that differs names its rule: a short big blind, a short all-in, a
  reshuffle; TDA 20's odd chips are stated in the file, ``_odd_chips``, and checked to the
  chip); PHH that PokerKit itself writes imports back; tampered PHH is refused.
  (tests/test_history_pokerkit.py holds the 1,000-hand agreement both ways.)
- The command line, end to end.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
import tomllib
import warnings
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pokerkit
import pytest
from pokerkit.notation import parse_action

from cli_run import cli, cli_captured
from splitpot.bots import random_action, random_policy
from splitpot.engine.events import Action, Event
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.history import format_history
from splitpot.engine.options import Options, Stakes
from splitpot.engine.table import Table
from splitpot.games import GAMES
from splitpot.games.streets import Structure
from splitpot.history import (
    HandNotFoundError,
    HistoryError,
    HistoryStore,
    PhhHand,
    default_path,
    export_phh,
    export_phhs,
    export_text,
    import_phh,
    read_phh,
    variant_code,
)
from splitpot.history.phh_variants import from_variant
from splitpot.history.store import SCHEMA_VERSION, events_digest
from test_history_pokerkit import _by_house_rule

# ---------------------------------------------------------------------------- helpers


def play(
    game: str,
    seats: int,
    hands: int,
    seed: int,
    *,
    structure: str | None = None,
    stakes: str | Stakes = "1/2",
    stacks: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
    options: Options | None = None,
) -> list[Hand]:
    """``hands`` hands at one table of random seats (stacks carry over, busted seats rebuy)."""
    rng = random.Random(seed)
    table = Table(
        game,
        stacks=list(stacks) if stacks else [rng.randint(20, 300) for _ in range(seats)],
        rng=rng,
        stakes=stakes,
        structure=structure,
        names=names,
        options=options,
        rebuy=100,
    )
    policy = random_policy(rng)
    return [table.play_hand(policy) for _ in range(hands)]


def jsons(events: Sequence[Event]) -> list[dict[str, object]]:
    return [e.to_json() for e in events]


run = cli


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "hands.sqlite3"


# ---------------------------------------------------------------------------- the store


def test_add_list_get(db: Path) -> None:
    hands = play("badugi", 3, 5, 1) + play("drawmaha", 4, 3, 2)
    started = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)
    with HistoryStore(db) as store:
        ids = [
            store.add(h.events, "simulate", started=started + timedelta(minutes=i))
            for i, h in enumerate(hands)
        ]
        assert ids == list(range(1, 9))
        assert len(store) == 8 and store.count("badugi") == 5 and store.count("doogie") == 0
        assert store.schema_version == SCHEMA_VERSION

        newest = store.list(limit=3)
        assert [h.id for h in newest] == [8, 7, 6]
        assert [h.id for h in store.list(limit=2, offset=1, game="badugi")] == [4, 3]
        assert [h.id for h in store.list(None, newest_first=False)] == ids
        assert store.ids("drawmaha") == [6, 7, 8]

        for hand_id, hand in zip(ids, hands, strict=True):
            stored = store.get(hand_id)
            assert jsons(stored.events) == jsons(hand.events)
            assert Hand.replay(stored.events).stacks == hand.stacks
            assert stored.game == hand.game.id
            assert stored.structure == hand.structure.value
            assert stored.stakes == hand.stakes.to_json()
            assert stored.players == hand.names
            assert stored.button == hand.names[hand.button]
            assert stored.starting_stacks == hand.starting_stacks
            assert stored.final_stacks == tuple(hand.stacks)
            assert stored.started == started + timedelta(minutes=hand_id - 1)
            assert stored.ended.tzinfo is not None and stored.ended >= stored.started
            assert stored.source == "simulate"
            result = stored.result
            assert result["showdown"] == (hand.result is not None)
            assert result["payouts"] == {hand.names[s]: c for s, c in hand.payouts.items()}
            assert result["pot"] == sum(hand.payouts.values())
            assert sum(result["net"].values()) == 0
            assert store.find(hand.events) == hand_id
            assert stored.to_json()["id"] == hand_id
        assert [h.id for h in store] == ids
        with pytest.raises(HandNotFoundError, match="no hand 99"):
            store.get(99)

    # Reopened: everything is still there, and the meta table says the schema version.
    with HistoryStore(db) as store:
        assert len(store) == 8
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == (
            str(SCHEMA_VERSION),
        )
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_add_many_is_one_transaction(db: Path) -> None:
    hands = play("badugi", 2, 3, 4)
    unfinished = Hand("badugi", stacks=[50, 50], rng=random.Random(1))
    with HistoryStore(db) as store:
        with pytest.raises(HistoryError, match="not finished"):
            store.add_many(
                [(h.events, None, None) for h in hands] + [(unfinished.events, None, None)]
            )
        assert len(store) == 0
        assert store.add_many([(h.events, None, None) for h in hands]) == [1, 2, 3]


def test_add_refuses_what_is_not_a_finished_full_log(db: Path) -> None:
    hand = play("badugi", 3, 1, 5)[0]
    in_play = Hand("badugi", stacks=[50, 50], rng=random.Random(1))
    with HistoryStore(db) as store:
        with pytest.raises(HistoryError, match="not one seat's view"):
            store.add(hand.view(0))
        with pytest.raises(HistoryError, match="not finished"):
            store.add(in_play.events)
        with pytest.raises(HistoryError, match="source 'casino'"):
            store.add(hand.events, "casino")
        with pytest.raises(HistoryError, match="starts with its start event"):
            store.add([])
        assert len(store) == 0


def test_default_path_and_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPLITPOT_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "splitpot" / "history.sqlite3"
    with HistoryStore() as store:
        store.add(play("badugi", 2, 1, 1)[0].events)
    assert (tmp_path / "data" / "splitpot" / "history.sqlite3").is_file()

    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "splitpot" / "history.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_path() == tmp_path / "home" / ".local" / "share" / "splitpot" / "history.sqlite3"

    monkeypatch.setenv("SPLITPOT_DB", str(tmp_path / "elsewhere" / "mine.db"))
    assert default_path() == tmp_path / "elsewhere" / "mine.db"
    with HistoryStore() as store:
        assert store.path == tmp_path / "elsewhere" / "mine.db"


def test_files_that_are_not_a_hand_history(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database, just some words that fill a page " * 40)
    with pytest.raises(HistoryError, match="is not a splitpot hand history"):
        HistoryStore(text)

    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as raw:
        raw.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(HistoryError, match="SQLite file of something else"):
        HistoryStore(other)

    newer = tmp_path / "newer.sqlite3"
    HistoryStore(newer).close()
    with sqlite3.connect(newer) as raw:
        raw.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (SCHEMA_VERSION + 1,))
    with pytest.raises(HistoryError, match="newer splitpot"):
        HistoryStore(newer)

    with pytest.raises(HistoryError, match="no hand history at"):
        HistoryStore(tmp_path / "missing.sqlite3", create=False)
    assert not (tmp_path / "missing.sqlite3").exists()


# ---------------------------------------------------------------------------- durability

_WRITER = """
import random, sys
from splitpot.bots import random_action, random_policy
from splitpot.engine.table import Table
from splitpot.history import HistoryStore
from splitpot.history.store import events_digest

path, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
table = Table(["badugi", "drawmaha", "doogie", "bodigiha"], stacks=[200] * 5, rng=rng, rebuy=200)
policy = random_policy(rng)
with HistoryStore(path) as store:
    while True:
        hand = table.play_hand(policy)
        hand_id = store.add(hand.events, "simulate")
        print(hand_id, events_digest(hand.events), flush=True)
"""

_STUCK_WRITER = """
import json, sys, time
from splitpot.history import HistoryStore

path = sys.argv[1]
store = HistoryStore(path)
# Begin a write and never finish it: the process is killed in the middle of the transaction.
store._db.execute("BEGIN IMMEDIATE")
store._db.execute("INSERT INTO hands (source, game, structure, stakes, players, seat_count, "
                  "button, ended, starting_stacks, final_stacks, result, digest, events) "
                  "VALUES ('simulate', 'badugi', 'fixed-limit', '{}', '[]', 2, 'x', 'now', "
                  "'[]', '[]', '{}', 'half', ?)", ("x" * 200_000,))
print("writing", flush=True)
time.sleep(60)
"""


def _kill_after(script: str, args: Sequence[str], lines: int, delay: float) -> list[str]:
    """Run ``script``, wait for ``lines`` lines of output and ``delay`` seconds, SIGKILL it;
    returns every whole line it printed."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, *args], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    printed: list[str] = []
    try:
        while len(printed) < lines:
            line = child.stdout.readline()
            assert line, f"the child stopped early (exit {child.poll()})"
            printed.append(line)
        time.sleep(delay)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        rest = child.stdout.read()  # what it printed before it died (some is buffered here)
        child.stdout.close()
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    # A line cut short by the kill was never reported in full: only whole lines count.
    return [line for line in printed + rest.splitlines(keepends=True) if line.endswith("\n")]


def _check_intact(db: Path, reported: dict[int, str], kills: int) -> None:
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with HistoryStore(db) as store:
        stored = store.ids()
        assert set(reported) <= set(stored)
        # At most one hand per kill was committed and not yet reported when the child died.
        assert len(stored) - len(reported) <= kills
        for hand_id in stored:
            hand = store.get(hand_id)
            assert reported.get(hand_id, events_digest(hand.events)) == events_digest(hand.events)
            Hand.replay(hand.events)


def test_sigkill_loses_no_committed_hand(db: Path) -> None:
    rng = random.Random(2024)
    reported: dict[int, str] = {}
    for round_ in range(3):  # each run goes on in the file the last one was killed over
        lines = _kill_after(
            _WRITER, [str(db), str(round_)], lines=rng.randint(5, 40), delay=rng.uniform(0, 0.3)
        )
        for line in lines:
            hand_id, digest = line.split()
            reported[int(hand_id)] = digest
        _check_intact(db, reported, kills=round_ + 1)
    assert len(reported) >= 15


def test_sigkill_in_the_middle_of_a_write(db: Path) -> None:
    hands = play("badugi", 3, 4, 9)
    with HistoryStore(db) as store:
        ids = [store.add(hand.events) for hand in hands]
    digests = {i: events_digest(hand.events) for i, hand in zip(ids, hands, strict=True)}
    assert _kill_after(_STUCK_WRITER, [str(db)], lines=1, delay=0.1) == ["writing\n"]
    _check_intact(db, digests, kills=0)
    with HistoryStore(db) as store:
        assert store.ids() == ids  # the half-written hand was rolled back
        assert store.add(play("badugi", 2, 1, 10)[0].events) == len(ids) + 1


# ---------------------------------------------------------------------------- PHH round trips


def _round_trip(hand: Hand) -> str:
    text = export_phh(hand.events)
    events = import_phh(text)
    assert jsons(events) == jsons(hand.events)
    assert Hand.replay(events).stacks == hand.stacks
    assert export_phh(events) == text
    return text


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_export_round_trips(game_id: str) -> None:
    game = GAMES[game_id]
    seen: Counter[str] = Counter()
    for structure in game.structures:
        for seats in sorted({2, 3, min(6, game.max_players), game.max_players}):
            hands = play(game_id, seats, 12, hash((game_id, structure, seats)) % 10_000,
                         structure=structure.value)  # fmt: skip
            for hand in hands:
                text = _round_trip(hand)
                doc = tomllib.loads(text)
                assert doc["variant"] == variant_code(game, structure)
                assert doc["_game"] == game_id and doc["_structure"] == structure.value
                assert doc["finishing_stacks"] == [
                    hand.stacks[(hand.button + 1 + i) % seats] for i in range(seats)
                ]
                kinds = {e.kind for e in hand.events}
                seen.update(kinds & {"settle", "reshuffle", "declare", "keep", "reject"})
    assert seen["settle"] > 0, seen
    if game.declare:
        assert seen["declare"] > 0, seen
    if game_id == "sviten-special":
        assert seen["keep"] > 0 and seen["reject"] > 0, seen


def test_round_trip_reshuffles_and_odd_names() -> None:
    # Six seats that call everything and draw every card: the stub runs out and reshuffles.
    names = ["O'Brien", 'Zoë "the" Wall', "p1", "tab\there", "#7", "ünï"]
    rng = random.Random(3)

    def policy(hand: Hand, legal: LegalActions) -> Action:
        if legal.phase == "draw":
            return Action.discard(legal.hole[: legal.discard_max])
        if legal.check:
            return Action.check()
        return Action.call() if legal.call is not None else random_action(legal, rng)

    reshuffled = 0
    for number in range(12):
        hand = Hand("badugi", stacks=[400] * 6, rng=rng, names=names, button=number % 6)
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None
            hand.apply(policy(hand, legal))
        reshuffled += any(e.kind == "reshuffle" for e in hand.events)
        text = _round_trip(hand)
        assert tomllib.loads(text)["players"][-1] == names[hand.button]
    assert reshuffled >= 6


def test_phh_fields_and_seat_order() -> None:
    # Three seats, the button on seat 2 (index 1): PHH's p1 is seat 3, p3 (last) the button.
    rng = random.Random(8)
    hand = Hand("badugi", stacks=[100, 200, 300], button=1, rng=rng, names=["ann", "bob", "cy"])
    policy = random_policy(rng)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(policy(hand, legal))
    started = datetime(2025, 3, 4, 5, 6, 7, 890, tzinfo=UTC)
    text = export_phh(hand.events, hand=17, started=started)
    doc = tomllib.loads(text)
    assert doc["variant"] == "FB"
    assert doc["antes"] == [0, 0, 0] and doc["blinds_or_straddles"] == [1, 2, 0]
    assert doc["small_bet"] == 2 and doc["big_bet"] == 4 and "min_bet" not in doc
    assert doc["starting_stacks"] == [300, 100, 200]
    assert doc["seats"] == [3, 1, 2] and doc["players"] == ["cy", "ann", "bob"]
    assert doc["seat_count"] == 3 and doc["hand"] == 17
    assert (doc["year"], doc["month"], doc["day"], str(doc["time"])) == (2025, 3, 4, "05:06:07")
    assert doc["time_zone"] == "UTC"
    assert doc["actions"][0] == "d dh p1 " + "".join(map(str, hand.events[3].secret["cards"]))
    assert len(doc["_deck"]) == 104 and isinstance(doc["_seed"], int)
    (read,) = read_phh(text)
    assert read.hand == 17 and read.started == started.replace(microsecond=0)
    assert export_phh(read.events, hand=read.hand, started=read.started) == text

    # Heads-up: p1 is the big blind (left of the button), p2 the button and small blind.
    hand = play("badugi", 2, 1, 3)[0]
    doc = tomllib.loads(export_phh(hand.events))
    assert doc["blinds_or_straddles"] == [1, 2]
    assert doc["players"][1] == hand.names[hand.button]


def test_variant_codes() -> None:
    assert variant_code("badugi", "fixed-limit") == "FB"
    assert variant_code("badugi", "pot-limit") == "_PB"
    assert variant_code("holdem", "no-limit") == "NT"
    assert variant_code("holdem", "fixed-limit") == "FT"
    assert variant_code("omaha", "pot-limit") == "PO"
    assert variant_code("omaha", "fixed-limit") == "_FO"
    assert variant_code("bodigiha", "pot-limit") == "_PBDG"
    assert variant_code("dramaha", "pot-limit") == "_PDRM"
    assert variant_code("doogie", "fixed-limit") == "_FDOOG"
    assert variant_code("limit-holdem", "fixed-limit") == "FT"
    # No two alike but PHH's FT, fixed-limit hold'em: Limit Hold'em's, and No-limit Hold'em's
    # when a table plays it fixed-limit (the same rules); an FT record without _game is read
    # as Limit Hold'em (docs/phh.md).
    codes = [variant_code(g, s) for g in GAMES.values() for s in g.structures]
    assert [c for c in set(codes) if codes.count(c) > 1] == ["FT"] and codes.count("FT") == 2
    assert from_variant("FT") == (GAMES["limit-holdem"], Structure.FIXED_LIMIT)
    assert from_variant("NT") == (GAMES["holdem"], Structure.NO_LIMIT)
    assert from_variant("_PT") == (GAMES["holdem"], Structure.POT_LIMIT)


def test_doogie_and_sviten_fields() -> None:
    declared = next(
        h
        for seed in range(200)
        for h in play("doogie", 3, 5, seed)
        if any(e.kind == "reveal" for e in h.events)
    )
    doc = tomllib.loads(_round_trip(declared))
    ways = [e for e in declared.events if e.kind == "declare"]
    assert sorted(w for w in doc["_declarations"] if w) == sorted(e.secret["way"] for e in ways)
    assert any(a.startswith("# declarations: ") for a in doc["actions"])
    assert doc["antes"] == [1, 1, 1] and doc["blinds_or_straddles"] == [0, 0, 0]

    rejected = next(
        h
        for seed in range(200)
        for h in play("sviten-special", 3, 5, seed)
        if any(e.kind == "reject" for e in h.events)
    )
    doc = tomllib.loads(_round_trip(rejected))
    assert any(entry["choice"] == "reject" for entry in doc["_sviten"])
    assert any("face up rejected" in a for a in doc["actions"])


def test_several_hands_as_phhs() -> None:
    hands = play("badugi", 4, 6, 12)
    text = export_phhs(PhhHand(h.events, 100 + i) for i, h in enumerate(hands))
    assert text.startswith("[100]\nvariant = 'FB'\n")
    read = read_phh(text)
    assert [r.hand for r in read] == list(range(100, 106))
    assert [jsons(r.events) for r in read] == [jsons(h.events) for h in hands]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about the _ fields it does not know
        loaded = list(pokerkit.HandHistory.loads_all(text))
    assert len(loaded) == 6
    with pytest.raises(HistoryError, match="holds 6 hands, not one"):
        import_phh(text)


# A heads-up Badugi hand from a stacked deck (Bob, left of the button, is dealt first; Tc is
# the first card drawn), and its history written out by hand: the blinds, every card, every
# action, the uncalled bet returned and the stacks (Ann: 100 - 4 + 8; Bob: 100 - 4).
TEXT_HISTORY = """\
Hand #4: Badugi (fixed-limit, 1/2) - Ann has the button
Seat 1: Ann (100 in chips)
Seat 2: Bob (100 in chips)
Ann posts small blind 1
Bob posts big blind 2
Dealt to Bob: As 3h Kd Ks
Dealt to Ann: 2d 4c Kh Kc
-- betting round 1 --
Ann raises to 4
Bob calls 2
*** DRAW 1 ***
Bob discards Ks and draws Tc
Ann stands pat
-- betting round 2 --
Bob checks
Ann bets 2
Bob folds
Uncalled bet (2) returned to Ann
Ann wins 8 (uncontested: everyone else folded)
Stacks: Ann 104, Bob 96"""


def test_export_text_is_the_readable_history() -> None:
    hand = Hand(
        "badugi", stacks=[100, 100], names=["Ann", "Bob"], deck="As 2d 3h 4c Kd Kh Ks Kc Tc"
    )
    for action in (Action.raise_to(4), Action.call(), Action.discard("Ks"), Action.stand_pat(),
                   Action.check(), Action.bet(2), Action.fold()):  # fmt: skip
        hand.apply(action)
    assert export_text(hand.events, 4) == TEXT_HISTORY
    # As Bob saw it: no hand number given, and Ann's cards never shown (she did not show down).
    lines = TEXT_HISTORY.splitlines()
    bobs = [lines[0].removeprefix("Hand #4: ")]
    bobs += [line for line in lines[1:] if not line.startswith("Dealt to Ann")]
    assert export_text(hand.events, seat="Bob") == "\n".join(bobs)
    assert export_text(hand.events, seat=1) == "\n".join(bobs)
    with pytest.raises(HistoryError, match="no seat 'zed'"):
        export_text(hand.events, seat="zed")


# ---------------------------------------------------------------------------- tampering


def _showdown_hand() -> Hand:
    return next(h for seed in range(100) for h in play("badugi", 3, 4, seed) if h.result)


def _only_the_deal(text: str) -> str:
    """The PHH with its actions cut after the hole cards are dealt."""
    lines = text.splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if re.match(r"  'p\d", line))
    last = lines.index("]\n", first)
    return "".join(lines[:first] + lines[last:])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("d dh p1 ", "d dh p1 As", 1), "action 1"),
        (lambda t: t.replace("finishing_stacks = [", "finishing_stacks = [1", 1), "finishing"),
        (
            lambda t: t.replace("_seed = ", "_seed = 1", 1).replace("_deck = '", "_deck = 'As", 1),
            "_deck",
        ),
        (lambda t: t.replace("variant = 'FB'", "variant = 'NT'"), "variant does not match"),
        (lambda t: t.replace("_game = 'badugi'", "_game = 'chess'"), "unknown game"),
        (lambda t: t.replace("actions = [", "actions = [\n  'p9 f',", 1), "'p9'"),
        (lambda t: t.replace("actions = [", "actions = [\n  'p1 xx',", 1), "not a PHH action"),
        (lambda t: t.replace("variant", "vari ant", 1), "not PHH"),
        (_only_the_deal, "before the hand is over"),
        (lambda t: re.sub(r"'(p\d) sm ", r"'\1 sm 2c", t, count=1), "shows"),
        (lambda t: "\n".join(ln for ln in t.splitlines() if " sm " not in ln), "do not show"),
    ],
)
def test_tampered_phh_is_refused(change: object, message: str) -> None:
    text = export_phh(_showdown_hand().events)
    assert callable(change)
    with pytest.raises(HistoryError, match=message):
        import_phh(change(text))


def test_a_raise_out_of_bounds_is_refused() -> None:
    hand = next(
        h
        for seed in range(50)
        for h in play("badugi", 3, 4, seed)
        if any(e.kind == "raise" for e in h.events)
    )
    text = export_phh(hand.events)
    actions = tomllib.loads(text)["actions"]
    index = next(i for i, a in enumerate(actions) if " cbr " in a)
    bad = actions[index].rsplit(" ", 1)[0] + " 999"
    with pytest.raises(HistoryError, match=rf"action {index + 1} .*cannot"):
        import_phh(text.replace(f"'{actions[index]}'", f"'{bad}'", 1))


# ---------------------------------------------------------------------------- PokerKit


_BETS = ("fold", "check", "call", "bet", "raise")


def _known_difference(hand: Hand, state: pokerkit.State, failing: int | None) -> str | None:
    """Why PokerKit cannot replay ``hand`` as splitpot played it, if a known difference says so
    (``test_engine_pokerkit.py``'s docstring): ``failing`` is the index, among the betting
    actions, of the one PokerKit refused (``None``: PokerKit finished with other stacks)."""
    events = hand.events
    big_blind = hand.stakes.big_blind
    if any(e.kind == "post" and e.data["blind"] == "big blind" and e.data["amount"] < big_blind
           for e in events):  # fmt: skip
        return "short big blind"  # PokerKit asks for a call of the largest blind posted
    if failing is not None:
        at = [i for i, e in enumerate(events) if e.kind in _BETS][failing]
        if events[at].kind in ("bet", "raise"):
            begin = max(i for i in range(at) if events[i].kind == "bet_round")
            size = events[begin].data["size"]
            level = big_blind if events[begin].data["number"] == 1 else 0
            for event in events[begin + 1 : at]:
                if event.kind in ("bet", "raise"):
                    if event.data["all_in"] and event.data["to"] - level < size:
                        return "short all-in"  # PokerKit's next raise is a full bet above it
                    level = max(level, event.data["to"])
    if any(e.kind == "reshuffle" for e in events):
        return "reshuffle"  # PokerKit refills its deck from every mucked and burned card
    return None


def _drive(history: pokerkit.HandHistory) -> tuple[pokerkit.State, int | None]:
    """Apply the PHH actions one by one (burning PokerKit's burn cards, and checking for a
    player PokerKit asks though nobody can answer, as ``HandHistory`` does); returns the state
    and the index among the betting actions of the first one PokerKit refuses, if any."""
    state = history.create_state()
    betting = 0
    for action in history.actions:
        while True:
            try:
                parse_action(state, action)
                break
            except ValueError:
                actor = state.actor_index
                if state.can_burn_card():
                    state.burn_card("??")
                elif (
                    actor is not None
                    and not action.startswith(f"p{actor + 1} ")
                    and not state.checking_or_calling_amount
                    and state.can_check_or_call()
                ):
                    state.check_or_call()
                else:
                    return state, betting
        betting += action.split()[1] in ("f", "cc", "cbr")
    return state, None


def _replay_in_pokerkit(hand: Hand) -> str:
    """``"same"`` when PokerKit's ``HandHistory`` replays the PHH to splitpot's final stacks,
    else the known difference that explains why not."""
    text = export_phh(hand.events)
    expected = _by_house_rule(tomllib.loads(text))  # TDA 20's odd chips, stated in the file
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a reshuffled card PokerKit thinks is dealt already
        history = pokerkit.HandHistory.loads(text)
        try:
            if list(list(history)[-1].stacks) == expected:
                return "same"
        except ValueError:  # "Unable to repair the hand history": PokerKit refused an action
            pass
        state, failing = _drive(history)
    reason = _known_difference(hand, state, failing)
    assert reason is not None, f"PokerKit gives {state.stacks}, splitpot {expected}:\n{text}"
    return reason


def test_badugi_phh_replays_in_pokerkit() -> None:
    counts: Counter[str] = Counter()
    rng = random.Random(77)
    for seats in range(2, 7):
        for _ in range(8):
            stakes = rng.choice(["1/2", "1/2", "5/10", "2/3"])
            stack_sizes = [rng.choice([1, 3, 8, 15, 40, 90, 250]) for _ in range(seats)]
            hands = play("badugi", seats, 25, rng.randrange(10**6), stakes=stakes,
                         stacks=stack_sizes)  # fmt: skip
            for hand in hands:
                reason = _replay_in_pokerkit(hand)
                counts[reason] += 1
                counts["showdowns"] += hand.result is not None
                if reason == "same" and hand.result is not None:
                    counts["same at a showdown"] += 1
    print(dict(counts))
    total = sum(v for k, v in counts.items() if k not in ("showdowns", "same at a showdown"))
    assert total == 1000  # every hand the same, or different by a rule named above
    assert counts["same at a showdown"] >= 50, counts


def test_badugi_phh_from_pokerkit_imports() -> None:
    """PHH that PokerKit writes (no _ fields: no _deck, no seats) imports to the same hand."""
    imported = 0
    for hand in play("badugi", 4, 60, 31, stacks=[40, 60, 80, 100]):
        if any(e.kind == "reshuffle" for e in hand.events):
            continue
        if _replay_in_pokerkit(hand) != "same":
            continue
        history = pokerkit.HandHistory.loads(export_phh(hand.events))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            final = list(history)[-1]
        theirs = pokerkit.HandHistory.from_game_state(history.create_game(), final).dumps()
        assert "_deck" not in theirs
        events = import_phh(theirs)
        Hand.replay(events)
        mine, again = tomllib.loads(export_phh(hand.events)), tomllib.loads(export_phh(events))
        for key in ("starting_stacks", "finishing_stacks", "winnings"):
            assert again[key] == mine[key]
        assert [a for a in again["actions"]] == [a for a in mine["actions"]]
        imported += 1
    assert imported >= 40


@pytest.mark.parametrize(("game", "structure"), [("holdem", "no-limit"), ("holdem", "fixed-limit"),
                                                 ("omaha", "pot-limit")])  # fmt: skip
def test_holdem_and_omaha_phh_load_in_pokerkit(game: str, structure: str) -> None:
    reasons: Counter[str] = Counter()
    for hand in play(game, 4, 60, 5, structure=structure):
        reasons[_replay_in_pokerkit(hand)] += 1  # the same stacks, or a rule named
    assert sum(reasons.values()) == 60 and reasons["same"] >= 1, reasons


# ---------------------------------------------------------------------------- the command line


def _fill(db: Path) -> list[Hand]:
    hands = play("badugi", 3, 4, 21) + play("doogie", 4, 2, 22)
    with HistoryStore(db) as store:
        for hand in hands:
            store.add(hand.events, "simulate", started=datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC))
    return hands


def test_cli_list(db: Path) -> None:
    assert run(["history", "list", "--db", str(db)]) == (1, "")  # no file: an error
    HistoryStore(db).close()
    assert run(["history", "list", "--db", str(db)]) == (0, f"no hands in {db}\n")
    _fill(db)
    code, out = run(["history", "list", "--db", str(db)])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["id", "ended", "(UTC)"]
    assert [line.split()[0] for line in lines[1:-1]] == ["6", "5", "4", "3", "2", "1"]
    assert "Doogie" in lines[1] and "ante 1, 2/4" in lines[1] and "Badugi" in lines[-2]
    assert lines[-1] == "hands 1-6 of 6, newest first"
    code, out = run(["history", "list", "--db", str(db), "--game", "badugi", "--limit", "2",
                     "--json"])  # fmt: skip
    listing = json.loads(out)
    assert [h["id"] for h in listing] == [4, 3] and listing[0]["game"] == "badugi"
    assert listing[0]["started"] == "2025-01-02T03:04:05+00:00"
    code, out = run(["history", "list", "--db", str(db), "--offset", "2", "--limit", "1"])
    assert out.splitlines()[1].split()[0] == "4"


def test_cli_show(db: Path) -> None:
    hands = _fill(db)
    code, out = run(["history", "show", "2", "--db", str(db)])
    assert (code, out) == (0, format_history(hands[1].events, 2) + "\n")
    name = hands[1].names[0]
    code, out = run(["history", "show", "2", "--db", str(db), "--seat", name])
    assert out == format_history(hands[1].view(0), 2) + "\n"


def test_cli_export_to_a_path_that_names_no_file_is_one_line(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `--out ''` was a ValueError traceback (Path('.').with_name), the CLI fuzz's kind of find
    _fill(db)
    for name in ("", ".", "/"):
        status, _, err = cli_captured(["history", "export", "--db", str(db), "--out", name], capsys)
        assert (status, err.strip()) == (1, f"splitpot: error: --out {name!r} names no file")


def test_cli_export_and_import(db: Path, tmp_path: Path) -> None:
    hands = _fill(db)
    # One hand: a PHH file, which PokerKit loads.
    single = tmp_path / "one.phh"
    assert run(["history", "export", "3", "--db", str(db), "--out", str(single)]) == (0, "")
    text = single.read_text()
    assert text == export_phh(hands[2].events, hand=3, started=datetime(2025, 1, 2, 3, 4, 5,
                                                                          tzinfo=UTC))  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert (
            list(pokerkit.HandHistory.loads(text))[-1].stacks
            == tomllib.loads(text)["finishing_stacks"]
        )
    # Every hand: a .phhs file, one table per hand named by its id.
    code, everything = run(["history", "export", "--db", str(db)])
    assert code == 0 and everything.startswith("[1]\n") and "\n[6]\n" in everything
    assert [r.hand for r in read_phh(everything)] == [1, 2, 3, 4, 5, 6]
    code, badugi = run(["history", "export", "--db", str(db), "--game", "badugi"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert len(list(pokerkit.HandHistory.loads_all(badugi))) == 4
    # Text and JSON lines (which splitpot replay reads).
    code, words = run(["history", "export", "1", "2", "--db", str(db), "--format", "text"])
    assert (
        words
        == format_history(hands[0].events, 1) + "\n\n" + format_history(hands[1].events, 2) + "\n"
    )
    log = tmp_path / "hands.jsonl"
    run(["history", "export", "--db", str(db), "--format", "jsonl", "--out", str(log)])
    code, replayed = run(["replay", str(log)])
    assert code == 0 and replayed.count("Hand #") == 6

    # Import into a new file: the same hands; again: skipped.
    other = tmp_path / "other.sqlite3"
    code, out = run(["history", "import", str(tmp_path / "everything.phhs"), "--db", str(other)])
    assert code == 1
    (tmp_path / "everything.phhs").write_text(everything)
    code, out = run(["history", "import", str(tmp_path / "everything.phhs"), "--db", str(other)])
    assert (code, out) == (0, f"imported 6 hands (ids 1 to 6) into {other}\n")
    code, out = run(["history", "import", str(log), "--db", str(other)])
    assert out == f"every hand of {log} is already in {other} (6)\n"
    with HistoryStore(other) as store:
        assert [jsons(h.events) for h in store] == [jsons(h.events) for h in hands]
        assert {h.source for h in store.list(None)} == {"import"}
        assert store.get(1).started == datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    code, out = run(["history", "import", str(single), "--db", str(tmp_path / "third.db")])
    assert out == f"imported 1 hand (id 1) into {tmp_path / 'third.db'}\n"


def test_cli_import_simulate_log(tmp_path: Path) -> None:
    log, db = tmp_path / "sim.jsonl", tmp_path / "h.sqlite3"
    code, _ = run(["simulate", "bodigiha", "--players", "3", "--hands", "5", "--seed", "2",
                   "--log", str(log)])  # fmt: skip
    code, out = run(["history", "import", str(log), "--db", str(db)])
    assert (code, out) == (0, f"imported 5 hands (ids 1 to 5) into {db}\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["history", "show", "42"], "no hand 42 in"),
        (["history", "show", "1", "--seat", "nobody"], "no seat 'nobody'"),
        (["history", "export", "1", "42"], "no hand 42 in"),
        (["history", "export", "--game", "holdem"], "no No-limit Hold'em hands to export"),
        (["history", "export", "--game", "chess"], "--game: unknown game 'chess'"),
        (["history", "import", "/no/such/file.phh"], "cannot read /no/such/file.phh"),
        (["history", "import", "{bad}"], "not PHH"),
        (["history", "import", "{log}"], "line 1: not JSON"),
        (["history", "import", "{tampered}"], "action 1"),
        (["history", "export", "--out", "/no/such/dir/x.phh"], "cannot write /no/such/dir"),
    ],
)
def test_cli_errors(
    argv: list[str], message: str, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = _fill(db)
    bad, log, tampered = tmp_path / "bad.phh", tmp_path / "bad.jsonl", tmp_path / "t.phh"
    bad.write_text("variant = 'FB\nactions = [")
    log.write_text('{"hand": 1, "kind": "start"\n')
    tampered.write_text(export_phh(hands[0].events).replace("d dh p1 ", "d dh p1 As", 1))
    argv = [a.format(bad=bad, log=log, tampered=tampered) for a in argv]
    capsys.readouterr()
    code, out = run([*argv, "--db", str(db)])
    err = capsys.readouterr().err
    assert code == 1 and out == ""
    assert err.startswith("splitpot: error: ") and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_cli_no_history_yet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPLITPOT_DB", str(tmp_path / "none.sqlite3"))
    result = subprocess.run(
        [sys.executable, "-m", "splitpot", "history", "list"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr == f"splitpot: error: no hand history yet at {tmp_path / 'none.sqlite3'}" \
        " (hands are stored as they are played)\n"  # fmt: skip
    assert not (tmp_path / "none.sqlite3").exists()
