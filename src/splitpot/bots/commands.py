"""The ``splitpot match`` command: duplicate heads-up matches between bots.

splitpot match GAME --bots heuristic,random --hands N --seed S [--stakes 1/2]
               [--stack CHIPS] [--structure ...] [--json]
"""

from __future__ import annotations

import argparse
import json
from typing import IO

from splitpot.bots.match import BOTS, MatchError, play_match
from splitpot.games.streets import Structure
from splitpot.history import HistoryStore
from splitpot.progress import progress

__all__ = ["add_match"]


def add_match(match: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot match``."""
    match.description = (
        "Play duplicate heads-up hands between two bots: each deal is played "
        "twice with the seats swapped, stacks reset every hand (100 big blinds by default). "
        "Prints each bot's big blinds per 100 hands with a 95% confidence interval over the "
        "per-deal duplicate results. Bots: " + ", ".join(BOTS) + "."
    )
    match.add_argument("game", metavar="GAME", help="game id or alias")
    match.add_argument(
        "--bots",
        default="heuristic,random",
        help="the two bots, separated by a comma (default heuristic,random)",
    )
    match.add_argument(
        "--hands",
        type=int,
        default=1000,
        help="hands to play, rounded up to an even number (default 1000)",
    )
    match.add_argument("--seed", type=int, default=0, help="seed for the decks and the bots")
    match.add_argument("--stakes", default="1/2", help="blinds (or ante/small bet), default 1/2")
    match.add_argument("--stack", type=int, help="chips per seat each hand (default 100 bb)")
    match.add_argument(
        "--structure", choices=[s.value for s in Structure], help="betting structure"
    )
    match.add_argument(
        "--db", metavar="PATH", help="the hand-history database (default: the user's data folder)"
    )
    match.add_argument("--no-store", action="store_true", help="keep no hand in the database")
    match.add_argument("--json", action="store_true", help="print the result as JSON")
    match.add_argument(
        "--quiet", action="store_true", help="no progress bar (shown only on a terminal)"
    )
    match.set_defaults(handler=_cmd_match)


def _cmd_match(args: argparse.Namespace, out: IO[str]) -> int:
    bots = [name.strip() for name in args.bots.split(",")]
    if len(bots) != 2 or not all(bots):
        raise MatchError(f"--bots {args.bots!r}: name two bots, e.g. heuristic,random")
    if args.hands < 1:
        raise MatchError(f"--hands {args.hands}: play at least 1 hand")
    if args.stack is not None and args.stack < 1:
        raise MatchError(f"--stack {args.stack}: at least 1 chip")
    store = None if args.no_store else HistoryStore(args.db)
    deals = (args.hands + 1) // 2
    bar = progress(deals, f"{args.game} {bots[0]} v {bots[1]}", unit="deal", quiet=args.quiet)

    def on_deal(done: int, bb_per_100: float) -> None:
        bar.advance()
        bar.note(f"{bots[0]} {bb_per_100:+.1f} bb/100")

    try:
        with bar:
            result = play_match(
                args.game,
                bots,
                hands=args.hands,
                seed=args.seed,
                stakes=args.stakes,
                stack=args.stack,
                structure=args.structure,
                store=store,
                on_deal=on_deal,
            )
    finally:
        if store is not None:
            store.close()
    if args.json:
        out.write(json.dumps(result.to_json()) + "\n")
        return 0
    lines = [
        f"{result.game.name} ({result.structure.value}, {args.stakes}), duplicate heads-up: "
        f"{result.deals} deals, {result.hands} hands, {result.stack} chips each hand, "
        f"seed {result.seed}",
        *(bot.describe(result.hands) for bot in result.bots),
    ]
    out.write("\n".join(lines) + "\n")
    return 0
