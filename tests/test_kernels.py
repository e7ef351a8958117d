"""splitpot.equity.kernels: every compiled kernel returns exactly the Python raw value.

- each family kernel equals its Python evaluator (``splitpot.evaluate``) on seeded random
  hands, plus hands random deals rarely reach; marked slow: 100,000 hands a kind and every
  five-card hand (high, 2-7, A-5, Badugi) and every four-card Badugi;
- the dispatcher ``award_value`` equals ``award.raw`` for every award of every game of the
  registry on random final deals, and can be called from other compiled code on views;
- known answers: wheels, the perfect doogie, hands with no doogie, Badugi with a suit or a
  rank repeated four times, aces high;
- the tables: the rank constants never collide, the perfect hash is perfect.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

import numba
import numpy as np
import pytest

from splitpot.cards import parse_cards
from splitpot.equity import kernels as k
from splitpot.equity.kernels import build
from splitpot.equity.kernels import lookup as tb
from splitpot.evaluate.badugi import badugi_value
from splitpot.evaluate.doogie import PERFECT_DOOGIE, PERFECT_DOOGIE_HIGH, doogie_value
from splitpot.evaluate.high import high_value, high_value_5
from splitpot.evaluate.lowball import a5_value_5, deuce_seven_value_5
from splitpot.evaluate.omaha import omaha_value
from splitpot.games import GAMES
from splitpot.games.spec import EvalKind

Array = np.ndarray[Any, np.dtype[np.int8]]


def deal(rng: random.Random, rows: int, width: int, deck: Sequence[int] = range(52)) -> Array:
    return np.array([rng.sample(deck, width) for _ in range(rows)], dtype=np.int8).reshape(
        rows, width
    )


def same(got: np.ndarray[Any, Any], expected: Sequence[int | None], cards: Any = None) -> None:
    assert got.dtype == np.int64
    want = [k.NO_HAND if v is None else v for v in expected]
    values = got.tolist()
    if values != want:
        bad = next(i for i, (a, b) in enumerate(zip(values, want, strict=True)) if a != b)
        row = "" if cards is None else f" cards {np.asarray(cards)[bad].tolist()}"
        raise AssertionError(f"row {bad}:{row} kernel {values[bad]}, Python {want[bad]}")


def cards_of(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


# Hands random deals rarely reach: straight flushes (the wheel too), quads, full houses, the
# 2-7 wheel and wheel flush, A-5 full house and quads.
SPECIAL_FIVES = [
    cards_of(text)
    for text in (
        "Ac 2c 3c 4c 5c",
        "Ad 2d 3d 4d 5d",
        "Tc Jc Qc Kc Ac",
        "Ac 2d 3c 4c 5c",
        "Ac Ad Ah As 2c",
        "2c 2d 2h 3c 3d",
        "Ac Ad Ah 2c 2d",
        "7c 5c 4c 3c 2c",
        "7c 5d 4h 3s 2d",
        "2c 2d 2h 2s Ac",
        "9h Th Jh Qh Kh",
        "6s 5s 4s 3s 2s",
    )
]


def mixed_rows(rng: random.Random, rows: int, width: int) -> Array:
    """Random hands, hands from few ranks (pairs to quads), and hands from two suits."""
    few = [rng.sample(range(0, 4 * max(2, (width + 3) // 4 + 1)), width) for _ in range(rows // 4)]
    suited = [rng.sample([c for c in range(52) if c & 3 < 2], width) for _ in range(rows // 4)]
    return np.vstack([deal(rng, rows, width), few, suited]).astype(np.int8)


# --- the tables -------------------------------------------------------------------------------


def test_rank_keys_never_collide_and_the_hash_is_perfect() -> None:
    keys = []
    for n in range(8):
        for ranks in combinations_with_replacement(range(13), n):
            if all(ranks.count(r) <= 4 for r in ranks):
                keys.append(sum(tb.RANK_KEY[r] for r in ranks) + (n << tb.COUNT_SHIFT))
    assert len(keys) == 76_155 and len(set(keys)) == len(keys)
    assert max(keys) < 1 << tb.SUIT_SHIFT
    slots = build._ph_indices(np.array(keys, dtype=np.int64), k.tables().data).tolist()
    assert len(set(slots)) == len(keys) and max(slots) < tb.PH_SIZE


@pytest.mark.slow
def test_the_second_hash_is_perfect_for_eight_to_ten_ranks() -> None:
    keys = [
        sum(5**r for r in ranks)
        for n in range(8, 11)
        for ranks in combinations_with_replacement(range(13), n)
        if all(ranks.count(r) <= 4 for r in ranks)
    ]
    assert len(keys) == 956_605
    slots = build._ph10_indices(np.array(keys, dtype=np.int64), k.tables().data).tolist()
    assert len(set(slots)) == len(keys) and max(slots) < tb.PH10_SIZE


def test_tables_stay_small_and_the_cache_file_holds_the_same_tables() -> None:
    t = k.tables()
    assert k.tables() is t
    assert t.data.nbytes < 40_000_000
    assert np.array_equal(build.build_arena(), t.data)


def test_no_hand_is_below_every_value() -> None:
    assert k.NO_HAND < -(1 << 40) and k.NO_HAND == -(1 << 62)
    assert isinstance(k.NO_HAND, int)


def test_kind_codes_cover_every_kind_once() -> None:
    assert set(k.KIND_CODES) == set(EvalKind)
    codes = sorted(k.KIND_CODES.values())
    assert codes == list(range(len(EvalKind)))
    for spec in GAMES.values():
        for award in spec.awards:
            assert k.kind_code(award) == k.KIND_CODES[award.kind]


# --- each family against its Python evaluator ---------------------------------------------------


@pytest.mark.parametrize("width", range(5, 11))
def test_high_equals_high_value(width: int) -> None:
    rng = random.Random(f"high/{width}")
    cards = mixed_rows(rng, 12_000, width)
    same(k.high_batch(cards), [high_value(row) for row in cards.tolist()], cards)


def test_draw_high_equals_high_value_5() -> None:
    cards = np.vstack([mixed_rows(random.Random("high5"), 12_000, 5), SPECIAL_FIVES])
    cards = cards.astype(np.int8)
    same(k.high5_batch(cards), [high_value_5(row) for row in cards.tolist()], cards)
    same(k.high_batch(cards), [high_value_5(row) for row in cards.tolist()], cards)


@pytest.mark.parametrize(("hole", "board"), [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)])
def test_omaha_equals_omaha_value(hole: int, board: int) -> None:
    rng = random.Random(f"omaha/{hole}/{board}")
    cards = mixed_rows(rng, 8_000, hole + board)
    expected = [omaha_value(row[:hole], row[hole:]) for row in cards.tolist()]
    same(k.omaha_batch(cards[:, :hole], cards[:, hole:]), expected, cards)


@pytest.mark.parametrize("width", range(1, 11))
@pytest.mark.parametrize("aces_high", [False, True])
def test_badugi_equals_badugi_value(width: int, aces_high: bool) -> None:
    rng = random.Random(f"badugi/{width}/{aces_high}")
    rows = 12_000 if width in (4, 5) else 2_000
    cards = mixed_rows(rng, rows, width)
    expected = [badugi_value(row, aces_high=aces_high) for row in cards.tolist()]
    same(k.badugi_batch(cards, aces_high), expected, cards)


def test_lowball_equals_python() -> None:
    cards = np.vstack([mixed_rows(random.Random("lowball"), 12_000, 5), SPECIAL_FIVES])
    cards = cards.astype(np.int8)
    rows = cards.tolist()
    same(k.deuce_seven_batch(cards), [deuce_seven_value_5(row) for row in rows], cards)
    same(k.a5_batch(cards), [a5_value_5(row) for row in rows], cards)


@pytest.mark.parametrize(("hole", "board"), [(6, 4), (6, 3), (6, 0), (5, 0), (4, 4), (8, 2)])
def test_doogie_equals_python(hole: int, board: int) -> None:
    rng = random.Random(f"doogie/{hole}/{board}")
    cards = mixed_rows(rng, 8_000, hole + board)
    rows = cards.tolist()
    holes, boards = cards[:, :hole], cards[:, hole:]
    lows = [doogie_value(row) for row in rows]
    assert None in lows and any(v is not None for v in lows)
    same(k.doogie_low_batch(holes, boards), lows, cards)
    highs = [
        PERFECT_DOOGIE_HIGH if doogie_value(row) == PERFECT_DOOGIE else high_value(row)
        for row in rows
    ]
    same(k.doogie_high_batch(holes, boards), highs, cards)


# --- the dispatcher against every award of every game -----------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_award_value_equals_award_raw(game: str) -> None:
    spec = GAMES[game]
    rng = random.Random(f"awards/{game}")
    deals = 4_000
    cards = deal(rng, deals, spec.hole_cards + spec.board_cards)
    holes, boards = cards[:, : spec.hole_cards], cards[:, spec.hole_cards :]
    for award in spec.awards:
        expected = [award.raw(h, b) for h, b in zip(holes.tolist(), boards.tolist(), strict=True)]
        got = k.award_batch(k.kind_code(award), award.aces_high, holes, boards)
        same(got, expected, cards)


@numba.njit(cache=False)
def _award_over_slices(kind: int, aces_high: bool, cards: Any, split: int, t: Any) -> Any:
    out = np.empty(cards.shape[0], dtype=np.int64)
    for i in range(cards.shape[0]):
        out[i] = k.award_value(kind, aces_high, cards[i, :split], cards[i, split:], t)
    return out


def test_award_value_is_callable_from_compiled_code_on_views() -> None:
    spec = GAMES["doogie"]
    rng = random.Random("views")
    cards = deal(rng, 500, 10)
    for award in spec.awards:
        got = _award_over_slices(k.kind_code(award), award.aces_high, cards, 6, k.tables())
        rows = cards.tolist()
        same(got, [award.raw(row[:6], row[6:]) for row in rows], cards)


# --- known answers ------------------------------------------------------------------------------


def one(batch: Any, *rows: Any) -> int:
    return int(batch(*[np.array([row], dtype=np.int8) for row in rows])[0])


def test_wheels() -> None:
    # High: A-2-3-4-5 is a five-high straight (category 4, top rank index 3 = the five).
    assert one(k.high5_batch, cards_of("Ac 2d 3h 4s 5c")) == 4 << 20 | 3 << 16
    assert one(k.high_batch, cards_of("Ac 2d 3h 4s 5c Kd Kh")) == 4 << 20 | 3 << 16
    assert one(k.high_batch, cards_of("Ac 2c 3c 4c 5c Kd Kh")) == 8 << 20 | 3 << 16
    # 2-7: the wheel is ace high, no straight: A-5-4-3-2 (ranks 12, 3, 2, 1, 0), negated.
    wheel = 12 << 16 | 3 << 12 | 2 << 8 | 1 << 4
    assert one(k.deuce_seven_batch, cards_of("Ac 2d 3h 4s 5c")) == -wheel
    assert one(k.deuce_seven_batch, cards_of("Ac 2c 3c 4c 5c")) == -(5 << 20 | wheel)
    # the wheel is the best hand, 5-4-3-2-A (low ranks 4, 3, 2, 1, 0).
    assert one(k.a5_batch, cards_of("Ac 2c 3c 4c 5c")) == -(4 << 16 | 3 << 12 | 2 << 8 | 1 << 4)


def test_perfect_doogie_and_no_doogie() -> None:
    hole, board = cards_of("Ac 2d 3h 4s Kc Kd"), cards_of("Kh Ks 9c 9d")
    assert one(k.doogie_high_batch, hole, board) == PERFECT_DOOGIE_HIGH
    assert one(k.doogie_low_batch, hole, board) == PERFECT_DOOGIE
    # No spade: no doogie, and the high half is kings full of nines.
    hole, board = cards_of("Ac 2d 3h 4h Kc Kd"), cards_of("Kh 8h 9c 9d")
    assert one(k.doogie_low_batch, hole, board) == k.NO_HAND
    assert one(k.doogie_high_batch, hole, board) == 6 << 20 | 11 << 16 | 7 << 12
    # A-2-3-4 present in four suits but only through a matching: Ac 2c 2d 3h 4s 4c.
    hole, board = cards_of("Ac 2c 2d 3h 4c 4s"), cards_of("Qh Jh 9c 8d")
    assert one(k.doogie_low_batch, hole, board) == PERFECT_DOOGIE


def test_badugi_with_a_suit_or_a_rank_four_times() -> None:
    full = 0x1FFF
    # One suit: only the lowest card plays (aces low: the ace; aces high: the deuce).
    assert one(lambda c: k.badugi_batch(c, False), cards_of("As 2s 3s 4s")) == (
        1 << 13 | full - 0b1
    )
    assert one(lambda c: k.badugi_batch(c, True), cards_of("As 2s 3s 4s")) == (1 << 13 | full - 0b1)
    assert one(lambda c: k.badugi_batch(c, True), cards_of("As Ks Qs Js")) == (
        1 << 13 | full - (1 << 9)
    )
    # One rank in four suits: a one-card hand.
    assert one(lambda c: k.badugi_batch(c, False), cards_of("7c 7d 7h 7s")) == (
        1 << 13 | full - (1 << 6)
    )
    # 2s 2h 3s Kd is a three-card K-3-2 (the rules' warning against greedy by cards).
    assert one(lambda c: k.badugi_batch(c, False), cards_of("2s 2h 3s Kd")) == (
        3 << 13 | full - (1 << 12 | 1 << 2 | 1 << 1)
    )
    # Five cards: the best four-card badugi among them; aces high moves the ace to the top.
    five = cards_of("Ac 2d 3h 4s 4c")
    assert one(lambda c: k.badugi_batch(c, False), five) == 4 << 13 | full - 0b1111
    assert one(lambda c: k.badugi_batch(c, True), five) == 4 << 13 | full - (
        1 << 12 | 1 << 2 | 1 << 1 | 1 << 0
    )


# --- long runs ----------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(EvalKind))
def test_every_kind_on_100k_hands(kind: EvalKind) -> None:
    rng = random.Random(f"100k/{kind}")
    awards = {a.name: a for spec in GAMES.values() for a in spec.awards if a.kind == kind}
    shapes = {
        EvalKind.HIGH: [(2, 5), (2, 3), (6, 4)],
        EvalKind.OMAHA: [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)],
        EvalKind.DRAW_HIGH: [(5, 0)],
        EvalKind.BADUGI: [(4, 0), (5, 0)],
        EvalKind.DEUCE_SEVEN: [(5, 0)],
        EvalKind.A5: [(5, 0)],
        EvalKind.DOOGIE_HIGH: [(6, 4), (6, 2)],
        EvalKind.DOOGIE_LOW: [(6, 4), (6, 2)],
    }[kind]
    for award in awards.values():
        for hole, board in shapes:
            cards = deal(rng, 100_000, hole + board)
            holes, boards = cards[:, :hole], cards[:, hole:]
            rows = zip(holes.tolist(), boards.tolist(), strict=True)
            expected = [award.raw(h, b) for h, b in rows]
            got = k.award_batch(k.kind_code(award), award.aces_high, holes, boards)
            same(got, expected, cards)


@pytest.mark.slow
def test_five_card_kernels_on_every_five_card_hand() -> None:
    cards = np.array(list(combinations(range(52), 5)), dtype=np.int8)
    rows = cards.tolist()
    same(k.high5_batch(cards), [high_value_5(row) for row in rows], cards)
    same(k.deuce_seven_batch(cards), [deuce_seven_value_5(row) for row in rows], cards)
    same(k.a5_batch(cards), [a5_value_5(row) for row in rows], cards)
    for aces_high in (False, True):
        expected = [badugi_value(row, aces_high=aces_high) for row in rows]
        same(k.badugi_batch(cards[:, ::-1], aces_high), expected, cards)


@pytest.mark.slow
def test_badugi_on_every_four_card_hand() -> None:
    cards = np.array(list(combinations(range(52), 4)), dtype=np.int8)
    rows = cards.tolist()
    for aces_high in (False, True):
        expected = [badugi_value(row, aces_high=aces_high) for row in rows]
        same(k.badugi_batch(cards, aces_high), expected, cards)
        same(k.badugi_batch(cards[:, ::-1], aces_high), expected, cards)
