"""The local best response of ``benchmarks/bench_lbr.py`` (issue 24) chooses its draws too: it
stands pat on a bad hand against a bot that folds to a pat hand's bet, and draws as the policy does
against one that never folds, or when told to (``--draws policy``)."""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from typing import Any

from splitpot.bots.base import SeatView, seat_view
from splitpot.bots.caller import CallerBot
from splitpot.cards import full_deck, parse_cards
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.options import Stakes, check_structure
from splitpot.equity.policy import choose_discard
from splitpot.games import find_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
bench_lbr: Any = importlib.import_module("bench_lbr")

GAME = find_game("badugi")
# the responder (seat 1, on the button) holds K-K-Q-Q, which the policy throws whole; the bot
# (seat 0) holds A-2-3-4 of two suits, a two-card hand
STACKED = parse_cards("As Kc 2s Kd 3h Qc 4h Qd")


class PatFearBot:
    """Checks, draws by the policy; facing a bet, folds if the bettor stood pat at the
    latest draw (reads a pat hand as a made badugi), else calls."""

    name = "pat-fear"

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        if legal.phase == "draw":
            return Action.discard(choose_discard(view.game, view.hole, (), legal.discard_max))
        if legal.check:
            return Action.check()
        draws = [e for e in view.events if e.kind == "discard" and e.seat != view.seat]
        if draws and not draws[-1].data.get("count"):
            return Action.fold()
        return Action.call()


def _first_draw(bot: Any, *, draws: bool) -> Any:
    """The responder's action at its first draw against ``bot``, on the stacked deck."""
    rest = [c for c in full_deck() if c not in set(STACKED)]
    random.Random(5).shuffle(rest)
    deck = [*STACKED, *rest]
    stakes = Stakes.parse("1/2", GAME)
    args = {"stacks": [200, 200], "button": 1, "stakes": stakes,
            "structure": check_structure(GAME, None), "reshuffle_seed": 7,
            "names": ["expert", "lbr"]}  # fmt: skip
    hand = Hand(GAME, deck=list(deck), **args)  # type: ignore[arg-type]
    responder = bench_lbr.Responder(GAME, 1, bot, candidates=6, rng=random.Random(1),
                                    samples=100, draws=draws)  # fmt: skip
    make = bench_lbr._maker(GAME, args, deck, 1, hand)
    history: list[Action] = []
    while True:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.seat == 1:
            action = responder.act(hand, legal, history, make)
            if legal.phase == "draw":
                return action
        else:
            action = bot.act(seat_view(hand, 0), legal)
        hand.apply(action)
        history.append(action)


def test_the_responder_snows_a_bot_that_folds_to_a_pat_hand() -> None:
    action = _first_draw(PatFearBot(), draws=True)
    assert action.kind == "discard" and not action.cards, action


def test_the_responder_draws_against_a_bot_that_never_folds() -> None:
    action = _first_draw(CallerBot(), draws=True)
    assert len(action.cards) == 4, action


def test_the_betting_only_responder_draws_by_the_policy() -> None:
    action = _first_draw(PatFearBot(), draws=False)
    assert len(action.cards) == 4, action
