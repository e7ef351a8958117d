"""splitpot.equity.fast: exact Omaha and hold'em equity is exact.

(The core's evaluators have their own tests, ``tests/test_core_evaluators.py``.)

- ``omaha_exact_equity`` / ``holdem_exact_equity`` equal a plain brute force (itertools over
  the boards, ``omaha_value`` / ``high_value``, fractions) to the last digit;
- they agree with the ``poker-equity`` package's exact enumeration, board for board.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

import poker_equity  # type: ignore[import-untyped]
import pytest

from splitpot.equity import fast
from splitpot.evaluate.high import high_value
from splitpot.evaluate.omaha import omaha_value

Results = list[tuple[float, float, float]]


# --- exact equity against a brute force ----------------------------------------------------------


def brute_force(
    value: Callable[[Sequence[int], Sequence[int]], int],
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int] = (),
) -> Results:
    """Every board with itertools, exact fractions, then floats (correctly rounded)."""
    taken = {*board, *dead, *(c for hole in holes for c in hole)}
    deck = [c for c in range(52) if c not in taken]
    wins = [0] * len(holes)
    ties = [Fraction(0)] * len(holes)
    boards = 0
    for rest in combinations(deck, 5 - len(board)):
        full = [*board, *rest]
        values = [value(hole, full) for hole in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        if len(winners) == 1:
            wins[winners[0]] += 1
        else:
            for i in winners:
                ties[i] += Fraction(1, len(winners))
        boards += 1
    return [
        (float(Fraction(w, boards)), float(t / boards), float((w + t) / boards))
        for w, t in zip(wins, ties, strict=True)
    ]


def holdem_value(hole: Sequence[int], board: Sequence[int]) -> int:
    return high_value([*hole, *board])


def random_spot(
    seed: str, players: int, hole: int, board: int, dead: int = 0
) -> tuple[list[list[int]], list[int], list[int]]:
    cards = random.Random(seed).sample(range(52), players * hole + board + dead)
    holes = [cards[i * hole : (i + 1) * hole] for i in range(players)]
    return holes, cards[players * hole : players * hole + board], cards[players * hole + board :]


# (players, hole cards, board cards, dead cards): flop, turn and river spots.
OMAHA_SPOTS = [
    (2, 4, 3, 0),
    (2, 5, 3, 0),
    (2, 6, 3, 0),
    (2, 4, 4, 0),
    (2, 5, 4, 1),
    (2, 6, 4, 0),
    (3, 4, 4, 2),
    (4, 5, 4, 0),
    (3, 6, 3, 1),
    (2, 4, 5, 0),
    (5, 4, 5, 0),
]


@pytest.mark.parametrize(("players", "hole", "board", "dead"), OMAHA_SPOTS)
@pytest.mark.parametrize("seed", ["a", "b"])
def test_omaha_exact_equity_equals_brute_force(
    seed: str, players: int, hole: int, board: int, dead: int
) -> None:
    holes, known, dead_cards = random_spot(
        f"{seed}/{players}/{hole}/{board}", players, hole, board, dead
    )
    expected = brute_force(omaha_value, holes, known, dead_cards)
    assert fast.omaha_exact_equity(holes, known, dead_cards) == expected


def test_omaha_exact_equity_on_a_spot_full_of_ties() -> None:
    # The same ranks in other suits, on a rainbow flop: most boards are split, some three ways.
    holes = [[48, 44, 40, 36], [49, 45, 41, 37], [50, 46, 42, 39]]
    board = [0, 5, 26]
    expected = brute_force(omaha_value, holes, board)
    results = fast.omaha_exact_equity(holes, board)
    assert results == expected
    assert all(tie > 0.2 for _, tie, _ in results)
    assert sum(equity for *_, equity in results) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(("players", "board", "dead"), [(2, 3, 0), (3, 4, 1), (6, 3, 2), (2, 5, 0)])
def test_holdem_exact_equity_equals_brute_force(players: int, board: int, dead: int) -> None:
    holes, known, dead_cards = random_spot(f"holdem/{players}/{board}", players, 2, board, dead)
    expected = brute_force(holdem_value, holes, known, dead_cards)
    assert fast.holdem_exact_equity(holes, known, dead_cards) == expected


def test_holdem_exact_equity_from_two_board_cards_equals_brute_force() -> None:
    holes, known, _ = random_spot("holdem/three to come", 2, 2, 2)
    assert fast.holdem_exact_equity(holes, known) == brute_force(holdem_value, holes, known)


@pytest.mark.slow
@pytest.mark.parametrize("hole", [4, 6])
def test_omaha_exact_equity_from_two_board_cards_equals_brute_force(hole: int) -> None:
    holes, known, _ = random_spot(f"omaha/three to come/{hole}", 2, hole, 2)
    assert fast.omaha_exact_equity(holes, known) == brute_force(omaha_value, holes, known)


@pytest.mark.parametrize("board", [0, 1])
def test_threads_and_one_thread_count_the_same(board: int) -> None:
    holes, known, _ = random_spot(f"threads/{board}", 2, 4, board)
    one = fast.exact_counts("omaha", holes, known, parallel=False)
    assert fast.exact_counts("omaha", holes, known, parallel=True) == one
    assert one.boards == (1_086_008 if board == 0 else 123_410)
    holes, known, _ = random_spot(f"threads/holdem/{board}", 3, 2, board)
    one = fast.exact_counts("holdem", holes, known, parallel=False)
    assert fast.exact_counts("holdem", holes, known, parallel=True) == one


def test_preflop_against_poker_equity() -> None:
    # Hold'em Ah As against Kh Ks and Omaha Ah As Kh Ks against 2c 3d 4h 5s, every board.
    for variant, holes in (
        ("holdem", [[50, 51], [46, 47]]),
        ("omaha", [[50, 51, 46, 47], [0, 5, 10, 15]]),
    ):
        ours = fast.exact_counts(variant, holes, [])
        theirs = poker_equity.exact(variant, [[[1 << c for c in h]] for h in holes], [], 0)
        assert theirs is not None
        assert theirs["samples"] == ours.boards
        assert [int(w) for w in theirs["win_count"]] == list(ours.wins)
        for (_, _, equity), player in zip(ours.results(), theirs["players"], strict=True):
            assert equity == pytest.approx(player["equity"], rel=1e-12)
    aces = fast.holdem_exact_equity([[50, 51], [46, 47]], [])[0]
    assert aces == pytest.approx((0.82365, 0.00272, 0.82637), abs=1e-5)


def test_exact_equity_refuses_bad_spots() -> None:
    spot = [[0, 1, 2, 3], [4, 5, 6, 7]]
    with pytest.raises(ValueError, match="more than max_boards=1,000"):
        fast.omaha_exact_equity(spot, [8, 9], max_boards=1_000)
    with pytest.raises(ValueError, match="max_boards"):
        fast.omaha_exact_equity(spot, [], max_boards=1_000_000)
    with pytest.raises(ValueError, match="appears twice"):
        fast.omaha_exact_equity(spot, [8, 9, 3])
    with pytest.raises(ValueError, match="appears twice"):
        fast.omaha_exact_equity(spot, [8, 9, 10], dead=[8])
    with pytest.raises(ValueError, match="not a card: 52"):
        fast.omaha_exact_equity(spot, [8, 9, 52])
    with pytest.raises(ValueError, match="4 to 6 hole cards"):
        fast.omaha_exact_equity([[0, 1, 2, 3], [4, 5, 6]], [8, 9, 10])
    with pytest.raises(ValueError, match="at least 2 players"):
        fast.omaha_exact_equity([[0, 1, 2, 3]], [8, 9, 10])
    with pytest.raises(ValueError, match="2 hole cards"):
        fast.holdem_exact_equity(spot, [8, 9, 10])
    with pytest.raises(ValueError, match="at most 5 cards"):
        fast.holdem_exact_equity([[0, 1], [2, 3]], [8, 9, 10, 11, 12, 13])
    with pytest.raises(ValueError, match="unknown game"):
        fast.exact_counts("razz", spot, [8, 9, 10])


# --- against poker-equity -------------------------------------------------------------------------

VARIANTS = {4: "omaha", 5: "omaha_five", 6: "omaha_six"}


def compare_with_poker_equity(holes: list[list[int]], board: list[int]) -> None:
    ours = fast.exact_counts("omaha", holes, board)
    hands = [[[1 << c for c in hole]] for hole in holes]
    theirs = poker_equity.exact(VARIANTS[len(holes[0])], hands, [1 << c for c in board], 0)
    spot = f"holes {holes}, board {board}"
    assert theirs is not None and theirs["exact"], spot
    assert theirs["samples"] == ours.boards, spot
    assert [int(w) for w in theirs["win_count"]] == list(ours.wins), spot
    # poker-equity's share_sum is wins plus tie shares; ours counts ties in units of 1/unit.
    shares = [Fraction(t, ours.unit) for t in ours.tie_units]
    for share, wins, total in zip(shares, ours.wins, theirs["share_sum"], strict=True):
        assert float(wins + share) == pytest.approx(total, rel=1e-12, abs=1e-9), spot
    for (win, tie, equity), player in zip(ours.results(), theirs["players"], strict=True):
        assert win == pytest.approx(player["win"], rel=1e-12, abs=1e-15), spot
        assert equity == pytest.approx(player["equity"], rel=1e-12, abs=1e-15), spot
        assert tie == pytest.approx(equity - win, abs=1e-12)


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_agrees_with_poker_equity_heads_up_on_the_flop(hole: int) -> None:
    rng = random.Random(f"poker-equity/{hole}")
    for _ in range(60):
        cards = rng.sample(range(52), 2 * hole + 3)
        compare_with_poker_equity([cards[:hole], cards[hole : 2 * hole]], cards[2 * hole :])


@pytest.mark.slow
@pytest.mark.parametrize("hole", [4, 5, 6])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_agrees_with_poker_equity_many_spots(hole: int, players: int) -> None:
    rng = random.Random(f"poker-equity/many/{hole}/{players}")
    for spot in range(600 if players == 2 else 150):
        board = 3 if spot % 3 else 4
        cards = rng.sample(range(52), players * hole + board)
        holes = [cards[i * hole : (i + 1) * hole] for i in range(players)]
        compare_with_poker_equity(holes, cards[players * hole :])


def test_agrees_with_poker_equity_on_ties() -> None:
    compare_with_poker_equity([[48, 44, 40, 36], [49, 45, 41, 37]], [0, 5, 26])
    compare_with_poker_equity([[48, 44, 40, 36, 0], [49, 45, 41, 37, 1]], [8, 13, 26])


def test_the_command_line_never_imports_numba_or_numpy() -> None:
    code = (
        "import sys, splitpot.cli, splitpot.equity; "
        "sys.exit('numba' in sys.modules or 'numpy' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
