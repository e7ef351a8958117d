"""Scripted opponents: fixed, simple strategies that probe a bot for leaks (issue 24).

Each plays on the :class:`~splitpot.bots.base.Bot` protocol, sees only its seat's view, and is
a function of its seed and the view (an equity estimate, where it needs one, is seeded by the
seed drawn from its ``rng`` at construction). They are what a human tries against a bot within
an evening:

- ``maniac``: bets or raises whenever it may, never folds; draws honestly.
- ``station``: a calling station: never bets, never folds, calls every bet; draws honestly.
- ``nit``: continues (calls or bets) only with a clear margin: its equity against random hands
  at least :data:`NIT_MARGIN` times its fair share (and above the pot odds); raises with twice
  its share; draws honestly.
- ``snow``: stands pat on anything, bets or raises every time, never folds.
- ``late-snow``: plays as ``threshold`` until the last draw, stands pat on anything there and
  bets or raises every time after it, never folding once it has snowed.
- ``threshold``: an equity-threshold player: folds below the pot odds, calls above them, bets
  at :data:`BET_AT` of its fair share and raises at :data:`RAISE_AT`.

Two more are held out of the exploit suite's default list, to try the bot against styles it
was not tuned on (``bench_exploit.py --against bluffer,trapper``):

- ``bluffer``: plays as ``threshold``, and bets its weakest hands (below :data:`AIR` of its
  fair share) whenever it is checked to or first to act, giving them up to a raise.
- ``trapper``: plays as ``threshold``, but checks its strong hands (from :data:`RAISE_AT`)
  when it may bet, to raise when someone bets into it.

"Draws honestly" is the documented draw policy (:func:`splitpot.equity.policy.choose_discard`);
Sviten Special's face-up card is always kept and Doogie is declared by the cards
(:func:`splitpot.equity.policy.declare_by_cards`).
"""

from __future__ import annotations

import random

from splitpot.bots.base import SeatView, bring_in_or, muck_or_show
from splitpot.bots.heuristic import HeuristicBot, _draws_left, _table_max_discard
from splitpot.engine.events import Action
from splitpot.engine.hand import LegalActions
from splitpot.equity.policy import choose_discard, way_by_cards

__all__ = [
    "AIR",
    "BET_AT",
    "NIT_MARGIN",
    "RAISE_AT",
    "BlufferBot",
    "LateSnowBot",
    "ManiacBot",
    "NitBot",
    "ScriptedBot",
    "SnowBot",
    "StationBot",
    "ThresholdBot",
    "TrapperBot",
]

NIT_MARGIN = 1.4
BET_AT = 1.15
RAISE_AT = 1.5
AIR = 0.8
SAMPLES = 300  # runouts per equity estimate: a scripted player needs only a rough figure


class ScriptedBot:
    """The shared parts: honest draws, keeping Sviten's card, declaring by the cards, and an
    equity estimate against random hands. Subclasses choose the bets."""

    name = "scripted"

    def __init__(self, rng: random.Random) -> None:
        self._oracle = HeuristicBot(rng, samples=SAMPLES)

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        """The scripted action for ``legal``."""
        if legal.phase == "draw":
            return self.draw(view, legal)
        if legal.phase == "sviten":
            return Action.keep()
        if legal.phase == "declare":
            return _declare(view, legal)
        if legal.phase == "show":
            return muck_or_show(legal)  # (the muck option's showdown)
        if legal.phase == "runs":
            return Action.run_twice()  # every scripted style agrees to run it twice
        return bring_in_or(self.bet(view, legal), legal)

    def draw(self, view: SeatView, legal: LegalActions) -> Action:
        """The draw policy's discard."""
        hole = tuple(legal.hole) or view.hole
        thrown = choose_discard(view.game, hole, view.board, min(legal.discard_max, len(hole)))
        return Action.discard(thrown) if thrown else Action.stand_pat()

    def bet(self, view: SeatView, legal: LegalActions) -> Action:  # pragma: no cover
        """The betting action (each subclass has its own)."""
        raise NotImplementedError

    def strength(self, view: SeatView) -> float:
        """Equity against random hands over an average hand's share (1.0 = average)."""
        share = self._oracle._equity(
            view, view.hole, draws=_draws_left(view, drawing=False),
            max_discard=_table_max_discard(view),
        )  # fmt: skip
        return share * (max(1, view.opponents) + 1)


def _declare(view: SeatView, legal: LegalActions) -> Action:
    way = way_by_cards(view.game, view.hole, view.board)
    return Action.declare(way if way in legal.declare else legal.declare[0])


def _aggress(legal: LegalActions) -> Action:
    """The largest bet or raise allowed, else a call or a check: never a fold."""
    if legal.raise_ is not None:
        return Action(legal.raise_.kind, amount=legal.raise_.max_to)
    return Action.call() if legal.call is not None and legal.call > 0 else _passive(legal)


def _passive(legal: LegalActions) -> Action:
    """Check when free, else call."""
    return Action.check() if legal.check else Action.call()


def _pot_odds(view: SeatView, legal: LegalActions) -> float:
    call = legal.call or 0
    return call / (view.pot + call) if call else 0.0


def _facing(legal: LegalActions) -> bool:
    return legal.call is not None and legal.call > 0


class ManiacBot(ScriptedBot):
    """Bets or raises whenever it may, never folds, draws honestly."""

    name = "maniac"

    def bet(self, view: SeatView, legal: LegalActions) -> Action:
        """Bet or raise the most allowed."""
        return _aggress(legal)


class StationBot(ScriptedBot):
    """Never bets, never folds, calls every bet, draws honestly."""

    name = "station"

    def bet(self, view: SeatView, legal: LegalActions) -> Action:
        """Check or call."""
        return _passive(legal)


class NitBot(ScriptedBot):
    """Continues only with :data:`NIT_MARGIN` times its fair share of the pot."""

    name = "nit"

    def bet(self, view: SeatView, legal: LegalActions) -> Action:
        """Raise with twice its share, continue with the margin, else check or fold."""
        strength = self.strength(view)
        fair = 1.0 / (max(1, view.opponents) + 1)
        if strength >= 2 * NIT_MARGIN and legal.raise_ is not None:
            return Action(legal.raise_.kind, amount=legal.raise_.min_to)
        if strength >= NIT_MARGIN and strength * fair > _pot_odds(view, legal):
            if not _facing(legal) and legal.raise_ is not None:
                return Action(legal.raise_.kind, amount=legal.raise_.min_to)
            return _passive(legal)
        return Action.check() if legal.check else Action.fold()


class ThresholdBot(ScriptedBot):
    """Folds below the pot odds, bets at :data:`BET_AT` of its share, raises at
    :data:`RAISE_AT`."""

    name = "threshold"

    def bet(self, view: SeatView, legal: LegalActions) -> Action:
        """By its equity against random hands."""
        strength = self.strength(view)
        fair = 1.0 / (max(1, view.opponents) + 1)
        bounds = legal.raise_
        if _facing(legal):
            if strength * fair < _pot_odds(view, legal) and legal.fold:
                return Action.fold()
            if bounds is not None and strength >= RAISE_AT:
                return Action(bounds.kind, amount=bounds.min_to)
            return Action.call()
        if bounds is not None and strength >= BET_AT:
            return Action(bounds.kind, amount=bounds.min_to)
        return _passive(legal)


class SnowBot(ScriptedBot):
    """Stands pat on anything, bets or raises every time, never folds."""

    name = "snow"

    def draw(self, view: SeatView, legal: LegalActions) -> Action:
        """Stand pat."""
        return Action.stand_pat()

    def bet(self, view: SeatView, legal: LegalActions) -> Action:
        """Bet or raise the most allowed."""
        return _aggress(legal)


class LateSnowBot(ThresholdBot):
    """Plays as ``threshold``, then stands pat on anything at the last draw and bets or raises
    every time after it."""

    name = "late-snow"

    def draw(self, view: SeatView, legal: LegalActions) -> Action:
        """Honest draws, pat at the last."""
        if _draws_left(view, drawing=True) <= 1:
            return Action.stand_pat()
        return super().draw(view, legal)

    def bet(self, view: SeatView, legal: LegalActions) -> Action:
        """Threshold play until it has snowed, then bet or raise every time."""
        if view.game.draws and _draws_left(view, drawing=False) == 0:
            return _aggress(legal)
        return super().bet(view, legal)


class BlufferBot(ThresholdBot):
    """Plays as ``threshold``, and bets its weakest hands (below :data:`AIR` of its share)."""

    name = "bluffer"

    def bet(self, view: SeatView, legal: LegalActions) -> Action:
        """A bet with air when it may bet, else threshold play (a raise folds the air)."""
        if not _facing(legal) and legal.raise_ is not None and self.strength(view) < AIR:
            return Action(legal.raise_.kind, amount=legal.raise_.min_to)
        return super().bet(view, legal)


class TrapperBot(ThresholdBot):
    """Plays as ``threshold``, but checks its strong hands to raise a bet."""

    name = "trapper"

    def bet(self, view: SeatView, legal: LegalActions) -> Action:
        """A check with a strong hand when it may bet, else threshold play."""
        if not _facing(legal) and legal.check and self.strength(view) >= RAISE_AT:
            return Action.check()
        return super().bet(view, legal)
