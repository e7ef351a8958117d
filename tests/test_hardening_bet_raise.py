"""Issue 26, the protocol and the engine agree: ``bet`` and ``raise`` both mean "put in more"
(docs/web-protocol.md), so either word is taken for whichever of the two is legal now, in the
engine (:meth:`LegalActions.normalise`, read by :meth:`Hand.apply`), and so at the web and in
``splitpot play``."""

from __future__ import annotations

import random

import pytest

from splitpot.engine import Action, Hand
from splitpot.engine.events import BetTo, RaisedTo
from splitpot.errors import IllegalActionError
from splitpot.games import find_game
from splitpot.play import parse_command


def badugi_hand() -> Hand:
    return Hand(find_game("badugi"), stacks=[200, 200, 200], button=0, rng=random.Random(5))


def test_bet_where_only_a_raise_is_legal_is_a_raise() -> None:
    hand = badugi_hand()
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None and legal.raise_.kind == "raise"
    event = hand.apply(Action.bet(legal.raise_.min_to))
    assert isinstance(event, RaisedTo) and event.to == legal.raise_.min_to


def test_raise_where_only_a_bet_is_legal_is_a_bet() -> None:
    hand = badugi_hand()
    while hand.phase == "bet" and hand.events[-1].kind != "draw_round":
        legal = hand.legal_actions()
        assert legal is not None
        hand.apply(Action.check() if legal.check else Action.call())
        if hand.phase != "bet":
            break
    while hand.phase == "draw":
        hand.apply(Action.stand_pat())
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None and legal.raise_.kind == "bet"
    event = hand.apply(Action.raise_to(legal.raise_.min_to))  # "P0 cannot raise now" before
    assert isinstance(event, BetTo) and event.to == legal.raise_.min_to
    # The words name the action's kind only: an amount out of bounds is refused as before.
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    with pytest.raises(IllegalActionError, match="raise"):
        hand.apply(Action.bet(legal.raise_.max_to + 1))


def test_play_takes_either_word_through_the_same_rule() -> None:
    hand = badugi_hand()
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    for word in ("bet", "raise", "b", "r"):
        action = parse_command(f"{word} {legal.raise_.min_to}", hand, legal)
        assert action == Action.raise_to(legal.raise_.min_to), word
