"""The web table: ``splitpot serve`` (an ASGI app on Starlette, served by uvicorn).

- :func:`create_app` builds the app from a :class:`ServerConfig`;
- pages: the lobby (``/``), a table (``/table/{id}``), the hand-history viewer (``/history``),
  the showdown lab (``/lab``), the equity and discard advisor (``/advisor``), and Learn: the
  variants table (``/learn``), the rules pages (``/learn/{game}``) and practice (``/practice``);
- a websocket per seat (``/ws/tables/{id}``); every message is described in
  ``docs/web-protocol.md``.
"""

from splitpot.web.app import create_app
from splitpot.web.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
