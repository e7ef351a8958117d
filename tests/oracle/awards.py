"""The pure-Python award decision the core is checked against (the engine's before the core).

Who wins each award of one pot: contenders, qualifiers, Doogie's declarations and the
two-way rule, on raw hand values.

docs/rules.md "Doogie": a half goes to the best qualifying hand among those who declared that way;
a two-way declarer must win both halves outright, or tie only with the best possible hand
(with ``two_way_tie_keeps``), or is out of both halves of the pot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from splitpot.games.spec import Award, GameSpec

__all__ = ["AwardDecision", "decide_awards"]

Values = Mapping[str, Mapping[str, int | None]]


@dataclass(frozen=True, slots=True)
class AwardDecision:
    """For each award, its contenders and winners (in the order of ``eligible``); and the
    two-way declarers put out of the pot, with why."""

    contenders: dict[str, tuple[str, ...]]
    winners: dict[str, tuple[str, ...]]
    disqualified: dict[str, str]

    def even_split(self, eligible: Sequence[str]) -> tuple[str, ...]:
        """Who shares the pot when no award can be given (docs/rules.md "Doogie"): the players who
        have not forfeited it; only if every one of them forfeited, all of them."""
        keep = tuple(p for p in eligible if p not in self.disqualified)
        return keep or tuple(eligible)


def _side(game: GameSpec, award: Award) -> str:
    return "high" if award.name == game.high_award else "low"


def _contenders(
    game: GameSpec, award: Award, eligible: Sequence[str], declarations: Mapping[str, str]
) -> tuple[str, ...]:
    if not declarations:
        return tuple(eligible)
    side = _side(game, award)
    return tuple(p for p in eligible if declarations[p] in (side, "both"))


def _two_way_failures(
    game: GameSpec,
    values: Values,
    eligible: Sequence[str],
    declarations: Mapping[str, str],
    contenders: Mapping[str, tuple[str, ...]],
    *,
    two_way_tie_keeps: bool,
) -> dict[str, str]:
    out: dict[str, str] = {}
    for player in eligible:
        if declarations.get(player) != "both":
            continue
        for award in game.awards:
            mine = values[player][award.name]
            if not award.qualifies_value(mine):
                qualifier = award.qualifier.name if award.qualifier else "a hand"
                out[player] = f"declared both ways without {qualifier} for {award.name}"
                break
            assert mine is not None
            rivals = [
                value
                for other in contenders[award.name]
                if other != player and award.qualifies_value(value := values[other][award.name])
            ]
            if any(value is not None and value > mine for value in rivals):
                out[player] = f"declared both ways and lost {award.name}"
                break
            if mine in rivals and not (two_way_tie_keeps and mine == award.best_possible):
                out[player] = f"declared both ways and tied {award.name}"
                break
    return out


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
    declared = declarations or {}
    contenders = {a.name: _contenders(game, a, eligible, declared) for a in game.awards}
    disqualified = (
        _two_way_failures(
            game, values, eligible, declared, contenders, two_way_tie_keeps=two_way_tie_keeps
        )
        if declared
        else {}
    )
    winners: dict[str, tuple[str, ...]] = {}
    for award in game.awards:
        best: int | None = None
        leaders: list[str] = []
        for player in contenders[award.name]:
            value = values[player][award.name]
            if player in disqualified or not award.qualifies_value(value):
                continue
            assert value is not None
            if best is None or value > best:
                best, leaders = value, [player]
            elif value == best:
                leaders.append(player)
        winners[award.name] = tuple(leaders)
    return AwardDecision(contenders, winners, disqualified)
