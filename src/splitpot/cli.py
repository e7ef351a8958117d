"""The ``splitpot`` command: ``games`` and ``showdown`` (single or ``--batch``).

The CLI holds no rules: it reads arguments, calls the library, and prints. A user error is
printed as one line on stderr and exits 1; it never shows a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO, Any

from splitpot import __version__
from splitpot.bots import random_policy
from splitpot.cards import format_cards
from splitpot.engine.events import Event
from splitpot.engine.hand import Hand
from splitpot.engine.history import format_history, read_log, write_hand
from splitpot.engine.showdown import DECLARATIONS, ODD_CHIP_RULES, ShowdownResult, settle
from splitpot.engine.table import Table
from splitpot.equity.advise import advise_discards, declaration_odds
from splitpot.equity.core import EquityResult, equity
from splitpot.equity.policy import POLICIES
from splitpot.errors import LogError, SplitpotError
from splitpot.games import GAMES, find_game
from splitpot.games.streets import Structure
from splitpot.history import HistoryStore
from splitpot.learn.text import render_variants

__all__ = ["build_parser", "main", "main_entry", "render"]

# The Drawmaha seed's first answer-key case: the main job's default showdown.
SEED_CASE = (
    "showdown drawmaha --board 'Ac Kh 7c 6d 2h' "
    "--player A='As Ah Kd Qc 8s' --player B='9s 9h 9d 4s 3d' --pot 120"
)


class _UsageError(SplitpotError):
    """A command-line argument that is malformed."""


def _pairs(items: Iterable[str], flag: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise _UsageError(f"{flag} {item!r}: write it as NAME=VALUE")
        name = name.strip()
        if name in out:
            raise _UsageError(f"{flag} names {name} twice")
        out[name] = value
    return out


def _chips(items: Iterable[str], flag: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, text in _pairs(items, flag).items():
        try:
            out[name] = int(text.strip())
        except ValueError:
            raise _UsageError(f"{flag} {name}={text!r}: not a whole number of chips") from None
    return out


def _settle_from_args(args: argparse.Namespace) -> ShowdownResult:
    if not args.player:
        raise _UsageError("give each player's cards with --player NAME='As Ah ...'")
    players = _pairs(args.player, "--player")
    contributions = _chips(args.contribution, "--contribution") if args.contribution else None
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
    declarations = _pairs(args.declare, "--declare") if args.declare else None
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


_BATCH_KEYS = frozenset(
    {"game", "board", "players", "pot", "contributions", "button", "seats", "declarations",
     "odd_chip", "id"}
)  # fmt: skip


def _settle_from_json(line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise _UsageError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise _UsageError("not JSON this program reads: nested too deeply") from None
    if not isinstance(data, dict):
        raise _UsageError("each line must be a JSON object")
    unknown = sorted(set(data) - _BATCH_KEYS)
    if unknown:
        raise _UsageError(f"unknown keys {unknown}; known keys: {sorted(_BATCH_KEYS)}")
    if not isinstance(data.get("game"), str):
        raise _UsageError('"game" must name a game')
    players = data.get("players")
    if not isinstance(players, dict):
        raise _UsageError('"players" must map each player to their cards')
    for key in ("contributions", "declarations"):
        if data.get(key) is not None and not isinstance(data[key], dict):
            raise _UsageError(f'"{key}" must be an object keyed by player')
    seats = data.get("seats")
    if seats is not None and not (
        isinstance(seats, list) and all(isinstance(name, str) for name in seats)
    ):
        raise _UsageError('"seats" must be a list of player names')
    board = data.get("board", "")
    if not isinstance(board, str | list):
        raise _UsageError('"board" must be a string or a list of cards')
    result = settle(
        data["game"],
        players,
        board,
        pot=data.get("pot"),
        contributions=data.get("contributions"),
        button=data.get("button"),
        seats=data.get("seats"),
        declarations=data.get("declarations"),
        odd_chip=data.get("odd_chip") or "high-award",
    ).to_json()
    if "id" in data:
        result = {"id": data["id"], **result}
    return result


def _run_batch(source: Iterable[bytes | str], out: IO[str]) -> int:
    for number, raw in enumerate(source, 1):
        try:
            line = raw if isinstance(raw, str) else raw.decode("utf-8")
        except UnicodeDecodeError:
            out.write(json.dumps({"error": f"line {number} is not UTF-8 text"}) + "\n")
            continue
        if not line.strip():
            continue
        try:
            reply = _settle_from_json(line)
        except SplitpotError as exc:
            reply = {"error": str(exc)}
        except (TypeError, ValueError) as exc:  # a malformed value the checks above missed
            reply = {"error": f"bad input: {exc}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


def render(result: ShowdownResult, *, symbols: bool = False) -> str:
    """The answer-key style text of a settled showdown."""
    game = result.game

    def cards(seq: Sequence[int]) -> str:
        return format_cards(seq, symbols=symbols)

    def used(name: str, award: str) -> str:
        hand = result.hands[name][award]
        if hand is None:
            return "no hand"
        shown = hand.cards
        if award == "omaha":
            return f"{hand.describe()}, using {cards(shown[:2])} + {cards(shown[2:])}"
        return f"{hand.describe()}, using {cards(shown)}"

    total = result.total
    lines = [f"{game.name}: {total} chips (button {result.button})"]
    if result.board:
        lines.append(f"Board: {cards(result.board)}")
    for name, hole in result.players.items():
        declared = result.declarations.get(name)
        lines.append(f"  {name}: {cards(hole)}" + (f"  (declares {declared})" if declared else ""))
    if result.returned:
        for name, chips in result.returned.items():
            lines.append(f"Uncalled {chips} returned to {name}")
    for index, pot in enumerate(result.pots):
        label = (
            "Pot" if len(result.pots) == 1 else ("Main pot" if index == 0 else f"Side pot {index}")
        )
        lines.append("")
        lines.append(f"{label}: {pot.amount} chips, contested by {', '.join(pot.eligible)}")
        for name, why in pot.disqualified.items():
            lines.append(f"  {name} is out of this pot: {why}")
        for award in pot.awards:
            spec = game.award(award.name)
            lines.append(f"  {spec.label}: {award.amount} chips")
            if not award.winners:
                lines.append(f"    {award.note}")
            elif len(award.winners) == 1:
                winner = award.winners[0]
                lines.append(f"    {winner} wins {award.amount} with {used(winner, award.name)}")
            else:
                each = sorted(set(award.shares.values()), reverse=True)
                each_text = " or ".join(str(c) for c in each)
                hand = result.hands[award.winners[0]][award.name]
                words = hand.describe() if hand is not None else "no hand"
                lines.append(
                    f"    {' and '.join(award.winners)} tie with {words}: {each_text} each"
                )
                for winner in award.winners:
                    lines.append(
                        f"      {winner} gets {award.shares[winner]}: {used(winner, award.name)}"
                    )
            for name in award.contenders:
                if name not in award.winners:
                    lines.append(f"    {name}: {used(name, award.name)}")
        for chip in pot.odd_chips:
            lines.append(f"  Odd chip: {chip.chips} to {chip.to} ({chip.reason})")
        if pot.note:
            lines.append(f"  {pot.note}: " + ", ".join(f"{n} {c}" for n, c in pot.shares.items()))
    lines.append("")
    if result.contributions is None:
        lines.append("Totals: " + ", ".join(f"{n} {c}" for n, c in result.payouts.items()))
    else:
        lines.append("Totals:")
        for name, chips in result.payouts.items():
            paid = result.contributions.get(name, 0)
            lines.append(f"  {name} receives {chips} (put in {paid}, net {chips - paid:+d})")
    return "\n".join(lines)


def _cmd_games(args: argparse.Namespace, out: IO[str]) -> int:
    if args.table:
        out.write(render_variants())
        return 0
    if args.json:
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
            raise _UsageError(
                "--batch reads every showdown from the file: give no GAME or --player"
            )
        if args.batch == "-":
            return _run_batch(getattr(sys.stdin, "buffer", sys.stdin), out)
        try:
            with open(args.batch, "rb") as source:
                return _run_batch(source, out)
        except OSError as exc:
            raise _UsageError(f"cannot read {args.batch}: {exc.strerror}") from None
    if args.game is None:
        raise _UsageError("name the game (see `splitpot games`) or use --batch FILE")
    find_game(args.game)
    if args.pot is None and not args.contribution:
        raise _UsageError("give the pot with --pot N or each player's chips with --contribution")
    if args.pot is not None and args.contribution:
        raise _UsageError("give either --pot or --contribution, not both")
    result = _settle_from_args(args)
    if args.json:
        out.write(json.dumps(result.to_json()) + "\n")
    else:
        out.write(render(result, symbols=args.symbols) + "\n")
    return 0


def _simulate(args: argparse.Namespace, log: IO[str] | None) -> dict[str, Any]:
    games = [find_game(name) for name in args.game.split(",")]
    low, high = 2, min(g.max_players for g in games)
    if not low <= args.players <= high:
        raise _UsageError(f"--players {args.players}: these games seat {low} to {high}")
    if args.hands < 1:
        raise _UsageError("--hands must be at least 1")
    if args.stack < 1:
        raise _UsageError("--stack must be at least 1 chip")
    rng = random.Random(args.seed)
    table = Table(
        games,
        stacks=[args.stack] * args.players,
        rng=rng,
        stakes=args.stakes,
        structure=args.structure,
        rebuy=args.stack if args.rebuy else None,
    )
    policy = random_policy(rng)
    chips_start = sum(table.stacks)
    showdowns = 0
    store = None if args.no_store else HistoryStore(args.db)
    started = time.perf_counter()
    try:
        for number in range(1, args.hands + 1):
            if len(table.seated()) < 2 and not args.rebuy:
                break
            hand = table.play_hand(policy)
            showdowns += hand.result is not None
            if log is not None:
                write_hand(log, number, hand.events)
            if store is not None:
                store.add(hand.events, "simulate")
    finally:
        if store is not None:
            store.close()
    elapsed = time.perf_counter() - started
    structures = sorted({str(table._structure_for(g) or g.structure) for g in games})
    rebought = sum(table.rebuys)
    return {
        "game": args.game,
        "structure": structures[0] if len(structures) == 1 else structures,
        "players": args.players,
        "hands": table.hands_played,
        "showdowns": showdowns,
        "chips_before": chips_start + rebought,
        "chips_after": sum(table.stacks),
        "rebuys": {n: r for n, r in zip(table.names, table.rebuys, strict=True) if r},
        "net": {
            name: chips - args.stack - rebuys
            for name, chips, rebuys in zip(table.names, table.stacks, table.rebuys, strict=True)
        },
        "seed": args.seed,
        "hands_per_second": round(table.hands_played / elapsed, 1) if elapsed else None,
    }


def _cmd_simulate(args: argparse.Namespace, out: IO[str]) -> int:
    if args.log:
        try:
            with open(args.log, "w", encoding="utf-8") as log:
                report = _simulate(args, log)
        except OSError as exc:
            raise _UsageError(f"cannot write {args.log}: {exc.strerror}") from None
    else:
        report = _simulate(args, None)
    if args.json:
        out.write(json.dumps(report) + "\n")
        return 0
    names = ", ".join(GAMES[g].name if g in GAMES else g for g in args.game.split(","))
    conserved = "conserved" if report["chips_before"] == report["chips_after"] else "NOT CONSERVED"
    lines = [
        f"{report['hands']} hands of {names} ({report['structure']}, {args.stakes}), "
        f"{args.players} players, seed {args.seed}",
        f"showdowns: {report['showdowns']}",
        f"chips before: {report['chips_before']}, after: {report['chips_after']} ({conserved})",
        "net: " + ", ".join(f"{n} {c:+d}" for n, c in report["net"].items()),
        f"speed: {report['hands_per_second']} hands/s",
    ]
    if report["rebuys"]:
        lines.insert(3, "rebuys: " + ", ".join(f"{n} {c}" for n, c in report["rebuys"].items()))
    out.write("\n".join(lines) + "\n")
    return 0 if conserved == "conserved" else 1


def _cmd_replay(args: argparse.Namespace, out: IO[str]) -> int:
    try:
        with open(args.file, encoding="utf-8") as source:
            hands = read_log(source)
    except OSError as exc:
        raise _UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise LogError(f"{args.file} is not a UTF-8 text log") from None
    for index, (number, events) in enumerate(hands):
        try:
            text = _replayed_history(number, events, args.seat)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, SplitpotError):
                raise
            raise LogError(f"hand {number}: the log is malformed ({exc!r})") from None
        if index:
            out.write("\n")
        out.write(text + "\n")
    return 0


def _replayed_history(number: int, events: Sequence[Event], seat_name: str | None) -> str:
    """One hand of a log, replayed and checked when the log is full, as a text history."""
    full = bool(events) and "deck" in events[0].secret
    if full:
        Hand.replay(events)  # raises LogError if the log does not replay exactly
    shown = list(events)
    if seat_name is not None:
        names = list(events[0].data["names"])
        if seat_name not in names:
            raise _UsageError(f"--seat {seat_name!r}: hand {number} seats {', '.join(names)}")
        seat = names.index(seat_name)
        shown = [event.for_seat(seat) for event in events]
    return format_history(shown, number)


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def _render_equity(result: EquityResult) -> str:
    game = result.game
    how = (
        f"exact over {result.runouts:,} runouts"
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


def _cmd_equity(args: argparse.Namespace, out: IO[str]) -> int:
    if not args.player:
        raise _UsageError("give each player's cards with --player NAME='...' (or NAME=random)")
    if args.exact and args.samples is not None:
        raise _UsageError("give either --exact or --samples, not both")
    result = equity(
        args.game,
        _pairs(args.player, "--player"),
        args.board or "",
        dead=args.dead or "",
        discards=_pairs(args.discard, "--discard") if args.discard else None,
        draws=args.draws,
        policy=args.policy,
        declarations=_pairs(args.declare, "--declare") if args.declare else None,
        exact=True if args.exact else (False if args.samples is not None else None),
        samples=args.samples or 10_000,
        seed=args.seed,
    )
    if args.json:
        out.write(json.dumps(result.to_json()) + "\n")
    else:
        out.write(_render_equity(result) + "\n")
    return 0


def _cmd_advise(args: argparse.Namespace, out: IO[str]) -> int:
    game = find_game(args.game)
    samples = args.samples or 4_000
    if game.declare:
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
    options = advise_discards(
        game, args.hand, args.board or "", opponents=args.opponents,
        opponent_hands=args.opponent_hand, samples=samples, seed=args.seed, policy=args.policy,
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (public so the docs and tests can read its help)."""
    parser = argparse.ArgumentParser(
        prog="splitpot",
        description="Split-pot draw and board poker: games, showdowns.",
    )
    parser.add_argument("--version", action="version", version=f"splitpot {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list every game and its awards")
    games.add_argument("--json", action="store_true", help="print the registry as JSON")
    games.add_argument("--table", action="store_true", help="print the variants table")

    show = commands.add_parser(
        "showdown",
        help="settle a showdown: who wins each award, with which cards, and the chips",
        description="Settle a showdown. Players are given clockwise from the first seat "
        "left of the button unless --button names one. A name given only in --contribution "
        "folded: their chips are in the pots but they win none.",
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

    sim = commands.add_parser(
        "simulate",
        help="play hands with seats that pick uniformly random legal actions",
        description="Play K hands at one table (stacks carry over, the button moves). GAME may "
        "be a comma-separated rotation, e.g. drawmaha,bodigiha,badugi,doogie.",
    )
    sim.add_argument("game", metavar="GAME", help="game id, or ids separated by commas")
    sim.add_argument("--players", type=int, default=6, help="seats at the table (default 6)")
    sim.add_argument("--hands", type=int, default=100, help="hands to play (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed for the deck and the seats")
    sim.add_argument("--structure", choices=[s.value for s in Structure], help="betting structure")
    sim.add_argument("--stakes", default="1/2", help="blinds (or ante/small bet), default 1/2")
    sim.add_argument("--stack", type=int, default=200, help="starting stack (default 200)")
    sim.add_argument(
        "--no-rebuy",
        dest="rebuy",
        action="store_false",
        help="a busted seat sits out instead of buying back in (the run may end early)",
    )
    sim.add_argument("--log", metavar="FILE", help="write every hand's events as JSON lines")
    sim.add_argument(
        "--db", metavar="PATH", help="the hand-history database (default: the user's data folder)"
    )
    sim.add_argument("--no-store", action="store_true", help="keep no hand in the database")
    sim.add_argument("--json", action="store_true", help="print the report as JSON")

    rep = commands.add_parser(
        "replay",
        help="replay a hand log and print each hand as a readable history",
        description="Replay a log written by simulate --log: each hand is rebuilt from its "
        "events and checked, then printed.",
    )
    rep.add_argument("file", metavar="FILE", help="a JSON-lines hand log")
    rep.add_argument("--seat", help="show the hands as this seat saw them")

    eq = commands.add_parser(
        "equity",
        help="each player's share of each award, pot equity and scoop chance",
        description="Equity per award. Exact when the runouts are few enough, else seeded "
        "Monte Carlo with its standard error. A player may be NAME=random, or have fewer "
        "cards than the game deals. Before a draw, --discard fixes a player's throw; the others "
        "follow --policy.",
    )
    eq.add_argument("game", metavar="GAME", help="game id or alias")
    eq.add_argument("--player", action="append", default=[], metavar="NAME=CARDS")
    eq.add_argument("--board", default="", help="the board so far")
    eq.add_argument("--dead", default="", help="cards known to be out of play")
    eq.add_argument("--exact", action="store_true", help="insist on exact enumeration")
    eq.add_argument("--samples", type=int, help="Monte Carlo samples (default 10,000)")
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

    adv = commands.add_parser(
        "advise",
        help="rank every legal discard by equity (Doogie: every declaration)",
        description="Rank every legal discard of your hand at the next draw by pot equity, "
        "with each award's share; in Doogie, with all four community cards out, your share for "
        "declaring high, low or both.",
    )
    adv.add_argument("game", metavar="GAME", help="game id or alias")
    adv.add_argument("--hand", required=True, help="your cards")
    adv.add_argument("--board", default="", help="the board so far")
    adv.add_argument("--opponents", type=int, help="number of opponents (random hands)")
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
    adv.add_argument("--samples", type=int, help="samples per option (default 4,000)")
    adv.add_argument("--seed", type=int, default=0)
    adv.add_argument(
        "--policy",
        choices=POLICIES,
        default="heuristic",
        help="how the opponents and your later draws play (default heuristic)",
    )
    adv.add_argument("--top", type=int, default=10, help="options to show (default 10)")
    adv.add_argument("--all", action="store_true", help="show every option")
    adv.add_argument("--json", action="store_true", help="print the result as JSON")

    for module in _PLUGINS:
        # Each adapter adds its own commands; a sub-parser sets ``handler`` to run it.
        importlib.import_module(module).register(commands)
    return parser


_PLUGINS = (
    "splitpot.bots.commands",
    "splitpot.history.commands",
    "splitpot.learn.commands",
    "splitpot.play",
    "splitpot.web.commands",
)


_COMMANDS: Mapping[str, Callable[[argparse.Namespace, IO[str]], int]] = {
    "games": _cmd_games,
    "showdown": _cmd_showdown,
    "simulate": _cmd_simulate,
    "replay": _cmd_replay,
    "equity": _cmd_equity,
    "advise": _cmd_advise,
}


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 1 bad input, 2 bad usage)."""
    stream = out if out is not None else sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None) or _COMMANDS[args.command]
    try:
        return int(handler(args, stream))
    except SplitpotError as exc:
        print(f"splitpot: error: {exc}", file=sys.stderr)
        return 1


def main_entry() -> None:
    """Console-script entry point."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`splitpot replay log | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
