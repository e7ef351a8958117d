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
  strong, in both stronger) and only the top share is kept: each bet or raise (the first
  :data:`BETS_READ` in the hand) keeps :data:`RAISE_KEEPS` of it (or the share of spots the
  player bets in, when the match has shown they bet more often), each call the share of hands
  the player does not fold (at least :data:`FLOOR` in all);
- **bluffs and snows**: a range that bet keeps, besides its top share, as many of the other
  candidates (spread evenly over their strengths, not only the weakest) as make the player's
  share of bluffs (:class:`~splitpot.bots.model.Tendencies`: a balanced player's,
  :data:`~splitpot.bots.model.PRIOR_BLUFF`, until their showdowns say more), and a pat
  hand's candidates take the player's share of snows as random hands, so a player who bets
  or stands pat on anything is never read as holding only strong hands;
- **declarations** (Doogie): a range the betting left wide (:data:`WIDE`: a station's, a
  maniac's) keeps, once the declarations are revealed, hands that declare that way by their
  cards (:func:`splitpot.equity.policy.way_by_cards`) and :data:`OFF_CARDS` of any hand; a
  range the betting narrowed is read as before, since its bets say what its cards are and
  narrowing it twice left a both-way declarer nothing but the strongest hands.

Everything is seeded by the generator passed in, so a read and a seed give the same samples.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from splitpot.bots.base import SeatView
from splitpot.bots.memo import Memo
from splitpot.bots.model import BALANCED, OpponentModel, Tendencies, final_phase
from splitpot.cards import Card, full_deck
from splitpot.equity.policy import choose_discard, way_by_cards
from splitpot.games import GameSpec

__all__ = ["BETS_READ", "CALL_KEEPS", "DRAW_CANDIDATES", "FLOOR", "MIXED", "NOT_VALUED",
           "OFF_CARDS", "RAISE_KEEPS", "SNOWS_READ", "WIDE", "DrawRanges", "Read",
           "describe_reads", "rank_in_range", "read_opponents", "read_seats", "sample_holdings",
           "strength", "unseen_cards"]  # fmt: skip

RAISE_KEEPS = 0.6
CALL_KEEPS = 0.85
FLOOR = 0.15
NOT_VALUED = float("-inf")  # strength() of an award the hand has no value in
BETS_READ = 4  # bets or raises in a hand that narrow a range (RAISE_KEEPS ** 4 < FLOOR)
TRIES = 5  # random hands tried per wanted candidate when matching a draw count
DRAW_CANDIDATES = 40  # hands dealt once per (board seen, count drawn, limit), then reused
# a pat range mixes in random hands for its snows: up to SNOWS_READ of it (a player who snows
# every hand, seen as 90% snows, held one pat hand in ten from the top: Drawmaha's snow beat
# the expert by less than heuristic, which plays it as random hands); from MIXED on, the
# range's size stays that of MIXED (fewer honest candidates, not more random ones)
SNOWS_READ = 0.98
MIXED = 0.9
# Doogie: a declaration keeps the hands that declare that way by their cards (a player who
# declared both ways almost always qualifies both ways), with this share of any hand besides
# (a player who declares by expected share, not by the cards, sometimes goes the other way).
# Read as any hand, a station's "both" left the expert betting the last round for a third of
# the pot it would get when the both-way declarer failed, which a by-cards declarer never does
OFF_CARDS = 0.1
DECLARED_TRIES = 40  # random hands tried per wanted candidate of a declaration
# a range that keeps this much of every hand (a station's, or anyone's before they act; a pat
# hand's with this share of snows) is played as any hand: the engine deals each runout a new
# one, where a dozen sampled hands made the expert's equity against a Doogie station noisier
# than heuristic's against random hands
WIDE = 0.9


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
    habits: Tendencies = BALANCED  # what the match so far says of this player

    @property
    def share(self) -> float:
        """The top share of hands kept for this opponent's betting: each bet or raise (up to
        :data:`BETS_READ`) keeps :data:`RAISE_KEEPS`, or the share of spots they bet in when
        they bet more often; the first call the share of hands they do not fold to a bet,
        each later call the share they do not fold once in (a balanced player's at first)."""
        keeps = max(RAISE_KEEPS, min(1.0, self.habits.aggression))
        first = min(1.0, max(0.3, 1.0 - self.habits.fold))  # a station's calls say nothing
        later = min(1.0, max(0.3, 1.0 - self.habits.fold_later))
        # past BETS_READ bets a balanced range is at the floor already; a maniac's 12 raises
        # in a hand say no more than its first few (0.97 ** 12 would keep 69% of hands)
        bets = min(self.aggression, BETS_READ)
        # the first call keeps the hands that do not fold to a bet; each later one (up to two)
        # those that do not fold once in, a player's folds then: read with the first call's
        # folds, three calls kept a Doogie trapper (who folded to 14% of the bets it faced)
        # at its top 29%, and the expert checked what heuristic bet (issue 24's held-out
        # trapper, 3-handed: +127 -> +145 bb/100)
        calls = first ** min(self.calls, 1) * later ** max(0, min(self.calls - 1, 2))
        return max(FLOOR, keeps**bets * calls)

    @property
    def bluffs(self) -> float:
        """The share of bluffs (hands from below the top share) in a range that bet."""
        return min(0.9, self.habits.bluff) if self.aggression else 0.0

    @property
    def snows(self) -> float:
        """The share of snows (any hand) among the hands of a player who stood pat."""
        return min(SNOWS_READ, self.habits.snow) if self.drawn == 0 else 0.0

    def describe(self) -> str:
        """``top 51% + 25% bluffs, drew 1``: the range in words."""
        parts = [f"top {self.share:.0%}" + (f" + {self.bluffs:.0%} bluffs" if self.bluffs else "")]
        if self.drawn is not None:
            parts.append("pat" if self.drawn == 0 else f"drew {self.drawn}")
            if self.snows:
                parts[-1] += f" ({self.snows:.0%} snows)"
        if self.declared:
            parts.append(f"declared {self.declared}")
        return ", ".join(parts)


def read_opponents(view: SeatView, model: OpponentModel | None = None) -> list[Read]:
    """A :class:`Read` of every opponent still in the hand, in seat order (with what
    ``model`` has learnt of each)."""
    return [r for r in read_seats(view, model) if r.seat != view.seat]


def read_seats(view: SeatView, model: OpponentModel | None = None) -> list[Read]:
    """A :class:`Read` of every seat still in the hand (this one too: its range as the
    others see it), in seat order."""
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
    final = final_phase(view)
    for seat, folded in enumerate(view.folded):
        if folded:
            continue
        name = view.names[seat]
        way = declared.get(name)
        habits = BALANCED
        if model is not None and seat != view.seat:
            habits = model.tendencies(name, final=final)
        out.append(
            Read(seat, name, aggression.get(seat, 0), calls.get(seat, 0), drawn.get(seat),
                 limit or view.game.hole_cards, way if isinstance(way, str) else None,
                 at_draw.get(seat, 0), habits)
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


def strength(game: GameSpec, hand: Sequence[Card], board: Sequence[Card]) -> list[float]:
    """Each award's raw value of ``hand`` now, higher is better (:data:`NOT_VALUED`: no hand
    or not yet valued; below every value, and lowball values are negative)."""
    out: list[float] = []
    for award in game.awards:
        try:
            value = award.raw(hand, board)
        except Exception:  # a hand too short for the award (Omaha before the flop)
            value = None
        out.append(NOT_VALUED if value is None else float(value))
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
        self._memo: Memo[tuple[object, ...], list[Candidate]] = Memo(limit)

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
            self._memo.put(memo_key, found)
        return found

    def declared(
        self, game: GameSpec, board: Sequence[Card], way: str, count: int = DRAW_CANDIDATES
    ) -> list[Candidate]:
        """Up to ``count`` hands that declare ``way`` by their cards on ``board`` (of
        ``count * DECLARED_TRIES`` random hands tried; any hand stands in if none does)."""
        key = (game.id, tuple(board), "declared", way, count)
        found = self._memo.get(key)
        if found is None:
            rng = random.Random(repr((self.seed, *key)))
            on_board = set(board)
            deck = [c for c in full_deck() if c not in on_board]
            found = []
            for _ in range(count * DECLARED_TRIES):
                hand = tuple(rng.sample(deck, game.hole_cards))
                if way_by_cards(game, hand, board) == way:
                    found.append((hand, hand))
                    if len(found) >= count:
                        break
            if not found:
                found = _random_hands(game.hole_cards, deck, rng=rng, count=count)
            self._memo.put(key, found)
        return found


def _scores(game: GameSpec, board: Sequence[Card], hands: Sequence[Sequence[Card]]) -> list[float]:
    """Each hand's score among ``hands``: per award its percentile (ties counted half), the
    best award's plus half the other's (strong in either half is strong; in both, stronger)."""
    values = [strength(game, hand, board) for hand in hands]
    n = len(hands)
    pcts: list[list[float]] = []
    for a in range(len(game.awards)):
        column = sorted(v[a] for v in values)
        pcts.append([
            (bisect_left(column, v[a]) + bisect_right(column, v[a]) - 1) / (2 * max(1, n - 1))
            for v in values
        ])  # fmt: skip
    return [max(p[i] for p in pcts) + 0.5 * min(p[i] for p in pcts) for i in range(n)]


def _top(
    game: GameSpec, board: Sequence[Card], cands: list[Candidate], share: float,
    bluffs: float = 0.0, *, reference: Sequence[Sequence[Card]] = (),
) -> list[tuple[Card, ...]]:  # fmt: skip
    """The known parts of the strongest ``share`` of ``cands`` (at least one), and with them
    as many of the rest as make ``bluffs`` of the range: a balanced player who bets has some
    weak hands there, and a range of only the strong ones is pushed around by a bluffer.
    With ``reference`` (random hands) the strongest share is of those: the candidates as
    strong as its top ``share`` are kept (a range that something else narrowed already, a
    Doogie declaration, is not narrowed by the bets a second time)."""
    if share >= 1.0 or len(cands) < 2:
        return [known for _, known in cands]
    n = len(cands)
    score = _scores(game, board, [*(hand for hand, _ in cands), *reference])
    order = sorted(range(n), key=lambda i: -score[i])
    keep = max(1, round(n * share))
    if reference:
        line = sorted(score[n:], reverse=True)[max(1, round(len(reference) * share)) - 1]
        keep = max(1, sum(1 for i in range(n) if score[i] >= line))
    best, rest = order[:keep], order[keep:]
    extra = min(len(rest), round(keep * bluffs / (1.0 - bluffs))) if bluffs < 1.0 else len(rest)
    # spread evenly over the rest, not its weakest: a player shown to bluff bets what it holds
    # below the top share (a Badugi three-card hand counts as a bluff at the showdown); read
    # as the weakest hands, those bluffs let the expert call a river raise with its own
    # three-card bluff (issue 24's local best response: +52.8 -> +17.4 bb/100, seed 25)
    chosen = best + [rest[int((j + 0.5) * len(rest) / extra)] for j in range(extra)]
    return [cands[i][1] for i in sorted(chosen)]


def rank_in_range(
    view: SeatView, draws: DrawRanges, *, hole: Sequence[Card] | None = None
) -> float:
    """The share of this seat's range, as its actions show it to the others, that is weaker
    than its hand now (0: the weakest; the minimum defence frequency is read against it)."""
    mine = next(r for r in read_seats(view) if r.seat == view.seat)
    hand = tuple(view.hole if hole is None else hole)
    game = view.game
    pool = [c for c in full_deck() if c not in set(view.board)]
    rng = random.Random(repr((draws.seed, "rank", hand, tuple(view.board))))
    if mine.drawn is None:
        cands = _random_hands(game.hole_cards, pool, rng=rng, count=DRAW_CANDIDATES)
    else:
        cands = draws.candidates(game, view.board[: mine.board_at_draw], mine)
    cands = [(whole, whole) for whole, _ in cands]
    kept = _top(game, view.board, cands, mine.share)
    score = _scores(game, view.board, [*kept, hand])
    me = score[-1]
    below = sum(1 for s in score[:-1] if s < me) + 0.5 * sum(1 for s in score[:-1] if s == me)
    return below / max(1, len(kept))


def _with_snows(
    game: GameSpec, pool: Sequence[Card], cands: list[Candidate], snows: float,
    rng: random.Random,
) -> list[Candidate]:  # fmt: skip
    """``cands`` (shuffled) with random hands added, ``snows`` of the whole: past
    :data:`MIXED` the whole stays MIXED's size, with fewer of ``cands`` in it."""
    mixed = min(snows, MIXED)
    added = round(len(cands) * mixed / (1.0 - mixed))
    if snows > MIXED:
        whole = len(cands) + added
        cands = cands[: round(whole * (1.0 - snows))]
        added = whole - len(cands)
    return cands + _random_hands(game.hole_cards, pool, rng=rng, count=max(1, added))


def sample_holdings(
    game: GameSpec, board: Sequence[Card], pool: Sequence[Card], reads: Sequence[Read], *,
    rng: random.Random, count: int, draws: DrawRanges | None = None,
) -> list[tuple[tuple[Card, ...], ...]]:  # fmt: skip
    """``count`` joint samples: per opponent in ``reads``'s order, the known part of a hand
    in its range (no card in two hands; none for a range of :data:`WIDE` or more of all hands:
    before any draw, or standing pat with that share of snows). ``draws`` keeps the draw
    reads' candidates between calls (a new one, seeded by ``rng``, when None)."""
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
        if read.declared is not None and read.share >= WIDE and len(board) == game.board_cards:
            if draws is None:
                draws = DrawRanges(rng.getrandbits(32))
            cands = [
                c for c in draws.declared(game, board, read.declared) if unseen.issuperset(c[0])
            ]
            rng.shuffle(cands)
            cands = _with_snows(game, pool, cands, OFF_CARDS, rng)
            reference = [hand for hand, _ in _random_hands(game.hole_cards, pool, rng=rng,
                                                           count=len(cands))]  # fmt: skip
            per.append(_top(game, board, cands, read.share, read.bluffs, reference=reference))
            rng.shuffle(per[-1])
            continue
        if read.share >= WIDE and (read.drawn is None or read.snows >= WIDE):
            per.append([()])  # any hand: the engine deals it
            continue
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
            if read.snows:  # a pat hand may be a snow: any hand at all
                cands = _with_snows(game, pool, cands, read.snows, rng)
        kept = _top(game, board, cands, read.share, read.bluffs)
        if read.snows or read.bluffs:  # the added hands sit at the end: mix them in
            rng.shuffle(kept)
        per.append(kept)
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
