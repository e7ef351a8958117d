"""One betting round's state and its sizing rules (docs/rules.md "Betting").

- Fixed-limit: bets and raises of exactly the round's bet size; a bet and three raises cap the
  round (option four; option uncapped heads-up). An all-in raise of half a bet or more counts
  as a full raise; a smaller one does not reopen the betting.
- Pot-limit: the largest raise makes it current bet + (pot + all bets on the table + the call).
- Pot-limit and no-limit: the smallest bet is a big blind and the smallest raise the last full
  raise; a short all-in, alone or added up with others while still short of a full raise,
  does not reopen the betting for players who have already acted (TDA 43, 47).
- PokerKit's rules, for a PHH it wrote (``Options.half_bet_full`` false, ``first_bet_full``
  true): a round's first bet or raise is full however short, and so is any all-in raise by
  at least the round's largest raise; fixed-limit raises are a full bet above the current
  bet and each bet or raise counts toward the cap. In stud, completing a bring-in is the
  round's first bet: to the small bet (not a bet above the bring-in), full however short.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from splitpot.games.streets import Structure

__all__ = ["RaiseBounds", "Round"]


@dataclass(frozen=True, slots=True)
class RaiseBounds:
    """The raise-to range a player may choose; ``min_to == max_to`` for an all-in-only raise.

    ``pot_to`` is the raise-to of a pot-sized bet or raise: the current bet + the pot (every
    chip in it, this round's bets included) + the call, within the range; in pot-limit it is
    the pot-limit maximum, ``max_to``.
    """

    kind: Literal["bet", "raise"]
    min_to: int
    max_to: int
    pot_to: int


@dataclass(slots=True)
class Round:
    """A betting round in progress."""

    structure: Structure
    size: int  # fixed-limit bet size; the big blind otherwise (the smallest bet)
    cap: int | None  # fixed-limit: how many bets and raises in all; None: no cap
    current: int = 0  # the bet to match
    full_level: int = 0  # the bet level of the last full bet or raise
    min_raise: int = 0  # the last full raise's size (pot- and no-limit)
    bets: int = 0  # full bets and raises so far (fixed-limit cap)
    aggressor: int | None = None
    acted: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> (current, full)
    half_bet_full: bool = True  # Options.half_bet_full (fixed-limit)
    first_bet_full: bool = False  # Options.first_bet_full
    largest: int = 0  # the largest raise of the round so far (PokerKit's rule)
    completion: bool = False  # stud: a bring-in waits to be completed (PokerKit's rule)

    def reopened_for(self, seat: int) -> bool:
        """May ``seat`` raise, given what it did before in this round?"""
        if seat not in self.acted:
            return True
        level, full = self.acted[seat]
        if self.first_bet_full and full != self.full_level:
            return True
        if self.first_bet_full and self.current > level:
            # PokerKit: short all-ins since the seat acted that add up to the largest raise.
            return self.current - level >= self.largest
        if self.structure is Structure.FIXED_LIMIT:
            return full != self.full_level
        return self.current - level >= self.min_raise

    def capped(self, heads_up_uncapped: bool, players_in_hand: int) -> bool:
        """Has a fixed-limit round reached its cap?"""
        if self.cap is None or (heads_up_uncapped and players_in_hand == 2):
            return False
        return self.bets >= self.cap

    def bounds(self, put_in: int, stack: int, pot: int) -> RaiseBounds | None:
        """The raise-to range for a player who has ``put_in`` this round and ``stack`` behind.

        ``pot`` is every chip in the pot including this round's bets. ``None`` when the player
        cannot raise at all (not more chips than the call).
        """
        all_in = put_in + stack
        if all_in <= self.current:
            return None
        kind: Literal["bet", "raise"] = "bet" if self.current == 0 else "raise"
        pot_sized = self.current + pot + (self.current - put_in)  # the call, then the pot
        if self.structure is Structure.FIXED_LIMIT:
            # A bring-in is completed to the small bet, not raised a bet above it.
            below = self.full_level if self.half_bet_full or self.completion else self.current
            low = high = below + self.size
        else:
            low = self.current + self.min_raise
            high = pot_sized if self.structure is Structure.POT_LIMIT else all_in
        low = min(low, all_in)
        high = max(min(high, all_in), low)
        return RaiseBounds(kind, low, high, min(max(pot_sized, low), high))

    def record_raise(self, seat: int, to: int) -> None:
        """A bet or raise to ``to``: is it full (reopens, counts for the cap) or short?"""
        increase = to - self.current
        fixed = self.structure is Structure.FIXED_LIMIT
        if fixed and self.half_bet_full:
            # Half a bet or more counts as a full bet (docs/rules.md); less does not reopen.
            full = 2 * (to - self.full_level) >= self.size
        else:
            # PokerKit: completing a bring-in is the round's first bet, however short.
            full = self.completion or increase >= (self.size if fixed else self.min_raise)
        # PokerKit: the first bet or raise is full, as is one by at least the largest so far.
        full = full or (self.first_bet_full and increase >= self.largest)
        self.largest = max(self.largest, increase)
        self.completion = False
        if full:
            if not fixed:
                self.min_raise = max(self.min_raise, increase)
            self.full_level = to
        if full or (fixed and not self.half_bet_full):  # PokerKit counts every bet and raise
            self.bets += 1
        self.current = to
        self.aggressor = seat
        self.acted[seat] = (self.current, self.full_level)

    def record_call_or_check(self, seat: int) -> None:
        """The player acted without raising."""
        self.acted[seat] = (self.current, self.full_level)
