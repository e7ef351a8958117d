"""Hands in words: event lines, street names, the pot of a hand in progress, a hand's log and
its text history, and a finished hand's settlement rows for the web pages.

Every face says a hand with these (terminal play, the web table's log, the history replayer, the
text histories); the settlement inside them is :mod:`splitpot.describe.settlement`'s.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from splitpot.describe.settlement import (
    Settlement,
    pot_label,
    row_json,
    uncontested_line,
    uncontested_row,
)
from splitpot.engine.events import (
    AgreedTwice,
    BettingRound,
    BetTo,
    BoardDealt,
    BroughtIn,
    Called,
    Checked,
    ChoseOnce,
    Declared,
    DeclareRound,
    Discarded,
    DrawRound,
    Ended,
    Event,
    Folded,
    HandStarted,
    HoleDealt,
    Kept,
    Mucked,
    Posted,
    RaisedTo,
    Rejected,
    Reshuffled,
    Returned,
    Revealed,
    RunDealt,
    Settled,
    Shown,
    SvitenFaceDown,
    SvitenFaceUp,
    WonUncontested,
)
from splitpot.engine.hand import Hand
from splitpot.engine.logged import run_showdowns, showdown_of, start_of
from splitpot.engine.options import Stakes
from splitpot.engine.showdown import ShowdownResult
from splitpot.engine.unknown import format_known
from splitpot.errors import LogError
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Forced

__all__ = [
    "draw_words",
    "event_line",
    "hand_log",
    "hand_title",
    "history_text",
    "log_lines",
    "pots_text",
    "run_rows",
    "settlement_rows",
    "stakes_text",
    "street_label",
    "street_name",
]


def street_name(game: GameSpec, board: int, count: int) -> str:
    """The name of the street that brought the board to ``board`` cards with ``count`` new
    ones: ``FLOP``, ``TURN``, ``RIVER`` in a five-card board game; else ``BOARD CARD 4``."""
    if game.board_cards == 5:
        return {3: "FLOP", 4: "TURN", 5: "RIVER"}.get(board, f"BOARD CARD {board}")
    if count == 1:
        return f"BOARD CARD {board}"
    return "BOARD"


def street_label(hand: Hand) -> str:
    """Where a hand is, in words, for every game: ``Preflop``, ``Flop``, ``Turn``, ``River`` in
    a flop game; ``Predraw``, ``Draw 2 of 3``, ``After draw 2 of 3`` in a draw game; in Doogie
    ``Before the board``, ``Card 1 of 4``... and after the declaration ``Last round``;
    ``Declare``, and at the end ``Showdown`` (or ``Hand over`` when everyone else folded)."""
    game = hand.game
    phase = hand.phase
    draws = sum(1 for e in hand.events if isinstance(e, DrawRound))
    total = len(game.draws)
    if phase == "declare":
        return "Declare"
    if phase == "done":
        return "Showdown" if hand.result is not None else "Hand over"
    if phase in ("draw", "sviten"):
        return f"Draw {draws} of {total}" if total > 1 else "Draw"
    board = len(hand.board)
    if game.board_cards == 5:
        return {0: "Preflop", 3: "Flop", 4: "Turn", 5: "River"}.get(board, f"Board card {board}")
    if game.declare and any(isinstance(e, DeclareRound) for e in hand.events):
        return "Last round"
    if game.board_cards:
        return f"Card {board} of {game.board_cards}" if board else "Before the board"
    if total:
        if draws == 0:
            return "Predraw"
        return f"After draw {draws} of {total}" if total > 1 else "After the draw"
    rounds = sum(1 for e in hand.events if isinstance(e, BettingRound))
    return f"Betting round {rounds}"


def draw_words(count: int) -> str:
    """A seat's draw in words, as its seat shows it: ``pat``, ``drew 2``."""
    return "pat" if count == 0 else f"drew {count}"


def pots_text(hand: Hand) -> str:
    """The pot of a hand in progress: ``Pot: 30``, or with side pots (from all-in levels; a bet
    not yet called is in the pot) ``Pot: 30 (main pot 18: A, B, C; side pot 1 12: B, C)``."""
    pots = hand.pots()
    if len(pots) <= 1:
        return f"Pot: {hand.pot}"
    parts = [
        f"{pot_label(index, len(pots)).lower()} {pot.amount}: "
        + ", ".join(hand.names[s] for s in pot.eligible)
        for index, pot in enumerate(pots)
    ]
    return f"Pot: {hand.pot} ({'; '.join(parts)})"


def stakes_text(stakes: Stakes, game: GameSpec | None = None) -> str:
    """``1/2`` (the blinds), ``ante 1, bets 2/4`` in an ante game, or ``1/2, ante 1`` in a
    blind game with an ante (told apart by ``game``; without it, an ante means an ante game)."""
    ante_game = game.forced is Forced.ANTE if game is not None else bool(stakes.ante)
    if ante_game:
        return f"ante {stakes.ante}, bets {stakes.small_bet}/{stakes.big_bet}"
    blinds = f"{stakes.small_blind}/{stakes.big_blind}"
    return f"{blinds}, ante {stakes.ante}" if stakes.ante else blinds


def hand_title(start: HandStarted, number: int | None = None) -> str:
    """``Hand #4: Badugi (fixed-limit, 1/2) - Ann has the button`` (without a number, from
    the game's name on)."""
    game = find_game(start.game)
    title = f"Hand #{number}: " if number is not None else ""
    bomb = f" - bomb pot, ante {start.options.bomb_ante}" if start.options.bomb_ante else ""
    return (
        f"{title}{game.name} ({start.structure.value}, {stakes_text(start.stakes, game)}) - "
        f"{start.names[start.button]} has the button{bomb}"
    )


def _all_in(all_in: bool) -> str:
    return " and is all-in" if all_in else ""


def event_line(
    event: Event, names: Sequence[str], street: str = "", unknown: Collection[int] = ()
) -> str | None:
    """One event as a line, for whoever's view ``event`` is (a secret it does not carry is not
    said); ``street`` names a board card's street (see :func:`street_name`). ``None`` for the
    events said otherwise: the start (:func:`hand_title`) and the settlement
    (:class:`Settlement`); and for another seat's hole cards, which say nothing to a viewer."""
    who = names[event.seat] if event.seat is not None else ""

    def cards_text(cards: Iterable[int]) -> str:  # a card nobody saw is ??
        return format_known(cards, unknown)

    match event:
        case Posted(blind=blind, amount=amount):
            return f"{who} posts {blind} {amount}"
        case BroughtIn(amount=amount):
            return f"{who} brings in for {amount}"
        case HoleDealt(cards=cards):
            return None if cards is None else f"Dealt to {who}: {cards_text(cards)}"
        case BoardDealt(cards=cards):
            return f"*** {street} *** {cards_text(cards)}"
        case BettingRound(number=number):
            return f"-- betting round {number} --"
        case DrawRound(number=number):
            return f"*** DRAW {number} ***"
        case DeclareRound():
            return "*** DECLARE *** (each player declares in secret)"
        case Folded():
            return f"{who} folds"
        case Checked():
            return f"{who} checks"
        case Called(amount=amount, all_in=all_in):
            return f"{who} calls {amount}{_all_in(all_in)}"
        case BetTo(to=to, all_in=all_in):
            return f"{who} bets {to}{_all_in(all_in)}"
        case RaisedTo(to=to, all_in=all_in):
            return f"{who} raises to {to}{_all_in(all_in)}"
        case Discarded(count=0):
            return f"{who} stands pat"
        case Discarded(count=count, discarded=None):
            return f"{who} discards {count}"
        case Discarded(discarded=discarded, received=received):
            assert discarded is not None
            drawn = f" and draws {cards_text(received)}" if received is not None else ""
            return f"{who} discards {cards_text(discarded)}{drawn}"
        case SvitenFaceUp(card=card):
            return f"{who} is dealt {card} face up"
        case Kept():
            return f"{who} keeps it"
        case Rejected():
            return f"{who} rejects it"
        case SvitenFaceDown(received=received):
            shown = f": {cards_text(received)}" if received is not None else ""
            return f"{who} takes the next card face down{shown}"
        case Declared(way=way):
            return f"{who} declares{f' {way}' if way is not None else ''} (secret)"
        case Revealed(declarations=ways):
            return "Declarations: " + ", ".join(f"{n} {w}" for n, w in ways.items())
        case Reshuffled(count=count):
            return f"The discards are reshuffled with the stub ({count} cards)"
        case Returned(amount=amount):
            return f"Uncalled bet ({amount}) returned to {who}"
        case Shown(cards=cards):
            return f"{who} shows {cards_text(cards)}"
        case Mucked():
            return f"{who} mucked (not shown)"
        case AgreedTwice():
            return f"{who} agrees to run it twice"
        case ChoseOnce():
            return f"{who} runs it once"
        case RunDealt(cards=cards, run=run):
            return f"*** RUN {run} *** {cards_text(cards)}"
        case WonUncontested(amount=amount):
            return uncontested_line(who, amount)
        case Ended(stacks=stacks):
            return "Stacks: " + ", ".join(f"{n} {c}" for n, c in zip(names, stacks, strict=True))
    return None  # the start and the settlement


def log_lines(
    start: HandStarted,
    events: Sequence[Event],
    *,
    board: int = 0,
    result: ShowdownResult | None = None,
    runs: Sequence[ShowdownResult] = (),
) -> list[str]:
    """The lines of ``events`` (already one seat's or an onlooker's view) of the hand that
    ``start`` began; ``board`` is how many board cards were dealt before the first of them, and
    ``result`` the hand's settled showdown, said at its settle event (a hand run twice: ``runs``,
    each run's at its own)."""
    game = find_game(start.game)
    names = start.names
    out: list[str] = []
    for event in events:
        street = ""
        match event:
            case HandStarted():
                out.append(hand_title(start))
                continue
            case Settled(run=run):
                said = runs[run - 1] if run and len(runs) >= run else result
                if said is None:
                    raise LogError("the showdown's settlement is needed to say it")
                out.append(f"*** SHOWDOWN, RUN {run} ***" if run else "*** SHOWDOWN ***")
                out.extend(Settlement(said).lines(blank=False))
                continue
            case BoardDealt(cards=cards):
                board += len(cards)
                street = street_name(game, board, len(cards))
        line = event_line(event, names, street, start.unknown or ())
        if line is not None:
            out.append(line)
    return out


def hand_log(hand: Hand, events: Sequence[Event], board: int = 0) -> list[str]:
    """The lines of ``events`` of ``hand`` (already one seat's or an onlooker's view); ``board``
    is how many board cards were dealt before the first of them."""
    start = hand.events[0]
    assert isinstance(start, HandStarted)
    return log_lines(start, events, board=board, result=hand.result, runs=hand.run_results)


def history_text(events: Sequence[Event], number: int | None = None) -> str:
    """The hand as a text history: its title, the seats, then every line of its log (a full
    log, or one seat's view: only what it carries is said)."""
    start = start_of(events)
    lines = [hand_title(start, number)]
    for seat, (name, chips) in enumerate(zip(start.names, start.stacks, strict=True)):
        lines.append(f"Seat {seat + 1}: {name} ({chips} in chips)")
    lines += log_lines(start, events[1:], result=showdown_of(events), runs=run_showdowns(events))
    return "\n".join(lines)


def settlement_rows(hand: Hand, seat_of: Mapping[str, int]) -> list[dict[str, Any]]:
    """The rows of a finished hand's settlement as the web pages read them (players as seats
    by ``seat_of``): every award of every pot and its even split, or the pot won uncontested.
    The table's result and the replayer's settlement are these same rows."""
    if hand.result is not None:
        return Settlement(hand.result).rows_json(seat_of)
    won = next(e for e in hand.events if isinstance(e, WonUncontested))
    return [row_json(uncontested_row(hand.names[won.seat], won.amount), seat_of)]


def run_rows(hand: Hand, seat_of: Mapping[str, int]) -> list[dict[str, Any]]:
    """A hand run twice (engine.runs): each run's board, its settlement's rows and what it
    paid (players as seats by ``seat_of``); empty for a hand run once. The table's result
    and the replayer's settlement show these same runs."""
    return [
        {
            "run": run,
            "board": [str(c) for c in board],
            "awards": Settlement(result).rows_json(seat_of),
            "payouts": {str(seat_of[n]): chips for n, chips in result.payouts.items() if chips},
        }
        for run, (board, result) in enumerate(
            zip(hand.run_boards, hand.run_results, strict=True), 1
        )
    ]
