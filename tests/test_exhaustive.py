"""Exhaustive and large-sample checks of the raw evaluators against plain reference rules.

Every test here is ``slow`` (seconds each, see ``make quick`` to skip them). The references are
written for clarity, not speed: textbook category rules for five-card hands, and a search of
every subset for Badugi and Doogie (docs/rules.md, "Hand values"). The evaluators are compared with
them by *ordering* (which hands tie and which hand beats which), never by raw numbers, except
where an encoding is part of the documented API (the high category in ``value >> 20``, the 2-7
category in ``(-value) >> 20``, the Badugi card count in ``value >> 13``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from itertools import combinations, pairwise
from math import comb

import pytest

from splitpot.cards import format_cards
from splitpot.evaluate.badugi import badugi_value
from splitpot.evaluate.doogie import doogie_value
from splitpot.evaluate.high import high_value, high_value_5
from splitpot.evaluate.lowball import a5_value_5, deuce_seven_value_5
from splitpot.evaluate.omaha import omaha_value

pytestmark = pytest.mark.slow

ALL_FIVE = comb(52, 5)  # 2,598,960
ACE = 12  # rank index of the ace (0 = deuce)

# Categories in the high encoding (``value >> 20``).
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


# ----------------------------------------------------------------------------------------------
# The ordering check shared by every test
# ----------------------------------------------------------------------------------------------


def order_problems(
    items: Iterable[tuple[Hashable, int, Sequence[int]]],
    *,
    higher_ref_wins: bool = True,
    limit: int = 10,
) -> tuple[list[str], dict[Hashable, tuple[int, Sequence[int]]]]:
    """Compare an evaluator with a reference by the order they put hands in.

    ``items`` gives, for each hand, (reference key, evaluator value, cards). The evaluator must
    give equal values exactly to hands with equal reference keys, and order the classes the same
    way (evaluator: bigger wins; reference: bigger wins unless ``higher_ref_wins`` is false).
    Returns the problems found (at most ``limit`` of each kind, with the cards) and, per
    reference key, its value and one example hand.
    """
    by_ref: dict[Hashable, tuple[int, Sequence[int]]] = {}
    problems: list[str] = []
    for ref, value, cards in items:
        known = by_ref.setdefault(ref, (value, cards))
        if known[0] != value and len(problems) < limit:
            problems.append(
                f"{format_cards(cards)} and {format_cards(known[1])} are equal by the reference "
                f"{ref} but got values {value} and {known[0]}"
            )
    by_value: dict[int, Hashable] = {}
    for ref, (value, cards) in by_ref.items():
        other = by_value.setdefault(value, ref)
        if other != ref and len(problems) < 2 * limit:
            problems.append(
                f"{format_cards(cards)} (reference {ref}) and "
                f"{format_cards(by_ref[other][1])} (reference {other}) share value {value}"
            )
    worst_first = sorted(by_ref.items(), reverse=not higher_ref_wins)
    wrong = 0
    for (ref_lo, (v_lo, c_lo)), (ref_hi, (v_hi, c_hi)) in pairwise(worst_first):
        if v_lo >= v_hi:
            wrong += 1
            if wrong <= limit:
                problems.append(
                    f"{format_cards(c_hi)} should beat {format_cards(c_lo)} "
                    f"(reference {ref_hi} vs {ref_lo}) but got values {v_hi} <= {v_lo}"
                )
    return problems, by_ref


def assert_no_problems(problems: list[str]) -> None:
    assert not problems, "\n".join(problems)


# ----------------------------------------------------------------------------------------------
# Five-card hands: high, 2-7 and A-5
# ----------------------------------------------------------------------------------------------


def ref_five(ranks: Sequence[int], flush: bool, *, wheel_is_straight: bool) -> tuple[int, ...]:
    """Textbook high-hand key (bigger is the better high hand) of five ranks 0..12, aces high.

    (category, then the ranks in tie-break order: by how many of the rank, then by rank).
    """
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]))
    groups.reverse()
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    distinct = sorted(counts, reverse=True)
    top = -1
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif wheel_is_straight and distinct == [ACE, 3, 2, 1, 0]:
            top = 3  # the five
    if top >= 0:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, top)
    if flush:
        return (FLUSH, *order)
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[shape]
    return (category, *order)


def ref_high(ranks: Sequence[int], flush: bool) -> tuple[int, ...]:
    return ref_five(ranks, flush, wheel_is_straight=True)


def ref_deuce_seven(ranks: Sequence[int], flush: bool) -> tuple[int, ...]:
    """2-7: the high key with the wheel no straight; the *lower* key wins."""
    return ref_five(ranks, flush, wheel_is_straight=False)


A5_CATEGORIES = ("no pair", "pair", "two pair", "trips", "full house", "quads")


def ref_a5(ranks: Sequence[int], flush: bool) -> tuple[int, ...]:
    """A-5: aces low, straights and flushes ignored; the *lower* key wins."""
    del flush  # flushes do not count at A-5
    counts = Counter((rank + 1) % 13 for rank in ranks)  # ace 0, deuce 1 ... king 12
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]))
    groups.reverse()
    shape = tuple(count for _, count in groups)
    category = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }[shape]
    return (category, *(rank for rank, _ in groups))


def every_five_card_hand(
    value_5: Callable[[Sequence[int]], int],
    ref: Callable[[Sequence[int], bool], tuple[int, ...]],
) -> Iterator[tuple[Hashable, int, Sequence[int]]]:
    """(reference key, value, hand) for all 2,598,960 hands; the reference is computed once
    per class of hands with the same ranks and flushness."""
    ref_of_class: dict[tuple[int, ...], tuple[int, ...]] = {}
    for hand in combinations(range(52), 5):
        a, b, c, d, e = hand
        flush = (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3)
        cls = (a >> 2, b >> 2, c >> 2, d >> 2, e >> 2, flush)
        key = ref_of_class.get(cls)
        if key is None:
            key = ref_of_class[cls] = ref(cls[:5], flush)
        yield key, value_5(hand), hand


def tally(counts: Counter[int], category_of: Callable[[int], int]) -> tuple[dict, dict]:
    """Hands and distinct values per category, from a Counter of values."""
    hands: Counter[int] = Counter()
    distinct: Counter[int] = Counter()
    for value, number in counts.items():
        hands[category_of(value)] += number
        distinct[category_of(value)] += 1
    return dict(hands), dict(distinct)


def test_high_every_five_card_hand() -> None:
    counts = Counter(map(high_value_5, combinations(range(52), 5)))
    assert counts.total() == ALL_FIVE
    assert len(counts) == 7_462
    hands, distinct = tally(counts, lambda value: value >> 20)
    assert hands == {
        STRAIGHT_FLUSH: 40,  # 4 royal flushes among them
        QUADS: 624,
        FULL_HOUSE: 3_744,
        FLUSH: 5_108,
        STRAIGHT: 10_200,
        TRIPS: 54_912,
        TWO_PAIR: 123_552,
        PAIR: 1_098_240,
        HIGH_CARD: 1_302_540,
    }
    assert distinct == {
        STRAIGHT_FLUSH: 10,
        QUADS: 156,
        FULL_HOUSE: 156,
        FLUSH: 1_277,
        STRAIGHT: 10,
        TRIPS: 858,
        TWO_PAIR: 858,
        PAIR: 2_860,
        HIGH_CARD: 1_277,
    }
    royal = max(counts)
    assert counts[royal] == 4
    assert royal >> 20 == STRAIGHT_FLUSH

    problems, by_ref = order_problems(every_five_card_hand(high_value_5, ref_high))
    assert_no_problems(problems)
    assert len(by_ref) == 7_462
    assert [ref for ref, (value, _) in by_ref.items() if value >> 20 != ref[0]] == []


def test_deuce_seven_every_five_card_hand() -> None:
    # 2-7 counts: the wheel A-2-3-4-5 is no straight (docs/rules.md), so of the ten straight ranks
    # (A-5 .. T-A) only nine remain. Each straight rank set has 4^5 = 1,024 suitings: 4 flushes
    # and 1,020 not. So straights 10,200 - 1,020 = 9,180 (the wheels become ace-high hands:
    # high card 1,302,540 + 1,020 = 1,303,560), and straight flushes 40 - 4 = 36 (the wheel
    # flushes become ace-high flushes: flush 5,108 + 4 = 5,112). Distinct values: straights
    # and straight flushes 10 - 1 = 9 each, high card and flush 1,277 + 1 = 1,278 each (A-5-4-3-2
    # is a new no-straight rank set). Everything else is as at high; total still 7,462.
    counts = Counter(map(deuce_seven_value_5, combinations(range(52), 5)))
    assert counts.total() == ALL_FIVE
    assert len(counts) == 7_462
    assert max(counts) < 0
    hands, distinct = tally(counts, lambda value: (-value) >> 20)
    assert hands == {
        STRAIGHT_FLUSH: 36,
        QUADS: 624,
        FULL_HOUSE: 3_744,
        FLUSH: 5_112,
        STRAIGHT: 9_180,
        TRIPS: 54_912,
        TWO_PAIR: 123_552,
        PAIR: 1_098_240,
        HIGH_CARD: 1_303_560,
    }
    assert distinct == {
        STRAIGHT_FLUSH: 9,
        QUADS: 156,
        FULL_HOUSE: 156,
        FLUSH: 1_278,
        STRAIGHT: 9,
        TRIPS: 858,
        TWO_PAIR: 858,
        PAIR: 2_860,
        HIGH_CARD: 1_278,
    }
    # The best 2-7 hand is 7-5-4-3-2 unsuited: 4^5 - 4 = 1,020 hands.
    assert counts[max(counts)] == 1_020

    problems, by_ref = order_problems(
        every_five_card_hand(deuce_seven_value_5, ref_deuce_seven), higher_ref_wins=False
    )
    assert_no_problems(problems)
    assert len(by_ref) == 7_462
    assert [ref for ref, (value, _) in by_ref.items() if (-value) >> 20 != ref[0]] == []


def test_a5_every_five_card_hand() -> None:
    # A-5 ignores straights and flushes, so the classes are the 6,175 multisets of five ranks
    # with at most four of a rank: C(13,5) = 1,287 no-pair, 13 * C(12,3) = 2,860 pair,
    # C(13,2) * 11 = 858 two pair, 13 * C(12,2) = 858 trips, 13 * 12 = 156 full house and 156
    # quads. Hands: no pair takes every unpaired hand of the high count (high card, straights,
    # flushes and straight flushes: 1,302,540 + 10,200 + 5,108 + 40 = 1,317,888).
    counts = Counter(map(a5_value_5, combinations(range(52), 5)))
    assert counts.total() == ALL_FIVE
    assert len(counts) == 6_175
    assert max(counts) < 0

    problems, by_ref = order_problems(
        every_five_card_hand(a5_value_5, ref_a5), higher_ref_wins=False
    )
    assert_no_problems(problems)
    assert len(by_ref) == 6_175
    category_of_value = {value: ref[0] for ref, (value, _) in by_ref.items()}
    hands, distinct = tally(counts, category_of_value.__getitem__)
    assert {A5_CATEGORIES[c]: n for c, n in hands.items()} == {
        "no pair": 1_317_888,
        "pair": 1_098_240,
        "two pair": 123_552,
        "trips": 54_912,
        "full house": 3_744,
        "quads": 624,
    }
    assert {A5_CATEGORIES[c]: n for c, n in distinct.items()} == {
        "no pair": 1_287,
        "pair": 2_860,
        "two pair": 858,
        "trips": 858,
        "full house": 156,
        "quads": 156,
    }
    # The best A-5 hand is 5-4-3-2-A, flush or not: 4^5 = 1,024 hands.
    assert counts[max(counts)] == 1_024


# ----------------------------------------------------------------------------------------------
# More cards than five: the best five (high) and exactly two plus three (Omaha), against a plain
# search over the five-card evaluator checked exhaustively above. Half of the spots are dealt
# from two suits only, so that flushes, straight flushes and several flush suits are common.
# ----------------------------------------------------------------------------------------------

TWO_SUITS = tuple(c for c in range(52) if c & 3 < 2)


def sample_cards(rng: random.Random, count: int) -> tuple[int, ...]:
    return tuple(rng.sample(TWO_SUITS if rng.random() < 0.5 else range(52), count))


@pytest.mark.parametrize("pool_size", [6, 7, 8, 9, 10])
def test_high_best_five_sample(pool_size: int) -> None:
    rng = random.Random(f"high best five of {pool_size}")
    problems = []
    for _ in range(40_000):
        pool = sample_cards(rng, pool_size)
        want = max(high_value_5(five) for five in combinations(pool, 5))
        got = high_value(pool)
        if got != want and len(problems) < 10:
            problems.append(f"{format_cards(pool)}: got {got:#x}, best five make {want:#x}")
    assert_no_problems(problems)


@pytest.mark.parametrize("hole_size", [4, 5, 6])
@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_omaha_two_plus_three_sample(hole_size: int, board_size: int) -> None:
    rng = random.Random(f"omaha {hole_size} hole {board_size} board")
    problems = []
    for _ in range(20_000):
        cards = sample_cards(rng, hole_size + board_size)
        hole, board = cards[:hole_size], cards[hole_size:]
        want = max(
            high_value_5((*two, *three))
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        )
        got = omaha_value(hole, board)
        if got != want and len(problems) < 10:
            problems.append(
                f"hole {format_cards(hole)} board {format_cards(board)}: "
                f"got {got:#x}, best two plus three make {want:#x}"
            )
    assert_no_problems(problems)


# ----------------------------------------------------------------------------------------------
# Badugi and Doogie
# ----------------------------------------------------------------------------------------------


def low_rank(card: int, *, aces_high: bool = False) -> int:
    """Rank for Badugi comparisons: ace 0, deuce 1 .. king 12 (or deuce 0 .. ace 12)."""
    rank = card >> 2
    return rank if aces_high else (rank + 1) % 13


def ref_badugi(cards: Sequence[int], *, aces_high: bool = False) -> tuple[int, tuple[int, ...]]:
    """Plain Badugi: try every subset, keep those with all ranks and all suits different,
    prefer more cards, then the lower ranks compared from the highest down.

    Key: (number of cards, negated ranks from the highest down); bigger is better.
    """
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(1, len(cards) + 1):
        for subset in combinations(cards, size):
            if len({c >> 2 for c in subset}) < size or len({c & 3 for c in subset}) < size:
                continue
            ranks = sorted((low_rank(c, aces_high=aces_high) for c in subset), reverse=True)
            key = (size, tuple(-r for r in ranks))
            if best is None or key > best:
                best = key
    assert best is not None
    return best


def test_badugi_every_four_card_hand() -> None:
    items = [(ref_badugi(hand), badugi_value(hand), hand) for hand in combinations(range(52), 4)]
    assert len(items) == comb(52, 4) == 270_725
    problems, by_ref = order_problems(items)
    assert_no_problems(problems)
    # Every rank set of each size is some four-card hand's best badugi:
    # C(13,4) + C(13,3) + C(13,2) + C(13,1) = 715 + 286 + 78 + 13 = 1,092 distinct values.
    values = Counter(value for _, value, _ in items)
    assert len(values) == len(by_ref) == 1_092
    sizes_of_classes = Counter(value >> 13 for value in values)
    assert sizes_of_classes == {4: 715, 3: 286, 2: 78, 1: 13}
    # ``value >> 13`` is the number of cards in the badugi.
    assert [ref for ref, (value, _) in by_ref.items() if value >> 13 != ref[0]] == []
    hands_by_size = Counter()
    for value, number in values.items():
        hands_by_size[value >> 13] += number
    # Four-card badugis: give the four suits four different ranks, 13 * 12 * 11 * 10 = 17,160.
    # One-card hands: every two cards share a rank or a suit, which forces four of a suit
    # (4 * C(13,4) = 2,860) or four of a rank (13): 2,873.
    assert hands_by_size[4] == 17_160
    assert hands_by_size[1] == 2_873
    # The best hand, A-2-3-4 in four suits: 4! = 24 hands.
    assert values[max(values)] == 24


@pytest.mark.parametrize("aces_high", [False, True], ids=["aces-low", "aces-high"])
@pytest.mark.parametrize(("size", "hands"), [(5, 100_000), (2, 5_000), (3, 10_000), (7, 10_000)])
def test_badugi_sample(size: int, hands: int, aces_high: bool) -> None:
    rng = random.Random(f"badugi of {size} cards, aces high {aces_high}")
    items = []
    for _ in range(hands):
        hand = tuple(rng.sample(range(52), size))
        items.append(
            (
                ref_badugi(hand, aces_high=aces_high),
                badugi_value(hand, aces_high=aces_high),
                hand,
            )
        )
    problems, by_ref = order_problems(items)
    assert_no_problems(problems)
    assert [ref for ref, (value, _) in by_ref.items() if value >> 13 != ref[0]] == []
    if size == 5:
        assert len(by_ref) > 900  # the sample reaches most of the 1,092 classes


def ref_doogie(pool: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Plain Doogie: every four cards with one card of each suit and four different ranks,
    the lowest by the highest card down, aces low. (key, cards) or None; bigger key is better.
    """
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for four in combinations(pool, 4):
        if len({c & 3 for c in four}) != 4 or len({c >> 2 for c in four}) != 4:
            continue
        key = tuple(-r for r in sorted((low_rank(c) for c in four), reverse=True))
        if best is None or key > best[0]:
            best = (key, four)
    return best


@pytest.mark.parametrize("pool_size", [10, 8, 6, 4])
def test_doogie_sample(pool_size: int) -> None:
    rng = random.Random(f"doogie pools of {pool_size}")
    spots = {10: 40_000, 8: 10_000, 6: 10_000, 4: 10_000}[pool_size]
    items = []
    problems = []
    without = 0
    for _ in range(spots):
        pool = tuple(rng.sample(range(52), pool_size))
        got = doogie_value(pool)
        want = ref_doogie(pool)
        if want is None:
            without += 1
            if got is not None and len(problems) < 10:
                problems.append(f"{format_cards(pool)}: no doogie, but got value {got}")
            continue
        if got is None:
            if len(problems) < 10:
                problems.append(f"{format_cards(pool)}: missed the doogie {format_cards(want[1])}")
            continue
        # A doogie is the four-card Badugi value of the cards it uses.
        if got != badugi_value(want[1]) and len(problems) < 10:
            problems.append(
                f"{format_cards(pool)}: value {got}, but its best doogie "
                f"{format_cards(want[1])} has Badugi value {badugi_value(want[1])}"
            )
        items.append((want[0], got, pool))
    assert_no_problems(problems)
    order, _ = order_problems(items)
    assert_no_problems(order)
    assert 0 < without < spots  # the sample has pools with and without a doogie
