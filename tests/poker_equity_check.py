"""One spot's exact equity by splitpot against the ``poker-equity`` package (a test-only
oracle), award by award: the menu games' cross-checks (tests/test_menu_*_equity.py)."""

from __future__ import annotations

from collections.abc import Sequence

import poker_equity  # type: ignore[import-untyped]
import pytest

from splitpot.equity import equity
from splitpot.equity.results import EquityResult


def agrees_with_poker_equity(
    game: str, variant: str, holes: Sequence[Sequence[int]], board: Sequence[int],
    dead: Sequence[int],
) -> EquityResult:  # fmt: skip
    """Splitpot's exact equity of ``game`` and poker-equity's of ``variant`` on the same cards
    agree to 1e-12: runouts, each player's equity and scoop, the high award's win and the
    low's (its second award, if any). Returns splitpot's result."""
    ours = equity(game, {f"P{i}": list(hole) for i, hole in enumerate(holes)}, board=list(board),
                  dead=list(dead), exact=True)  # fmt: skip
    theirs = poker_equity.exact(
        variant, [[[1 << c for c in hole]] for hole in holes], [1 << c for c in board],
        sum(1 << c for c in dead),
    )  # fmt: skip
    assert theirs is not None and theirs["exact"]
    text = f"holes {holes}, board {board}, dead {dead}"
    assert ours.method == "exact" and ours.runouts == theirs["samples"], text
    for mine, other in zip(ours.players, theirs["players"], strict=True):
        assert mine.equity == pytest.approx(other["equity"], rel=1e-12, abs=1e-15), text
        assert mine.scoop == pytest.approx(other["scoop"], abs=1e-12), text
        high, *low = list(mine.awards.values())
        assert high.win == pytest.approx(other["high_win"], abs=1e-12), text
        if low:
            assert low[0].win == pytest.approx(other["low_win"], abs=1e-12), text
    return ours
