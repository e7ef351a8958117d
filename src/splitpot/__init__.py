"""splitpot: split-pot draw and board poker (Bodigiha, Badugi, Drawmaha, Doogie and relatives).

The core is small values and data: :mod:`splitpot.cards`, :mod:`splitpot.evaluate`,
:mod:`splitpot.games` and :mod:`splitpot.engine`; the CLI is an adapter over them.

The names a library user needs are here, in ``__all__``: cards, the games, the evaluators
(each returns a :class:`HandValue`, bigger wins), the showdown (:func:`settle`), the hand
engine (:class:`Hand`, :class:`Action`, the log's JSON), the study tools (:func:`equity`,
:func:`advise_discards`, :func:`declaration_odds`) and the errors a caller may catch. The
engine and the study tools are loaded when first used, so ``import splitpot`` stays cheap
(the equity engine's compiled kernels are loaded only when a computation runs)::

    >>> from splitpot import parse_cards, find_game
    >>> parse_cards("As Kd")
    (Card('As'), Card('Kd'))
    >>> find_game("dramaha").name
    'Drawmaha'
"""

from __future__ import annotations

__version__ = "0.1.0"

import importlib
import sys
import types

from splitpot.cards import Card, Deck, format_cards, parse_cards
from splitpot.engine.showdown import ShowdownResult, settle
from splitpot.errors import (
    CardParseError,
    DuplicateCardError,
    GameSpecError,
    HistoryError,
    IllegalActionError,
    LogError,
    OddChipError,
    ShowdownError,
    SplitpotError,
)
from splitpot.evaluate import (
    HandValue,
    evaluate_a5,
    evaluate_badugi,
    evaluate_badugi_aces_high,
    evaluate_deuce_seven,
    evaluate_doogie,
    evaluate_doogie_high,
    evaluate_draw_high,
    evaluate_high,
    evaluate_omaha,
)
from splitpot.games import GAMES, GameSpec, find_game

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)

if TYPE_CHECKING:
    from typing import Any

    from splitpot.engine.actions import Action
    from splitpot.engine.events import Event, events_from_json, events_to_json
    from splitpot.engine.hand import Hand, LegalActions, stacked_deck
    from splitpot.engine.options import Options, Stakes
    from splitpot.engine.table import Table
    from splitpot.equity.advise import DiscardOption, advise_discards, declaration_odds
    from splitpot.equity.core import EquityResult, equity

__all__ = [
    "GAMES",
    "Action",
    "Card",
    "CardParseError",
    "Deck",
    "DiscardOption",
    "DuplicateCardError",
    "EquityResult",
    "Event",
    "GameSpec",
    "GameSpecError",
    "Hand",
    "HandValue",
    "HistoryError",
    "IllegalActionError",
    "LegalActions",
    "LogError",
    "OddChipError",
    "Options",
    "ShowdownError",
    "ShowdownResult",
    "SplitpotError",
    "Stakes",
    "Table",
    "__version__",
    "advise_discards",
    "declaration_odds",
    "equity",
    "evaluate_a5",
    "evaluate_badugi",
    "evaluate_badugi_aces_high",
    "evaluate_deuce_seven",
    "evaluate_doogie",
    "evaluate_doogie_high",
    "evaluate_draw_high",
    "evaluate_high",
    "evaluate_omaha",
    "events_from_json",
    "events_to_json",
    "find_game",
    "format_cards",
    "parse_cards",
    "settle",
    "stacked_deck",
]

_LAZY = {
    "splitpot.engine.actions": ("Action",),
    "splitpot.engine.events": ("Event", "events_from_json", "events_to_json"),
    "splitpot.engine.hand": ("Hand", "LegalActions", "stacked_deck"),
    "splitpot.engine.options": ("Options", "Stakes"),
    "splitpot.engine.table": ("Table",),
    "splitpot.equity.advise": ("DiscardOption", "advise_discards", "declaration_odds"),
    "splitpot.equity.core": ("EquityResult", "equity"),
}
_MODULE_OF = {name: module for module, names in _LAZY.items() for name in names}


# ``splitpot.equity`` names both the study tools' package and its ``equity`` function, and
# Python's import system sets ``splitpot.equity`` to the package whenever the package is first
# imported (by a bot, the advisor, ``splitpot.equity.advise``...). So that
# ``from splitpot import equity`` is the function whatever was imported before, and
# ``splitpot.equity.advise`` still names the module, the package is made callable as its
# ``equity`` function the moment it is set on ``splitpot``.


class _CallableEquity(types.ModuleType):
    """The package :mod:`splitpot.equity`, callable as :func:`splitpot.equity.equity`."""

    def __call__(self, *args: Any, **kwargs: Any) -> EquityResult:
        return self.__dict__["equity"](*args, **kwargs)  # type: ignore[no-any-return]


class _Splitpot(types.ModuleType):
    """The package ``splitpot``: its ``equity`` attribute, set to the package, is callable."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "equity" and type(value) is types.ModuleType:
            value.__class__ = _CallableEquity
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Splitpot


def __getattr__(name: str) -> object:
    """The engine's and the study tools' names, imported on first use (PEP 562)."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name == "equity":  # the package, callable as the function (see _CallableEquity)
        return importlib.import_module("splitpot.equity")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
