"""The hand engine against docs/rules.md, rule by rule, with stacked decks.

Sections "Games", "Betting", "Drawing" and "Doogie" of docs/rules.md, and the TDA
clauses they cite (34 heads-up blinds, 43 and 47 short all-ins).
"""

from __future__ import annotations

import random

import pytest

from splitpot.cards import format_cards, parse_cards
from splitpot.engine.events import Action, events_from_json, events_to_json
from splitpot.engine.hand import Hand, stacked_deck
from splitpot.engine.options import Options, Stakes
from splitpot.engine.table import Table
from splitpot.errors import GameSpecError, IllegalActionError
from splitpot.games import GAMES
from splitpot.games.streets import Bet, Deal, Declare, Draw, Forced, Structure

FOUR = ["As2h3d4c", "KsKhKdKc", "QsQhQdQc", "JsJhJdJc", "TsThTdTc", "9s9h9d9c"]
FIVE = ["As2h3d4c5s", "KsKhKdKc5h", "QsQhQdQc5d", "JsJhJdJc5c", "TsThTdTc6s", "9s9h9d9c6h"]


def play(hand: Hand, *actions: Action) -> None:
    for action in actions:
        hand.apply(action)


def kinds(hand: Hand) -> tuple[str, ...]:
    legal = hand.legal_actions()
    assert legal is not None
    return legal.kinds


def stakes_1_2() -> Stakes:
    return Stakes(small_blind=1, big_blind=2)


# --- Games ---------------------------------------------------------------------------------

STREET_SHAPES = {
    # id: (default structure, forced, draws as their largest discard, betting rounds)
    "bodigiha": (Structure.POT_LIMIT, Forced.BLINDS, (2,), 4),
    "badugi": (Structure.FIXED_LIMIT, Forced.BLINDS, (4, 4, 4), 4),
    "drawmaha": (Structure.POT_LIMIT, Forced.BLINDS, (5,), 4),
    "doogie": (Structure.FIXED_LIMIT, Forced.ANTE, (), 6),
    "drawmaha-27": (Structure.POT_LIMIT, Forced.BLINDS, (5,), 4),
    "drawmadugi": (Structure.POT_LIMIT, Forced.BLINDS, (5,), 4),
    "triple-draw-dramaha": (Structure.FIXED_LIMIT, Forced.BLINDS, (5, 5, 5), 4),
    "sviten-special": (Structure.POT_LIMIT, Forced.BLINDS, (5,), 4),
    "badacey": (Structure.FIXED_LIMIT, Forced.BLINDS, (5, 5, 5), 4),
    "badeucy": (Structure.FIXED_LIMIT, Forced.BLINDS, (5, 5, 5), 4),
    "27-triple-draw": (Structure.FIXED_LIMIT, Forced.BLINDS, (5, 5, 5), 4),
    "a5-triple-draw": (Structure.FIXED_LIMIT, Forced.BLINDS, (5, 5, 5), 4),
    "27-single-draw": (Structure.NO_LIMIT, Forced.BLINDS, (5,), 2),
    "limit-holdem": (Structure.FIXED_LIMIT, Forced.BLINDS, (), 4),
    "holdem": (Structure.NO_LIMIT, Forced.BLINDS, (), 4),
    "omaha": (Structure.POT_LIMIT, Forced.BLINDS, (), 4),
    "omaha-5": (Structure.POT_LIMIT, Forced.BLINDS, (), 4),
    "omaha-6": (Structure.POT_LIMIT, Forced.BLINDS, (), 4),
}


@pytest.mark.parametrize("game_id", sorted(STREET_SHAPES))
def test_games_streets_structure_and_forced_bets(game_id: str) -> None:
    structure, forced, draws, rounds = STREET_SHAPES[game_id]
    game = GAMES[game_id]
    assert game.structure is structure
    assert game.forced is forced
    assert tuple(d.max_discard for d in game.draws) == draws
    assert game.betting_rounds == rounds


def test_games_bodigiha_draw_after_flop_betting() -> None:
    streets = GAMES["bodigiha"].streets
    assert streets[:5] == (Deal(hole=5), Bet(), Deal(board=3), Bet(), Draw(max_discard=2))


def test_games_triple_draw_dramaha_draws_before_flop_turn_and_river_betting() -> None:
    streets = GAMES["triple-draw-dramaha"].streets
    for index, street in enumerate(streets):
        if isinstance(street, Deal) and street.board:
            assert isinstance(streets[index + 1], Draw)
            assert isinstance(streets[index + 2], Bet)


def test_mixed_game_menu_triple_draws_deal_as_badugi_does_with_five_cards() -> None:
    # docs/rules.md "The mixed-game menu": three draws of 0-5, as Badugi's (0-4) and Badacey's.
    for game_id in ("27-triple-draw", "a5-triple-draw"):
        streets = GAMES[game_id].streets
        assert streets == GAMES["badacey"].streets
        assert [type(s) for s in streets] == [type(s) for s in GAMES["badugi"].streets]


def test_mixed_game_menu_single_draw_is_one_draw_between_two_rounds() -> None:
    # One draw, 0-5; fixed-limit (a table's choice) has the small bet before it, the big after.
    assert GAMES["27-single-draw"].streets == (
        Deal(hole=5), Bet(), Draw(max_discard=5), Bet(big=True),
    )  # fmt: skip


def test_games_sviten_special_one_card_draw_is_face_up() -> None:
    assert GAMES["sviten-special"].draws == (Draw(max_discard=5, sviten=True),)


def test_games_doogie_five_rounds_declare_then_a_final_round() -> None:
    streets = GAMES["doogie"].streets
    bets = [i for i, s in enumerate(streets) if isinstance(s, Bet)]
    declare = next(i for i, s in enumerate(streets) if isinstance(s, Declare))
    assert len(bets) == 6 and bets[4] < declare < bets[5]
    turns = [s for s in streets if isinstance(s, Deal) and s.board]
    assert [t.board for t in turns] == [1, 1, 1, 1]


def test_games_structure_must_be_allowed() -> None:
    with pytest.raises(GameSpecError, match="unknown structure"):
        Hand("badugi", stacks=[10, 10], rng=random.Random(1), structure="spread-limit")


# --- Betting: action order -----------------------------------------------------------------


def test_blinds_left_of_big_blind_acts_first_preflop() -> None:
    hand = Hand("badugi", stacks=[100] * 4, button=0, rng=random.Random(1))
    assert [e.data["blind"] for e in hand.events if e.kind == "post"] == [
        "small blind",
        "big blind",
    ]
    assert [e.seat for e in hand.events if e.kind == "post"] == [1, 2]
    assert hand.to_act == 3


def test_later_rounds_start_left_of_the_button() -> None:
    hand = Hand("badugi", stacks=[100] * 4, button=0, rng=random.Random(1))
    play(hand, Action.call(), Action.call(), Action.call(), Action.check())  # preflop
    for seat in (1, 2, 3, 0):  # the draw: betting order, the button last
        assert hand.to_act == seat
        hand.apply(Action.stand_pat())
    assert hand.phase == "bet" and hand.to_act == 1


def test_tda_34_heads_up_button_is_small_blind_acts_first_preflop_last_after() -> None:
    hand = Hand("drawmaha", stacks=[100, 100], button=1, rng=random.Random(2))
    posts = {e.seat: e.data["blind"] for e in hand.events if e.kind == "post"}
    assert posts == {1: "small blind", 0: "big blind"}
    assert hand.to_act == 1
    play(hand, Action.call(), Action.check())
    assert hand.to_act == 0  # flop: the big blind first, the button last


def test_blinds_big_blind_has_the_option_when_limped_to() -> None:
    hand = Hand("badugi", stacks=[100] * 3, button=0, rng=random.Random(3))
    play(hand, Action.call(), Action.call())
    assert hand.to_act == 2
    assert set(kinds(hand)) == {"check", "raise"}


def test_fold_is_offered_only_facing_a_bet() -> None:
    hand = Hand("badugi", stacks=[100] * 3, button=0, rng=random.Random(3))
    play(hand, Action.call(), Action.call())
    with pytest.raises(IllegalActionError, match="cannot fold"):
        hand.apply(Action.fold())


def test_acting_out_of_turn_is_refused() -> None:
    hand = Hand("badugi", stacks=[100] * 3, button=0, rng=random.Random(3))
    with pytest.raises(IllegalActionError, match="not seat2's turn: seat1 is to act"):
        hand.apply(Action.call(), seat=1)


# --- Betting: fixed-limit ------------------------------------------------------------------


def test_fixed_limit_small_bet_first_two_rounds_big_bet_after() -> None:
    hand = Hand("badugi", stacks=[500] * 2, button=0, rng=random.Random(4), stakes=stakes_1_2())
    sizes = [e.data["size"] for e in hand.events if e.kind == "bet_round"]
    assert sizes == [2]
    play(hand, Action.call(), Action.check(), Action.stand_pat(), Action.stand_pat())
    play(hand, Action.check(), Action.check(), Action.stand_pat(), Action.stand_pat())
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert (legal.raise_.kind, legal.raise_.min_to, legal.raise_.max_to) == ("bet", 4, 4)
    sizes = [e.data["size"] for e in hand.events if e.kind == "bet_round"]
    assert sizes == [2, 2, 4]


def test_fixed_limit_doogie_small_bet_rounds_1_to_3_big_bet_4_to_6() -> None:
    hand = Hand(
        "doogie", stacks=[500] * 2, button=0, rng=random.Random(5),
        stakes=Stakes(small_blind=1, big_blind=2, ante=1, small_bet=2, big_bet=4),
    )  # fmt: skip
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(Action.declare("high") if legal.declare else Action.check())
    sizes = [e.data["size"] for e in hand.events if e.kind == "bet_round"]
    assert sizes == [2, 2, 2, 4, 4, 4]


def test_badugi_caps_at_four_bets_three_handed() -> None:
    # A bet and three raises cap the round; preflop the big blind is the bet.
    hand = Hand("badugi", stacks=[500] * 3, button=0, rng=random.Random(6), stakes=stakes_1_2())
    play(hand, Action.raise_to(4), Action.raise_to(6), Action.raise_to(8))
    assert hand.to_act == 0
    assert set(kinds(hand)) == {"fold", "call"}
    with pytest.raises(IllegalActionError):
        hand.apply(Action.raise_to(10))


def test_fixed_limit_cap_option_four_raises() -> None:
    hand = Hand("badugi", stacks=[500] * 3, button=0, rng=random.Random(6), stakes=stakes_1_2(),
                options=Options(raise_cap=5))  # fmt: skip
    play(hand, Action.raise_to(4), Action.raise_to(6), Action.raise_to(8), Action.raise_to(10))
    assert set(kinds(hand)) == {"fold", "call"}


def test_fixed_limit_heads_up_capped_by_default_uncapped_option() -> None:
    capped = Hand("badugi", stacks=[500] * 2, button=0, rng=random.Random(7), stakes=stakes_1_2())
    play(capped, Action.raise_to(4), Action.raise_to(6), Action.raise_to(8))
    assert "raise" not in kinds(capped)
    free = Hand("badugi", stacks=[500] * 2, button=0, rng=random.Random(7), stakes=stakes_1_2(),
                options=Options(heads_up_uncapped=True))  # fmt: skip
    play(free, Action.raise_to(4), Action.raise_to(6), Action.raise_to(8), Action.raise_to(10))
    assert "raise" in kinds(free)


def test_fixed_limit_all_in_short_of_half_a_bet_does_not_reopen() -> None:
    # Flop-style round with a 4 bet: seat1 bets 4, seat2 all-in for 5 (1 more: under half).
    hand = Hand("badugi", stacks=[100, 100, 7], button=0, rng=random.Random(8),
                stakes=Stakes(small_blind=1, big_blind=2, small_bet=4, big_bet=8))  # fmt: skip
    play(hand, Action.call(), Action.call(), Action.check())  # preflop 2 each
    play(hand, *[Action.stand_pat()] * 3)
    play(hand, Action.bet(4), Action.raise_to(5))  # seat2 has 5 left: all-in
    assert hand.to_act == 0
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None and legal.raise_.min_to == 8
    play(hand, Action.call())
    assert hand.to_act == 1  # back to the bettor, who may only call or fold
    assert set(kinds(hand)) == {"fold", "call"}


def test_fixed_limit_all_in_of_half_a_bet_or_more_counts_as_a_full_raise() -> None:
    hand = Hand("badugi", stacks=[100, 100, 8], button=0, rng=random.Random(8),
                stakes=Stakes(small_blind=1, big_blind=2, small_bet=4, big_bet=8))  # fmt: skip
    play(hand, Action.call(), Action.call(), Action.check())
    play(hand, *[Action.stand_pat()] * 3)
    play(hand, Action.bet(4), Action.raise_to(6))  # 2 more: half a bet, a full raise
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None and legal.raise_.min_to == 10
    play(hand, Action.call())
    assert "raise" in kinds(hand)  # reopened for the bettor


# --- Betting: pot-limit --------------------------------------------------------------------


def test_pot_limit_max_raise_preflop() -> None:
    hand = Hand("drawmaha", stacks=[1000] * 3, button=0, rng=random.Random(9), stakes=stakes_1_2())
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert (legal.raise_.min_to, legal.raise_.max_to) == (4, 7)


def test_pot_limit_max_raise_after_call() -> None:
    # Blinds 1/2; seat0 calls 2; seat1 (small blind) may raise to 2 + (5 + 1) = 8.
    hand = Hand("drawmaha", stacks=[1000] * 3, button=0, rng=random.Random(9), stakes=stakes_1_2())
    play(hand, Action.call())
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert legal.raise_.max_to == 8


def test_pot_limit_max_raise_is_current_bet_plus_pot_bets_and_call() -> None:
    hand = Hand("drawmaha", stacks=[5000] * 3, button=0, rng=random.Random(9), stakes=stakes_1_2())
    play(hand, Action.raise_to(7))  # pot now 1 + 2 + 7 = 10; seat1 to call 6
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert legal.raise_.max_to == 7 + 10 + 6
    assert legal.raise_.min_to == 7 + 5  # the last full raise was 5


def test_pot_limit_error_says_the_maximum() -> None:
    hand = Hand("drawmaha", stacks=[5000] * 2, button=0, rng=random.Random(9),
                stakes=Stakes(small_blind=50, big_blind=100))  # fmt: skip
    play(hand, Action.raise_to(300), Action.raise_to(900), Action.call())  # pot 1800
    play(hand, Action.bet(100))
    with pytest.raises(IllegalActionError, match="cannot raise to 2500: the pot-limit maximum is"):
        hand.apply(Action.raise_to(2500))


def test_pot_limit_minimum_bet_is_a_big_blind() -> None:
    hand = Hand("drawmaha", stacks=[1000] * 2, button=0, rng=random.Random(10), stakes=stakes_1_2())
    play(hand, Action.call(), Action.check())
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert (legal.raise_.kind, legal.raise_.min_to, legal.raise_.max_to) == ("bet", 2, 4)
    with pytest.raises(IllegalActionError, match="the minimum is 2"):
        hand.apply(Action.bet(1))


# --- Betting: no-limit ---------------------------------------------------------------------


def test_no_limit_min_raise_is_the_largest_prior_raise() -> None:
    hand = Hand("holdem", stacks=[1000] * 3, button=0, rng=random.Random(11), stakes=stakes_1_2())
    play(hand, Action.raise_to(10))  # a raise of 8
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert (legal.raise_.min_to, legal.raise_.max_to) == (18, 1000)


def test_tda_43_short_all_in_does_not_reopen() -> None:
    # Blinds 50/100. seat0 raises to 300; seat1 all-in 400 (a short raise of 100);
    # seat2 calls 400; seat0 (who already acted) may only call or fold.
    hand = Hand("holdem", stacks=[5000, 400, 5000], button=2, rng=random.Random(12),
                stakes=Stakes(small_blind=50, big_blind=100))  # fmt: skip
    assert hand.to_act == 2  # 3 players: button 2, small blind 0, big blind 1... left of BB
    play(hand, Action.raise_to(300))  # seat2 (button) raises
    play(hand, Action.call())  # seat0 small blind calls 300
    play(hand, Action.raise_to(400))  # seat1 big blind all-in for 400: short
    assert hand.to_act == 2
    assert set(kinds(hand)) == {"fold", "call"}


def test_tda_47_short_all_in_does_not_reopen() -> None:
    hand = Hand("holdem", stacks=[5000, 5000, 450], button=0, rng=random.Random(13),
                stakes=Stakes(small_blind=50, big_blind=100))  # fmt: skip
    # seat0 (button) first preflop 3-handed: raises to 300 (raise of 200)
    play(hand, Action.raise_to(300), Action.call())  # seat1 small blind calls
    play(hand, Action.raise_to(450))  # seat2 big blind all-in: 150 more, short of 200
    assert hand.to_act == 0
    assert set(kinds(hand)) == {"fold", "call"}
    play(hand, Action.call())
    assert set(kinds(hand)) == {"fold", "call"}


def test_tda_47_short_all_ins_added_up_to_a_full_raise_reopen() -> None:
    # TDA 47's example shape: bets 100/200, A raises to 300... here 50/100:
    # seat3 raises to 300 (+200); seat0 all-in 420 (+120); seat1 all-in 520 (+100):
    # 220 over seat3's 300 is a full raise of 200, so seat3 may raise again.
    hand = Hand("holdem", stacks=[5000, 420, 520, 5000], button=0, rng=random.Random(14),
                stakes=Stakes(small_blind=50, big_blind=100))  # fmt: skip
    assert hand.to_act == 3
    play(hand, Action.raise_to(300), Action.call())  # seat3 raises, seat0 (button) calls
    play(hand, Action.raise_to(420))  # seat1 small blind all-in: +120, short
    play(hand, Action.raise_to(520))  # seat2 big blind all-in: +100, short; 220 in all
    assert hand.to_act == 3
    assert "raise" in kinds(hand)
    play(hand, Action.call())
    assert hand.to_act == 0
    assert "raise" in kinds(hand)  # seat0 called 300: the 220 since is a full raise for it too


def test_uncalled_bet_is_returned() -> None:
    hand = Hand("holdem", stacks=[1000, 300], button=0, rng=random.Random(15), stakes=stakes_1_2())
    play(hand, Action.raise_to(1000), Action.call())  # seat1 can only call 300 all-in
    returned = [e for e in hand.events if e.kind == "return"]
    assert [(e.seat, e.data["amount"]) for e in returned] == [(0, 700)]
    assert hand.is_over and sum(hand.stacks) == 1300


def test_everyone_all_in_runs_the_board_out() -> None:
    hand = Hand("holdem", stacks=[100, 100], button=0, rng=random.Random(16), stakes=stakes_1_2())
    play(hand, Action.raise_to(100), Action.call())
    assert hand.is_over and len(hand.board) == 5 and hand.result is not None


def test_all_in_players_still_draw() -> None:
    hand = Hand("drawmaha", stacks=[50, 50], button=0, rng=random.Random(17), stakes=stakes_1_2())
    play(hand, Action.raise_to(6), Action.raise_to(18), Action.raise_to(50), Action.call())
    assert hand.phase == "draw"
    play(hand, Action.stand_pat(), Action.stand_pat())
    assert hand.is_over and len(hand.board) == 5


def _betting_rounds_started(hand: Hand) -> int:
    return sum(1 for e in hand.events if e.kind == "bet_round")


def test_showdown_order_last_aggressor_first() -> None:
    deck = stacked_deck(FOUR[:3], button=0)
    hand = Hand("badugi", stacks=[500] * 3, button=0, deck=deck, stakes=stakes_1_2())
    while _betting_rounds_started(hand) < 4:
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(Action.stand_pat() if legal.phase == "draw" else
                   Action.check() if legal.check else Action.call())  # fmt: skip
    # The last round: seat1 checks, seat2 bets, the others call: seat2 shows first.
    play(hand, Action.check(), Action.bet(4), Action.call(), Action.call())
    shows = [e.seat for e in hand.events if e.kind == "show"]
    assert shows == [2, 0, 1]


def test_showdown_order_without_a_bet_starts_left_of_the_button() -> None:
    deck = stacked_deck(FOUR[:3], button=0)
    hand = Hand("badugi", stacks=[500] * 3, button=0, deck=deck, stakes=stakes_1_2())
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(Action.stand_pat() if legal.phase == "draw" else
                   Action.check() if legal.check else Action.call())  # fmt: skip
    assert [e.seat for e in hand.events if e.kind == "show"] == [1, 2, 0]


# --- Drawing -------------------------------------------------------------------------------


def test_draws_in_betting_order_with_replacements_dealt_at_once() -> None:
    deck = stacked_deck(FOUR[:3], then="5s 6h 7d", button=0)
    hand = Hand("badugi", stacks=[500] * 3, button=0, deck=deck, stakes=stakes_1_2())
    play(hand, Action.call(), Action.call(), Action.check())
    assert hand.to_act == 1
    hand.apply(Action.discard("Ks"))
    assert "5s" in format_cards(hand.hole[1])  # dealt before the next player discards
    hand.apply(Action.discard("Qs Qh"))
    assert sorted(format_cards(hand.hole[2][-2:]).split()) == ["6h", "7d"]
    hand.apply(Action.stand_pat())  # the button draws last


def test_bodigiha_rejects_a_three_card_discard() -> None:
    deck = stacked_deck(FIVE[:2], button=0)
    hand = Hand("bodigiha", stacks=[500] * 2, button=0, deck=deck, stakes=stakes_1_2())
    play(hand, Action.call(), Action.check(), Action.check(), Action.check())
    assert hand.phase == "draw"
    with pytest.raises(
        IllegalActionError, match="cannot discard 3 cards: Bodigiha draws at most 2"
    ):
        hand.apply(Action.discard(hand.hole[hand.to_act][:3]))  # type: ignore[index]
    hand.apply(Action.discard(hand.hole[hand.to_act][:2]))  # type: ignore[index]


def test_drawing_zero_is_standing_pat() -> None:
    hand = Hand("badugi", stacks=[500] * 2, button=0, rng=random.Random(18))
    play(hand, Action.call(), Action.check())
    before = list(hand.hole[hand.to_act])  # type: ignore[index]
    seat = hand.to_act
    hand.apply(Action.stand_pat())
    assert hand.hole[seat] == before  # type: ignore[index]


def test_discarding_a_card_not_in_hand_is_refused() -> None:
    deck = stacked_deck(FOUR[:2], button=0)
    hand = Hand("badugi", stacks=[500] * 2, button=0, deck=deck)
    play(hand, Action.call(), Action.check())
    with pytest.raises(IllegalActionError, match="9s is not in seat2's hand"):
        hand.apply(Action.discard("9s"))


def test_drawmadugi_option_draws_0_to_3() -> None:
    hand = Hand("drawmadugi", stacks=[500] * 2, button=0, rng=random.Random(19),
                options=Options(max_discard=3))  # fmt: skip
    play(hand, Action.call(), Action.check(), Action.check(), Action.check())
    legal = hand.legal_actions()
    assert legal is not None and legal.discard_max == 3


def _exhaust(options: Options) -> Hand:
    # Badacey, 6 players x 5 cards = 30 dealt, 22 in the stub. Everyone throws five.
    hand = Hand("badacey", stacks=[500] * 6, button=0, rng=random.Random(20), options=options)
    while hand.phase == "bet":
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(Action.check() if legal.check else Action.call())
    return hand


def test_stub_runs_out_reshuffle_discards_not_the_drawers_own_burn_one() -> None:
    hand = _exhaust(Options())
    for _ in range(4):  # four players draw 20 of the 22 cards in the stub
        seat = hand.to_act
        assert seat is not None
        hand.apply(Action.discard(hand.hole[seat]))
    assert not any(e.kind == "reshuffle" for e in hand.events)
    fifth = hand.to_act
    assert fifth is not None
    own = set(hand.hole[fifth])
    held = {c for seat, cards in enumerate(hand.hole) if seat != fifth for c in cards}
    hand.apply(Action.discard(hand.hole[fifth]))  # needs five with two left: reshuffle
    hand.card_places()
    (reshuffle,) = [e for e in hand.events if e.kind == "reshuffle"]
    pool = set(reshuffle.secret["order"]) | set(reshuffle.secret["burned"])
    assert len(reshuffle.secret["burned"]) == 1  # burn one
    assert len(pool) == 2 + 20  # the stub and the other players' discards
    assert not pool & own  # never the drawer's own discards
    assert not pool & held  # never a card in a hand


def test_reshuffle_option_never_current_round_falls_back_only_when_it_must() -> None:
    hand = _exhaust(Options(reshuffle="previous-rounds"))
    while hand.phase == "draw" and not any(e.kind == "bet_round" for e in hand.events[-1:]):
        seat = hand.to_act
        assert seat is not None
        hand.apply(Action.discard(hand.hole[seat]))
        hand.card_places()
    assert any(e.kind == "reshuffle" for e in hand.events)


def test_sviten_one_card_draw_is_face_up_and_may_be_kept() -> None:
    deck = stacked_deck(FIVE[:2], then="2c 3c 6c 7h", button=0)
    hand = Hand("sviten-special", stacks=[500] * 2, button=0, deck=deck, stakes=stakes_1_2())
    play(hand, Action.call(), Action.check(), Action.check(), Action.check())
    seat = hand.to_act
    hand.apply(Action.discard(hand.hole[seat][:1]))  # type: ignore[index]
    up = [e for e in hand.events if e.kind == "sviten_up"]
    assert [str(e.data["card"]) for e in up] == ["7h"]
    assert set(kinds(hand)) == {"keep", "reject"}
    hand.apply(Action.keep())
    assert parse_cards("7h")[0] in hand.hole[seat]  # type: ignore[index]


def test_sviten_reject_gets_the_next_card_face_down() -> None:
    deck = stacked_deck(FIVE[:2], then="2c 3c 6c 7h 8h", button=0)
    hand = Hand("sviten-special", stacks=[500] * 2, button=0, deck=deck, stakes=stakes_1_2())
    play(hand, Action.call(), Action.check(), Action.check(), Action.check())
    seat = hand.to_act
    assert seat is not None
    hand.apply(Action.discard(hand.hole[seat][:1]))
    hand.apply(Action.reject())
    down = [e for e in hand.events if e.kind == "sviten_down"]
    assert [format_cards(e.secret["received"]) for e in down] == ["8h"]
    assert "7h" not in format_cards(hand.hole[seat]) and "8h" in format_cards(hand.hole[seat])
    assert down[0].for_seat(1 - seat).secret == {}  # face down: the other seat never sees it
    assert hand.to_act != seat  # the card must be kept: no second choice


def test_sviten_rule_is_only_for_one_card_draws() -> None:
    hand = Hand("sviten-special", stacks=[500] * 2, button=0, rng=random.Random(21))
    play(hand, Action.call(), Action.check(), Action.check(), Action.check())
    seat = hand.to_act
    assert seat is not None
    hand.apply(Action.discard(hand.hole[seat][:2]))
    assert not any(e.kind == "sviten_up" for e in hand.events)


def test_sviten_is_not_silently_added_to_drawmaha() -> None:
    hand = Hand("drawmaha", stacks=[500] * 2, button=0, rng=random.Random(21))
    play(hand, Action.call(), Action.check(), Action.check(), Action.check())
    seat = hand.to_act
    assert seat is not None
    hand.apply(Action.discard(hand.hole[seat][:1]))
    assert not any(e.kind == "sviten_up" for e in hand.events)


# --- Doogie --------------------------------------------------------------------------------


def test_doogie_ante_from_every_player_no_blinds() -> None:
    hand = Hand("doogie", stacks=[100] * 4, button=0, rng=random.Random(22),
                stakes=Stakes.parse("1/2", GAMES["doogie"]))  # fmt: skip
    posts = [(e.seat, e.data["blind"], e.data["amount"]) for e in hand.events if e.kind == "post"]
    assert posts == [(1, "ante", 1), (2, "ante", 1), (3, "ante", 1), (0, "ante", 1)]
    assert hand.to_act == 1 and "check" in kinds(hand)


def _to_declaration(hand: Hand) -> None:
    while hand.phase != "declare":
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(Action.check() if legal.check else Action.call())


def test_doogie_declarations_are_secret_until_all_are_made() -> None:
    hand = Hand("doogie", stacks=[100] * 3, button=0, rng=random.Random(23))
    _to_declaration(hand)
    first = hand.to_act
    hand.apply(Action.declare("low"))
    declared = [e for e in hand.events if e.kind == "declare"]
    assert declared[0].secret == {"way": "low"}
    for other in range(3):
        if other != first:
            assert all("way" not in e.secret for e in hand.view(other) if e.kind == "declare")
    assert not any(e.kind == "reveal" for e in hand.events)
    hand.apply(Action.declare("high"))
    hand.apply(Action.declare("both"))
    reveal = [e for e in hand.events if e.kind == "reveal"]
    assert len(reveal) == 1 and len(reveal[0].data["declarations"]) == 3
    assert hand.phase == "bet"  # the final betting round follows the declaration


def test_doogie_two_way_declarer_who_ties_high_loses_both_halves() -> None:
    # Board four kings; both players hold an ace: four kings with an ace kicker each.
    deck = stacked_deck(["As2d3h7c9d9h", "AhQsQdJsJdTs"], then="Kh Ks Kc Kd", button=0)
    hand = Hand("doogie", stacks=[100, 100], button=0, deck=deck)
    _to_declaration(hand)
    hand.apply(Action.declare("high"))  # seat1 declares first (left of the button)
    hand.apply(Action.declare("both"))  # seat0: a 7 doogie and tied high
    play(hand, Action.check(), Action.check())
    assert hand.is_over
    assert hand.stacks == [100 - 1, 100 + 1]  # seat0 loses its ante to seat1


def test_doogie_two_way_tie_with_the_best_possible_hand_keeps_the_pot() -> None:
    deck = stacked_deck(["3h4s9c9dTcJd", "3s4hQcQdJcTd"], then="Ac 2d Kh Ks", button=0)
    ante_2 = Stakes(small_blind=2, big_blind=4, ante=2)
    hand = Hand("doogie", stacks=[100, 100], button=0, deck=deck, stakes=ante_2)
    _to_declaration(hand)
    hand.apply(Action.declare("both"))
    hand.apply(Action.declare("both"))
    play(hand, Action.check(), Action.check())
    assert hand.stacks == [100, 100]
    keep_off = Hand("doogie", stacks=[100, 100], button=0, deck=deck, stakes=ante_2,
                    options=Options(two_way_tie_keeps=False))  # fmt: skip
    _to_declaration(keep_off)
    keep_off.apply(Action.declare("both"))
    keep_off.apply(Action.declare("both"))
    play(keep_off, Action.check(), Action.check())
    assert keep_off.result is not None
    assert keep_off.result.pots[0].disqualified.keys() == {"seat1", "seat2"}


# --- The log -------------------------------------------------------------------------------


def test_log_replays_after_a_json_round_trip() -> None:
    hand = Hand("bodigiha", stacks=[200] * 4, button=1, rng=random.Random(24))
    rng = random.Random(25)
    from splitpot.bots import random_action

    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(random_action(legal, rng))
    again = Hand.replay(events_from_json(events_to_json(hand.events).splitlines()))
    assert again.stacks == hand.stacks
    assert [e.to_json() for e in again.events] == [e.to_json() for e in hand.events]


def test_log_reads_back_the_text_events_to_json_returns() -> None:
    hand = Hand("badugi", stacks=[200, 200], names=["Ann", "Bob"], rng=random.Random(7))
    hand.apply(Action.call())
    hand.apply(Action.raise_to(4))
    hand.apply(Action.fold())
    text = events_to_json(hand.events)
    assert isinstance(text, str) and "\n" in text
    from_text = events_from_json(text)  # no .splitlines() needed
    assert from_text == list(hand.events)
    assert events_from_json(text.splitlines()) == from_text  # lines, as a file gives them
    assert events_from_json(iter(text.splitlines(keepends=True))) == from_text
    assert events_from_json(text + "\n\n") == from_text  # blank lines skipped


def test_hand_payouts_by_name_are_keyed_as_settle_keys_them() -> None:
    folded = Hand("badugi", stacks=[200, 200], names=["Ann", "Bob"], rng=random.Random(7))
    folded.apply(Action.call())
    folded.apply(Action.raise_to(4))
    folded.apply(Action.fold())
    assert folded.payouts == {1: 4}  # by seat: what the table and the web move stacks by
    assert folded.payouts_by_name == {"Bob": 4}
    shown = Hand("drawmaha", stacks=[100, 100], names=["Ann", "Bob"], rng=random.Random(3))
    while not shown.is_over:
        legal = shown.legal_actions()
        assert legal is not None
        if legal.phase == "draw":
            shown.apply(Action.stand_pat())
        else:
            shown.apply(Action.check() if legal.check else Action.call())
    assert shown.result is not None
    assert shown.payouts_by_name == {n: c for n, c in shown.result.payouts.items() if c}
    assert sum(shown.payouts_by_name.values()) == 4  # the blinds, checked down
    assert set(shown.payouts_by_name) <= {"Ann", "Bob"}


def test_log_view_hides_other_hole_cards_and_the_deck() -> None:
    hand = Hand("drawmaha", stacks=[200] * 3, button=0, rng=random.Random(26))
    view = hand.view(1)
    assert "deck" not in view[0].secret
    dealt = {e.seat: e.secret for e in view if e.kind == "deal_hole"}
    assert dealt[1]["cards"] == tuple(hand.hole[1])
    assert dealt[0] == {} and dealt[2] == {}


# --- A table -------------------------------------------------------------------------------


def test_table_button_moves_stacks_carry_over_game_rotates() -> None:
    rng = random.Random(27)
    table = Table(["drawmaha", "bodigiha", "badugi", "doogie"], stacks=[200] * 4, rng=rng)
    from splitpot.bots import random_policy

    policy = random_policy(rng)
    buttons, games = [], []
    for _ in range(8):
        hand = table.play_hand(policy)
        buttons.append(hand.names[hand.button])
        games.append(hand.game.id)
        assert sum(table.stacks) == 800
    assert games[:4] == ["drawmaha", "bodigiha", "badugi", "doogie"]
    assert games[4:] == games[:4]
    assert buttons[0] == "seat1" and buttons[1] != buttons[0]


def test_table_busted_seat_sits_out() -> None:
    rng = random.Random(28)
    table = Table("holdem", stacks=[100, 100, 0], rng=rng)
    hand = table.new_hand()
    assert hand.names == ("seat1", "seat2")


def test_blinds_short_big_blind_still_makes_the_others_call_a_full_blind() -> None:
    hand = Hand(
        "holdem", stacks=[100, 100, 1], button=0, rng=random.Random(29), stakes=stakes_1_2()
    )
    legal = hand.legal_actions()
    assert hand.to_act == 0 and legal is not None and legal.call == 2


@pytest.mark.parametrize(
    ("game_id", "structure", "stacks"),
    [
        ("holdem", "no-limit", [50, 100, 20]),
        ("omaha", "pot-limit", [7, 100, 5]),
        ("badugi", "fixed-limit", [4, 100, 3]),
        ("bodigiha", "pot-limit", [7, 100, 5]),
    ],
)
def test_no_raise_that_nobody_can_answer(game_id: str, structure: str, stacks: list[int]) -> None:
    # docs/rules.md "Betting": the first player is all-in, the big blind cannot put in more
    # than that bet, so the small blind (deep) may call or fold but not raise.
    hand = Hand(game_id, stacks=stacks, button=0, structure=structure,
                rng=random.Random(30), stakes=stakes_1_2())  # fmt: skip
    legal = hand.legal_actions()
    assert hand.to_act == 0 and legal is not None and legal.raise_ is not None
    hand.apply(Action.raise_to(legal.raise_.max_to))
    assert hand.stacks[0] == 0
    assert kinds(hand) == ("fold", "call")
    with pytest.raises(IllegalActionError, match="cannot raise"):
        hand.apply(Action.raise_to(100))


def test_no_raise_that_nobody_can_answer_an_opponent_with_chips_beyond_the_bet_may() -> None:
    hand = Hand("holdem", stacks=[50, 100, 60], button=0, rng=random.Random(30),
                stakes=stakes_1_2())  # fmt: skip
    hand.apply(Action.raise_to(50))
    assert kinds(hand) == ("fold", "call", "raise")


def test_first_winner_settles_consecutive_pots_with_the_same_winners_as_one() -> None:
    # PHH readers (PokerKit) put out a hand that cannot win, so a main and a side pot left with
    # the same winners are one pot: 578 splits 289 each, where TDA 20 splits 289 and 289 and
    # gives both odd chips to the first winner left of the button (p2).
    from splitpot.engine.showdown import settle

    players = {"p2": "4d Jc", "p5": "Js 4s", "p6": "2h 7c"}
    paid = {"p1": 1, "p2": 201, "p3": 0, "p4": 103, "p5": 201, "p6": 72}
    seats = ["p1", "p2", "p3", "p4", "p5", "p6"]
    common = {"contributions": paid, "seats": seats, "button": "p6", "board": "9c 8d Kh 3c 9h"}
    house = settle("holdem", players, **common)  # type: ignore[arg-type]
    reader = settle("holdem", players, odd_chip="first-winner", **common)  # type: ignore[arg-type]
    assert (house.payouts["p2"], house.payouts["p5"], len(house.pots)) == (290, 288, 2)
    assert (reader.payouts["p2"], reader.payouts["p5"], len(reader.pots)) == (289, 289, 1)
