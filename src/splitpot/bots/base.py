"""The ``Bot`` protocol: a player that sees only what its seat may see and returns an action.

A bot gets a :class:`SeatView` (its own hole cards, the board, stacks, bets, the pot and the
hand's log as its seat sees it: never another seat's hole cards before they are shown, never
the deck, never another seat's declaration before all are revealed) and the
:class:`~splitpot.engine.hand.LegalActions`, and returns one of the legal actions.

A bot may also have ``observe(view)``: the match runners (:mod:`splitpot.bots.match`,
:mod:`splitpot.bots.ring`) and ``splitpot play`` call it with its seat's view of every finished
hand (showdowns included), the one way a bot learns its opponents across hands
(:class:`~splitpot.bots.expert.ExpertBot` does).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from splitpot.cards import Card
from splitpot.engine.events import Action, Event
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.options import Stakes
from splitpot.engine.table import Policy
from splitpot.games import GameSpec
from splitpot.games.streets import Structure

__all__ = [
    "Bot", "RandomBot", "SeatView", "bring_in_or", "muck_or_show", "policy_for", "seat_view",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know about the hand in progress."""

    seat: int
    game: GameSpec
    structure: Structure
    stakes: Stakes
    names: tuple[str, ...]
    button: int
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    pot: int
    events: tuple[Event, ...]

    @property
    def opponents(self) -> int:
        """Players still in the hand besides this seat."""
        return sum(1 for s, out in enumerate(self.folded) if not out and s != self.seat)


def seat_view(hand: Hand, seat: int) -> SeatView:
    """What ``seat`` may see of ``hand`` now."""
    return SeatView(
        seat=seat,
        game=hand.game,
        structure=hand.structure,
        stakes=hand.stakes,
        names=hand.names,
        button=hand.button,
        hole=tuple(hand.hole[seat]),
        board=tuple(hand.board),
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        folded=tuple(hand.folded),
        pot=hand.pot,
        events=tuple(hand.view(seat)),
    )


def muck_or_show(legal: LegalActions) -> Action:
    """At the showdown with the muck option, bots muck every hand they may muck."""
    return Action.muck() if legal.muck else Action.show()


def bring_in_or(action: Action, legal: LegalActions) -> Action:
    """Stud's bring-in (docs/rules.md "The mixed-game menu"): a bot that would complete keeps
    its bet; any other choice (a check, a call, a fold) is the bring-in, its one other action."""
    if legal.bring_in is not None and action.kind not in ("bet", "raise"):
        return Action.bring_in()
    return action


class Bot(Protocol):
    """A player: given its seat's view and the legal actions, returns one of them."""

    name: str

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        """Choose an action from ``legal``."""
        ...


class RandomBot:
    """Picks a uniformly random legal action (see :mod:`splitpot.bots.randomly`)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        """A uniformly random legal action."""
        from splitpot.bots.randomly import random_action

        return random_action(legal, self.rng)


def policy_for(bots: Mapping[str, Bot] | Sequence[Bot]) -> Policy:
    """A table policy asking each seat's bot (by seat name, or by seat index) to act."""

    def policy(hand: Hand, legal: LegalActions) -> Action:
        seat = legal.seat
        bot = bots[hand.names[seat]] if isinstance(bots, Mapping) else bots[seat]
        return bot.act(seat_view(hand, seat), legal)

    return policy
