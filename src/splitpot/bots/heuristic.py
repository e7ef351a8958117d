"""A bot that values both halves of the pot by its equity against random hands.

:class:`HeuristicBot` sees only its :class:`~splitpot.bots.base.SeatView` (its own cards, the
board, stacks, bets, the pot and its seat's view of the log) and decides with a seeded Monte
Carlo of :func:`splitpot.equity.equity` (the compiled engine, 2,000 runouts by default) against
as many random hands as there are opponents still in. Draws still to come are modelled by the
equity function's default heuristic policy (for the opponents, and for the bot's own later
draws).

- **Betting.** With pot equity ``e`` against ``n`` opponents (an average hand has
  ``1 / (n + 1)``): facing a bet, fold when ``e`` is below the pot odds the call needs
  (``call / (pot + call)``), raise a strong hand, call the rest; with nothing to call, bet a
  good hand and check the others. Each raise of its own in a round asks for a stronger hand
  before the next. Sizes: the fixed amount in fixed-limit; in pot-limit the pot-limit maximum
  for a strong hand and about two thirds of it otherwise; in no-limit a pot-sized bet (or
  smaller), clamped to the legal range.
- **Draws.** The policy's discard (:func:`splitpot.equity.policy.choose_discard`) is the
  baseline; standing pat, throwing one more card (breaking a rough badugi, giving up an Omaha
  pair for the draw) and keeping one more are compared with it over the same seeded runouts,
  and the best equity wins (the baseline keeps a small edge, so noise does not move it).
  With more draws to come each runout costs more, so the comparison uses ``samples / draws``
  runouts (at least 50), the same ones for every candidate, all in one call
  (:func:`splitpot.equity.advise.compare_discards`).
- **Sviten Special.** Keep the face-up card when keeping it gives more equity than a random
  card face down (with the face-up card dead), else reject it.
- **Doogie.** Declare the way with the largest expected share
  (:func:`splitpot.equity.advise.declaration_odds`); once the declarations are revealed,
  the final betting uses them.

Equity estimates are cached by spot (cards, board, opponents, draws to come, declarations),
so a betting round asks once; the sampling seed is drawn from ``rng`` at construction, so the
bot is a function of its view and its random generator. The opponents are random hands: their
bets and the number of cards they drew are not read into their ranges. When many players and
several big draws could need more cards than the deck and the reshuffled discards hold, fewer
opponents are modelled and the share is scaled to the real number.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from splitpot.bots.base import SeatView, bring_in_or, muck_or_show
from splitpot.bots.memo import Memo
from splitpot.cards import Card
from splitpot.engine.events import Action, Event
from splitpot.engine.hand import LegalActions
from splitpot.equity.advise import compare_discards, declaration_odds
from splitpot.equity.core import equity
from splitpot.equity.policy import choose_discard
from splitpot.errors import ShowdownError
from splitpot.games.streets import Structure

__all__ = ["HeuristicBot"]

_CacheKey = tuple[Any, ...]
DEFAULT_SAMPLES = 2_000


class HeuristicBot:
    """Plays by its pot equity against random hands (see the module docstring)."""

    name = "heuristic"

    # Strength is equity over an average hand's share (1.0 = average).
    BET_STRENGTH = 1.12
    RAISE_STRENGTH = 1.3
    RERAISE_STEP = 0.15
    BIG_STRENGTH = 1.5
    BASELINE_EDGE = 0.01  # the policy's discard keeps this much edge over its variants

    def __init__(
        self, rng: random.Random, samples: int = DEFAULT_SAMPLES, cache_size: int = 2_000
    ) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.rng = rng
        self.samples = samples
        self.seed = rng.getrandbits(32)
        self.cache_size = cache_size
        self._cache: Memo[_CacheKey, list[float]] = Memo(cache_size)

    # ------------------------------------------------------------------ the protocol

    def act(self, view: SeatView, legal: LegalActions) -> Action:
        """Choose an action from ``legal`` using only ``view``."""
        if legal.phase == "draw":
            return self._draw(view, legal)
        if legal.phase == "sviten":
            return self._sviten(view)
        if legal.phase == "declare":
            return self._declare(view, legal)
        if legal.phase == "show":
            return muck_or_show(legal)
        if legal.phase == "runs":
            return Action.run_twice()  # the same equity, half the swing
        return bring_in_or(self._bet(view, legal), legal)

    # ------------------------------------------------------------------ equity

    def _equity(
        self,
        view: SeatView,
        hole: Sequence[Card],
        *,
        draws: int,
        discard: Sequence[Card] | None = None,
        dead: Sequence[Card] = (),
        max_discard: int | None = None,
        samples: int | None = None,
    ) -> float:
        """Pot equity of ``hole`` against the opponents still in, with random hands."""
        options = None if discard is None else [tuple(discard)]
        return self._equities(view, hole, draws=draws, options=options, dead=dead,
                              max_discard=max_discard, samples=samples)[0]  # fmt: skip

    def _equities(
        self,
        view: SeatView,
        hole: Sequence[Card],
        *,
        draws: int,
        options: Sequence[tuple[Card, ...]] | None = None,
        dead: Sequence[Card] = (),
        max_discard: int | None = None,
        samples: int | None = None,
    ) -> list[float]:
        """Pot equity of ``hole`` (after each of ``options`` thrown at the next draw, over the
        same runouts) against the opponents still in, with random hands."""
        samples = samples or self.samples
        opponents = max(1, view.opponents)
        declarations = _revealed(view)
        me = view.names[view.seat]
        key: _CacheKey = (
            view.game.id, tuple(sorted(hole)), tuple(view.board), opponents, draws,
            None if options is None else tuple(tuple(sorted(o)) for o in options),
            tuple(sorted(dead)), max_discard, samples,
            None if declarations is None else (me, tuple(sorted(declarations.items()))),
        )  # fmt: skip
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        values = None
        modelled = opponents
        while values is None:
            players: dict[str, str | Sequence[int]] = {me: tuple(hole)}
            ways: dict[str, str] | None = None
            if declarations is not None:
                # After Doogie's reveal: the live players by name, with their declarations.
                live = [
                    view.names[s]
                    for s, out in enumerate(view.folded)
                    if not out and s != view.seat and view.names[s] in declarations
                ]
                if me in declarations and live:
                    players.update({name: "random" for name in live})
                    ways = {name: declarations[name] for name in players}
            if ways is None:
                players.update({f"?opponent{i + 1}": "random" for i in range(modelled)})
            settings: dict[str, Any] = {
                "dead": tuple(dead), "draws": draws, "declarations": ways, "samples": samples,
                "seed": self.seed, "exact_limit": samples, "max_discard": max_discard,
            }  # fmt: skip
            try:
                if options is None:
                    results = [equity(view.game, players, view.board, **settings)]
                else:
                    results = compare_discards(
                        view.game, players, view.board, me, options, **settings
                    )
            except ShowdownError:
                # With many players and several big draws to come, a runout can need more
                # cards than the deck and the reshuffled discards hold. Model fewer opponents,
                # and scale the share to the real number of them.
                if modelled <= 1 or ways is not None:
                    raise
                modelled -= 1
                continue
            scale = (modelled + 1) / (opponents + 1)
            values = [result.player(me).equity * scale for result in results]
        self._cache.put(key, values)
        return values

    # ------------------------------------------------------------------ betting

    def _bet(self, view: SeatView, legal: LegalActions) -> Action:
        opponents = max(1, view.opponents)
        fair = 1.0 / (opponents + 1)
        share = self._equity(view, view.hole, draws=_draws_left(view, drawing=False),
                             max_discard=_table_max_discard(view))  # fmt: skip
        strength = share / fair
        raises = _my_raises_this_round(view)
        bounds = legal.raise_
        if legal.call is not None:
            need = legal.call / (view.pot + legal.call)
            wants_raise = strength >= self.RAISE_STRENGTH + self.RERAISE_STEP * raises
            if bounds is not None and wants_raise and share > need:
                return Action(bounds.kind, amount=self._size(view, legal, strength))
            if share < need and legal.fold:
                return Action.fold()
            return Action.call()
        if bounds is not None and strength >= self.BET_STRENGTH + self.RERAISE_STEP * raises:
            return Action(bounds.kind, amount=self._size(view, legal, strength))
        return Action.check()

    def _size(self, view: SeatView, legal: LegalActions, strength: float) -> int:
        """The raise-to amount: within ``legal.raise_`` always."""
        bounds = legal.raise_
        assert bounds is not None
        low, high = bounds.min_to, bounds.max_to
        if view.structure is Structure.FIXED_LIMIT or low >= high:
            return low
        current = max(view.bets)
        call = current - view.bets[view.seat]
        pot_sized = current + view.pot + call  # the pot-limit maximum, by definition
        if view.structure is Structure.POT_LIMIT:
            target = (
                high if strength >= self.BIG_STRENGTH else current + (2 * (high - current)) // 3
            )
        else:
            target = (
                pot_sized if strength >= self.BIG_STRENGTH else current + (view.pot + call) // 2
            )
        return max(low, min(high, target))

    # ------------------------------------------------------------------ draws

    def _draw(self, view: SeatView, legal: LegalActions) -> Action:
        hole = tuple(legal.hole) or view.hole
        limit = min(legal.discard_max, len(hole))
        draws = _draws_left(view, drawing=True)
        max_discard = _table_max_discard(view)
        base = choose_discard(view.game, hole, view.board, limit)
        candidates = _discard_candidates(hole, base, limit)
        # Every runout plays the later draws too: fewer (common) runouts when some follow.
        samples = max(min(50, self.samples), self.samples // max(1, draws))
        shares = self._equities(
            view, hole, draws=draws, options=candidates, max_discard=max_discard, samples=samples
        )
        best, best_share = base, -1.0
        for thrown, share in zip(candidates, shares, strict=True):
            edge = self.BASELINE_EDGE if thrown == base else 0.0
            if share + edge > best_share:
                best, best_share = thrown, share + edge
        return Action.discard(best) if best else Action.stand_pat()

    def _sviten(self, view: SeatView) -> Action:
        face = _face_up(view)
        if face is None:  # pragma: no cover - the engine always shows the card first
            return Action.keep()
        draws = max(0, _draws_left(view, drawing=True) - 1)
        max_discard = _table_max_discard(view)
        keep = self._equity(view, (*view.hole, face), draws=draws, max_discard=max_discard)
        reject = self._equity(view, view.hole, draws=draws, dead=(face,), max_discard=max_discard)
        return Action.keep() if keep >= reject else Action.reject()

    # ------------------------------------------------------------------ Doogie

    def _declare(self, view: SeatView, legal: LegalActions) -> Action:
        if len(view.hole) != view.game.hole_cards or len(view.board) != view.game.board_cards:
            return Action.declare(legal.declare[0])  # pragma: no cover - not a Doogie spot
        odds = declaration_odds(
            view.hole,
            view.board,
            opponents=max(1, view.opponents),
            samples=self.samples,
            seed=self.seed,
            game=view.game,
        )
        shares = odds.shares
        # Prefer the simpler declaration on a near tie: both ways risks the whole pot.
        order = {"high": 0.0, "low": 0.0, "both": 0.01}
        way = max(
            (w for w in legal.declare if w in shares),
            key=lambda w: shares[w] - order.get(w, 0.0),
            default=legal.declare[0],
        )
        return Action.declare(way)


# ---------------------------------------------------------------------- helpers


def _draws_left(view: SeatView, *, drawing: bool) -> int:
    """Draws still to come; while drawing, the current draw counts."""
    started = sum(1 for event in view.events if event.kind == "draw_round")
    return max(0, len(view.game.draws) - started + (1 if drawing else 0))


def _start(view: SeatView) -> Event | None:
    return next((e for e in view.events if e.kind == "start"), None)


def _table_max_discard(view: SeatView) -> int | None:
    """The table's smaller largest discard (Drawmadugi's 0-3 option), from the start event."""
    start = _start(view)
    if start is None:
        return None
    options = start.data.get("options")
    if not isinstance(options, Mapping):
        return None
    value = options.get("max_discard")
    return value if isinstance(value, int) else None


def _my_raises_this_round(view: SeatView) -> int:
    count = 0
    for event in reversed(view.events):
        if event.kind == "bet_round":
            break
        if event.kind in ("bet", "raise") and event.seat == view.seat:
            count += 1
    return count


def _face_up(view: SeatView) -> Card | None:
    for event in reversed(view.events):
        if event.kind == "sviten_up" and event.seat == view.seat:
            card = event.data.get("card")
            return card if isinstance(card, Card) else None
    return None


def _revealed(view: SeatView) -> dict[str, str] | None:
    """Doogie: everyone's declaration once revealed (public), else ``None``."""
    for event in reversed(view.events):
        if event.kind == "reveal":
            ways = event.data.get("declarations")
            if isinstance(ways, Mapping):
                return {str(k): str(v) for k, v in ways.items()}
    return None


def _discard_candidates(
    hole: Sequence[Card], base: tuple[Card, ...], limit: int
) -> list[tuple[Card, ...]]:
    """The baseline, standing pat, one card more, one card less: each once."""
    out: list[tuple[Card, ...]] = []
    seen: set[frozenset[Card]] = set()

    def add(cards: tuple[Card, ...]) -> None:
        key = frozenset(cards)
        if len(cards) <= limit and key not in seen:
            seen.add(key)
            out.append(cards)

    add(base)
    add(())
    if len(base) < limit:
        for card in hole:
            if card not in base:
                add((*base, card))
    for card in base:
        add(tuple(c for c in base if c != card))
    return out
