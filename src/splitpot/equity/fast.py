"""Exact Omaha and hold'em equity: every remaining board walked, one award.

:func:`omaha_exact_equity` and :func:`holdem_exact_equity` take int cards (``rank * 4 +
suit``) and return per player the win probability, the tie share and the equity, each a
correctly rounded exact ratio; :func:`exact_counts` gives the integer tallies. They run the
board walk of the study engine (:mod:`splitpot.equity.boards`): each player's best non-flush
hand computed once per multiset of board ranks, the board loop a table read per player plus a
flush check when a suit shows three times. From :data:`PARALLEL_MIN_BOARDS` boards on
(preflop, or one board card known) the walk runs on numba's threads.

Importing this module imports numba and numpy (about half a second), so nothing on splitpot's
command-line path imports it before a computation needs it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, NamedTuple

import numpy as np

from splitpot.equity import boards
from splitpot.equity.draws import KEEP_CODES, PAT
from splitpot.equity.kernel_api import KIND_CODES, tables
from splitpot.equity.runout import PARAMS
from splitpot.equity.settlement import (
    AWARD_COLUMNS,
    HIGH,
    KEEP,
    KIND,
    SIDE,
    WINS,
    tally_row_width,
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
    "warm_up",
]

DEFAULT_MAX_BOARDS: Final = 5_000_000
PARALLEL_MIN_BOARDS: Final = 100_000
"""Boards from which the enumeration uses numba's threads unless told otherwise."""
_FAMILIES: Final = {"omaha": (EvalKind.OMAHA, range(4, 7)), "holdem": (EvalKind.HIGH, range(2, 3))}


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

    ``parallel`` None uses numba's threads from :data:`PARALLEL_MIN_BOARDS` boards up; True
    or False forces the choice (a finished board always runs on one thread).
    """
    if game not in _FAMILIES:
        raise ValueError(f"unknown game {game!r}: 'omaha' or 'holdem'")
    kind, sizes = _FAMILIES[game]
    taken = set(_check_spot(holes, board, dead, sizes, game))
    deck = np.array([c for c in range(52) if c not in taken], dtype=np.int8)
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
    hands = np.array(holes, dtype=np.int8)
    awards = np.zeros((1, AWARD_COLUMNS), dtype=np.int64)
    awards[0, KIND] = KIND_CODES[kind]
    awards[0, SIDE] = HIGH
    awards[0, KEEP] = KEEP_CODES[Keep.ALL]
    board0 = np.zeros(8, dtype=np.int8)
    board0[: len(board)] = board
    params = np.array([hands.shape[1], 5, len(board), PAT, 1, unit, 0], dtype=np.int64)
    assert params.shape[0] == PARAMS
    spot = (
        hands,
        np.full(players, hands.shape[1], dtype=np.int64),
        board0,
        np.zeros((0, 2), dtype=np.int64),
        np.full((1, players), -1, dtype=np.int64),
        np.zeros((1, players), dtype=np.int64),
        awards,
        params,
    )
    rows = np.zeros((1, players, tally_row_width(1)), dtype=np.int64)
    threaded = k > 0 and (total >= PARALLEL_MIN_BOARDS if parallel is None else parallel)
    modes = boards.modes_for([kind], 5)
    from splitpot.equity.engine import ensure_compiled

    ensure_compiled()  # a fresh clone compiles (and says so); an edited one drops stale code
    walked = boards.walk_boards(deck, k, hands, spot, modes, tables(), rows, threaded)
    if walked != total:  # pragma: no cover - a broken enumeration must never pass silently
        raise AssertionError(f"walked {walked} boards, expected {total}")
    wins = tuple(int(x) for x in rows[0, :, WINS])
    ties = tuple(int(x) for x in rows[0, :, WINS + 1])
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


def warm_up() -> None:
    """Compile (or load from numba's cache) the walks these functions run."""
    spot = [[0, 1, 2, 3], [4, 5, 6, 7]]
    omaha_exact_equity(spot, [8, 12, 16, 20])
    omaha_exact_equity(spot, [8, 12, 16], parallel=True)
    omaha_exact_equity(spot, [8, 12, 16], parallel=False)
    holdem_exact_equity([[0, 1], [4, 5]], [8, 12, 16], parallel=True)
    holdem_exact_equity([[0, 1], [4, 5]], [8, 12, 16], parallel=False)
