"""Hands as real tables deal them, through PHH: forced bets as data, unknown cards, mucks,
a .phhs with bad hands among good ones, and real hands transcribed from public reports
(tests/fixtures/real_hands.phhs)."""

from __future__ import annotations

import json
import random
import re
import tomllib
import warnings
from pathlib import Path

import pokerkit
import pytest

from cli_run import cli_captured
from splitpot.bots import random_policy
from splitpot.engine.hand import Hand
from splitpot.engine.table import Table
from splitpot.history import PhhHand, export_phh, export_phhs, export_text, import_phh, read_phh
from splitpot.history.phh_export import _dump
from splitpot.history.store import HistoryError


def bare(text: str) -> str:
    """The PHH without splitpot's ``_`` fields, as another tool would write it."""
    return _dump([(k, v) for k, v in tomllib.loads(text).items() if not k.startswith("_")])


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(list(pokerkit.HandHistory.loads(text))[-1].stacks)


@pytest.mark.parametrize(
    "stakes", ["1/2 bb-ante 2", "1/2 straddle", "1/2 button-ante 1", "2/4 bb-ante 4 straddle"]
)
def test_forced_bets_as_phh_round_trip_and_replay_in_pokerkit(stakes: str) -> None:
    rng = random.Random(stakes)
    for number in range(25):
        count = rng.randint(2, 6)
        table = Table("holdem", stacks=[rng.randint(40, 300) for _ in range(count)],
                      rng=random.Random(number), stakes=stakes)  # fmt: skip
        hand = table.play_hand(random_policy(random.Random(number)))
        text = export_phh(hand.events)
        assert export_phh(import_phh(text)) == text
        assert pokerkit_stacks(text) == tomllib.loads(text)["finishing_stacks"]
        plain = import_phh(bare(text))  # no _stakes: read from antes and blinds_or_straddles
        if count > 2:
            assert plain[0].data["stakes"] == hand.events[0].data["stakes"]
        assert Hand.replay(plain).stacks == hand.stacks


def _with_unknown_hole(hand: Hand, seat: int) -> tuple[str, str]:
    """The hand's PHH without _deck and with ``seat``'s hole cards unknown (``????``)."""
    count = len(hand.names)
    label = {s: f"p{i + 1}" for i, s in enumerate((hand.button + 1 + i) % count
                                                  for i in range(count))}  # fmt: skip
    who = label[seat]
    doc = tomllib.loads(export_phh(hand.events))
    doc["actions"] = [
        f"d dh {who} " + "?" * len(a.split()[3]) if a.startswith(f"d dh {who} ") else a
        for a in doc["actions"]
    ]
    return _dump([(k, v) for k, v in doc.items() if k != "_deck"]), who


def _folded_hands(count: int) -> list[tuple[Hand, int]]:
    out = []
    for number in range(60):
        table = Table("holdem", stacks=[100] * 4, rng=random.Random(number))
        hand = table.play_hand(random_policy(random.Random(number)))
        folded = [e.seat for e in hand.events if e.kind == "fold"]
        if folded and hand.result is not None:
            out.append((hand, folded[0]))
    return out[:count]


def test_unknown_cards_a_folded_players_hole_cards_replay_show_and_export_as_unknown() -> None:
    hands = _folded_hands(20)
    assert len(hands) == 20
    for hand, seat in hands:
        text, who = _with_unknown_hole(hand, seat)
        events = import_phh(text)
        assert Hand.replay(events).stacks == hand.stacks
        again = export_phh(events)
        assert f"d dh {who} ????" in again and "??" in tomllib.loads(again)["_deck"]
        assert export_phh(import_phh(again)) == again
        name = hand.names[seat]
        assert f"Dealt to {name}: ?? ??" in export_text(events)
        # What a seat may see is unchanged: another seat's view never had those cards.
        assert all("??" not in str(e.to_json()) for e in events[1:])


def test_unknown_cards_a_shown_hand_needs_its_cards() -> None:
    hand = next(h for h, _ in _folded_hands(20))
    shown = next(e.seat for e in hand.events if e.kind == "show")
    text, who = _with_unknown_hole(hand, shown)
    text = re.sub(rf"'{who} sm \S+'", f"'{who} sm ????'", text)
    with pytest.raises(HistoryError, match=r"cards are unknown \(\?\?\): a shown hand needs"):
        import_phh(text)


def _ten_hands_two_bad() -> str:
    hands = [
        PhhHand(Table("holdem", stacks=[100] * 3, rng=random.Random(n))
                .play_hand(random_policy(random.Random(n))).events, n + 1)
        for n in range(10)
    ]  # fmt: skip
    text = export_phhs(hands)
    sections = text.split("\n[")
    # Hand 3 says other finishing stacks; hand 7 names a variant nobody plays.
    sections[2] = re.sub(r"finishing_stacks = \[\d+", "finishing_stacks = [7", sections[2])
    sections[6] = sections[6].replace("variant = 'NT'", "variant = 'XYZ'")
    return "\n[".join(sections)


def test_phhs_of_ten_hands_with_two_bad_stores_eight_and_names_the_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ten.phhs"
    path.write_text(_ten_hands_two_bad())
    db = str(tmp_path / "h.sqlite3")
    code, out, err = cli_captured(["history", "import", str(path), "--db", db], capsys)
    assert code == 1 and "imported 8 hands" in out
    refused = err.strip().splitlines()
    assert len(refused) == 2
    assert refused[0].startswith("refused hand [3] (the 3rd in the file): finishing_stacks")
    assert refused[1].startswith("refused hand [7] (the 7th in the file): variant does not")
    code, out, _ = cli_captured(["history", "list", "--db", db, "--json"], capsys)
    assert len(json.loads(out)) == 8


def test_phhs_strict_refuses_the_whole_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ten.phhs"
    path.write_text(_ten_hands_two_bad())
    db = tmp_path / "h.sqlite3"
    code, _, err = cli_captured(["history", "import", str(path), "--db", str(db), "--strict"],
                                capsys)  # fmt: skip
    assert code != 0 and "hand [3]" in err and not db.exists()


def test_history_import_and_export_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ten.phhs"
    path.write_text(_ten_hands_two_bad())
    db = str(tmp_path / "h.sqlite3")
    code, out, _ = cli_captured(["history", "import", str(path), "--db", db, "--json"], capsys)
    report = json.loads(out)
    assert code == 1 and len(report["stored"]) == 8 and report["skipped"] == 0
    assert [r["hand"] for r in report["refused"]] == ["3", "7"]
    assert report["stored"][0] == {"id": 1, "hand": 1, "game": "holdem"}
    code, out, _ = cli_captured(["history", "export", "1", "2", "--db", db, "--json"], capsys)
    written = json.loads(out)
    assert code == 0 and [h["id"] for h in written["hands"]] == [1, 2]
    assert written["format"] == "phh" and written["text"].startswith("[1]\n")
    target = tmp_path / "out.phhs"
    code, out, _ = cli_captured(["history", "export", "--db", db, "--json", "--out", str(target)],
                                capsys)  # fmt: skip
    assert json.loads(out)["out"] == str(target) and len(read_phh(target.read_text())) == 8
