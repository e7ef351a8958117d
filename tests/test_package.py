"""The library's front door: ``splitpot.__all__`` is the curated surface the README documents.

The list is written out here (a change to it is a change to the public API, made on purpose);
every name imports from ``splitpot``; the engine and the study tools load only when first used,
so ``import splitpot`` stays as cheap as the showdown command needs.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import splitpot

README = Path(__file__).resolve().parents[1] / "README.md"

SURFACE = {
    # cards and games
    "Card", "Deck", "parse_cards", "format_cards", "GAMES", "GameSpec", "find_game",
    # the evaluators (bigger always wins)
    "HandValue", "evaluate_high", "evaluate_draw_high", "evaluate_omaha", "evaluate_badugi",
    "evaluate_badugi_aces_high", "evaluate_deuce_seven", "evaluate_a5", "evaluate_doogie",
    "evaluate_doogie_high",
    # the showdown
    "settle", "ShowdownResult",
    # the hand engine and its log
    "Hand", "Action", "Event", "LegalActions", "Options", "Stakes", "Table", "stacked_deck",
    "events_to_json", "events_from_json",
    # the study tools
    "equity", "EquityResult", "advise_discards", "DiscardOption", "declaration_odds",
    # the errors a caller catches
    "SplitpotError", "CardParseError", "DuplicateCardError", "GameSpecError", "ShowdownError",
    "OddChipError", "IllegalActionError", "LogError", "HistoryError",
    "__version__",
}  # fmt: skip
LAZY = ("splitpot.engine.hand", "splitpot.equity", "numpy", "numba")


def test_the_public_surface_is_the_curated_list() -> None:
    assert set(splitpot.__all__) == SURFACE
    assert len(splitpot.__all__) == len(SURFACE)  # no name twice


def test_every_public_name_imports_from_splitpot() -> None:
    for name in splitpot.__all__:
        assert getattr(splitpot, name) is not None, name
    from splitpot import Action, Hand, advise_discards, equity, settle
    from splitpot.engine.actions import Action as EngineAction
    from splitpot.engine.hand import Hand as EngineHand
    from splitpot.engine.showdown import settle as showdown_settle
    from splitpot.equity.advise import advise_discards as study_advise

    assert (Hand, Action, advise_discards, settle) == (
        EngineHand, EngineAction, study_advise, showdown_settle,
    )  # fmt: skip
    assert callable(equity)


# ``splitpot.equity`` is also the study tools' package: whichever is imported first, the name
# from ``splitpot`` calls the function and the package's modules stay reachable through it.
ORDERS = {
    "function first": "from splitpot import equity\nimport splitpot.equity.advise",
    "package first": "import splitpot.equity.advise\nfrom splitpot import equity",
}


@pytest.mark.parametrize("order", ORDERS.values(), ids=ORDERS.keys())
def test_equity_from_splitpot_is_the_function_whatever_was_imported_first(order: str) -> None:
    code = (
        f"{order}\n"
        "import splitpot, splitpot.equity.core\n"
        "assert splitpot.equity.advise.advise_discards is splitpot.advise_discards\n"
        "try:\n"
        "    equity('no-such-game', {'A': 'As Ks'})\n"
        "except splitpot.GameSpecError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("unknown game 'no-such-game'")


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        splitpot.no_such_name  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("splitpot.no_such_name did not raise")


def test_import_splitpot_loads_neither_the_engine_nor_the_study_tools() -> None:
    code = f"import sys, splitpot; print(' '.join(m for m in {LAZY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []


def test_the_readme_documents_every_public_name() -> None:
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## As a library\n")
    section = text[start : text.index("\n## ", start + 1)]
    written = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", section))
    missing = sorted(SURFACE - written - {"__version__"})
    assert not missing, f"the README's library section does not name {missing}"
