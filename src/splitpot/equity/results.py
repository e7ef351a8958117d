"""What the study tools answer: each player's odds per award, pot equity and scoop chance."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from splitpot.games import GameSpec

__all__ = ["AwardOdds", "EquityResult", "PlayerOdds"]


@dataclass(frozen=True, slots=True)
class AwardOdds:
    """One award for one player: probability of winning it alone, and the expected part of it
    won through ties (a two-way tie counts 1/2)."""

    win: float
    tie: float

    @property
    def share(self) -> float:
        """Expected fraction of this award won."""
        return self.win + self.tie


@dataclass(frozen=True, slots=True)
class PlayerOdds:
    """A player's odds: per award, the whole pot's expected fraction, and the scoop chance."""

    name: str
    awards: Mapping[str, AwardOdds]
    equity: float
    scoop: float
    std_error: float | None


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The odds of every player, how they were found, and over how many runouts."""

    game: GameSpec
    players: tuple[PlayerOdds, ...]
    method: str  # "exact" or "monte-carlo"
    runouts: int
    draws: int
    policy: str
    seed: int | None

    def player(self, name: str) -> PlayerOdds:
        """The odds of the player called ``name``."""
        return next(p for p in self.players if p.name == name)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "game": self.game.id,
            "method": self.method,
            "runouts": self.runouts,
            "samples": self.runouts if self.method == "monte-carlo" else None,
            "draws": self.draws,
            "policy": self.policy,
            "seed": self.seed,
            "players": {
                p.name: {
                    "equity": p.equity,
                    "scoop": p.scoop,
                    "std_error": p.std_error,
                    "awards": {
                        name: {"win": odds.win, "tie": odds.tie, "share": odds.share}
                        for name, odds in p.awards.items()
                    },
                }
                for p in self.players
            },
        }
