"""``expert``: a bot that reads its opponents' ranges from their actions.

:class:`ExpertBot` sees only its :class:`~splitpot.bots.base.SeatView` and decides with the
compiled engine (:func:`splitpot.equity.equity`), but against *ranges*, not random hands:
:mod:`splitpot.bots.ranges` turns each opponent's bets, raises, calls, cards drawn (standing pat
is drawing none) and Doogie declaration into joint samples of their holdings, and the bot's
equity is the mean over those samples (:data:`ExpertBot.RANGES` calls of the engine, the same
total runouts as one call).

- **Valuation.** Pot equity counts a scoop as the whole pot, a half as half and a quarter as a
  quarter, so it already ranks scoop > half > quarter; a raise also asks for some scoop chance
  when more than one award is at stake (a half alone is not worth building a big pot for).
- **Betting.** Facing a bet: raise a strong hand (strength = equity over an average hand's
  share; each raise of its own asks for more), call when equity beats the pot odds (with
  draws to come, discounted for implied odds: the bets still to be won), and otherwise still
  call while the hand is outside the weakest ``bet / pot after the bet`` of its own range as
  its actions show it (:func:`~splitpot.bots.ranges.rank_in_range`: the minimum defence
  frequency, so that betting every hand cannot win by fold equity alone; it folds more, in
  proportion, against a bettor whose showdowns show fewer bluffs than a balanced player's),
  else fold. With nothing to call: bet for value (thinner in position, on the button).
  Everything else it might bet or raise (semi-bluffs with draws to come, bluffs, steals of
  the blinds or antes, re-steals) is chosen by expected value: the chips a bet wins over a
  check (a raise over a call) when the opponents fold as often as they have folded at this
  table in that spot (:mod:`splitpot.bots.model`: the first time in a hand, later, raised
  after betting; a balanced player's rates for a stranger), and otherwise the hand plays on at
  its equity against the range that calls (computed heads-up; discounted by
  :data:`ExpertBot.CALLED` with more opponents or where the atlas answered). It must win at
  least :data:`ExpertBot.MARGIN` of the pot over the honest play. Against players whose play
  does not depend on their cards (the match shows they fold less than
  :data:`ExpertBot.NO_FOLD` in the spot, and bet in more than :data:`ExpertBot.WILD` of their
  chances or fewer than :data:`ExpertBot.PASSIVE`: a maniac, a snow, a station) it value-bets
  and raises thinner, at the largest size, with no scoop asked for; facing two or more such
  players who bet every round, in fixed-limit, a call counts the bets of the rounds to come
  in its pot odds (each of them pays those too). Heads-up in pot-limit and no-limit against
  a player who bets whenever they may, raises most bets they face and does not fold (a
  maniac, a snow), before the last round, it lets them bet for it: a bet or raise of its own
  would be raised back until the stacks are in, giving up the option to fold later, so it
  checks, calls, and bets or raises only what it would against anyone, with no bluffs. Sizes
  vary in pot-limit and no-limit (half pot, three quarters, pot: chosen by strength and a seeded
  coin, the same choices for bluffs and value), and are clamped to the legal range; in
  fixed-limit the fixed amount (the engine's cap is respected: no raise is offered past it).
- **Draws.** The draw policy's discard, standing pat, one card more and one less are compared
  against the ranges over the same runouts (:func:`splitpot.equity.advise.compare_discards`),
  the best share wins: this is how it snows (pat on a weak hand when that is worth more) and
  breaks a made hand. With one draw left heads-up, against an opponent who drew, it snows
  (stands pat on a weak hand, to bet) when folds at their rate and the pat hand's equity
  otherwise are worth more than its best draw. Every option is played on each runout, so a draw
  uses fewer runouts (scaled by the draws left) in fewer joint samples (``RANGES / (draws
  left + 1)``, at least :data:`ExpertBot.DRAW_RANGES`): each call of the engine costs about as
  much as its runouts.
- **Cost.** Against several opponents each runout costs more: a decision divides its runouts
  and joint samples by the opponents in the hand (heads-up is the full budget). The hands that
  match an opponent's draw are dealt once per bot (:class:`~splitpot.bots.ranges.DrawRanges`).
- **Starting hands.** Where a shipped atlas holds the spot (:mod:`splitpot.bots.starting`:
  heads-up, a preflop bet against an opponent who has not acted yet, or the first draw before
  anyone has drawn), its record replaces the estimate; the reason says ``(atlas)``.
- **Learning.** The match runners show the bot every finished hand (:meth:`ExpertBot.observe`);
  its :class:`~splitpot.bots.model.OpponentModel` learns, per opponent at this table, the
  bluffs and snows they showed down and how often they bet, fold and stand pat, and the ranges
  follow: a bet's range keeps the shown share of bluffs (a balanced player's at first), a pat
  hand's range the shown share of snows, a call narrows as much as the player folds. Nothing
  is shared between bots or tables.
- **Doogie.** Declares the way with the largest expected share against the ranges
  (:func:`splitpot.equity.advise.declaration_odds` over :data:`ExpertBot.DECLARE_RANGES`
  joint samples, each one showdown): a lock in both halves declares both. Once the
  declarations are revealed a wide range keeps the hands that declare that way by their cards
  (:mod:`splitpot.bots.ranges`).

Deterministic: every random choice (range samples, bluffs, sizes) comes from a generator
seeded by the bot's seed (drawn from its ``rng`` at construction) and the spot, so a seed, the
hands it has been shown and a view give one action. After each :meth:`ExpertBot.act`,
:attr:`ExpertBot.reason` holds the decision's one-line reason (equity per award, pot odds, the
ranges assumed).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from splitpot.bots import starting
from splitpot.bots.base import SeatView, bring_in_or, muck_or_show
from splitpot.bots.heuristic import (
    _discard_candidates,
    _draws_left,
    _face_up,
    _my_raises_this_round,
    _revealed,
    _table_max_discard,
)
from splitpot.bots.memo import Memo
from splitpot.bots.model import PRIOR_BLUFF, OpponentModel
from splitpot.bots.ranges import (
    DrawRanges,
    Read,
    describe_reads,
    rank_in_range,
    read_opponents,
    sample_holdings,
    unseen_cards,
)
from splitpot.cards import Card
from splitpot.engine.events import Action
from splitpot.engine.hand import LegalActions
from splitpot.equity.advise import compare_discards, declaration_odds
from splitpot.equity.core import EquityResult, equity
from splitpot.equity.policy import choose_discard
from splitpot.errors import ShowdownError
from splitpot.games.streets import Bet, Structure

__all__ = ["ExpertBot", "Odds"]

DEFAULT_SAMPLES = 1_200


@dataclass(frozen=True, slots=True)
class Odds:
    """The bot's odds against the ranges: pot equity, scoop chance, share per award."""

    equity: float
    scoop: float
    awards: tuple[tuple[str, float], ...]

    def describe(self) -> str:
        """``equity 41% (scoop 22%; high 30%, low 52%)``."""
        halves = ", ".join(f"{name} {share:.0%}" for name, share in self.awards)
        if len(self.awards) < 2:
            return f"equity {self.equity:.0%}"
        return f"equity {self.equity:.0%} (scoop {self.scoop:.0%}; {halves})"


class ExpertBot:
    """Plays by its equity against ranges read from the betting and the draws (see the
    module docstring)."""

    name = "expert"

    RANGES = 12  # joint samples of the opponents' holdings per estimate
    DRAW_RANGES = 4  # at least this many for a draw (RANGES / (draws left + 1))
    # with nothing left to come each joint sample is one showdown (an engine call of a single
    # runout): more of them, for about 3 ms. A dozen made the equity against a wide range (a
    # snow's at the river) a count of a dozen hands, and it folded pot odds it had (Drawmaha)
    SHOWDOWN_RANGES = 48
    # Doogie's declaration: joint samples of the ranges (each a showdown, the board being
    # out). A dozen, each run 100 times over the same cards, chose by a dozen hands (against
    # two stations, 3-handed: 11 declarations unlike heuristic's cost 58 bb in 2,000 hands)
    DECLARE_RANGES = 96
    BET_STRENGTH = 1.12
    POSITION_EDGE = 0.06  # on the button it bets this much thinner
    RAISE_STRENGTH = 1.35
    RERAISE_STEP = 0.15
    BIG_STRENGTH = 1.55
    SCOOP_FOR_RAISE = 0.15  # in split games a raise wants at least this scoop chance ...
    SCOOP_WAIVER = 1.8  # ... unless the hand is this strong
    IMPLIED = 0.8  # with draws to come a call needs this much of the pot odds
    CALLED = 0.8  # with several opponents, equity once called is this much of the equity
    MARGIN = 0.02  # a bluff, a steal or a snow must win this share of the pot over the honest play
    # a bluff or semi-bluff raise must win this share of the pot once called over a call: its
    # value counts no re-raise, and in pot-limit a re-raise that a 2% edge did not foresee
    # built 100-big-blind pots on one pair (issue 24's local best response in Drawmaha)
    RAISE_MARGIN = 0.05
    BASELINE_EDGE = 0.01
    # against players whose play does not depend on their cards (a station, a maniac, a snow:
    # the match shows each folds less than NO_FOLD of the time in the spot, and bets or raises
    # in more than WILD of the spots they may, or fewer than PASSIVE) a bet has no fold equity
    # to protect and every chip in the pot is paid by their whole range: value bets and raises
    # go thinner, at the largest size, with no scoop asked for (pot equity counts the halves).
    # A player who seldom folds but raises with strong hands (heuristic) is not one of them.
    # A raise needs only a little over the fair share: they call it or raise back with any hand
    NO_FOLD = 0.1
    WILD = 0.85
    PASSIVE = 0.15
    STUBBORN_BET = 1.05
    # heads-up in pot-limit, a player who bets in more than ALWAYS of their chances and
    # raises more than RAISES_BACK of the bets they face raises a bet back until the stacks
    # are in, and never checks a hand behind: it bets for us
    ALWAYS = 0.95
    RAISES_BACK = 0.5
    STUBBORN_RAISE = 1.02
    LOCK = 0.97  # Doogie: a share of the pot both ways at least this is a lock
    # the odds memo's bound: its key holds the unseen cards, so it hits within a hand (the same
    # street asked again) and almost never across hands; 5,000 entries a bot (about 1 KB
    # each) had a server of 20 tables grow for hours (issue 26)
    CACHE_LIMIT = 256

    def __init__(self, rng: random.Random, samples: int = DEFAULT_SAMPLES) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.seed = rng.getrandbits(32)
        self.samples = samples
        self.reason = ""
        self._cache: Memo[Any, list[Odds]] = Memo(self.CACHE_LIMIT)
        self._draw_ranges = DrawRanges(self.seed)  # a memo: the same candidates for a read
        self.model = OpponentModel()  # what this table's opponents have shown, this match

    def observe(self, view: SeatView) -> None:
        """Learn from a finished hand (the match runners call this after every hand)."""
        self.model.observe(view)

    # ------------------------------------------------------------------ the protocol

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        """Choose an action from ``legal`` using only ``view``; sets :attr:`reason`."""
        if legal.phase == "draw":
            action, why = self._draw(view, legal)
        elif legal.phase == "sviten":
            action, why = self._sviten(view)
        elif legal.phase == "declare":
            action, why = self._declare(view, legal)
        elif legal.phase == "show":
            action, why = muck_or_show(legal), "a hand that cannot win is mucked"
        elif legal.phase == "runs":
            action, why = Action.run_twice(), "running twice keeps the equity, halves the swing"
        else:
            action, why = self._bet(view, legal)
            action = bring_in_or(action, legal)
        self.reason = why
        return action

    def _rng(self, view: SeatView, salt: str) -> random.Random:
        """A generator for this spot alone: a seed and a view give the same choices."""
        key = (self.seed, salt, tuple(view.hole), tuple(view.board), len(view.events), view.seat)
        return random.Random(repr(key))

    # ------------------------------------------------------------------ equity vs ranges

    def _odds(
        self,
        view: SeatView,
        hole: Sequence[Card],
        *,
        draws: int,
        options: Sequence[tuple[Card, ...]] | None = None,
        dead: Sequence[Card] = (),
        samples: int | None = None,
        ranges: int | None = None,
        reads: Sequence[Read] | None = None,
    ) -> list[Odds]:
        """Odds of ``hole`` (after each of ``options`` at the next draw) against the ranges
        (``reads``, or those the view and the match so far show)."""
        samples = samples or self.samples
        reads = read_opponents(view, self.model) if reads is None else list(reads)
        pool = [c for c in unseen_cards(view) if c not in hole and c not in dead]
        key = (
            view.game.id, tuple(hole), tuple(view.board), draws, tuple(dead), samples, ranges,
            None if options is None else tuple(options), tuple(reads), tuple(pool),
        )  # fmt: skip
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        rng = self._rng(view, "ranges")
        count = max(1, min(ranges or self.RANGES, samples // 20))
        if draws == 0 and _complete(view):  # each joint sample is one showdown
            count = self.SHOWDOWN_RANGES
        each = max(20, samples // count)
        holdings = sample_holdings(
            view.game, view.board, pool, reads, rng=rng, count=count, draws=self._draw_ranges
        )
        if not any(any(joint) for joint in holdings):  # every range is any hand: one run
            holdings, each = holdings[:1], each * len(holdings)
            # ... of one engine call: the whole budget, not a share per opponent (the range
            # samples it was divided among are gone); 3-handed against two stations in Doogie
            # 600 runouts made the equity noisier than heuristic's 2,000 (+281.9 -> +284.2)
            if options is None:
                each = max(each, self.samples)
        names = [a.name for a in view.game.awards]
        totals = [[0.0] * (2 + len(names)) for _ in range(1 if options is None else len(options))]
        for i, joint in enumerate(holdings):
            results = self._run(view, hole, reads=reads, joint=joint, draws=draws, options=options,
                                dead=dead, samples=each, i=i)  # fmt: skip
            for total, result in zip(totals, results, strict=True):
                for k, value in enumerate(_row(result, view.names[view.seat], names)):
                    total[k] += value
        n = len(holdings)
        out = [
            Odds(t[0] / n, t[1] / n, tuple((name, t[2 + a] / n) for a, name in enumerate(names)))
            for t in totals
        ]
        self._cache.put(key, out)
        return out

    def _run(
        self, view: SeatView, hole: Sequence[Card], *, reads: Sequence[Read],
        joint: Sequence[tuple[Card, ...]], draws: int,
        options: Sequence[tuple[Card, ...]] | None, dead: Sequence[Card], samples: int, i: int,
    ) -> list[EquityResult]:  # fmt: skip
        """One joint sample's results; with too few cards for every hand, fewer opponents."""
        me = view.names[view.seat]
        declared = _revealed(view)
        live = list(zip(reads, joint, strict=True))
        while True:
            players: dict[str, str | Sequence[int]] = {me: tuple(hole)}
            players.update({r.name: known or "random" for r, known in live})
            ways = None
            if declared is not None and all(n in declared for n in players):
                ways = {name: declared[name] for name in players}
            settings: dict[str, Any] = {
                "dead": tuple(dead), "draws": draws, "declarations": ways, "samples": samples,
                "seed": self.seed + i, "exact_limit": samples,
                "max_discard": _table_max_discard(view),
            }  # fmt: skip
            try:
                if options is None:
                    return [equity(view.game, players, view.board, **settings)]
                return compare_discards(view.game, players, view.board, me, options, **settings)
            except ShowdownError:
                if len(live) <= 1:
                    raise
                live = live[:-1]  # not enough cards for every hand: model one opponent fewer

    # ------------------------------------------------------------------ betting

    def _bet(self, view: SeatView, legal: LegalActions) -> tuple[Action, str]:
        reads = read_opponents(view, self.model)
        opponents = max(1, len(reads))
        fair = 1.0 / (opponents + 1)
        draws = _draws_left(view, drawing=False)
        odds, source = self._bet_odds(view, reads, draws)
        strength = odds.equity / fair
        raises = _my_raises_this_round(view)
        split = len(view.game.awards) > 1
        scoops = not split or odds.scoop >= self.SCOOP_FOR_RAISE or strength >= self.SCOOP_WAIVER
        stubborn = bool(reads) and all(self._stubborn(view, r) for r in reads)
        committing = self._committing(view, reads)
        raise_at = self.STUBBORN_RAISE if stubborn and not committing else self.RAISE_STRENGTH
        scoops = scoops or stubborn
        rng = self._rng(view, "bet")
        said = f"{odds.describe()}{source} vs {describe_reads(reads)}"
        bounds = legal.raise_
        if legal.call is not None and legal.call > 0:
            # against two or more players who bet every round and never fold, a call pays
            # the rounds still to come too (fixed-limit: a bet each at least; their raises
            # cap them), and so does each of them. Heads-up it does not: the option to fold
            # a later round is worth about as much (Doogie against a maniac lost 44 bb/100)
            wild = (
                len(reads) > 1 and stubborn and all(r.habits.aggression > self.WILD for r in reads)
            )
            ahead = min(_bets_ahead(view), view.stacks[view.seat] - legal.call) if wild else 0
            need = (legal.call + ahead) / (view.pot + legal.call + ahead * (opponents + 1))
            wanted = need * (self.IMPLIED if draws else 1.0)
            odds_said = f"pot odds {need:.0%}" + (f" ({wanted:.0%} implied)" if draws else "")
            odds_said += f" (with {ahead} chips to come)" if ahead else ""
            if (
                bounds is not None
                and odds.equity > need
                and scoops
                and (strength >= raise_at + self.RERAISE_STEP * raises)
            ):
                amount = self._size(view, legal, strength, rng, most=stubborn)
                words = "raise for value" + (" (they do not fold)" if stubborn else "")
                return Action(bounds.kind, amount=amount), f"{words}: {said}; {odds_said}"
            if bounds is not None and raises == 0 and len(reads) == 1 and not committing:
                amount = self._size(view, legal, strength, rng)
                gain = self._raise_gain(view, legal, reads, amount, odds)
                if gain is not None:
                    words = "bluff raise" if view.board else "re-steal"
                    words = "semi-bluff raise" if draws else words
                    return Action(bounds.kind, amount=amount), (
                        f"{words} (+{gain:.1f} chips over a call): {said}; {odds_said}"
                    )
            if odds.equity >= wanted or not legal.fold:
                return Action.call(), f"call: {said} against {odds_said}"
            defend = None if ahead else self._defends(view, legal, reads)
            if defend is not None:
                return Action.call(), f"call ({defend}): {said} against {odds_said}"
            return Action.fold(), f"fold: {said} below {odds_said}"
        if bounds is None:
            return Action.check(), f"check (no bet allowed): {said}"
        edge = self.POSITION_EDGE if view.seat == view.button else 0.0
        bet_at = self.STUBBORN_BET if stubborn else self.BET_STRENGTH - edge
        bet_at = self.RAISE_STRENGTH if committing else bet_at
        if strength >= bet_at + self.RERAISE_STEP * raises and (
            scoops or strength >= self.RAISE_STRENGTH
        ):
            amount = self._size(view, legal, strength, rng, most=stubborn)
            words = "bet for value" + (" (they do not fold)" if stubborn else "")
            return Action(bounds.kind, amount=amount), f"{words}: {said}"
        if committing:
            return Action.check(), f"check (they bet for us, and a bet commits the stacks): {said}"
        if raises == 0:
            amount = self._size(view, legal, strength, rng)
            gain = self._bet_gain(view, legal, reads, amount, odds)
            if gain is not None:
                words = "semi-bluff" if draws else "bluff" if strength < 0.6 else "thin bet"
                words = "steal" if _unopened(view) and not draws else words
                return Action(bounds.kind, amount=amount), (
                    f"{words} (+{gain:.1f} chips over a check): {said}"
                )
        return Action.check(), f"check: {said}"

    def _stubborn(self, view: SeatView, read: Read) -> bool:
        """Does this player call whatever they hold, and bet regardless of it (always or
        never)?"""
        aggression = read.habits.aggression
        return _fold_now(view, read) < self.NO_FOLD and not (
            self.PASSIVE <= aggression <= self.WILD
        )

    def _committing(self, view: SeatView, reads: Sequence[Read]) -> bool:
        """Heads-up in pot-limit or no-limit, with a betting round still to come, against a
        player who bets whenever they may, raises most bets they face and does not fold to
        one: a bet or raise of ours is raised back until the stacks are in, giving up the
        option to fold a later round, while a check or a call lets them bet for us. Then it
        bets and raises only the hands an honest player would, and no bluffs (against
        maniacs heads-up in Drawmaha and Bodigiha: +79 to +124 bb/100 on the same deals; it
        had raised 51% hands all in before the flop). Not a bluffer left heads-up 3-handed,
        who bets 85-89% of its chances after the last draw but checks its middling hands
        behind: checking to it lost the value bets it calls."""
        habits = reads[0].habits if len(reads) == 1 else None
        return (
            habits is not None
            and view.structure is not Structure.FIXED_LIMIT
            and habits.aggression > self.ALWAYS
            and habits.raises > self.RAISES_BACK
            and max(habits.fold, habits.fold_later) < self.NO_FOLD
            and not (_draws_left(view, drawing=False) == 0 and _complete(view))
        )

    # ------------------------------------------------------------------ aggression by value

    def _called_equity(self, view: SeatView, reads: Sequence[Read], odds: Odds) -> float:
        """Equity against the ranges once they call (heads-up: computed against the range
        that calls; with more opponents, or where the atlas answered, a discount)."""
        if len(reads) != 1 or starting.preflop(view, reads) is not None:
            return odds.equity * self.CALLED
        called = [replace(r, calls=r.calls + 1) for r in reads]
        return self._odds(view, view.hole, draws=_draws_left(view, drawing=False),
                          samples=max(self.samples // 2, 300), reads=called)[0].equity  # fmt: skip

    def _bet_gain(
        self, view: SeatView, legal: LegalActions, reads: Sequence[Read], amount: int, odds: Odds
    ) -> float | None:
        """Chips a bet to ``amount`` wins over a check, when that is positive (else None):
        everyone folds with the rates the match has shown (a balanced player's at first),
        else the hand plays on against the range that calls."""
        bet = amount - max(view.bets)
        if bet <= 0:
            return None
        folds = 1.0
        for read in reads:
            folds *= _folds(read)
        equity = self._called_equity(view, reads, odds)
        callers = len(reads)
        bet_value = folds * view.pot + (1 - folds) * (
            equity * (view.pot + (callers + 1) * bet) - bet
        )
        gain = bet_value - odds.equity * view.pot
        return gain if gain > self.MARGIN * view.pot else None

    def _raise_gain(
        self, view: SeatView, legal: LegalActions, reads: Sequence[Read], amount: int, odds: Odds
    ) -> float | None:
        """Chips a raise to ``amount`` wins over a call, when that is more than
        :data:`RAISE_MARGIN` of the pot once called (else None)."""
        call = legal.call or 0
        mine = amount - view.bets[view.seat]
        theirs = amount - max(view.bets)
        if theirs <= 0:
            return None
        folds = _fold_now(view, reads[0])
        equity = self._called_equity(view, reads, odds)
        called = view.pot + mine + theirs
        raise_value = folds * view.pot + (1 - folds) * (equity * called - mine)
        call_value = odds.equity * (view.pot + call) - call
        gain = raise_value - max(call_value, 0.0)
        return gain if gain > self.RAISE_MARGIN * called else None

    def _defends(self, view: SeatView, legal: LegalActions, reads: Sequence[Read]) -> str | None:
        """Why it calls a bet its equity would fold, or None: it folds no more than the bet
        over the pot after it of its range (the minimum defence frequency), so a bet cannot
        win by fold equity alone; more against a bettor whose showdowns show fewer bluffs than
        a balanced player's (in proportion)."""
        bluffs = min(r.habits.bluff for r in reads)
        call = legal.call or 0
        allowed = (call / view.pot) ** (1.0 / max(1, len(reads)))  # each folds its root
        allowed = min(1.0, allowed * max(1.0, PRIOR_BLUFF / max(bluffs, 0.01)))
        rank = rank_in_range(view, self._draw_ranges)
        if rank < allowed:
            return None
        return (
            f"minimum defence: folds at most {allowed:.0%}, this hand beats {rank:.0%} of its range"
        )

    def _bet_odds(self, view: SeatView, reads: Sequence[Read], draws: int) -> tuple[Odds, str]:
        """The odds a bet decides on, and where they came from (the atlas, or computed)."""
        found = starting.preflop(view, reads)
        if found is not None:
            return Odds(found.equity, found.scoop, found.awards), " (atlas)"
        # against several opponents each runout costs more: fewer of them, in fewer samples
        opponents = max(1, len(reads))
        odds = self._odds(
            view, view.hole, draws=draws, samples=max(self.samples // opponents, 300),
            ranges=max(self.RANGES // opponents, 3),
        )[0]  # fmt: skip
        return odds, ""

    def _size(
        self, view: SeatView, legal: LegalActions, strength: float, rng: random.Random,
        *, most: bool = False,
    ) -> int:  # fmt: skip
        """The raise-to amount: within ``legal.raise_`` always; the largest with ``most``."""
        bounds = legal.raise_
        assert bounds is not None
        low, high = bounds.min_to, bounds.max_to
        if view.structure is Structure.FIXED_LIMIT or low >= high:
            return low
        if most:
            return high
        current = max(view.bets)
        call = current - view.bets[view.seat]
        pot = view.pot + call  # the pot once called
        fractions = (0.5, 0.75, 1.0) if strength < self.BIG_STRENGTH else (0.75, 1.0, 1.0)
        fraction = rng.choice(fractions)
        target = current + int(pot * fraction)
        return max(low, min(high, target))

    # ------------------------------------------------------------------ draws

    def _draw(self, view: SeatView, legal: LegalActions) -> tuple[Action, str]:
        hole = tuple(legal.hole) or view.hole
        limit = min(legal.discard_max, len(hole))
        draws = _draws_left(view, drawing=True)
        reads = read_opponents(view, self.model)
        found = starting.first_draw(view, hole, reads)
        if found is not None and found.discards and len(found.discards[0][0]) <= limit:
            best, share = found.discards[0]
            words = "stand pat" if not best else f"draw {len(best)}"
            said = f"equity {share:.0%} (atlas, best of {len(found.discards)} options)"
            action = Action.discard(best) if best else Action.stand_pat()
            return action, f"{words}: {said} vs {describe_reads(reads)}"
        base = choose_discard(view.game, hole, view.board, limit)
        candidates = _discard_candidates(hole, base, limit)
        # every option is played on each runout: fewer runouts keep a decision quick
        opponents = max(1, view.opponents)  # each costs more runout time: fewer of them
        samples = max(200, (2 * self.samples // 3) // max(1, draws) // opponents)
        # ... and fewer joint samples of the ranges, each with more runouts: each call of the
        # engine costs as much again as its runouts, and every option is played on each
        ranges = max(self.DRAW_RANGES, self.RANGES // (draws + 1)) // min(opponents, 2)
        shares = self._odds(
            view, hole, draws=draws, options=candidates, samples=samples, ranges=ranges
        )
        best, best_share = base, -1.0
        for thrown, odds in zip(candidates, shares, strict=True):
            edge = self.BASELINE_EDGE if thrown == base else 0.0
            if odds.equity + edge > best_share:
                best, best_share = thrown, odds.equity + edge
        chosen = shares[candidates.index(best)]
        said = f"{chosen.describe()} vs {describe_reads(reads)}"
        if draws == 1 and best and len(reads) == 1 and (reads[0].drawn or 0) >= 1:
            # a snow: pat, then bet; it wins when they fold, else it plays the pat hand
            folds = _folds(reads[0])
            snow = folds + (1 - folds) * shares[candidates.index(())].equity
            if snow > best_share + self.MARGIN:
                return Action.stand_pat(), (
                    f"snow (pat on a weak hand: {snow:.0%} of the pot with their folds "
                    f"{folds:.0%}, against {best_share:.0%} drawing): {said}"
                )
        words = "stand pat" if not best else f"draw {len(best)}"
        return (Action.discard(best) if best else Action.stand_pat()), f"{words}: {said}"

    def _sviten(self, view: SeatView) -> tuple[Action, str]:
        face = _face_up(view)
        if face is None:  # pragma: no cover - the engine always shows the card first
            return Action.keep(), "keep"
        draws = max(0, _draws_left(view, drawing=True) - 1)
        keep = self._odds(view, (*view.hole, face), draws=draws)[0]
        reject = self._odds(view, view.hole, draws=draws, dead=(face,))[0]
        said = f"keep {keep.equity:.0%}, reject {reject.equity:.0%}"
        if keep.equity >= reject.equity:
            return Action.keep(), f"keep: {said}"
        return Action.reject(), f"reject: {said}"

    # ------------------------------------------------------------------ Doogie

    def _declare(self, view: SeatView, legal: LegalActions) -> tuple[Action, str]:
        game = view.game
        if len(view.hole) != game.hole_cards or len(view.board) != game.board_cards:
            return Action.declare(legal.declare[0]), "declare: not a full hand"  # pragma: no cover
        reads = read_opponents(view, self.model)
        rng = self._rng(view, "declare")
        pool = [c for c in unseen_cards(view) if c not in view.hole]
        holdings = sample_holdings(
            game, view.board, pool, reads, rng=rng, count=self.DECLARE_RANGES,
            draws=self._draw_ranges,
        )  # fmt: skip
        # the board is out: a joint sample of whole hands is one showdown, a run of one
        whole = all(len(known) == game.hole_cards for joint in holdings for known in joint)
        each = 1 if whole else max(20, self.samples // len(holdings))
        if not any(any(joint) for joint in holdings):  # every range is any hand: one run
            holdings, each = holdings[:1], self.samples
        totals: dict[str, float] = {}
        for i, joint in enumerate(holdings):
            hands = [known if len(known) == game.hole_cards else "random" for known in joint]
            odds = declaration_odds(
                view.hole, view.board, opponent_hands=hands or None,
                opponents=None if hands else 1, samples=each, seed=self.seed + i, game=game,
            )  # fmt: skip
            for way, share in odds.shares.items():
                totals[way] = totals.get(way, 0.0) + share / len(holdings)
        # both risks all: a near tie goes to one way, unless both is (nearly) a lock, which
        # takes the whole pot from anyone declaring the other way
        lock = totals.get("both", 0.0) >= self.LOCK
        order = {"high": 0.0, "low": 0.0, "both": -0.01 if lock else 0.01}
        way = max(
            (w for w in legal.declare if w in totals),
            key=lambda w: totals[w] - order.get(w, 0.0),
            default=legal.declare[0],
        )
        shares = ", ".join(f"{w} {totals[w]:.0%}" for w in legal.declare if w in totals)
        return Action.declare(
            way
        ), f"declare {way}: expected share {shares} vs {describe_reads(reads)}"


def _bets_ahead(view: SeatView) -> int:
    """Fixed-limit: a bet of each betting round after this one (0 in other structures)."""
    if view.structure is not Structure.FIXED_LIMIT:
        return 0
    rounds = [s for s in view.game.streets if isinstance(s, Bet)]
    seen = sum(1 for e in view.events if e.kind == "bet_round")
    return sum(view.stakes.limit_bet(s) for s in rounds[seen:])


def _complete(view: SeatView) -> bool:
    """Are this seat's cards and the board all dealt (a showdown, if no draw is to come)?"""
    game = view.game
    return len(view.hole) == game.hole_cards and len(view.board) == game.board_cards


def _folds(read: Read) -> float:
    """How often this player folds to a bet now: the first time in a hand, or later."""
    entered = read.aggression or read.calls
    return read.habits.fold_later if entered else read.habits.fold


def _fold_now(view: SeatView, read: Read) -> float:
    """How often this player folds to a bet or raise now: raised after betting this round,
    else as :func:`_folds`."""
    return read.habits.fold_back if _bet_this_round(view, read.seat) else _folds(read)


def _bet_this_round(view: SeatView, seat: int) -> bool:
    """Has ``seat`` bet or raised in this betting round?"""
    for event in reversed(view.events):
        if event.kind == "bet_round":
            return False
        if event.kind in ("bet", "raise") and event.seat == seat:
            return True
    return False


def _unopened(view: SeatView) -> bool:
    """Nobody has bet or raised this hand yet (the blinds or antes are there to steal)."""
    return not any(e.kind in ("bet", "raise", "call") for e in view.events)


def _row(result: EquityResult, me: str, names: Sequence[str]) -> list[float]:
    """``[equity, scoop, share per award...]`` of ``me`` in ``result``."""
    odds = result.player(me)
    return [odds.equity, odds.scoop, *(odds.awards[n].share for n in names)]
