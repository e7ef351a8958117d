"""The rules pages, the variants table, ``splitpot rules`` and ``splitpot games --table``.

The facts a page states (cards, board, draws, betting, awards, qualifiers, the split, the
timeline) must come from the game's spec: a test changes a spec and sees the page follow. The
expected values are written out from docs/rules.md's games table and the seeds (seeds/000 Bodigiha,
seeds/004 Doogie), never read back from the page builder.
"""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest

import splitpot.learn
from cli_run import cli_captured
from splitpot.cards import parse_cards
from splitpot.evaluate import evaluate_a5, evaluate_high
from splitpot.games import GAMES, find_game
from splitpot.games.lessons import LESSONS, lesson_for
from splitpot.games.registry import BADUGI_AWARD, OMAHA_AWARD, TRIPLE_DRAW_DRAMAHA_STREETS
from splitpot.games.spec import EvalKind
from splitpot.games.streets import Bet, Deal, Draw, Structure
from splitpot.learn import render_rules, render_variants, rules_page, variants_table
from splitpot.learn.rankings import award_ranking

CONTRACT = {"game", "summary", "timeline", "awards", "rankings", "mistakes", "faq"}
BODIGIHA_TIMELINE = [
    ("forced", "Forced bets: blinds"),
    ("deal", "Deal"),
    ("bet", "Preflop betting"),
    ("board", "Flop"),
    ("bet", "Flop betting"),
    ("draw", "The draw"),
    ("board", "Turn"),
    ("bet", "Turn betting"),
    ("board", "River"),
    ("bet", "River betting"),
    ("showdown", "Showdown"),
]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_a_page_with_the_contract_keys(game: str) -> None:
    page = rules_page(GAMES[game])
    assert set(page) >= CONTRACT
    assert page["game"] == game
    assert page["summary"] and page["mistakes"] and page["faq"]
    assert [a["name"] for a in page["awards"]] == list(GAMES[game].award_names)
    assert [r["award"] for r in page["rankings"]] == list(GAMES[game].award_names)
    assert page["timeline"][0]["kind"] == "forced"
    assert page["timeline"][-1]["kind"] == "showdown"
    assert [s["step"] for s in page["timeline"]] == list(range(1, len(page["timeline"]) + 1))


def test_every_registry_game_has_written_lessons() -> None:
    assert set(LESSONS) == set(GAMES)
    for game, lesson in LESSONS.items():
        for award in lesson.also_called:
            assert award in GAMES[game].award_names, (game, award)
        for other, _ in lesson.compare:
            assert other in GAMES, (game, other)


def test_bodigiha_page_states_the_seed_rules() -> None:
    # seeds/000: 5 cards, a board, one draw of 0-2 after flop betting, pot-limit, 2-6 players;
    # half to Badugi from the hole cards, half to Omaha (exactly 2 + 3); "Bodiga Low".
    page = rules_page(find_game("bodigiha"))
    assert [(s["kind"], s["title"]) for s in page["timeline"]] == BODIGIHA_TIMELINE
    draw = next(s for s in page["timeline"] if s["kind"] == "draw")
    assert draw["max_discard"] == 2 and "0 to 2 cards" in draw["text"]
    facts = page["facts"]
    assert facts["hole_cards"] == 5 and facts["board_cards"] == 5
    assert facts["draws"] == [{"max_discard": 2, "sviten": False, "when": "after the flop betting"}]
    assert facts["draws_text"] == "one, 0-2 cards, after the flop betting"
    assert facts["structure"] == "pot-limit"
    assert facts["players"] == {"min": 2, "max": 6}
    assert facts["forced"] == "blinds"
    badugi, omaha = page["awards"]
    assert badugi["also_called"] == ["Bodiga Low"]
    assert badugi["aces"] == "low" and badugi["qualifier"] is None
    assert omaha["cards"] == "exactly two of your cards with exactly three board cards"
    # docs/rules.md: the Omaha half
    assert omaha["odd_chip"] is True and badugi["odd_chip"] is False
    text = " ".join(page["mistakes"])
    for words in ("two at most", "pairs another", "exactly two", "lowest card"):
        assert words in text
    assert any("Bodiga Low" in entry["q"] for entry in page["faq"])


def test_doogie_page_states_qualifiers_and_the_two_way_rule() -> None:
    spec = find_game("doogie")
    page = rules_page(spec)
    kinds = [s["kind"] for s in page["timeline"]]
    assert kinds.count("bet") == 6 and kinds.count("board") == 4 and kinds.count("draw") == 0
    assert kinds.index("declare") == len(kinds) - 3  # declare, the last round, the showdown
    assert [a["qualifier"] for a in page["awards"]] == [
        "full house or better",
        "7-doogie or better",
    ]
    split = " ".join(page["split"])
    assert "declares both ways must win both outright" in split
    assert "a tie with the best possible hand does not cost the pot" in split
    mistakes = " ".join(page["mistakes"])
    assert "full house" in mistakes and "two-way" in mistakes and "tie" in mistakes
    # The tie exception is the spec's: take it away and the page no longer states it.
    strict = rules_page(dataclasses.replace(spec, two_way_tie_keeps=False))
    assert "best possible hand does not cost" not in " ".join(strict["split"])


def test_the_page_follows_a_changed_spec() -> None:
    """Drawmaha made into a fixed-limit triple-draw Badugi/Omaha game: the page follows."""
    spec = dataclasses.replace(
        find_game("drawmaha"),
        streets=TRIPLE_DRAW_DRAMAHA_STREETS,
        structure=Structure.FIXED_LIMIT,
        structures=(Structure.FIXED_LIMIT,),
        awards=(BADUGI_AWARD, OMAHA_AWARD),
        high_award="omaha",
        max_players=4,
    )
    page = rules_page(spec)
    assert [s["kind"] for s in page["timeline"]] == [
        "forced", "deal", "bet", "board", "draw", "bet", "board", "draw", "bet", "board",
        "draw", "bet", "showdown",
    ]  # fmt: skip
    assert [s["title"] for s in page["timeline"] if s["kind"] == "draw"] == [
        "Draw 1",
        "Draw 2",
        "Draw 3",
    ]
    assert [d["when"] for d in page["facts"]["draws"]] == [
        "once the flop is out, before its betting",
        "once the turn is out, before its betting",
        "once the river is out, before its betting",
    ]
    assert page["facts"]["structures"] == ["fixed-limit"]
    assert page["facts"]["betting"] == "fixed-limit"
    assert page["facts"]["players"] == {"min": 2, "max": 4}
    assert [a["name"] for a in page["awards"]] == ["badugi", "omaha"]
    assert [r["award"] for r in page["rankings"]] == ["badugi", "omaha"]
    assert "between Badugi and Omaha high" in page["split"][0]
    bets = [s for s in page["timeline"] if s["kind"] == "bet"]
    assert ["small bet" in b["text"] for b in bets] == [True, True, False, False]

    # A single draw of three, no board: one draw, no board steps.
    tiny = dataclasses.replace(
        find_game("badugi"),
        streets=(Deal(hole=4), Bet(), Draw(max_discard=3), Bet(big=True)),
    )
    page = rules_page(tiny)
    assert [s["kind"] for s in page["timeline"]] == [
        "forced", "deal", "bet", "draw", "bet", "showdown",
    ]  # fmt: skip
    assert page["facts"]["draws_text"] == "one, 0-3 cards, after betting round 1"
    assert page["facts"]["board"] == "none"


def test_rank_examples_are_named_by_the_engine() -> None:
    omaha = award_ranking(OMAHA_AWARD)
    words = {r["name"]: r["description"] for r in omaha["ranks"]}
    assert words["Royal flush"] == "Royal flush"
    assert words["Full house"] == "Jacks full of fours"
    assert words["Two pair"] == "Two pair, queens and fives"
    badugi = {r["name"]: r["description"] for r in award_ranking(BADUGI_AWARD)["ranks"]}
    assert badugi == {
        "Four-card badugi": "8-5-4-2 badugi",
        "Three-card hand": "7-3-A three-card hand",
        "Two-card hand": "Q-3 two-card hand",
        "One-card hand": "K one-card hand",
    }
    doogie = find_game("doogie")
    low = {
        r["name"]: (r["description"], r["qualifies"])
        for r in award_ranking(doogie.awards[1])["ranks"]
    }
    assert low["7 doogie"] == ("7 doogie", True)
    assert low["8 doogie"] == ("8 doogie", False)
    assert low["No doogie"] == ("no hand", False)
    high = {
        r["name"]: (r["description"], r["qualifies"])
        for r in award_ranking(doogie.awards[0])["ranks"]
    }
    assert high["Perfect doogie"] == ("Perfect doogie (A-2-3-4)", True)
    assert high["Full house"][1] is True and high["Flush"][1] is False


@pytest.mark.parametrize("game", list(GAMES))
def test_rank_examples_run_from_best_to_worst(game: str) -> None:
    """Each rank's example beats the next one's (bigger wins), by the award's own evaluator."""
    spec = GAMES[game]
    for award in spec.awards:
        ranking = award_ranking(award)
        values = []
        for rank in ranking["ranks"]:
            hole, board = parse_cards(" ".join(rank["hole"])), parse_cards(" ".join(rank["board"]))
            if award.kind is EvalKind.OMAHA:
                hand = evaluate_high((*hole, *board))
            elif award.kind is EvalKind.OMAHA_LOW:  # the five that play, unqualified ones too
                hand = evaluate_a5((*hole, *board))
            else:
                hand = award.evaluate(hole, board)
            values.append(-1 if hand is None else hand.value)
        assert values == sorted(values, reverse=True), (game, award.name)
        assert len(set(values)) == len(values), (game, award.name)


def test_variants_table_has_every_game() -> None:
    rows = {row["id"]: row for row in variants_table()}
    assert list(rows) == list(GAMES)
    bodigiha = rows["bodigiha"]
    assert (bodigiha["hole_cards"], bodigiha["board_cards"], bodigiha["draws"]) == (5, 5, 1)
    assert bodigiha["draws_short"] == "1 x 0-2"
    assert bodigiha["betting"] == "pot-limit" and bodigiha["players"] == "2-6"
    assert bodigiha["award_names"] == ["badugi", "omaha"]
    assert bodigiha["declare"] is False and bodigiha["qualifiers"] == []
    assert rows["badugi"]["draws_short"] == "3 x 0-4"
    assert rows["badugi"]["betting"] == "fixed-limit"
    doogie = rows["doogie"]
    assert doogie["declare"] is True and doogie["draws"] == 0
    assert doogie["qualifiers"] == ["high: full house or better", "low: 7-doogie or better"]
    assert doogie["players"] == "2-7" and doogie["forced"] == "ante"
    assert rows["holdem"]["reference"] is True


run = cli_captured


def test_cli_rules_prints_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["rules", "bodigiha"], capsys)
    assert code == 0 and not err
    assert out.startswith("Bodigiha\n========\n")
    for line in (
        "  Draws:        one, 0-2 cards, after the flop betting",
        "  Betting:      pot-limit (fixed-limit and no-limit too)",
        "   6. The draw: Each player in turn, the button last, discards 0 to 2 cards and is",
        'Badugi (hole cards, aces low) - also called "Bodiga Low"',
        "Common mistakes",
        "FAQ",
    ):
        assert line in out, line
    assert out == render_rules(find_game("bodigiha"))
    code, symbols, _ = run(["rules", "dramaha", "--symbols"], capsys)
    assert code == 0 and "A♠ K♠ + Q♠ J♠ T♠ = Royal flush" in symbols


def test_cli_rules_json_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "doogie", "--json"], capsys)
    assert code == 0 and set(json.loads(out)) >= CONTRACT
    code, out, err = run(["rules", "nope"], capsys)
    assert code == 1 and not out
    assert err.startswith("splitpot: error: unknown game 'nope'") and err.count("\n") == 1


def test_cli_games_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["games", "--table"], capsys)
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].split() == [
        "game", "hole", "board", "draws", "betting", "players", "awards", "declare",
    ]  # fmt: skip
    by_id = {line.split()[0]: line.split() for line in lines[1 : len(GAMES) + 1]}
    assert list(by_id) == list(GAMES)
    assert by_id["bodigiha"] == ["bodigiha", "5", "5", "1", "x", "0-2", "pot-limit", "2-6",
                                 "badugi", "/", "omaha", "no"]  # fmt: skip
    assert by_id["doogie"] == ["doogie", "6", "4", "none", "fixed-limit", "2-7", "high", "/",
                               "low", "yes"]  # fmt: skip
    assert "qualifiers, doogie: high: full house or better; low: 7-doogie or better" in lines
    assert out == render_variants()


def test_lesson_for_an_unwritten_game_falls_back_to_its_summary() -> None:
    spec = dataclasses.replace(find_game("badugi"), id="badugi-x", summary="a test game")
    assert lesson_for(spec).summary == "a test game"
    assert rules_page(spec)["faq"] == []


def test_learn_imports_only_the_core() -> None:
    """splitpot.learn is part of the core: cards, evaluate, games and engine (and errors)."""
    allowed = ("splitpot.cards", "splitpot.evaluate", "splitpot.games", "splitpot.engine",
               "splitpot.errors", "splitpot.learn")  # fmt: skip
    for path in Path(splitpot.learn.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.startswith("splitpot")
            ):
                assert node.module.startswith(allowed), (path.name, node.module)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("splitpot") or alias.name.startswith(allowed)
