"""Study tools: equity per award, the best discard, and Doogie's declaration."""

from splitpot.equity.core import AwardOdds, EquityResult, PlayerOdds, Seat, equity, pending_draws

__all__ = ["AwardOdds", "EquityResult", "PlayerOdds", "Seat", "equity", "pending_draws"]
