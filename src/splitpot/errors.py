"""The exception tree of splitpot.

Every error a user can cause is a :class:`SplitpotError`; its message says what was wrong,
why, and where, so the CLI and the web can show it as it is, without a traceback::

    SplitpotError
     +-- CardParseError        a card token that is not a card ("Kx": unknown suit 'x')
     +-- DuplicateCardError    one physical card in two places
     +-- GameSpecError         an unknown game, a game definition or table option that
     |                         contradicts itself
     +-- ShowdownError         a showdown that cannot be settled as given
     |    +-- OddChipError     the odd-chip rule is ``refuse`` and a split does not divide
     +-- IllegalActionError    an action the rules do not allow at this point of a hand
     +-- LogError              a hand log that cannot be read or does not replay
     +-- HistoryError          the hand-history store, a PHH file or an export that fails
     |    +-- HandNotFoundError   no stored hand has this id (also a KeyError)
     +-- MatchError            a bot match that cannot be played as asked
     +-- AtlasError            a starting-hand atlas that cannot be built, resumed or read
     +-- SchemaError           a JSON object that does not fit its schema (a batch line, a
     |                         web message, table options): a wrong type, an unknown key
     +-- UsageError            a malformed command-line argument (the CLI exits 1)
     +-- InputError            a line typed at the terminal table that is not a command
     +-- TableError            a request a web table refuses now (no seat, not in the hand,
     |                         a stale action, a rebuy during a hand...)
     +-- BadRequest            a web request the server refuses, with its HTTP status

The CLI prints ``splitpot: error: <message>`` and exits 1 (argparse's own usage errors exit
2); the web answers ``{"error": message}`` with the status of a :class:`BadRequest` (400 for
any other error of a request), or ``{"type": "error", ...}`` on a table's websocket.
"""

from __future__ import annotations

__all__ = [
    "AtlasError",
    "BadRequest",
    "CardParseError",
    "DuplicateCardError",
    "GameSpecError",
    "HandNotFoundError",
    "HistoryError",
    "IllegalActionError",
    "InputError",
    "LogError",
    "MatchError",
    "OddChipError",
    "SchemaError",
    "ShowdownError",
    "SplitpotError",
    "TableError",
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


class HistoryError(SplitpotError):
    """A hand history that cannot be stored, found, read or written (the store, PHH, logs)."""


class HandNotFoundError(HistoryError, KeyError):
    """No stored hand has this id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class AtlasError(SplitpotError):
    """A starting-hand atlas that cannot be built, resumed or read as asked."""


class MatchError(SplitpotError, ValueError):
    """A match that cannot be played as asked (an unknown bot, no hands, ...)."""


class SchemaError(SplitpotError, ValueError):
    """A JSON object that does not fit its schema: ``"pot" must be a whole number of chips``."""


class UsageError(SplitpotError):
    """A command-line argument that is malformed (the CLI exits 1 with its message)."""


class InputError(SplitpotError):
    """Input the terminal table cannot use: a line that is not a command, or a bad option."""


class TableError(SplitpotError):
    """A request a web table refuses as things stand: ``rebuy between hands``."""


class BadRequest(SplitpotError):  # noqa: N818 - named after the HTTP status
    """A request the server refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
