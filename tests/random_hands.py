"""Random hands of a game at a full table, with the checks every such run makes: after every
action each card is in exactly one place (so no card is dealt twice, reshuffles included) and
the chips are conserved. The menu games' tests use it (tests/test_menu_*.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from splitpot.bots import random_action
from splitpot.cards import full_deck
from splitpot.engine.hand import Hand

ALL_CARDS = frozenset(full_deck())


def random_hands(game_id: str, seats: int, count: int, rng: random.Random) -> Iterator[Hand]:
    """``count`` hands of ``game_id`` at ``seats`` seats of 200 chips (a busted seat rebuys),
    every action chosen at random by ``rng``, the button moving a seat a hand; each finished
    hand, checked, is yielded."""
    stacks = [200] * seats
    for number in range(count):
        stacks = [chips if chips > 0 else 200 for chips in stacks]
        before = sum(stacks)
        hand = Hand(game_id, stacks=stacks, button=number % seats, rng=rng)
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
        yield hand
