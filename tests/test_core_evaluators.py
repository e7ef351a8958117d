"""splitpot._core's evaluators return exactly what the pure-Python oracle returns.

Seeded random hands of every kind and every card count a game can give it (and the counts the
evaluators accept beyond), one at a time (``value``) and in batches (``batch``); every award of
every game of the registry on random final deals; bad input is a ``ValueError`` naming it.
"""

from __future__ import annotations

import array
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import pytest

import oracle.pyeval as py
from oracle.evaluate import (
    a5_value_5,
    badugi_value,
    deuce_seven_value_5,
    doogie_high_value,
    doogie_value,
    high_value,
    high_value_5,
    omaha_value,
)
from oracle.pyeval.omaha_low import evaluate_omaha_low, omaha_low_value
from splitpot import _core
from splitpot.cards import Card, format_cards, parse_cards
from splitpot.errors import CardParseError, ShowdownError
from splitpot.evaluate import evaluate_badugi, evaluate_high, evaluate_omaha
from splitpot.evaluate.high import high_value as core_high_value
from splitpot.games import GAMES
from splitpot.games.spec import EvalKind

Raw = Callable[[Sequence[int], Sequence[int]], int | None]
K = _core.KINDS


def _best_five(value_5: Callable[[Sequence[int]], int]) -> Raw:
    return lambda hole, board: max(value_5(five) for five in combinations(hole, 5))


# (kind, aces_high, oracle, [(hole cards, board cards), ...])
CASES: list[tuple[str, bool, Raw, list[tuple[int, int]]]] = [
    ("high", False, lambda h, b: high_value((*h, *b)),
     [(n, 0) for n in range(5, 11)] + [(2, 3), (2, 4), (2, 5), (6, 4), (5, 5)]),
    ("omaha", False, omaha_value, [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)]),
    ("draw-high", False, lambda h, b: high_value_5(h), [(5, 0), (5, 5)]),
    ("badugi", False, lambda h, b: badugi_value(h), [(n, 0) for n in range(1, 11)]),
    ("badugi", True, lambda h, b: badugi_value(h, aces_high=True), [(n, 0) for n in range(1, 11)]),
    ("deuce-seven", False, _best_five(deuce_seven_value_5), [(5, 0), (6, 0), (7, 0)]),
    ("a5", False, _best_five(a5_value_5), [(5, 0), (6, 0), (7, 0)]),
    ("doogie-high", False, doogie_high_value, [(6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (5, 0)]),
    ("doogie-low", False, lambda h, b: doogie_value((*h, *b)),
     [(h, b) for h in (0, 3, 4, 6) for b in (0, 1, 2, 3, 4)]),
    ("omaha-low", False, omaha_low_value, [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)]),
]  # fmt: skip


def _deals(seed: int | str, count: int, width: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), width) for _ in range(count)]


@pytest.mark.parametrize(("kind", "aces_high", "oracle", "shapes"), CASES)
def test_core_values_equal_the_oracle_on_every_card_count(
    kind: str, aces_high: bool, oracle: Raw, shapes: list[tuple[int, int]]
) -> None:
    for hole_n, board_n in shapes:
        deals = _deals(f"{kind} {aces_high} {hole_n} {board_n}", 1500, hole_n + board_n)
        for cards in deals:
            hole, board = cards[:hole_n], cards[hole_n:]
            got = _core.value(K[kind], aces_high, bytes(hole), bytes(board))
            assert got == oracle(hole, board), (kind, hole, board)
        if not hole_n:
            continue  # a batch's hands have hole cards
        holes = bytes(c for cards in deals for c in cards[:hole_n])
        boards = bytes(c for cards in deals for c in cards[hole_n:])
        values = array.array("q", _core.batch(K[kind], aces_high, holes, hole_n, boards, board_n))
        want = [oracle(cards[:hole_n], cards[hole_n:]) for cards in deals]
        assert values.tolist() == [_core.NO_HAND if v is None else v for v in want]


HandOf = Callable[[Sequence[Card], Sequence[Card]], Any]
ORACLE_HANDS: dict[tuple[EvalKind, bool], HandOf] = {
    (EvalKind.HIGH, False): lambda h, b: py.evaluate_high((*h, *b)),
    (EvalKind.OMAHA, False): py.evaluate_omaha,
    (EvalKind.DRAW_HIGH, False): lambda h, b: py.evaluate_draw_high(h),
    (EvalKind.BADUGI, False): lambda h, b: py.evaluate_badugi(h),
    (EvalKind.BADUGI, True): lambda h, b: py.evaluate_badugi_aces_high(h),
    (EvalKind.DEUCE_SEVEN, False): lambda h, b: py.evaluate_deuce_seven(h),
    (EvalKind.A5, False): lambda h, b: py.evaluate_a5(h),
    (EvalKind.DOOGIE_HIGH, False): py.evaluate_doogie_high,
    (EvalKind.DOOGIE_LOW, False): py.evaluate_doogie,
    (EvalKind.OMAHA_LOW, False): evaluate_omaha_low,
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_core_hands_use_the_oracle_cards_and_words(game: str) -> None:
    spec = GAMES[game]
    for cards in _deals(f"hands {game}", 400, spec.hole_cards + spec.board_cards):
        hole = [Card(c) for c in cards[: spec.hole_cards]]
        board = [Card(c) for c in cards[spec.hole_cards :]]
        for award in spec.awards:
            got = award.hand(hole, board)
            want = ORACLE_HANDS[award.kind, award.aces_high](hole, board)
            where = (game, award.name, format_cards(hole), format_cards(board))
            if want is None:
                assert got is None, where
                continue
            assert got is not None, where
            assert (got.value, got.cards, got.describe()) == (
                want.value,
                want.cards,
                want.describe(),
            ), where


@pytest.mark.parametrize("game", sorted(GAMES))
def test_core_values_equal_every_award_raw_on_final_deals(game: str) -> None:
    spec = GAMES[game]
    for cards in _deals(len(game), 2000, spec.hole_cards + spec.board_cards):
        hole, board = cards[: spec.hole_cards], cards[spec.hole_cards :]
        for award in spec.awards:
            got = award.raw(hole, board)
            want = ORACLE_HANDS[award.kind, award.aces_high](hole, board)
            assert got == (None if want is None else want.value), (game, award.name, hole, board)


def test_a_royal_flush_and_the_badugi_trap() -> None:
    assert _core.value(K["high"], False, bytes([48, 44, 40, 36, 32, 0, 5]), b"") == 9175040
    # 2s 2h 3s Kd: a three-card K-3-2, not a two-card 3-2.
    value = _core.value(K["badugi"], False, bytes([3, 2, 7, 45]), b"")
    assert value is not None
    assert value >> 13 == 3


@pytest.mark.parametrize(
    ("kind", "hole", "board", "message"),
    [
        ("omaha", [0, 1], [4, 5, 6], "an Omaha hand needs 4 to 6 hole cards, got 2"),
        ("omaha", [0, 1, 2, 3], [4, 5], "an Omaha hand needs 3 to 5 board cards, got 2"),
        ("high", [0, 1, 2, 3], [], "a high hand needs 5 to 10 cards, got 4"),
        ("high", [0, 1, 2, 3, 60], [], "card index 60 is outside 0-51"),
        ("badugi", [], [], "a badugi hand needs at least one card"),
        ("doogie-low", list(range(11)), [], "a doogie is chosen from at most 10 cards, got 11"),
    ],
)
def test_bad_input_is_a_value_error_naming_it(
    kind: str, hole: list[int], board: list[int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _core.value(K[kind], False, bytes(hole), bytes(board))


def test_a_batch_refuses_ragged_hands_and_unknown_kinds() -> None:
    with pytest.raises(ValueError, match="not a whole number of 5-card hands"):
        _core.batch(K["draw-high"], False, bytes(range(7)), 5, b"", 0)
    with pytest.raises(ValueError, match="board bytes"):
        _core.batch(K["high"], False, bytes(range(5)), 5, b"\x01", 2)
    with pytest.raises(ValueError, match="unknown hand kind 9"):
        _core.value(9, False, bytes(range(5)), b"")


def test_a_batch_refuses_a_bad_card_anywhere_naming_the_largest() -> None:
    # the batch checks its cards a chunk of hands at a time, as it values them: a bad card
    # far into a long batch is still refused, with the largest bad index named
    rng = random.Random(7)
    deals = [rng.sample(range(52), 7) for _ in range(40_000)]
    holes = bytearray(c for cards in deals for c in cards[:2])
    boards = bytearray(c for cards in deals for c in cards[2:])
    good = _core.batch(K["high"], False, bytes(holes), 2, bytes(boards), 5)
    boards[5 * 30_000 + 3] = 60
    holes[2 * 39_999 + 1] = 77
    with pytest.raises(ValueError, match="card index 77 is outside 0-51"):
        _core.batch(K["high"], False, bytes(holes), 2, bytes(boards), 5)
    assert len(good) == 8 * 40_000


def test_the_python_layer_turns_core_errors_into_splitpot_errors() -> None:
    with pytest.raises(ShowdownError, match="a high hand needs 5 to 10 cards, got 4"):
        evaluate_high(parse_cards("As Ks Qs Js"))
    with pytest.raises(ShowdownError, match="a badugi hand needs at least one card"):
        evaluate_badugi(())
    with pytest.raises(ShowdownError, match="3 to 5 board cards, got 2"):
        evaluate_omaha(parse_cards("As Ks Qs Js"), parse_cards("2c 3c"))
    with pytest.raises(CardParseError, match="card index 60 is outside 0-51"):
        core_high_value([60, 1, 2, 3, 4])
    with pytest.raises(CardParseError, match="outside 0-51"):
        core_high_value([300, 1, 2, 3, 4])
