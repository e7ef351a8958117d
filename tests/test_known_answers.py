"""Every worked example in the four seed documents, as a known-answer test.

Sources: seeds/002 (Drawmaha lesson: answer key, self-check, discard table, split table),
seeds/000 (Bodigiha), seeds/001 (Badugi), seeds/004 (Doogie, pagat.com).
"""

from __future__ import annotations

from typing import Any

import pytest

from splitpot.cards import format_cards, parse_cards
from splitpot.engine.showdown import settle
from splitpot.errors import OddChipError, SplitpotError
from splitpot.evaluate import (
    evaluate_badugi,
    evaluate_doogie,
    evaluate_doogie_high,
    evaluate_draw_high,
    evaluate_omaha,
)
from splitpot.games.cases import CASES, WorkedCase, find_case


def cards(text: str) -> str:
    return format_cards(parse_cards(text))


def award(result, name):  # type: ignore[no-untyped-def]
    (pot,) = result.pots
    return next(a for a in pot.awards if a.name == name)


# --- the worked showdowns (games/cases.py, also the lab's presets) --------------------------


def case_kwargs(case: WorkedCase) -> dict[str, Any]:
    return {
        "pot": case.pot,
        "contributions": case.contributions,
        "declarations": case.declarations,
        "odd_chip": case.odd_chip or "high-award",
    }


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_worked_case_settles_to_the_seed_answer(case: WorkedCase) -> None:
    expected = case.expected
    if expected.error is not None:
        with pytest.raises(SplitpotError, match=expected.error):
            settle(case.game, case.players, case.board, **case_kwargs(case))
        return
    result = settle(case.game, case.players, case.board, **case_kwargs(case))
    assert result.payouts == expected.payouts
    for name, winners in expected.winners.items():
        assert award(result, name).winners == winners
    for player, words in expected.hands.items():
        for name, text in words.items():
            assert result.hands[player][name].describe() == text
    for player, used in expected.cards.items():
        for name, text in used.items():
            assert sorted(result.hands[player][name].cards) == sorted(parse_cards(text))


def test_worked_cases_hold_the_whole_drawmaha_answer_key() -> None:
    keyed = [c for c in CASES if c.answer_key]
    assert [c.id for c in keyed] == [
        "drawmaha-different-winners", "drawmaha-scoop", "drawmaha-three-quarters",
        "drawmaha-royal-board",
    ]  # fmt: skip
    assert all(c.pot == 120 and c.game == "drawmaha" for c in keyed)
    assert {c.game for c in CASES} >= {"drawmaha", "bodigiha", "badugi", "doogie"}


def test_drawmaha_answer_key_b_cannot_use_three_private_nines() -> None:
    # "B cannot bring all three private nines into the board hand"
    case = find_case("drawmaha-different-winners")
    result = settle(case.game, case.players, case.board, pot=120)
    assert format_cards(result.hands["B"]["omaha"].cards[:2]) == "9s 9h"


def test_drawmaha_self_check_shares() -> None:
    # "take the three-quarter preset and change the pot to 200 ... A 150 and B 50"
    case = find_case("drawmaha-self-check-200")
    result = settle(case.game, case.players, case.board, pot=200)
    assert award(result, "omaha").shares == {"A": 50, "B": 50}
    assert award(result, "draw").shares == {"A": 100}


def test_drawmaha_calculator_refuses_121_as_an_odd_chip_error() -> None:
    # "The calculator deliberately refuses 121 chips": our `refuse` odd-chip option.
    case = find_case("drawmaha-refuse-121")
    with pytest.raises(OddChipError, match="121"):
        settle(case.game, case.players, case.board, **case_kwargs(case))


@pytest.mark.parametrize(
    ("a", "b", "board", "a_total", "b_total"),
    [
        # A wins Omaha, B wins draw: 60 / 60
        ("A♠A♥K♦Q♣8♠", "9♠9♥9♦4♠3♦", "A♣K♥7♣6♦2♥", 60, 60),
        # A wins both: 120 / 0
        ("A♠A♥A♦K♠K♦", "Q♠Q♥J♦10♣8♦", "A♣K♥7♠4♣2♥", 120, 0),
        # Omaha tie, A wins draw: 30 + 60 = 90 / 30
        ("A♠K♥Q♣J♦9♠", "A♥K♦Q♥J♠8♣", "A♣K♠Q♦7♥2♣", 90, 30),
        # A wins Omaha, draw tie: 60 + 30 = 90 / 30 (A's 5s4s + board flush; same private ranks)
        ("A♠K♠Q♣J♦5♠", "A♥K♦Q♥J♣5♦", "9♠8♠2♠7♦3♣", 90, 30),
        # Tie, tie: 60 / 60
        ("A♠K♥Q♣J♦9♠", "A♥K♦Q♥J♠9♣", "A♣K♠Q♦7♥2♣", 60, 60),
    ],
)
def test_drawmaha_split_table(a: str, b: str, board: str, a_total: int, b_total: int) -> None:
    # "Split the pot before splitting a tied half": the seed's five-row table.
    result = settle("drawmaha", {"A": a, "B": b}, board, pot=120)
    assert result.payouts == {"A": a_total, "B": b_total}


@pytest.mark.parametrize(
    ("final", "draw_words", "omaha_words", "omaha_cards"),
    [
        ("A♠A♥A♦Q♠Q♦", "Aces full of queens", "Ace-high flush", "As Qs Js Ts 9s"),
        ("A♠A♥A♦K♠Q♠", "Three aces", "King-high straight flush", "Ks Qs Js Ts 9s"),
    ],
    ids=["discard-K-spades", "discard-Q-diamonds"],
)
def test_drawmaha_discard_table(
    final: str, draw_words: str, omaha_words: str, omaha_cards: str
) -> None:
    board = parse_cards("J♠10♠7♣9♠3♥")
    hole = parse_cards(final)
    assert evaluate_draw_high(hole).describe() == draw_words
    omaha = evaluate_omaha(hole, board)
    assert omaha.describe() == omaha_words
    assert sorted(format_cards(omaha.cards).split()) == sorted(omaha_cards.split())


def test_drawmaha_discard_branches_pull_halves_apart() -> None:
    board = parse_cards("J♠10♠7♣9♠3♥")
    keep_pairs = parse_cards("A♠A♥A♦Q♠Q♦")
    keep_spades = parse_cards("A♠A♥A♦K♠Q♠")
    assert evaluate_draw_high(keep_pairs) > evaluate_draw_high(keep_spades)
    assert evaluate_omaha(keep_spades, board) > evaluate_omaha(keep_pairs, board)


def test_drawmaha_net_is_award_minus_contribution() -> None:
    # "If A put in 50, the net is 40. If A put in 100, the same 90-chip award is a net loss of 10."
    hands = {"A": "A♠K♥Q♣J♦9♠", "B": "A♥K♦Q♥J♠8♣"}
    board = "A♣K♠Q♦7♥2♣"
    result = settle("drawmaha", hands, board, contributions={"A": 60, "B": 60})
    assert result.payouts == {"A": 90, "B": 30}
    assert result.to_json()["net"] == {"A": 30, "B": -30}


# --- Bodigiha (seeds/000) ------------------------------------------------------------------


def test_bodigiha_four_card_badugi_beats_any_three_card() -> None:
    assert evaluate_badugi(parse_cards("K♠Q♥J♦10♣")) > evaluate_badugi(parse_cards("A♠2♥3♦3♣"))


def test_bodigiha_best_badugi_is_a234_four_suits() -> None:
    best = evaluate_badugi(parse_cards("A♠2♥3♦4♣"))
    assert best.describe() == "4-3-2-A badugi"
    for other in ("A♠2♥3♦5♣", "A♠2♥4♦5♣", "2♠3♥4♦5♣"):
        assert best > evaluate_badugi(parse_cards(other))


def test_bodigiha_counts_then_highest_card_first() -> None:
    # 3 cards beat 2, 2 beat 1; equal counts: lower wins comparing highest cards first.
    three = evaluate_badugi(parse_cards("K♠Q♥J♦J♣"))
    two = evaluate_badugi(parse_cards("A♠2♠3♥3♠"))
    one = evaluate_badugi(parse_cards("A♠2♠3♠4♠"))
    assert three > two > one
    assert evaluate_badugi(parse_cards("8♠5♥4♦2♣")) > evaluate_badugi(parse_cards("8♠6♥3♦2♣"))


def test_bodigiha_suits_never_break_ties() -> None:
    a = evaluate_badugi(parse_cards("8♠5♥4♦2♣"))
    b = evaluate_badugi(parse_cards("8♣5♦4♥2♠"))
    assert a == b


def test_bodigiha_omaha_exactly_two_plus_three() -> None:
    # Four hearts in hand and one on the board make no flush: two hole cards plus three board
    # cards only, so the best hand is two hole cards with the board's three nines.
    hole = parse_cards("A♥K♥Q♥J♥2♣")
    board = parse_cards("3♥9♣9♦9♠8♣")
    hand = evaluate_omaha(hole, board)
    assert hand.describe() == "Three nines"
    assert len(hand.cards) == 5
    assert sum(1 for c in hand.cards if c in hole) == 2


def test_badugi_seed_best_hand_4_3_2_a() -> None:
    assert evaluate_badugi(parse_cards("4♠3♥2♦A♣")).describe() == "4-3-2-A badugi"


def test_badugi_seed_three_card_example_5_5_4_a() -> None:
    # "5-5-4-A – the playing hand is 5-4-A"
    hand = evaluate_badugi(parse_cards("5♠5♥4♦A♣"))
    assert hand.describe() == "5-4-A three-card hand"


def test_badugi_seed_two_card_example() -> None:
    # "5d-4d-2d-As – the playing hand is 2d-As"
    hand = evaluate_badugi(parse_cards("5♦4♦2♦A♠"))
    assert hand.describe() == "2-A two-card hand"
    assert sorted(format_cards(hand.cards).split()) == ["2d", "As"]


def test_badugi_seed_one_card_hands_low_card_wins() -> None:
    # "5-5-5-5 or 2s-4s-7s-Ts ... The low card wins the pot. The worst hand is K-K-K-K."
    fives = evaluate_badugi(parse_cards("5♠5♥5♦5♣"))
    spades = evaluate_badugi(parse_cards("2♠4♠7♠T♠"))
    kings = evaluate_badugi(parse_cards("K♠K♥K♦K♣"))
    assert fives.value >> 13 == spades.value >> 13 == 1
    assert spades > fives > kings


def test_badugi_seed_ties_compare_downwards() -> None:
    # Equal highest cards: the next card decides, then the next.
    assert evaluate_badugi(parse_cards("8♠5♥3♦2♣")) > evaluate_badugi(parse_cards("8♠5♥4♦2♣"))
    assert evaluate_badugi(parse_cards("8♠5♥4♦A♣")) > evaluate_badugi(parse_cards("8♠5♥4♦2♣"))


# --- Doogie (seeds/004) --------------------------------------------------------------------


def test_doogie_named_by_highest_card() -> None:
    assert evaluate_doogie(parse_cards("7♣2♦4♥A♠K♣K♦"), parse_cards("Q♣J♦9♥9♠")).describe() == (
        "7 doogie"
    )


def test_doogie_needs_one_card_of_each_suit() -> None:
    assert evaluate_doogie(parse_cards("A♣2♣3♦4♦5♥6♥"), parse_cards("7♣8♦9♥T♣")) is None


def test_doogie_perfect_doogie_wins_high_and_low() -> None:
    hole = parse_cards("A♣2♦3♥4♠K♣K♦")
    board = parse_cards("K♥K♠Q♣Q♦")  # the board makes four kings for anyone with a queen
    assert evaluate_doogie(hole, board).describe() == "4 doogie"
    assert evaluate_doogie_high(hole, board).describe() == "Perfect doogie (A-2-3-4)"
    quads = evaluate_doogie_high(parse_cards("Q♥Q♠9♣8♦7♥6♠"), board)
    assert evaluate_doogie_high(hole, board) > quads


def test_doogie_uses_all_six_hole_and_four_board_cards() -> None:
    # A doogie made of two hole cards and two board cards.
    hole = parse_cards("A♣2♦K♣K♦Q♣Q♦")
    board = parse_cards("3♥4♠J♥J♠")
    assert evaluate_doogie(hole, board).describe() == "4 doogie"
