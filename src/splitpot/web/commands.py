"""``splitpot serve``: the web table, the hand-history viewer, the showdown lab and the advisor."""

from __future__ import annotations

import argparse
import contextlib
import copy
import faulthandler
import io
from pathlib import Path
from typing import IO, Any

__all__ = ["add_serve"]


def _cmd_serve(args: argparse.Namespace, out: IO[str]) -> int:
    import uvicorn

    from splitpot.web.app import create_app
    from splitpot.web.config import ServerConfig
    from splitpot.web.guard import served_hosts
    from splitpot.web.handshake import AnsweringWebSocketProtocol

    config = ServerConfig(
        db=args.db,
        seed=args.seed,
        bot_delay=args.bot_delay,
        next_hand_delay=args.next_hand_delay,
        action_seconds=args.clock,
        away_seconds=args.away,
        allowed_origins=tuple(args.allow_origin),
        allowed_hosts=served_hosts(args.host, args.allow_host),
    )
    app = create_app(config)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(f"splitpot: open http://{shown}:{args.port}/ (Ctrl-C stops the server)", file=out)
    out.flush()
    # A fatal signal (SIGBUS, SIGSEGV) that the store's checks do not foresee still leaves a
    # line, and the stack, in the server's log (stderr) before the process ends. (A stderr with
    # no file descriptor, as when the server runs inside another program, has nowhere to put it.)
    with contextlib.suppress(io.UnsupportedOperation, AttributeError, ValueError):
        faulthandler.enable()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        log_config=_log_config(args.log_level),
        ws=AnsweringWebSocketProtocol,  # websockets' sans-I/O protocol that answers bad handshakes
        ws_max_size=65536,
        timeout_graceful_shutdown=3,
    )
    return 0


def _log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging, with the server's own logger (``splitpot``: a table that cannot be
    saved, a refused websocket handshake) on the same handler at ``--log-level``."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["splitpot"] = {
        "handlers": ["default"], "level": level.upper(), "propagate": False,
    }  # fmt: skip
    return config


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r}: use 0 to 3600 seconds")
    return value


def add_serve(serve: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot serve``."""
    serve.description = (
        "Serve the web table on http://HOST:PORT/. Tables and every finished hand "
        "are kept in the SQLite file --db (default: the hand-history store); after a restart "
        "every table comes back and a hand in progress is resumed."
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument("--db", type=Path, default=None, help="SQLite file for tables and hands")
    serve.add_argument(
        "--clock", type=_seconds, default=30.0, metavar="SECONDS",
        help="each decision's time limit; a seat that runs out checks or folds (0: none; 30)",
    )  # fmt: skip
    serve.add_argument(
        "--bot-delay", type=_seconds, default=0.8, metavar="SECONDS",
        help="how long a bot waits before acting, so people can follow (0.8)",
    )  # fmt: skip
    serve.add_argument(
        "--next-hand-delay", type=_seconds, default=4.0, metavar="SECONDS",
        help="pause between the end of a hand and the next deal (4)",
    )  # fmt: skip
    serve.add_argument(
        "--away", type=_seconds, default=1800.0, metavar="SECONDS",
        help="a person with no connection who is sitting out (or at a table with no clock) "
        "this long loses the seat; the chips leave with them (1800)",
    )  # fmt: skip
    serve.add_argument(
        "--allow-origin", action="append", default=[], metavar="URL",
        help="also accept POSTs and websockets from pages of this origin, e.g. "
        "https://poker.example.org (behind a proxy); repeat for more",
    )  # fmt: skip
    serve.add_argument(
        "--allow-host", action="append", default=[], metavar="NAME",
        help="also serve requests whose Host is NAME, e.g. poker.lan (a LAN name, or behind a "
        "proxy); the server otherwise answers only for --host and localhost, 127.0.0.1 and "
        "[::1] (any other Host gets 400: a guard against DNS rebinding); repeat for more",
    )  # fmt: skip
    serve.add_argument(
        "--seed", type=int, default=None,
        help="FOR TESTS ONLY: reproducible decks and bots (real tables shuffle with the "
        "operating system's secure generator)",
    )  # fmt: skip
    serve.add_argument(
        "--log-level", default="warning",
        choices=("critical", "error", "warning", "info", "debug"), help="server log level",
    )  # fmt: skip
    serve.set_defaults(handler=_cmd_serve)
