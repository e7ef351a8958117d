"""The opponent model and the ranges it feeds (issue 24): learnt per opponent from finished
hands, bounded, and a bet's or a pat hand's range keeps bluffs and snows."""

from __future__ import annotations

import random

from splitpot.bots.base import seat_view
from splitpot.bots.model import BALANCED, MAX_OPPONENTS, PRIOR_FOLD, OpponentModel, Tendencies
from splitpot.bots.ranges import DrawRanges, Read, rank_in_range, sample_holdings
from splitpot.cards import Card, full_deck, parse_cards
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand
from splitpot.games import find_game


def _folded_hand(names: list[str], seed: int) -> Hand:
    """Seat 0 bets (or raises) at once; seat 1 folds to it."""
    hand = Hand("badugi", stacks=[200, 200], button=1, rng=random.Random(seed), names=names)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.seat == 1 and legal.call:
            hand.apply(Action.fold())
        elif legal.raise_ is not None and legal.seat == 0:
            hand.apply(Action(legal.raise_.kind, amount=legal.raise_.min_to))
        else:
            hand.apply(Action.check() if legal.check else Action.call())
    return hand


def test_a_stranger_is_played_as_a_balanced_player() -> None:
    assert OpponentModel().tendencies("anyone") == BALANCED


def test_folds_to_bets_raise_the_fold_rate_of_that_opponent_only() -> None:
    model = OpponentModel()
    for seed in range(6):
        model.observe(seat_view(_folded_hand(["me", "folder"], seed), 0))
    assert model.tendencies("folder").fold > PRIOR_FOLD + 0.2
    assert model.tendencies("someone else") == BALANCED


def test_the_model_holds_a_bounded_number_of_opponents() -> None:
    model = OpponentModel()
    for i in range(MAX_OPPONENTS + 5):
        model.observe(seat_view(_folded_hand(["me", f"p{i}"], i), 0))
    assert len(model.counts) <= MAX_OPPONENTS
    assert "p0" not in model.counts and f"p{MAX_OPPONENTS + 4}" in model.counts


def _badugis(holdings: list[tuple[tuple[Card, ...], ...]]) -> int:
    """How many of the sampled hands are four-card badugis (four ranks, four suits)."""
    return sum(
        1 for (hand,) in holdings
        if len({str(c)[0] for c in hand}) == 4 and len({str(c)[1] for c in hand}) == 4
    )  # fmt: skip


def test_a_pat_raiser_s_range_keeps_snows_and_bluffs() -> None:
    game = find_game("badugi")
    pool = full_deck()
    honest = Read(1, "v", aggression=4, calls=0, drawn=0, draw_limit=4, declared=None)
    snowy = Read(1, "v", 4, 0, 0, 4, None, 0, Tendencies(bluff=0.6, snow=0.6))

    def sample(read: Read) -> list[tuple[tuple[Card, ...], ...]]:
        return sample_holdings(game, (), pool, [read], rng=random.Random(3), count=40,
                               draws=DrawRanges(5))  # fmt: skip

    assert honest.bluffs > 0 and honest.snows > 0  # a balanced player's, even at first
    assert _badugis(sample(snowy)) < _badugis(sample(honest)) <= 40
    assert _badugis(sample(snowy)) < 40


def test_the_weakest_hand_is_at_the_bottom_of_its_range() -> None:
    # seat 0 holds K-K-Q-Q (two cards of a badugi) before anyone acts: the bottom of any range
    deck = parse_cards("Kc 2s Kd 3h Qc 4d Qd 5c")
    hand = Hand("badugi", stacks=[200, 200], button=1, deck=deck, rng=random.Random(0))
    view = seat_view(hand, 0)
    assert rank_in_range(view, DrawRanges(1)) < 0.2
