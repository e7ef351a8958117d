"""Readable hand histories from event logs, and the JSON-lines log file of many hands.

A log file has one event per line, each with the number of its hand: ``{"hand": 1, "kind":
"start", ...}``. :func:`read_log` groups the lines back into hands.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import IO, Any

from splitpot.cards import format_cards
from splitpot.engine.events import Event
from splitpot.errors import LogError
from splitpot.games import GAMES

__all__ = ["format_history", "read_log", "write_hand"]


def write_hand(out: IO[str], number: int, events: Sequence[Event]) -> None:
    """Append one hand's events to a log file."""
    for event in events:
        out.write(json.dumps({"hand": number, **event.to_json()}, ensure_ascii=False) + "\n")


def read_log(lines: Iterable[str]) -> list[tuple[int, list[Event]]]:
    """The hands of a log file, in order, as (number, events)."""
    hands: dict[int, list[Event]] = {}
    for line_number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data: Any = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"line {line_number}: not JSON ({exc.msg})") from None
        if not isinstance(data, dict) or type(data.get("hand")) is not int:
            raise LogError(f'line {line_number}: each line needs a "hand" number and an event')
        number = data.pop("hand")
        hands.setdefault(number, []).append(Event.from_json(data))
    return list(hands.items())


_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}


def format_history(events: Sequence[Event], number: int | None = None) -> str:
    """The hand as an online-room style text history (secrets shown only where present)."""
    if not events or events[0].kind != "start":
        raise LogError("a hand log starts with its start event")
    start = events[0].data
    names: Sequence[str] = start["names"]
    stakes = start["stakes"]
    title = f"Hand #{number}: " if number is not None else ""
    blinds = (
        f"ante {stakes['ante']}, bets {stakes['small_bet']}/{stakes['big_bet']}"
        if stakes["ante"]
        else f"{stakes['small_blind']}/{stakes['big_blind']}"
    )
    lines = [
        f"{title}{_game_name(start['game'])} ({start['structure']}, {blinds}) - "
        f"{names[start['button']]} is the button"
    ]
    for seat, (name, chips) in enumerate(zip(names, start["stacks"], strict=True)):
        lines.append(f"Seat {seat + 1}: {name} ({chips} in chips)")
    board: list[Any] = []
    for event in events[1:]:
        who = names[event.seat] if event.seat is not None else ""
        data, secret = event.data, event.secret
        match event.kind:
            case "post":
                lines.append(f"{who}: posts {data['blind']} {data['amount']}")
            case "deal_hole":
                shown = f" [{format_cards(secret['cards'])}]" if "cards" in secret else ""
                lines.append(f"Dealt to {who} ({data['count']} cards){shown}")
            case "deal_board":
                before = format_cards(board)
                board.extend(data["cards"])
                name = _STREETS.get(len(board), f"CARD {len(board)}")
                prefix = f"[{before}] " if before else ""
                lines.append(f"*** {name} *** {prefix}[{format_cards(data['cards'])}]")
            case "bet_round":
                lines.append(f"--- betting round {data['number']} ---")
            case "draw_round":
                lines.append(f"*** DRAW {data['number']} ***")
            case "declare_round":
                lines.append("*** DECLARE ***")
            case "fold" | "check":
                lines.append(f"{who}: {event.kind}s")
            case "call":
                lines.append(f"{who}: calls {data['amount']}" + _all_in(data))
            case "bet":
                lines.append(f"{who}: bets {data['to']}" + _all_in(data))
            case "raise":
                lines.append(f"{who}: raises to {data['to']}" + _all_in(data))
            case "discard":
                count = data["count"]
                text = "stands pat" if count == 0 else f"discards {count}"
                if "discarded" in secret and count:
                    text += f" [{format_cards(secret['discarded'])}]"
                if "received" in secret and count:
                    text += f", draws [{format_cards(secret['received'])}]"
                lines.append(f"{who}: {text}")
            case "sviten_up":
                lines.append(f"{who}: is dealt [{data['card']}] face up")
            case "keep" | "reject":
                lines.append(f"{who}: {event.kind}s it")
            case "sviten_down":
                shown = f" [{format_cards(secret['received'])}]" if "received" in secret else ""
                lines.append(f"{who}: takes the next card face down{shown}")
            case "declare":
                lines.append(f"{who}: declares" + (f" {secret['way']}" if "way" in secret else ""))
            case "reveal":
                ways = ", ".join(f"{n} {w}" for n, w in data["declarations"].items())
                lines.append(f"Declarations: {ways}")
            case "reshuffle":
                lines.append(f"The discards are reshuffled with the stub ({data['count']} cards)")
            case "return":
                lines.append(f"Uncalled bet ({data['amount']}) returned to {who}")
            case "show":
                lines.append(f"{who}: shows [{format_cards(data['cards'])}]")
            case "win":
                lines.append(f"{who} collected {data['amount']} from pot (uncontested)")
            case "settle":
                lines.append("*** SHOWDOWN ***")
                for award in data.get("awards", ()):
                    pot = "main pot" if award["pot"] == 0 else f"side pot {award['pot']}"
                    if award["winners"]:
                        lines.append(
                            f"{' and '.join(award['winners'])} won {award['award']} "
                            f"({award['amount']} of the {pot}) with {award['hand']}"
                        )
                    else:
                        lines.append(f"nobody won {award['award']} of the {pot}")
                for name, chips in data["payouts"].items():
                    lines.append(f"{name} collected {chips} from pot")
            case "end":
                final = ", ".join(f"{n} {c}" for n, c in zip(names, data["stacks"], strict=True))
                lines.append(f"*** SUMMARY *** stacks: {final}")
            case _:
                lines.append(f"{event.kind} {dict(data)}")
    return "\n".join(lines)


def _game_name(game_id: str) -> str:
    spec = GAMES.get(game_id)
    return spec.name if spec else game_id


def _all_in(data: Any) -> str:
    return " and is all-in" if data.get("all_in") else ""
