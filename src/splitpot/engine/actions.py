"""What a player does: :class:`Action`, with its ``Literal`` kinds and Doogie's ways."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from splitpot.cards import Card, parse_cards
from splitpot.errors import IllegalActionError, LogError

__all__ = ["ACTION_KINDS", "WAYS", "Action", "ActionKind", "Way", "way_of"]

ActionKind = Literal[
    "fold", "check", "call", "bet", "raise", "discard", "keep", "reject", "declare", "show",
    "muck", "run_twice", "run_once", "bring_in",
]  # fmt: skip
Way = Literal["high", "low", "both"]

ACTION_KINDS: Final[tuple[ActionKind, ...]] = get_args(ActionKind)
WAYS: Final[tuple[Way, ...]] = get_args(Way)


def way_of(text: object) -> Way | None:
    """``text`` as a Doogie declaration (any case, spaces around allowed), or ``None``."""
    if isinstance(text, str):
        for way in WAYS:
            if text.strip().lower() == way:
                return way
    return None


@dataclass(frozen=True, slots=True)
class Action:
    """What a player does. ``amount`` is the raise-to (the round's total) for bet and raise."""

    kind: ActionKind
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    way: Way | None = None

    def __post_init__(self) -> None:
        # Each field by type: a wrong one is refused here, as an illegal action, not met later
        # as a Python error (Action.discard(None), an amount of "7").
        if type(self.kind) is not str or self.kind not in ACTION_KINDS:
            raise IllegalActionError(
                f"unknown action {self.kind!r:.40}: use {', '.join(ACTION_KINDS)}"
            )
        # (an amount or a way of the wrong type is refused by Hand.apply, with the rules' words)
        if not isinstance(self.cards, tuple | list | str):
            raise IllegalActionError(
                f"{self.kind} needs cards as text or a list, e.g. 'Ks Qd', not {self.cards!r:.40}"
            )
        if self.cards and not all(type(c) is Card for c in self.cards):
            object.__setattr__(self, "cards", parse_cards(self.cards))
        elif type(self.cards) is not tuple:
            object.__setattr__(self, "cards", tuple(self.cards))

    @classmethod
    def fold(cls) -> Action:
        """Give up the hand."""
        return cls("fold")

    @classmethod
    def check(cls) -> Action:
        """Pass with nothing to call."""
        return cls("check")

    @classmethod
    def call(cls) -> Action:
        """Match the current bet (or go all-in for less)."""
        return cls("call")

    @classmethod
    def bet(cls, to: int) -> Action:
        """Open the betting to ``to`` chips."""
        return cls("bet", amount=to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        """Raise to a round total of ``to`` chips."""
        return cls("raise", amount=to)

    @classmethod
    def bring_in(cls) -> Action:
        """Stud: post the bring-in (the alternative is to complete: a bet of the small bet)."""
        return cls("bring_in")

    @classmethod
    def discard(cls, cards: Iterable[int] | str = ()) -> Action:
        """Throw these cards and draw as many; no cards stands pat."""
        if not isinstance(cards, str | Iterable):
            raise IllegalActionError(
                f"discard needs cards as text or a list, e.g. 'Ks Qd' (none: stand pat), "
                f"not {cards!r:.40}"
            )
        return cls("discard", cards=parse_cards(cards, where="in the discard"))

    @classmethod
    def stand_pat(cls) -> Action:
        """Draw no cards."""
        return cls("discard")

    @classmethod
    def keep(cls) -> Action:
        """Sviten Special: keep the face-up replacement."""
        return cls("keep")

    @classmethod
    def reject(cls) -> Action:
        """Sviten Special: reject the face-up replacement for the next card face down."""
        return cls("reject")

    @classmethod
    def declare(cls, way: Way) -> Action:
        """Doogie: declare high, low or both."""
        return cls("declare", way=way)

    @classmethod
    def show(cls) -> Action:
        """At the showdown (the ``muck`` option): show the hand."""
        return cls("show")

    @classmethod
    def muck(cls) -> Action:
        """At the showdown (the ``muck`` option): muck a hand that cannot win, unseen."""
        return cls("muck")

    @classmethod
    def run_twice(cls) -> Action:
        """Every player all-in (the ``run_twice`` option): agree to run the board twice."""
        return cls("run_twice")

    @classmethod
    def run_once(cls) -> Action:
        """Every player all-in (the ``run_twice`` option): run the board once, as usual."""
        return cls("run_once")

    def to_json(self) -> dict[str, Any]:
        """The action as a dict (only the fields it uses)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.amount is not None:
            out["amount"] = self.amount
        if self.cards or self.kind == "discard":
            out["cards"] = [str(c) for c in self.cards]
        if self.way is not None:
            out["way"] = self.way
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """The action from :meth:`to_json`'s dict."""
        kind = data.get("kind")
        if kind not in ACTION_KINDS:
            raise LogError(f"unknown action kind {kind!r}")
        amount = data.get("amount")
        if amount is not None and (type(amount) is not int):
            raise LogError(f"action amount {amount!r} is not a whole number of chips")
        return cls(kind, amount, parse_cards(data.get("cards", ())), data.get("way"))

    def __str__(self) -> str:
        if self.kind in ("bet", "raise"):
            return f"{self.kind} to {self.amount}"
        if self.kind == "discard":
            return "stand pat" if not self.cards else "discard " + " ".join(map(str, self.cards))
        if self.kind == "declare":
            return f"declare {self.way}"
        return self.kind
