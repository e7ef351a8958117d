"""Bomb pots (docs/rules.md "At the table"; engine/bomb.py): every player with chips posts the
bomb ante, no betting before the flop, the flop dealt at once, then the game as usual."""

from __future__ import annotations

import random

import pytest

from splitpot.bots.base import RandomBot, seat_view
from splitpot.describe import hand_title
from splitpot.engine.events import BettingRound, BoardDealt, HandStarted, Posted
from splitpot.engine.hand import Hand
from splitpot.engine.options import Options
from splitpot.errors import GameSpecError

BOMB = Options(bomb_ante=5)


def test_a_drawmaha_bomb_pot_deals_the_flop_with_no_betting_before_it() -> None:
    hand = Hand("drawmaha", stacks=[100, 100, 3], options=BOMB, rng=random.Random(4))
    posted = [e for e in hand.events if isinstance(e, Posted)]
    assert [(e.blind, e.amount) for e in posted] == [("ante", 5), ("ante", 3), ("ante", 5)]
    first_round = next(i for i, e in enumerate(hand.events) if isinstance(e, BettingRound))
    flop = next(i for i, e in enumerate(hand.events) if isinstance(e, BoardDealt))
    assert flop < first_round and len(hand.board) == 3  # the flop first, at once
    assert hand.events[first_round].number == 2  # (the round before the flop is not played)
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "bet" and legal.check  # nobody owes a blind
    assert hand.bets == [0, 0, 0] and hand.pot == 13


def test_a_bomb_pot_is_only_for_games_with_a_board() -> None:
    with pytest.raises(GameSpecError, match="bomb pot: Badugi has no board"):
        Hand("badugi", stacks=[100, 100], options=BOMB, rng=random.Random(1))


def test_a_bomb_pot_replays_and_its_title_says_so() -> None:
    hand = Hand("bodigiha", stacks=[100, 100], options=BOMB, rng=random.Random(2))
    again = Hand.replay(hand.events)
    assert again.board == hand.board and again.pot == hand.pot
    start = hand.events[0]
    assert isinstance(start, HandStarted)
    assert hand_title(start).endswith(" - bomb pot, ante 5")
    assert Options.from_json(BOMB.to_json()) == BOMB
    assert "bomb_ante" not in Options().to_json()  # (hands stored before bomb pots read the same)


def test_500_bot_hands_of_bomb_pots_conserve_chips() -> None:
    rng = random.Random(23)
    games = ("drawmaha", "bodigiha", "doogie", "drawmaha-27")
    for number in range(500):
        stacks = [rng.randint(1, 60) for _ in range(rng.randint(2, 5))]
        hand = Hand(
            games[number % len(games)], stacks=stacks, options=Options(bomb_ante=rng.randint(1, 6)),
            button=number % len(stacks), rng=random.Random(number),
        )  # fmt: skip
        bots = [RandomBot(random.Random(number * 10 + s)) for s in range(len(stacks))]
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None
            hand.apply(bots[legal.seat].act(seat_view(hand, legal.seat), legal), seat=legal.seat)
        assert sum(hand.stacks) == sum(stacks), number


def test_a_bomb_pot_in_phh_has_everyones_ante_and_round_trips() -> None:
    from splitpot.history.phh_export import export_phh
    from splitpot.history.phh_import import import_phh

    hand = Hand("drawmaha", stacks=[50, 60, 70], options=BOMB, rng=random.Random(3))
    bot = RandomBot(random.Random(1))
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(bot.act(seat_view(hand, legal.seat), legal), seat=legal.seat)
    text = export_phh(hand.events)
    assert "antes = [5, 5, 5]" in text and "blinds_or_straddles = [0, 0, 0]" in text
    assert "bomb_ante = 5" in text  # (the `_options` field)
    again = import_phh(text)
    assert export_phh(again) == text
    assert Hand.replay(again).stacks == hand.stacks
