"""The lowball draw games of docs/rules.md "The mixed-game menu" played everywhere a game is.

2-7 Triple Draw, A-5 Triple Draw and 2-7 Single Draw: six seats x 500 random hands each with
chips conserved and every card in exactly one place after every action (so no card is dealt
twice, reshuffles included: docs/rules.md "Drawing"); and the commands that take a game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cli_run import cli
from splitpot.bots import random_action
from splitpot.cards import full_deck
from splitpot.engine.hand import Hand
from splitpot.games import GAMES

MENU_DRAW_GAMES = ("27-triple-draw", "a5-triple-draw", "27-single-draw")
ALL_CARDS = frozenset(full_deck())


@pytest.mark.parametrize("game_id", MENU_DRAW_GAMES)
def test_six_seats_500_random_hands_conserve_chips_and_deal_no_card_twice(game_id: str) -> None:
    # Up to six players, as Badugi and Badacey: 30 cards dealt, the draws go on by reshuffling.
    assert GAMES[game_id].max_players == 6
    rng = random.Random(game_id)
    stacks = [200] * 6
    seen: Counter[str] = Counter()
    for number in range(500):
        stacks = [chips if chips > 0 else 200 for chips in stacks]  # a busted seat rebuys
        before = sum(stacks)
        hand = Hand(game_id, stacks=stacks, button=number % 6, rng=rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None
            hand.apply(random_action(legal, rng))
            places = hand.card_places()  # refuses a card in two places
            assert set(places) == ALL_CARDS
            if not hand.is_over:
                assert sum(hand.stacks) + hand.pot == before
        assert sum(hand.stacks) == before
        stacks = list(hand.stacks)
        seen["showdown"] += hand.result is not None
        seen["reshuffle"] += any(e.kind == "reshuffle" for e in hand.events)
        seen["draws"] += sum(e.kind == "discard" for e in hand.events)
    assert seen["showdown"] >= 50 and seen["draws"] >= 500, seen
    if len(GAMES[game_id].draws) == 3:
        assert seen["reshuffle"] > 0, seen  # six players drawing three times empty the stub


@pytest.mark.parametrize("game_id", MENU_DRAW_GAMES)
def test_simulate_reports_conserved_chips(game_id: str) -> None:
    code, out = cli(["simulate", game_id, "--players", "6", "--hands", "60", "--seed", "4",
                     "--no-store", "--json"])  # fmt: skip
    assert code == 0
    report = json.loads(out)
    assert report["game"] == game_id and report["hands"] == 60
    assert report["chips_before"] == report["chips_after"] and report["showdowns"] > 0
