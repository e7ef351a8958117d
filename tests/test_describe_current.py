"""A hand in progress in words, award by award (issue 23), from the engine's evaluators: the
showdown's own words (HandValue.describe)."""

from __future__ import annotations

from splitpot.cards import parse_cards
from splitpot.describe import current_hand_line, current_hands
from splitpot.games import find_game


def test_drawmaha_before_the_flop_has_a_draw_hand_and_no_omaha_hand_yet() -> None:
    line = current_hand_line(find_game("drawmaha"), parse_cards("Ks Kd 7h 7c 2s"), [])
    assert line == "Omaha high: no hand yet \u00b7 Draw high: Two pair, kings and sevens"


def test_the_words_are_the_showdowns_words_for_each_award() -> None:
    game = find_game("drawmaha")
    hole, board = parse_cards("Ks Kd 7h 7c 2s"), parse_cards("Ah Kh 3d")
    expected = [(a.label.split(" (")[0], a.hand(hole, board).describe()) for a in game.awards]
    assert current_hands(game, hole, board) == expected
    assert current_hands(game, hole, board)[0] == ("Omaha high", "Three kings")


def test_a_hand_that_does_not_qualify_says_what_it_lacks() -> None:
    line = current_hand_line(find_game("doogie"), parse_cards("Ks Kd 9h 8c 2s"), [])
    assert "(not 7-doogie or better)" in line
