"""PHH of Omaha Hi-Lo 8 (``FO/8``, PHH's own code) against PokerKit 0.7.7, both ways.

- Random ``FO/8`` hands that PokerKit deals, plays and writes (``HandHistory.dumps()``, no ``_``
  fields) import into splitpot with PokerKit's finishing stacks, every one (a PHH written
  elsewhere is played by PokerKit's rules where they differ from the house's: docs/phh.md).
  PokerKit 0.7.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` bets pot-limit (it mixes
  in ``PotLimitPokerMixin``; docs/phh.md), so the random player keeps to what fixed-limit
  allows: every bet and raise by the street's fixed amount, a bet and three raises a round.
- splitpot's exports of ``omaha-8`` replay in PokerKit to splitpot's stacks, with TDA 20's odd
  chips stated in ``_odd_chips`` (as for FT and PO).
- The pot-limit game and Big O have no PHH code: splitpot writes ``_PO/8`` and ``_PO5/8``
  (docs/phh.md), which it reads back.

50 hands each way everyday; 1,000 under the ``slow`` marker.
"""

from __future__ import annotations

import random
import tomllib

import pokerkit
import pytest

from splitpot.bots import random_policy
from splitpot.engine.hand import Hand
from splitpot.engine.table import Table
from splitpot.games import GAMES
from splitpot.games.streets import Structure
from splitpot.history import export_phh, import_phh, variant_code
from splitpot.history.phh_variants import from_variant
from splitpot.history.store import HistoryError
from test_history_pokerkit import AUTOMATIONS, _by_house_rule, _pokerkit_stacks


def pokerkit_o8_hand(seed: int) -> tuple[str, list[int]]:
    """A random FO/8 hand played in PokerKit: its PHH and its finishing stacks."""
    rng = random.Random(seed)
    stacks = [rng.randint(3, 300) for _ in range(rng.randint(2, 6))]
    game = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(
        AUTOMATIONS, False, rng.choice([0, 0, 1]), (1, 2), 2, 4
    )
    outside = random.getstate()  # PokerKit shuffles its deck with the random module's
    random.seed(f"FO/8{seed}")
    try:
        return _play_fixed_limit(game, stacks, rng)
    finally:
        random.setstate(outside)


def _play_fixed_limit(
    game: pokerkit.Poker, stacks: list[int], rng: random.Random
) -> tuple[str, list[int]]:
    state = game(stacks, len(stacks))
    raises, street = 0, state.street_index
    while state.status:
        if state.street_index != street:
            raises, street = 0, state.street_index
        choices = ["call"] * 3 + (["fold"] if state.can_fold() else [])
        size = 2 if (state.street_index or 0) < 2 else 4
        to = max(state.bets) + size
        cap = 3 if state.street_index == 0 else 4  # the big blind is preflop's bet
        if state.can_complete_bet_or_raise_to() and raises < cap:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            actor = state.actor_index or 0
            if low <= to <= high and to < state.stacks[actor] + state.bets[actor]:
                choices += ["raise"] * 2
        kind = rng.choice(choices)
        if kind == "fold":
            state.fold()
        elif kind == "call":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(to)
            raises += 1
    history = pokerkit.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks))
    return history.dumps(), list(state.stacks)


def _pokerkit_imports(count: int) -> dict[str, int]:
    seen = {"hands": 0, "low halves": 0}
    for seed in range(count):
        text, stacks = pokerkit_o8_hand(seed)
        assert tomllib.loads(text)["variant"] == "FO/8"
        try:
            events = import_phh(text)  # compares finishing_stacks: refused if they differ
        except HistoryError as exc:
            raise AssertionError(f"refused: {exc}\n{text}") from None
        hand = Hand.replay(events)
        assert hand.game.id == "omaha-8"
        order = [(hand.button + 1 + i) % len(stacks) for i in range(len(stacks))]
        assert [hand.stacks[seat] for seat in order] == stacks, text
        seen["hands"] += 1
        if hand.result is not None:
            seen["low halves"] += any(
                a.name == "omaha-low" and a.amount for p in hand.result.pots for a in p.awards
            )
    return seen


def test_pokerkit_fo8_with_pot_limit_amounts_is_refused_with_the_reason() -> None:
    # PokerKit's FO/8 accepts a pot-limit raise; the file says fixed-limit, and so does
    # splitpot: the hand is refused, the fixed amount named, nothing stored.
    text, _ = pokerkit_o8_hand(0)
    doc = tomllib.loads(text)
    doc_actions = [a for a in doc["actions"] if " cbr " in a]
    assert doc_actions  # the fixed-limit player raised at least once
    first = doc_actions[0]
    bad = text.replace(f"'{first}'", f"'{first.rsplit(' ', 1)[0]} 7'", 1)
    with pytest.raises(HistoryError, match="the fixed-limit amount is"):
        import_phh(bad)


def test_pokerkit_fo8_imports_with_pokerkits_finishing_stacks() -> None:
    seen = _pokerkit_imports(50)
    assert seen["hands"] >= 48 and seen["low halves"] > 0, seen


@pytest.mark.slow
def test_pokerkit_fo8_imports_with_pokerkits_finishing_stacks_1000() -> None:
    seen = _pokerkit_imports(1000)
    refused = sum(v for k, v in seen.items() if k not in ("hands", "low halves"))
    assert seen["hands"] + refused == 1000, seen
    assert refused == 0, seen  # measured (fixed seeds, PokerKit pinned): every hand imports
    assert seen["low halves"] >= 50, seen


def _splitpot_exports(game: str, count: int) -> dict[str, int]:
    seen = {"hands": 0, "odd chips": 0, "low halves": 0}
    rng = random.Random(game)
    for number in range(count):
        seats = rng.randint(2, 6)
        table = Table(game, stacks=[rng.randint(40, 300) for _ in range(seats)],
                      rng=random.Random(number))  # fmt: skip
        hand = table.play_hand(random_policy(random.Random(number)))
        text = export_phh(hand.events)
        doc = tomllib.loads(text)
        assert doc["variant"] == "FO/8"
        assert _pokerkit_stacks(text) == _by_house_rule(doc), text
        seen["hands"] += 1
        seen["odd chips"] += "_odd_chips" in doc
        if hand.result is not None:
            seen["low halves"] += any(
                a.name == "omaha-low" and a.amount for p in hand.result.pots for a in p.awards
            )
    return seen


def test_splitpot_fo8_replays_in_pokerkit_to_the_same_stacks() -> None:
    seen = _splitpot_exports("omaha-8", 50)
    assert seen["hands"] == 50 and seen["low halves"] > 0, seen


@pytest.mark.slow
def test_splitpot_fo8_replays_in_pokerkit_to_the_same_stacks_1000() -> None:
    seen = _splitpot_exports("omaha-8", 1000)
    assert seen["hands"] == 1000 and seen["low halves"] >= 50, seen


@pytest.mark.parametrize("game", ["omaha-8-pl", "big-o"])
def test_pot_limit_hi_lo_round_trips_through_splitpots_own_codes(game: str) -> None:
    table = Table(game, stacks=[200, 150, 300], rng=random.Random(5))
    for number in range(10):
        hand = table.play_hand(random_policy(random.Random(number)))
        text = export_phh(hand.events)
        assert tomllib.loads(text)["variant"] == variant_code(game, "pot-limit")
        again = export_phh(import_phh(text))
        assert again == text


def test_variant_codes_of_omaha_hi_lo() -> None:
    # PHH's own FO/8 (phh-std's variants: fixed-limit Omaha hi-lo eight or better); no code for
    # the pot-limit games, so splitpot's "_" codes.
    assert variant_code("omaha-8", "fixed-limit") == "FO/8"
    assert variant_code("omaha-8-pl", "pot-limit") == "_PO/8"
    assert variant_code("big-o", "pot-limit") == "_PO5/8"
    assert from_variant("FO/8") == (GAMES["omaha-8"], Structure.FIXED_LIMIT)
    assert from_variant("_PO/8") == (GAMES["omaha-8-pl"], Structure.POT_LIMIT)
    with pytest.raises(HistoryError, match="unknown PHH variant '_FO/8'"):
        from_variant("_FO/8")
