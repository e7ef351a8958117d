"""Differential tests: splitpot against PokerKit 0.7.7, an independent evaluator.

Seeded random two-player spots (no card dealt twice) are evaluated by both libraries, and the
outcome (A wins, B wins, tie) must be the same every time. 300 spots per family run in the
everyday suite, 10,000 in the ``slow`` one.

PokerKit's classes, read from its source (``pokerkit/hands.py`` and ``pokerkit/lookups.py``):

- ``StandardHighHand``: best five of hole + board, A-2-3-4-5 the lowest straight, no wrap.
- ``OmahaHoldemHand``: exactly two hole cards and exactly three board cards.
- ``StandardLowHand``: deuce-to-seven. Its lookup (``Standard2Lookup``) has no wheel straight,
  so A-2-3-4-5 is an ace-high hand (an ace-high flush if suited); aces high; lowest wins.
- ``RegularLowHand``: ace-to-five. Aces low (``RankOrder.REGULAR``), straights and flushes
  ignored; lowest wins.
- ``BadugiHand``: aces LOW (``RankOrder.REGULAR``); searches every subset, largest size first,
  and compares by ranks only, highest card first. No suit and no outside card breaks a tie.
- ``StandardBadugiHand``: the same with aces HIGH (``RankOrder.STANDARD``), as in Badeucy.

Those agree with docs/rules.md ("Hand values") for every family compared here, so no comparison is
restricted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pokerkit
import pytest

from splitpot.cards import RANKS, SUITS, Card, format_cards, full_deck
from splitpot.evaluate import (
    HandValue,
    evaluate_a5,
    evaluate_badugi,
    evaluate_badugi_aces_high,
    evaluate_deuce_seven,
    evaluate_draw_high,
    evaluate_high,
    evaluate_omaha,
)

# PokerKit's card for each splitpot card index (rank * 4 + suit, suits "cdhs").
DECK_TEXT = [RANKS[i >> 2] + SUITS[i & 3] for i in range(52)]
PK_CARDS: tuple[pokerkit.Card, ...] = tuple(pokerkit.Card.parse("".join(DECK_TEXT)))


FULL_DECK = tuple(full_deck())
# Narrow decks make the rare cases common: flushes and straight flushes from two suits,
# wheels, pairs and many-way Badugi choices from the low ranks (ace and 2-7).
TWO_SUITS = tuple(c for c in FULL_DECK if c.suit_char in "cd")
LOW_RANKS = tuple(c for c in FULL_DECK if c.rank_char in "A234567")


@dataclass(frozen=True)
class Family:
    """One way of making a hand, in both libraries, and the cards the spots are dealt from."""

    name: str
    hole: int
    board: int
    ours: Callable[[tuple[Card, ...], tuple[Card, ...]], HandValue]
    theirs: type[pokerkit.Hand]
    deck: tuple[Card, ...] = FULL_DECK


def _high(h: tuple[Card, ...], b: tuple[Card, ...]) -> HandValue:
    return evaluate_high((*h, *b))


FAMILIES = [
    Family("high-7", 2, 5, _high, pokerkit.StandardHighHand),
    Family("high-5", 5, 0, lambda h, b: evaluate_draw_high(h), pokerkit.StandardHighHand),
    Family("omaha-4", 4, 5, evaluate_omaha, pokerkit.OmahaHoldemHand),
    Family("omaha-5", 5, 5, evaluate_omaha, pokerkit.OmahaHoldemHand),
    Family("badugi-4", 4, 0, lambda h, b: evaluate_badugi(h), pokerkit.BadugiHand),
    Family("badugi-5", 5, 0, lambda h, b: evaluate_badugi(h), pokerkit.BadugiHand),
    Family("deuce-seven-5", 5, 0, lambda h, b: evaluate_deuce_seven(h), pokerkit.StandardLowHand),
    # Beyond the list in the brief, cheap and from the same oracle:
    Family("a5-5", 5, 0, lambda h, b: evaluate_a5(h), pokerkit.RegularLowHand),
    Family(
        "badugi-aces-high-5",
        5,
        0,
        lambda h, b: evaluate_badugi_aces_high(h),
        pokerkit.StandardBadugiHand,
    ),
    # The same families dealt from narrow decks.
    Family("high-7-two-suits", 2, 5, _high, pokerkit.StandardHighHand, TWO_SUITS),
    Family("omaha-5-two-suits", 5, 5, evaluate_omaha, pokerkit.OmahaHoldemHand, TWO_SUITS),
    Family(
        "badugi-5-low-ranks",
        5,
        0,
        lambda h, b: evaluate_badugi(h),
        pokerkit.BadugiHand,
        LOW_RANKS,
    ),
    Family(
        "deuce-seven-5-low-ranks",
        5,
        0,
        lambda h, b: evaluate_deuce_seven(h),
        pokerkit.StandardLowHand,
        LOW_RANKS,
    ),
    Family("a5-5-low-ranks", 5, 0, lambda h, b: evaluate_a5(h), pokerkit.RegularLowHand, LOW_RANKS),
]


def verdict(a: Any, b: Any) -> str:
    """Who wins between two comparable hands (bigger wins): "A wins", "B wins" or "tie"."""
    if a > b:
        return "A wins"
    if b > a:
        return "B wins"
    assert a == b, f"{a!r} and {b!r} are neither ordered nor equal"
    return "tie"


def disagreements(family: Family, seed: str, spots: int, limit: int = 10) -> list[str]:
    """Deal ``spots`` seeded two-player spots; describe each one the libraries disagree on."""
    rng = random.Random(seed)
    found: list[str] = []
    outcomes: dict[str, int] = {"A wins": 0, "B wins": 0, "tie": 0}
    for spot in range(spots):
        dealt = rng.sample(family.deck, 2 * family.hole + family.board)
        hole_a = tuple(dealt[: family.hole])
        hole_b = tuple(dealt[family.hole : 2 * family.hole])
        board = tuple(dealt[2 * family.hole :])
        ours_a, ours_b = family.ours(hole_a, board), family.ours(hole_b, board)
        theirs_a, theirs_b = (
            family.theirs.from_game(pk(hole), pk(board)) for hole in (hole_a, hole_b)
        )
        ours, theirs = verdict(ours_a, ours_b), verdict(theirs_a, theirs_b)
        outcomes[theirs] += 1
        if ours != theirs and len(found) < limit:
            where = f" board [{format_cards(board)}]" if board else ""
            found.append(
                f"{family.name} spot {spot} (seed {seed!r}):{where} "
                f"A [{format_cards(hole_a)}] B [{format_cards(hole_b)}]: "
                f"splitpot says {ours} (A {ours_a.describe()} {format_cards(ours_a.cards)}, "
                f"B {ours_b.describe()} {format_cards(ours_b.cards)}); "
                f"pokerkit says {theirs} (A {theirs_a}, B {theirs_b})"
            )
    # A run that never sees a win for each side would prove little.
    assert outcomes["A wins"] and outcomes["B wins"], outcomes
    return found


def pk(cards: Sequence[int]) -> tuple[pokerkit.Card, ...]:
    return tuple(PK_CARDS[c] for c in cards)


def test_card_translation() -> None:
    assert [repr(card) for card in PK_CARDS] == DECK_TEXT
    assert [str(card) for card in full_deck()] == DECK_TEXT


def test_oracle_semantics() -> None:
    """Pin the PokerKit behaviour the comparisons rely on (see the module docstring)."""
    # Badugi: aces low in BadugiHand, high in StandardBadugiHand; more cards beat fewer.
    assert pokerkit.BadugiHand("Ac2d3h4s") > pokerkit.BadugiHand("2c3d4h5s")
    assert pokerkit.StandardBadugiHand("Ac2d3h4s") < pokerkit.StandardBadugiHand("2c3d4h5s")
    assert pokerkit.BadugiHand("KcQdJhTs") > pokerkit.BadugiHand("Ac2d3h")
    # The greedy shortcut is wrong: 2s 2h 3s Kd is the three-card K-3-2 (docs/rules.md).
    assert pokerkit.BadugiHand.from_game("2s2h3sKd") == pokerkit.BadugiHand("2hKd3s")
    # 2-7: the wheel is ace-high, worse than king-high; no suit breaks a tie.
    wheel = pokerkit.StandardLowHand("Ac2d3h4s5c")
    assert wheel < pokerkit.StandardLowHand("Kc5d4h3s2c")
    assert wheel.entry.label is pokerkit.Label.HIGH_CARD
    # the wheel is the best hand, flush or not.
    assert pokerkit.RegularLowHand("Ac2c3c4c5c") == pokerkit.RegularLowHand("Ad2c3h4s5c")
    # High: the wheel is the lowest straight, no wrap-around.
    assert pokerkit.StandardHighHand("Ac2d3h4s5c").entry.label is pokerkit.Label.STRAIGHT
    assert pokerkit.StandardHighHand("Qc Kd Ah 2s 3c").entry.label is pokerkit.Label.HIGH_CARD


@pytest.mark.parametrize("family", FAMILIES, ids=lambda family: family.name)
def test_agrees_with_pokerkit(family: Family) -> None:
    found = disagreements(family, f"{family.name}/quick", 300)
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES, ids=lambda family: family.name)
def test_agrees_with_pokerkit_long(family: Family) -> None:
    found = disagreements(family, f"{family.name}/long", 10_000)
    assert not found, "\n".join(found)
