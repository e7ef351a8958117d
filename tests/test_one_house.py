"""Issue 12's rules in the engine, games as data, wire schemas and the error tree.

- the live side pots (``Hand.pots()``), the pot-sized raise with the legal actions
  (``RaiseBounds.pot_to``) and moving the button (``engine.table.move_button``), which the
  terminal and the web table only read;
- the two-way tie option under its name for what it is, ``two_way_tie_keeps``, the older
  ``doogie_tie_keeps`` still read;
- the batch input, the table options and the web messages checked by their schemas, with
  messages that say what and where;
- every class of ``errors.py``'s drawing exists and subclasses as drawn.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from splitpot import errors
from splitpot.engine import Action, Hand, LivePot, Options, move_button, stacked_deck
from splitpot.engine.batch import read_input, settle_input, settle_line
from splitpot.engine.table import Table
from splitpot.errors import GameSpecError, SchemaError
from splitpot.games import GAMES
from splitpot.web import ServerConfig, create_app
from splitpot.web.tables import parse_action

# ---------------------------------------------------------------------- rules in the engine


def no_limit_drawmaha(stacks: list[int]) -> Hand:
    return Hand("drawmaha", stacks=stacks, button=0, rng=random.Random(3), structure="no-limit")


def test_pots_split_at_an_all_in_level_main_pot_first() -> None:
    # Three-handed, seat 0 (the button) acts first: all-in for 10; seat 1 calls; seat 2 (the
    # big blind) raises to 40. Main pot 3 x 10 for everyone, side pot 30 for seats 1 and 2.
    hand = no_limit_drawmaha([10, 100, 100])
    assert hand.pots() == [LivePot(3, (0, 1, 2))]  # the blinds, nobody all-in yet
    hand.apply(Action.raise_to(10))
    hand.apply(Action.call())
    hand.apply(Action.raise_to(40))
    assert hand.pots() == [LivePot(30, (0, 1, 2)), LivePot(30, (1, 2))]
    assert sum(p.amount for p in hand.pots()) == hand.pot == 60


def test_pots_leave_out_a_folded_player() -> None:
    hand = no_limit_drawmaha([10, 100, 100])
    hand.apply(Action.raise_to(10))
    hand.apply(Action.call())
    hand.apply(Action.raise_to(40))
    hand.apply(Action.fold())  # seat 1's 10 stays in the pots; it can win none
    # The uncalled 30 of seat 2 went back: one pot of 30 between seats 0 and 2.
    assert hand.pots() == [LivePot(30, (0, 2))]


def test_pot_limit_raise_is_the_pot_sized_raise() -> None:
    # README: three-handed Bodigiha at 1/2, the button to act: call 2, then raise the pot
    # (1 + 2 + 2 = 5): raise to 7.
    hand = Hand("bodigiha", stacks=[200] * 3, button=0, rng=random.Random(1))
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert (legal.raise_.min_to, legal.raise_.max_to, legal.raise_.pot_to) == (4, 7, 7)


def test_no_limit_pot_sized_raise_counts_the_call_and_every_chip_in() -> None:
    hand = no_limit_drawmaha([200] * 3)
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert (legal.raise_.pot_to, legal.raise_.max_to) == (7, 200)  # 2 + (1 + 2) + 2
    hand.apply(Action.raise_to(7))
    legal = hand.legal_actions()  # the small blind: 1 in, 6 to call, 10 in the pot
    assert legal is not None and legal.raise_ is not None
    assert legal.raise_.pot_to == 7 + 10 + 6


def test_pot_sized_raise_is_capped_by_the_stack() -> None:
    hand = no_limit_drawmaha([5, 200, 200])
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert legal.raise_.pot_to == legal.raise_.max_to == 5  # all-in for less than the pot


def test_fixed_limit_pot_sized_raise_is_the_fixed_raise() -> None:
    hand = Hand("badugi", stacks=[200] * 3, button=0, rng=random.Random(1))
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert legal.raise_.pot_to == legal.raise_.min_to == legal.raise_.max_to == 4


@pytest.mark.parametrize(
    ("button", "playing", "seats", "moved_to"),
    [
        (None, [1, 3, 4], 6, 1),  # no button yet: the first seat dealt in
        (1, [1, 3, 4], 6, 3),  # the next seat clockwise that is dealt in
        (4, [1, 3, 4], 6, 1),  # round the table
        (2, [0, 3], 5, 3),  # the button's own seat is empty now
        (0, [0, 1], 2, 1),  # heads-up
    ],
)
def test_move_button(button: int | None, playing: list[int], seats: int, moved_to: int) -> None:
    assert move_button(button, playing, seats) == moved_to


def test_table_deals_its_first_hand_on_its_button_then_moves_it() -> None:
    table = Table("badugi", stacks=[50, 50, 50], rng=random.Random(2), button=1)
    first = table.new_hand()
    assert first.names[first.button] == "seat2"
    while not first.is_over:
        first.apply(Action.fold() if "fold" in first.legal_actions().kinds else Action.check())
    table.finish(first)
    second = table.new_hand()
    assert second.names[second.button] == "seat3"


def test_legal_presets_at_the_web_table_use_the_engines_pot_size(tmp_path: Path) -> None:
    settings = ServerConfig(db=tmp_path / "web.sqlite3", seed=7, bot_delay=0.0,
                            next_hand_delay=0.0, action_seconds=0.0)  # fmt: skip
    with TestClient(create_app(settings)) as client:
        answer = client.post(
            "/api/tables",
            json={"game": "bodigiha", "player": "Ann", "bots": ["caller"], "seats": 2},
        ).json()
        table = client.app.state.tables.get(answer["table"]["id"])
        with client.websocket_connect(f"/ws/tables/{table.id}?token={answer['token']}") as ws:
            for _ in range(20):
                message = ws.receive_json()
                hand = message.get("hand") if message["type"] == "state" else None
                if hand and hand["legal"] and hand["legal"]["raise"]:
                    legal = table.hand.legal_actions()
                    presets = {p["label"]: p["to"] for p in hand["legal"]["raise"]["presets"]}
                    assert presets["Pot"] == legal.raise_.pot_to == legal.raise_.max_to
                    assert [p["amount"] for p in hand["pots"]] == [
                        p.amount for p in table.hand.pots()
                    ]
                    break
            else:
                raise AssertionError("no decision with a raise came")


# ---------------------------------------------------------------------- the two-way tie option


def test_two_way_tie_option_defaults_to_the_games_rule() -> None:
    assert Options().two_way_tie_keeps is None
    assert Options().to_json()["two_way_tie_keeps"] is None
    assert "doogie_tie_keeps" not in Options().to_json()
    assert GAMES["doogie"].two_way_tie_keeps is True


def test_older_option_name_is_still_read() -> None:
    assert Options.from_json({"doogie_tie_keeps": False}).two_way_tie_keeps is False
    assert Options.from_json({"doogie_tie_keeps": True, "two_way_tie_keeps": True}) == Options(
        two_way_tie_keeps=True
    )
    with pytest.raises(GameSpecError, match="disagree"):
        Options.from_json({"doogie_tie_keeps": True, "two_way_tie_keeps": False})


def _tie_with_the_perfect_doogie(game: Any, options: Options | None = None) -> Hand:
    # Both declare both ways and hold a perfect doogie (A-2-3-4 with the board): they tie
    # with the best possible hand (tests/test_engine_rules.py's case).
    deck = stacked_deck(["3h4s9c9dTcJd", "3s4hQcQdJcTd"], then="Ac 2d Kh Ks", button=0)
    hand = Hand(game, stacks=[100, 100], button=0, deck=deck, options=options)
    while hand.phase != "declare":
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(Action.check() if legal.check else Action.call())
    hand.apply(Action.declare("both"))
    hand.apply(Action.declare("both"))
    hand.apply(Action.check())
    hand.apply(Action.check())
    assert hand.result is not None
    return hand


def test_engine_plays_the_games_two_way_tie_rule_unless_the_table_says_otherwise() -> None:
    doogie = GAMES["doogie"]
    strict = dataclasses.replace(doogie, two_way_tie_keeps=False)
    assert not _tie_with_the_perfect_doogie(doogie).result.pots[0].disqualified
    assert _tie_with_the_perfect_doogie(strict).result.pots[0].disqualified
    keeps = Options(two_way_tie_keeps=True)
    assert not _tie_with_the_perfect_doogie(strict, keeps).result.pots[0].disqualified


def test_a_log_written_with_the_older_option_name_replays() -> None:
    hand = _tie_with_the_perfect_doogie(GAMES["doogie"], Options(two_way_tie_keeps=True))
    lines = [json.dumps(e.to_json()) for e in hand.events]
    start = json.loads(lines[0])
    start["options"]["doogie_tie_keeps"] = start["options"].pop("two_way_tie_keeps")
    lines[0] = json.dumps(start)
    from splitpot.engine import events_from_json

    replayed = Hand.replay(events_from_json(lines))
    assert replayed.stacks == hand.stacks
    assert replayed.options.two_way_tie_keeps is True


def test_web_api_takes_either_name_of_the_option(tmp_path: Path) -> None:
    settings = ServerConfig(db=tmp_path / "web.sqlite3", seed=7, bot_delay=0.0,
                            next_hand_delay=0.0, action_seconds=0.0)  # fmt: skip
    with TestClient(create_app(settings)) as client:
        for key in ("two_way_tie_keeps", "doogie_tie_keeps"):
            answer = client.post("/api/tables", json={"game": "doogie", "options": {key: False}})
            assert answer.status_code == 201, answer.text
            assert answer.json()["table"]["options"]["two_way_tie_keeps"] is False
        bad = client.post(
            "/api/tables", json={"game": "doogie", "options": {"two_way_tie_keeps": 1}}
        )
        assert bad.status_code == 400
        assert bad.json()["error"] == "options: two_way_tie_keeps cannot be 1"


# ---------------------------------------------------------------------- schemas


SEED = {
    "game": "drawmaha",
    "board": "Ac Kh 7c 6d 2h",
    "players": {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"},
    "pot": 120,
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": 7}, '"game" must name a game'),
        ({"players": ["As"]}, '"players" must map each player to their cards'),
        ({"players": {"A": 5}}, "player A's cards must be a string of cards or a list of cards"),
        ({"pot": True}, '"pot" must be a whole number of chips, not True'),
        ({"pot": "120"}, "\"pot\" must be a whole number of chips, not '120'"),
        ({"seats": "A,B"}, '"seats" must be a list of player names'),
        ({"board": 7}, '"board" must be a string or a list of cards'),
        ({"contributions": {"A": "x"}}, '"contributions" must be an object keyed by player'),
        ({"declarations": ["high"]}, '"declarations" must be an object keyed by player'),
        ({"colour": "red"}, "unknown keys ['colour']; known keys: ['board', 'button'"),
    ],
)
def test_batch_input_schema_says_what_is_wrong(change: dict[str, Any], message: str) -> None:
    with pytest.raises(SchemaError) as caught:
        settle_input({**SEED, **change})
    assert str(caught.value).startswith(message)


def test_batch_input_reads_cards_as_text_or_lists_and_echoes_the_id() -> None:
    given = {**SEED, "board": ["Ac", "Kh", "7c", "6d", "2h"], "id": 3}
    assert read_input(given).board == ["Ac", "Kh", "7c", "6d", "2h"]
    reply = settle_input(given)
    assert next(iter(reply)) == "id" and reply["id"] == 3
    assert reply["payouts"] == {"A": 60, "B": 60}
    assert "id" not in settle_line(json.dumps(SEED))


def test_batch_line_that_is_not_json_is_named() -> None:
    with pytest.raises(SchemaError, match=r"^not JSON: Expecting value at column 1$"):
        settle_line("nope")
    with pytest.raises(SchemaError, match="each line must be a JSON object"):
        settle_line("[1]")


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (None, 'act needs an "action" object'),
        ({"kind": "dance"}, "unknown action 'dance': use fold, check, call"),
        ({}, "unknown action None"),
        ({"kind": "raise"}, "raise needs a whole number of chips as amount, not None"),
        ({"kind": "bet", "amount": 2.5}, "bet needs a whole number of chips as amount, not 2.5"),
        ({"kind": "discard", "cards": "Ks"}, "discard needs cards: a list of up to 10 cards"),
        ({"kind": "discard", "cards": ["Ks"] * 11}, "discard needs cards"),
        ({"kind": "declare", "way": "up"}, "declare high, low or both, not 'up'"),
        ({"kind": "declare"}, "declare high, low or both, not None"),
    ],
)
def test_action_schema_says_what_is_wrong(payload: object, message: str) -> None:
    with pytest.raises(SchemaError) as caught:
        parse_action(payload)
    assert str(caught.value).startswith(message)


def test_action_schema_reads_every_kind() -> None:
    assert parse_action({"kind": "raise", "amount": 8}) == Action.raise_to(8)
    assert parse_action({"kind": "call", "amount": "ignored"}) == Action.call()
    assert parse_action({"kind": "declare", "way": "both"}) == Action.declare("both")
    assert parse_action({"kind": "discard"}) == Action.stand_pat()


# ---------------------------------------------------------------------- the error tree


def _drawing() -> dict[str, str | None]:
    """Each class of errors.py's drawing and the parent the drawing gives it, read from the
    columns: a ``+--`` one column right of where a class's name starts hangs under that class
    (the root, alone on its line, has none). A branch that lines up with no class is an error."""
    doc = errors.__doc__ or ""
    parents: dict[str, str | None] = {}
    at_column: dict[int, str] = {}  # the column where each drawn name starts -> the name
    for number, line in enumerate(doc.splitlines(), 1):
        branch = re.search(r"\+-- (\w+)", line)
        if branch:
            column = branch.start()
            parent = at_column.get(column - 1)
            assert parent is not None, (
                f"errors.py drawing, line {number}: {line.strip()!r} hangs under no class "
                f"(its +-- is at column {column})"
            )
            name = branch[1]
            # a name drawn further left closes the deeper branches above it
            at_column = {c: n for c, n in at_column.items() if c < branch.start(1)}
        elif line.strip() == "SplitpotError":
            name, parent = "SplitpotError", None
        else:
            continue
        assert name not in parents, f"{name} is drawn twice"
        parents[name] = parent
        at_column[line.index(name, branch.start(1) if branch else 0)] = name
    return parents


@pytest.mark.parametrize(
    ("drawing", "parents"),
    [
        ("    SplitpotError\n     +-- CardParseError\n          +-- OddChipError\n",
         {"SplitpotError": None, "CardParseError": "SplitpotError",
          "OddChipError": "CardParseError"}),
        ("    SplitpotError\n     +-- ShowdownError\n     |    +-- OddChipError\n"
         "     +-- LogError\n",
         {"SplitpotError": None, "ShowdownError": "SplitpotError",
          "OddChipError": "ShowdownError", "LogError": "SplitpotError"}),
        ("    SplitpotError\n     +-- CardParseError\n +-- GameSpecError\n", None),
        ("    SplitpotError\n     +-- CardParseError\n        +-- OddChipError\n", None),
    ],
    ids=["nested", "back to the root", "misindented left", "misindented right"],
)  # fmt: skip
def test_the_drawing_reader_follows_the_columns(
    drawing: str, parents: dict[str, str | None] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(errors, "__doc__", drawing)
    if parents is None:
        with pytest.raises(AssertionError, match="hangs under no class"):
            _drawing()
    else:
        assert _drawing() == parents


def test_every_class_in_the_error_drawing_exists_and_subclasses_as_drawn() -> None:
    drawing = _drawing()
    assert drawing["SplitpotError"] is None
    for name, parent in drawing.items():
        cls = getattr(errors, name)
        bases = [b.__name__ for b in cls.__bases__ if issubclass(b, errors.SplitpotError)]
        assert bases == ([] if parent is None else [parent]), f"{name}: drawn under {parent}"
    defined = {
        name
        for name, obj in vars(errors).items()
        if isinstance(obj, type) and issubclass(obj, errors.SplitpotError)
    }
    assert defined == set(drawing)  # nothing defined and left out of the drawing


def test_the_drawing_names_the_errors_the_issue_lists() -> None:
    names = set(_drawing())
    for wanted in ("HistoryError", "HandNotFoundError", "MatchError", "InputError",
                   "BadRequest", "UsageError", "SchemaError", "TableError"):  # fmt: skip
        assert wanted in names


def test_errors_raised_elsewhere_are_the_drawn_classes() -> None:
    from splitpot.bots.match import MatchError
    from splitpot.history.store import HandNotFoundError, HistoryError
    from splitpot.play import InputError
    from splitpot.web.util import BadRequest

    assert (MatchError, HistoryError, HandNotFoundError, InputError, BadRequest) == (
        errors.MatchError,
        errors.HistoryError,
        errors.HandNotFoundError,
        errors.InputError,
        errors.BadRequest,
    )
    assert issubclass(errors.HandNotFoundError, KeyError)
    assert errors.BadRequest("x", 409).status == 409
