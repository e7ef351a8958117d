"""Limit Hold'em (``limit-holdem``, issue 22): hold'em bet fixed-limit as a game of its own, the
H of HORSE and the 8-game's limit hold'em beside its No-limit Hold'em (docs/rules.md "The
mixed-game menu" names both rotations; "Betting" gives the fixed-limit rules).

- Six seats x 500 random hands with chips conserved and every card in exactly one place after
  every action (no card dealt twice).
- PHH: it writes PHH's ``FT``; splitpot's exports replay in PokerKit 0.7.7 to splitpot's stacks
  (TDA 20's odd chips stated in ``_odd_chips``, as for the other standard variants); an ``FT``
  record PokerKit writes (no ``_game``) imports as Limit Hold'em with PokerKit's finishing
  stacks; splitpot's own files round-trip.

50 hands each way everyday; 1,000 under the ``slow`` marker.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections import Counter

import pytest

from cli_run import cli
from random_hands import random_hands
from splitpot.bots import random_policy
from splitpot.engine.hand import Hand
from splitpot.engine.table import Table
from splitpot.errors import GameSpecError
from splitpot.games import GAMES
from splitpot.games.streets import Structure
from splitpot.history import export_phh, import_phh
from test_history_pokerkit import _by_house_rule, _pokerkit_stacks, pokerkit_hand

GAME = "limit-holdem"


def test_six_seats_500_random_hands_conserve_chips_and_deal_no_card_twice() -> None:
    seen: Counter[str] = Counter()
    for hand in random_hands(GAME, 6, 500, random.Random(GAME)):
        assert hand.structure is Structure.FIXED_LIMIT
        seen["showdown"] += hand.result is not None
        seen["river"] += len(hand.board) == 5
    assert seen["showdown"] >= 50 and seen["river"] >= 50, seen


def test_limit_holdem_is_played_fixed_limit_only() -> None:
    hand = Hand(GAME, stacks=[100, 100], rng=random.Random(1))
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    assert legal.raise_.min_to == legal.raise_.max_to == 4  # the big blind 2 raised by 2
    for structure in ("no-limit", "pot-limit"):
        with pytest.raises(GameSpecError, match=f"Limit Hold'em is not played {structure}"):
            Hand(GAME, stacks=[100, 100], structure=structure, rng=random.Random(1))


def _splitpot_exports(count: int) -> Counter[str]:
    seen: Counter[str] = Counter()
    rng = random.Random(f"{GAME} exports")
    for number in range(count):
        seats = rng.randint(2, 6)
        table = Table(GAME, stacks=[rng.randint(40, 300) for _ in range(seats)],
                      rng=random.Random(number))  # fmt: skip
        hand = table.play_hand(random_policy(random.Random(number)))
        text = export_phh(hand.events)
        doc = tomllib.loads(text)
        assert doc["variant"] == "FT" and doc["_game"] == GAME
        assert _pokerkit_stacks(text) == _by_house_rule(doc), text
        assert export_phh(import_phh(text)) == text  # its own file: the same game, the same text
        seen["hands"] += 1
        seen["odd chips"] += "_odd_chips" in doc
    return seen


def test_limit_holdem_ft_export_replays_in_pokerkit_to_the_same_stacks() -> None:
    assert _splitpot_exports(50)["hands"] == 50


@pytest.mark.slow
def test_limit_holdem_ft_export_replays_in_pokerkit_to_the_same_stacks_1000() -> None:
    assert _splitpot_exports(1000)["hands"] == 1000


def _pokerkit_imports(count: int) -> Counter[str]:
    seen: Counter[str] = Counter()
    for seed in range(count):
        text, stacks = pokerkit_hand("FT", seed)
        doc = tomllib.loads(text)
        assert doc["variant"] == "FT" and "_game" not in doc
        hand = Hand.replay(import_phh(text))  # compares finishing_stacks: refused if they differ
        assert hand.game is GAMES[GAME] and hand.structure is Structure.FIXED_LIMIT
        order = [(hand.button + 1 + i) % len(stacks) for i in range(len(stacks))]
        assert [hand.stacks[seat] for seat in order] == stacks, text
        seen["hands"] += 1
    return seen


def test_a_pokerkit_ft_record_imports_as_limit_holdem_with_pokerkits_stacks() -> None:
    assert _pokerkit_imports(50)["hands"] == 50


def test_simulate_and_showdown_take_limit_holdem() -> None:
    code, out = cli(["simulate", GAME, "--players", "6", "--hands", "40", "--seed", "4",
                     "--no-store", "--json"])  # fmt: skip
    assert code == 0
    report = json.loads(out)
    assert report["game"] == GAME and report["chips_before"] == report["chips_after"]
    code, out = cli(["showdown", "lhe", "--board", "2c 7d 9h Ts 3s", "--player", "A=As Ah",
                     "--player", "B=Kd Kc", "--pot", "101", "--json"])  # fmt: skip
    assert code == 0 and json.loads(out)["payouts"] == {"A": 101, "B": 0}
