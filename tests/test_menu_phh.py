"""PHH of the lowball draw games against PokerKit 0.7.7 (a test-only oracle).

- Hands of F2L3D (fixed-limit 2-7 Triple Draw) and N2L1D (no-limit 2-7 Single Draw) that
  PokerKit deals and plays with random actions and writes itself (``HandHistory.dumps``: no
  ``_`` fields, no seats, no deck) import into splitpot with PokerKit's finishing stacks.
- splitpot's exports of the same variants replay in PokerKit to splitpot's final stacks.

Where PokerKit's rules differ from docs/rules.md (``test_engine_pokerkit.py``'s docstring: a
short all-in reopening the betting, a raise nobody can answer, PokerKit refilling its deck
from mucked and burned cards), the random player keeps to what both rule sets allow: stacks of
at least 100 big bets, at most a bet and three raises a fixed-limit round, and a deal that
never needs a reshuffle (a hand whose cards run out is dealt again). The checks count such
hands and require nearly all to agree.
"""

from __future__ import annotations

import random
import tomllib
import warnings
from collections import Counter
from dataclasses import dataclass

import pokerkit
import pytest

from splitpot.bots import random_policy
from splitpot.engine.hand import Hand
from splitpot.engine.table import Table
from splitpot.games import GAMES
from splitpot.games.streets import Structure
from splitpot.history import HistoryError, export_phh, import_phh, variant_code
from splitpot.history.phh_variants import from_variant
from test_history import _replay_in_pokerkit

_AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
VARIANTS = {"F2L3D": "27-triple-draw", "N2L1D": "27-single-draw"}


@dataclass(frozen=True, slots=True)
class Dealt:
    """One hand PokerKit played: its PHH (as PokerKit writes it) and its finishing stacks."""

    text: str
    stacks: list[int]


def _game(variant: str) -> pokerkit.Poker:
    if variant == "F2L3D":
        return pokerkit.FixedLimitDeuceToSevenLowballTripleDraw(_AUTOMATIONS, True, 0, (1, 2), 2, 4)
    return pokerkit.NoLimitDeuceToSevenLowballSingleDraw(_AUTOMATIONS, True, 0, (1, 2), 2)


class _OutOfCardsError(Exception):
    """The hand needs more cards than one deck: PokerKit would reshuffle, splitpot differently."""


def _bet(state: pokerkit.State, rng: random.Random, raises: int, capped: bool) -> bool:
    """One random betting action; returns True when it was a bet or raise."""
    choices = ["cc", "cc", "f"] if state.checking_or_calling_amount else ["cc", "cc"]
    # docs/rules.md "Betting": a bet and three raises cap a round (preflop the big blind is
    # the bet); PokerKit counts four raises.
    cap = 3 if state.street_index == 0 else 4
    if state.can_complete_bet_or_raise_to() and not (capped and raises >= cap):
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        assert low is not None and high is not None
        if high < max(state.stacks[i] + state.bets[i] for i in state.player_indices):
            choices.append("cbr")  # never all-in: no short all-in, no raise nobody can call
        if "cbr" in choices and rng.random() < 0.3:
            amount = rng.randint(low, min(high, 4 * low)) if not capped else low
            state.complete_bet_or_raise_to(amount)
            return True
    pick = rng.choice([c for c in choices if c != "cbr"])
    if pick == "f":
        state.fold()
    else:
        state.check_or_call()
    return False


def pokerkit_hand(variant: str, seed: int) -> Dealt:
    """One hand dealt and played by PokerKit with random actions, written by PokerKit."""
    rng = random.Random(seed)
    count = rng.randint(2, 6)
    stacks = [rng.randint(200, 1000) for _ in range(count)]
    game = _game(variant)
    state = game(stacks, count)
    deck = list(pokerkit.Deck.STANDARD)
    rng.shuffle(deck)
    capped = variant == "F2L3D"
    raises, street = 0, state.street_index
    while state.status:
        if state.street_index != street:
            raises, street = 0, state.street_index
        if state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_hole():
            need = 5 - len(state.hole_cards[state.hole_dealee_index])
            if need > len(deck):
                raise _OutOfCardsError
            state.deal_hole([deck.pop() for _ in range(need)])
        elif state.can_stand_pat_or_discard():
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, 5)))
        elif state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards(True)
        elif state.actor_index is not None:
            raises += _bet(state, rng, raises, capped)
        else:  # pragma: no cover - PokerKit waits for nothing else here
            raise AssertionError(f"PokerKit waits: {state}")
    history = pokerkit.HandHistory.from_game_state(game, state)
    return Dealt(history.dumps(), list(state.stacks))


def _pokerkit_hands(variant: str, count: int) -> tuple[list[Dealt], int]:
    hands, skipped, seed = [], 0, 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit's burn of an unknown card
        while len(hands) < count:
            seed += 1
            try:
                hands.append(pokerkit_hand(variant, seed * 7919 + len(variant)))
            except _OutOfCardsError:
                skipped += 1
    return hands, skipped


def _check_import(variant: str, count: int) -> Counter[str]:
    seen: Counter[str] = Counter()
    hands, seen["reshuffle needed"] = _pokerkit_hands(variant, count)
    for dealt in hands:
        assert "_deck" not in dealt.text and tomllib.loads(dealt.text)["variant"] == variant
        events = import_phh(dealt.text)
        assert events[0].data["game"] == VARIANTS[variant]
        replayed = Hand.replay(events)
        button, seats = replayed.button, len(replayed.stacks)
        mine = [replayed.stacks[(button + 1 + i) % seats] for i in range(seats)]
        assert mine == dealt.stacks, dealt.text
        seen["showdown"] += replayed.result is not None
        seen["draws"] += sum(e.kind == "discard" for e in events)
    return seen


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_pokerkit_written_hands_import_with_pokerkits_stacks(variant: str) -> None:
    seen = _check_import(variant, 50)
    assert seen["showdown"] >= 10 and seen["draws"] >= 50, seen


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_pokerkit_written_hands_import_with_pokerkits_stacks_many_slow(variant: str) -> None:
    seen = _check_import(variant, 1000)
    assert seen["showdown"] >= 200 and seen["draws"] >= 1000, seen


def _splitpot_hands(game: str, seats: int, count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    table = Table(game, stacks=[rng.randint(40, 400) for _ in range(seats)], rng=rng,
                  stakes="1/2", rebuy=200)  # fmt: skip
    policy = random_policy(rng)
    return [table.play_hand(policy) for _ in range(count)]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_splitpot_exports_replay_in_pokerkit(variant: str) -> None:
    game = VARIANTS[variant]
    counts: Counter[str] = Counter()
    for seats in range(2, 7):
        for hand in _splitpot_hands(game, seats, 30, seats * 101):
            text = export_phh(hand.events)
            assert tomllib.loads(text)["variant"] == variant_code(game, hand.structure) == variant
            reason = _replay_in_pokerkit(hand)  # "same", or the known difference that explains
            counts[reason] += 1
            counts["same at a showdown"] += reason == "same" and hand.result is not None
    total = sum(v for k, v in counts.items() if k != "same at a showdown")
    assert total == 150
    assert counts["same"] >= 0.8 * total, counts
    assert counts["same at a showdown"] >= 15, counts


def test_variant_codes_of_the_lowball_draw_games() -> None:
    # PHH's own codes where it has them (phh-std: F2L3D, N2L1D), else splitpot's "_" codes.
    assert variant_code("27-triple-draw", "fixed-limit") == "F2L3D"
    assert variant_code("27-single-draw", "no-limit") == "N2L1D"
    assert variant_code("a5-triple-draw", "fixed-limit") == "_FA5L3D"
    assert variant_code("27-triple-draw", "no-limit") == "_N2L3D"
    assert variant_code("27-single-draw", "fixed-limit") == "_F2L1D"
    assert from_variant("F2L3D")[0].id == "27-triple-draw"
    assert from_variant("_FA5L3D") == (GAMES["a5-triple-draw"], Structure.FIXED_LIMIT)
    with pytest.raises(HistoryError, match="unknown PHH variant '_F2L3D'"):
        from_variant("_F2L3D")  # PHH's own code is written without the underscore
