"""What a hand's log says, read back from its public events alone: the chips each seat put
in, and the settled showdown. A full log and any seat's view give the same answers, since
everything they need (bets, shown cards, the board, revealed declarations) is public."""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import Card
from splitpot.engine.events import (
    BettingRound,
    BetTo,
    BoardDealt,
    Called,
    Event,
    HandStarted,
    Posted,
    RaisedTo,
    Returned,
    Revealed,
    RunDealt,
    Settled,
    Shown,
)
from splitpot.engine.showdown import ShowdownResult, settle
from splitpot.errors import LogError
from splitpot.games import find_game

__all__ = ["contributions", "run_showdowns", "showdown_of", "start_of"]


def start_of(events: Sequence[Event]) -> HandStarted:
    """The hand's start event, which every log begins with."""
    if not events or not isinstance(events[0], HandStarted):
        raise LogError("a hand log starts with its start event")
    return events[0]


def contributions(events: Sequence[Event]) -> list[int]:
    """The chips each seat has put in so far (uncalled bets returned), by seat."""
    start = start_of(events)
    count = len(start.names)
    paid = [0] * count
    bets = [0] * count  # this round's bets: a bet or raise is to a round total
    for event in events:
        match event:
            case Posted(seat=seat, blind=blind, amount=amount):
                paid[seat] += amount
                if blind != "ante":  # antes are dead money, not bets of the first round
                    bets[seat] += amount
            case BettingRound(number=number) if number > 1:
                bets = [0] * count
            case Called(seat=seat, amount=amount):
                paid[seat] += amount
                bets[seat] += amount
            case BetTo(seat=seat, to=to) | RaisedTo(seat=seat, to=to):
                paid[seat] += to - bets[seat]
                bets[seat] = to
            case Returned(seat=seat, amount=amount):
                paid[seat] -= amount
                bets[seat] -= amount
    return paid


def showdown_of(events: Sequence[Event]) -> ShowdownResult | None:
    """The settled showdown of a logged hand, as the engine settled it; ``None`` when the hand
    ended without one (everyone else folded) or has not reached it. A hand run twice
    (engine.runs): run one's, as :attr:`Hand.result` (:func:`run_showdowns` gives both)."""
    if not any(isinstance(event, Settled) for event in events):
        return None
    board = [card for event in events if isinstance(event, BoardDealt) for card in event.cards]
    return _settled(events, board, 1 if _run_two(events) is not None else 0)


def run_showdowns(events: Sequence[Event]) -> tuple[ShowdownResult, ...]:
    """The two settlements of a logged hand run twice (each run's half of every pot, run one
    first), as :attr:`Hand.run_results`; empty for a hand run once or not yet settled."""
    two = _run_two(events)
    if two is None or not any(isinstance(event, Settled) for event in events):
        return ()
    board = [card for event in events if isinstance(event, BoardDealt) for card in event.cards]
    common = board[: len(board) - len(two)]
    return (_settled(events, board, 1), _settled(events, [*common, *two], 2))


def _run_two(events: Sequence[Event]) -> tuple[Card, ...] | None:
    return next((event.cards for event in events if isinstance(event, RunDealt)), None)


def _settled(events: Sequence[Event], board: Sequence[Card], half: int) -> ShowdownResult:
    start = start_of(events)
    shown: dict[int, tuple[Card, ...]] = {}
    declared: dict[str, str] = {}
    for event in events:
        match event:
            case Shown(seat=seat, cards=cards):
                shown[seat] = cards
            case Revealed(declarations=declarations):
                declared = dict(declarations)
    names = start.names
    live = [names[seat] for seat in sorted(shown)]
    ways = {name: way for name, way in declared.items() if name in live}
    paid = contributions(events)
    return settle(
        find_game(start.game),
        {names[seat]: shown[seat] for seat in sorted(shown)},
        tuple(board),
        contributions=dict(zip(names, paid, strict=True)),
        seats=names,
        button=names[start.button],
        declarations=ways or None,
        odd_chip=start.options.odd_chip,
        two_way_tie_keeps=start.options.two_way_tie_keeps,
        half=half,
    )
