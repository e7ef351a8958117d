"""The words for hands and showdowns, said once for every face (the CLI, terminal play, the web
table, the history replayer, the showdown lab and the text histories).

- :func:`event_line`: one event as a line (``Ann raises to 12 and is all-in``); :func:`log_lines`
  a hand's log, with :func:`street_name` naming board cards and the settlement at the showdown;
  :func:`history_text` the whole hand as a text history (:mod:`.lines`).
- :func:`pot_label` (``Pot``, ``Main pot``, ``Side pot 2``) and :func:`pots_text` for the pot of
  a hand in progress.
- :func:`street_label` (``Flop``, ``Draw 2 of 3``, Doogie's ``Card 1 of 4``, ``Last round``)
  and :func:`draw_words` (``pat``, ``drew 2``) for a hand in progress (:mod:`.lines`).
- A table's words between hands (:mod:`.table`): the dealer's lines (a new game, the button's
  choice, rebuys, seats taken and given up), what a mixed table plays now and next, and who
  the table waits for.
- :func:`current_hand_line`: a player's hand in progress, award by award, in the showdown's
  words (:mod:`.current`), for terminal play and the web table.
- :class:`Settlement`, the one view of a settled showdown: for each pot, each award with its
  winners, amounts, the hand of every player shown down (losers included) with the cards used,
  unclaimed and split-evenly notes (Doogie's forfeits included), odd chips and why.
  :func:`showdown_text` is the CLI's answer-key text; :func:`settlement_rows` the rows the web
  table's result and the history replayer draw (:mod:`.settlement`).

Only the core is imported here (cards, games, engine): the faces import this, never each other.
The names are loaded when first used, so that ``splitpot showdown`` loads the settlement's words
alone, not the events and the hand.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)

if TYPE_CHECKING:
    from splitpot.describe.current import award_name, current_hand_line, current_hands
    from splitpot.describe.lines import (
        draw_words,
        event_line,
        hand_log,
        hand_title,
        history_text,
        log_lines,
        pots_text,
        run_rows,
        settlement_rows,
        stakes_text,
        street_label,
        street_name,
    )
    from splitpot.describe.settlement import (
        AwardView,
        HandShown,
        PotView,
        Settlement,
        pot_label,
        row_json,
        showdown_text,
        uncontested_line,
        uncontested_row,
    )
    from splitpot.describe.table import (
        MIXED_NAMES,
        buy_in_line,
        choice_line,
        choosing_line,
        game_line,
        leave_line,
        next_game_line,
        rebuy_line,
        waiting_line,
    )

__all__ = [
    "MIXED_NAMES",
    "AwardView",
    "HandShown",
    "PotView",
    "Settlement",
    "award_name",
    "buy_in_line",
    "choice_line",
    "choosing_line",
    "current_hand_line",
    "current_hands",
    "draw_words",
    "event_line",
    "game_line",
    "hand_log",
    "hand_title",
    "history_text",
    "leave_line",
    "log_lines",
    "next_game_line",
    "pot_label",
    "pots_text",
    "rebuy_line",
    "row_json",
    "run_rows",
    "settlement_rows",
    "showdown_text",
    "stakes_text",
    "street_label",
    "street_name",
    "uncontested_line",
    "uncontested_row",
    "waiting_line",
]

_HOMES = {
    "current": ("award_name", "current_hand_line", "current_hands"),
    "lines": (
        "event_line", "hand_log", "hand_title", "history_text", "log_lines", "pots_text",
        "run_rows", "settlement_rows", "stakes_text", "street_name", "street_label", "draw_words",
    ),
    "settlement": (
        "AwardView", "HandShown", "PotView", "Settlement", "pot_label", "row_json",
        "showdown_text", "uncontested_line", "uncontested_row",
    ),
    "table": (
        "MIXED_NAMES", "buy_in_line", "choice_line", "choosing_line", "game_line", "leave_line",
        "next_game_line", "rebuy_line", "waiting_line",
    ),
}  # fmt: skip
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
