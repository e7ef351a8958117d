"""Exact Seven-card Stud, Razz and Stud Hi-Lo 8 equity against the ``poker-equity`` package (a
test-only oracle): its ``stud``, ``razz`` and ``stud_hi_lo`` deal each player's missing cards of
seven from the same deck, the question splitpot's exact equity of ``stud``, ``razz`` and
``stud-8`` asks of hands with their known cards (docs/rules.md "The mixed-game menu": high, A-5
low with no qualifier, high / A-5 low eight or better with the high scooping when no low
qualifies). poker-equity needs every hand the same size: five or six known cards each."""

from __future__ import annotations

import random

import pytest

from poker_equity_check import agrees_with_poker_equity

VARIANTS = {"stud": "stud", "razz": "razz", "stud-8": "stud_hi_lo"}
LOW_CARDS = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12]  # lows to contest


def _spot(rng: random.Random, spot: int) -> tuple[list[list[int]], list[int]]:
    """Hands of five or six known cards (two or three players), and a dead card or none; every
    other spot's known cards are drawn from the aces to the eights, so that lows meet."""
    players, known = [(2, 5), (2, 6), (3, 6)][spot % 3]
    pool = LOW_CARDS if spot % 2 else list(range(52))
    cards = rng.sample(pool, players * known)
    dead = rng.sample([c for c in range(52) if c not in cards], spot % 2)
    return [cards[known * i : known * (i + 1)] for i in range(players)], dead


@pytest.mark.parametrize("game", list(VARIANTS))
def test_exact_stud_equity_agrees_with_poker_equity(game: str) -> None:
    rng = random.Random(f"poker-equity/{game}")
    contested = 0
    for spot in range(18):
        holes, dead = _spot(rng, spot)
        ours = agrees_with_poker_equity(game, VARIANTS[game], holes, [], dead)
        contested += all(0.02 < p.equity < 0.98 for p in ours.players)
    assert contested >= 6  # spots where nobody is already sure of the pot
