"""The exception tree of splitpot.

Every error a user can cause is a :class:`SplitpotError`; its message says what was wrong,
why, and where, so the CLI and the web can show it as it is, without a traceback::

    SplitpotError
     +-- CardParseError        a card token that is not a card ("Kx": unknown suit 'x')
     +-- DuplicateCardError    one physical card in two places
     +-- GameSpecError         an unknown game, or a game definition that contradicts itself
     +-- ShowdownError         a showdown that cannot be settled as given
     |    +-- OddChipError     the odd-chip rule is ``refuse`` and a split does not divide
     +-- IllegalActionError    an action the rules do not allow at this point of a hand
     +-- LogError              a hand log that cannot be read or does not replay
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "DuplicateCardError",
    "GameSpecError",
    "IllegalActionError",
    "LogError",
    "OddChipError",
    "ShowdownError",
    "SplitpotError",
    "UsageError",
]


class SplitpotError(Exception):
    """The root of every error splitpot raises on purpose."""


class CardParseError(SplitpotError, ValueError):
    """A card token could not be read."""


class DuplicateCardError(SplitpotError, ValueError):
    """The same physical card appears twice in one deal."""


class GameSpecError(SplitpotError, ValueError):
    """An unknown game id, or a game definition that is inconsistent."""


class ShowdownError(SplitpotError, ValueError):
    """A showdown whose input cannot be settled (wrong card counts, bad contributions...)."""


class OddChipError(ShowdownError):
    """The table refuses odd chips and a pot or an award does not divide evenly."""


class IllegalActionError(SplitpotError):
    """An action not allowed now: ``cannot raise to 900: the pot-limit maximum is 700``."""


class LogError(SplitpotError):
    """A hand log that cannot be read or does not replay to what it recorded."""


class UsageError(SplitpotError):
    """A command-line argument that is malformed (the CLI exits 1 with its message)."""
