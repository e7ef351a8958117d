"""splitpot: split-pot draw and board poker (Bodigiha, Badugi, Drawmaha, Doogie and relatives).

The core is small values and data: :mod:`splitpot.cards`, :mod:`splitpot.evaluate`,
:mod:`splitpot.games` and :mod:`splitpot.engine`; the CLI is an adapter over them.
"""

__version__ = "0.1.0"

from splitpot.cards import Card, Deck, format_cards, parse_cards
from splitpot.engine.showdown import ShowdownResult, settle
from splitpot.errors import SplitpotError
from splitpot.games import GAMES, GameSpec, find_game

__all__ = [
    "GAMES",
    "Card",
    "Deck",
    "GameSpec",
    "ShowdownResult",
    "SplitpotError",
    "__version__",
    "find_game",
    "format_cards",
    "parse_cards",
    "settle",
]
