"""What the player to act may do: :class:`LegalActions`, the query of the hand engine."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from splitpot.cards import Card, format_cards
from splitpot.engine.actions import Action, ActionKind, Way
from splitpot.engine.betting import RaiseBounds

__all__ = ["DecisionPhase", "LegalActions"]

DecisionPhase = Literal["bet", "draw", "sviten", "declare", "show", "runs"]
"""Where a hand asks a player for a decision."""


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do now."""

    seat: int
    phase: DecisionPhase
    fold: bool = False
    check: bool = False
    call: int | None = None  # chips the call puts in (all-in for less when short)
    raise_: RaiseBounds | None = None
    discard_max: int = 0
    hole: tuple[Card, ...] = ()
    keep_reject: bool = False
    declare: tuple[Way, ...] = ()
    show: bool = False  # the showdown, with the muck option: show (always) or muck
    muck: bool = False
    runs: bool = False  # run it twice (engine.runs): every player all-in is asked
    bring_in: int | None = None  # stud: the chips the bring-in puts in (else complete or bet)
    kinds: tuple[ActionKind, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", self._kinds())

    def _kinds(self) -> tuple[ActionKind, ...]:
        """The action kinds allowed, e.g. ``("fold", "call", "raise")``."""
        out: list[ActionKind] = []
        if self.fold:
            out.append("fold")
        if self.check:
            out.append("check")
        if self.call is not None:
            out.append("call")
        if self.bring_in is not None:
            out.append("bring_in")
        if self.raise_ is not None:
            out.append(self.raise_.kind)
        if self.phase == "draw":
            out.append("discard")
        if self.keep_reject:
            out += ["keep", "reject"]
        if self.declare:
            out.append("declare")
        if self.show:
            out.append("show")
        if self.muck:
            out.append("muck")
        if self.runs:
            out += ["run_twice", "run_once"]
        return tuple(out)

    def normalise(self, action: Action) -> Action:
        """``action`` in this decision's words: ``bet`` and ``raise`` both mean "put in more",
        so either is taken for whichever of the two is legal now (a ``raise`` where the round
        has no bet yet is a bet; a ``bet`` facing one is a raise). Every other action is as
        given. :meth:`Hand.apply` reads every action through here (the web and ``play`` too)."""
        more = self.raise_
        if more is not None and action.kind in ("bet", "raise") and action.kind != more.kind:
            return replace(action, kind=more.kind)
        return action

    def describe(self) -> str:
        """One line: ``fold, call 4, raise to 8-14``."""
        parts: list[str] = []
        for kind in self.kinds:
            if kind == "call":
                parts.append(f"call {self.call}")
            elif kind in ("bet", "raise") and self.raise_ is not None:
                low, high = self.raise_.min_to, self.raise_.max_to
                parts.append(f"{kind} to {low}" if low == high else f"{kind} to {low}-{high}")
            elif kind == "bring_in":
                parts.append(f"bring in for {self.bring_in}")
            elif kind == "discard":
                parts.append(f"discard 0-{self.discard_max} of {format_cards(self.hole)}")
            elif kind == "declare":
                parts.append("declare " + "/".join(self.declare))
            else:
                parts.append(kind)
        return ", ".join(parts)
