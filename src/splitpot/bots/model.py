"""What a bot learns about each opponent over a match, for :mod:`splitpot.bots.expert`.

An :class:`OpponentModel` is fed every finished hand from the bot's seat
(:meth:`OpponentModel.observe`, which the match runners call through the bot's ``observe``)
and keeps, per opponent name, decayed counts (each hand weighs :data:`DECAY` times the one
before it, so the memory is bounded and follows a player who changes gear):

- how often they bet or raise when they may, and fold when facing a bet (apart: the first
  time in a hand, once they have called or bet in it, and when raised after betting);
- at showdowns, how often a hand they bet or raised on the last round with was *weak* (below
  :data:`WEAK` of random hands in every award: a bluff), and how often a hand they stood pat
  on at the last draw was weak (a snow). A snow is exposed at the showdown;
- how often they stand pat at the first draw beyond what the draw policy does
  (:func:`honest_pat_rate`): a player who stands pat on anything is a snow before any
  showdown says so.

:meth:`OpponentModel.tendencies` turns the counts into rates, each smoothed towards what a
balanced player does (:data:`PRIOR_BLUFF`, :data:`PRIOR_SNOW`, :data:`PRIOR_FOLD`,
:data:`PRIOR_AGGRESSION`, with :data:`PSEUDO` hands' weight), so a new opponent is played as a
balanced one and a few hands move the estimate only a little. A model belongs to one bot at one
table; it holds at most :data:`MAX_OPPONENTS` names (the oldest is dropped).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from splitpot.bots.base import SeatView
from splitpot.cards import Card, full_deck
from splitpot.equity.policy import choose_discard
from splitpot.games import GameSpec
from splitpot.games.streets import Bet

__all__ = [
    "BALANCED",
    "DECAY",
    "GEAR_SNOWS",
    "MAX_OPPONENTS",
    "WEAK",
    "OpponentModel",
    "Tendencies",
    "final_phase",
    "weakness",
]

DECAY = 0.995  # per observed hand: a few hundred hands of memory
MAX_OPPONENTS = 32
WEAK = 0.6  # a showdown hand below this percentile of random hands, in every award, is weak
PSEUDO = 4.0
SHOWN = 2.0  # showdowns weigh more: a prior of two hands for bluffs and snows shown
HONEST_DEALS = 200
PRIOR_BLUFF = 0.25  # a balanced player's bluffs among its last-round bets (about a pot bet's)
PRIOR_SNOW = 0.1  # ... and snows among its pat hands at the last draw
PRIOR_FOLD = 0.3  # ... folds when facing a bet
PRIOR_FOLD_BACK = 0.15  # ... folds when raised after betting
PRIOR_FOLD_LATER = 0.2  # ... folds facing a bet once it has called or bet in the hand
PRIOR_AGGRESSION = 0.4  # ... bets or raises when it may
PRIOR_RAISE = 0.15  # ... raises when facing a bet
COMPARED = 48  # random hands a showdown hand is ranked against
# a player's bets after the last draw stand for its aggression there only once it has shown
# this share of snows (a late snow changes gear); an honest player bets more there because the
# hands that get there are strong, and read as betting regardless it was value-raised at 1.02
# of its share (Triple Draw Dramaha against heuristic, seed 11: +49.7 -> +31.6 bb/100)
GEAR_SNOWS = 0.3


@dataclass(frozen=True, slots=True)
class Tendencies:
    """An opponent's smoothed rates: bluffs among last-round bets, snows among pat hands,
    folds facing a bet (and facing a raise of their own bet), bets and raises when they may,
    raises when facing a bet, and the showdowns seen."""

    bluff: float = PRIOR_BLUFF
    snow: float = PRIOR_SNOW
    fold: float = PRIOR_FOLD
    fold_back: float = PRIOR_FOLD_BACK
    fold_later: float = PRIOR_FOLD_LATER
    aggression: float = PRIOR_AGGRESSION
    showdowns: float = 0.0
    pat: float = 0.0  # the share of their draws that stood pat (0 before any draw is seen)
    raises: float = PRIOR_RAISE

    def describe(self) -> str:
        """``bluffs 25%, snows 10%, folds 30% (20% later, 15% raised back), bets 40%, pat 0%``."""
        return (
            f"bluffs {self.bluff:.0%}, snows {self.snow:.0%}, folds {self.fold:.0%} "
            f"({self.fold_later:.0%} later, {self.fold_back:.0%} raised back), "
            f"bets {self.aggression:.0%}, pat {self.pat:.0%}"
        )


BALANCED = Tendencies()
"""A stranger's tendencies: a balanced player's."""


@dataclass(slots=True)
class _Bets:
    """Betting decisions and what was done in them."""

    chances: float = 0.0  # decisions where they could bet or raise
    aggressive: float = 0.0
    faced: float = 0.0  # decisions facing a bet
    folds: float = 0.0
    faced_back: float = 0.0  # decisions facing a raise of their own bet
    folds_back: float = 0.0
    faced_later: float = 0.0  # decisions facing a bet, having called or bet before in the hand
    folds_later: float = 0.0
    raises: float = 0.0  # raises facing a bet (of :attr:`facing`)

    @property
    def facing(self) -> float:
        """Decisions facing a bet, in any spot."""
        return self.faced + self.faced_back + self.faced_later

    def decay(self) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) * DECAY)


@dataclass(slots=True)
class _Counts:
    bets: _Bets = field(default_factory=_Bets)  # every betting decision
    final: _Bets = field(default_factory=_Bets)  # ... after the last draw (the last round)
    draws: float = 0.0
    pats: float = 0.0
    first_pats: float = 0.0  # pat at the hand's first draw ...
    honest_pats: float = 0.0  # ... and how many the draw policy would have stood pat on
    shown_bets: float = 0.0  # showdowns after a last-round bet or raise
    bluffs: float = 0.0
    shown_pats: float = 0.0  # showdowns after standing pat at the last draw
    snows: float = 0.0

    def decay(self) -> None:
        self.bets.decay()
        self.final.decay()
        for name in self.__slots__:
            if name not in ("bets", "final"):
                setattr(self, name, getattr(self, name) * DECAY)


_ACTS = ("bet", "raise", "check", "fold", "call", "discard", "show")


def _count_bet(c: _Bets, kind: str, facing: bool, back: bool, entered: bool) -> None:
    """Count one betting decision: a fold's chance by its spot, a bet's chance."""
    if facing and back:  # raised after its own bet in this round
        c.faced_back += 1
        c.folds_back += kind == "fold"
    elif facing and entered:  # it has called or bet before in this hand
        c.faced_later += 1
        c.folds_later += kind == "fold"
    elif facing:
        c.faced += 1
        c.folds += kind == "fold"
    c.raises += facing and kind == "raise"
    if kind in ("bet", "raise", "check") or not facing:
        c.chances += 1
        c.aggressive += kind in ("bet", "raise")


def _board_before(view: SeatView, event: object) -> list[Card]:
    """The board cards dealt before ``event`` in ``view``'s log."""
    board: list[Card] = []
    for e in view.events:
        if e is event:
            break
        if e.kind == "deal_board":
            cards = e.data.get("cards")
            board.extend(c for c in cards or () if isinstance(c, Card))
    return board


def final_phase(view: SeatView) -> bool:
    """Is the hand past its last draw (in its last betting round, in a game without draws)?"""
    draws = len(view.game.draws)
    if draws:
        return sum(1 for e in view.events if e.kind == "draw_round") >= draws
    rounds = sum(1 for s in view.game.streets if isinstance(s, Bet))
    return sum(1 for e in view.events if e.kind == "bet_round") >= rounds


def _smooth(hits: float, seen: float, prior: float, pseudo: float = PSEUDO) -> float:
    return (hits + prior * pseudo) / (seen + pseudo)


def _excess(c: _Counts) -> float:
    """The share of their first-draw pats beyond what the draw policy stands pat on: snows
    (one pat more than expected is not yet evidence)."""
    return max(0.0, c.first_pats - c.honest_pats - 1.0) / (c.first_pats + 1.0)


_HONEST: dict[str, float] = {}


def honest_pat_rate(game: GameSpec) -> float:
    """How often the draw policy stands pat at the game's first draw, on random deals."""
    found = _HONEST.get(game.id)
    if found is None:
        rng = random.Random(f"honest pat/{game.id}")
        limit = min(game.draws[0].max_discard, game.hole_cards)
        board_cards = min(3, game.board_cards)  # the first draw of a board game: after the flop
        pats = 0
        for _ in range(HONEST_DEALS):
            cards = rng.sample(full_deck(), game.hole_cards + board_cards)
            hand, board = cards[: game.hole_cards], cards[game.hole_cards :]
            pats += not choose_discard(game, hand, board, limit)
        found = _HONEST[game.id] = pats / HONEST_DEALS
    return found


def weakness(game: GameSpec, hand: Sequence[Card], board: Sequence[Card], seed: object) -> float:
    """The best percentile of ``hand`` among random hands over the game's awards (0 to 1)."""
    from splitpot.bots.ranges import NOT_VALUED, strength  # ranges imports this module

    rng = random.Random(repr(seed))
    seen = set(hand) | set(board)
    deck = [c for c in full_deck() if c not in seen]
    mine = strength(game, hand, board)
    others = [strength(game, rng.sample(deck, len(hand)), board) for _ in range(COMPARED)]
    best = 0.0
    for a, value in enumerate(mine):
        if value == NOT_VALUED:  # (a lowball value is negative: 2-7, A-5, razz, Omaha's low)
            continue
        below = sum(1 for o in others if o[a] < value) + 0.5 * sum(
            1 for o in others if o[a] == value
        )
        best = max(best, below / COMPARED)
    return best


@dataclass(slots=True)
class OpponentModel:
    """Per-opponent counts learnt from finished hands (see the module docstring)."""

    counts: dict[str, _Counts] = field(default_factory=dict)
    hands: int = 0

    def tendencies(self, name: str, *, final: bool = False) -> Tendencies:
        """The smoothed rates of ``name`` (a balanced player's for a stranger); ``final``: its
        betting after the last draw (the last round in a game without draws), smoothed towards
        its betting as a whole, so that a player who changes gear there (a late snow, who never
        folds once it has stood pat) is read by what it does there: its folds always, its bets
        and raises once it has shown :data:`GEAR_SNOWS` snows."""
        c = self.counts.get(name)
        if c is None:
            return BALANCED
        b = c.bets
        fold = _smooth(b.folds, b.faced, PRIOR_FOLD)
        fold_back = _smooth(b.folds_back, b.faced_back, PRIOR_FOLD_BACK)
        fold_later = _smooth(b.folds_later, b.faced_later, PRIOR_FOLD_LATER)
        aggression = _smooth(b.aggressive, b.chances, PRIOR_AGGRESSION)
        raises = _smooth(b.raises, b.facing, PRIOR_RAISE)
        snow = max(_smooth(c.snows, c.shown_pats, PRIOR_SNOW, SHOWN), _excess(c))
        if final:
            f = c.final
            fold = _smooth(f.folds, f.faced, fold)
            fold_back = _smooth(f.folds_back, f.faced_back, fold_back)
            fold_later = _smooth(f.folds_later, f.faced_later, fold_later)
            if snow >= GEAR_SNOWS:
                aggression = _smooth(f.aggressive, f.chances, aggression)
                raises = _smooth(f.raises, f.facing, raises)
        return Tendencies(
            bluff=_smooth(c.bluffs, c.shown_bets, PRIOR_BLUFF, SHOWN),
            snow=snow,
            fold=fold,
            fold_back=fold_back,
            fold_later=fold_later,
            aggression=aggression,
            showdowns=c.shown_bets + c.shown_pats,
            pat=c.pats / c.draws if c.draws else 0.0,
            raises=raises,
        )

    def _of(self, name: str) -> _Counts:
        found = self.counts.get(name)
        if found is None:
            if len(self.counts) >= MAX_OPPONENTS:
                del self.counts[next(iter(self.counts))]
            found = self.counts[name] = _Counts()
        return found

    def observe(self, view: SeatView) -> None:
        """Learn from a finished hand as ``view``'s seat saw it."""
        self.hands += 1
        for c in self.counts.values():
            c.decay()
        game = view.game
        last_draw = len(game.draws)
        draw_rounds = 0
        at_last_draw = 0  # board cards showing at the last draw
        last_round = False
        rounds = sum(1 for s in game.streets if isinstance(s, Bet))
        bet_last: set[int] = set()
        pat_last: set[int] = set()
        level = 0  # the bet to match in this round, and what each seat has put in it
        put: dict[int, int] = {}
        raised: set[int] = set()  # seats that bet or raised in this round
        entered: set[int] = set()  # seats that have called, bet or raised in this hand
        for event in view.events:
            kind, seat = event.kind, event.seat
            if kind == "post" and seat is not None and event.data.get("blind") != "ante":
                put[seat] = put.get(seat, 0) + int(event.data.get("amount") or 0)
                level = max(level, put[seat])
            elif kind == "bet_round":
                raised = set()
                if event.data.get("number") != 1:
                    level, put = 0, {}
                last_round = event.data.get("number") == rounds
            elif kind == "draw_round":
                draw_rounds += 1
                if draw_rounds == last_draw:
                    at_last_draw = len(_board_before(view, event))
            if seat is None or kind not in _ACTS:
                continue
            facing = put.get(seat, 0) < level
            back = seat in raised  # facing a raise of its own bet in this round
            if kind in ("bet", "raise"):
                level = put[seat] = int(event.data.get("to") or level)
                raised.add(seat)
            elif kind == "call":
                put[seat] = level
            if seat == view.seat:
                continue
            name = view.names[seat]
            if kind in ("bet", "raise", "check", "fold", "call"):
                c = self._of(name)
                _count_bet(c.bets, kind, facing, back, seat in entered)
                if (draw_rounds == last_draw > 0) or (last_draw == 0 and last_round):  # final_phase
                    _count_bet(c.final, kind, facing, back, seat in entered)
                if kind in ("bet", "raise") and last_round:
                    bet_last.add(seat)
                if kind in ("bet", "raise", "call"):
                    entered.add(seat)
            elif kind == "discard":
                c = self._of(name)
                c.draws += 1
                c.pats += event.data.get("count") == 0
                if draw_rounds == 1:
                    c.first_pats += event.data.get("count") == 0
                    c.honest_pats += honest_pat_rate(game)
                if draw_rounds == last_draw and event.data.get("count") == 0:
                    pat_last.add(seat)
            elif kind == "show":
                cards = event.data.get("cards")
                if isinstance(cards, Sequence):
                    self._shown(view, name, tuple(cards), (seat in bet_last, seat in pat_last),
                                view.board[:at_last_draw])  # fmt: skip

    def _shown(
        self, view: SeatView, name: str, cards: tuple[Card, ...], did: tuple[bool, bool],
        drew_on: Sequence[Card],
    ) -> None:  # fmt: skip
        """A showdown: was the hand that bet the last round (a bluff), or stood pat at the last
        draw (a snow), a weak one? Weak is below :data:`WEAK` of random hands in every award.
        A pat hand is a snow also when the draw policy would not have stood pat on it
        (``drew_on``: the board then), and so is a bet one in a draw game without a board (a
        Badugi bet on a three-card hand). With a board a made hand is not needed to bet for
        value: most Drawmaha hands that bet the river for their Omaha half are hands the draw
        policy draws to, and counting them bluffs read a value bettor as a bluffer."""
        bet, pat = did
        if not (bet or pat):
            return
        game = view.game
        weak = weakness(game, cards, view.board, (name, self.hands)) < WEAK
        drawing = False
        if game.draws and not weak:
            limit = min(game.draws[-1].max_discard, game.hole_cards)
            drawing = bool(choose_discard(game, cards, drew_on, limit))
        c = self._of(name)
        if bet:
            c.shown_bets += 1
            c.bluffs += weak or (drawing and not game.board_cards)
        if pat:
            c.shown_pats += 1
            c.snows += weak or drawing
