"""The expert bot's starting hands come from the shipped atlases, in the spots they hold
(splitpot.bots.starting), and are computed everywhere else."""

from __future__ import annotations

import random
from typing import Any

import pytest

from splitpot.atlas import lookup
from splitpot.bots import expert as expert_module
from splitpot.bots.base import seat_view
from splitpot.bots.expert import ExpertBot
from splitpot.cards import format_cards, parse_cards
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand

# Badugi heads-up, button 1: seat 0 gets the odd cards, seat 1 the even ones; seat 1 (the
# button, the small blind) acts first before the draw.
A234_FOR_SEAT_1 = "Kc As Kd 2d 7s 3h 8h 4c"
ROUGH_FOR_SEAT_1 = "Kc As Kd 2s 7s 9h 8h Ks"  # seat 1: As 2s 9h Ks, a three-card hand


@pytest.fixture
def no_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine must not be asked: the atlas answers."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the engine was asked for a spot the atlas holds")

    monkeypatch.setattr(expert_module, "equity", refuse)
    monkeypatch.setattr(expert_module, "compare_discards", refuse)


def badugi(deck: str) -> Hand:
    return Hand("badugi", stacks=[200, 200], button=1, deck=parse_cards(deck),
                rng=random.Random(0))  # fmt: skip


def to_first_draw(hand: Hand) -> None:
    while hand.phase != "draw":
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(Action.check() if legal.check else Action.call())


def test_a_preflop_bet_against_an_opponent_yet_to_act_reads_the_atlas(no_engine: None) -> None:
    hand = badugi(A234_FOR_SEAT_1)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1
    bot = ExpertBot(random.Random(1), samples=400)
    action = bot.act(seat_view(hand, 1), legal)
    record = lookup("badugi", "As 2d 3h 4c")
    assert record is not None
    assert f"equity {record['equity']:.0%} (atlas)" in bot.reason
    assert action.kind == "raise", bot.reason  # the best hand there is raises for value


def test_a_preflop_bet_after_the_opponent_raised_is_computed_against_the_range() -> None:
    hand = badugi(A234_FOR_SEAT_1)
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    hand.apply(Action("raise", amount=legal.raise_.min_to))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0
    bot = ExpertBot(random.Random(1), samples=400)
    bot.act(seat_view(hand, 0), legal)
    assert "(atlas)" not in bot.reason and "top 60%" in bot.reason


def test_the_first_draw_before_anyone_draws_takes_the_atlas_best_option(no_engine: None) -> None:
    hand = badugi(ROUGH_FOR_SEAT_1)
    to_first_draw(hand)
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "draw"
    seat = legal.seat
    hole = format_cards(hand.hole[seat])
    record = lookup("badugi", hole)
    assert record is not None
    bot = ExpertBot(random.Random(1), samples=400)
    action = bot.act(seat_view(hand, seat), legal)
    thrown = sorted(str(c) for c in action.cards)
    assert thrown == sorted(record["best_discard"]), bot.reason
    assert "(atlas, best of 16 options)" in bot.reason


def test_the_second_drawer_computes_against_the_first_drawer_s_draw() -> None:
    hand = badugi(ROUGH_FOR_SEAT_1)
    to_first_draw(hand)
    legal = hand.legal_actions()
    assert legal is not None
    hand.apply(Action.discard(hand.hole[legal.seat][:1]))
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "draw"
    bot = ExpertBot(random.Random(1), samples=400)
    bot.act(seat_view(hand, legal.seat), legal)
    assert "atlas" not in bot.reason and "drew 1" in bot.reason


def test_three_handed_the_atlas_of_one_opponent_is_not_used() -> None:
    hand = Hand("badugi", stacks=[200, 200, 200], button=0, rng=random.Random(4))
    legal = hand.legal_actions()
    assert legal is not None
    bot = ExpertBot(random.Random(1), samples=300)
    bot.act(seat_view(hand, legal.seat), legal)
    assert "(atlas)" not in bot.reason


@pytest.mark.parametrize("game", ["drawmaha", "bodigiha"])
def test_board_games_read_their_preflop_odds_from_the_atlas(game: str, no_engine: None) -> None:
    hand = Hand(game, stacks=[200, 200], button=1, rng=random.Random(8))
    legal = hand.legal_actions()
    assert legal is not None
    bot = ExpertBot(random.Random(1), samples=400)
    bot.act(seat_view(hand, legal.seat), legal)
    record = lookup(game, hand.hole[legal.seat])
    assert record is not None
    assert f"equity {record['equity']:.0%} (scoop {record['scoop']:.0%}" in bot.reason
    assert "(atlas)" in bot.reason


def test_a_game_without_a_shipped_atlas_computes() -> None:
    hand = Hand("badacey", stacks=[200, 200], button=1, rng=random.Random(8))
    legal = hand.legal_actions()
    assert legal is not None
    bot = ExpertBot(random.Random(1), samples=300)
    bot.act(seat_view(hand, legal.seat), legal)
    assert "atlas" not in bot.reason
