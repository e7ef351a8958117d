"""Exact Omaha and hold'em equity: every remaining board walked, one award.

:func:`omaha_exact_equity` and :func:`holdem_exact_equity` take int cards (``rank * 4 +
suit``) and return per player the win probability, the tie share and the equity, each a
correctly rounded exact ratio; :func:`exact_counts` gives the integer tallies. They run the
board walk of the study engine (the compiled core's ``StudySpot.walk_boards``): each
player's best non-flush hand computed once per multiset of board ranks, the board loop a table
read per player plus a flush check when a suit shows three times. From
:data:`PARALLEL_MIN_BOARDS` boards on (preflop, or one board card known) the walk runs on every
core; the counts are the same on any number of threads.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, NamedTuple

from splitpot import _core
from splitpot.equity.codes import (
    BOARD_HIGH,
    BOARD_OMAHA,
    HIGH,
    KEEP_CODES,
    WINS,
    all_threads,
    unit_for,
)
from splitpot.games.spec import EvalKind, Keep

__all__ = [
    "DEFAULT_MAX_BOARDS",
    "PARALLEL_MIN_BOARDS",
    "ExactCounts",
    "exact_counts",
    "holdem_exact_equity",
    "omaha_exact_equity",
]

DEFAULT_MAX_BOARDS: Final = 5_000_000
PARALLEL_MIN_BOARDS: Final = 100_000
"""Boards from which the enumeration uses every core unless told otherwise."""
_FAMILIES: Final = {
    "omaha": (EvalKind.OMAHA, range(4, 7), BOARD_OMAHA),
    "holdem": (EvalKind.HIGH, range(2, 3), BOARD_HIGH),
}


class ExactCounts(NamedTuple):
    """Raw tallies of an exact enumeration (what the float results are divided from)."""

    boards: int  # boards walked
    wins: tuple[int, ...]  # per player, boards won alone
    tie_units: tuple[int, ...]  # per player, sum over shared boards of unit / winners
    unit: int  # a whole pot in tie units (every tie's share is a whole number of them)

    def results(self) -> list[tuple[float, float, float]]:
        """Per player ``(win, tie share, equity)``, each a correctly rounded exact ratio."""
        whole = self.unit * self.boards
        return [
            (w / self.boards, t / whole, (w * self.unit + t) / whole)
            for w, t in zip(self.wins, self.tie_units, strict=True)
        ]


def _check_spot(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    sizes: range,
    game: str,
) -> list[int]:
    """Every card of the spot, after checking counts, range and duplicates."""
    if len(holes) < 2:
        raise ValueError(f"{game} equity needs at least 2 players, got {len(holes)}")
    size = len(holes[0])
    if size not in sizes or any(len(hole) != size for hole in holes):
        want = f"{sizes.start}" if len(sizes) == 1 else f"{sizes.start} to {sizes.stop - 1}"
        got = ", ".join(str(len(hole)) for hole in holes)
        raise ValueError(
            f"{game}: every player needs {want} hole cards, the same number; got {got}"
        )
    if len(board) > 5:
        raise ValueError(f"a board has at most 5 cards, got {len(board)}")
    seen = [c for hole in holes for c in hole]
    seen += board
    seen += dead
    if len(set(seen)) != len(seen) or not all(0 <= c < 52 for c in seen):
        for card in seen:
            if not 0 <= card < 52:
                raise ValueError(f"not a card: {card} (cards are 0 to 51)")
        raise ValueError("a card appears twice among the hands, the board and the dead cards")
    return seen


def exact_counts(
    game: str,
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int] = (),
    *,
    max_boards: int = DEFAULT_MAX_BOARDS,
    parallel: bool | None = None,
) -> ExactCounts:
    """Walk every board for ``game`` (``"omaha"`` or ``"holdem"``); the raw tallies.

    ``parallel`` None uses every core from :data:`PARALLEL_MIN_BOARDS` boards up; True
    or False forces the choice (a finished board always runs on one thread).
    """
    if game not in _FAMILIES:
        raise ValueError(f"unknown game {game!r}: 'omaha' or 'holdem'")
    kind, sizes, mode = _FAMILIES[game]
    taken = set(_check_spot(holes, board, dead, sizes, game))
    deck = bytes(c for c in range(52) if c not in taken)
    k = 5 - len(board)
    total = math.comb(len(deck), k)
    if total == 0:
        raise ValueError(f"only {len(deck)} cards left for {k} board cards")
    if total > max_boards:
        raise ValueError(
            f"{total:,} boards to walk, more than max_boards={max_boards:,}; deal more of the "
            "board or raise max_boards"
        )
    players = len(holes)
    unit = unit_for(players)
    size = len(holes[0])
    award = [_core.KINDS[kind.value], 0, 0, 0, 0, 0, HIGH, KEEP_CODES[Keep.ALL], 0]
    spot = _core.StudySpot(
        size, 5, b"".join(bytes(h) for h in holes), [size] * players, bytes(board), [],
        [[-1] * players], [[0] * players], [award], 1, True, unit, False, deck,
    )  # fmt: skip
    threaded = k > 0 and (total >= PARALLEL_MIN_BOARDS if parallel is None else parallel)
    walked, rows = spot.walk_boards(
        k, b"".join(bytes(h) for h in holes), [mode], all_threads() if threaded else 1
    )
    if walked != total:  # pragma: no cover - a broken enumeration must never pass silently
        raise AssertionError(f"walked {walked} boards, expected {total}")
    width = WINS + 2
    wins = tuple(rows[p * width + WINS] for p in range(players))
    ties = tuple(rows[p * width + WINS + 1] for p in range(players))
    return ExactCounts(walked, wins, ties, unit)


def omaha_exact_equity(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int] = (),
    *,
    max_boards: int = DEFAULT_MAX_BOARDS,
    parallel: bool | None = None,
) -> list[tuple[float, float, float]]:
    """Exact Omaha high equity over every remaining board, single award.

    ``holes`` has 2+ players of 4, 5 or 6 hole cards each (all the same count); ``board`` has
    0 to 5 cards. Returns per player ``(win, tie share, equity)``: the probability of winning
    alone, the expected fraction of the pot won through ties (a two-way tie counts 1/2), and
    their sum. Raises ValueError when more than ``max_boards`` boards remain.
    """
    counts = exact_counts("omaha", holes, board, dead, max_boards=max_boards, parallel=parallel)
    return counts.results()


def holdem_exact_equity(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int] = (),
    *,
    max_boards: int = DEFAULT_MAX_BOARDS,
    parallel: bool | None = None,
) -> list[tuple[float, float, float]]:
    """Exact hold'em equity (best five of seven), as :func:`omaha_exact_equity`."""
    counts = exact_counts("holdem", holes, board, dead, max_boards=max_boards, parallel=parallel)
    return counts.results()
