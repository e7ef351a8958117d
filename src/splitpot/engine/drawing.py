"""The deck in play and the draws (docs/rules.md "Drawing"), beside :mod:`~splitpot.engine.betting`.

- The stub deals from the top; a draw's replacements are dealt at once.
- When the stub runs out, the discards made so far are reshuffled with it (not the drawing
  player's own discards of this round, nor any card in a hand; with the ``previous-rounds``
  option, none of this round's discards), one card is burned, and the deal goes on.
- A draw may throw at most the street's limit (smaller with ``Options.max_discard``).
- Sviten Special: a one-card draw is dealt face up, to keep or to reject for the next card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from splitpot.cards import Card, check_distinct, parse_cards
from splitpot.errors import GameSpecError, IllegalActionError
from splitpot.games.streets import Draw

__all__ = ["Reshuffle", "Stub", "check_discard", "discard_limit", "stacked_deck"]


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """A reshuffle: how many cards were shuffled, their new order (the burned card removed),
    and the burned card."""

    count: int
    order: tuple[Card, ...]
    burned: tuple[Card, ...]


class Stub:
    """The undealt cards, the discards they may be rebuilt from, and the burned cards."""

    def __init__(
        self,
        order: Sequence[Card],
        rng: random.Random,
        policy: str,
        *,
        redeal: Sequence[Card] | None = None,
        stub_size: int | None = None,
        dead: list[Card] | None = None,
    ) -> None:
        self._cards = list(order)[::-1]  # the next card is at the end
        self._rng = rng
        self._policy = policy
        self.discards: list[tuple[Card, int, int]] = []  # card, draw number, seat
        self.burned: list[Card] = []
        # A record's reshuffle, as it was dealt (a PHH without _deck): the first ``stub_size``
        # cards are dealt before it (the rest were burned), then the ``redeal`` cards in order,
        # taken from every card out of play (discards, folded hands in ``dead``, burned).
        self._redeal = list(redeal) if redeal is not None else None
        self._dead = dead if dead is not None else []
        if redeal is not None and stub_size is not None:
            self.burned = self._cards[: len(self._cards) - stub_size]
            self._cards = self._cards[len(self._cards) - stub_size :]

    @property
    def cards(self) -> list[Card]:
        """The undealt cards (the next one last)."""
        return self._cards

    def deal(self) -> Card:
        """The top card (the stub never runs out before the draws)."""
        return self._cards.pop()

    def throw(self, card: Card, draw_number: int, seat: int) -> None:
        """``seat`` discards ``card`` in draw ``draw_number``."""
        self.discards.append((card, draw_number, seat))

    def take(
        self, count: int, seat: int | None, draw_number: int
    ) -> tuple[tuple[Card, ...], Reshuffle | None]:
        """``count`` cards from the top for ``seat`` (``None``: the board), reshuffling first
        when the stub is short."""
        shuffled = None
        first: list[Card] = []
        if len(self._cards) < count and self._redeal is not None:
            first = [self._cards.pop() for _ in range(len(self._cards))]  # dealt as recorded
            shuffled = self._redealt()
        elif len(self._cards) < count:
            shuffled = self._reshuffle(seat, count, draw_number)
        rest = [self._cards.pop() for _ in range(count - len(first))]
        return tuple(first + rest), shuffled

    def _redealt(self) -> Reshuffle:
        """The record's reshuffle: its cards in the order it dealt them, then the rest."""
        assert self._redeal is not None
        pool = [c for c, _, _ in self.discards] + list(self._dead) + self.burned + self._cards
        self.discards, self.burned, self._cards = [], [], []
        self._dead.clear()
        scripted = []
        while self._redeal and self._redeal[0] in pool:
            card = self._redeal.pop(0)
            pool.remove(card)
            scripted.append(card)
        if self._redeal:
            raise IllegalActionError(
                f"the record deals {self._redeal[0]} after its reshuffle, but that card is still "
                "in a hand: each player receives replacements before the next one discards "
                '(docs/rules.md "Drawing")'
            )
        self._rng.shuffle(pool)
        order = scripted + pool
        self._cards = order[::-1]
        return Reshuffle(len(order), tuple(order), ())

    def _reshuffle(self, seat: int | None, needed: int, draw_number: int) -> Reshuffle:
        # docs/rules.md "Drawing": reshuffle the discards made so far, not the drawing player's own
        # discards of this round nor any card in a hand, with the stub; burn one; go on.
        # Between draws (a board card, seat None) every discard is eligible.
        def eligible(policy: str) -> list[tuple[Card, int, int]]:
            if seat is None:
                return list(self.discards)
            if policy == "previous-rounds":
                return [d for d in self.discards if d[1] < draw_number]
            return [d for d in self.discards if not (d[1] == draw_number and d[2] == seat)]

        pool = eligible(self._policy)
        if len(pool) + len(self._cards) - 1 < needed:
            pool = eligible("all-discards")  # the only way to finish the draw
        if len(pool) + len(self._cards) - 1 < needed:  # pragma: no cover - impossible at 2-6
            raise IllegalActionError("the deck is exhausted: not enough cards to finish the draw")
        chosen = {card for card, _, _ in pool}
        self.discards = [d for d in self.discards if d[0] not in chosen]
        cards = [c for c, _, _ in pool] + self._cards[::-1]
        self._rng.shuffle(cards)
        burned = cards[0]
        self.burned.append(burned)
        self._cards = cards[1:][::-1]
        return Reshuffle(len(cards), tuple(cards[1:]), (burned,))


def discard_limit(street: Draw, max_discard: int | None) -> int:
    """The most cards a player may throw in ``street`` (a table's ``max_discard`` lowers it)."""
    limit = street.max_discard
    if max_discard is not None:
        limit = min(limit, max_discard)
    return limit


def check_discard(
    cards: Sequence[Card], hole: Sequence[Card], limit: int, game: str, player: str
) -> None:
    """Raise :class:`IllegalActionError` unless ``cards`` may be thrown from ``hole``."""
    if len(cards) > limit:
        raise IllegalActionError(f"cannot discard {len(cards)} cards: {game} draws at most {limit}")
    if len(set(cards)) != len(cards):
        raise IllegalActionError("cannot discard the same card twice")
    for card in cards:
        if card not in hole:
            raise IllegalActionError(f"{card} is not in {player}'s hand")


def stacked_deck(
    hole: Sequence[str | Sequence[int]], then: str = "", *, button: int = 0
) -> list[Card]:
    """A deck that deals ``hole[seat]`` to each seat, then ``then`` in order (board cards and
    draw replacements as the hand asks for them), then the other cards.

    Hole cards go one at a time clockwise from the first seat left of ``button``, as the
    engine deals them; only the dealt order matters, so the rest of the deck may be anything.
    """
    hands = [parse_cards(h, where=f"in seat {i}'s cards") for i, h in enumerate(hole)]
    count = len(hands)
    if len({len(h) for h in hands}) != 1:
        raise GameSpecError("every seat needs the same number of hole cards")
    order: list[Card] = []
    for index in range(len(hands[0])):
        for step in range(1, count + 1):
            order.append(hands[(button + step) % count][index])
    order.extend(parse_cards(then, where="in the cards after the deal"))
    check_distinct([("in the stacked deck", order)])
    return order
