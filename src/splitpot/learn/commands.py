"""``splitpot rules GAME``: a game's rules page in the terminal (``--json``: the page's data).

The variants table is ``splitpot games --table`` (:func:`splitpot.learn.text.render_variants`).
"""

from __future__ import annotations

import argparse
import json
from typing import IO

from splitpot.games import find_game
from splitpot.learn.page import rules_page
from splitpot.learn.text import render_rules

__all__ = ["add_rules"]


def _cmd_rules(args: argparse.Namespace, out: IO[str]) -> int:
    spec = find_game(args.game)
    if args.json:
        out.write(json.dumps(rules_page(spec), indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(render_rules(spec, symbols=args.symbols))
    return 0


def add_rules(rules: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot rules``."""
    rules.description = (
        "Print a game's rules page: cards, board, draws, betting and awards as the "
        "engine plays them, how a deal runs, how a pot is split, each half's hand rankings "
        "with an example, common mistakes and a short FAQ. The web page is /learn/GAME."
    )
    rules.add_argument("game", metavar="GAME", help="game id or alias (splitpot games)")
    rules.add_argument("--json", action="store_true", help="print the page as JSON")
    rules.add_argument("--symbols", action="store_true", help="print suits as symbols (A♠)")
    rules.set_defaults(handler=_cmd_rules)
