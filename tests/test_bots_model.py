"""The opponent model and the ranges it feeds (issue 24): learnt per opponent from finished
hands, bounded, and a bet's or a pat hand's range keeps bluffs and snows."""

from __future__ import annotations

import random
from dataclasses import replace

from splitpot.bots.base import seat_view
from splitpot.bots.model import (
    BALANCED,
    GEAR_SNOWS,
    MAX_OPPONENTS,
    PRIOR_BLUFF,
    PRIOR_FOLD,
    PRIOR_RAISE,
    WEAK,
    OpponentModel,
    Tendencies,
    final_phase,
    weakness,
)
from splitpot.bots.ranges import (
    OFF_CARDS,
    WIDE,
    DrawRanges,
    Read,
    rank_in_range,
    sample_holdings,
    strength,
)
from splitpot.cards import Card, full_deck, parse_cards
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, LegalActions
from splitpot.equity.policy import choose_discard, way_by_cards
from splitpot.games import find_game


def _folded_hand(names: list[str], seed: int) -> Hand:
    """Seat 0 bets (or raises) at once; seat 1 folds to it."""
    hand = Hand("badugi", stacks=[200, 200], button=1, rng=random.Random(seed), names=names)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.seat == 1 and legal.call:
            hand.apply(Action.fold())
        elif legal.raise_ is not None and legal.seat == 0:
            hand.apply(Action(legal.raise_.kind, amount=legal.raise_.min_to))
        else:
            hand.apply(Action.check() if legal.check else Action.call())
    return hand


def test_a_stranger_is_played_as_a_balanced_player() -> None:
    assert OpponentModel().tendencies("anyone") == BALANCED


def test_folds_to_bets_raise_the_fold_rate_of_that_opponent_only() -> None:
    model = OpponentModel()
    for seed in range(6):
        model.observe(seat_view(_folded_hand(["me", "folder"], seed), 0))
    assert model.tendencies("folder").fold > PRIOR_FOLD + 0.2
    assert model.tendencies("someone else") == BALANCED


def _raised_hand(names: list[str], seed: int) -> Hand:
    """Seat 0 bets whenever it may and calls a raise; seat 1 raises every bet it may."""
    hand = Hand("badugi", stacks=[200, 200], button=1, rng=random.Random(seed), names=names)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.phase == "draw":
            hand.apply(Action.stand_pat())
        elif legal.phase != "bet":
            hand.apply(legal_default(legal))
        elif legal.raise_ is not None and (legal.seat == 1) == bool(legal.call):
            hand.apply(Action(legal.raise_.kind, amount=legal.raise_.min_to))
        else:
            hand.apply(Action.check() if legal.check else Action.call())
    return hand


def test_raises_facing_a_bet_are_counted_per_opponent() -> None:
    # the expert lets a player bet for it heads-up in pot-limit only if they raise most bets
    # they face (a maniac, a snow: ExpertBot.RAISES_BACK) and bet nearly every chance
    model = OpponentModel()
    for seed in range(6):
        model.observe(seat_view(_raised_hand(["me", "raiser"], seed), 0))
        model.observe(seat_view(_folded_hand(["me", "folder"], seed), 0))
    assert model.tendencies("raiser").raises > 0.8, model.tendencies("raiser")
    assert model.tendencies("folder").raises < PRIOR_RAISE, model.tendencies("folder")
    assert BALANCED.raises == PRIOR_RAISE


def test_the_model_holds_a_bounded_number_of_opponents() -> None:
    model = OpponentModel()
    for i in range(MAX_OPPONENTS + 5):
        model.observe(seat_view(_folded_hand(["me", f"p{i}"], i), 0))
    assert len(model.counts) <= MAX_OPPONENTS
    assert "p0" not in model.counts and f"p{MAX_OPPONENTS + 4}" in model.counts


def _badugis(holdings: list[tuple[tuple[Card, ...], ...]]) -> int:
    """How many of the sampled hands are four-card badugis (four ranks, four suits)."""
    return sum(
        1 for (hand,) in holdings
        if len({str(c)[0] for c in hand}) == 4 and len({str(c)[1] for c in hand}) == 4
    )  # fmt: skip


def test_a_pat_raiser_s_range_keeps_snows_and_bluffs() -> None:
    game = find_game("badugi")
    pool = full_deck()
    honest = Read(1, "v", aggression=4, calls=0, drawn=0, draw_limit=4, declared=None)
    snowy = Read(1, "v", 4, 0, 0, 4, None, 0, Tendencies(bluff=0.6, snow=0.6))

    def sample(read: Read) -> list[tuple[tuple[Card, ...], ...]]:
        return sample_holdings(game, (), pool, [read], rng=random.Random(3), count=40,
                               draws=DrawRanges(5))  # fmt: skip

    assert honest.bluffs > 0 and honest.snows > 0  # a balanced player's, even at first
    assert _badugis(sample(snowy)) < _badugis(sample(honest)) <= 40
    assert _badugis(sample(snowy)) < 40


def test_a_bettors_bluffs_are_spread_over_the_hands_below_its_top() -> None:
    # a player shown to bluff half its bets bets what it holds below its top share (a Badugi
    # three-card hand is a bluff at the showdown), not only the weakest hands: read as the
    # weakest, the expert's own three-card bluff called a river raise (issue 24's LBR)
    game = find_game("badugi")
    pool = full_deck()
    read = Read(1, "v", 4, 0, None, 4, None, 0, Tendencies(bluff=0.5))
    held = sample_holdings(game, (), pool, [read], rng=random.Random(7), count=200)
    field = [tuple(random.Random(i).sample(pool, 4)) for i in range(1_000)]

    def percentile(hand: tuple[Card, ...]) -> float:
        mine = strength(game, hand, ())
        return sum(strength(game, other, ()) < mine for other in field) / len(field)

    ranks = [percentile(hand) for (hand,) in held]
    middle = sum(0.25 <= r <= 0.65 for r in ranks) / len(ranks)
    assert 0.4 <= sum(r >= 0.8 for r in ranks) / len(ranks) <= 0.65  # the top share
    assert middle >= 0.15  # bluffs from the middle of the hands below it, not only the bottom


def test_the_weakest_hand_is_at_the_bottom_of_its_range() -> None:
    # seat 0 holds K-K-Q-Q (two cards of a badugi) before anyone acts: the bottom of any range
    deck = parse_cards("Kc 2s Kd 3h Qc 4d Qd 5c")
    hand = Hand("badugi", stacks=[200, 200], button=1, deck=deck, rng=random.Random(0))
    view = seat_view(hand, 0)
    assert rank_in_range(view, DrawRanges(1)) < 0.2


def _river_bet_shown(game: str, seed: int) -> Hand:
    """Seat 1 draws by the policy, bets (the least it may) on the last round, and is called
    and shown; seat 0 checks, calls and draws by the policy."""
    hand = Hand(game, stacks=[400, 400], button=1, rng=random.Random(seed), names=["bot", "v"])
    rounds = sum(1 for s in find_game(game).streets if type(s).__name__ == "Bet")
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        view = seat_view(hand, legal.seat)
        last = sum(1 for e in hand.events if e.kind == "bet_round") == rounds
        if legal.phase == "draw":
            limit = min(legal.discard_max, len(view.hole))
            thrown = choose_discard(hand.game, view.hole, view.board, limit)
            hand.apply(Action.discard(thrown) if thrown else Action.stand_pat())
        elif legal.seat == 1 and last and legal.raise_ is not None and not legal.call:
            hand.apply(Action(legal.raise_.kind, amount=legal.raise_.min_to))
        elif legal.phase == "bet":
            hand.apply(Action.check() if legal.check else Action.call())
        else:
            hand.apply(Action.show() if legal.show else legal_default(legal))
    return hand


def legal_default(legal: LegalActions) -> Action:
    """Any other phase (a declaration, a muck question): its first answer."""
    if legal.declare:
        return Action.declare(legal.declare[0])
    return Action.check() if legal.check else Action.call()


def test_a_value_bet_with_a_board_is_not_a_bluff_for_the_draw_it_would_make() -> None:
    # A Drawmaha river bet shown down with a hand strong for its Omaha half (above WEAK of
    # random hands) is a value bet even when the draw policy would draw to its five cards;
    # counting those as bluffs read a value bettor as bluffing 60-75% (issue 24's LBR)
    model, strong = OpponentModel(), 0
    game = find_game("drawmaha")
    for seed in range(60):
        hand = _river_bet_shown("drawmaha", seed)
        shown = [e for e in hand.events if e.kind == "show" and e.seat == 1]
        bet_last = any(e.kind == "bet" and e.seat == 1 for e in hand.events)
        if not shown or not bet_last:
            continue
        cards = tuple(shown[0].data["cards"])
        if weakness(game, cards, hand.board, seed) < WEAK + 0.15:  # keep the clearly strong
            continue
        if not choose_discard(game, cards, hand.board[:3], 5):
            continue
        model.observe(seat_view(hand, 0))
        strong += 1
    assert strong >= 5
    assert model.tendencies("v").bluff < PRIOR_BLUFF, model.tendencies("v")


def test_a_badugi_bet_on_a_hand_the_policy_draws_to_is_a_bluff() -> None:
    # Without a board a draw game's bet shown on a hand the draw policy would draw to (a
    # three-card Badugi) is still a bluff, whatever its rank among random hands
    model, drawn = OpponentModel(), 0
    game = find_game("badugi")
    for seed in range(80):
        hand = _river_bet_shown("badugi", seed)
        shown = [e for e in hand.events if e.kind == "show" and e.seat == 1]
        if not shown or not any(e.kind == "bet" and e.seat == 1 for e in hand.events):
            continue
        if not choose_discard(game, tuple(shown[0].data["cards"]), (), 4):
            continue
        model.observe(seat_view(hand, 0))
        drawn += 1
    assert drawn >= 5
    assert model.tendencies("v").bluff > PRIOR_BLUFF, model.tendencies("v")


def test_a_made_lowball_hand_is_strong_though_its_value_is_negative() -> None:
    # lowball values are negative (higher is better): a 7-5 low is the top of the 2-7 half, and
    # a heuristic that bets it on the river for that half is not bluffing (this read Drawmaha
    # 2-7's value bettors as 36% bluffs, and the expert called them down)
    board = parse_cards("Ks Qd 9h 8c 3d")
    game = find_game("drawmaha-27")
    assert weakness(game, parse_cards("7h 5s 4c 3s 2d"), board, "seed") == 1.0
    assert weakness(find_game("razz"), parse_cards("As 2d 3c 4h 5s Kd Kc"), (), "seed") == 1.0
    nut_low = parse_cards("As 2d Kh Qc")  # Omaha hi-lo: the nut low, beside hands with none
    assert weakness(find_game("omaha-8"), nut_low, parse_cards("3c 4h 7d Qs Jd"), "seed") > WEAK


def _gear_change_hand(seed: int, *, v_draws: bool = False) -> Hand:
    """Seat 0 bets whenever it may in even hands, and after the last draw in all, and calls a
    raise. Seat 1 ("v") checks and calls before the last draw, folding to the second bet it
    faces; after the last draw it bets or raises every time and never folds (a late snow's
    gear change). Seat 0 stands pat; so does v, or it draws one card when ``v_draws``."""
    hand = Hand("badugi", stacks=[400, 400], button=1, rng=random.Random(seed), names=["me", "v"])
    faced = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        final = final_phase(seat_view(hand, legal.seat))
        if legal.phase == "draw":
            draws = v_draws and legal.seat == 1
            hand.apply(Action.discard(hand.hole[1][:1]) if draws else Action.stand_pat())
        elif legal.phase != "bet":
            hand.apply(Action.show() if legal.phase == "show" else Action.check())
        elif legal.seat == 1 and final and legal.raise_ is not None:
            hand.apply(Action(legal.raise_.kind, amount=legal.raise_.min_to))
        elif legal.seat == 1 and legal.call:
            faced += 1
            folds = not final and faced == 2
            hand.apply(Action.fold() if folds else Action.call())
        elif legal.seat == 0 and not legal.call and legal.raise_ and (final or seed % 2 == 0):
            hand.apply(Action(legal.raise_.kind, amount=legal.raise_.min_to))
        else:
            hand.apply(Action.check() if legal.check else Action.call())
    return hand


def test_betting_after_the_last_draw_is_read_apart() -> None:
    # a late snow plays honestly, then never folds and always bets once it has stood pat at the
    # last draw: read as a whole it looks balanced, and a bluff there would count on its folds
    model = OpponentModel()
    for seed in range(40):
        model.observe(seat_view(_gear_change_hand(seed), 0))
    whole, final = model.tendencies("v"), model.tendencies("v", final=True)
    assert whole.fold_later > 0.3 and final.fold_later < 0.15, (whole, final)
    assert whole.aggression < 0.6 and final.aggression > 0.85, (whole, final)
    assert OpponentModel().tendencies("v", final=True) == BALANCED


def test_an_honest_players_bets_after_the_last_draw_are_read_with_its_whole_betting() -> None:
    # the same betting from a player who draws (no snow shown): the hands that reach the last
    # round are strong, so betting more there is not betting regardless of the hand; its folds
    # there are still its own (GEAR_SNOWS)
    model = OpponentModel()
    for seed in range(40):
        model.observe(seat_view(_gear_change_hand(seed, v_draws=True), 0))
    whole, final = model.tendencies("v"), model.tendencies("v", final=True)
    assert whole.snow < GEAR_SNOWS and final.aggression == whole.aggression, (whole, final)
    assert whole.fold_later > 0.3 and final.fold_later < 0.15, (whole, final)


def test_a_player_who_snows_every_hand_holds_random_hands() -> None:
    # a pure snow is read as up to 98% snows, not 90%: one pat hand in ten from the top made
    # the expert respect Drawmaha's snow more than heuristic, which plays it as random hands
    game = find_game("badugi")

    def held(snow: float, calls: int) -> list[tuple[tuple[Card, ...], ...]]:
        read = Read(1, "v", 0, calls, 0, 4, None, 0, Tendencies(snow=snow))
        return sample_holdings(game, (), full_deck(), [read], rng=random.Random(3), count=400,
                               draws=DrawRanges(5))  # fmt: skip

    # after a call (the top 70% kept) the range is sampled, with more snows in it
    assert _badugis(held(0.98, 1)) < _badugis(held(0.9, 1)) < _badugis(held(0.5, 1))
    assert _badugis(held(0.98, 1)) < 400 * 0.15  # 6.3% of random hands are badugis
    # with no call, 90% snows or more is any hand: the engine deals it
    assert all(joint == ((),) for joint in held(0.9, 0)) and held(0.5, 0)[0] != ((),)


def test_a_range_of_nearly_every_hand_is_played_as_any_hand() -> None:
    # before any draw, a range that keeps WIDE of all hands (a station's after its calls) is
    # left to the engine, which deals each runout a new hand: a dozen sampled hands made the
    # equity against a Doogie station noisier than heuristic's against random hands
    game = find_game("doogie")
    station = Read(1, "v", 0, 3, None, 6, None, 0, Tendencies(fold=0.02, fold_later=0.02))
    caller = Read(2, "w", 0, 3, None, 6, None, 0)  # a balanced player's calls narrow it
    assert station.share >= WIDE > caller.share
    held = sample_holdings(game, (), full_deck(), [station, caller], rng=random.Random(1),
                           count=12)  # fmt: skip
    assert all(joint[0] == () and len(joint[1]) == 6 for joint in held)


def test_later_calls_narrow_a_range_by_the_folds_of_hands_already_in() -> None:
    # a player who folds 30% of the time to a bet but 5% once in: the first call keeps its top
    # 70%, the next two 95% each (read with the first call's folds, three calls kept 34%)
    habits = Tendencies(fold=0.3, fold_later=0.05)
    read = Read(1, "v", 0, 3, None, 6, None, 0, habits)
    assert abs(read.share - 0.7 * 0.95**2) < 1e-9
    assert abs(replace(read, calls=1).share - 0.7) < 1e-9
    assert replace(read, calls=5).share == read.share  # past three calls nothing more is read


def test_a_doogie_declaration_narrows_a_range_the_betting_left_wide() -> None:
    # a station declared both ways: by its cards it qualifies both ways (a full house or better
    # and a 7-doogie), not a random hand that fails; read as any hand, its "both" had the
    # expert bet the last round for the third of the pot a failed both-way declarer leaves
    game = find_game("doogie")
    board = parse_cards("Ks Kd 4c 3h")
    pool = [c for c in full_deck() if c not in board]
    station = Read(1, "v", 0, 3, None, 6, "both", 0, Tendencies(fold=0.02, fold_later=0.02))
    held = sample_holdings(game, board, pool, [station], rng=random.Random(2), count=40,
                           draws=DrawRanges(5))  # fmt: skip
    ways = [way_by_cards(game, joint[0], board) for joint in held]
    assert all(len(joint[0]) == 6 for joint in held)
    assert ways.count("both") >= 40 * (1 - OFF_CARDS) - 4, ways  # 7% of random hands
    undeclared = replace(station, declared=None)  # nothing declared: any hand (the engine's)
    assert (
        sample_holdings(game, board, pool, [undeclared], rng=random.Random(2), count=4)
        == [((),)] * 4
    )
    # a range the betting narrowed is read as before: the bets already say what the cards are
    caller = Read(2, "w", 2, 3, None, 6, "both", 0)
    assert caller.share < WIDE
    undeclared = replace(caller, declared=None)
    read, before = (
        sample_holdings(game, board, pool, [r], rng=random.Random(2), count=40)
        for r in (caller, undeclared)
    )
    assert read == before
