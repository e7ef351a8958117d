"""The web server's settings: where it stores, how fast bots and timers run, how decks shuffle."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ServerConfig"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ServerConfig:
    """Settings for :func:`splitpot.web.create_app`.

    ``db`` is the SQLite file that keeps tables and hands (``None``: the hand-history default,
    see :func:`splitpot.history.default_path`). ``seed`` makes every deck and bot reproducible:
    for tests only; without it (the default) decks are shuffled with :class:`random.SystemRandom`
    (the operating system's cryptographically secure generator).
    """

    db: Path | None = None
    seed: int | None = None
    bot_delay: float = 0.8  # seconds a bot waits before acting, so people can follow
    next_hand_delay: float = 4.0  # seconds between the end of a hand and the next deal
    action_seconds: float = 30.0  # a seat's clock for each decision (0: no clock)
    away_seconds: float = (
        1800.0  # a person away (sitting out, no connection) this long loses the seat
    )
    max_message_bytes: int = 4096  # a bigger client message is refused
    max_tables: int = 200
    # Origins besides the server's own whose pages may POST and open websockets (behind a
    # proxy that rewrites Host, say): e.g. ("https://poker.example.org",). See web/guard.py.
    allowed_origins: tuple[str, ...] = ()
    # The hosts a request's ``Host`` header may name (a guard against DNS rebinding): ``None``
    # checks nothing (the app in process, or behind a server that checks); ``splitpot serve``
    # gives web.guard.served_hosts(--host, --allow-host ...). See web/guard.py.
    allowed_hosts: tuple[str, ...] | None = None

    def deck_rng(self, salt: str) -> random.Random:
        """The generator that shuffles a table's decks: secure unless ``seed`` is set."""
        if self.seed is None:
            return random.SystemRandom()
        return random.Random(f"{self.seed}:{salt}")
