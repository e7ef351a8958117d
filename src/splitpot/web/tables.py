"""Tables (work in progress)."""

from __future__ import annotations

from starlette.routing import BaseRoute

from splitpot.history.store import HistoryStore
from splitpot.web.config import ServerConfig

ROUTES: list[BaseRoute] = []


class TableManager:
    def __init__(self, config: ServerConfig, history: HistoryStore) -> None:
        self.config = config
        self.history = history

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass
