"""Exact Omaha Hi-Lo 8 and Big O equity against the ``poker-equity`` package (a test-only
oracle): its ``omaha_hi_lo`` and ``omaha_five_hi_lo`` are Omaha high / Omaha A-5 low eight or
better, the high scooping when no low qualifies, the question splitpot's exact equity of
``omaha-8`` and ``big-o`` asks (docs/rules.md "The mixed-game menu")."""

from __future__ import annotations

import random

import pytest

from poker_equity_check import agrees_with_poker_equity

VARIANTS = {"omaha-8": "omaha_hi_lo", "omaha-8-pl": "omaha_hi_lo", "big-o": "omaha_five_hi_lo"}


@pytest.mark.parametrize("game", list(VARIANTS))
def test_exact_omaha_hi_lo_equity_agrees_with_poker_equity(game: str) -> None:
    hole_n = 5 if game == "big-o" else 4
    rng = random.Random(f"poker-equity/{game}")
    for spot in range(12):
        players = 2 if spot % 3 else 3
        board_n = 4 if spot % 2 else 3
        cards = rng.sample(range(52), hole_n * players + board_n + 1)
        holes = [cards[hole_n * i : hole_n * (i + 1)] for i in range(players)]
        board = cards[hole_n * players : hole_n * players + board_n]
        dead = cards[-1:] if spot % 4 == 0 else []
        ours = agrees_with_poker_equity(game, VARIANTS[game], holes, board, dead)
        assert list(ours.players[0].awards) == ["omaha", "omaha-low"]
