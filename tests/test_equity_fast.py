"""splitpot.equity.fast: numba kernels equal the Python evaluators; exact equity is exact.

- every ``*_batch`` kernel returns the very raw ints of its Python evaluator, on seeded random
  hands (and, marked slow, on every five-card hand);
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
from typing import Any

import numpy as np
import poker_equity  # type: ignore[import-untyped]
import pytest

from splitpot.equity import fast
from splitpot.evaluate.badugi import badugi_value
from splitpot.evaluate.doogie import doogie_value
from splitpot.evaluate.high import high_value, high_value_5
from splitpot.evaluate.lowball import a5_value_5, deuce_seven_value_5
from splitpot.evaluate.omaha import omaha_value

Results = list[tuple[float, float, float]]


def deal(rng: random.Random, rows: int, width: int) -> np.ndarray[Any, np.dtype[np.int8]]:
    return np.array([rng.sample(range(52), width) for _ in range(rows)], dtype=np.int8)


def same(batch: np.ndarray[Any, Any], expected: Sequence[int]) -> None:
    assert batch.dtype == np.int64
    got = batch.tolist()
    if got != list(expected):
        bad = next(i for i, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b)
        raise AssertionError(f"row {bad}: kernel {got[bad]}, Python {expected[bad]}")


# --- batch kernels ----------------------------------------------------------------------------

# Hands random deals rarely reach: straight flushes (the wheel too), quads, full houses, the
# 2-7 wheel and wheel flush, A-5 full house and quads.
SPECIAL_FIVES = [
    [48, 0, 4, 8, 12],  # A-5 wheel straight flush, clubs
    [49, 1, 5, 9, 13],
    [32, 36, 40, 44, 48],  # royal flush
    [48, 1, 4, 8, 12],  # wheel straight
    [48, 49, 50, 51, 0],  # four aces
    [0, 1, 2, 4, 5],  # deuces full
    [48, 49, 50, 0, 1],  # aces full of deuces
    [0, 4, 8, 12, 20],  # 7-5-4-3-2 flush
    [0, 5, 10, 15, 22],  # 7-5-4-3-2 rainbow, the best 2-7
    [0, 1, 2, 3, 48],
]


def test_high5_batch_equals_high_value_5() -> None:
    cards = np.vstack([deal(random.Random("high5"), 4000, 5), SPECIAL_FIVES]).astype(np.int8)
    same(fast.high5_batch(cards), [high_value_5(row) for row in cards.tolist()])


@pytest.mark.parametrize("width", range(5, 11))
def test_high_batch_equals_high_value(width: int) -> None:
    rng = random.Random(f"high/{width}")
    cards = deal(rng, 3000, width)
    # Some rows from just a few ranks or one suit, for quads, full houses, flushes.
    narrow = [rng.sample(range(0, 52, 4), min(width, 13)) for _ in range(100)]
    narrow = [row + rng.sample(range(1, 52, 4), width - len(row)) for row in narrow]
    packed = [rng.sample(range(12, 32), width) for _ in range(300)]
    cards = np.vstack([cards, narrow, packed]).astype(np.int8)
    same(fast.high_batch(cards), [high_value(row) for row in cards.tolist()])


@pytest.mark.parametrize(("hole", "board"), [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)])
def test_omaha_batch_equals_omaha_value(hole: int, board: int) -> None:
    rng = random.Random(f"omaha/{hole}/{board}")
    cards = deal(rng, 1500, hole + board)
    # Two-suit decks make flushes common.
    suited = [rng.sample([c for c in range(52) if c & 3 < 2], hole + board) for _ in range(500)]
    cards = np.vstack([cards, suited]).astype(np.int8)
    expected = [omaha_value(row[:hole], row[hole:]) for row in cards.tolist()]
    same(fast.omaha_batch(cards[:, :hole], cards[:, hole:]), expected)


@pytest.mark.parametrize("width", range(1, 11))
@pytest.mark.parametrize("aces_high", [False, True])
def test_badugi_batch_equals_badugi_value(width: int, aces_high: bool) -> None:
    rng = random.Random(f"badugi/{width}/{aces_high}")
    cards = deal(rng, 2000, width)
    # Few ranks: the slow path (no matching of each suit's lowest card) is common there.
    few = [rng.sample(range(min(52, 4 * width + 4)), width) for _ in range(500)]
    cards = np.vstack([cards, few]).astype(np.int8)
    expected = [badugi_value(row, aces_high=aces_high) for row in cards.tolist()]
    same(fast.badugi_batch(cards, aces_high), expected)


@pytest.mark.parametrize("width", [4, 5, 6, 8, 10])
def test_doogie_batch_equals_doogie_value(width: int) -> None:
    rng = random.Random(f"doogie/{width}")
    cards = np.vstack(
        [deal(rng, 2000, width), [rng.sample(range(20), width) for _ in range(500)]]
    ).astype(np.int8)
    expected = [doogie_value(row) for row in cards.tolist()]
    assert None in expected and any(v is not None for v in expected)
    same(fast.doogie_batch(cards), [fast.NO_DOOGIE if v is None else v for v in expected])


def test_lowball_batches_equal_python() -> None:
    cards = np.vstack([deal(random.Random("lowball"), 4000, 5), SPECIAL_FIVES]).astype(np.int8)
    rows = cards.tolist()
    same(fast.deuce_seven_batch(cards), [deuce_seven_value_5(row) for row in rows])
    same(fast.a5_batch(cards), [a5_value_5(row) for row in rows])


@pytest.mark.slow
def test_five_card_kernels_on_every_five_card_hand() -> None:
    cards = np.array(list(combinations(range(52), 5)), dtype=np.int8)
    rows = cards.tolist()
    same(fast.high5_batch(cards), [high_value_5(row) for row in rows])
    same(fast.deuce_seven_batch(cards), [deuce_seven_value_5(row) for row in rows])
    same(fast.a5_batch(cards), [a5_value_5(row) for row in rows])


@pytest.mark.slow
def test_badugi_kernel_on_every_four_card_hand() -> None:
    cards = np.array(list(combinations(range(52), 4)), dtype=np.int8)
    rows = cards.tolist()
    for aces_high in (False, True):
        expected = [badugi_value(row, aces_high=aces_high) for row in rows]
        same(fast.badugi_batch(cards, aces_high), expected)


def test_batches_take_any_integer_array_and_check_widths() -> None:
    rows = [[0, 5, 10, 15, 20], [51, 47, 43, 39, 35]]
    expected = [high_value_5(row) for row in rows]
    for array in (rows, np.array(rows, dtype=np.int64), np.array(rows, dtype=np.uint8)[:, ::1]):
        same(fast.high5_batch(array), expected)
    same(fast.high5_batch(np.array(rows, dtype=np.int8).T.copy().T), expected)  # Fortran order
    assert fast.high5_batch(np.empty((0, 5), dtype=np.int8)).shape == (0,)
    with pytest.raises(ValueError, match="needs 5 cards a row, got 6"):
        fast.high5_batch([[0, 1, 2, 3, 4, 5]])
    with pytest.raises(ValueError, match="2-D"):
        fast.high_batch([0, 1, 2, 3, 4])
    with pytest.raises(ValueError, match="2 hole rows but 1 board rows"):
        fast.omaha_batch([[0, 1, 2, 3], [4, 5, 6, 7]], [[8, 9, 10]])


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


def test_warm_up_and_the_command_line_never_imports_numba() -> None:
    fast.warm_up()
    code = (
        "import sys, splitpot.cli, splitpot.equity; "
        "sys.exit('numba' in sys.modules or 'numpy' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
