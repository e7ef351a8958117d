"""``splitpot simulate`` (hands at one table with random seats) and ``splitpot replay``."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from typing import IO, Any

from splitpot.bots import random_policy
from splitpot.engine.events import Event
from splitpot.engine.hand import Hand
from splitpot.engine.history import format_history, read_log, write_hand
from splitpot.engine.options import Stakes
from splitpot.engine.table import Table
from splitpot.errors import LogError, SplitpotError, UsageError
from splitpot.games import GAMES, find_game
from splitpot.games.streets import Structure
from splitpot.history import HistoryStore
from splitpot.progress import progress

__all__ = ["add_replay", "add_simulate"]


def _simulate(args: argparse.Namespace, log: IO[str] | None) -> dict[str, Any]:
    games = [find_game(name) for name in args.game.split(",")]
    low, high = 2, min(g.max_players for g in games)
    if not low <= args.players <= high:
        raise UsageError(f"--players {args.players}: these games seat {low} to {high}")
    if args.hands < 1:
        raise UsageError("--hands must be at least 1")
    if args.stack < 1:
        raise UsageError("--stack must be at least 1 chip")
    for each in games:
        try:
            Stakes.parse(args.stakes, each).check_buy_in(args.stack, each, "--stack")
        except SplitpotError as exc:
            raise UsageError(str(exc)) from None
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
    bar = progress(args.hands, f"simulate {args.game}", quiet=args.quiet)
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
            bar.advance()
    finally:
        bar.close()
        if store is not None:
            store.close()
    elapsed = time.perf_counter() - started
    # One structure per game: a rotation's as {game: structure} (each game plays its own).
    structures = {g.id: str(table.structure_for(g) or g.structure) for g in games}
    rebought = sum(table.rebuys)
    return {
        "game": args.game,
        "structure": structures[games[0].id] if len(structures) == 1 else structures,
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
            raise UsageError(f"cannot write {args.log}: {exc.strerror}") from None
    else:
        report = _simulate(args, None)
    if args.json:
        out.write(json.dumps(report) + "\n")
        return 0
    names = ", ".join(GAMES[g].name if g in GAMES else g for g in args.game.split(","))
    conserved = "conserved" if report["chips_before"] == report["chips_after"] else "NOT CONSERVED"
    structure = f"{report['structure']},"
    if isinstance(report["structure"], dict):  # a rotation: each game with its structure
        each = report["structure"].items()
        structure = ", ".join(f"{GAMES[g].name} {s}" for g, s in each) + ";"
    lines = [
        f"{report['hands']} hands of {names} ({structure} {args.stakes}), "
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
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
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
            raise UsageError(f"--seat {seat_name!r}: hand {number} seats {', '.join(names)}")
        seat = names.index(seat_name)
        shown = [event.for_seat(seat) for event in events]
    return format_history(shown, number)


def add_simulate(sim: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot simulate``."""
    sim.description = (
        "Play K hands at one table (stacks carry over, the button moves). GAME may "
        "be a comma-separated rotation, e.g. drawmaha,bodigiha,badugi,doogie."
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
    sim.add_argument(
        "--quiet", action="store_true", help="no progress bar (shown only on a terminal)"
    )
    sim.set_defaults(handler=_cmd_simulate)


def add_replay(rep: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot replay``."""
    rep.description = (
        "Replay a log written by simulate --log: each hand is rebuilt from its "
        "events and checked, then printed."
    )
    rep.add_argument("file", metavar="FILE", help="a JSON-lines hand log")
    rep.add_argument("--seat", help="show the hands as this seat saw them")
    rep.set_defaults(handler=_cmd_replay)
