"""Issue 26, memory: the bots' memos and a table's bookkeeping of its connections stay bounded
however long a server runs (benchmarks/bench_soak.py measures the whole server)."""

from __future__ import annotations

import random

from splitpot.bots.base import seat_view
from splitpot.bots.expert import ExpertBot
from splitpot.bots.heuristic import HeuristicBot
from splitpot.bots.memo import Memo
from splitpot.bots.ranges import DrawRanges, read_opponents
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand


def test_the_draw_read_memo_keeps_at_most_its_limit_of_keys() -> None:
    memo = DrawRanges(7)
    assert memo.limit == 64
    small = DrawRanges(7, limit=3)
    boards = 0
    for seed in range(12):  # a new flop every hand: a new key every hand
        hand = Hand("drawmaha", stacks=[400, 400], button=1, rng=random.Random(seed))
        while len(hand.board) < 4:
            legal = hand.legal_actions()
            assert legal is not None
            if legal.phase == "draw":
                hand.apply(Action.discard(legal.hole[:1]))
            else:
                hand.apply(Action.check() if legal.check else Action.call())
        view = seat_view(hand, 0)
        (read,) = read_opponents(view)
        small.candidates(view.game, view.board[:3], read)
        boards += 1
        assert len(small._memo) <= 3
    assert boards == 12


def test_the_bots_odds_memos_are_small() -> None:
    assert ExpertBot.CACHE_LIMIT == 256
    assert HeuristicBot(random.Random(1)).cache_size == 2_000


def test_a_full_memo_drops_its_oldest_entry_not_every_entry() -> None:
    """A memo at its limit keeps its newest entries (a hand's own hits survive), so the memory
    it holds stays level instead of a fill-and-empty saw (issue 26)."""
    memo: Memo[int, int] = Memo(3)
    for key in range(10):
        memo.put(key, key * key)
        assert len(memo) == min(key + 1, 3)
    assert list(memo) == [7, 8, 9]
    assert memo.get(9) == 81 and memo.get(6) is None
    expert, heuristic = ExpertBot(random.Random(1)), HeuristicBot(random.Random(1))
    assert expert._cache.limit == ExpertBot.CACHE_LIMIT
    assert heuristic._cache.limit == heuristic.cache_size
    assert DrawRanges(7, limit=5)._memo.limit == 5
