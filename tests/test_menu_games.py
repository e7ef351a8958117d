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
from random_hands import random_hands
from splitpot.games import GAMES

MENU_DRAW_GAMES = ("27-triple-draw", "a5-triple-draw", "27-single-draw")


@pytest.mark.parametrize("game_id", MENU_DRAW_GAMES)
def test_six_seats_500_random_hands_conserve_chips_and_deal_no_card_twice(game_id: str) -> None:
    # Up to six players, as Badugi and Badacey: 30 cards dealt, the draws go on by reshuffling.
    assert GAMES[game_id].max_players == 6
    seen: Counter[str] = Counter()
    for hand in random_hands(game_id, 6, 500, random.Random(game_id)):
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
