"""``splitpot equity`` (each player's share of each award) and ``splitpot advise`` (every
discard ranked; Doogie: every declaration)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from splitpot.argtypes import positive_int
from splitpot.atlas.advice import atlas_options, source_note, starting_hand
from splitpot.atlas.commands import render_record
from splitpot.cards import format_cards, parse_cards
from splitpot.cli.args import pairs
from splitpot.equity.advise import advise_discards, declaration_odds
from splitpot.equity.core import EquityResult, equity
from splitpot.equity.policy import POLICIES
from splitpot.errors import SplitpotError, UsageError
from splitpot.games import GameSpec, find_game
from splitpot.progress import listening, progress

__all__ = ["add_advise", "add_equity"]


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def _render_equity(result: EquityResult) -> str:
    game = result.game
    runouts = f"{result.runouts:,} runout" + ("" if result.runouts == 1 else "s")
    how = (
        f"exact over {runouts}"
        if result.method == "exact"
        else f"Monte Carlo, {result.runouts:,} samples (seed {result.seed})"
    )
    draws = f", {result.draws} draw(s) to come ({result.policy} policy)" if result.draws else ""
    lines = [f"{game.name}: {how}{draws}"]
    header = ["player", "equity", "scoop", *(f"{a.name} win/tie" for a in game.awards)]
    rows = [header]
    for p in result.players:
        equity_text = _percent(p.equity)
        if p.std_error is not None:
            equity_text += f" ±{100 * p.std_error:.2f}"
        rows.append(
            [p.name, equity_text, _percent(p.scoop),
             *(f"{_percent(o.win)} / {_percent(o.tie)}" for o in p.awards.values())]
        )  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        lines.append(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )
    if result.method == "monte-carlo":
        lines.append("± is one standard error of the equity")
    return "\n".join(lines)


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" + ("" if number == 1 else "s")


def _check_board(args: argparse.Namespace) -> None:
    """A board of a size the game never has is a malformed command line (exit 2)."""
    try:
        count = len(parse_cards(args.board or ""))
    except SplitpotError:
        return  # a card that is not a card: the library names it, with where it is
    try:
        find_game(args.game).check_board(count)
    except SplitpotError as exc:
        args.parser.error(f"--board: {exc}")


@contextmanager
def _runouts_bar(args: argparse.Namespace) -> Iterator[None]:
    """A bar of the runouts sampled, on a terminal's stderr (not with ``--quiet``)."""
    bar = progress(None, f"{args.command} {args.game}", unit="runout", quiet=args.quiet, scale=True)
    with bar, listening(bar):
        yield


def _cmd_equity(args: argparse.Namespace, out: IO[str]) -> int:
    if not args.player:
        raise UsageError("give each player's cards with --player NAME='...' (or NAME=random)")
    if args.exact and args.samples is not None:
        raise UsageError("give either --exact or --samples, not both")
    _check_board(args)
    find_game(args.game).check_players(len(args.player))  # the one rule, in its words
    with _runouts_bar(args):
        result = _equity_of(args)
    if args.json:
        out.write(json.dumps(result.to_json()) + "\n")
    else:
        out.write(_render_equity(result) + "\n")
    return 0


def _equity_of(args: argparse.Namespace) -> EquityResult:
    return equity(
        args.game,
        pairs(args.player, "--player"),
        args.board or "",
        dead=args.dead or "",
        discards=pairs(args.discard, "--discard") if args.discard else None,
        draws=args.draws,
        policy=args.policy,
        declarations=pairs(args.declare, "--declare") if args.declare else None,
        exact=True if args.exact else (False if args.samples is not None else None),
        samples=10_000 if args.samples is None else args.samples,
        seed=args.seed,
    )


def _atlas_answer(record: dict[str, Any], args: argparse.Namespace) -> str:
    """``advise`` of a starting hand, from the shipped atlas."""
    if args.json:
        report: dict[str, Any] = {"game": record["game"], "atlas": record}
        if "discards" in record:
            report["options"] = [
                {k: o[k] for k in ("discard", "equity", "method")} for o in atlas_options(record)
            ]
        return json.dumps(report)
    about = record["atlas"]
    source = source_note(record, also="--samples N computes it afresh")
    if "discards" not in record:
        later = "the declarations" if "declaration" in record else "the discards"
        return (
            f"{render_record(record, about)}\nfrom the shipped atlas: a starting hand "
            f"(give the board to weigh {later})"
        )
    name = find_game(record["game"]).name
    lines = [f"{name}: every discard from {args.hand} ranked by your pot equity, {source}"]
    shown = record["discards"] if args.all else record["discards"][: args.top]
    for option in shown:
        thrown = " ".join(option["discard"]) or "stand pat"
        lines.append(f"  {thrown:<16} {_percent(option['equity'])}")
    if len(shown) < len(record["discards"]):
        lines.append(
            f"  ... {len(record['discards']) - len(shown)} more (--all shows every discard)"
        )
    lines.append(
        f"your hand's class {record['class']}: rank {record['rank']:,} of "
        f"{record['classes']:,}, at least as good as {record['percentile']:.2f}% of starting hands"
    )
    return "\n".join(lines)


def _cmd_advise(args: argparse.Namespace, out: IO[str]) -> int:
    game = find_game(args.game)
    samples = 4_000 if args.samples is None else args.samples
    _check_board(args)
    opponents = args.opponents if args.opponents is not None else max(1, len(args.opponent_hand))
    game.check_players(1 + max(opponents, len(args.opponent_hand)))
    if len(args.opponent_declare) > len(args.opponent_hand):
        args.parser.error(
            f"--opponent-declare: {_count(len(args.opponent_declare), 'declaration')} for "
            f"{_count(len(args.opponent_hand), 'known opponent hand')} (--opponent-hand): one "
            "each, in order"
        )
    if args.opponent_declare and not game.declare:
        args.parser.error(f"--opponent-declare: {game.name} has no declaration")
    if args.samples is None and not args.no_atlas:
        record = starting_hand(
            game, args.hand, args.board or "", opponents=args.opponents,
            opponent_hands=args.opponent_hand, policy=args.policy,
        )  # fmt: skip
        if record is not None:
            out.write(_atlas_answer(record, args) + "\n")
            return 0
    if game.declare:
        return _declaration_answer(game, samples, args, out)
    return _discard_answer(game, samples, args, out)


def _declaration_answer(
    game: GameSpec, samples: int, args: argparse.Namespace, out: IO[str]
) -> int:
    """``advise`` for a declare game: your share of the pot by declaration."""
    with _runouts_bar(args):
        odds = declaration_odds(
            args.hand, args.board or "", opponents=args.opponents,
            opponent_hands=args.opponent_hand, samples=samples, seed=args.seed,
            opponent_declarations=args.opponent_declare or None,
        )  # fmt: skip
    if args.json:
        report = {
            "game": game.id,
            "declarations": odds.shares,
            "std_errors": odds.std_errors,
            "best": odds.best,
            "method": odds.method,
            "runouts": odds.runouts,
        }
        out.write(json.dumps(report) + "\n")
        return 0
    runouts = f"{odds.runouts:,} runout" + ("" if odds.runouts == 1 else "s")
    lines = [f"{game.name}: your expected share of the pot by declaration "
             f"({odds.method}, {runouts})"]  # fmt: skip
    for way, share in sorted(odds.shares.items(), key=lambda kv: -kv[1]):
        error = odds.std_errors[way]
        extra = f" ±{100 * error:.2f}" if error is not None else ""
        lines.append(f"  {way:<5} {_percent(share)}{extra}")
    lines.append(f"Best: declare {odds.best}")
    out.write("\n".join(lines) + "\n")
    return 0


def _discard_answer(game: GameSpec, samples: int, args: argparse.Namespace, out: IO[str]) -> int:
    """``advise`` for a draw game: every discard ranked by your pot equity."""
    with _runouts_bar(args):
        options = advise_discards(
            game, args.hand, args.board or "", opponents=args.opponents,
            opponent_hands=args.opponent_hand, samples=samples, seed=args.seed,
            policy=args.policy,
        )  # fmt: skip
    if args.json:
        rows = []
        for option in options:
            hero = option.result.player("you")
            rows.append({
                "discard": [str(c) for c in option.discard],
                "equity": hero.equity, "std_error": hero.std_error, "scoop": hero.scoop,
                "awards": {n: o.share for n, o in hero.awards.items()},
                "method": option.result.method, "runouts": option.result.runouts,
            })  # fmt: skip
        out.write(json.dumps({"game": game.id, "options": rows}) + "\n")
        return 0
    shown = options if args.all else options[: args.top]
    names = [a.name for a in game.awards]
    lines = [f"{game.name}: every discard from {args.hand} ranked by your pot equity"]
    lines.append("  discard          equity          " + "  ".join(f"{n:>8}" for n in names))
    for option in shown:
        hero = option.result.player("you")
        thrown = format_cards(option.discard) or "stand pat"
        plus = f" ±{100 * hero.std_error:.2f}" if hero.std_error is not None else ""
        cells = "  ".join(f"{_percent(hero.awards[n].share):>8}" for n in names)
        lines.append(f"  {thrown:<16} {_percent(hero.equity) + plus:<15} {cells}")
    if len(shown) < len(options):
        lines.append(f"  ... {len(options) - len(shown)} more (--all shows every discard)")
    method = {o.result.method for o in options}
    lines.append(
        "award columns: your expected share of each award; "
        + (
            "exact"
            if method == {"exact"}
            else f"sampled, {samples:,} runouts each, seed {args.seed}"
        )
    )
    out.write("\n".join(lines) + "\n")
    return 0


def add_equity(eq: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot equity``."""
    eq.description = (
        "Equity per award. Exact when the runouts are few enough, else seeded "
        "Monte Carlo with its standard error. A player may be NAME=random, or have fewer "
        "cards than the game deals. Before a draw, --discard fixes a player's throw; the others "
        "follow --policy."
    )
    eq.add_argument("game", metavar="GAME", help="game id or alias")
    eq.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME=CARDS",
        help="a player's cards (fewer than the game deals, or NAME=random); repeat for each",
    )
    eq.add_argument("--board", default="", help="the board so far")
    eq.add_argument("--dead", default="", help="cards known to be out of play")
    eq.add_argument("--exact", action="store_true", help="insist on exact enumeration")
    eq.add_argument("--samples", type=positive_int, help="Monte Carlo samples (default 10,000)")
    eq.add_argument("--seed", type=int, default=0, help="seed for sampling (default 0)")
    eq.add_argument(
        "--discard",
        action="append",
        default=[],
        metavar="NAME=CARDS",
        help="a player's discard at the next draw",
    )
    eq.add_argument("--draws", type=int, help="draws still to come (default: all that remain)")
    eq.add_argument(
        "--policy",
        choices=POLICIES,
        default="heuristic",
        help="how players without --discard draw (default heuristic)",
    )
    eq.add_argument(
        "--declare",
        action="append",
        default=[],
        metavar="NAME=WAY",
        help="Doogie declarations for every player (default: cards speak)",
    )
    eq.add_argument("--json", action="store_true", help="print the result as JSON")
    eq.add_argument(
        "--quiet", action="store_true", help="no progress bar (shown only on a terminal)"
    )
    eq.set_defaults(handler=_cmd_equity)


def add_advise(adv: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot advise``."""
    adv.description = (
        "Rank every legal discard of your hand at the next draw by pot equity, "
        "with each award's share; in Doogie, with all four community cards out, your share for "
        "declaring high, low or both."
    )
    adv.add_argument("game", metavar="GAME", help="game id or alias")
    adv.add_argument("--hand", required=True, help="your cards")
    adv.add_argument("--board", default="", help="the board so far")
    adv.add_argument("--opponents", type=positive_int, help="number of opponents (random hands)")
    adv.add_argument(
        "--opponent-hand",
        action="append",
        default=[],
        help="a known opponent hand; repeat for more",
    )
    adv.add_argument(
        "--opponent-declare",
        action="append",
        default=[],
        help="Doogie: a known opponent's declaration, in --opponent-hand order",
    )
    adv.add_argument("--samples", type=positive_int, help="samples per option (default 4,000)")
    adv.add_argument("--seed", type=int, default=0)
    adv.add_argument(
        "--policy",
        choices=POLICIES,
        default="heuristic",
        help="how the opponents and your later draws play (default heuristic)",
    )
    adv.add_argument("--top", type=positive_int, default=10, help="options to show (default 10)")
    adv.add_argument("--all", action="store_true", help="show every option")
    adv.add_argument("--json", action="store_true", help="print the result as JSON")
    adv.add_argument(
        "--no-atlas",
        action="store_true",
        help="compute a starting hand afresh rather than read the shipped atlas",
    )
    adv.add_argument(
        "--quiet", action="store_true", help="no progress bar (shown only on a terminal)"
    )
    adv.set_defaults(handler=_cmd_advise)
