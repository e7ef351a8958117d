"""One test per rule of docs/rules.md that the showdown covers.

Sections "Hand values", "Splitting a pot" and "Doogie" (settlement), and the games table's
cards and awards. Betting and drawing rules are the hand engine's and are tested with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from splitpot.cards import format_cards, parse_cards
from splitpot.engine.showdown import ShowdownResult, settle
from splitpot.errors import OddChipError, ShowdownError
from splitpot.evaluate import (
    evaluate_a5,
    evaluate_badugi,
    evaluate_badugi_aces_high,
    evaluate_deuce_seven,
    evaluate_doogie,
    evaluate_high,
    evaluate_omaha,
)
from splitpot.games import GAMES, find_game
from splitpot.games.spec import EvalKind
from splitpot.games.streets import Bet, Forced, Structure

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def p(text: str):  # type: ignore[no-untyped-def]
    return parse_cards(text)


def award_of(result: ShowdownResult, name: str, pot: int = 0):  # type: ignore[no-untyped-def]
    return next(a for a in result.pots[pot].awards if a.name == name)


# --- Games ---------------------------------------------------------------------------------

GAME_TABLE = {
    # id: (hole, board, awards in order, odd-chip high award)
    "bodigiha": (5, 5, ("badugi", "omaha"), "omaha"),
    "badugi": (4, 0, ("badugi",), "badugi"),
    "drawmaha": (5, 5, ("omaha", "draw"), "draw"),
    "doogie": (6, 4, ("high", "low"), "high"),
    "drawmaha-27": (5, 5, ("omaha", "27"), "omaha"),
    "drawmadugi": (5, 5, ("badugi", "omaha"), "omaha"),
    "triple-draw-dramaha": (5, 5, ("omaha", "draw"), "draw"),
    "sviten-special": (5, 5, ("omaha", "draw"), "draw"),
    "badacey": (5, 0, ("a5", "badugi"), "a5"),
    "badeucy": (5, 0, ("27", "badugi-aces-high"), "27"),
    # "The mixed-game menu"
    "27-triple-draw": (5, 0, ("27",), "27"),
    "a5-triple-draw": (5, 0, ("a5",), "a5"),
    "27-single-draw": (5, 0, ("27",), "27"),
    "omaha-8": (4, 5, ("omaha", "omaha-low"), "omaha"),
    "omaha-8-pl": (4, 5, ("omaha", "omaha-low"), "omaha"),
    "big-o": (5, 5, ("omaha", "omaha-low"), "omaha"),
    "stud": (7, 0, ("stud",), "stud"),
    "razz": (7, 0, ("razz",), "razz"),
    "stud-8": (7, 0, ("stud", "stud-low"), "stud"),
    "razzdugi": (7, 0, ("razz", "badugi"), "razz"),
}


@pytest.mark.parametrize("game_id", sorted(GAME_TABLE))
def test_games_table_cards_and_awards(game_id: str) -> None:
    hole, board, awards, high = GAME_TABLE[game_id]
    spec = GAMES[game_id]
    assert (spec.hole_cards, spec.board_cards, spec.award_names, spec.high_award) == (
        hole,
        board,
        awards,
        high,
    )


def test_games_registry_is_the_rules_games_plus_reference_games() -> None:
    assert {g.id for g in GAMES.values() if not g.reference} == set(GAME_TABLE)
    assert {g.id for g in GAMES.values() if g.reference} == {
        "limit-holdem",
        "holdem",
        "omaha",
        "omaha-5",
        "omaha-6",
    }


def _menu_rows() -> dict[str, dict[str, str]]:
    """docs/rules.md "The mixed-game menu", its table as {game: {column: cell}}."""
    text = RULES.read_text(encoding="utf-8")
    section = text.split("## The mixed-game menu", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    heads = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = dict(zip(heads, cells, strict=True))
    return rows


MENU_DRAW_GAMES = {
    # id: (the menu's name, its award's evaluator family)
    "27-triple-draw": ("2-7 Triple Draw", EvalKind.DEUCE_SEVEN),
    "a5-triple-draw": ("A-5 Triple Draw", EvalKind.A5),
    "27-single-draw": ("2-7 Single Draw", EvalKind.DEUCE_SEVEN),
}
_DRAW_COUNTS = {"one": 1, "three": 3}


@pytest.mark.parametrize("game_id", sorted(MENU_DRAW_GAMES))
def test_mixed_game_menu_name_betting_and_awards(game_id: str) -> None:
    # docs/rules.md "The mixed-game menu": the row of this game, read from the page itself.
    name, kind = MENU_DRAW_GAMES[game_id]
    row = _menu_rows()[name]
    spec = GAMES[game_id]
    assert spec.name == name
    assert row["cards"] == f"{spec.hole_cards} hole" and spec.board_cards == 0
    count, _, span = row["draws / streets"].partition(" ")
    assert len(spec.draws) == _DRAW_COUNTS[count]
    assert span.endswith(f"0-{spec.hole_cards}")
    assert {d.max_discard for d in spec.draws} == {spec.hole_cards}
    default, _, forced = row["betting (default)"].partition(", ")
    assert spec.structure.value == default and spec.forced.value == forced
    (award,) = spec.awards
    assert award.kind is kind and award.qualifier is None
    label = {EvalKind.DEUCE_SEVEN: "2-7 low", EvalKind.A5: "A-5 low"}[kind]
    assert row["awards (split)"] == f"{label} (whole pot)"


MENU_HI_LO_GAMES = {
    # id: (the menu's row, its structures, the first the default)
    "omaha-8": ("Omaha Hi-Lo 8", ("fixed-limit",)),
    "omaha-8-pl": ("Omaha Hi-Lo 8", ("pot-limit",)),
    "big-o": ("Big O", ("pot-limit",)),
}


@pytest.mark.parametrize("game_id", sorted(MENU_HI_LO_GAMES))
def test_mixed_game_menu_omaha_hi_lo_name_betting_and_awards(game_id: str) -> None:
    # docs/rules.md "The mixed-game menu": Omaha Hi-Lo 8 "fixed-limit; pot-limit too" (two
    # games: Omaha Hi-Lo 8 and Pot-limit Omaha Hi-Lo 8), Big O "pot-limit", both with "Omaha
    # high / Omaha A-5 low 8-or-better" on a flop, turn and river.
    name, structures = MENU_HI_LO_GAMES[game_id]
    row = _menu_rows()[name]
    spec = GAMES[game_id]
    assert spec.name.removeprefix("Pot-limit ") == name
    assert row["cards"] == f"{spec.hole_cards} hole, board" and spec.board_cards == 5
    assert row["draws / streets"] == "flop, turn, river" and not spec.draws
    assert tuple(s.value for s in spec.structures) == structures
    assert spec.structure.value == structures[0]
    assert spec.structure.value in row["betting (default)"]
    assert [a.kind for a in spec.awards] == [EvalKind.OMAHA, EvalKind.OMAHA_LOW]
    low = spec.award("omaha-low")
    assert low.qualifier is not None and low.qualifier.name == "8-or-better"
    assert spec.high_award == "omaha"  # "Odd chip: to the high half"


def _section(title: str) -> str:
    text = RULES.read_text(encoding="utf-8")
    return " ".join(text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0].split())


def test_limit_holdem_is_the_fixed_limit_holdem_of_horse_and_the_8_game() -> None:
    # docs/rules.md "The mixed-game menu" names HORSE and the 8-game, whose hold'em is dealt
    # fixed-limit (and the 8-game's no-limit too: two games, as Omaha Hi-Lo 8 is). Its rules are
    # the "Betting" section's: blinds, and "Fixed-limit: small bet on the first two rounds, big
    # bet on the rest"; "High: standard order", the best five of the two hole cards and board.
    assert "(HORSE, the 8-game," in _section("The mixed-game menu")
    betting = _section("Betting")
    assert "Fixed-limit: small bet on the first two rounds, big bet on the rest" in betting
    assert betting.startswith("- Blinds games:")
    limit, no_limit = GAMES["limit-holdem"], GAMES["holdem"]
    assert limit.name == "Limit Hold'em" and no_limit.name == "No-limit Hold'em"
    assert limit.structures == (Structure.FIXED_LIMIT,) and limit.structure is Structure.FIXED_LIMIT
    assert no_limit.structure is Structure.NO_LIMIT
    assert limit.forced is Forced.BLINDS
    assert [s.big for s in limit.streets if isinstance(s, Bet)] == [False, False, True, True]
    assert (limit.hole_cards, limit.board_cards) == (2, 5) and not limit.draws
    assert limit.streets == no_limit.streets and limit.awards == no_limit.awards
    (award,) = limit.awards
    assert award.kind is EvalKind.HIGH and award.qualifier is None
    assert (limit.min_players, limit.max_players) == (2, 9)
    assert find_game("LHE") is find_game("fixed-limit-holdem") is limit


def test_games_dramaha_is_drawmaha() -> None:
    assert find_game("dramaha") is find_game("Drawmaha") is GAMES["drawmaha"]


def test_games_only_doogie_declares() -> None:
    assert [g.id for g in GAMES.values() if g.declare] == ["doogie"]


# --- Hand values ---------------------------------------------------------------------------


def test_high_a2345_is_the_lowest_straight() -> None:
    wheel = evaluate_high(p("As2d3c4h5s"))
    assert wheel.describe() == "Five-high straight"
    assert wheel < evaluate_high(p("2d3c4h5s6s"))
    assert wheel > evaluate_high(p("AsAdAc4h9s"))  # still a straight: above three of a kind


def test_high_no_wrap_around() -> None:
    assert evaluate_high(p("QsKdAc2h3s")).describe() == "A-K-Q-3-2 high"


def test_high_suits_never_break_ties() -> None:
    assert evaluate_high(p("AsKsQsJs9s")) == evaluate_high(p("AhKhQhJh9h"))
    assert evaluate_high(p("AsAdKcQh9s")) == evaluate_high(p("AhAcKdQs9h"))


def test_omaha_exactly_two_hole_and_three_board_never_the_board_alone() -> None:
    board = p("AhKhQhJhTh")
    hand = evaluate_omaha(p("2c2d3s4s6c"), board)
    assert hand.describe() == "Pair of twos"  # never the royal flush on the board
    assert sum(1 for c in hand.cards if c in board) == 3


def test_omaha_one_hole_card_does_not_play() -> None:
    # Holdem would make a flush with one heart; Omaha needs two.
    assert evaluate_omaha(p("Ah2c3d4s"), p("KhQh9h5c7d")).describe() != "Ace-high flush"


def test_draw_high_all_five_private_cards_no_board() -> None:
    result = settle("drawmaha", {"A": "2c3d4h5s7c", "B": "8c9dJhQsKc"}, "AhAdAcAs6d", pot=10)
    assert result.hands["A"]["draw"].describe() == "7-5-4-3-2 high"
    assert award_of(result, "draw").winners == ("B",)


def test_badugi_largest_subset_of_distinct_ranks_and_suits() -> None:
    assert evaluate_badugi(p("2s2h3sKd")).describe() == "K-3-2 three-card hand"


def test_badugi_greedy_shortcut_is_wrong() -> None:
    # docs/rules.md: "2s 2h 3s Kd is a 3-card K-3-2"; a card-greedy search finds only 3-2 or 2-K.
    hand = evaluate_badugi(p("2s2h3sKd"))
    assert hand.value >> 13 == 3
    assert sorted(format_cards(hand.cards).split()) == ["2h", "3s", "Kd"]


def test_badugi_more_cards_beat_fewer() -> None:
    assert evaluate_badugi(p("KsQhJdTc")) > evaluate_badugi(p("As2h3d3s"))
    assert evaluate_badugi(p("KsQhJdJc")) > evaluate_badugi(p("As2s3h3s"))


def test_badugi_equal_counts_compare_highest_card_first_lower_wins() -> None:
    assert evaluate_badugi(p("7s6h5d4c")) > evaluate_badugi(p("8s3h2dAc"))


def test_badugi_aces_low() -> None:
    assert evaluate_badugi(p("As2h3d4c")).describe() == "4-3-2-A badugi"


def test_badugi_aces_high_for_badeucy() -> None:
    assert evaluate_badugi_aces_high(p("As2h3d4c")).describe() == "A-4-3-2 badugi"
    assert evaluate_badugi_aces_high(p("5s2h3d4c")) > evaluate_badugi_aces_high(p("As2h3d4c"))


def test_badugi_cards_outside_the_hand_never_break_a_tie() -> None:
    # BARGE: the seed's "the fourth card is needed to define the winner" is read as a slip.
    result = settle("badugi", {"A": "5s5h4dAc", "B": "5d6d4sAh"}, pot=20)
    assert award_of(result, "badugi").winners == ("A", "B")
    assert result.payouts == {"A": 10, "B": 10}


def test_badugi_suits_never_break_ties() -> None:
    assert evaluate_badugi(p("8s5h4d2c")) == evaluate_badugi(p("8h5s4c2d"))


def test_doogie_four_cards_one_per_suit_from_all_ten() -> None:
    hand = evaluate_doogie(p("Ac2dKcKdQcQd"), p("3h4sJhJs"))
    assert hand is not None
    assert hand.describe() == "4 doogie"
    assert {c.suit for c in hand.cards} == {0, 1, 2, 3}


def test_doogie_compared_as_four_card_badugi_named_by_highest_card() -> None:
    six = evaluate_doogie(p("6c2d3h4sKcKd"), p("QcQdJhJs"))
    seven = evaluate_doogie(p("7c2d3h4sKcKd"), p("QcQdJhJs"))
    assert six is not None and seven is not None
    assert six > seven
    assert (six.describe(), seven.describe()) == ("6 doogie", "7 doogie")


def test_doogie_no_doogie_cannot_win_low() -> None:
    board = "KhKs2c9d"
    players = {"A": "3c4c5c6c7c8c", "B": "Qh Qs Qd 9s 9h Jd"}
    result = settle("doogie", players, board, pot=10, declarations={"A": "low", "B": "high"})
    assert result.hands["A"]["low"] is None
    assert award_of(result, "low").winners == ()
    assert result.payouts == {"A": 0, "B": 10}


def test_deuce_seven_aces_high_a2345_is_ace_high() -> None:
    wheel = evaluate_deuce_seven(p("As2d3c4h5s"))
    assert wheel.describe() == "A-5-4-3-2 low"
    assert wheel < evaluate_deuce_seven(p("Kd2d3c4h5s"))


def test_deuce_seven_straights_and_flushes_count_against_you() -> None:
    best = evaluate_deuce_seven(p("7c5d4h3s2c"))
    assert best.describe() == "7-5-4-3-2 low"
    assert evaluate_deuce_seven(p("2c3d4h5s6c")) < evaluate_deuce_seven(p("KcQdJhTs8c"))
    assert evaluate_deuce_seven(p("7c5c4c3c2c")) < evaluate_deuce_seven(p("2c2d3h4s5c"))


def test_a5_aces_low_straights_and_flushes_ignored() -> None:
    wheel = evaluate_a5(p("As2s3s4s5s"))
    assert wheel.describe() == "5-4-3-2-A low"
    assert wheel == evaluate_a5(p("Ah2s3d4c5s"))
    assert wheel > evaluate_a5(p("As2d3c4h6s"))
    assert evaluate_a5(p("Kc Qd Jh Ts 8c")) > evaluate_a5(p("AcAd2h3s4c"))


def test_every_evaluator_names_the_hand_and_its_cards() -> None:
    full = evaluate_high(p("AsAhAdQcQs"))
    assert full.describe() == "Aces full of queens"
    assert len(full.cards) == 5
    assert evaluate_high(p("KsQsJsTs9s")).describe() == "King-high straight flush"
    assert evaluate_badugi(p("8c5d4h2s")).describe() == "8-5-4-2 badugi"
    doogie = evaluate_doogie(p("7c2d4hAsKcKd"), p("QcJd9h9s"))
    assert doogie is not None and doogie.describe() == "7 doogie"


# --- Splitting a pot -----------------------------------------------------------------------


def test_each_pot_split_on_its_own() -> None:
    # A is all-in short and scoops the main pot; the side pot is settled between B and C alone.
    result = settle(
        "drawmaha",
        {"A": "AsAhAdKsKd", "B": "QsQhJdTc8d", "C": "2c3c4h9h6d"},
        "AcKh7s4c2h",
        contributions={"A": 50, "B": 100, "C": 100},
    )
    main, side = result.pots
    assert (main.amount, main.eligible) == (150, ("A", "B", "C"))
    assert (side.amount, side.eligible) == (100, ("B", "C"))
    assert main.shares == {"A": 150}
    assert result.payouts == {"A": 150, "B": 50, "C": 50}  # B's queens, C's two pair 4s 2s


def test_tie_divides_only_the_tied_award() -> None:
    result = settle("drawmaha", {"A": "AsKhQcJd9s", "B": "AhKdQhJs8c"}, "AcKsQd7h2c", pot=120)
    assert award_of(result, "omaha").shares == {"A": 30, "B": 30}
    assert award_of(result, "draw").shares == {"A": 60}


def test_same_private_card_may_serve_both_awards() -> None:
    result = settle("drawmaha", {"A": "AsAhAdKsKd", "B": "QsQhJdTc8d"}, "AcKh7s4c2h", pot=120)
    omaha, draw = result.hands["A"]["omaha"], result.hands["A"]["draw"]
    assert set(omaha.cards) & set(draw.cards) >= set(p("AsAh"))
    assert result.payouts == {"A": 120, "B": 0}


SAMPLE_DEALS = {
    "bodigiha": ({"A": "As2h3d4cKc", "B": "9s9hQdQc7s"}, "9d5hQsJc2s"),
    "drawmaha": ({"A": "AsAhKdQc8s", "B": "9s9h9d4s3d"}, "AcKh7c6d2h"),
    "drawmaha-27": ({"A": "7c5d4h3s2c", "B": "AsAhAdKsKd"}, "AcKh7s4c2h"),
    "drawmadugi": ({"A": "As2h3d4cKc", "B": "9s9hQdQc7s"}, "9d5hQsJc2s"),
    "triple-draw-dramaha": ({"A": "AsAhKdQc8s", "B": "9s9h9d4s3d"}, "AcKh7c6d2h"),
    "sviten-special": ({"A": "AsAhKdQc8s", "B": "9s9h9d4s3d"}, "AcKh7c6d2h"),
    "badacey": ({"A": "As2h3d4c5c", "B": "Ks Qh Jd 8c 7c"}, ""),
    "badeucy": ({"A": "7c5d4h3s2c", "B": "Ks Qh Jd 8c 2s"}, ""),
}


@pytest.mark.parametrize("game_id", sorted(SAMPLE_DEALS))
def test_odd_chip_between_awards_goes_to_the_high_award(game_id: str) -> None:
    players, board = SAMPLE_DEALS[game_id]
    result = settle(game_id, players, board, pot=121)
    high = GAMES[game_id].high_award
    (chip,) = result.pots[0].odd_chips[:1]
    assert chip.to == high and chip.chips == 1
    amounts = {a.name: a.amount for a in result.pots[0].awards}
    assert amounts[high] == 61
    assert sum(amounts.values()) == 121


def test_odd_chip_doogie_goes_to_high_half() -> None:
    players = {"A": "KcKd9s8h5d6d", "B": "Ac3d5h7sTcJd"}
    result = settle("doogie", players, "KhKs2c9d", pot=101, declarations={"A": "high", "B": "low"})
    assert result.payouts == {"A": 51, "B": 50}
    assert result.pots[0].odd_chips[0].to == "high"


@pytest.mark.parametrize(("button", "gets_extra"), [(None, "A"), ("A", "B"), ("B", "C")])
def test_odd_chip_within_tied_award_from_first_seat_left_of_button(
    button: str | None, gets_extra: str
) -> None:
    players = {"A": "As2h3d4c", "B": "Ah2d3c4s", "C": "Ad2c3s4h"}
    result = settle("badugi", players, pot=100, button=button)
    assert sorted(result.payouts.values()) == [33, 33, 34]
    assert result.payouts[gets_extra] == 34
    assert result.pots[0].odd_chips[0].to == gets_extra


def test_odd_chip_option_refuse() -> None:
    players = {"A": "As2h3d4c", "B": "Ah2d3c4s", "C": "Ad2c3s4h"}
    with pytest.raises(OddChipError, match="does not divide"):
        settle("badugi", players, pot=100, odd_chip="refuse")
    assert settle("badugi", players, pot=99, odd_chip="refuse").payouts == dict(A=33, B=33, C=33)


def test_chips_are_integers_everywhere() -> None:
    result = settle("drawmaha", {"A": "AsKhQcJd9s", "B": "AhKdQhJs8c"}, "AcKsQd7h2c", pot=121)
    assert all(type(v) is int for v in result.payouts.values())
    with pytest.raises(ShowdownError, match="whole number"):
        settle("drawmaha", {"A": "AsKhQcJd9s", "B": "AhKdQhJs8c"}, "AcKsQd7h2c", pot=120.5)  # type: ignore[arg-type]


def test_uncalled_bets_are_returned_before_any_pot_is_built() -> None:
    result = settle("badugi", {"A": "As2h3d4c", "B": "KsQhJdTc"}, contributions={"A": 100, "B": 60})
    assert result.returned == {"A": 40}
    assert [pot.amount for pot in result.pots] == [120]
    assert result.payouts == {"A": 160, "B": 0}


def test_folded_players_contribute_but_cannot_win() -> None:
    result = settle(
        "badugi",
        {"A": "KsQhJdTc", "B": "Ks2h3d4c".replace("Ks", "8s")},
        contributions={"A": 40, "B": 40, "C": 40},
    )
    assert result.pots[0].eligible == ("A", "B")
    assert result.payouts["C"] == 0
    assert sum(result.payouts.values()) == 120


# --- Doogie --------------------------------------------------------------------------------

DOOGIE_BOARD = "KhKs2c9d"
DOOGIE_PLAYERS = {
    "A": "KcKd3h4s6dQc",  # four kings; 6 doogie (2c 3h 4s 6d)
    "B": "Ad3s5hJcTsTh",  # 5 doogie (Ad 2c 3s 5h); pair of tens
    "C": "QhQsQd9s9hJd",  # queens full of kings
}


def test_doogie_half_goes_to_best_qualifying_hand_among_its_declarers() -> None:
    result = settle(
        "doogie",
        DOOGIE_PLAYERS,
        DOOGIE_BOARD,
        pot=100,
        declarations={"A": "low", "B": "low", "C": "high"},
    )
    # A's four kings do not count for high: A declared low (and lost it to B's 5 doogie).
    assert award_of(result, "high").winners == ("C",)
    assert award_of(result, "low").winners == ("B",)
    assert result.payouts == {"A": 0, "B": 50, "C": 50}


def test_doogie_two_way_declarer_who_wins_both_scoops() -> None:
    players = {**DOOGIE_PLAYERS, "B": "Jc Ts Th 8s 8h 7c"}  # B has no qualifying low now
    result = settle(
        "doogie",
        players,
        DOOGIE_BOARD,
        pot=100,
        declarations={"A": "both", "B": "low", "C": "high"},
    )
    assert result.payouts == {"A": 100, "B": 0, "C": 0}


def test_doogie_two_way_declarer_who_loses_one_half_loses_both() -> None:
    result = settle(
        "doogie",
        DOOGIE_PLAYERS,
        DOOGIE_BOARD,
        pot=100,
        declarations={"A": "both", "B": "low", "C": "high"},
    )
    assert "A" in result.pots[0].disqualified
    assert award_of(result, "high").winners == ("C",)  # not A's four kings
    assert result.payouts == {"A": 0, "B": 50, "C": 50}


def test_doogie_two_way_declarer_who_ties_high_loses_both() -> None:
    board = "KhKsKcKd"
    players = {"A": "As2d3h7c9d9h", "B": "AhQsQdJsJdTs"}  # both: four kings, ace kicker
    result = settle("doogie", players, board, pot=100, declarations={"A": "both", "B": "high"})
    assert result.hands["A"]["low"].describe() == "7 doogie"
    assert "tied" in result.pots[0].disqualified["A"]
    # High goes to B; nobody else declared low, so the low half goes to the high winner too.
    assert result.payouts == {"A": 0, "B": 100}


def test_doogie_two_way_tie_with_best_possible_hand_keeps_the_pot() -> None:
    # Both hold A-2-3-4 in four suits (the board gives Ac 2d): the tie is with the best hand.
    board = "Ac2dKhKs"
    players = {"A": "3h4s9c9dTcJd", "B": "3s4hQcQdJcTd"}
    result = settle("doogie", players, board, pot=100, declarations={"A": "both", "B": "low"})
    assert not result.pots[0].disqualified
    assert award_of(result, "high").winners == ("A",)
    assert award_of(result, "low").winners == ("A", "B")
    assert result.payouts == {"A": 75, "B": 25}
    both = settle("doogie", players, board, pot=100, declarations={"A": "both", "B": "both"})
    assert both.payouts == {"A": 50, "B": 50}


def test_doogie_perfect_doogie_scoops_declaring_both_ways() -> None:
    board = "KhKsKcKd"
    players = {"A": "Ac2d3h4s9c9d", "B": "AhQsQdJsJdTs"}  # B: four kings, ace kicker
    result = settle("doogie", players, board, pot=100, declarations={"A": "both", "B": "high"})
    assert result.hands["A"]["high"].describe() == "Perfect doogie (A-2-3-4)"
    assert result.payouts == {"A": 100, "B": 0}


def test_doogie_unclaimed_half_goes_to_the_other_halfs_winner() -> None:
    everyone_high = {"A": "high", "B": "high", "C": "high"}
    result = settle("doogie", DOOGIE_PLAYERS, DOOGIE_BOARD, pot=100, declarations=everyone_high)
    assert award_of(result, "high").winners == ("A",)
    assert award_of(result, "low").winners == ()
    assert result.payouts == {"A": 100, "B": 0, "C": 0}


def test_doogie_unqualified_half_goes_to_the_other_halfs_winner() -> None:
    # B declares low with a 9 doogie only: no qualifying low, so C's high takes everything.
    players = {"B": "Ac8s5hJcTsTh", "C": "QhQsQd9s9hJd"}
    result = settle("doogie", players, "KhKs2c9d", pot=100, declarations={"B": "low", "C": "high"})
    assert result.hands["B"]["low"].describe() == "9 doogie"
    assert result.payouts == {"B": 0, "C": 100}


def test_doogie_neither_half_split_evenly_among_players_in_the_hand() -> None:
    players = {"A": "3h4s6dQcJhTs", "B": "Ad3s5hJcTh8s"}  # no full house; lows not declared
    result = settle(
        "doogie", players, DOOGIE_BOARD, pot=101, declarations={"A": "high", "B": "high"}
    )
    assert result.pots[0].note.startswith("no award")
    assert result.payouts == {"A": 51, "B": 50}  # odd chip: first seat left of the button


def test_doogie_neither_half_split_among_players_who_did_not_forfeit() -> None:
    # docs/rules.md "Doogie": A declared both ways without a full house and forfeits the pot; B and
    # C declared high with no full house either, so no half can be given: B and C share it.
    players = {"A": "3h4s6dQcJhTs", "B": "Ad3s5hJcTh8s", "C": "7h8d5c6sJdTc"}
    declarations = {"A": "both", "B": "high", "C": "high"}
    result = settle("doogie", players, DOOGIE_BOARD, pot=100, declarations=declarations)
    assert "A" in result.pots[0].disqualified
    assert result.payouts == {"A": 0, "B": 50, "C": 50}
    assert "did not forfeit" in result.pots[0].note
    # A may have qualified for high: the reason says the others did not.
    assert award_of(result, "high").note.endswith("among the players who did not forfeit")
    assert award_of(result, "low").note == "every contender for low is out of the pot"


def test_doogie_neither_half_every_player_forfeited_split_among_all() -> None:
    players = {"A": "3h4s6dQcJhTs", "B": "Ad3s5hJcTh8s"}
    declarations = {"A": "both", "B": "both"}
    result = settle("doogie", players, DOOGIE_BOARD, pot=100, declarations=declarations)
    assert set(result.pots[0].disqualified) == {"A", "B"}
    assert result.payouts == {"A": 50, "B": 50}


def test_doogie_without_declarations_is_cards_speak() -> None:
    result = settle("doogie", DOOGIE_PLAYERS, DOOGIE_BOARD, pot=100)
    assert award_of(result, "high").winners == ("A",)
    assert award_of(result, "low").winners == ("B",)


def test_doogie_declarations_must_cover_every_player() -> None:
    with pytest.raises(ShowdownError, match="missing for B, C"):
        settle("doogie", DOOGIE_PLAYERS, DOOGIE_BOARD, pot=100, declarations={"A": "high"})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_games_raw_award_values_equal_the_hand_values(game_id: str) -> None:
    import random

    from splitpot.cards import full_deck

    game = GAMES[game_id]
    rng = random.Random(game_id)
    for _ in range(300):
        deck = full_deck()
        rng.shuffle(deck)
        hole, board = (
            deck[: game.hole_cards],
            deck[game.hole_cards : game.hole_cards + game.board_cards],
        )
        for award in game.awards:
            hand = award.hand(hole, board)
            assert award.raw(hole, board) == (None if hand is None else hand.value)
