"""A seat that picks a uniformly random legal action.

First the kind of action (fold, check, call, bet or raise, discard, keep or reject, declare),
each equally likely; then its details uniformly: a raise-to between the minimum and the
maximum, a discard count from 0 to the largest allowed and then that many cards, a way to
declare.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, LegalActions

__all__ = ["random_action", "random_policy"]


def random_action(legal: LegalActions, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    kind = rng.choice(legal.kinds)
    if kind in ("bet", "raise"):
        assert legal.raise_ is not None
        return Action(kind, amount=rng.randint(legal.raise_.min_to, legal.raise_.max_to))
    if kind == "discard":
        count = rng.randint(0, min(legal.discard_max, len(legal.hole)))
        return Action.discard(rng.sample(legal.hole, count))
    if kind == "declare":
        return Action.declare(rng.choice(legal.declare))
    return Action(kind)


def random_policy(rng: random.Random) -> Callable[[Hand, LegalActions], Action]:
    """A table policy: every seat plays :func:`random_action` with ``rng``."""

    def policy(hand: Hand, legal: LegalActions) -> Action:
        return random_action(legal, rng)

    return policy
