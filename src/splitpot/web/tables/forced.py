"""The host's forced bets (``set_options``' ``straddle`` and ``bb_ante``): the table's stakes
text with a straddle and a big-blind ante put in or taken out, checked as the lobby checks
stakes (docs/rules.md "Betting": the forced bets are the stakes' own)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from splitpot.engine.mixed import stakes_for
from splitpot.engine.options import Stakes
from splitpot.errors import BadRequest, SplitpotError
from splitpot.games.streets import Forced

if TYPE_CHECKING:
    from splitpot.web.tables.state import WebTable

__all__ = ["forced_stakes_text"]


def forced_stakes_text(table: WebTable, straddle: bool | None, bb_ante: int | None) -> str:
    """The stakes text of ``table`` with a straddle (``straddle``) and a big-blind ante of
    ``bb_ante`` chips (0: none); ``None`` leaves each as it is. :class:`BadRequest` names what
    is wrong: a bb_ante below 0, a second ante, stakes a game of the table cannot play, or a
    buy-in smaller than what a seat would post."""
    if bb_ante is not None and bb_ante < 0:
        raise BadRequest(f"bb_ante: a whole number of chips (0: none), not {bb_ante!r}")
    if (straddle or bb_ante) and all(g.forced is Forced.ANTE for g in table.games.games):
        what = "straddle" if straddle else "bb_ante"
        raise BadRequest(
            f"{what}: {table.game.name} is an ante game: every player antes, with no blinds"
        )
    now = Stakes.parse(table.stakes_text)  # (read as a blind game's: what the text says)
    changes: dict[str, object] = {}
    if straddle is not None:
        changes["straddle"] = 2 * now.big_blind if straddle else 0
    if bb_ante is not None and now.ante and now.ante_rule != "big-blind":
        if bb_ante:
            who = "every player" if now.ante_rule == "every" else "the button"
            raise BadRequest(
                f"bb_ante: the stakes ({table.stakes_text}) have an ante from {who} already: "
                "a table has one ante"
            )
    elif bb_ante is not None:
        changes.update(ante=bb_ante, ante_rule="big-blind" if bb_ante else "every")
    try:
        text = dataclasses.replace(now, **changes).text()  # type: ignore[arg-type]
        for game in table.games.games:
            stakes_for(text, game).check_buy_in(table.buy_in, game, what="the buy-in")
    except SplitpotError as exc:
        raise BadRequest(f"{_field(straddle, bb_ante)}: {exc}") from None
    return text


def _field(straddle: bool | None, bb_ante: int | None) -> str:
    if straddle is None:
        return "bb_ante"
    return "straddle" if bb_ante is None else "straddle and bb_ante"
