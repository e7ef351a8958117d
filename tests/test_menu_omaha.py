"""Omaha Hi-Lo 8 (fixed-limit and pot-limit) and Big O: docs/rules.md "The mixed-game menu".

The Omaha low evaluator against PokerKit 0.7.7's ``OmahaEightOrBetterLowHand`` (exactly two
hole cards and three board cards, A-5, eight or better; ``ValueError`` for no low), the clauses
of the rules, known-answer showdowns from published card-room rules (cited at each), and six
seats x 500 random hands of each game with chips conserved and no card dealt twice.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pokerkit
import pytest

from cli_run import cli
from random_hands import random_hands
from splitpot.cards import RANKS, SUITS, parse_cards
from splitpot.engine.showdown import settle
from splitpot.evaluate.core import KindFamily
from splitpot.games import GAMES, find_game
from splitpot.games.registry import EIGHT_OR_BETTER
from splitpot.games.spec import EvalKind
from splitpot.games.streets import Structure

HI_LO_GAMES = ("omaha-8", "omaha-8-pl", "big-o")
LOW = KindFamily(EvalKind.OMAHA_LOW)
DECK_TEXT = [RANKS[i >> 2] + SUITS[i & 3] for i in range(52)]


def _pokerkit_low(hole: list[int], board: list[int]) -> pokerkit.OmahaEightOrBetterLowHand | None:
    try:
        return pokerkit.OmahaEightOrBetterLowHand.from_game(
            "".join(DECK_TEXT[c] for c in hole), "".join(DECK_TEXT[c] for c in board)
        )
    except ValueError:  # PokerKit: no eight-or-better low of two hole and three board cards
        return None


@pytest.mark.parametrize("hole_n", [4, 5])
def test_omaha_low_agrees_with_pokerkit_on_seeded_random_hands(hole_n: int) -> None:
    rng = random.Random(hole_n)
    # Half the deals from the low ranks (ace to eight) and a few high cards: lows are common.
    low_deck = [c for c in range(52) if (c // 4 + 1) % 13 <= 7] + [40, 44, 48, 33]
    outcomes: Counter[str] = Counter()
    for number in range(1500):
        deck = low_deck if number % 2 else list(range(52))
        cards = rng.sample(deck, 2 * hole_n + 5)
        a, b, board = cards[:hole_n], cards[hole_n : 2 * hole_n], cards[2 * hole_n :]
        ours = [LOW.value(a, board), LOW.value(b, board)]
        theirs = [_pokerkit_low(a, board), _pokerkit_low(b, board)]
        assert [v is None for v in ours] == [h is None for h in theirs], (a, b, board)
        if None in ours:
            outcomes["no low"] += 1
            continue
        pa, pb = theirs
        assert pa is not None and pb is not None
        expected = "A" if pa > pb else "B" if pb > pa else "tie"  # PokerKit: greater is better
        va, vb = ours
        assert va is not None and vb is not None
        got = "A" if va > vb else "B" if vb > va else "tie"
        assert got == expected, (a, b, board)
        outcomes[got] += 1
        assert va >= EIGHT_OR_BETTER.minimum
    assert min(outcomes.values()) >= 20, outcomes


def test_omaha_low_needs_two_hole_and_three_board_cards_of_eight_or_lower() -> None:
    # docs/rules.md "The mixed-game menu": "exactly two hole cards and exactly three board
    # cards, A-5 (straights and flushes ignored), five different ranks of eight or lower".
    board = parse_cards("3d 4c 8d Kd Jh")
    wheel_draw = LOW.hand(parse_cards("Ad 2d Ks Qs"), board)
    assert wheel_draw is not None and wheel_draw.describe() == "8-4-3-2-A low"
    assert [str(c) for c in wheel_draw.cards] == ["2d", "Ad", "8d", "4c", "3d"]
    assert LOW.hand(parse_cards("Ad 9d Ks Qs"), board) is None  # one low hole card
    assert LOW.hand(parse_cards("Ad Ac 2s 2h"), parse_cards("3d 3c 8d Kd Jh")) is None  # pairs
    # A flush and a straight do not count against a low: 5-4-3-2-A in one suit is the best.
    best = LOW.hand(parse_cards("Ac 2c Ks Qs"), parse_cards("3c 4c 5c Kd Jh"))
    assert best is not None and best.describe() == "5-4-3-2-A low"


def test_omaha_hi_lo_high_and_low_may_use_different_hole_cards() -> None:
    # docs/rules.md "The mixed-game menu": "The high and the low hand may use different hole
    # cards": A plays Kh Kd high and 3c 4d low.
    result = settle("omaha-8", {"A": "3c 4d Kh Kd", "B": "Ah Qd 5c 6s"},
                    board="Ac 2d 7h Ks Qc", pot=100)  # fmt: skip
    assert result.payouts == {"A": 100, "B": 0}
    used = {award: result.hands["A"][award] for award in ("omaha", "omaha-low")}
    assert {str(c) for c in used["omaha"].cards[:2]} == {"Kh", "Kd"}  # type: ignore[union-attr]
    assert {str(c) for c in used["omaha-low"].cards[:2]} == {"3c", "4d"}  # type: ignore[union-attr]


# Known answers. Sources, each a card room's published rules of Omaha high-low split:
# - Stones Gambling Hall, "Omaha High-Low Split":
#   https://www.stonesgamblinghall.com/portfolio-item/omaha-high-low-split/ ("A card may be used
#   high, as well as low. Example: A two of diamonds may be used to make a diamond flush, as
#   well as fit into a low hand"; "Best possible low hand: 5-4-3-2-A ... Worst low hand:
#   8-7-6-5-4"; "If no low hand qualifies, the best high hand will win the entire pot").
# - BTC Poker Hub, "Omaha Hi-Lo": http://btcpokerhub.com/play_omaha.html ("No player can make a
#   low hand if there are not at least three community cards of different ranks 8 or lower";
#   "If the pot contains an odd number of chips and there is at least one qualifed low hand,
#   the extra chip is awarded to the high hand").
# - Poker Review USA, "Omaha Hi-Lo Poker Rules":
#   https://pokerreviewusa.com/online/poker-games/rules/omaha-hi-low.htm ("7-5-4-3-2 loses to
#   7-4-3-2-1").
# Each case in Omaha Hi-Lo 8's four cards; Big O adds a fifth card that plays in neither half.
KNOWN = (
    # Stones: the Ad 2d play in the diamond flush and in the 8-4-3-2-A low: A scoops.
    ("same cards high and low", "3d 4c 8d Kd Jh", "Ad 2d Ks Qs", "Tc", "Kc Kh 5s 6s", "9c",
     101, {"A": 101, "B": 0}),
    # BTC Poker Hub, Stones: two board cards of eight or lower, no low: the high takes it all.
    ("no low: the high scoops", "Kd Qh 9c 8s 2c", "Ac 3d Kc Kh", "Jc", "Qs Qd 4h 5h", "Ts",
     101, {"A": 101, "B": 0}),
    # Poker Review USA: 7-4-3-2-A beats 7-5-4-3-2 for low; B's kings win high, and the odd
    # chip of 101 goes to the high half (BTC Poker Hub).
    ("7-4-3-2-A beats 7-5-4-3-2; odd chip high", "3c 4d 7h Ks Qc", "Ac 2s Jd Td", "9s",
     "5s 2d Kd Kh", "Th", 101, {"A": 50, "B": 51}),
)  # fmt: skip


@pytest.mark.parametrize("game_id", HI_LO_GAMES)
@pytest.mark.parametrize("case", KNOWN, ids=[case[0] for case in KNOWN])
def test_known_answer_showdowns_from_card_room_rules(game_id: str, case: tuple) -> None:  # type: ignore[type-arg]
    _, board, a, a5th, b, b5th, pot, payouts = case
    five = GAMES[game_id].hole_cards == 5
    players = {"A": f"{a} {a5th}" if five else a, "B": f"{b} {b5th}" if five else b}
    result = settle(game_id, players, board=board, pot=pot)
    assert result.payouts == payouts


@pytest.mark.parametrize("game_id", HI_LO_GAMES)
def test_o8_no_low_the_high_half_takes_the_whole_pot(game_id: str) -> None:
    # docs/rules.md "The mixed-game menu": "No qualifying low: the high half takes the whole
    # pot": a 9-low is no low, so the flush scoops.
    five = GAMES[game_id].hole_cards == 5
    result = settle(game_id, {"A": "Ah Kh Qc Qd" + (" Js" if five else ""),
                              "B": "2c 3s Ks Kc" + (" Jd" if five else "")},
                    board="9h 4h 5d Th Jc", pot=100)  # fmt: skip
    assert result.payouts == {"A": 100, "B": 0}
    (pot,) = result.pots
    low = next(a for a in pot.awards if a.name == "omaha-low")
    assert low.amount == 0 and "8-or-better" in (low.note or "")


@pytest.mark.parametrize("game_id", HI_LO_GAMES)
def test_o8_odd_chip_to_the_high_half(game_id: str) -> None:
    # docs/rules.md "The mixed-game menu": "Odd chip: to the high half".
    five = GAMES[game_id].hole_cards == 5
    result = settle(game_id, {"A": "Ac 2s Jd Td" + (" 9s" if five else ""),
                              "B": "5s 2d Kd Kh" + (" Th" if five else "")},
                    board="3c 4d 7h Ks Qc", pot=7)  # fmt: skip
    assert result.payouts == {"A": 3, "B": 4}
    (pot,) = result.pots
    assert [chip.to for chip in pot.odd_chips] == ["omaha"]


def test_the_games_and_their_structures_are_as_the_rules_say() -> None:
    # docs/rules.md "The mixed-game menu": Omaha Hi-Lo 8 fixed-limit, pot-limit too; Big O
    # pot-limit, five hole cards; each with Omaha high / Omaha A-5 low 8-or-better.
    o8, plo8, big_o = (GAMES[g] for g in HI_LO_GAMES)
    assert (o8.structure, plo8.structure, big_o.structure) == (
        Structure.FIXED_LIMIT,
        Structure.POT_LIMIT,
        Structure.POT_LIMIT,
    )
    assert (o8.hole_cards, plo8.hole_cards, big_o.hole_cards) == (4, 4, 5)
    for spec in (o8, plo8, big_o):
        assert spec.award_names == ("omaha", "omaha-low") and spec.high_award == "omaha"
        assert spec.award("omaha-low").qualifier is EIGHT_OR_BETTER
    assert find_game("o8") is o8 and find_game("PLO8") is plo8 and find_game("bigo") is big_o


@pytest.mark.parametrize("game_id", HI_LO_GAMES)
def test_six_seats_500_random_hands_conserve_chips_and_deal_no_card_twice(game_id: str) -> None:
    seen: Counter[str] = Counter()
    for hand in random_hands(game_id, 6, 500, random.Random(game_id)):
        if hand.result is not None:
            seen["showdown"] += 1
            seen["low"] += any(
                a.name == "omaha-low" and a.amount for p in hand.result.pots for a in p.awards
            )
    assert seen["showdown"] >= 50 and seen["low"] >= 10, seen


@pytest.mark.parametrize("game_id", HI_LO_GAMES)
def test_simulate_showdown_and_equity_take_the_games(game_id: str) -> None:
    code, out = cli(["simulate", game_id, "--players", "6", "--hands", "40", "--seed", "4",
                     "--no-store", "--json"])  # fmt: skip
    assert code == 0
    report = json.loads(out)
    assert report["game"] == game_id and report["chips_before"] == report["chips_after"]
    five = GAMES[game_id].hole_cards == 5
    code, out = cli(["showdown", game_id, "--board", "3c 4d 7h Ks Qc",
                     "--player", "A=Ac 2s Jd Td" + (" 9s" if five else ""),
                     "--player", "B=5s 2d Kd Kh" + (" Th" if five else ""),
                     "--pot", "101", "--json"])  # fmt: skip
    assert code == 0 and json.loads(out)["payouts"] == {"A": 50, "B": 51}
    code, out = cli(["equity", game_id, "--board", "3c 4d 7h",
                     "--player", "A=Ac 2s Jd Td" + (" 9s" if five else ""),
                     "--player", "B=5s 2d Kd Kh" + (" Th" if five else ""), "--json"])  # fmt: skip
    assert code == 0
    answer = json.loads(out)
    assert answer["method"] == "exact"
    assert sum(p["equity"] for p in answer["players"].values()) == pytest.approx(1.0)
