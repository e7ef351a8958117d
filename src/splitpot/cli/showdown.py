"""``splitpot games`` and ``splitpot showdown`` (one showdown, or ``--batch`` JSON lines)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from splitpot.cli.args import chips, pairs
from splitpot.describe import showdown_text
from splitpot.engine.showdown import DECLARATIONS, ODD_CHIP_RULES, ShowdownResult, settle
from splitpot.errors import UsageError
from splitpot.games import GAMES, find_game

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import IO

__all__ = ["add_games", "add_showdown", "render"]


def _settle_from_args(args: argparse.Namespace) -> ShowdownResult:
    if not args.player:
        raise UsageError("give each player's cards with --player NAME='As Ah ...'")
    players = pairs(args.player, "--player")
    contributions = chips(args.contribution, "--contribution") if args.contribution else None
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
    declarations = pairs(args.declare, "--declare") if args.declare else None
    return settle(
        args.game,
        players,
        args.board or "",
        pot=args.pot,
        contributions=contributions,
        button=args.button,
        seats=seats,
        declarations=declarations,
        odd_chip=args.odd_chip,
    )


def _run_batch(source: Iterable[bytes | str], out: IO[str]) -> int:
    import json

    from splitpot.engine.batch import answer_line  # the schema reader: only for --batch

    for number, raw in enumerate(source, 1):
        try:
            line = raw if isinstance(raw, str) else raw.decode("utf-8")
        except UnicodeDecodeError:
            out.write(json.dumps({"error": f"line {number} is not UTF-8 text"}) + "\n")
            continue
        if not line.strip():
            continue
        out.write(json.dumps(answer_line(line)) + "\n")
        out.flush()
    return 0


def render(result: ShowdownResult, *, symbols: bool = False) -> str:
    """The answer-key style text of a settled showdown (the words are the core's, as on every
    face: :func:`splitpot.describe.showdown_text`)."""
    return showdown_text(result, symbols=symbols)


def _cmd_games(args: argparse.Namespace, out: IO[str]) -> int:
    if args.table:
        from splitpot.learn.text import render_variants

        out.write(render_variants())
        return 0
    if args.json:
        import json

        listing = [
            {"id": g.id, "name": g.name, "aliases": list(g.aliases), "hole_cards": g.hole_cards,
             "board_cards": g.board_cards, "awards": list(g.award_names),
             "high_award": g.high_award, "declare": g.declare, "summary": g.summary}
            for g in GAMES.values()
        ]  # fmt: skip
        out.write(json.dumps(listing, indent=2) + "\n")
        return 0
    for g in GAMES.values():
        alias = f" (alias {', '.join(g.aliases)})" if g.aliases else ""
        out.write(f"{g.id:<20} {g.name}{alias}\n")
        out.write(f"{'':<20} {g.hole_cards} hole, {g.board_cards} board; awards: "
                  f"{' / '.join(g.award_names)}; {g.summary}\n")  # fmt: skip
    return 0


def _cmd_showdown(args: argparse.Namespace, out: IO[str]) -> int:
    if args.batch is not None:
        if args.game is not None or args.player:
            raise UsageError("--batch reads every showdown from the file: give no GAME or --player")
        if args.batch == "-":
            return _run_batch(getattr(sys.stdin, "buffer", sys.stdin), out)
        try:
            with open(args.batch, "rb") as source:
                return _run_batch(source, out)
        except OSError as exc:
            raise UsageError(f"cannot read {args.batch}: {exc.strerror}") from None
    if args.game is None:
        raise UsageError("name the game (see `splitpot games`) or use --batch FILE")
    find_game(args.game)
    if args.pot is None and not args.contribution:
        raise UsageError("give the pot with --pot N or each player's chips with --contribution")
    if args.pot is not None and args.contribution:
        raise UsageError("give either --pot or --contribution, not both")
    result = _settle_from_args(args)
    if args.json:
        import json

        out.write(json.dumps(result.to_json()) + "\n")
    else:
        out.write(render(result, symbols=args.symbols) + "\n")
    return 0


def add_games(games: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot games``."""
    games.add_argument("--json", action="store_true", help="print the registry as JSON")
    games.add_argument(
        "--table", action="store_true", help="print the variants table (every game side by side)"
    )
    games.set_defaults(handler=_cmd_games)


def add_showdown(show: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot showdown``."""
    show.description = (
        "Settle a showdown. Players are given clockwise from the first seat "
        "left of the button unless --button names one. A name given only in --contribution "
        "folded: their chips are in the pots but they win none."
    )
    show.add_argument("game", nargs="?", metavar="GAME", help="game id or alias (splitpot games)")
    show.add_argument("--board", default="", help='the final board, e.g. "Ac Kh 7c 6d 2h"')
    show.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME=CARDS",
        help="a player's final cards; repeat for each player, in seat order",
    )
    show.add_argument("--pot", type=int, help="one pot of N chips that every player may win")
    show.add_argument(
        "--contribution",
        action="append",
        default=[],
        metavar="NAME=N",
        help="a player's total chips put in; builds side pots",
    )
    show.add_argument("--button", help="the player on the button (default: the last seat)")
    show.add_argument(
        "--seats", help="full seat order, comma-separated, when folded players sit between"
    )
    show.add_argument(
        "--declare",
        action="append",
        default=[],
        metavar="NAME=WAY",
        help=f"Doogie declaration: {'|'.join(DECLARATIONS)}",
    )
    show.add_argument(
        "--odd-chip",
        choices=ODD_CHIP_RULES,
        default="high-award",
        help="where odd chips go, or refuse an uneven split (default high-award)",
    )
    show.add_argument("--json", action="store_true", help="print the result as one JSON object")
    show.add_argument("--symbols", action="store_true", help="print suits as symbols (A♠)")
    show.add_argument(
        "--batch",
        metavar="FILE",
        help="read JSON lines (one showdown each; - for stdin), write one JSON line each",
    )
    show.set_defaults(handler=_cmd_showdown)
