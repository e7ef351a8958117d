"""The draw policy in plain Python: the test-only oracle of the compiled core's keep policy
(``splitpot.equity.policy.choose_discard`` calls the core), never on a user's path.

``pat`` stands pat on every draw. ``heuristic`` (the default) keeps, for each award of the
game, the cards that serve it, and throws the rest (up to the draw's largest discard):

- draw high: every card of a paired rank; a straight, flush or better stands pat; with no
  pair, the two highest cards;
- 2-7 and A-5: one card of each rank from the deuce (A-5: the ace) to the eight; a made
  9-low or better (2-7: with no straight or flush) stands pat;
- Badugi (any game with a Badugi half): the cards of the best badugi, dropping a card above
  eight (aces low; above the king-high side when aces are high) from a three-card or smaller
  hand; a four-card badugi stands pat;
- Omaha: the two hole cards of the best Omaha hand on the board so far (before the flop,
  the two highest cards);
- a card that serves either half of a split game is kept; when more cards must go than the
  draw allows, the least useful go first (for low halves the highest, for high the lowest).

Each award says which of these it follows (:attr:`splitpot.games.spec.Award.keep`), so the
policy never looks at a game's name; the core (rust/src/study/draws.rs) must throw exactly the
same cards (tests/test_equity_draws.py).

Doogie declarations (``declare_by_cards``): both ways when both hands qualify, else the side
that qualifies; with neither, low if the hand holds any doogie, else high.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from oracle.evaluate import (
    a5_value_5,
    badugi_value,
    deuce_seven_value_5,
    high_value_5,
    omaha_value,
)
from splitpot.cards import Card
from splitpot.evaluate.high import STRAIGHT
from splitpot.games.spec import GameSpec, Keep

__all__ = ["POLICIES", "choose_discard", "declare_by_cards"]

POLICIES = ("heuristic", "pat")


def _keep_draw_high(hand: Sequence[Card]) -> set[Card]:
    value = high_value_5(hand)
    if value >> 20 >= STRAIGHT:
        return set(hand)
    counts = Counter(c.rank for c in hand)
    paired = {c for c in hand if counts[c.rank] >= 2}
    if paired:
        return paired
    return set(sorted(hand, key=lambda c: c.rank, reverse=True)[:2])


def _keep_low(hand: Sequence[Card], *, aces_low: bool) -> set[Card]:
    if len(hand) == 5:
        if aces_low:
            value = -a5_value_5(hand)
            made = value >> 20 == 0 and (value >> 16) & 0xF <= 8  # no pair, 9 or lower
        else:
            value = -deuce_seven_value_5(hand)
            made = value >> 20 == 0 and (value >> 16) & 0xF <= 7  # no pair, 9 or lower
        if made:
            return set(hand)
    keep: dict[int, Card] = {}
    for card in hand:
        low_rank = (card.rank + 1) % 13 if aces_low else card.rank  # ace = 0
        limit = 7 if aces_low else 6  # up to the eight
        if low_rank <= limit and low_rank not in keep:
            keep[low_rank] = card
    return set(keep.values())


def _keep_badugi(hand: Sequence[Card], *, aces_high: bool) -> set[Card]:
    value = badugi_value(hand, aces_high=aces_high)
    count = value >> 13
    best: tuple[Card, ...] = ()
    for subset in combinations(hand, count):
        if len({c.suit for c in subset}) == count == len({c.rank for c in subset}) and (
            badugi_value(subset, aces_high=aces_high) == value
        ):
            best = subset
            break
    if count == 4:
        return set(best)

    def low_rank(card: Card) -> int:
        return card.rank if aces_high else (card.rank + 1) % 13

    return {c for c in best if low_rank(c) <= 7}


def _keep_omaha(hand: Sequence[Card], board: Sequence[Card]) -> set[Card]:
    if len(board) < 3:
        return set(sorted(hand, key=lambda c: c.rank, reverse=True)[:2])
    value = omaha_value(hand, board)
    for two in combinations(hand, 2):
        for three in combinations(board, 3):
            if high_value_5((*two, *three)) == value:
                return set(two)
    return set()  # pragma: no cover


_HAND_ONLY: dict[Keep, Callable[[Sequence[Card]], set[Card]]] = {
    Keep.DRAW_HIGH: _keep_draw_high,
    Keep.DEUCE_SEVEN: lambda hand: _keep_low(hand, aces_low=False),
    Keep.A5: lambda hand: _keep_low(hand, aces_low=True),
}


def _keeps(
    game: GameSpec, hand: Sequence[Card], board: Sequence[Card]
) -> list[tuple[set[Card], bool]]:
    """Per award: the cards it keeps (by the award's :class:`Keep`), and whether it is low."""
    out: list[tuple[set[Card], bool]] = []
    for award in game.awards:
        keep = award.keep
        if keep is Keep.BADUGI:
            kept = _keep_badugi(hand, aces_high=award.aces_high)
        elif keep is Keep.OMAHA:
            kept = _keep_omaha(hand, board)
        elif keep is Keep.ALL:  # hold'em high and Doogie have no draws
            kept = set(hand)
        else:
            kept = _HAND_ONLY[keep](hand)
        out.append((kept, keep.low))
    return out


def choose_discard(
    game: GameSpec,
    hand: Sequence[Card],
    board: Sequence[Card],
    max_discard: int,
    policy: str = "heuristic",
) -> tuple[Card, ...]:
    """The cards a player following ``policy`` throws from ``hand``."""
    if policy == "pat":
        return ()
    keeps = _keeps(game, hand, board)
    kept = set().union(*(k for k, _ in keeps))
    throw = [c for c in hand if c not in kept]
    if len(throw) <= max_discard:
        return tuple(throw)
    lowish = all(low for _, low in keeps)
    # Least useful first: for low halves the highest cards, for high halves the lowest.
    throw.sort(key=lambda c: c.rank, reverse=lowish)
    return tuple(throw[:max_discard])


def declare_by_cards(high_qualifies: bool, low_qualifies: bool, has_doogie: bool) -> str:
    """The default Doogie declaration for an opponent (see the module docstring)."""
    if high_qualifies and low_qualifies:
        return "both"
    if high_qualifies:
        return "high"
    if low_qualifies or has_doogie:
        return "low"
    return "high"
