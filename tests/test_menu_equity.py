"""Exact 2-7 lowball equity against the ``poker-equity`` package (a test-only oracle).

poker-equity's ``deuce_seven`` is 2-7 lowball with a short hand drawing its missing cards
from the deck (one draw, already decided), discards dead: splitpot's exact equity of 2-7 Single
Draw and 2-7 Triple Draw with no draw still to come (``draws=0``), the missing cards dealt,
asks the same question. poker-equity has no five-card A-5 lowball (its ``razz`` is best five
of seven), so A-5 Triple Draw has no oracle here: its evaluator's exhaustive count (6,175
distinct A-5 values) is tested with the evaluators.
"""

from __future__ import annotations

import random
from typing import Any

import poker_equity  # type: ignore[import-untyped]
import pytest

from splitpot.equity import equity


def _theirs(holes: list[list[int]], dead: list[int]) -> dict[str, Any]:
    hands = [[[1 << c for c in hole]] for hole in holes]
    answer = poker_equity.exact("deuce_seven", hands, [], sum(1 << c for c in dead))
    assert answer is not None and answer["exact"]
    return answer  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", ["27-single-draw", "27-triple-draw"])
def test_exact_2_7_equity_agrees_with_poker_equity(game: str) -> None:
    rng = random.Random(f"poker-equity/{game}")
    for spot in range(40):
        players = 2 if spot % 4 else 3
        missing = [rng.randint(0, 2) for _ in range(players)]
        while sum(missing) > 3:
            missing[rng.randrange(players)] = 0
        cards = rng.sample(range(52), 5 * players + 2)
        holes = [cards[5 * i : 5 * i + 5 - missing[i]] for i in range(players)]
        dead = cards[5 * players : 5 * players + rng.randint(0, 2)]
        names = {f"P{i}": hole for i, hole in enumerate(holes)}
        ours = equity(game, names, dead=dead, draws=0, exact=True)
        theirs = _theirs(holes, dead)
        spot_text = f"holes {holes}, dead {dead}"
        assert ours.method == "exact" and ours.runouts == theirs["samples"], spot_text
        for mine, other in zip(ours.players, theirs["players"], strict=True):
            assert mine.equity == pytest.approx(other["equity"], rel=1e-12, abs=1e-15), spot_text
            assert mine.awards["27"].win == pytest.approx(other["win"], abs=1e-12), spot_text
            assert mine.scoop == pytest.approx(other["scoop"], abs=1e-12), spot_text
