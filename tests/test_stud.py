"""The stud family (docs/rules.md "The mixed-game menu"): Seven-card Stud, Razz, Stud Hi-Lo 8
and Razzdugi, rule by rule, on stacked decks; random hands conserve chips and cards; a seat's
view shows every up card and never another seat's down cards."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from splitpot.bots.randomly import random_action
from splitpot.cards import parse_cards
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand
from splitpot.engine.options import Stakes
from splitpot.engine.showdown import settle
from splitpot.errors import GameSpecError, IllegalActionError
from splitpot.games import GAMES

STUD_GAMES = ("stud", "razz", "stud-8", "razzdugi")
STAKES = Stakes.parse("1/2/4 bring-in 1", GAMES["stud"])


def third_street(downs: Sequence[str], ups: Sequence[str]) -> str:
    """A stacked deck's third street: seats from the dealer's left, two down then one up."""
    first = [d.split()[0] for d in downs]
    second = [d.split()[1] for d in downs]
    return " ".join([*first, *second, *ups])


def deal(game: str, downs: Sequence[str], ups: Sequence[str], later: str = "", **kw) -> Hand:  # type: ignore[no-untyped-def]
    """Seats 0.. with the button on the last seat, so seat 0 is dealt first."""
    count = len(ups)
    deck = third_street(downs, ups) + (" " + later if later else "")
    return Hand(
        game,
        stacks=kw.pop("stacks", [100] * count),
        button=count - 1,
        stakes=kw.pop("stakes", STAKES),
        deck=deck,
        rng=random.Random(1),
        **kw,
    )


def call_down(hand: Hand, rounds: int = 99) -> None:
    """Everyone brings in, calls or checks, for ``rounds`` betting rounds."""
    while not hand.is_over and hand._bet_number <= rounds:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.bring_in is not None:
            hand.apply(Action.bring_in())
        else:
            hand.apply(Action.check() if legal.check else Action.call())
        if hand._bet_number > rounds:
            break


DOWNS3 = ("Jc Jd", "Tc Td", "9c 9d")


def test_stud_bring_in_lowest_up_card_ties_by_suit() -> None:
    # Two deuces up: the diamond is below the heart (bridge order), so seat 1 brings in.
    hand = deal("stud", DOWNS3, ("2h", "2d", "Ks"))
    legal = hand.legal_actions()
    assert legal is not None and hand.to_act == 1
    assert legal.kinds == ("bring_in", "bet") and legal.bring_in == 1
    assert not legal.fold and not legal.check  # the bring-in must post or complete
    with pytest.raises(IllegalActionError):
        hand.apply(Action.fold())
    # Aces are high in stud: an ace never brings in against a three.
    hand = deal("stud", DOWNS3, ("As", "3c", "Ks"))
    assert hand.to_act == 1


def test_razz_bring_in_highest_up_card() -> None:
    # Aces low, kings highest: of two kings the spade (the highest suit) brings in.
    for game in ("razz", "razzdugi"):
        hand = deal(game, DOWNS3, ("Kh", "As", "Ks"))
        assert hand.to_act == 2, game
        assert hand.legal_actions().kinds == ("bring_in", "bet")  # type: ignore[union-attr]


def test_stud_bring_in_may_complete() -> None:
    # The bring-in completes to the small bet: the next player calls 2 or raises to 4.
    hand = deal("stud", DOWNS3, ("2h", "2d", "Ks"))
    event = hand.apply(Action.bet(2))
    assert (event.kind, event.data["to"]) == ("bet", 2)
    legal = hand.legal_actions()
    assert legal is not None and hand.to_act == 2 and legal.call == 2
    assert legal.raise_ is not None and legal.raise_.min_to == legal.raise_.max_to == 4
    # Or it brings in for 1: the next player calls the bring-in or completes to 2.
    hand = deal("stud", DOWNS3, ("2h", "2d", "Ks"))
    event = hand.apply(Action.bring_in())
    assert (event.kind, event.data["amount"]) == ("bring_in", 1)
    legal = hand.legal_actions()
    assert legal is not None and legal.call == 1 and legal.fold
    assert legal.raise_ is not None and legal.raise_.min_to == legal.raise_.max_to == 2
    hand.apply(Action.raise_to(2))  # the completion: the first of the round's four bets
    hand.apply(Action.raise_to(4))
    hand.apply(Action.raise_to(6))
    legal = hand.legal_actions()
    assert legal is not None and hand.to_act == 2
    assert legal.raise_ is not None and legal.raise_.max_to == 8
    hand.apply(Action.raise_to(8))
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is None  # capped: complete and three raises
    # Everyone calls the bring-in: the round is over, the bring-in has no option.
    hand = deal("stud", DOWNS3, ("2h", "2d", "Ks"), later="3c 3d 3h")
    hand.apply(Action.bring_in())
    hand.apply(Action.call())
    hand.apply(Action.call())
    assert hand._bet_number == 2


def test_stud_first_to_act_best_showing_hand() -> None:
    # Fourth street: seat 0 shows K-Q, seat 1 a pair of fives, seat 2 A-2: the pair acts first.
    fourth = "Qd 5h 2c"
    hand = deal("stud", DOWNS3, ("Kc", "5c", "Ah"), later=fourth)
    call_down(hand, rounds=1)
    assert hand._bet_number == 2 and hand.to_act == 1
    # Equal showings (ranks alike, suits never count): the nearest the dealer's left, seat 0.
    hand = deal("stud", DOWNS3, ("Kc", "Kh", "2h"), later="Qd Qs 3c")
    call_down(hand, rounds=1)
    assert hand.to_act == 0
    # A flush or straight draw showing counts for nothing: A-K unsuited beats K-Q suited.
    hand = deal("stud", DOWNS3, ("Kc", "Ah", "2h"), later="Qc Kd 3c")
    call_down(hand, rounds=1)
    assert hand.to_act == 1


def test_razz_first_to_act_lowest_showing_hand() -> None:
    # Fourth street: 5-3 is lower than 6-A (razz compares the top card first): seat 0.
    hand = deal("razz", DOWNS3, ("5c", "6h", "Ks"), later="3d Ah Kd")
    call_down(hand, rounds=1)
    assert hand._bet_number == 2 and hand.to_act == 0
    # A pair is worse than any unpaired showing.
    hand = deal("razzdugi", DOWNS3, ("2c", "Kh", "Qs"), later="2d Qh Js")
    call_down(hand, rounds=1)
    assert hand.to_act == 2  # Q-J, lower than seat 1's K-Q and seat 0's pair of deuces
    # Aces low: A-2 showing is the best razz board.
    hand = deal("razz", DOWNS3, ("Ac", "3h", "4s"), later="2d 2h 5s")
    call_down(hand, rounds=1)
    assert hand.to_act == 0


def test_stud_seventh_street_community_card_when_the_stub_runs_out() -> None:
    # Eight players who all stay: 48 cards by sixth street leave 4, fewer than the players, so
    # one card is dealt face up in the centre, every player's seventh card.
    hand = Hand("stud", stacks=[100] * 8, button=7, stakes=STAKES, rng=random.Random(3))
    call_down(hand)
    boards = [e for e in hand.events if e.kind == "deal_board"]
    assert len(boards) == 1 and len(boards[0].data["cards"]) == 1
    assert hand.board == list(boards[0].data["cards"])
    shown = [e for e in hand.events if e.kind == "show"]
    assert len(shown) == 8 and all(len(e.data["cards"]) == 6 for e in shown)
    assert hand.result is not None
    common = hand.board[0]
    for by_award in hand.result.hands.values():  # the common card is in each seven
        assert hand.result.players  # settled with it
        assert by_award["stud"] is not None
    assert all(common in cards for cards in hand.result.players.values())
    assert sum(hand.stacks) == 800
    Hand.replay(hand.events)
    # Seven players: every seventh card is dealt down, no common card.
    hand = Hand("stud", stacks=[100] * 7, button=6, stakes=STAKES, rng=random.Random(3))
    call_down(hand)
    assert not hand.board and all(len(cards) == 7 for cards in hand.hole)


def test_stud_small_bets_third_fourth_big_bets_after() -> None:
    hand = Hand("stud-8", stacks=[100] * 4, button=3, stakes=STAKES, rng=random.Random(5))
    sizes = []
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.raise_ is not None and hand.to_act == 0:
            sizes.append((hand._bet_number, legal.raise_.min_to - hand._round.full_level))  # type: ignore[union-attr]
        if legal.bring_in is not None:
            hand.apply(Action.bring_in())
        else:
            hand.apply(Action.check() if legal.check else Action.call())
    rounds = [e.data["size"] for e in hand.events if e.kind == "bet_round"]
    assert rounds == [2, 2, 4, 4, 4]
    assert {size for number, size in sizes if number <= 2} <= {2}
    assert {size for number, size in sizes if number >= 3} == {4}


def test_stud_split_pot_odd_chip_to_high_half_then_highest_card_by_suit() -> None:
    players = {
        "A": "As Ad Ah Ac Kc Qd Jh",  # four aces: the high; no low of eight or better
        "B": "7s 5d 4d 3d 2d 9h 9c",  # 7-5-4-3-2 low, the seven of spades
        "C": "7h 5s 4s 3s 2s Th Tc",  # the same low, the seven of hearts
    }
    # 7 chips: 4 to the high half (its odd chip), 3 to the tied low: 1 each, and the odd chip
    # to B, whose highest card (7s) is above C's (7h) by suit, though C sits first from the
    # button: stud has no button.
    result = settle("stud-8", players, pot=7, seats=["A", "B", "C"], button="B")
    assert result.payouts == {"A": 4, "B": 2, "C": 1}
    # Razzdugi: the odd chip between the halves goes to the razz half.
    result = settle("razzdugi", {"A": "As 2s 3s 4s 5s Kh Kd", "B": "Ac 2d 3h 6s Qc Qd Qh"}, pot=5)
    assert result.payouts == {"A": 3, "B": 2}
    # The house's other odd-chip rule for records (PHH readers) still goes by seat.
    result = settle("stud-8", players, pot=7, seats=["A", "B", "C"], button="B",
                    odd_chip="first-winner")  # fmt: skip
    assert result.payouts == {"A": 4, "B": 1, "C": 2}


# --- known answers (the hand rankings of docs/rules.md, seven cards each) --------------------

KNOWN = [
    # Seven-card Stud: best five of seven; a wheel is the lowest straight; suits never break ties
    (
        "stud",
        {"A": "Ah 2c 3d 4s 5h Kc Kd", "B": "Ks Kh Qc Qd 9s 8c 2h"},
        {"A": 10, "B": 0},
        {"A": {"stud": "Five-high straight"}},
    ),
    ("stud", {"A": "As Ks 9s 4s 2s 3c 3d", "B": "Ah Kh 9h 4h 2h 5c 6d"}, {"A": 5, "B": 5}, {}),
    ("stud", {"A": "Qs Qh Qd 7c 7d 2s 3s", "B": "Js Jh Jd Jc 2d 4h 5c"}, {"A": 0, "B": 10}, {}),
    # Razz: A-5 low of five of seven, no qualifier, straights and flushes ignored
    (
        "razz",
        {"A": "As 2s 3s 4s 5s Kd Kh", "B": "Ah 2h 3h 4h 6d Qc Qd"},
        {"A": 10, "B": 0},
        {"A": {"razz": "5-4-3-2-A low"}},
    ),
    ("razz", {"A": "Kc Kd Qh Qs Jc Jd 9h", "B": "Kh Ks Qc Qd Jh Js Tc"}, {"A": 10, "B": 0}, {}),
    ("razz", {"A": "8c 7d 6h 5s 4c 4d 4h", "B": "8d 7c 6s 5h 3c 3d 3h"}, {"A": 0, "B": 10}, {}),
    # Stud Hi-Lo 8: high / A-5 low 8-or-better, no low: the high takes all
    ("stud-8", {"A": "As 2d 3h 4c 5s 9d 9h", "B": "Ks Kd Kh 7c 7d Qs Jc"}, {"A": 5, "B": 5}, {}),
    ("stud-8", {"A": "9s 9d Th Tc Js Qd 2h", "B": "Ks Kd Qh Qc 2s 2d 3h"}, {"A": 0, "B": 10}, {}),
    (
        "stud-8",
        {"A": "As 2s 3s 4s 5s Kd Qh", "B": "8d 7c 6h 5d 4d 3c 2c"},
        {"A": 10, "B": 0},
        {"A": {"stud": "Five-high straight flush"}},
    ),
    # Razzdugi: razz low / the best Badugi of any four of the seven
    ("razzdugi", {"A": "As 2d 3h 4c 9s 9d 9h", "B": "Ah 2h 3c 5s Kd Kc Ks"}, {"A": 10, "B": 0}, {}),
    ("razzdugi", {"A": "As 2s 3s 4s 5s Kh Kd", "B": "Ac 2d 3h 6s Qc Qd Qh"}, {"A": 5, "B": 5}, {}),
    ("razzdugi", {"A": "Kc Kd Kh Ks Qc Qd Qh", "B": "8c 7d 6h 5s Jc Jd Jh"}, {"A": 0, "B": 10}, {}),
]


@pytest.mark.parametrize(("game", "players", "payouts", "words"), KNOWN)
def test_stud_known_answer_showdowns(game, players, payouts, words) -> None:  # type: ignore[no-untyped-def]
    result = settle(game, players, pot=10)
    assert result.payouts == payouts
    for name, by_award in words.items():
        for award, text in by_award.items():
            assert result.hands[name][award].describe() == text


# --- stakes, random hands, views ------------------------------------------------------------


def test_stud_stakes_read_the_bring_in_and_refuse_a_bad_one() -> None:
    stakes = Stakes.parse("1/4/8 bring-in 2", GAMES["razz"])
    assert (stakes.ante, stakes.small_bet, stakes.big_bet, stakes.bring_in) == (1, 4, 8, 2)
    assert stakes.to_json()["bring_in"] == 2
    assert Stakes.parse("1/2", GAMES["stud"]).bring_in == 1  # half the small bet
    assert "bring_in" not in Stakes.parse("1/2", GAMES["doogie"]).to_json()
    with pytest.raises(GameSpecError, match="below the small bet"):
        Stakes.parse("1/4/8 bring-in 4", GAMES["stud"])
    with pytest.raises(GameSpecError, match="only a stud game"):
        Stakes.parse("1/2 bring-in 1", GAMES["badugi"])


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stud_random_hands_conserve_chips_and_deal_no_card_twice(game: str) -> None:
    rng = random.Random(game)
    for number in range(500):
        players = 8
        stacks = [rng.randint(2, 80) for _ in range(players)]
        hand = Hand(game, stacks=stacks, button=number % players, rng=rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None
            hand.apply(random_action(legal, rng))
            hand.card_places()  # raises on a card in two places
        assert sum(hand.stacks) == sum(stacks)
        dealt = [c for e in hand.events if e.kind == "deal_hole" for c in e.secret["cards"]]
        dealt += list(hand.board)
        assert len(dealt) == len(set(dealt))
        if number % 50 == 0:
            Hand.replay(hand.events)


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stud_every_view_shows_up_cards_and_no_other_down_card(game: str) -> None:
    rng = random.Random(7)
    for _ in range(20):
        hand = Hand(game, stacks=[60] * 5, button=rng.randrange(5), rng=rng)
        while not hand.is_over:
            hand.apply(random_action(hand.legal_actions(), rng))  # type: ignore[arg-type]
        deals = [e for e in hand.events if e.kind == "deal_hole"]
        up = {c for e in deals for c in e.data.get("up") or ()}
        shown_at = next((i for i, e in enumerate(hand.events) if e.kind == "show"), None)
        for seat in (None, *range(5)):
            view = hand.view(seat)
            for index, (event, seen) in enumerate(zip(hand.events, view, strict=True)):
                if event.kind == "deal_hole":
                    assert seen.data.get("up") == event.data.get("up")  # up cards: public
                    if event.seat != seat:
                        assert seen.secret == {}
                if shown_at is not None and index >= shown_at:
                    continue
                text = json.dumps(seen.to_json())
                for other in range(5):
                    if other == seat:
                        continue
                    for card in hand.events[0].secret["deck"]:
                        mine = any(
                            card in e.secret.get("cards", ()) for e in deals if e.seat == other
                        )
                        if mine and card not in up:
                            assert f'"{card}"' not in text, (seat, other, card, event.kind)


def test_stud_hands_dealt_before_keep_their_json() -> None:
    # A game without up cards writes no "up" and no "bring_in": old logs are unchanged.
    hand = Hand("badugi", stacks=[50, 50], rng=random.Random(2))
    for event in hand.events:
        data = event.to_json()
        assert "up" not in data and "bring_in" not in json.dumps(data)
    assert parse_cards("2c")  # (cards parse as before)


# --- the command line ------------------------------------------------------------------------


def test_stud_showdown_and_equity_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cli_run import cli, cli_captured

    code, out = cli(["showdown", "stud-8", "--player", "A=As 2d 3h 4c 5s 9d 9h",
                     "--player", "B=Ks Kd Kh 7c 7d Qs Jc", "--pot", "11"])  # fmt: skip
    assert code == 0 and "Totals: A 5, B 6" in out and "Kings full of sevens" in out
    code, _, err = cli_captured(["showdown", "razz", "--player", "A=As 2d", "--player",
                                 "B=Ks Kd", "--pot", "2"], capsys)  # fmt: skip
    assert code != 0 and "needs 7" in err
    code, out = cli(["equity", "razz", "--player", "A=As 2d 3h", "--player", "B=Ks Kd Kh",
                     "--samples", "500"])  # fmt: skip
    assert code == 0 and "razz win/tie" in out
