"""Who wins each award of one pot: contenders, qualifiers, Doogie's declarations and the
two-way rule, on raw hand values, decided by the compiled core (``splitpot._core.decide``,
rust/src/awards.rs), which the study engine's tallies call too: the rule lives once. This
module gives the core's answer names and words.

docs/rules.md "Doogie": a half goes to the best qualifying hand among those who declared that
way; a two-way declarer must win both halves outright, or tie only with the best possible hand
(with ``two_way_tie_keeps``), or is out of both halves of the pot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from splitpot import _core
from splitpot.errors import GameSpecError
from splitpot.games.spec import Award, GameSpec

__all__ = ["AwardDecision", "decide_awards"]

Values = Mapping[str, Mapping[str, int | None]]

# The core's declaration codes (rust/src/awards.rs): cards speak, high, low, both.
_WAYS = {"high": 1, "low": 2, "both": 3}


@dataclass(frozen=True, slots=True)
class AwardDecision:
    """For each award, its contenders and winners (in the order of ``eligible``); and the
    two-way declarers put out of the pot, with why."""

    contenders: dict[str, tuple[str, ...]]
    winners: dict[str, tuple[str, ...]]
    disqualified: dict[str, str]

    def even_split(self, eligible: Sequence[str]) -> tuple[str, ...]:
        """Who shares the pot when no award can be given (docs/rules.md "Doogie"): the players
        who have not forfeited it; only if every one of them forfeited, all of them."""
        keep = tuple(p for p in eligible if p not in self.disqualified)
        return keep or tuple(eligible)


def _failure(code: int, award: Award) -> str:
    """The words of the core's failure ``code`` of a two-way declarer on ``award``."""
    if code == 0:
        qualifier = award.qualifier.name if award.qualifier else "a hand"
        return f"declared both ways without {qualifier} for {award.name}"
    return f"declared both ways and {'lost' if code == 1 else 'tied'} {award.name}"


def _named(mask: int, eligible: Sequence[str]) -> tuple[str, ...]:
    return tuple(p for i, p in enumerate(eligible) if mask >> i & 1)


def decide_awards(
    game: GameSpec,
    values: Values,
    eligible: Sequence[str],
    declarations: Mapping[str, str] | None = None,
    *,
    two_way_tie_keeps: bool = True,
) -> AwardDecision:
    """Decide every award of a pot contested by ``eligible`` (in seat order from the button).

    ``values`` maps player -> award -> raw hand value (``None``: no hand). ``declarations``
    (Doogie) maps every eligible player to high, low or both; empty or ``None``: cards speak.
    """
    awards = game.awards
    rules = [
        (
            award.name == game.high_award,
            None if award.qualifier is None else award.qualifier.minimum,
            award.best_possible,
        )
        for award in awards
    ]
    flat = [
        _core.NO_HAND if (v := values[p][award.name]) is None else v
        for p in eligible
        for award in awards
    ]
    try:
        ways = bytes(_WAYS[declarations[p]] for p in eligible) if declarations else b""
        contenders, winners, out = _core.decide(
            rules, flat, ways or bytes(len(eligible)), two_way_tie_keeps
        )
    except (KeyError, ValueError) as error:
        raise GameSpecError(f"{game.id}: cannot decide the awards: {error}") from None
    return AwardDecision(
        {a.name: _named(m, eligible) for a, m in zip(awards, contenders, strict=True)},
        {a.name: _named(m, eligible) for a, m in zip(awards, winners, strict=True)},
        {eligible[p]: _failure(code, awards[a]) for p, code, a in out},
    )
