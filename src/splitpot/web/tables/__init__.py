"""Tables at the web server: seats, hands in a row, bots, clocks, and what each seat may see.

- :mod:`~splitpot.web.tables.state`: a :class:`WebTable`'s seats, hands and ``state`` messages;
- :mod:`~splitpot.web.tables.views`: the lobby's games, legal actions, pots, results;
- :mod:`~splitpot.web.tables.protocol`: the wire schemas (create request, messages, actions);
- :mod:`~splitpot.web.tables.lobby`: a new table from the lobby's request;
- :mod:`~splitpot.web.tables.store`: the tables in SQLite;
- :mod:`~splitpot.web.tables.frames`: the lobby's summary and each connection's ``state``;
- :mod:`~splitpot.web.tables.host`: the host's commands, private tables and passwords;
- :mod:`~splitpot.web.tables.choice`: dealer's choice before the deal;
- :mod:`~splitpot.web.tables.manager`: the :class:`TableManager` (loading, storing, sending);
- :mod:`~splitpot.web.tables.driver`: each table's task (deals, bots, clocks);
- :mod:`~splitpot.web.tables.seated`: each bot seat's bot, shown every hand it played;
- :mod:`~splitpot.web.tables.sockets`: the websockets, each message read once and carried out;
- :mod:`~splitpot.web.tables.routes`: the HTTP and websocket routes.
"""

from splitpot.web.tables.manager import TableManager
from splitpot.web.tables.protocol import parse_action
from splitpot.web.tables.routes import ROUTES
from splitpot.web.tables.state import BOT_KINDS, Seat, WebTable
from splitpot.web.tables.views import games_json

__all__ = ["BOT_KINDS", "ROUTES", "Seat", "TableManager", "WebTable", "games_json", "parse_action"]
