"""``CallerBot``: a calling station. It never bets, never folds when it may check, calls every
bet, draws by the documented heuristic policy (:func:`splitpot.equity.policy.choose_discard`),
keeps Sviten Special's face-up card, declares Doogie by its cards
(:func:`splitpot.equity.policy.declare_by_cards`) and runs it once. Predictable, so it suits
beginners' tables and tests that must reach a showdown."""

from __future__ import annotations

from splitpot.bots.base import SeatView, muck_or_show
from splitpot.engine.events import Action
from splitpot.engine.hand import LegalActions
from splitpot.equity.policy import choose_discard, way_by_cards

__all__ = ["CallerBot"]


class CallerBot:
    """Checks or calls, draws by the heuristic policy, keeps, declares by the cards."""

    name = "caller"

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        """Check, call, draw, keep or declare, as described in the module docstring."""
        if legal.phase == "draw":
            return Action.discard(
                choose_discard(view.game, view.hole, view.board, legal.discard_max)
            )
        if legal.phase == "sviten":
            return Action.keep()
        if legal.phase == "show":
            return muck_or_show(legal)
        if legal.phase == "runs":
            # Once, as usual: agreeing is a choice (and the web table's clock plays this bot's
            # answer for a seat that ran out of time, who agreed to nothing).
            return Action.run_once()
        if legal.phase == "declare":
            way = way_by_cards(view.game, view.hole, view.board)
            return Action.declare(way if way in legal.declare else legal.declare[0])
        if legal.bring_in is not None:
            return Action.bring_in()
        if legal.check:
            return Action.check()
        return Action.call()
