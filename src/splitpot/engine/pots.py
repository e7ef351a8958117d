"""Main and side pots from each player's total contribution.

The uncalled part of the largest contribution goes back to its owner before any pot is built
(docs/rules.md "Betting": uncalled bets are returned). Then every contribution level makes a pot
that the live players who reached that level may win; folded players' chips are in the pots
they reached, but they win none. Neighbouring levels with the same eligible players merge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from splitpot.errors import ShowdownError

__all__ = ["LivePot", "Pot", "build_pots", "live_pots", "return_uncalled"]


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips and the live players who may win it, in seat order."""

    amount: int
    eligible: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LivePot:
    """A pot of a hand in play: its chips and the seats that can still win it."""

    amount: int
    eligible: tuple[int, ...]


def live_pots(
    contributed: Sequence[int], stacks: Sequence[int], live: Sequence[int]
) -> list[LivePot]:
    """The pot of a hand in play split at its all-in levels, main pot first. One pot while
    nobody is all-in for less; a bet not yet called is in the pot (the last one)."""
    top = max(contributed)
    levels = sorted({contributed[s] for s in live if stacks[s] == 0 and contributed[s] < top})
    pots: list[LivePot] = []
    floor = 0
    for level in [*levels, top]:
        amount = sum(min(c, level) - min(c, floor) for c in contributed)
        floor = level
        if amount:
            eligible = tuple(s for s in live if contributed[s] >= level or stacks[s] > 0)
            pots.append(LivePot(amount, eligible))
    return pots or [LivePot(0, tuple(live))]


def return_uncalled(contributions: Mapping[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """Split off the uncalled part of the largest contribution: (matched, returned)."""
    matched = dict(contributions)
    if len(matched) < 2:
        return matched, {}
    ordered = sorted(matched.values(), reverse=True)
    top, second = ordered[0], ordered[1]
    if top == second:
        return matched, {}
    owner = next(name for name, amount in matched.items() if amount == top)
    matched[owner] = second
    return matched, {owner: top - second}


def build_pots(contributions: Mapping[str, int], live: Sequence[str]) -> list[Pot]:
    """Pots from matched contributions; ``live`` is the seat order of players who may win."""
    levels = sorted({amount for amount in contributions.values() if amount > 0})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(paid, level) - min(paid, floor) for paid in contributions.values())
        eligible = tuple(name for name in live if contributions.get(name, 0) >= level)
        if not eligible:
            folded = sorted(name for name, paid in contributions.items() if paid >= level)
            raise ShowdownError(
                f"{amount} chips between {floor} and {level} were put in only by folded "
                f"players ({', '.join(folded)}): no live player can win them"
            )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        floor = level
    return pots
