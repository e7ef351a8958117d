"""The stud games' order of play (docs/rules.md "The mixed-game menu"), kept beside the hand
as :mod:`.bomb` and :mod:`.muck` are: :class:`~splitpot.engine.hand.Hand` calls the hooks here.

- Third street two down and one up, fourth to sixth one up each, seventh one down; when the
  stub cannot give every player still in a seventh-street card, one card is dealt face up in
  the centre as a common card for all (:func:`deal_street`).
- The bring-in: stud the lowest up card (aces high), razz the highest (aces low, kings
  highest); ties by suit in bridge order, clubs lowest, then diamonds, hearts, spades. The
  bring-in posts a fixed amount below the small bet or completes to the small bet; the next
  player may call the bring-in or complete (:func:`bring_in_legal`, :func:`post_bring_in`).
- From fourth street on the best showing hand acts first: stud the highest by high rank,
  pairs beating unpaired cards (straights and flushes do not count, suits never break the
  tie); razz the lowest, aces low. Tied showings: the tied player nearest the dealer's left
  (:func:`first_to_act`); the dealer is the hand's button.
- Odd chips of a tied stud award go to the player with the highest card by suit among the
  tied hands (:func:`odd_chip_order`; the showdown calls it, stud has no button).

The showing-hand order (:mod:`.stud_order`) ranks one to four up cards by how many of a rank
there are, then by the ranks: an order of play, not a hand value (the awards are valued in
the compiled core).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from splitpot.cards import Card
from splitpot.engine.events import BoardDealt, BroughtIn, Event, HoleDealt
from splitpot.engine.legal import LegalActions
from splitpot.engine.stud_order import card_order, showing_order

if TYPE_CHECKING:
    from splitpot.engine.actions import Action
    from splitpot.engine.hand import Hand
    from splitpot.games.streets import Deal

__all__ = ["bring_in_legal", "deal_street", "first_to_act", "post_bring_in", "up_cards"]


def up_cards(events: Sequence[Event], count: int) -> list[list[Card]]:
    """Each seat's up cards so far, from the hand's log."""
    up: list[list[Card]] = [[] for _ in range(count)]
    for event in events:
        if isinstance(event, HoleDealt) and event.up:
            up[event.seat].extend(event.up)
    return up


def deal_street(hand: Hand, street: Deal) -> None:
    """Deal a stud street to the players still in, one card at a time from the dealer's left;
    a single card that the stub cannot give everyone is one common card, face up."""
    seats = [s for s in hand._left_of_button() if not hand.folded[s]]
    if street.hole == 1 and len(hand._stub.cards) < len(seats):
        common = (hand._stub.deal(),)
        hand.board.extend(common)
        hand._log(BoardDealt(cards=common))
        return
    for _ in range(street.hole):
        for seat in seats:
            hand.hole[seat].append(hand._stub.deal())
    first_up = street.hole - street.up
    for seat in seats:
        cards = tuple(hand.hole[seat][-street.hole :])
        up = cards[first_up:] if street.up else None
        hand._log(HoleDealt(seat=seat, count=street.hole, up=up, cards=cards))


def first_to_act(hand: Hand) -> int:
    """Who opens this betting round: on third street the bring-in, then the best showing."""
    assert hand.game.stud is not None
    low = hand.game.stud.low
    up = up_cards(hand.events, len(hand.stacks))
    live = [s for s in hand._left_of_button() if not hand.folded[s] and up[s]]
    if hand._bet_number == 1:
        # The lowest up card (stud) or the highest (razz): both ``max`` of a signed order.
        sign = 1 if low else -1
        return max(live, key=lambda s: tuple(sign * x for x in card_order(up[s][-1], aces_low=low)))
    shown = {s: showing_order(up[s], aces_low=low) for s in live}
    if low:  # the first of the tied seats from the dealer's left: min and max keep the first
        return min(live, key=shown.__getitem__)
    return max(live, key=shown.__getitem__)


def bring_in_legal(hand: Hand, seat: int) -> LegalActions | None:
    """The bring-in's choice, when it is ``seat``'s: bring in, or complete to the small bet
    (never fold or check); ``None`` when the hand is not waiting for a bring-in."""
    round_ = hand._round
    bring_in = hand.stakes.bring_in
    if (
        hand.game.stud is None
        or not bring_in
        or hand._bet_number != 1
        or round_ is None
        or round_.current
        or round_.acted
    ):
        return None
    complete = None
    # PokerKit's rules (Options.half_bet_full off) let a stack of no more than the bring-in
    # complete all-in too: a first bet, which the next player raises by a full bet.
    if hand._someone_can_answer(seat) and (
        hand.stacks[seat] > bring_in or not round_.half_bet_full
    ):
        complete = round_.bounds(hand.bets[seat], hand.stacks[seat], hand.pot)
    return LegalActions(seat, "bet", bring_in=min(bring_in, hand.stacks[seat]), raise_=complete)


def post_bring_in(hand: Hand, seat: int, action: Action, legal: LegalActions) -> Event:
    """The bring-in posts its chips: the bet the others call or complete."""
    round_ = hand._round
    assert round_ is not None and legal.bring_in is not None
    paid = hand._put_in(seat, legal.bring_in)
    round_.current = max(round_.current, hand.bets[seat])
    round_.completion = True  # the next bet completes it (engine/betting.py)
    round_.record_call_or_check(seat)
    event = hand._log(BroughtIn(seat=seat, amount=paid, all_in=hand.stacks[seat] == 0))
    hand._next_bettor(seat)
    return event
