"""Issue 13, the engine's edges: each test is named after the item it checks.

Options validated by type and range on construction; stakes a game cannot use refused (an ante
game needs its ante) and antes supported in blind games (docs/rules.md leaves them out; mixed games
play ante + blinds); wrong types refused as illegal actions, not Python errors.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from splitpot.describe import history_text, stakes_text
from splitpot.engine import Action, Hand, Stakes, stacked_deck
from splitpot.engine.events import Posted
from splitpot.engine.options import Options
from splitpot.engine.showdown import settle
from splitpot.equity import equity
from splitpot.errors import CardParseError, GameSpecError, IllegalActionError, SchemaError
from splitpot.games import find_game
from splitpot.history.phh import export_phh, read_phh


def hand(game: str = "badugi", **changes: Any) -> Hand:
    setup: dict[str, Any] = {"stacks": [100, 100, 100], "rng": random.Random(1), **changes}
    return Hand(game, **setup)


# --------------------------------------------------------------------------- options


def test_options_heads_up_uncapped_no_is_refused() -> None:
    with pytest.raises(GameSpecError, match="heads_up_uncapped 'no': true or false"):
        Options(heads_up_uncapped="no")  # type: ignore[arg-type]
    assert Options(heads_up_uncapped=True).heads_up_uncapped is True


def test_options_max_discard_2_5_is_refused() -> None:
    for bad in (2.5, True, "3", 0, -1):
        with pytest.raises(GameSpecError, match="max_discard"):
            Options(max_discard=bad)  # type: ignore[arg-type]
    assert Options(max_discard=3).max_discard == 3


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("raise_cap", True),  # True == 1, but is not a number of bets
        ("raise_cap", 4.0),
        ("two_way_tie_keeps", 1),  # 1 == True, but is not a yes or no
        ("two_way_tie_keeps", "yes"),
        ("reshuffle", ["all-discards"]),
        ("odd_chip", 0),
    ],
)
def test_options_are_checked_by_type_on_construction(field: str, value: object) -> None:
    with pytest.raises(GameSpecError, match=field):
        Options(**{field: value})  # type: ignore[arg-type]


def test_options_from_json_refuse_the_same() -> None:
    with pytest.raises(SchemaError, match="heads_up_uncapped cannot be 'no'"):
        Options.from_json({"heads_up_uncapped": "no"})
    with pytest.raises(SchemaError, match=r"max_discard cannot be 2\.5"):
        Options.from_json({"max_discard": 2.5})


def test_max_discard_above_the_game_draw_is_refused_for_the_game() -> None:
    with pytest.raises(GameSpecError, match="max_discard 99: Drawmaha draws at most 5 cards"):
        Options(max_discard=99).check_game(find_game("drawmaha"))
    with pytest.raises(GameSpecError, match="Doogie has no draw"):
        Options(max_discard=2).check_game(find_game("doogie"))
    Options(max_discard=3).check_game(find_game("drawmadugi"))
    Options().check_game(find_game("doogie"))


# --------------------------------------------------------------------------- stakes


def test_doogie_with_blind_only_stakes_is_refused_not_played_for_a_pot_of_0() -> None:
    with pytest.raises(GameSpecError, match="Doogie is an ante game"):
        hand("doogie", stakes=Stakes(small_blind=1, big_blind=2))
    with pytest.raises(GameSpecError, match="Doogie is an ante game"):
        Stakes.parse("0/2", find_game("doogie"))
    played = hand("doogie", stakes=Stakes(ante=1, small_bet=2))
    assert played.pot == 3  # three antes of 1


def test_blind_games_post_an_ante_before_the_blinds() -> None:
    """Stakes(ante=5) is no longer silently ignored by a blind game: every player antes 5
    (dead money, not a bet), then the blinds are posted as usual."""
    played = hand("bodigiha", stakes=Stakes(small_blind=1, big_blind=2, ante=5), button=0)
    posted = [(e.seat, e.blind, e.amount) for e in played.events if isinstance(e, Posted)]
    assert posted == [
        (1, "ante", 5), (2, "ante", 5), (0, "ante", 5),
        (1, "small blind", 1), (2, "big blind", 2),
    ]  # fmt: skip
    assert played.pot == 18
    assert played.bets == [0, 1, 2]  # antes are not bets: the call is still the big blind
    legal = played.legal_actions()
    assert legal is not None and legal.call == 2
    # Pot-limit counts the antes: current bet 2 + the pot after the call (18 + 2) = 22.
    assert legal.raise_ is not None and legal.raise_.max_to == 22


def test_an_ante_that_puts_a_player_all_in_leaves_the_blind_owed_in_full() -> None:
    # Seat 2 (the big blind) has 3 chips: ante 3 and all-in; the others still call 2.
    played = hand("badugi", stacks=[100, 100, 3], stakes=Stakes(small_blind=1, big_blind=2, ante=3))
    assert played.stacks[2] == 0
    legal = played.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.call == 2
    while not played.is_over:
        legal = played.legal_actions()
        assert legal is not None
        if legal.phase == "draw":
            played.apply(Action.stand_pat())
        else:
            played.apply(Action.check() if legal.check else Action.call())
    assert sum(played.stacks) == 203  # every chip is still there


def test_stakes_with_an_ante_read_replay_and_round_trip_through_phh() -> None:
    stakes = Stakes.parse("1/2 ante 1", find_game("drawmaha"))
    assert stakes == Stakes(small_blind=1, big_blind=2, ante=1)
    assert Stakes.parse("5/10/20, ANTE 2") == Stakes(
        small_blind=5, big_blind=10, big_bet=20, ante=2
    )
    with pytest.raises(GameSpecError, match="first number is the ante"):
        Stakes.parse("1/2 ante 1", find_game("doogie"))
    game = find_game("drawmaha")
    assert stakes_text(stakes, game) == "1/2, ante 1"
    assert stakes_text(Stakes.parse("1/2", find_game("doogie")), find_game("doogie")) == (
        "ante 1, bets 2/4"
    )
    played = hand(
        "drawmaha", stakes=stakes, deck=stacked_deck(["AsKsQsJsTs", "2c3c4c5c7d", "9h9d9c8h8d"])
    )
    while not played.is_over:
        legal = played.legal_actions()
        assert legal is not None
        if legal.phase == "draw":
            played.apply(Action.stand_pat())
        else:
            played.apply(Action.check() if legal.check else Action.call())
    assert Hand.replay(played.events).stacks == played.stacks
    assert "Drawmaha (pot-limit, 1/2, ante 1)" in history_text(played.events)
    text = export_phh(played.events)
    assert "antes = [1, 1, 1]" in text
    (again,) = read_phh(text)
    assert export_phh(again.events) == text


# --------------------------------------------------------------------------- wrong types


def test_apply_a_string_is_an_illegal_action() -> None:
    with pytest.raises(IllegalActionError, match=r"apply takes an Action, e\.g\. Action\.call\(\)"):
        hand().apply("call")  # type: ignore[arg-type]


def test_apply_with_a_text_seat_is_an_illegal_action() -> None:
    played = hand()
    for seat in ("0", 1.0, True):
        with pytest.raises(IllegalActionError, match="is not a seat number"):
            played.apply(Action.call(), seat=seat)  # type: ignore[arg-type]
    assert played.apply(Action.call(), seat=0).kind == "call"


def test_hand_with_a_float_button_is_refused() -> None:
    # A set-up error, worded like the button out of range it always refused (GameSpecError).
    with pytest.raises(GameSpecError, match=r"button 1\.0 is not a seat \(0 to 2\)"):
        hand(button=1.0)
    with pytest.raises(GameSpecError, match="names must be text"):
        hand(names=[1, 2, 3])
    with pytest.raises(GameSpecError, match="options an Options"):
        hand(options={"raise_cap": 5})


def test_action_discard_none_is_an_illegal_action() -> None:
    with pytest.raises(IllegalActionError, match="discard needs cards as text or a list"):
        Action.discard(None)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="discard needs cards"):
        Action("discard", cards=5)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match="not a card"):
        Action.discard([None])  # type: ignore[list-item]
    with pytest.raises(IllegalActionError, match="unknown action 'dance'"):
        Action("dance")  # type: ignore[arg-type]
    assert Action.discard(["Ks", "Qd"]).cards == Action.discard("Ks Qd").cards


# --------------------------------------------------------------------------- the Doogie rule

# docs/rules.md "Doogie": A declares both ways with no full house and no qualifying low, so A
# forfeits every claim; B and C declare high with no full house either, so neither half can be
# awarded.
FORFEIT_BOARD = "KhKs2c9d"
FORFEIT_PLAYERS = {"A": "3h4s6dQcJhTs", "B": "Ad3s5hJcTh8s", "C": "7h8d5c6sJdTc"}
FORFEIT_DECLARATIONS = {"A": "both", "B": "high", "C": "high"}


def test_doogie_forfeited_swing_player_gets_no_share_in_settlement() -> None:
    result = settle(
        "doogie", FORFEIT_PLAYERS, FORFEIT_BOARD, pot=3, declarations=FORFEIT_DECLARATIONS
    )
    # 3 chips: before the rule A got 1 of them; now B and C share, B (left of the button) the
    # odd chip.
    assert result.payouts["A"] == 0
    assert sorted(result.payouts.values()) == [0, 1, 2]


def test_doogie_forfeited_swing_player_gets_no_share_in_equity() -> None:
    odds = equity(
        "doogie", FORFEIT_PLAYERS, FORFEIT_BOARD, declarations=FORFEIT_DECLARATIONS, draws=0
    )
    shares = {player.name: player.equity for player in odds.players}
    assert shares == {"A": 0.0, "B": 0.5, "C": 0.5}
