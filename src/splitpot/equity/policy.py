"""Draw and declaration policies for players whose choices a spot does not fix.

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
policy never looks at a game's name. The policy lives once, in the compiled core
(rust/src/study/draws.rs), which the study engine's runouts and :func:`choose_discard` (the bots,
the walks' known throws) both call; tests/oracle/policy.py is its plain-Python oracle.

Doogie declarations (``declare_by_cards``): both ways when both hands qualify, else the side
that qualifies; with neither, low if the hand holds any doogie, else high.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot import _core
from splitpot.cards import Card
from splitpot.equity.codes import POLICY_CODES, award_rows
from splitpot.games.spec import GameSpec

__all__ = ["POLICIES", "choose_discard", "declare_by_cards", "way_by_cards"]

POLICIES = ("heuristic", "pat")


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
    order = _core.discard(
        bytes(hand), bytes(board), max_discard, POLICY_CODES[policy], award_rows(game)
    )
    return tuple(hand[i] for i in order)


def declare_by_cards(high_qualifies: bool, low_qualifies: bool, has_doogie: bool) -> str:
    """The default Doogie declaration for an opponent (see the module docstring)."""
    if high_qualifies and low_qualifies:
        return "both"
    if high_qualifies:
        return "high"
    if low_qualifies or has_doogie:
        return "low"
    return "high"


def way_by_cards(game: GameSpec, hand: Sequence[Card], board: Sequence[Card]) -> str:
    """The way :func:`declare_by_cards` declares ``hand`` on ``board`` (a declare game)."""
    high = next(a for a in game.awards if a.name == game.high_award)
    low = next(a for a in game.awards if a.name != game.high_award)
    low_value = low.raw(hand, board)
    return declare_by_cards(
        high.qualifies_value(high.raw(hand, board)),
        low.qualifies_value(low_value),
        low_value is not None,
    )
