"""``splitpot history``: list, show, export and import the stored hands.

    splitpot history list   [--db PATH] [--game G] [--limit N] [--offset K] [--json]
    splitpot history show   ID [--db PATH] [--seat NAME]
    splitpot history export [ID ...] [--db PATH] [--game G] [--format phh|text|jsonl] [--out FILE]
    splitpot history import FILE [--db PATH]

``--db`` defaults to ``$SPLITPOT_DB``, else ``$XDG_DATA_HOME/splitpot/history.sqlite3``, else
``~/.local/share/splitpot/history.sqlite3``. ``export`` with one ID writes a single PHH hand
(``.phh``); with no ID (every stored hand, oldest first) or several, one TOML table per hand
named by its id (``.phhs``, as PokerKit's ``HandHistory.loads_all`` reads). ``--format text``
writes the readable histories, ``--format jsonl`` a JSON-lines log that ``splitpot replay``
reads. ``import`` reads any of PHH, PHHS or a JSON-lines log, checks every hand (a PHH against
the hand as dealt, a log by replaying it), stores them all or none, and skips hands already
stored.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from splitpot.argtypes import natural_int, positive_int
from splitpot.engine.events import Event
from splitpot.engine.hand import Hand
from splitpot.engine.history import read_timed_log, write_hand
from splitpot.errors import SplitpotError
from splitpot.games import GAMES, find_game
from splitpot.games.streets import Forced
from splitpot.history.phh import (
    PhhHand,
    RefusedHand,
    export_phh,
    export_phhs,
    export_text,
    read_phh,
    read_phh_report,
)
from splitpot.history.store import HandSummary, HistoryError, HistoryStore, default_path
from splitpot.progress import progress

__all__ = ["add_history"]

_DB_HELP = (
    "the hand history file (default: $SPLITPOT_DB, else "
    "$XDG_DATA_HOME/splitpot/history.sqlite3, else ~/.local/share/splitpot/history.sqlite3)"
)

_QUIET_HELP = "no progress bar (shown only on a terminal)"


def add_history(history: argparse.ArgumentParser) -> None:
    """The sub-commands of ``splitpot history``."""
    history.description = (
        "Every finished hand is kept in a hand history file (SQLite). List the "
        "hands, show one as a readable history, export them as PHH (the Poker Hand History "
        "format PokerKit reads), text or a JSON-lines log, or import such a file."
    )
    sub = history.add_subparsers(dest="history_command", required=True, metavar="COMMAND")

    listing = sub.add_parser("list", help="the stored hands, newest first")
    listing.add_argument("--db", metavar="PATH", help=_DB_HELP)
    listing.add_argument("--game", help="only this game's hands")
    listing.add_argument(
        "--limit", type=positive_int, default=20, help="hands to list (default 20)"
    )
    listing.add_argument("--offset", type=natural_int, default=0, help="skip the newest K hands")
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    listing.set_defaults(handler=_cmd_list)

    show = sub.add_parser("show", help="one stored hand as a readable hand history")
    show.add_argument("id", type=int, metavar="ID", help="the hand's id (history list)")
    show.add_argument("--db", metavar="PATH", help=_DB_HELP)
    show.add_argument("--seat", metavar="NAME", help="show the hand as this seat saw it")
    show.set_defaults(handler=_cmd_show)

    export = sub.add_parser(
        "export",
        help="write stored hands as PHH, text or a JSON-lines log",
        description="Write stored hands. With one ID and --format phh, a single PHH hand; "
        "with no ID (every hand, oldest first) or several, a .phhs file: one TOML table per "
        "hand, named by its id.",
    )
    export.add_argument("ids", type=int, nargs="*", metavar="ID", help="hand ids (default: all)")
    export.add_argument("--db", metavar="PATH", help=_DB_HELP)
    export.add_argument("--game", help="with no ID: only this game's hands")
    export.add_argument(
        "--format",
        choices=("phh", "text", "jsonl"),
        default="phh",
        help="PHH (default), readable text, or a JSON-lines log (splitpot replay reads it)",
    )
    export.add_argument("--out", metavar="FILE", help="write to FILE instead of the screen")
    export.add_argument("--quiet", action="store_true", help=_QUIET_HELP)
    export.add_argument(
        "--json",
        action="store_true",
        help="print what was written as JSON (the text too, without --out)",
    )
    export.set_defaults(handler=_cmd_export)

    imp = sub.add_parser(
        "import",
        help="store the hands of a PHH, PHHS or JSON-lines log file",
        description="Read hands from PHH (.phh or .phhs) or a JSON-lines log (simulate --log, "
        "history export --format jsonl), check each one, and store them. A .phhs stores every "
        "good hand and names each refused one with its reason (exit status 1); --strict "
        "refuses the whole file instead. A log is stored all or none. Hands already stored "
        "are skipped.",
    )
    imp.add_argument(
        "--strict", action="store_true", help="refuse the whole file if any hand is refused"
    )
    imp.add_argument("--json", action="store_true", help="print what was stored as JSON")
    imp.add_argument("file", metavar="FILE", help="the file to read (- for stdin)")
    imp.add_argument("--db", metavar="PATH", help=_DB_HELP)
    imp.add_argument("--quiet", action="store_true", help=_QUIET_HELP)
    imp.set_defaults(handler=_cmd_import)


def _open(path: str | None, *, create: bool = False) -> HistoryStore:
    if not create and path is None and not default_path().exists():
        raise HistoryError(
            f"no hand history yet at {default_path()} (hands are stored as they are played)"
        )
    return HistoryStore(path, create=create)


def _game_id(name: str | None) -> str | None:
    if name is None:
        return None
    try:
        return find_game(name).id
    except SplitpotError as exc:
        raise HistoryError(f"--game: {exc}") from None


def _stakes(stakes: Any, game: str) -> str:
    if stakes.get("ante") and game in GAMES and GAMES[game].forced is not Forced.ANTE:
        return f"{stakes['small_blind']}/{stakes['big_blind']}, ante {stakes['ante']}"
    if stakes.get("ante"):
        return f"ante {stakes['ante']}, {stakes['small_bet']}/{stakes['big_bet']}"
    return f"{stakes['small_blind']}/{stakes['big_blind']}"


def _row(hand: HandSummary) -> list[str]:
    result = hand.result
    winners = ", ".join(n for n, c in result.get("payouts", {}).items() if c) or "-"
    name = GAMES[hand.game].name if hand.game in GAMES else hand.game
    return [
        str(hand.id),
        hand.ended.strftime("%Y-%m-%d %H:%M:%S"),
        hand.source,
        name,
        hand.structure,
        _stakes(hand.stakes, hand.game),
        str(len(hand.players)),
        str(result.get("pot", "")),
        ("showdown: " if result.get("showdown") else "") + winners,
    ]


def _cmd_list(args: argparse.Namespace, out: IO[str]) -> int:
    if args.limit < 0 or args.offset < 0:
        raise HistoryError("--limit and --offset must not be negative")
    game = _game_id(args.game)
    with _open(args.db) as store:
        hands = store.list(args.limit, args.offset, game)
        total = store.count(game)
        if args.json:
            out.write(json.dumps([h.to_json() for h in hands], ensure_ascii=False) + "\n")
            return 0
        if not hands:
            what = f"{GAMES[game].name} hands" if game else "hands"
            out.write(f"no {what} in {store.path}" + (" at this offset" if total else "") + "\n")
            return 0
        header = ["id", "ended (UTC)", "source", "game", "structure", "stakes", "seats", "pot",
                  "won by"]  # fmt: skip
        rows = [header, *(_row(h) for h in hands)]
        widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
        for row in rows:
            cells = (c.rjust(w) if i in (0, 6, 7) else c.ljust(w) for i, (c, w) in
                     enumerate(zip(row, widths, strict=True)))  # fmt: skip
            out.write("  ".join(cells).rstrip() + "\n")
        first = args.offset + 1
        out.write(f"hands {first}-{args.offset + len(hands)} of {total}, newest first\n")
    return 0


def _cmd_show(args: argparse.Namespace, out: IO[str]) -> int:
    with _open(args.db) as store:
        hand = store.get(args.id)
    out.write(export_text(hand.events, hand.id, seat=args.seat) + "\n")
    return 0


def _write(path: str | None, write: Any, out: IO[str]) -> None:
    """Run ``write(stream)`` to ``path`` (replaced only once complete) or to ``out``."""
    if path is None or path == "-":
        write(out)
        return
    target = Path(path)
    if not target.name:  # '', '.', '/': a folder, not a file to write
        raise HistoryError(f"--out {path!r} names no file")
    partial = target.with_name(f".{target.name}.partial")
    try:
        with open(partial, "w", encoding="utf-8") as stream:
            write(stream)
        os.replace(partial, target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise HistoryError(f"cannot write {path}: {exc.strerror or exc}") from None
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def _cmd_export(args: argparse.Namespace, out: IO[str]) -> int:
    if args.ids and args.game:
        raise HistoryError("give hand ids or --game, not both")
    game = _game_id(args.game)
    with _open(args.db) as store:
        ids = list(dict.fromkeys(args.ids)) or store.ids(game)
        if not ids:
            what = f"{GAMES[game].name} hands" if game else "hands"
            raise HistoryError(f"no {what} to export in {store.path}")
        for hand_id in ids:
            store.get(hand_id)  # an unknown id fails before anything is written

        def write(stream: IO[str]) -> None:
            with progress(len(ids), "export", quiet=args.quiet) as bar:
                for index, hand_id in enumerate(ids):
                    write_one(stream, index, hand_id)
                    bar.advance()

        def write_one(stream: IO[str], index: int, hand_id: int) -> None:
            hand = store.get(hand_id)
            if args.format == "jsonl":
                write_hand(stream, hand.id, hand.events, hand.started)
            elif args.format == "text":
                stream.write(("\n" if index else "") + export_text(hand.events, hand.id) + "\n")
            elif len(args.ids) == 1:
                stream.write(export_phh(hand.events, hand=hand.id, started=hand.started))
            else:
                item = PhhHand(hand.events, hand.id, hand.started)
                stream.write(("\n" if index else "") + export_phhs([item]))

        if args.json:
            buffer = io.StringIO()
            write(buffer)
            if args.out is not None:
                _write(args.out, lambda stream: stream.write(buffer.getvalue()), out)
            report: dict[str, Any] = {
                "format": args.format,
                "out": args.out,
                "hands": [
                    {"id": summary.id, "game": summary.game}
                    for summary in (store.get(hand_id) for hand_id in ids)
                ],
            }
            if args.out is None:
                report["text"] = buffer.getvalue()
            out.write(json.dumps(report, ensure_ascii=False) + "\n")
            return 0
        _write(args.out, write, out)
    return 0


def _read_text(path: str) -> str:
    try:
        if path == "-":
            data = getattr(sys.stdin, "buffer", None)
            raw = data.read() if data is not None else sys.stdin.read().encode("utf-8")
        else:
            raw = Path(path).read_bytes()
    except OSError as exc:
        raise HistoryError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return bytes(raw).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise HistoryError(f"{path} is not UTF-8 text") from None


def read_hands(text: str, name: str = "the file", *, quiet: bool = True) -> list[PhhHand]:
    """Every hand of a PHH, PHHS or JSON-lines log text, checked (a log by replaying it);
    unless ``quiet``, with a progress bar on a terminal while a log is replayed."""
    if text.lstrip().startswith("{"):
        try:
            logged = read_timed_log(io.StringIO(text))
        except SplitpotError as exc:
            raise HistoryError(f"{name}: {exc}") from None
        hands = []
        bar = progress(len(logged), "import", quiet=quiet)
        for number, events, started in logged:
            bar.advance()
            try:
                if not events or "deck" not in events[0].secret:
                    raise HistoryError("one seat's view cannot be stored: it has no deck")
                replayed: Sequence[Event] = Hand.replay(events).events
            except (SplitpotError, KeyError, TypeError, ValueError) as exc:
                raise HistoryError(f"{name}, hand {number}: {exc}") from None
            hands.append(PhhHand(tuple(replayed), number, started))
        bar.close()
        return hands
    try:
        return read_phh(text)
    except HistoryError as exc:
        raise HistoryError(f"{name}: {exc}") from None


def _cmd_import(args: argparse.Namespace, out: IO[str]) -> int:
    text = _read_text(args.file)
    refused: list[RefusedHand] = []
    if text.lstrip().startswith("{") or args.strict:
        hands = read_hands(text, args.file, quiet=args.quiet)
    else:
        try:
            hands, refused = read_phh_report(text)
        except HistoryError as exc:
            raise HistoryError(f"{args.file}: {exc}") from None
    if not hands and not refused:
        raise HistoryError(f"{args.file}: no hands")
    if not hands:
        raise HistoryError(f"{args.file}: every hand is refused; the first, {refused[0]}")
    with _open(args.db, create=True) as store:
        fresh = [hand for hand in hands if store.find(hand.events) is None]
        skipped = len(hands) - len(fresh)
        added = store.add_many(((h.events, h.started, None) for h in fresh), "import")
        if args.json:
            stored = [
                {"id": hand_id, "hand": hand.hand, "game": hand.events[0].data["game"]}
                for hand_id, hand in zip(added, fresh, strict=True)
            ]
            report = {
                "db": str(store.path),
                "stored": stored,
                "skipped": skipped,
                "refused": [
                    {"hand": r.name, "place": r.place, "reason": r.reason} for r in refused
                ],
            }
            out.write(json.dumps(report, ensure_ascii=False) + "\n")
        else:
            out.write(_import_line(args.file, store.path, added, skipped) + "\n")
            for item in refused:
                print(f"refused {item}", file=sys.stderr)
    return 1 if refused else 0


def _import_line(name: str, path: Path, added: Sequence[int], skipped: int) -> str:
    if not added:
        return f"every hand of {name} is already in {path} ({skipped})"
    where = f"id {added[0]}" if len(added) == 1 else f"ids {added[0]} to {added[-1]}"
    plural = "hand" if len(added) == 1 else "hands"
    line = f"imported {len(added)} {plural} ({where}) into {path}"
    if skipped:
        line += f"; skipped {skipped} already stored"
    return line
