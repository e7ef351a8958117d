"""Forced bets as data (docs/rules.md "Betting"): antes per seat, blinds, the straddle."""

from __future__ import annotations

import random

import pytest

from splitpot.engine.events import Action, events_from_json, events_to_json
from splitpot.engine.hand import Hand
from splitpot.engine.options import Stakes
from splitpot.errors import GameSpecError
from splitpot.games import find_game


def posts(hand: Hand) -> list[tuple[int, str, int]]:
    return [(e.seat, e.data["blind"], e.data["amount"]) for e in hand.events if e.kind == "post"]


def test_forced_bets_big_blind_ante_only_the_big_blind_antes() -> None:
    hand = Hand("holdem", stacks=[100] * 4, button=0, stakes=Stakes.parse("1/2 bb-ante 2"),
                rng=random.Random(1))  # fmt: skip
    assert posts(hand) == [(2, "ante", 2), (1, "small blind", 1), (2, "big blind", 2)]
    assert hand.to_act == 3 and hand.pot == 5


def test_forced_bets_big_blind_ante_heads_up_is_the_big_blinds() -> None:
    hand = Hand("holdem", stacks=[100, 100], button=0, stakes=Stakes.parse("1/2 bb-ante 2"),
                rng=random.Random(1))  # fmt: skip
    assert posts(hand) == [(1, "ante", 2), (0, "small blind", 1), (1, "big blind", 2)]
    assert hand.to_act == 0  # TDA 34: the button is the small blind and acts first


def test_forced_bets_button_ante_only_the_button_antes() -> None:
    hand = Hand("holdem", stacks=[100] * 3, button=1, stakes=Stakes.parse("1/2 button-ante 3"),
                rng=random.Random(1))  # fmt: skip
    assert posts(hand) == [(1, "ante", 3), (2, "small blind", 1), (0, "big blind", 2)]


def test_forced_bets_antes_and_blinds_any_list_in_phh_order() -> None:
    stakes = Stakes(small_blind=1, big_blind=2, antes=(1, 2, 3), blinds=(0, 2, 0))
    hand = Hand("holdem", stacks=[100] * 3, button=2, stakes=stakes, rng=random.Random(1))
    assert posts(hand) == [(0, "ante", 1), (1, "ante", 2), (2, "ante", 3), (1, "big blind", 2)]
    assert hand.to_act == 2


def test_forced_bets_straddle_posts_twice_the_big_blind_and_acts_last_preflop() -> None:
    hand = Hand("holdem", stacks=[100] * 5, button=0, stakes=Stakes.parse("1/2 straddle"),
                rng=random.Random(1))  # fmt: skip
    assert posts(hand) == [(1, "small blind", 1), (2, "big blind", 2), (3, "straddle", 4)]
    legal = hand.legal_actions()
    assert hand.to_act == 4 and legal is not None and legal.call == 4
    assert legal.raise_ is not None and legal.raise_.min_to == 8  # the straddle's raise
    for _ in range(3):  # seats 4, 0, 1, 2 call; the straddler has the option
        hand.apply(Action.call())
    hand.apply(Action.call())
    legal = hand.legal_actions()
    assert hand.to_act == 3 and legal is not None and legal.check and legal.raise_ is not None


def test_forced_bets_unequal_antes_are_dead_money_in_the_main_pot() -> None:
    # The big blind antes 10 and is all-in for its blind of 10: the ante is dead money, so
    # the main pot is 10 (ante) + 10 from each of three players = 40, not 50 layered on 20.
    deck = "AsKsQcAhKhJd3s8h9dTd4c"  # aces to seat 1, kings to seat 2, then the board
    hand = Hand("holdem", stacks=[100, 100, 20], button=0,
                stakes=Stakes.parse("5/10 bb-ante 10"), deck=deck)  # fmt: skip
    assert hand.stacks[2] == 0
    hand.apply(Action.call())  # seat 0 calls 10
    hand.apply(Action.raise_to(40))  # seat 1 raises
    hand.apply(Action.call())  # seat 0 calls
    while not hand.is_over:
        hand.apply(Action.check())
    assert hand.result is not None
    amounts = [pot.amount for pot in hand.result.pots]
    assert amounts == [40, 60]
    assert sum(hand.stacks) == 220


@pytest.mark.parametrize(
    ("text", "ante", "rule", "straddle"),
    [
        ("1/2 ante 1", 1, "every", 0),
        ("1/2 bb-ante 2", 2, "big-blind", 0),
        ("1/2 button-ante 2", 2, "button", 0),
        ("1/2 straddle", 0, "every", 4),
        ("5/10 bb-ante 10 straddle", 10, "big-blind", 20),
    ],
)
def test_stakes_syntax_for_antes_and_the_straddle(
    text: str, ante: int, rule: str, straddle: int
) -> None:
    stakes = Stakes.parse(text)
    assert (stakes.ante, stakes.ante_rule, stakes.straddle) == (ante, rule, straddle)
    assert Stakes(**stakes.to_json()) == stakes


def test_stakes_json_without_new_forced_bets_is_unchanged() -> None:
    assert set(Stakes.parse("1/2 ante 1").to_json()) == {
        "small_blind", "big_blind", "ante", "small_bet", "big_bet"
    }  # fmt: skip


@pytest.mark.parametrize("text", ["1/2 straddle straddle", "1/2 ante", "1/2 bb-ante 1 ante 1"])
def test_stakes_syntax_refused_says_how_to_write_them(text: str) -> None:
    with pytest.raises(GameSpecError, match="bb-ante"):
        Stakes.parse(text)


def test_forced_bets_ante_game_refuses_a_straddle() -> None:
    with pytest.raises(GameSpecError, match="ANTE/SMALL_BET"):
        Stakes.parse("1/2 straddle", game=find_game("doogie"))


def test_forced_bets_replay_from_the_log() -> None:
    hand = Hand("holdem", stacks=[100, 60, 300, 80], button=1,
                stakes=Stakes.parse("1/2 bb-ante 2 straddle"), rng=random.Random(7))  # fmt: skip
    rng = random.Random(8)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        kinds = [k for k in legal.kinds if k in ("fold", "check", "call")]
        hand.apply(Action.call() if "call" in kinds and rng.random() < 0.7 else
                   Action.check() if "check" in kinds else Action.fold())  # fmt: skip
    again = Hand.replay(events_from_json(events_to_json(hand.events).splitlines()))
    assert again.stacks == hand.stacks and sum(hand.stacks) == 540


def test_forced_bets_short_big_blind_the_others_call_the_full_blind_by_option() -> None:
    from splitpot.engine.options import Options

    # Seat 2's big blind is all-in for 1: the house rule makes seat 0 call the full blind, 2;
    # short_blind_full=False (PHH readers, PokerKit) makes it the largest blind posted, 1.
    for full, call in ((True, 2), (False, 1)):
        hand = Hand("holdem", stacks=[100, 100, 1], button=0, stakes=Stakes.parse("1/2"),
                    options=Options(short_blind_full=full), rng=random.Random(1))  # fmt: skip
        legal = hand.legal_actions()
        assert hand.to_act == 0 and legal is not None and legal.call == call, full
        assert legal.raise_ is not None and legal.raise_.min_to == 3 + (call == 2)
