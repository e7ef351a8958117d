"""Run it twice (docs/rules.md "At the table"): a table's option (:attr:`Options.run_twice`).

- When: no more betting can happen (betting has ended with two or more players in and at most
  one of them has chips behind) while the board is not complete and no draw or declaration is
  still to come. The question is asked at the first moment that holds, before the next street
  is dealt (a hold'em all-in before the flop: flop, turn and river twice; a Drawmaha all-in
  before the draw: asked after the draw, before the turn).
- Who: every player still in, in order from the first seat left of the button. The first
  "once" ends the asking and the hand runs once, as usual; if every one says "twice", the
  missing board cards are dealt twice from the same stub: run one as the hand deals it
  (:attr:`Hand.board`), then run two's cards from the stub after them (a ``deal_run`` event).
- The showdown: every hand is shown (the muck option does not apply: each run is settled
  between the same hands). Each run settles half of every pot by the game's awards
  (:func:`~splitpot.engine.showdown.settle` with ``half``), the odd chip of an odd pot to run
  one, so a split game splits each run's half again; one ``settle`` event per run.

After the hand, :attr:`Hand.run_boards` holds the two boards and :attr:`Hand.run_results` the
two settlements (both empty when the hand ran once; while run one is dealt, ``run_boards`` holds
only the cards both runs share); :attr:`Hand.result` is run one's, and
:attr:`Hand.payouts` and the stacks are the total of both runs.
:class:`~splitpot.engine.hand.Hand` calls the hooks here: :func:`ask_runs` before each street,
:func:`deal_run_two` at the showdown, :func:`settle_runs` to settle, and the two answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from splitpot.engine.actions import Action
from splitpot.engine.events import AgreedTwice, ChoseOnce, Event, RunDealt, Settled
from splitpot.engine.legal import LegalActions
from splitpot.engine.muck import settle_shown, settled_awards
from splitpot.games.streets import Deal, Declare, Draw

if TYPE_CHECKING:
    from splitpot.engine.hand import Hand

__all__ = [
    "HANDLERS",
    "agree_twice",
    "ask_runs",
    "choose_once",
    "deal_run_two",
    "legal_runs",
    "may_run_twice",
    "settle_runs",
]


def may_run_twice(hand: Hand) -> bool:
    """Is this the moment to ask (the option is on, no more betting can happen, the board is
    not complete and no draw or declaration is to come)? Asked once a hand at most."""
    game, street = hand.game, hand._street
    later = game.streets[street:]
    return (
        hand.options.run_twice
        and not any(isinstance(e, AgreedTwice | ChoseOnce) for e in hand.events)
        and hand._phase == "between"
        and hand._bet_number >= 1
        and game.board_cards > 0
        and len(hand.board) < game.board_cards
        and not any(
            isinstance(s, Draw | Declare) or (isinstance(s, Deal) and s.hole) for s in later
        )
        and hand._live >= 2
        and hand._active <= 1
    )


def ask_runs(hand: Hand) -> bool:
    """Before each street is begun: ask every player still in when :func:`may_run_twice`
    (``True``: a player must answer now), or close the asking once every answer is in."""
    if hand._phase == "runs":  # the last answer is in
        hand._phase = "between"
        return False
    if not may_run_twice(hand):
        return False
    hand._phase = "runs"
    hand._queue = [s for s in hand._left_of_button() if not hand.folded[s]]
    hand._next_in_queue()
    return True


def legal_runs(seat: int) -> LegalActions:
    """What a player asked may do: run it twice or once."""
    return LegalActions(seat, "runs", runs=True)


def agree_twice(hand: Hand, seat: int, action: Action, legal: LegalActions) -> Event:
    """The seat agrees; when it is the last to answer, the board will be run twice."""
    event = hand._log(AgreedTwice(seat=seat))
    if not hand._queue:  # every one agreed: run one is dealt as usual, from here on
        hand.run_boards = (tuple(hand.board),)  # (the cards both runs share, until the end)
    hand._next_in_queue()
    return event


def choose_once(hand: Hand, seat: int, action: Action, legal: LegalActions) -> Event:
    """The seat says once: no one else is asked, the hand runs once."""
    event = hand._log(ChoseOnce(seat=seat))
    hand._queue.clear()
    hand._next_in_queue()
    return event


def deal_run_two(hand: Hand) -> None:
    """At the showdown of a hand run twice: run two's cards, from the stub after run one's."""
    if len(hand.run_boards) != 1:
        return
    (common,) = hand.run_boards
    cards = hand._take(hand.game.board_cards - len(common), None)
    hand._log(RunDealt(cards=cards, run=2))
    hand.run_boards = (tuple(hand.board), (*common, *cards))


def settle_runs(hand: Hand, shown: Sequence[int]) -> None:
    """Settle each run's half of every pot on its board; the stacks get both."""
    results = tuple(
        settle_shown(hand, shown, board=board, half=run)
        for run, board in enumerate(hand.run_boards, 1)
    )
    hand.run_results = results
    hand.result = results[0]
    by_name = {name: seat for seat, name in enumerate(hand.names)}
    payouts: dict[int, int] = {}
    for result in results:
        for name, chips in result.payouts.items():
            if chips:
                payouts[by_name[name]] = payouts.get(by_name[name], 0) + chips
    for run, result in enumerate(results, 1):
        paid = {name: chips for name, chips in result.payouts.items() if chips}
        hand._log(Settled(payouts=paid, awards=settled_awards(result), run=run))
    hand.payouts = dict(sorted(payouts.items()))
    for seat, chips in hand.payouts.items():
        hand.stacks[seat] += chips
    hand._finish()


HANDLERS: dict[str, Callable[[Hand, int, Action, LegalActions], Event]] = {
    "run_twice": agree_twice,
    "run_once": choose_once,
}
"""The answers' handlers, for :class:`~splitpot.engine.hand.Hand`'s table of actions."""
