"""The ``expert`` bot (issue 14): legal play in every game and structure, determinism for a
seed, its reasons, and the obvious lines on stacked decks."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splitpot.bots.base import Bot, RandomBot, SeatView, policy_for, seat_view
from splitpot.bots.expert import ExpertBot
from splitpot.bots.match import play_match
from splitpot.bots.ranges import (
    DRAW_CANDIDATES,
    DrawRanges,
    read_opponents,
    sample_holdings,
    unseen_cards,
)
from splitpot.bots.registry import BOTS, make_bot
from splitpot.cards import parse_cards
from splitpot.cli import main
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.table import Table
from splitpot.games import GAMES
from splitpot.play import PlayConfig, Session

COMBOS = [
    pytest.param(game_id, structure.value, id=f"{game_id}-{structure.value}")
    for game_id, spec in GAMES.items()
    for structure in spec.structures
]


class Checked:
    """Wraps a bot: every action it returns must be one ``legal`` allows."""

    def __init__(self, bot: Bot, seen: list[str]) -> None:
        self.bot = bot
        self.name = bot.name
        self.seen = seen

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        action = self.bot.act(view, legal)
        assert action.kind in legal.kinds, (action, legal.describe())
        if action.kind in ("bet", "raise"):
            assert legal.raise_ is not None and action.amount is not None
            assert legal.raise_.min_to <= action.amount <= legal.raise_.max_to
        if action.kind == "discard":
            assert len(action.cards) <= legal.discard_max
            assert len(set(action.cards)) == len(action.cards)
            assert set(action.cards) <= set(legal.hole)
        if action.kind == "declare":
            assert action.way in legal.declare
        if isinstance(self.bot, ExpertBot):
            reason = self.bot.reason
            assert reason and "\n" not in reason, reason
        self.seen.append(action.kind)
        return action


def play_table(
    game: str, bots: Sequence[Bot], hands: int, seed: int, structure: str | None = None
) -> list[str]:
    seen: list[str] = []
    checked = [Checked(bot, seen) for bot in bots]
    table = Table(game, stacks=[200] * len(bots), rng=random.Random(seed), structure=structure,
                  rebuy=200)  # fmt: skip
    chips = sum(table.stacks)
    policy = policy_for(checked)
    for _ in range(hands):
        table.play_hand(policy)
    assert sum(table.stacks) == chips + sum(table.rebuys)
    return seen


def lineup(seats: int, seed: int, *, experts: str = "even") -> list[Bot]:
    rng = random.Random(seed)
    bots: list[Bot] = []
    for seat in range(seats):
        if experts == "all" or seat % 2 == 0:
            bots.append(ExpertBot(random.Random(rng.random()), samples=240))
        else:
            bots.append(RandomBot(random.Random(rng.random())))
    return bots


def drive(hand: Hand, until: object) -> None:
    """Check or call (and stand pat, keep, declare as offered first) until ``until(hand)``."""
    while not until(hand):
        legal = hand.legal_actions()
        assert legal is not None
        if legal.phase == "draw":
            hand.apply(Action.stand_pat())
        elif legal.phase == "sviten":
            hand.apply(Action.keep())
        elif legal.phase == "declare":
            hand.apply(Action.declare(legal.declare[0]))
        else:
            hand.apply(Action.check() if legal.check else Action.call())


# --- registry and legality ---------------------------------------------------------------------


def test_expert_is_in_the_one_registry() -> None:
    assert "expert" in BOTS
    assert make_bot(" Expert ", random.Random(1)).name == "expert"


@pytest.mark.parametrize(("game", "structure"), COMBOS)
def test_expert_never_plays_an_illegal_action(game: str, structure: str) -> None:
    spec = GAMES[game]
    seen = play_table(game, lineup(3, 1), hands=2, seed=1, structure=structure)
    seen += play_table(game, lineup(2, 2, experts="all"), hands=2, seed=2, structure=structure)
    assert seen
    if spec.draws:
        assert "discard" in seen


@pytest.mark.slow
@pytest.mark.parametrize(("game", "structure"), COMBOS)
def test_expert_never_plays_an_illegal_action_many_hands(game: str, structure: str) -> None:
    spec = GAMES[game]
    for seats in range(2, min(6, spec.max_players) + 1):
        play_table(game, lineup(seats, seats), hands=4, seed=10 + seats, structure=structure)
        play_table(game, lineup(seats, 30 + seats, experts="all"), hands=3, seed=20 + seats,
                   structure=structure)  # fmt: skip


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    combo=st.sampled_from([(g, s.value) for g, spec in GAMES.items() for s in spec.structures]),
    seats=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    experts=st.sampled_from(["even", "all"]),
)
def test_expert_is_legal_in_random_playouts(
    combo: tuple[str, str], seats: int, seed: int, experts: str
) -> None:
    game, structure = combo
    seats = min(seats, GAMES[game].max_players)
    play_table(game, lineup(seats, seed, experts=experts), hands=1, seed=seed, structure=structure)


# --- determinism -------------------------------------------------------------------------------


def test_a_match_with_expert_repeats_for_a_seed() -> None:
    first = play_match("badugi", ("expert", "heuristic"), hands=6, seed=5)
    second = play_match("badugi", ("expert", "heuristic"), hands=6, seed=5)
    assert first.bot("expert").bb_per_100 == second.bot("expert").bb_per_100


def test_same_seed_same_view_same_action_and_reason() -> None:
    hand = Hand("drawmaha", stacks=[200, 200, 200], button=0, rng=random.Random(9))
    legal = hand.legal_actions()
    assert legal is not None
    view = seat_view(hand, legal.seat)
    one, two = ExpertBot(random.Random(4)), ExpertBot(random.Random(4))
    two.act(seat_view(hand, legal.seat), legal)  # a decision first: the cache must not matter
    two._cache.clear()
    assert one.act(view, legal) == two.act(view, legal)
    assert one.reason == two.reason


# --- ranges --------------------------------------------------------------------------------


def test_a_pat_opponent_is_read_as_a_pat_hand() -> None:
    # Seat 1 stands pat in Badugi: every sampled holding is a whole hand the policy stands pat
    # on (a four-card badugi), and none holds a card the reader has seen.
    hand = Hand("badugi", stacks=[200, 200], button=1, rng=random.Random(3))
    drive(hand, lambda h: h.phase == "draw" and h.legal_actions().seat == 0)  # type: ignore[union-attr]
    hand.apply(Action.discard(hand.hole[0][:2]))
    hand.apply(Action.stand_pat())
    view = seat_view(hand, 0)
    reads = read_opponents(view)
    assert [(r.seat, r.drawn) for r in reads] == [(1, 0)]
    pool = unseen_cards(view)
    samples = sample_holdings(view.game, view.board, pool, reads, rng=random.Random(1), count=10)
    for (known,) in samples:
        assert len(known) == 4 and len({c.suit for c in known}) == 4
        assert len({c.rank for c in known}) == 4
        assert not set(known) & set(view.hole)


def test_a_draw_is_read_against_the_board_the_drawer_saw() -> None:
    # Drawmaha draws after the flop (docs/rules.md): once the turn is out, both reads still say the
    # draw saw three board cards, and the hands matching a draw are dealt once per read (two
    # memos with one seed deal the same hands; none holds a flop card).
    hand = Hand("drawmaha", stacks=[400, 400], button=1, rng=random.Random(5))
    drive(hand, lambda h: len(h.board) == 4)
    view = seat_view(hand, 0)
    (read,) = read_opponents(view)
    assert read.drawn is not None and read.board_at_draw == 3
    flop = view.board[:3]
    one = DrawRanges(7).candidates(view.game, flop, read)
    assert one and one == DrawRanges(7).candidates(view.game, flop, read)
    assert all(not set(whole) & set(flop) and set(known) <= set(whole) for whole, known in one)


def test_a_raiser_range_is_narrower_than_a_checker() -> None:
    hand = Hand("holdem", stacks=[400, 400], button=1, rng=random.Random(2))
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    hand.apply(Action("raise", amount=legal.raise_.min_to))
    view = seat_view(hand, 0 if legal.seat == 1 else 1)
    (read,) = read_opponents(view)
    assert read.aggression == 1 and read.share < 1.0


# --- stacked decks: the obvious lines -------------------------------------------------------


def test_folds_the_worst_hand_to_a_pot_sized_river_bet() -> None:
    # No-limit hold'em: seat 0 holds 4c 5d on 2h 3s 8c 9s Jh (it plays the board, J-high: no
    # hand can lose to it); seat 1 bets the pot on the river.
    deck = parse_cards("4c Ah 5d Ad  2h 3s 8c 9s Jh")
    hand = Hand("holdem", stacks=[400, 400], button=1, deck=deck, rng=random.Random(0))
    drive(hand, lambda h: len(h.board) == 5)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0
    hand.apply(Action.check())
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1 and legal.raise_ is not None
    hand.apply(Action("bet", amount=hand.pot))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0
    bot = ExpertBot(random.Random(1), samples=400)
    assert bot.act(seat_view(hand, 0), legal).kind == "fold"
    assert bot.reason.startswith("fold")


def test_raises_the_nuts_in_both_halves() -> None:
    # Drawmaha: seat 0 holds the royal flush in hearts (the best draw hand) and, with Jh Th on
    # 9h 8h 7h, the best Omaha hand there is (a jack-high straight flush). Seat 1 bets the pot
    # on the river; the expert raises.
    deck = parse_cards("Ah 2c Kh 3c Qh 4d Jh 5s Th 6d  9h 8h 7h  2d 3d")
    hand = Hand("drawmaha", stacks=[1000, 1000], button=1, deck=deck, rng=random.Random(0))
    bot = ExpertBot(random.Random(2), samples=400)

    def river(h: Hand) -> bool:
        legal = h.legal_actions()
        return len(h.board) == 5 and legal is not None and legal.seat == 1

    drive(hand, river)
    legal = hand.legal_actions()
    assert legal is not None and legal.raise_ is not None
    hand.apply(Action("bet", amount=legal.raise_.max_to))
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0
    action = bot.act(seat_view(hand, 0), legal)
    assert action.kind == "raise", bot.reason


def test_declares_both_ways_with_a_lock() -> None:
    # Doogie: seat 0's As 2h 3d 4c with the board (a perfect doogie) and four kings: the best
    # hand both ways. Seat 1 holds four nines and no low: high.
    deck = parse_cards("As Kd 2h Ks 3d Kh 4c Kc 9s 9d 9h 8c  7s 8d Th Jc")
    hand = Hand("doogie", stacks=[200, 200], button=1, deck=deck, rng=random.Random(0))
    drive(hand, lambda h: h.phase == "declare")
    bot = ExpertBot(random.Random(1), samples=400)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0
    action = bot.act(seat_view(hand, 0), legal)
    assert action.way == "both", bot.reason
    assert "both" in bot.reason


# --- explain ---------------------------------------------------------------------------------


def test_play_explain_shows_each_bot_decision_reason() -> None:
    out = io.StringIO()
    config = PlayConfig(game="badugi", seats=3, seed=3, bots="expert", store=False, hands=1,
                        explain=True)  # fmt: skip
    Session(config, io.StringIO("c\npat\nc\npat\nc\npat\nc\nc\nc\nq\n"), out).run()
    text = out.getvalue()
    lines = [line for line in text.splitlines() if "thinks:" in line]
    assert lines, text
    assert all("equity" in line or "declare" in line for line in lines)


def test_play_explain_through_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    # `splitpot play --explain`: each bot action is followed by its reason; without the flag
    # the same table says none.
    def run(*flags: str) -> str:
        monkeypatch.setattr(sys, "stdin", io.StringIO("c\npat\nc\npat\nc\npat\nc\nq\n"))
        out = io.StringIO()
        argv = ["play", "badugi", "--seed", "4", "--bots", "expert", "--no-store", *flags]
        assert main(argv, out=out) == 0
        return out.getvalue()

    explained, plain = run("--explain"), run()
    lines = explained.splitlines()
    notes = [i for i, line in enumerate(lines) if line.startswith("  (bot1 thinks: ")]
    assert notes
    for i in notes:  # right under one of bot1's actions
        assert lines[i - 1].startswith("bot1 ")
    assert "thinks:" not in plain
    assert [line for line in lines if "thinks:" not in line] == plain.splitlines()


def test_a_board_game_with_three_draws_deals_every_draw_its_full_candidates() -> None:
    # Triple Draw Dramaha: each draw sees a new board, so its candidates are dealt anew, and
    # all DRAW_CANDIDATES of them (a third each had left about five hands to model a range).
    hand = Hand("triple-draw-dramaha", stacks=[400, 400], button=1, rng=random.Random(5))
    drive(hand, lambda h: len(h.board) == 4)
    view = seat_view(hand, 0)
    (read,) = read_opponents(view)
    assert read.drawn is not None
    memo = DrawRanges(7)
    sample_holdings(view.game, view.board, unseen_cards(view), [read], rng=random.Random(1),
                    count=6, draws=memo)  # fmt: skip
    assert [key[-1] for key in memo._memo] == [DRAW_CANDIDATES]
