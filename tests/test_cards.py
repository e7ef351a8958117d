"""Cards: parsing every accepted spelling, printing, errors that say where, and the deck."""

from __future__ import annotations

import pickle
import random

import pytest

from splitpot.cards import Card, Deck, check_distinct, format_cards, full_deck, parse_cards
from splitpot.errors import CardParseError, DuplicateCardError


@pytest.mark.parametrize(
    "text",
    [
        "As Kd Th",
        "AsKdTh",
        "As,Kd,Th",
        "as kd th",
        "AS KD TH",
        "A♠ K♦ 10♥",
        "A♠K♦10♥",
        "As, Kd 10h",
    ],
)
def test_parse_every_accepted_spelling(text: str) -> None:
    assert parse_cards(text) == (Card("As"), Card("Kd"), Card("Th"))


def test_card_is_a_small_int_with_a_face() -> None:
    card = Card("Qh")
    assert card == 10 * 4 + 2
    assert (card.rank, card.suit, str(card), card.symbol) == (10, 2, "Qh", "Q♥")
    assert repr(card) == "Card('Qh')"
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_format_round_trips() -> None:
    deck = full_deck()
    assert parse_cards(format_cards(deck)) == tuple(deck)
    assert parse_cards(format_cards(deck, symbols=True)) == tuple(deck)


def test_unknown_suit_names_token_and_place() -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards("As Ah Kx", where="in player B's cards")
    assert str(err.value) == "\"Kx\": unknown suit 'x' (card 3 in player B's cards)"


def test_unknown_rank_and_missing_suit() -> None:
    with pytest.raises(CardParseError, match="\"1s\": unknown rank '1'"):
        parse_cards("1s")
    with pytest.raises(CardParseError, match='"K": missing suit'):
        parse_cards("As K")
    with pytest.raises(CardParseError, match="unknown rank 'Z'"):
        parse_cards("Zs")


def test_duplicate_card_is_named_with_both_places() -> None:
    message = "card As appears twice: in player A's cards and on the board"
    with pytest.raises(DuplicateCardError, match=message):
        check_distinct(
            [("in player A's cards", parse_cards("As Kd")), ("on the board", parse_cards("As"))]
        )


def test_deck_takes_an_injected_random() -> None:
    a = Deck(random.Random(7)).deal(52)
    b = Deck(random.Random(7)).deal(52)
    assert a == b and sorted(a) == full_deck()
    assert Deck(random.Random(8)).deal(5) != Deck(random.Random(7)).deal(5)


def test_deck_needs_a_random_or_a_stack() -> None:
    with pytest.raises(TypeError):
        Deck()


def test_stacked_deck_deals_in_order_and_refuses_duplicates() -> None:
    deck = Deck(stacked="As Kd Qh")
    assert deck.deal(2) == parse_cards("As Kd")
    assert len(deck) == 1
    with pytest.raises(DuplicateCardError):
        Deck(stacked="As As")
    with pytest.raises(IndexError, match="1 left"):
        deck.deal(2)
