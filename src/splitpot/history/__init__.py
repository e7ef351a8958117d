"""The hand-history store (SQLite) and hand-history formats (PHH, text).

- :class:`HistoryStore` keeps every finished hand (``store.add(hand.events, "simulate")``);
- :func:`export_phh` / :func:`import_phh` write and read PHH, the Poker Hand History format
  PokerKit reads; :func:`export_text` is the readable online-room style history;
- ``splitpot history list|show|export|import`` (:mod:`splitpot.history.commands`).
"""

from splitpot.history.phh import (
    PhhHand,
    export_phh,
    export_phhs,
    export_text,
    import_phh,
    read_phh,
    variant_code,
)
from splitpot.history.store import (
    HandNotFoundError,
    HandSummary,
    HistoryError,
    HistoryStore,
    StoredHand,
    default_path,
)

__all__ = [
    "HandNotFoundError",
    "HandSummary",
    "HistoryError",
    "HistoryStore",
    "PhhHand",
    "StoredHand",
    "default_path",
    "export_phh",
    "export_phhs",
    "export_text",
    "import_phh",
    "read_phh",
    "variant_code",
]
