"""The ``splitpot`` command: one sub-command per module, imported only when it is chosen.

The CLI holds no rules: it reads arguments, calls the library, and prints. A user error is
printed as one line on stderr and exits 1 (a malformed command line: 2); it never shows a
traceback. Reading ``splitpot showdown ...`` imports the showdown command's module alone (not
the web server, the equity engine or the hand history), so a one-off command starts fast.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
from collections.abc import Callable, Sequence

from splitpot import __version__
from splitpot.errors import SplitpotError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import IO, Final, NoReturn

__all__ = ["COMMANDS", "SEED_CASE", "build_parser", "main", "main_entry"]

# The Drawmaha seed's first answer-key case: the main job's default showdown.
SEED_CASE = (
    "showdown drawmaha --board 'Ac Kh 7c 6d 2h' "
    "--player A='As Ah Kd Qc 8s' --player B='9s 9h 9d 4s 3d' --pot 120"
)

COMMANDS: Final[dict[str, tuple[str, str, str]]] = {
    # name: (module, the function that adds its arguments and handler, one-line help)
    "games": ("splitpot.cli.showdown", "add_games", "list every game and its awards"),
    "showdown": (
        "splitpot.cli.showdown", "add_showdown",
        "settle a showdown: who wins each award, with which cards, and the chips",
    ),
    "simulate": (
        "splitpot.cli.simulate", "add_simulate",
        "play hands with seats that pick uniformly random legal actions",
    ),
    "replay": (
        "splitpot.cli.simulate", "add_replay",
        "replay a hand log and print each hand as a readable history",
    ),
    "equity": (
        "splitpot.cli.study", "add_equity",
        "each player's share of each award, pot equity and scoop chance",
    ),
    "advise": (
        "splitpot.cli.study", "add_advise",
        "rank every legal discard by equity (Doogie: every declaration)",
    ),
    "atlas": (
        "splitpot.atlas.commands", "add_atlas",
        "starting-hand atlases: build (on Dask), show a hand's record, list the best",
    ),
    "match": (
        "splitpot.bots.commands", "add_match",
        "a duplicate heads-up match between two bots, in big blinds per 100 hands",
    ),
    "history": (
        "splitpot.history.commands", "add_history",
        "the stored hands: list, show, export (PHH, text, JSON lines) and import",
    ),
    "play": (
        "splitpot.play", "add_play",
        "play hands against bots at the terminal (reads your moves from stdin)",
    ),
    "rules": (
        "splitpot.learn.commands", "add_rules",
        "a game's rules: the deal step by step, the awards, rankings, mistakes, FAQ",
    ),
    "serve": (
        "splitpot.web.commands", "add_serve",
        "run the web table (lobby, tables, history, showdown lab, advisor)",
    ),
}  # fmt: skip
"""Every sub-command, in the order ``splitpot --help`` lists them."""


def _columns() -> int:
    # shutil.get_terminal_size's answer, without importing shutil (and, with it, bz2 and lzma)
    # on every start: argparse builds a formatter for each argument it adds.
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, as wide as the terminal."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, width or _columns() - 2)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, saying a malformed command line in one line (what, and where the
    usage is) rather than the usage block and the message: every refusal of the CLI is one
    line on stderr."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def one_line(text: str) -> str:
    """``text`` on one line: a line break someone typed into a value is shown as ``\\n``."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser (public so the docs and tests can read its help). With a known
    ``command``, only that sub-command is built (its module alone is imported); with ``""``,
    every sub-command is listed by name and help alone (for ``--help`` and a wrong name)."""
    parser = _Parser(
        prog="splitpot",
        description="Split-pot draw and board poker: games, showdowns.",
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"splitpot {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, function, help_text) in COMMANDS.items():
        if command in COMMANDS and command != name:
            continue  # each parser costs argparse's look-ups of its translations: build one
        sub = commands.add_parser(name, help=help_text, formatter_class=_Formatter)
        if command is None or command == name:
            add: Callable[[argparse.ArgumentParser], None] = getattr(
                importlib.import_module(module), function
            )
            add(sub)  # sets ``handler``: (args, out) -> exit status
            sub.set_defaults(parser=sub)  # a handler may refuse an argument: parser.error
    return parser


def _command_of(argv: Sequence[str]) -> str:
    """The sub-command named on the command line (the first word that is not an option), or
    ``""`` when there is none (``--help``, ``--version``, nothing)."""
    return next((word for word in argv if not word.startswith("-")), "")


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 1 bad input, 2 bad usage)."""
    stream = out if out is not None else sys.stdout
    words = list(sys.argv[1:] if argv is None else argv)
    for number, word in enumerate(words, 1):
        if "\x00" in word:  # no shell can pass one; a caller of main() can, and paths refuse it
            message = f"word {number} of the command line has a NUL byte"
            print(f"splitpot: error: {message}", file=sys.stderr)
            return 2
    chosen = _command_of(words)
    args = build_parser(chosen if chosen in COMMANDS else "").parse_args(words)
    try:
        return int(args.handler(args, stream))
    except SplitpotError as exc:
        print(f"splitpot: error: {one_line(str(exc))}", file=sys.stderr)
        return 1


class _Terminated(BaseException):
    """SIGTERM, raised in the main thread (as Ctrl-C raises KeyboardInterrupt)."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated


def _stopped(why: str, status: int) -> NoReturn:
    """Stop now, with one line: a long run's worker threads are not waited for."""
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    with contextlib.suppress(Exception):
        print(f"splitpot: stopped ({why})", file=sys.stderr, flush=True)
    os._exit(status)


def main_entry() -> None:
    """Console-script entry point. Ctrl-C exits 130 and SIGTERM 143, each with one line."""
    signal.signal(signal.SIGTERM, _terminate)
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (`splitpot replay log | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        _stopped("interrupted", 130)
    except _Terminated:
        _stopped("terminated", 143)
    sys.exit(status)


def __getattr__(name: str) -> object:
    # ``splitpot.cli.render`` (the showdown's text), loaded with its command's module.
    if name == "render":
        return importlib.import_module("splitpot.cli.showdown").render
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
