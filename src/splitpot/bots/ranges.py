"""Opponents' ranges read from their actions, for :mod:`splitpot.bots.expert`.

A :class:`Read` is what one opponent's actions in this hand say: how often they bet or raised,
how often they called, how many cards they drew at the last draw (standing pat is 0), and,
in Doogie, the declaration once revealed. :func:`sample_holdings` turns reads into ``count``
joint samples of the opponents' holdings, each a tuple of *known parts* (cards the engine then
completes at random), so equity against the range is the mean over the samples:

- **draws**: a candidate is a random hand that the heuristic draw policy
  (:func:`splitpot.equity.policy.choose_discard`), seeing the board the opponent saw when they
  drew, would throw exactly as many cards from as the opponent drew; the sample keeps its kept
  cards, and the engine deals the replacements (a pat opponent's whole hand is known). Those
  candidates depend only on the game, that board, the count drawn and the limit, so a
  :class:`DrawRanges` deals them once (:data:`DRAW_CANDIDATES` of them, divided among up to
  four opponents who drew, from a generator seeded by its seed and that key) and keeps them;
  each estimate then uses the ones holding no card this seat has seen, in an order shuffled by
  its own generator;
- **betting**: candidates are ranked by the strength of their cards now (per award, the
  percentile of the award's value among the candidates; a hand strong in either half is
  strong, in both stronger) and only the top share is kept: each bet or raise keeps
  :data:`RAISE_KEEPS` of it, each call :data:`CALL_KEEPS` (at least :data:`FLOOR`).

Everything is seeded by the generator passed in, so a read and a seed give the same samples.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from splitpot.bots.base import SeatView
from splitpot.cards import Card, full_deck
from splitpot.equity.policy import choose_discard
from splitpot.games import GameSpec

__all__ = ["CALL_KEEPS", "DRAW_CANDIDATES", "FLOOR", "RAISE_KEEPS", "DrawRanges", "Read",
           "describe_reads", "read_opponents", "sample_holdings", "unseen_cards"]  # fmt: skip

RAISE_KEEPS = 0.6
CALL_KEEPS = 0.85
FLOOR = 0.15
TRIES = 5  # random hands tried per wanted candidate when matching a draw count
DRAW_CANDIDATES = 40  # hands dealt once per (board seen, count drawn, limit), then reused


@dataclass(frozen=True, slots=True)
class Read:
    """What one opponent's actions in this hand say about their cards."""

    seat: int
    name: str
    aggression: int
    calls: int
    drawn: int | None  # cards drawn at the latest draw (0: stood pat); None before any draw
    draw_limit: int  # the most they could have drawn then
    declared: str | None
    board_at_draw: int = 0  # board cards showing at that draw (what their policy saw)

    @property
    def share(self) -> float:
        """The top share of hands kept for this opponent's betting."""
        return max(FLOOR, RAISE_KEEPS**self.aggression * CALL_KEEPS ** min(self.calls, 3))

    def describe(self) -> str:
        """``top 51%, drew 1``: the range in words."""
        parts = [f"top {self.share:.0%}"]
        if self.drawn is not None:
            parts.append("pat" if self.drawn == 0 else f"drew {self.drawn}")
        if self.declared:
            parts.append(f"declared {self.declared}")
        return ", ".join(parts)


def read_opponents(view: SeatView) -> list[Read]:
    """A :class:`Read` of every opponent still in the hand, in seat order."""
    aggression: dict[int, int] = {}
    calls: dict[int, int] = {}
    drawn: dict[int, int] = {}
    limit = 0
    board = 0
    at_draw: dict[int, int] = {}
    declared: Mapping[str, object] = {}
    for event in view.events:
        kind, seat = event.kind, event.seat
        if kind == "deal_board":
            cards = event.data.get("cards")
            board += len(cards) if isinstance(cards, Sequence) else 0
        elif kind in ("bet", "raise") and seat is not None:
            aggression[seat] = aggression.get(seat, 0) + 1
        elif kind == "call" and seat is not None:
            calls[seat] = calls.get(seat, 0) + 1
        elif kind == "draw_round":  # a seat's latest draw counts until it draws again
            number = event.data.get("number")
            draws = view.game.draws
            if isinstance(number, int) and 1 <= number <= len(draws):
                limit = min(draws[number - 1].max_discard, view.game.hole_cards)
        elif kind == "discard" and seat is not None:
            count = event.data.get("count")
            drawn[seat] = count if isinstance(count, int) else 0
            at_draw[seat] = board
        elif kind == "reveal":
            ways = event.data.get("declarations")
            if isinstance(ways, Mapping):
                declared = ways
    out = []
    for seat, folded in enumerate(view.folded):
        if folded or seat == view.seat:
            continue
        name = view.names[seat]
        way = declared.get(name)
        out.append(
            Read(seat, name, aggression.get(seat, 0), calls.get(seat, 0), drawn.get(seat),
                 limit or view.game.hole_cards, way if isinstance(way, str) else None,
                 at_draw.get(seat, 0))
        )  # fmt: skip
    return out


def describe_reads(reads: Sequence[Read]) -> str:
    """The ranges assumed, for a reason line: ``vs bot1 (top 60%, drew 2)``."""
    return "; ".join(f"{r.name} ({r.describe()})" for r in reads) or "nobody"


def unseen_cards(view: SeatView) -> list[Card]:
    """The cards this seat has not seen: not in its hand, on the board, nor thrown by it."""
    seen = set(view.hole) | set(view.board)
    for event in view.events:
        if event.kind == "discard" and event.seat == view.seat:
            thrown = event.secret.get("discarded")
            if isinstance(thrown, Sequence):
                seen.update(c for c in thrown if isinstance(c, Card))
        elif event.kind == "sviten_up":
            card = event.data.get("card")
            if isinstance(card, Card):
                seen.add(card)
    return [c for c in full_deck() if c not in seen]


def _strength(game: GameSpec, hand: Sequence[Card], board: Sequence[Card]) -> list[float]:
    """Each award's raw value of ``hand`` now (-1: no hand or not yet valued)."""
    out: list[float] = []
    for award in game.awards:
        try:
            value = award.raw(hand, board)
        except Exception:  # a hand too short for the award (Omaha before the flop)
            value = None
        out.append(-1.0 if value is None else float(value))
    return out


Candidate = tuple[tuple[Card, ...], tuple[Card, ...]]  # (whole hand, known part)


def _random_hands(
    size: int, pool: Sequence[Card], *, rng: random.Random, count: int
) -> list[Candidate]:
    """``count`` random hands from ``pool``, wholly known (no draw read yet)."""
    out: list[Candidate] = []
    for _ in range(count):
        hand = tuple(rng.sample(pool, size))
        out.append((hand, hand))
    return out


def _drawn_like(
    game: GameSpec, board: Sequence[Card], read: Read, *, rng: random.Random, count: int
) -> list[Candidate]:
    """Up to ``count`` hands from the cards not on ``board`` from which the draw policy, seeing
    ``board``, throws as many cards as ``read`` drew (of ``count * TRIES`` tried); in a draw
    so rare that none matches, ``count // 4`` of the nearest counts stand in."""
    size = game.hole_cards
    drawn = read.drawn or 0
    on_board = set(board)
    deck = [c for c in full_deck() if c not in on_board]
    out: list[Candidate] = []
    near: list[tuple[int, tuple[Card, ...], tuple[Card, ...]]] = []
    for _ in range(count * TRIES):
        hand = tuple(rng.sample(deck, size))
        thrown = choose_discard(game, hand, board, read.draw_limit)
        if len(thrown) == drawn:
            out.append((hand, tuple(c for c in hand if c not in thrown)))
            if len(out) >= count:
                break
        else:
            near.append((abs(len(thrown) - drawn), hand, hand[: size - drawn]))
    if not out:
        near.sort(key=lambda item: item[0])
        out.extend((hand, known) for _, hand, known in near[: max(1, count // 4)])
    return out


class DrawRanges:
    """The hands matching each draw read, dealt once and kept (see the module docstring).

    A pure memo: the candidates for a key depend only on ``seed`` and the key, so sharing one
    across decisions changes no decision. It keeps ``limit`` keys (about 7 KB each): a game with
    a board makes new keys every hand, so more would only grow a long-running server's bots."""

    def __init__(self, seed: int, limit: int = 64) -> None:
        self.seed = seed
        self.limit = limit
        self._memo: dict[tuple[object, ...], list[Candidate]] = {}

    def candidates(
        self, game: GameSpec, board: Sequence[Card], read: Read, count: int = DRAW_CANDIDATES
    ) -> list[Candidate]:
        """``count`` hands for ``read``'s draw, ``board`` the one it saw."""
        key = (game.id, tuple(board), read.drawn, read.draw_limit)
        memo_key = (*key, count)
        found = self._memo.get(memo_key)
        if found is None:
            rng = random.Random(repr((self.seed, *key)))
            found = _drawn_like(game, board, read, rng=rng, count=count)
            if len(self._memo) >= self.limit:
                self._memo.clear()
            self._memo[memo_key] = found
        return found


def _top(
    game: GameSpec, board: Sequence[Card], cands: list[Candidate], share: float,
) -> list[tuple[Card, ...]]:  # fmt: skip
    """The known parts of the strongest ``share`` of ``cands`` (at least one)."""
    if share >= 1.0 or len(cands) < 2:
        return [known for _, known in cands]
    values = [_strength(game, hand, board) for hand, _ in cands]
    n = len(cands)
    pcts: list[list[float]] = []
    for a in range(len(game.awards)):
        column = sorted(v[a] for v in values)
        # a value's percentile: the values below it, ties counted half (equal values, equal pct)
        pcts.append([
            (bisect_left(column, v[a]) + bisect_right(column, v[a]) - 1) / (2 * (n - 1))
            for v in values
        ])  # fmt: skip
    # strong in either half is strong; strong in both, stronger
    score = [max(p[i] for p in pcts) + 0.5 * min(p[i] for p in pcts) for i in range(n)]
    keep = max(1, round(n * share))
    best = sorted(range(n), key=lambda i: -score[i])[:keep]
    return [cands[i][1] for i in sorted(best)]


def sample_holdings(
    game: GameSpec, board: Sequence[Card], pool: Sequence[Card], reads: Sequence[Read], *,
    rng: random.Random, count: int, draws: DrawRanges | None = None,
) -> list[tuple[tuple[Card, ...], ...]]:  # fmt: skip
    """``count`` joint samples: per opponent in ``reads``'s order, the known part of a hand
    in its range (no card in two hands). ``draws`` keeps the draw reads' candidates between
    calls (a new one, seeded by ``rng``, when None)."""
    unseen = set(pool)
    # several opponents who drew: fewer candidates each (a decision's cost stays near one's);
    # with a board each draw sees a new one and deals anew (Triple Draw Dramaha dealt a third
    # of them a draw until 2026-12-02: after the unseen-card filter about five hands were left
    # to model a range, and its edge was gone); without one, every hand's draws reuse the same
    # keys, so the game's draws add up
    rounds = max(1, len(game.draws))
    share = DRAW_CANDIDATES // max(1, len(reads))
    dealt = max(DRAW_CANDIDATES // 4, share if game.board_cards else share * rounds)
    per: list[list[tuple[Card, ...]]] = []
    for read in reads:
        if read.drawn is None:
            wanted = max(count, 8) * 3 if read.share < 1.0 else count
            cands = _random_hands(game.hole_cards, pool, rng=rng, count=wanted)
        else:
            if draws is None:
                draws = DrawRanges(rng.getrandbits(32))
            seen_then = board[: read.board_at_draw]
            cands = draws.candidates(game, seen_then, read, dealt)
            cands = [c for c in cands if unseen.issuperset(c[0])]
            if not cands:  # every candidate holds a card this seat has seen: any hand will do
                hand = tuple(rng.sample(pool, game.hole_cards))
                cands = [(hand, hand[: game.hole_cards - (read.drawn or 0)])]
            rng.shuffle(cands)
        per.append(_top(game, board, cands, read.share))
    out: list[tuple[tuple[Card, ...], ...]] = []
    for i in range(count):
        used: set[Card] = set()
        joint: list[tuple[Card, ...]] = []
        for options in per:
            pick: tuple[Card, ...] = ()
            for step in range(len(options)):
                known = options[(i + step) % len(options)]
                if used.isdisjoint(known):
                    pick = known
                    break
            used.update(pick)
            joint.append(pick)
        out.append(tuple(joint))
    return out
