"""Agreement with PokerKit 0.7.7 (a test-only oracle), both ways, on every generated hand.

- PHH that PokerKit writes: random hands of FB, FT, NT and PO (unequal stacks, its own mucks
  of hands that cannot win, reshuffles in Badugi), dumped with ``HandHistory.dumps()`` and
  the finishing stacks PokerKit computed, import into splitpot with those stacks: every one.
- PHH that splitpot writes: random hands (stacks 40-300) replay in PokerKit to splitpot's
  final stacks, every one, except by the one house rule that differs, named in the file:
  TDA 20's odd chips (one at a time from the button, pot by pot; PokerKit settles
  consecutive pots with the same winners as one and gives its odd chips all to the first
  winner), which the export states in ``_odd_chips`` and the test checks to the chip.

The quick tests run 50 hands per variant; the slow-marked ones 1,000.
"""

from __future__ import annotations

import random
import tomllib
import warnings
from typing import Any

import pokerkit
import pytest
from pokerkit import Automation

from splitpot.bots import random_policy
from splitpot.engine.hand import Hand
from splitpot.engine.table import Table
from splitpot.history import export_phh, import_phh
from splitpot.history.store import HistoryError

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

VARIANTS = ("FB", "FT", "NT", "PO")


def _game(variant: str, rng: random.Random) -> pokerkit.Poker:
    blinds = (1, 2)
    ante = rng.choice([0, 0, 1])
    if variant == "FB":
        return pokerkit.FixedLimitBadugi(AUTOMATIONS, False, ante, blinds, 2, 4)
    if variant == "FT":
        return pokerkit.FixedLimitTexasHoldem(AUTOMATIONS, False, ante, blinds, 2, 4)
    game = pokerkit.NoLimitTexasHoldem if variant == "NT" else pokerkit.PotLimitOmahaHoldem
    return game(AUTOMATIONS, False, ante, blinds, 2)


def pokerkit_hand(variant: str, seed: int) -> tuple[str, list[int]]:
    """A random hand played in PokerKit: its PHH (``HandHistory.dumps()``) and final stacks."""
    rng = random.Random(seed)
    stacks = [rng.randint(3, 300) for _ in range(rng.randint(2, 6))]
    game = _game(variant, rng)
    outside = random.getstate()  # PokerKit shuffles its deck with the random module's
    random.seed(f"{variant}{seed}")
    try:
        return _play(game, stacks, rng)
    finally:
        random.setstate(outside)


def _play(game: pokerkit.Poker, stacks: list[int], rng: random.Random) -> tuple[str, list[int]]:
    state = game(stacks, len(stacks))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit's note when it refills its deck
        while state.status:
            if state.can_stand_pat_or_discard():
                hole = list(state.hole_cards[state.stand_patter_or_discarder_index or 0])
                state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
                continue
            choices: list[str] = []
            if state.can_fold():
                choices.append("fold")
            if state.can_check_or_call():
                choices += ["call"] * 3
            if state.can_complete_bet_or_raise_to():
                choices += ["raise"] * 2
            kind = rng.choice(choices)
            if kind == "fold":
                state.fold()
            elif kind == "call":
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(rng.choice([low, high, rng.randint(low, high)]))
    history = pokerkit.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks))
    return history.dumps(), list(state.stacks)


def _pokerkit_imports(variant: str, count: int) -> dict[str, int]:
    seen = {"hands": 0, "mucks": 0, "reshuffles": 0}
    for seed in range(count):
        text, stacks = pokerkit_hand(variant, seed)
        try:
            events = import_phh(text)  # compares finishing_stacks: refused if they differ
        except HistoryError as exc:
            raise AssertionError(f"refused: {exc}\n{text}") from None
        hand = Hand.replay(events)
        order = [(hand.button + 1 + i) % len(stacks) for i in range(len(stacks))]
        assert [hand.stacks[seat] for seat in order] == stacks, text
        seen["hands"] += 1
        seen["mucks"] += any(e.kind == "muck" for e in events)
        seen["reshuffles"] += any(e.kind == "reshuffle" for e in events)
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_pokerkit_phh_imports_with_pokerkits_finishing_stacks(variant: str) -> None:
    seen = _pokerkit_imports(variant, 50)
    assert seen["hands"] == 50, seen
    assert seen["mucks"] > 0, seen


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_pokerkit_phh_imports_with_pokerkits_finishing_stacks_1000(variant: str) -> None:
    seen = _pokerkit_imports(variant, 1000)
    assert seen["hands"] == 1000, seen  # every one, with PokerKit's finishing stacks
    assert seen["mucks"] > 0, seen
    if variant == "FB":
        assert seen["reshuffles"] > 0, seen


# Hands of the 1,000 that splitpot refused before it played a PHH written elsewhere by
# PokerKit's rules (docs/phh.md "What PokerKit can and cannot do"), by the rule that differed.
POKERKITS_RULES = {
    "fixed-limit short all-in": [("FB", 444), ("FT", 537), ("FT", 789)],
    "a round's first short bet is full": [("PO", 775)],
    "replacements dealt once every player has discarded": [("FB", 6), ("FB", 10), ("FB", 130)],
    "a reshuffle deals again cards nobody saw": [("FB", 197), ("FB", 285), ("FB", 346),
                                                 ("FB", 583), ("FB", 689), ("FB", 851)],
}  # fmt: skip


@pytest.mark.parametrize("rule", POKERKITS_RULES)
def test_pokerkit_phh_imports_by_pokerkits_rule_where_the_house_rule_differs(rule: str) -> None:
    for variant, seed in POKERKITS_RULES[rule]:
        text, stacks = pokerkit_hand(variant, seed)
        hand = Hand.replay(import_phh(text))
        order = [(hand.button + 1 + i) % len(stacks) for i in range(len(stacks))]
        assert [hand.stacks[seat] for seat in order] == stacks, (variant, seed)
        if variant == "FB" and "reshuffle" in rule:
            assert any(e.kind == "reshuffle" for e in hand.events), seed


GAMES = {"FB": ("badugi", "fixed-limit"), "FT": ("holdem", "fixed-limit"),
         "NT": ("holdem", "no-limit"), "PO": ("omaha", "pot-limit")}  # fmt: skip


def _pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(list(pokerkit.HandHistory.loads(text))[-1].stacks)


def _by_house_rule(doc: dict[str, Any]) -> list[int]:
    """The stacks PokerKit must compute: splitpot's, with each ``_odd_chips`` entry's
    ``chips`` (as TDA 20 gave them) replaced by its ``first_winner`` chips (as PokerKit gives
    them: consecutive pots with the same winners as one, its odd chips to the first)."""
    stacks = list(doc["finishing_stacks"])
    for entry in doc.get("_odd_chips", ()):
        assert sum(entry["chips"]) == sum(entry["first_winner"]) == entry["amount"], entry
        for label, ours, theirs in zip(
            entry["winners"], entry["chips"], entry["first_winner"], strict=True
        ):
            stacks[int(label[1:]) - 1] += theirs - ours
    return stacks


def _splitpot_exports(variant: str, count: int) -> dict[str, int]:
    game, structure = GAMES[variant]
    seen = {"hands": 0, "odd chips": 0}
    rng = random.Random(variant)
    for number in range(count):
        seats = rng.randint(2, 6)
        table = Table(game, stacks=[rng.randint(40, 300) for _ in range(seats)],
                      rng=random.Random(number), structure=structure)  # fmt: skip
        hand = table.play_hand(random_policy(random.Random(number)))
        text = export_phh(hand.events)
        doc = tomllib.loads(text)
        assert _pokerkit_stacks(text) == _by_house_rule(doc), text
        seen["hands"] += 1
        seen["odd chips"] += "_odd_chips" in doc
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_splitpot_phh_replays_in_pokerkit_to_the_same_stacks(variant: str) -> None:
    assert _splitpot_exports(variant, 50)["hands"] == 50


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_splitpot_phh_replays_in_pokerkit_to_the_same_stacks_1000(variant: str) -> None:
    assert _splitpot_exports(variant, 1000)["hands"] == 1000


def test_odd_chips_state_where_tda_20_differs_from_a_first_winner_reader() -> None:
    from splitpot.history.phh_export import odd_chip_differences

    pots = [{"pot": p, "award": "holdem", "amount": 289, "winners": ["p5", "p2"]} for p in (0, 1)]
    assert odd_chip_differences(pots, "high-award") == [
        {"pots": [0, 1], "award": "holdem", "amount": 578, "winners": ["p2", "p5"],
         "chips": [290, 288], "first_winner": [289, 289]},
    ]  # fmt: skip
    merged = [{"pot": 0, "award": "holdem", "amount": 578, "winners": ["p2", "p5"]}]
    assert odd_chip_differences(merged, "first-winner") == []  # settled as a reader settles
    three = [{"pot": 0, "award": "holdem", "amount": 11, "winners": ["p1", "p2", "p3"]}]
    assert odd_chip_differences(three, "high-award")[0]["chips"] == [4, 4, 3]
    assert odd_chip_differences(three, "high-award")[0]["first_winner"] == [5, 3, 3]


def test_pokerkit_reshuffle_that_the_record_cannot_hold_is_refused_with_the_reason() -> None:
    # FB seed 583 reshuffles in its last draw; a record dealing one of those cards twice
    # (p2, who shows) after the reshuffle would need a second one: not rebuilt, refused.
    text, _ = pokerkit_hand("FB", 583)
    actions = tomllib.loads(text)["actions"]
    last = max(i for i, action in enumerate(actions) if action.startswith("d dh p2"))
    twice = [*actions[: last + 1], actions[last], *actions[last + 1 :]]
    again = text.replace(repr(actions), repr(twice))
    assert again != text
    with pytest.raises(HistoryError, match="a second reshuffle"):
        import_phh(again)
    assert import_phh(text)  # as PokerKit wrote it, it imports
