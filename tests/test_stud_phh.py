"""PHH of the stud family against PokerKit 0.7.7, both ways (docs/rules.md "The mixed-game
menu"): ``F7S``, ``FR`` and ``F7S/8`` are PHH's own codes (``bring_in``, ``antes`` per seat,
``small_bet``/``big_bet``), Razzdugi has none and is written ``_FRZB``.

- Random hands that PokerKit deals, plays and writes import into splitpot with PokerKit's
  finishing stacks (PokerKit burns a card before each street: at most six players, so its deck
  lasts; its first stud position sits left of the dealer even heads-up, as splitpot's does),
  its fixed-limit short all-ins and completions of the bring-in included; refused only where
  PokerKit 0.7.7 splits a Stud Hi-Lo 8 side pot wrongly (:func:`gives_a_low_half_away`).
- splitpot's exports of the same games replay in PokerKit to splitpot's stacks.

50 hands each way everyday; 1,000 under the ``slow`` marker.
"""

from __future__ import annotations

import random
import re
import tomllib

import pokerkit
import pytest

from splitpot.bots import random_policy
from splitpot.engine.hand import Hand
from splitpot.engine.table import Table
from splitpot.history import HistoryError, export_phh, import_phh, variant_code
from splitpot.history.phh_variants import from_variant
from test_history_pokerkit import AUTOMATIONS, _by_house_rule, _pokerkit_stacks

GAMES_BY_CODE = {
    "F7S": ("stud", pokerkit.FixedLimitSevenCardStud),
    "FR": ("razz", pokerkit.FixedLimitRazz),
    "F7S/8": ("stud-8", pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter),
}


def pokerkit_stud_hand(code: str, seed: int) -> tuple[str, list[int], bool]:
    """A random hand of ``code`` played in PokerKit: its PHH, its finishing stacks, and
    whether PokerKit gave a low half away (:func:`gives_a_low_half_away`)."""
    rng = random.Random(f"{code}{seed}")
    stacks = [rng.randint(5, 200) for _ in range(rng.randint(2, 6))]
    game = GAMES_BY_CODE[code][1](AUTOMATIONS, False, 1, 1, 2, 4)
    outside = random.getstate()  # PokerKit shuffles its deck with the random module's
    random.seed(f"{code}-deck-{seed}")
    try:
        state = game(stacks, len(stacks))
        while state.status:
            choices = ["call"] * 3 + (["fold"] if state.can_fold() else [])
            if state.can_post_bring_in():
                choices = ["bring-in"] * 2
            if state.can_complete_bet_or_raise_to():
                choices += ["raise"] * 2
            kind = rng.choice(choices)
            if kind == "bring-in":
                state.post_bring_in()
            elif kind == "fold":
                state.fold()
            elif kind == "call":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to()
    finally:
        random.setstate(outside)
    history = pokerkit.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks))
    return history.dumps(), list(state.stacks), gives_a_low_half_away(state)


def gives_a_low_half_away(state: pokerkit.State) -> bool:
    """PokerKit 0.7.7's Stud Hi-Lo 8 side-pot bug: it halves a pot when any player in the hand
    has a low, and a pot that no low of its own players qualifies for has its low half shared
    by all of them; so a player with no low who did not win the pot's high half is paid."""
    pushes = [op for op in state.operations if isinstance(op, pokerkit.ChipsPushing)]
    high = {op.pot_index: op.amounts for op in pushes if op.hand_type_index == 0}
    return any(
        amount and state.get_up_hand(seat, 0, 1) is None and not high[op.pot_index][seat]
        for op in pushes
        if op.hand_type_index == 1
        for seat, amount in enumerate(op.amounts)
    )


def _imports(code: str, count: int) -> tuple[int, list[int]]:
    """(hands imported, seeds refused): a refusal is only PokerKit's Stud Hi-Lo 8 side pot
    that no low qualifies for, which PokerKit 0.7.7 splits with a hand that did not win it
    (seed 177: PokerKit gives 3 of a 12-chip side pot to a pair of eights against two pair).
    A fixed-limit short all-in imports: the importer plays PokerKit's rule (docs/phh.md)."""
    done, refused = 0, []
    for seed in range(count):
        text, stacks, gives_away = pokerkit_stud_hand(code, seed)
        assert tomllib.loads(text)["variant"] == code
        try:
            events = import_phh(text)  # compares finishing_stacks: refused if they differ
        except HistoryError as exc:
            assert gives_away and "finishing_stacks does not match" in str(exc), (exc, text)
            refused.append(seed)
            continue
        assert not gives_away, text  # splitpot settles the pot as the rules say
        hand = Hand.replay(events)
        assert hand.game.id == GAMES_BY_CODE[code][0]
        order = [(hand.button + 1 + i) % len(stacks) for i in range(len(stacks))]
        assert [hand.stacks[seat] for seat in order] == stacks, text
        done += 1
    return done, refused


def _exports(game: str, count: int) -> int:
    rng = random.Random(game)
    for number in range(count):
        seats = rng.randint(2, 6)
        table = Table(game, stacks=[rng.randint(20, 200) for _ in range(seats)],
                      rng=random.Random(number))  # fmt: skip
        hand = table.play_hand(random_policy(random.Random(number)))
        text = export_phh(hand.events)
        doc = tomllib.loads(text)
        assert doc["variant"] == variant_code(game, "fixed-limit")
        assert doc["bring_in"] == hand.stakes.bring_in
        assert _pokerkit_stacks(text) == _by_house_rule(doc), text
        assert list(import_phh(text)) == list(hand.events)  # and back
    return count


@pytest.mark.parametrize("code", sorted(GAMES_BY_CODE))
def test_pokerkit_stud_hands_import_with_pokerkits_finishing_stacks(code: str) -> None:
    assert _imports(code, 50) == (50, [])


@pytest.mark.slow
@pytest.mark.parametrize("code", sorted(GAMES_BY_CODE))
def test_pokerkit_stud_hands_import_with_pokerkits_finishing_stacks_1000(code: str) -> None:
    # Before PokerKit's short all-ins in stud, 3 F7S, 1 FR and 5 F7S/8 hands were refused.
    done, refused = _imports(code, 1000)
    if code == "F7S/8":
        assert (done, refused) == (999, [177])  # PokerKit's side-pot bug, and nothing else
    else:
        assert (done, refused) == (1000, [])


# A fixed-limit short all-in, as PokerKit plays it (docs/phh.md): the next raise is a full
# bet above it, and a short first bet reopens the betting. Three-handed stud, ante 1, bets 2/4:
# on fifth street p1 and p2 check, p3 is all-in for a bet of 1 and p1 raises to 5 (by the
# house rule, p1 could only call: a bet of less than half a bet does not reopen). p3's three
# jacks take the main pot (3 x 4), p1's queens the side pot (2 x 8).
SHORT_ALL_IN_THEN_A_RAISE = """variant = 'F7S'
antes = [1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [60, 60, 4]
actions = [
  'd dh p1 AsKsQd', 'd dh p2 AhKh2c', 'd dh p3 JdJsJc', 'p2 pb', 'p3 cc', 'p1 cbr 2', 'p2 cc',
  'p3 cc', 'd dh p1 Qh', 'd dh p2 3c', 'd dh p3 4d', 'p1 cc', 'p2 cc', 'p3 cc',
  'd dh p1 9s', 'd dh p2 5c', 'd dh p3 6h', 'p1 cc', 'p2 cc', 'p3 cbr 1', 'p1 cbr 5', 'p2 cc',
  'd dh p1 8s', 'd dh p2 Tc', 'd dh p3 7h', 'p1 cbr 4', 'p2 cc',
  'd dh p1 7d', 'd dh p2 9h', 'd dh p3 8h', 'p1 cc', 'p2 cc',
  'p1 sm AsKsQdQh9s8s7d', 'p2 sm AhKh2c3c5cTc9h', 'p3 sm JdJsJc4d6h7h8h',
]
"""

# A bring-in's stack completing all-in, as PokerKit lets it: ante 1, bring-in 2, bets 5/10,
# p3 has 2 behind and completes to 2, a first bet, so p1 raises a full bet above it, to 7
# (not a completion to 5). p3's jacks take the main pot (3 x 3), p1's queens the side (2 x 5).
BRING_IN_STACK_COMPLETES = """variant = 'F7S'
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [60, 60, 3]
actions = [
  'd dh p1 AsKsQd', 'd dh p2 AhKhJc', 'd dh p3 JdJs2c', 'p3 cbr 2', 'p1 cbr 7', 'p2 cc',
  'd dh p1 Qh', 'd dh p2 3c', 'd dh p3 Jh', 'p1 cc', 'p2 cc',
  'd dh p1 9s', 'd dh p2 5c', 'd dh p3 4d', 'p1 cc', 'p2 cc',
  'd dh p1 8s', 'd dh p2 Tc', 'd dh p3 6h', 'p1 cc', 'p2 cc',
  'd dh p1 7d', 'd dh p2 9h', 'd dh p3 7h', 'p1 cc', 'p2 cc',
  'p1 sm AsKsQdQh9s8s7d', 'p2 sm AhKhJc3c5cTc9h', 'p3 sm JdJs2cJh4d6h7h',
]
"""


@pytest.mark.parametrize(
    ("text", "stacks", "house_refuses"),
    [
        (SHORT_ALL_IN_THEN_A_RAISE, [64, 48, 12], "'p1 cbr 5'): seat1 cannot raise now"),
        (BRING_IN_STACK_COMPLETES, [62, 52, 9], "'p3 cbr 2'): seat3 cannot raise now"),
    ],
    ids=["short-all-in-then-a-raise", "bring-in-stack-completes"],
)
def test_pokerkit_fixed_limit_short_all_in_next_raise_a_full_bet_above_it_in_stud(
    text: str, stacks: list[int], house_refuses: str
) -> None:
    assert _pokerkit_stacks(text) == stacks
    events = import_phh(f"{text}finishing_stacks = {stacks}\n")
    hand = Hand.replay(events)
    assert [hand.stacks[(hand.button + 1 + i) % 3] for i in range(3)] == stacks
    # The same actions under the house rules (a file from splitpot says its options):
    with pytest.raises(HistoryError, match=re.escape(house_refuses)):
        import_phh(f"{text}_options = {{}}\n")


@pytest.mark.parametrize("code", sorted(GAMES_BY_CODE))
def test_splitpot_stud_exports_replay_in_pokerkit(code: str) -> None:
    assert _exports(GAMES_BY_CODE[code][0], 50) == 50


@pytest.mark.slow
@pytest.mark.parametrize("code", sorted(GAMES_BY_CODE))
def test_splitpot_stud_exports_replay_in_pokerkit_1000(code: str) -> None:
    assert _exports(GAMES_BY_CODE[code][0], 1000) == 1000


def test_razzdugi_is_written_with_an_underscore_code_and_read_back() -> None:
    assert variant_code("razzdugi", "fixed-limit") == "_FRZB"
    assert from_variant("_FRZB")[0].id == "razzdugi"
    for code, (game, _) in GAMES_BY_CODE.items():
        assert variant_code(game, "fixed-limit") == code and from_variant(code)[0].id == game
    table = Table("razzdugi", stacks=[80, 80, 80], rng=random.Random(4))
    hand = table.play_hand(random_policy(random.Random(4)))
    assert list(import_phh(export_phh(hand.events))) == list(hand.events)
