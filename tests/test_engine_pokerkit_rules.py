"""The options that play a PHH written by PokerKit by PokerKit's rules instead of the house
rules (docs/rules.md "Betting" and "Drawing"; docs/phh.md "What PokerKit can and cannot do"):
each test shows both behaviours on one constructed hand."""

from __future__ import annotations

import random

from splitpot.cards import format_cards
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, stacked_deck
from splitpot.engine.options import Options, Stakes

FOUR = ["As2h3d4c", "KsKhKdKc", "QsQhQdQc", "JsJhJdJc"]
BETS_4_8 = Stakes(small_blind=1, big_blind=2, small_bet=4, big_bet=8)


def _play(hand: Hand, *actions: Action) -> None:
    for action in actions:
        hand.apply(action)


def _raise_to(hand: Hand) -> tuple[int, int] | None:
    legal = hand.legal_actions()
    assert legal is not None
    return None if legal.raise_ is None else (legal.raise_.min_to, legal.raise_.max_to)


def _badugi_after_the_draw(stack: int, options: Options) -> Hand:
    """Three-handed fixed-limit Badugi at 4/8, seat 2 short; the first draw stood pat."""
    hand = Hand("badugi", stacks=[100, 100, stack], button=0, rng=random.Random(8),
                stakes=BETS_4_8, options=options)  # fmt: skip
    _play(hand, Action.call(), Action.call(), Action.check(), *[Action.stand_pat()] * 3)
    return hand


def test_fixed_limit_half_a_bet_is_a_full_one_by_the_house_rule_pokerkit_raises_above_it() -> None:
    # seat1 bets 4, seat2 is all-in to 6 (half a bet more).
    for half_bet_full, next_raise, reopened in ((True, 10, True), (False, 10, False)):
        hand = _badugi_after_the_draw(8, Options(half_bet_full=half_bet_full))
        _play(hand, Action.bet(4), Action.raise_to(6))
        assert _raise_to(hand) == (next_raise, next_raise)
        _play(hand, Action.call())  # seat0 calls 6: back to seat1, who bet
        assert (_raise_to(hand) is not None) is reopened, half_bet_full
    # seat2 is all-in to 5 (less than half a bet more): the next raise is to 8 by the house
    # rule (a full bet above the last full one), to 9 by PokerKit's (a full bet above 5).
    for half_bet_full, next_raise in ((True, 8), (False, 9)):
        hand = _badugi_after_the_draw(7, Options(half_bet_full=half_bet_full))
        _play(hand, Action.bet(4), Action.raise_to(5))
        assert _raise_to(hand) == (next_raise, next_raise), half_bet_full


def test_fixed_limit_pokerkit_counts_a_short_all_in_raise_toward_the_cap() -> None:
    # seat1 bets 4, seat2 is all-in to 5 (short), seat0 raises, seat1 re-raises: by the house
    # rule three full bets, so seat0 may raise again; by PokerKit's four bets and raises, the cap.
    for half_bet_full, capped in ((True, False), (False, True)):
        hand = _badugi_after_the_draw(7, Options(half_bet_full=half_bet_full))
        _play(hand, Action.bet(4), Action.raise_to(5))
        _play(hand, Action.raise_to(8 if half_bet_full else 9))
        _play(hand, Action.raise_to(12 if half_bet_full else 13))
        assert hand.to_act == 0
        assert (_raise_to(hand) is None) is capped, half_bet_full


def test_tda_43_a_short_first_bet_does_not_reopen_pokerkit_counts_it_as_full() -> None:
    # Pot-limit Omaha, blinds 1/2: on the flop seat1 and seat2 check, the button (seat0)
    # is all-in for a bet of 1, short of the smallest bet (2). TDA 43 (the house rule): the
    # players who checked may call or fold; PokerKit: the round's first bet is full.
    for first_bet_full in (False, True):
        hand = Hand("omaha", stacks=[3, 100, 100], button=0, rng=random.Random(3),
                    stakes=Stakes(small_blind=1, big_blind=2), structure="pot-limit",
                    options=Options(first_bet_full=first_bet_full))  # fmt: skip
        _play(hand, Action.call(), Action.call(), Action.check())  # 2 each preflop
        _play(hand, Action.check(), Action.check(), Action.bet(1))  # seat0 all-in
        assert hand.to_act == 1
        raise_ = _raise_to(hand)
        assert (raise_ is not None) is first_bet_full
        if raise_ is not None:
            assert raise_[0] == 3  # a full raise above it: the smallest bet, 2


def test_drawing_replacements_before_the_next_discard_pokerkit_deals_them_after_all() -> None:
    deck = stacked_deck(FOUR[:3], then="5s 6h 7d", button=0)
    for after in (False, True):
        hand = Hand("badugi", stacks=[500] * 3, button=0, deck=deck,
                    stakes=Stakes(small_blind=1, big_blind=2),
                    options=Options(deal_after_discards=after))  # fmt: skip
        _play(hand, Action.call(), Action.call(), Action.check())
        hand.apply(Action.discard("Ks"))
        assert ("5s" in format_cards(hand.hole[1])) is not after
        assert len(hand.hole[1]) == (3 if after else 4)
        hand.apply(Action.discard("Qs Qh"))
        hand.apply(Action.stand_pat())  # the button draws last: now every draw is dealt
        assert "5s" in format_cards(hand.hole[1])
        assert sorted(format_cards(hand.hole[2][-2:]).split()) == ["6h", "7d"]
        draws = [e for e in hand.events if e.kind == "discard"]
        assert [e.seat for e in draws] == [1, 2, 0]  # logged in the drawing order
        assert Hand.replay(hand.events).hole == hand.hole


def test_drawing_pokerkit_reshuffles_every_discard_of_the_round_the_drawers_own_too() -> None:
    # Badacey, six players: 30 dealt, 22 in the stub; everyone throws five. The house rule
    # reshuffles the fifth drawer's replacements without their own discards; PokerKit's deals
    # every replacement after the last discard, from all thirty discards and the stub.
    for after, pool_size in ((False, 2 + 20), (True, 2 + 30)):
        hand = Hand("badacey", stacks=[500] * 6, button=0, rng=random.Random(20),
                    options=Options(deal_after_discards=after))  # fmt: skip
        while hand.phase == "bet":
            legal = hand.legal_actions()
            assert legal is not None
            hand.apply(Action.check() if legal.check else Action.call())
        while hand.phase == "draw":
            seat = hand.to_act
            assert seat is not None
            hand.apply(Action.discard(hand.hole[seat]))
        hand.card_places()
        (reshuffle,) = [e for e in hand.events if e.kind == "reshuffle"]
        pool = set(reshuffle.secret["order"]) | set(reshuffle.secret["burned"])
        assert len(pool) == pool_size, after


def test_pokerkit_short_all_ins_that_add_up_to_the_largest_raise_reopen_the_betting() -> None:
    # Fixed-limit hold'em 2/4, four players: on the flop seat0 bets 2, seat1 calls, seat2 is
    # all-in to 3 and seat3 all-in to 4 (one short each, two adding up to a bet): PokerKit
    # lets seat0 raise to 6 again; after one short all-in alone it may only call.
    pokerkits = Options(half_bet_full=False, first_bet_full=True, blind_counts_as_bet=False)
    for stacks, reopened in (([100, 100, 5, 6], True), ([100, 100, 5, 10], False)):
        hand = Hand("holdem", stacks=stacks, button=3, rng=random.Random(4),
                    stakes=Stakes(small_blind=1, big_blind=2), structure="fixed-limit",
                    options=pokerkits)  # fmt: skip
        _play(hand, Action.call(), Action.call(), Action.call(), Action.check())
        _play(hand, Action.bet(2), Action.call(), Action.raise_to(3))
        _play(hand, Action.raise_to(4) if reopened else Action.call())
        assert hand.to_act == 0
        assert _raise_to(hand) == ((6, 6) if reopened else None), stacks


STUD = Stakes(small_blind=1, big_blind=2, ante=1, small_bet=2, big_bet=4, bring_in=1)
POKERKITS = Options(half_bet_full=False, first_bet_full=True, blind_counts_as_bet=False)


def _stud(stacks: list[int], options: Options) -> Hand:
    """Three-handed stud 1/2/4, bring-in 1, the button on seat 2: seat 1's deuce brings in."""
    deck = "Jc Tc 9c Jd Td 9d Kh 2d Ks"  # two down each from seat 0, then Kh 2d Ks up
    return Hand("stud", stacks=stacks, button=2, stakes=STUD, deck=deck, options=options,
                rng=random.Random(1))  # fmt: skip


def test_stud_completing_the_bring_in_is_the_first_full_bet_by_either_rule() -> None:
    # docs/rules.md "The mixed-game menu": the next player calls the bring-in or completes to
    # the small bet; PokerKit too (the completion is its round's first bet, not a raise of a
    # bet above the bring-in), and the cap counts it: complete and three raises.
    for options in (Options(), Options(half_bet_full=False), POKERKITS):
        hand = _stud([100] * 3, options)
        hand.apply(Action.bring_in())
        assert _raise_to(hand) == (2, 2), options
        _play(hand, Action.call(), Action.raise_to(2))  # seat 2 calls, seat 0 completes
        assert hand.to_act == 1 and _raise_to(hand) == (4, 4), options  # reopened
        _play(hand, Action.raise_to(4), Action.raise_to(6), Action.raise_to(8))
        assert hand.to_act == 1 and _raise_to(hand) is None, options


def test_stud_a_bring_in_stack_completes_all_in_by_pokerkits_rule_not_the_houses() -> None:
    # Seat 1 has the bring-in (1) behind after its ante. The house rule: it brings in, and
    # the next player may complete to 2. PokerKit's: it may instead complete all-in to 1, a
    # round's first bet, and the next player raises a full bet above it, to 3.
    house = _stud([100, 2, 100], Options())
    assert _raise_to(house) is None
    house.apply(Action.bring_in())
    assert _raise_to(house) == (2, 2)
    pokerkit = _stud([100, 2, 100], POKERKITS)
    assert _raise_to(pokerkit) == (1, 1)
    pokerkit.apply(Action.bet(1))
    assert pokerkit.to_act == 2 and _raise_to(pokerkit) == (3, 3)
