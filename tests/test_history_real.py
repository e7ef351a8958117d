"""Hands as real tables deal them, through PHH: forced bets as data, unknown cards, mucks,
a .phhs with bad hands among good ones, and real hands transcribed from public reports
(tests/fixtures/real_hands.phhs)."""

from __future__ import annotations

import random
import tomllib
import warnings

import pokerkit
import pytest

from splitpot.bots import random_policy
from splitpot.engine.hand import Hand
from splitpot.engine.table import Table
from splitpot.history import export_phh, import_phh
from splitpot.history.phh_export import _dump


def bare(text: str) -> str:
    """The PHH without splitpot's ``_`` fields, as another tool would write it."""
    return _dump([(k, v) for k, v in tomllib.loads(text).items() if not k.startswith("_")])


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(list(pokerkit.HandHistory.loads(text))[-1].stacks)


@pytest.mark.parametrize(
    "stakes", ["1/2 bb-ante 2", "1/2 straddle", "1/2 button-ante 1", "2/4 bb-ante 4 straddle"]
)
def test_forced_bets_as_phh_round_trip_and_replay_in_pokerkit(stakes: str) -> None:
    rng = random.Random(stakes)
    for number in range(25):
        count = rng.randint(2, 6)
        table = Table("holdem", stacks=[rng.randint(40, 300) for _ in range(count)],
                      rng=random.Random(number), stakes=stakes)  # fmt: skip
        hand = table.play_hand(random_policy(random.Random(number)))
        text = export_phh(hand.events)
        assert export_phh(import_phh(text)) == text
        assert pokerkit_stacks(text) == tomllib.loads(text)["finishing_stacks"]
        plain = import_phh(bare(text))  # no _stakes: read from antes and blinds_or_straddles
        if count > 2:
            assert plain[0].data["stakes"] == hand.events[0].data["stakes"]
        assert Hand.replay(plain).stacks == hand.stacks
