"""A hand's log as readable lines, shared by the table page and the history replayer."""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import format_cards
from splitpot.engine.events import Event
from splitpot.engine.hand import Hand
from splitpot.play import _event_line, _street_name

__all__ = ["log_lines"]


def _settle_lines(event: Event) -> list[str]:
    lines = ["*** SHOWDOWN ***"]
    for award in event.data.get("awards", ()):
        pot = "the main pot" if award["pot"] == 0 else f"side pot {award['pot']}"
        if award["winners"]:
            lines.append(
                f"{' and '.join(award['winners'])} win{'s' * (len(award['winners']) == 1)} "
                f"{award['award']} ({award['amount']} of {pot}) with {award['hand']}"
            )
        else:
            lines.append(f"Nobody wins {award['award']} of {pot}")
    for name, chips in event.data.get("payouts", {}).items():
        lines.append(f"{name} collects {chips}")
    return lines


def log_lines(hand: Hand, events: Sequence[Event], board: int = 0) -> list[str]:
    """The lines of ``events``, already viewed for one seat (or an onlooker); ``board`` is the
    number of board cards dealt before the first of them."""
    out: list[str] = []
    for event in events:
        if event.kind == "start":
            out.append(
                f"{hand.game.name} ({hand.structure.value}): {hand.names[hand.button]} has the "
                "button"
            )
            continue
        if event.kind == "show":
            assert event.seat is not None
            out.append(f"{hand.names[event.seat]} shows {format_cards(event.data['cards'])}")
            continue
        if event.kind == "settle":
            out.extend(_settle_lines(event))
            continue
        street = ""
        if event.kind == "deal_board":
            count = len(event.data["cards"])
            board += count
            street = _street_name(hand.game, board, count)
        line = _event_line(hand, event, street)
        if line is not None:
            out.append(line)
    return out
