"""Run it twice (docs/rules.md "At the table"; engine/runs.py): when every player still in is
all-in before the board is complete (no draw still to come) and each agrees, the missing board
cards are dealt twice from the same stub; each run settles half of every pot, the odd chip to
the first run, by the game's awards."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from splitpot.bots.base import RandomBot, seat_view
from splitpot.bots.registry import bot_names, make_bot
from splitpot.cards import parse_cards
from splitpot.engine.events import (
    Action,
    AgreedTwice,
    ChoseOnce,
    RunDealt,
    Settled,
    Shown,
    events_from_json,
    events_to_json,
)
from splitpot.engine.hand import Hand
from splitpot.engine.options import Options
from splitpot.engine.showdown import settle
from splitpot.errors import HistoryError
from splitpot.history.phh_export import export_phh
from splitpot.history.phh_import import import_phh

TWICE = Options(run_twice=True)


def _all_in(hand: Hand) -> None:
    """Everyone to act puts in the most allowed, or calls, until the hand stops betting."""
    while (legal := hand.legal_actions()) is not None and legal.phase == "bet":
        if legal.raise_ is not None:
            hand.apply(Action(legal.raise_.kind, amount=legal.raise_.max_to))
        else:
            hand.apply(Action.call() if legal.call else Action.check())


def _answer(hand: Hand, *answers: str) -> None:
    for answer in answers:
        legal = hand.legal_actions()
        assert legal is not None and legal.phase == "runs" and legal.runs
        assert legal.kinds == ("run_twice", "run_once")
        hand.apply(Action(answer))  # type: ignore[arg-type]


def _stand_pat(hand: Hand) -> None:
    while (legal := hand.legal_actions()) is not None and legal.phase == "draw":
        hand.apply(Action.stand_pat())


def _check_through(hand: Hand) -> None:
    while (legal := hand.legal_actions()) is not None and legal.phase == "bet":
        hand.apply(Action.check() if legal.check else Action.call())


def test_run_it_twice_is_an_option_written_only_when_on() -> None:
    assert "run_twice" not in Options().to_json()  # (hands stored before it read the same)
    assert TWICE.to_json()["run_twice"] is True
    assert Options.from_json(TWICE.to_json()) == TWICE
    hand = Hand("holdem", stacks=[100, 100], rng=random.Random(1))
    hand.apply(Action.raise_to(100))
    hand.apply(Action.call())
    assert hand.is_over and hand.run_boards == () and hand.run_results == ()  # not asked


def test_run_it_twice_only_when_every_player_still_in_is_all_in() -> None:
    # Heads-up, the button shoves and the big blind calls with chips behind: asked.
    hand = Hand("holdem", stacks=[50, 100], options=TWICE, rng=random.Random(1))
    _all_in(hand)
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "runs" and legal.seat == 1 and not hand.board
    # Three-handed, the short stack all-in and two callers with chips behind: not yet.
    hand = Hand("holdem", stacks=[50, 100, 100], options=TWICE, rng=random.Random(2))
    hand.apply(Action.raise_to(50))  # the button, all-in
    hand.apply(Action.call())
    hand.apply(Action.call())
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "bet" and len(hand.board) == 3
    hand.apply(Action.bet(50))  # the small blind all-in on the flop, the big blind calls
    hand.apply(Action.call())
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "runs" and len(hand.board) == 3
    assert legal.seat == 1  # asked from the first seat left of the button
    _answer(hand, "run_twice", "run_twice", "run_twice")
    assert [len(b) for b in hand.run_boards] == [5, 5]
    assert hand.run_boards[0][:3] == hand.run_boards[1][:3] == tuple(hand.board[:3])


def test_run_it_twice_only_in_board_games_with_no_draw_to_come() -> None:
    # Drawmaha all-in before the draw: no question before it; after the draw, before the turn.
    hand = Hand("drawmaha", stacks=[6, 6], options=TWICE, rng=random.Random(3))
    _all_in(hand)
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "draw" and len(hand.board) == 3
    _stand_pat(hand)
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "runs" and len(hand.board) == 3
    _answer(hand, "run_twice", "run_twice")
    assert hand.is_over and [len(b) for b in hand.run_boards] == [5, 5]
    # Drawmaha all-in on the turn, after the draw: asked before the river, run twice.
    hand = Hand("drawmaha", stacks=[40, 40], options=TWICE, rng=random.Random(4))
    _check_through(hand)  # before the flop and on it, to the draw
    _stand_pat(hand)
    assert hand.legal_actions() is not None and hand.phase == "bet" and len(hand.board) == 4
    _all_in(hand)
    assert hand.phase == "runs" and len(hand.board) == 4
    _answer(hand, "run_twice", "run_twice")
    one, two = hand.run_boards
    assert one[:4] == two[:4] and one[4] != two[4]
    # No board (Badugi) or a declaration still to come (Doogie): never asked.
    for game, stacks in (("badugi", [4, 4]), ("doogie", [3, 3])):
        hand = Hand(game, stacks=stacks, options=TWICE, rng=random.Random(5))
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None and legal.phase != "runs", game
            if legal.phase == "bet":
                _all_in(hand)
            else:
                hand.apply(RandomBot(random.Random(1)).act(seat_view(hand, legal.seat), legal))
        assert hand.run_boards == ()


def test_run_it_twice_each_player_agrees() -> None:
    hand = Hand("holdem", stacks=[100, 100, 100], options=TWICE, rng=random.Random(6))
    _all_in(hand)
    assert hand.phase == "runs"
    _answer(hand, "run_twice", "run_once")  # the first "once" ends the asking
    assert hand.is_over and hand.run_boards == () and hand.run_results == ()
    assert [type(e) for e in hand.events if isinstance(e, AgreedTwice | ChoseOnce)] == [
        AgreedTwice,
        ChoseOnce,
    ]
    assert not any(isinstance(e, RunDealt) for e in hand.events)
    assert len([e for e in hand.events if isinstance(e, Settled)]) == 1
    assert hand.result is not None and sum(hand.result.payouts.values()) == 300


def test_run_it_twice_missing_cards_dealt_twice_from_the_same_stub() -> None:
    # Heads-up hold'em, button 0: hole cards from seat 1; the flop, then the rest of the deck.
    deck = "2c 3c 4d 5d  Ah Kh 7s  9c Td  Jc Qc  8h"
    hand = Hand("holdem", stacks=[100, 100], options=TWICE, deck=deck, rng=random.Random(7))
    hand.apply(Action.call())
    hand.apply(Action.check())
    assert hand.board == list(parse_cards("Ah Kh 7s"))
    _all_in(hand)  # all-in on the flop
    _answer(hand, "run_twice", "run_twice")
    one, two = hand.run_boards
    assert one == parse_cards("Ah Kh 7s 9c Td") and tuple(hand.board) == one
    assert two == parse_cards("Ah Kh 7s Jc Qc")  # run two's cards follow run one's
    places = hand.card_places()  # (raises on a card in two places)
    assert len(places) == 52 and [places[c] for c in two[3:]] == ["run two", "run two"]
    (dealt,) = [e for e in hand.events if isinstance(e, RunDealt)]
    assert dealt.cards == two[3:] and dealt.run == 2


def _three_way() -> Hand:
    # Button 0; hole cards from seat 1: A (seat 0) aces, B (seat 1) kings, C (seat 2) queens.
    deck = "Ks Qs As Kd Qd Ad  Ah 7c 2d 9h 3s  Qh Qc 4d 8s Jc"
    hand = Hand("holdem", stacks=[30, 60, 100], options=TWICE, deck=deck, names="ABC")
    hand.apply(Action.raise_to(30))  # A all-in
    hand.apply(Action.raise_to(60))  # B all-in
    hand.apply(Action.call())  # C calls, with 40 behind
    _answer(hand, "run_twice", "run_twice", "run_twice")
    return hand


def test_run_it_twice_each_run_settles_half_of_every_pot() -> None:
    hand = _three_way()  # the main pot 90 (A, B, C), the side pot 60 (B, C)
    one, two = hand.run_results
    assert [p.amount for p in one.pots] == [p.amount for p in two.pots] == [45, 30]
    assert one.payouts == {"A": 45, "B": 30, "C": 0}  # run one: aces, then kings
    assert two.payouts == {"A": 0, "B": 0, "C": 75}  # run two: quad queens take both halves
    assert hand.payouts == {0: 45, 1: 30, 2: 75} and hand.stacks == [45, 30, 115]
    assert hand.result is one and tuple(hand.board) == hand.run_boards[0]
    settled = [e for e in hand.events if isinstance(e, Settled)]
    assert [(e.run, dict(e.payouts)) for e in settled] == [
        (1, {"A": 45, "B": 30}),
        (2, {"C": 75}),
    ]
    assert sum(hand.stacks) == 190


def test_run_it_twice_odd_chip_to_the_first_run() -> None:
    # A (button) all-in for 50, B folds its small blind, C calls: a pot of 101.
    deck = "Ks Qs As Kd Qd Ad  Ah 7c 2d 9h 3s  Qh Qc 4d 8s Jc"
    hand = Hand("holdem", stacks=[50, 50, 50], options=TWICE, deck=deck, names="ABC")
    hand.apply(Action.raise_to(50))
    hand.apply(Action.fold())
    hand.apply(Action.call())
    _answer(hand, "run_twice", "run_twice")
    one, two = hand.run_results
    assert [p.amount for p in one.pots] == [51] and [p.amount for p in two.pots] == [50]
    assert one.payouts["A"] == 51 and two.payouts["C"] == 50
    assert hand.stacks == [51, 49, 50]


def test_run_it_twice_a_split_game_splits_each_runs_half_again() -> None:
    split = 0
    for seed in range(12):
        hand = Hand("drawmaha", stacks=[6, 6, 6], options=TWICE, rng=random.Random(seed))
        hand.apply(Action.fold())  # the button folds; the blinds go all-in for 6 each
        _all_in(hand)
        _stand_pat(hand)
        _answer(hand, "run_twice", "run_twice")
        pot = sum(hand.contributed)
        assert pot == 12
        for run, (board, result) in enumerate(zip(hand.run_boards, hand.run_results, strict=True)):
            players = {hand.names[s]: tuple(hand.hole[s]) for s in (1, 2)}
            alone = settle("drawmaha", players, board, pot=6, seats=["seat2", "seat3"],
                           button="seat3")  # fmt: skip
            assert {n: c for n, c in result.payouts.items() if c} == {
                n: c for n, c in alone.payouts.items() if c
            }, (seed, run)
            (pot_result,) = result.pots
            assert [a.name for a in pot_result.awards] == ["omaha", "draw"]
            assert [a.winners for a in pot_result.awards] == [
                a.winners for a in alone.pots[0].awards
            ]
            split += len({w for a in pot_result.awards for w in a.winners}) > 1
        assert sum(hand.stacks) == 18
    assert split  # some run was split between two players by the two awards


def test_run_it_twice_shows_every_hand_with_the_muck_option() -> None:
    options = Options(run_twice=True, muck=True)
    hand = Hand("holdem", stacks=[100, 100], options=options, rng=random.Random(8))
    _all_in(hand)
    _answer(hand, "run_twice", "run_twice")
    assert hand.is_over and len([e for e in hand.events if isinstance(e, Shown)]) == 2


def test_a_hand_run_twice_replays_and_round_trips_through_json() -> None:
    hand = _three_way()
    again = Hand.replay(events_from_json(events_to_json(hand.events)))
    assert again.run_boards == hand.run_boards and again.stacks == hand.stacks
    assert [r.to_json() for r in again.run_results] == [r.to_json() for r in hand.run_results]
    assert again.payouts == hand.payouts


def test_500_bot_hands_run_twice_conserve_chips_and_replay() -> None:
    rng = random.Random(2323)
    names = bot_names()
    cheap = [n for n in names if n not in ("expert", "heuristic")]
    twice = 0
    for number in range(500):
        game = ("drawmaha", "holdem", "bodigiha", "omaha-8")[number % 4]
        stacks = [rng.randint(3, 40) for _ in range(rng.randint(2, 4))]
        options = Options(run_twice=True, bomb_ante=rng.choice((0, 0, 2)), muck=number % 5 == 0)
        hand = Hand(game, stacks=stacks, options=options, button=number % len(stacks),
                    rng=random.Random(number))  # fmt: skip
        pick = names if number % 25 == 0 else cheap  # the slow bots in one hand of 25
        seats = range(len(stacks))
        bots = [make_bot(rng.choice(pick), random.Random(number * 10 + s)) for s in seats]
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None
            hand.apply(bots[legal.seat].act(seat_view(hand, legal.seat), legal), seat=legal.seat)
        assert sum(hand.stacks) == sum(stacks), number
        hand.card_places()
        if hand.run_boards:
            twice += 1
            assert sum(sum(r.payouts.values()) for r in hand.run_results) == sum(hand.contributed)
        again = Hand.replay(hand.events)
        assert again.stacks == hand.stacks and again.run_boards == hand.run_boards, number
        if hand.run_boards and twice % 8 == 1:  # and through PHH, now and then
            text = export_phh(hand.events)
            assert export_phh(import_phh(text)) == text, number
    assert twice > 20


def test_a_hand_run_twice_is_said_run_by_run_and_kept_by_the_history_store(
    tmp_path: Path,
) -> None:
    from splitpot.describe import hand_log, history_text
    from splitpot.engine.logged import run_showdowns, showdown_of
    from splitpot.history.store import HistoryStore

    hand = _three_way()
    lines = hand_log(hand, hand.view(None))
    assert "A agrees to run it twice" in lines and "*** RUN 2 *** Qh Qc 4d 8s Jc" in lines
    assert "*** SHOWDOWN, RUN 1 ***" in lines and "*** SHOWDOWN, RUN 2 ***" in lines
    assert [r.to_json() for r in run_showdowns(hand.events)] == [
        r.to_json() for r in hand.run_results
    ]
    logged = showdown_of(hand.events)
    assert logged is not None and logged.to_json() == hand.run_results[0].to_json()
    assert "*** SHOWDOWN, RUN 2 ***" in history_text(hand.events)
    with HistoryStore(tmp_path / "h.sqlite3") as store:
        stored = store.get(store.add(hand.events, "play"))
        assert stored.result["payouts"] == {"A": 45, "B": 30, "C": 75}
        assert stored.result["pot"] == 150
        again = Hand.replay(stored.events)
        assert again.run_boards == hand.run_boards and again.stacks == hand.stacks


def test_a_hand_run_twice_round_trips_through_phh() -> None:
    hand = _three_way()
    text = export_phh(hand.events)
    assert "_run_two = 'QhQc4d8sJc'" in text and "{player = 'p1', choice = 'twice'}" in text
    assert "winnings = [30, 75, 45]" in text  # both runs (PHH order: B, C, A)
    again = Hand.replay(import_phh(text))
    assert again.run_boards == hand.run_boards and again.stacks == hand.stacks
    assert export_phh(again.events) == text
    with pytest.raises(HistoryError, match="_run_two does not match"):
        import_phh(text.replace("_run_two = 'QhQc4d8sJc'", "_run_two = 'QhQc4d8sJd'"))
    with pytest.raises(HistoryError, match="_runs must say whether p1"):
        import_phh(text.replace("_runs = [", "_xruns = ["))


def test_a_hand_run_once_by_choice_round_trips_through_phh() -> None:
    hand = Hand("drawmaha", stacks=[6, 6], options=TWICE, rng=random.Random(3))
    _all_in(hand)
    _stand_pat(hand)
    _answer(hand, "run_once")
    text = export_phh(hand.events)
    assert "choice = 'once'" in text and "_run_two" not in text
    assert Hand.replay(import_phh(text)).stacks == hand.stacks


def test_settle_takes_one_run_of_two_or_the_whole_pot() -> None:
    from splitpot.errors import ShowdownError

    players = {"A": "As Ad", "B": "Ks Kd"}
    whole = settle("holdem", players, "2c 7d 9h Jc 3s", pot=101)
    one = settle("holdem", players, "2c 7d 9h Jc 3s", pot=101, half=1)
    two = settle("holdem", players, "2c 7d 9h Jc 3s", pot=101, half=2)
    assert whole.payouts["A"] == 101 and one.payouts["A"] == 51 and two.payouts["A"] == 50
    for bad in (3, -1, True, "1"):
        with pytest.raises(ShowdownError, match="half"):
            settle("holdem", players, "2c 7d 9h Jc 3s", pot=101, half=bad)  # type: ignore[arg-type]
