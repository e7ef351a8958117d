"""One hand of any game, as a state machine: ``legal_actions()`` and ``apply(action)``.

    >>> import random
    >>> hand = Hand("badugi", stacks=[200, 200, 200], rng=random.Random(1))
    >>> hand.legal_actions().call
    2
    >>> event = hand.apply(Action.call())

The engine posts forced bets, deals, runs each betting round under the structure, runs the draws
(replacements dealt at once; the stub reshuffled when it runs out), takes Doogie's secret
declarations, returns uncalled bets, and settles the showdown with :func:`settle`. Everything
that happens is an :class:`Event` in an append-only log; :meth:`Hand.replay` rebuilds a hand
from its log and checks that every event comes out the same.

Dealing order: hole cards one at a time clockwise from the first seat left of the button;
board cards from the top, with no burn cards except the one after a reshuffle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Literal, TypeVar

from splitpot.cards import Card, check_distinct, full_deck, parse_cards
from splitpot.engine import runs
from splitpot.engine.betting import Round
from splitpot.engine.bomb import check_bomb, post_bomb, skips_betting
from splitpot.engine.deferred import discard_then_deal
from splitpot.engine.drawing import Stub, check_discard, discard_limit, stacked_deck
from splitpot.engine.events import (
    WAYS,
    Action,
    BettingRound,
    BetTo,
    BoardDealt,
    Called,
    Checked,
    Declared,
    DeclareRound,
    Discarded,
    DrawRound,
    Ended,
    Event,
    Folded,
    HandStarted,
    HoleDealt,
    Kept,
    Mucked,
    Posted,
    RaisedTo,
    Rejected,
    Reshuffled,
    Returned,
    Revealed,
    Settled,
    Shown,
    SvitenFaceDown,
    SvitenFaceUp,
    Way,
    WonUncontested,
    action_of,
    way_of,
)
from splitpot.engine.forced import forced_bets
from splitpot.engine.legal import LegalActions
from splitpot.engine.muck import may_muck, settle_shown, settled_awards, showdown_order
from splitpot.engine.options import Options, Stakes, check_structure
from splitpot.engine.pots import LivePot, live_pots
from splitpot.engine.replaying import replay_log
from splitpot.engine.seats import check_seats
from splitpot.engine.showdown import ShowdownResult
from splitpot.engine.stud import bring_in_legal, deal_street, first_to_act, post_bring_in
from splitpot.engine.unknown import check_shown
from splitpot.errors import (
    GameSpecError,
    IllegalActionError,
)
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Bet, Deal, Declare, Draw, Structure

__all__ = ["Hand", "LegalActions", "action_of", "stacked_deck"]


_E = TypeVar("_E", bound=Event)
Phase = Literal["deal", "bet", "draw", "sviten", "declare", "show", "runs", "between", "done"]
"""Where a hand is; a decision is asked for in ``bet``, ``draw``, ``sviten``, ``declare``,
``show`` (the showdown, with the muck option) or ``runs`` (run it twice: engine.runs)."""


class Hand:
    """A hand in progress; see the module docstring."""

    def __init__(
        self,
        game: GameSpec | str,
        *,
        stacks: Sequence[int],
        button: int = 0,
        stakes: Stakes | None = None,
        structure: Structure | str | None = None,
        options: Options | None = None,
        rng: random.Random | None = None,
        deck: Sequence[int] | str | None = None,
        names: Sequence[str] | None = None,
        reshuffle_seed: int | None = None,
        unknown: Collection[Card] = (),
        redeal: Sequence[Card] | None = None,
        stub_size: int | None = None,
    ) -> None:
        self.game = find_game(game) if isinstance(game, str) else game
        if not isinstance(self.game, GameSpec):
            raise GameSpecError(f"game {game!r:.40}: a game id or a GameSpec")
        self.structure = check_structure(self.game, structure)
        self.stakes = Stakes.parse("1/2", self.game) if stakes is None else stakes
        self.options = Options() if options is None else options
        if not isinstance(self.stakes, Stakes) or not isinstance(self.options, Options):
            raise GameSpecError("stakes must be a Stakes and options an Options")
        self.stakes.check_game(self.game)
        check_bomb(self.game, self.options.bomb_ante)
        self.names = check_seats(self.game, self.options, stacks, button, names)
        count = len(stacks)
        self.button = button
        self.starting_stacks = tuple(stacks)
        if deck is None and rng is None:
            raise GameSpecError("a hand needs an injected random.Random or a stacked deck")
        order = self._deck_order(deck, rng)
        if reshuffle_seed is None:
            reshuffle_seed = (rng or random.Random(0)).getrandbits(48)
        self.reshuffle_seed = reshuffle_seed
        self._muck: list[Card] = []
        self._pending_draws: list[tuple[int, tuple[Card, ...]]] = []  # engine/deferred.py
        self._stub = Stub(order, random.Random(reshuffle_seed), self.options.reshuffle,
                          redeal=redeal, stub_size=stub_size, dead=self._muck)  # fmt: skip
        self._forced = forced_bets(self.stakes, self.game, button, count)
        self.unknown = frozenset(unknown)  # placeholders for cards nobody saw (engine.unknown)
        self.dead = [0] * count  # unequal antes: dead money for the main pot
        self._shown: list[int] = []  # the showdown with the muck option: the hands shown
        self.stacks = list(stacks)
        self.bets = [0] * count
        self.contributed = [0] * count
        self.folded = [False] * count
        self._live = count  # players who have not folded
        self._active = count  # players who have not folded and have chips behind
        self._legal: LegalActions | None = None  # cached until the next action
        self.hole: list[list[Card]] = [[] for _ in range(count)]
        self.board: list[Card] = []
        self.declarations: dict[int, Way] = {}
        self._face_up: Card | None = None
        self._events: list[Event] = []
        self._street = 0
        self._bet_number = 0
        self._draw_number = 0
        self._phase: Phase = "deal"
        self._to_act: int | None = None
        self._queue: list[int] = []
        self._round: Round | None = None
        self._last_aggressor: int | None = None
        self.result: ShowdownResult | None = None
        self.payouts: dict[int, int] = {}
        self.run_boards: tuple[tuple[Card, ...], ...] = ()  # run it twice (engine.runs)
        self.run_results: tuple[ShowdownResult, ...] = ()
        self._log(
            HandStarted(
                game=self.game.id, structure=self.structure, stakes=self.stakes,
                options=self.options, names=self.names, stacks=tuple(stacks), button=button,
                unknown=tuple(unknown) or None, deck=tuple(order), seed=reshuffle_seed,
                redeal=tuple(redeal) if redeal is not None else None, stub_size=stub_size,
            )
        )  # fmt: skip
        self._post_forced()
        self._advance()

    # ------------------------------------------------------------------ set-up

    @staticmethod
    def _deck_order(deck: Sequence[int] | str | None, rng: random.Random | None) -> list[Card]:
        if deck is None:
            assert rng is not None
            cards = full_deck()
            rng.shuffle(cards)
            return cards
        stacked = list(parse_cards(deck, where="in the stacked deck"))
        check_distinct([("in the stacked deck", stacked)])
        rest = [c for c in full_deck() if c not in set(stacked)]
        if rng is not None:
            rng.shuffle(rest)
        return stacked + rest

    def _log(self, event: _E) -> _E:
        self._events.append(event)
        return event

    def _seats_from(self, first: int) -> list[int]:
        count = len(self.stacks)
        return [(first + i) % count for i in range(count)]

    def _left_of_button(self) -> list[int]:
        return self._seats_from(self.button + 1)

    def _put_in(self, seat: int, amount: int, *, bet: bool = True) -> int:
        stack = self.stacks[seat]
        if amount >= stack:
            amount = stack
            if stack:
                self._active -= 1  # all-in
        self.stacks[seat] = stack - amount
        self.contributed[seat] += amount
        if bet:
            self.bets[seat] += amount
        return amount

    def _post_forced(self) -> None:
        if self.options.bomb_ante:  # a bomb pot: its ante instead (engine/bomb.py)
            post_bomb(self)
            return
        # Antes first (dead money, not a bet): Doogie's, or a blind game's, from every player,
        # the big blind or the button; then a blind game's blinds and straddle.
        forced = self._forced
        for seat in self._left_of_button():
            if forced.antes[seat]:
                paid = self._put_in(seat, forced.antes[seat], bet=False)
                if paid:
                    self._log(Posted(seat=seat, blind="ante", amount=paid))
                    if forced.dead_antes:
                        self.dead[seat] = paid
        for seat, name, amount in forced.blinds:
            paid = self._put_in(seat, amount)
            if paid:
                self._log(Posted(seat=seat, blind=name, amount=paid))

    # ------------------------------------------------------------------ queries

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole log so far (secrets included)."""
        return tuple(self._events)

    def view(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` may see it; ``None`` is an onlooker."""
        return [event.for_seat(seat) for event in self._events]

    @property
    def is_over(self) -> bool:
        """Has the hand been settled?"""
        return self._phase == "done"

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the hand waits for, or ``None``."""
        return self._to_act

    @property
    def phase(self) -> Phase:
        """``"bet"``, ``"draw"``, ``"sviten"``, ``"declare"`` or ``"done"``."""
        return self._phase

    @property
    def pot(self) -> int:
        """Every chip put in so far, this round's bets included."""
        return sum(self.contributed)

    @property
    def payouts_by_name(self) -> dict[str, int]:
        """The chips each player received, keyed by name as ``settle().payouts`` is
        (:attr:`payouts` is keyed by seat: the table and the web move stacks by seat)."""
        return {self.names[seat]: chips for seat, chips in self.payouts.items()}

    def in_hand(self) -> list[int]:
        """Seats that have not folded, in seat order."""
        return [seat for seat, folded in enumerate(self.folded) if not folded]

    def pots(self) -> list[LivePot]:
        """The pot now, split at the all-in levels: the main pot first, each with the seats
        that can still win it (a bet not yet called is in the pot)."""
        live = [c - d for c, d in zip(self.contributed, self.dead, strict=True)]
        pots = live_pots(live, self.stacks, self.in_hand())
        if sum(self.dead):  # unequal antes: dead money in the main pot
            pots[0] = LivePot(pots[0].amount + sum(self.dead), pots[0].eligible)
        return pots

    def _can_bet(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    def card_places(self) -> dict[Card, str]:
        """Where every one of the 52 cards is now; each card is in exactly one place."""
        places: dict[Card, str] = {}

        def put(cards: Sequence[Card], place: str) -> None:
            for card in cards:
                if card in places:
                    raise AssertionError(f"{card} is both {places[card]} and {place}")
                places[card] = place

        put(self._stub.cards, "stub")
        put(self.board, "board")
        for seat, cards in enumerate(self.hole):
            put(cards, f"hand {seat}")
        put([c for c, _, _ in self._stub.discards], "discards")
        put(self._stub.burned, "burned")
        put(self._muck, "muck")
        put([c for b in self.run_boards[1:] for c in b if c not in self.board], "run two")
        if self._face_up is not None:
            put([self._face_up], "face up")
        return places

    def legal_actions(self) -> LegalActions | None:
        """What the player to act may do, or ``None`` when the hand waits for nobody."""
        if self._legal is None and self._to_act is not None:
            self._legal = self._compute_legal(self._to_act)
        return self._legal

    def _compute_legal(self, seat: int) -> LegalActions:
        if self._phase == "draw":
            return LegalActions(
                seat, "draw", discard_max=self._max_discard(), hole=tuple(self.hole[seat])
            )
        if self._phase == "sviten":
            return LegalActions(seat, "sviten", keep_reject=True)
        if self._phase == "declare":
            return LegalActions(seat, "declare", declare=WAYS)
        if self._phase == "runs":
            return runs.legal_runs(seat)
        if self._phase == "show":
            muck = may_muck(self, seat, self._shown, len(self._queue))
            known = not any(card in self.unknown for card in self.hole[seat])
            return LegalActions(seat, "show", show=known, muck=muck)
        if (bring_in := bring_in_legal(self, seat)) is not None:  # stud (engine/stud.py)
            return bring_in
        assert self._round is not None
        others_can_act = self._others_can_bet(seat)
        owed = self._to_match(seat, others_can_act) - self.bets[seat]
        bounds = None
        if (
            self._someone_can_answer(seat)
            and self._round.reopened_for(seat)
            and not self._round.capped(self.options.heads_up_uncapped, self._live)
        ):
            bounds = self._round.bounds(self.bets[seat], self.stacks[seat], self.pot)
        return LegalActions(
            seat,
            "bet",
            fold=owed > 0,
            check=owed <= 0,
            call=min(owed, self.stacks[seat]) if owed > 0 else None,
            raise_=bounds,
        )

    def _max_discard(self) -> int:
        street = self.game.streets[self._street]
        assert isinstance(street, Draw)
        return discard_limit(street, self.options.max_discard)

    # ------------------------------------------------------------------ commands

    def apply(self, action: Action, *, seat: int | None = None) -> Event:
        """Apply the acting player's action; returns its event or raises IllegalActionError."""
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"apply takes an Action, e.g. Action.call(), not {action!r:.40}"
            )
        if seat is not None and type(seat) is not int:
            raise IllegalActionError(
                f"seat {seat!r:.20} is not a seat number (0 to {len(self.stacks) - 1})"
            )
        if self._to_act is None:
            raise IllegalActionError("the hand is over: nobody is to act")
        actor = self._to_act
        if seat is not None and not 0 <= seat < len(self.stacks):
            raise IllegalActionError(f"no seat {seat}: the seats are 0 to {len(self.stacks) - 1}")
        if seat is not None and seat != actor:
            raise IllegalActionError(
                f"not {self.names[seat]}'s turn: {self.names[actor]} is to act"
            )
        legal = self.legal_actions()
        assert legal is not None
        action = legal.normalise(action)  # bet and raise: either word (docs/web-protocol.md)
        if action.kind not in legal.kinds:
            allowed = legal.describe() or "nothing"
            raise IllegalActionError(
                f"{self.names[actor]} cannot {action.kind} now; they may {allowed}"
            )
        self._legal = None
        handler = _HANDLERS[action.kind]
        event = handler(self, actor, action, legal)
        self._advance()
        return event

    def _fold(self, seat: int, action: Action, legal: LegalActions) -> Event:
        self.folded[seat] = True
        self._live -= 1
        self._active -= 1  # a player who folds had chips behind: all-in players never act
        self._muck.extend(self.hole[seat])
        self.hole[seat] = []
        assert self._round is not None
        self._round.record_call_or_check(seat)
        event = self._log(Folded(seat=seat))
        self._next_bettor(seat)
        return event

    def _check(self, seat: int, action: Action, legal: LegalActions) -> Event:
        assert self._round is not None
        self._round.record_call_or_check(seat)
        event = self._log(Checked(seat=seat))
        self._next_bettor(seat)
        return event

    def _call(self, seat: int, action: Action, legal: LegalActions) -> Event:
        assert self._round is not None and legal.call is not None
        paid = self._put_in(seat, legal.call)
        self._round.record_call_or_check(seat)
        event = self._log(Called(seat=seat, amount=paid, all_in=self.stacks[seat] == 0))
        self._next_bettor(seat)
        return event

    def _raise(self, seat: int, action: Action, legal: LegalActions) -> Event:
        bounds = legal.raise_
        assert self._round is not None and bounds is not None
        to = action.amount
        if type(to) is not int:
            raise IllegalActionError(f"{action.kind} needs a raise-to amount in chips")
        if to > bounds.max_to:
            limit = {
                Structure.POT_LIMIT: "the pot-limit maximum",
                Structure.FIXED_LIMIT: "the fixed-limit amount",
                Structure.NO_LIMIT: "all-in",
            }[self.structure]
            raise IllegalActionError(f"cannot {action.kind} to {to}: {limit} is {bounds.max_to}")
        if to < bounds.min_to:
            raise IllegalActionError(
                f"cannot {action.kind} to {to}: the minimum is {bounds.min_to}"
            )
        self._put_in(seat, to - self.bets[seat])
        self._round.record_raise(seat, to)
        self._last_aggressor = seat
        kind = BetTo if bounds.kind == "bet" else RaisedTo
        event = self._log(kind(seat=seat, to=to, all_in=self.stacks[seat] == 0))
        self._next_bettor(seat)
        return event

    def _discard(self, seat: int, action: Action, legal: LegalActions) -> Event:
        cards = action.cards
        check_discard(cards, self.hole[seat], legal.discard_max, self.game.name, self.names[seat])
        for card in cards:
            self.hole[seat].remove(card)
            self._stub.throw(card, self._draw_number, seat)
        street = self.game.streets[self._street]
        assert isinstance(street, Draw)
        count = len(cards)
        if street.sviten and count == 1:
            event = self._log(Discarded(seat=seat, count=1, discarded=cards))
            (self._face_up,) = self._take(1, seat)
            self._log(SvitenFaceUp(seat=seat, card=self._face_up))
            self._phase = "sviten"
            return event
        if self.options.deal_after_discards:  # PokerKit's order (engine/deferred.py)
            return discard_then_deal(self, seat, cards)
        received = self._take(count, seat)
        self.hole[seat].extend(received)
        event = self._log(Discarded(seat=seat, count=count, discarded=cards, received=received))
        self._next_in_queue()
        return event

    def _keep(self, seat: int, action: Action, legal: LegalActions) -> Event:
        assert self._face_up is not None
        self.hole[seat].append(self._face_up)
        self._face_up = None
        event = self._log(Kept(seat=seat))
        self._phase = "draw"
        self._next_in_queue()
        return event

    def _reject(self, seat: int, action: Action, legal: LegalActions) -> Event:
        assert self._face_up is not None
        self._stub.throw(self._face_up, self._draw_number, seat)
        self._face_up = None
        event = self._log(Rejected(seat=seat))
        received = self._take(1, seat)
        self.hole[seat].extend(received)
        self._log(SvitenFaceDown(seat=seat, count=1, received=received))
        self._phase = "draw"
        self._next_in_queue()
        return event

    def _declare(self, seat: int, action: Action, legal: LegalActions) -> Event:
        way = way_of(action.way)
        if way is None:
            raise IllegalActionError(f"declare high, low or both, not {action.way!r}")
        self.declarations[seat] = way
        event = self._log(Declared(seat=seat, way=way))
        self._next_in_queue()
        return event

    # ------------------------------------------------------------------ the deck

    def _take(self, count: int, seat: int | None) -> tuple[Card, ...]:
        cards, shuffled = self._stub.take(count, seat, self._draw_number)
        if shuffled is not None:
            self._log(
                Reshuffled(count=shuffled.count, order=shuffled.order, burned=shuffled.burned)
            )
        return cards

    # ------------------------------------------------------------------ flow

    def _next_bettor(self, seat: int) -> None:
        """After ``seat`` acted: the next seat that must act in this round, or none."""
        count = len(self.stacks)
        for step in range(1, count + 1):
            candidate = (seat + step) % count
            if self._needs_to_bet(candidate):
                self._to_act = candidate
                return
        self._to_act = None

    def _needs_to_bet(self, seat: int) -> bool:
        round_ = self._round
        assert round_ is not None
        if not self._can_bet(seat):
            return False
        if self._live < 2:
            return False
        others_can_act = self._others_can_bet(seat)
        if self.bets[seat] < self._to_match(seat, others_can_act):
            return True
        # Nobody else can answer a bet: an unforced check would change nothing.
        return seat not in round_.acted and others_can_act

    def _someone_can_answer(self, seat: int) -> bool:
        """docs/rules.md "Betting", no raise that nobody can answer: some opponent still in
        the hand has chips beyond the current bet."""
        assert self._round is not None
        current = self._round.current
        return any(
            s != seat and not self.folded[s] and self.stacks[s] + self.bets[s] > current
            for s in range(len(self.stacks))
        )

    def _others_can_bet(self, seat: int) -> bool:
        return self._active - self._can_bet(seat) > 0

    def _to_match(self, seat: int, others_can_act: bool) -> int:
        """The bet ``seat`` must match: the current bet, or, once nobody else can act, no
        more than the largest bet of a player still in the hand."""
        assert self._round is not None
        current = self._round.current
        if others_can_act:
            return current
        others = [b for s, b in enumerate(self.bets) if s != seat and not self.folded[s]]
        return min(current, max(others, default=0))

    def _next_in_queue(self) -> None:
        self._to_act = self._queue.pop(0) if self._queue else None

    def _advance(self) -> None:
        """Run the dealer's steps until a player must decide or the hand is settled."""
        while self._to_act is None and self._phase != "done":
            if self._phase == "show":
                self._settle(self._shown)
                return
            if self._phase == "bet":
                self._end_betting()
            elif self._phase in ("draw", "declare"):
                if self._phase == "declare":
                    ways = {self.names[s]: w for s, w in sorted(self.declarations.items())}
                    self._log(Revealed(declarations=ways))
                self._street += 1
                self._phase = "between"
            if self._live == 1:
                self._win_uncontested()
                return
            if self._street >= len(self.game.streets):
                return self._showdown()
            if runs.ask_runs(self):  # run it twice: every player all-in is asked (engine.runs)
                return
            self._begin(self.game.streets[self._street])

    def _begin(self, street: Deal | Bet | Draw | Declare) -> None:
        if isinstance(street, Deal):
            self._deal(street)
            self._street += 1
            self._phase = "between"
        elif isinstance(street, Bet) and skips_betting(self, self._street):
            self._bet_number += 1  # a bomb pot's betting before the flop is not played
            self._street += 1
            self._phase = "between"
        elif isinstance(street, Bet):
            self._begin_betting(street)
        elif isinstance(street, Draw):
            self._draw_number += 1
            self._phase = "draw"
            self._queue = [s for s in self._left_of_button() if not self.folded[s]]
            self._log(DrawRound(number=self._draw_number))
            self._next_in_queue()
        else:
            self._phase = "declare"
            self._queue = [s for s in self._left_of_button() if not self.folded[s]]
            self._log(DeclareRound())
            self._next_in_queue()

    def _deal(self, street: Deal) -> None:
        if street.hole and self.game.stud is not None:
            return deal_street(self, street)  # engine/stud.py
        if street.hole:
            seats = [s for s in self._left_of_button() if not self.folded[s]]
            for _ in range(street.hole):
                for seat in seats:
                    self.hole[seat].append(self._stub.deal())
            for seat in seats:
                hole = tuple(self.hole[seat])
                self._log(HoleDealt(seat=seat, count=len(hole), cards=hole))
        else:
            cards = self._take(street.board, None)
            self.board.extend(cards)
            self._log(BoardDealt(cards=cards))

    def _begin_betting(self, street: Bet) -> None:
        self._bet_number += 1
        self._street += 1
        if self.structure is Structure.FIXED_LIMIT:
            size = self.stakes.limit_bet(street)
            cap: int | None = self.options.raise_cap
        else:
            size, cap = self.stakes.big_blind, None
        current, bets, min_raise = max(self.bets), 1 if max(self.bets) else 0, size
        first = (self.button + 1) % len(self.stacks)
        if self.game.stud is not None:  # the bring-in, then the best showing (engine/stud.py)
            first = first_to_act(self)
        forced = self._forced
        if self._bet_number == 1 and forced.first is not None:
            # A big blind (or straddle) all-in for less still makes the others call it in
            # full (option: the largest blind posted, as PHH readers play it); the straddle
            # is the smallest raise, and its poster acts last.
            if self.options.short_blind_full:
                current = max(current, forced.opening)
            first = forced.first
            # PHH's fixed-limit cap counts the bets and raises after the blinds.
            bets = max(bets, forced.opening_bets) if self.options.blind_counts_as_bet else 0
            if self.structure is not Structure.FIXED_LIMIT:
                min_raise = max(size, forced.opening)
        round_ = Round(self.structure, size, cap, current=current, full_level=current,
                       min_raise=min_raise, bets=bets, half_bet_full=self.options.half_bet_full,
                       first_bet_full=self.options.first_bet_full)  # fmt: skip
        self._round = round_
        self._phase = "bet"
        self._log(BettingRound(number=self._bet_number, size=size))
        self._next_bettor((first - 1) % len(self.stacks))

    def _end_betting(self) -> None:
        """Return the uncalled part of the largest bet, and clear the round's bets."""
        ranked = sorted(range(len(self.bets)), key=lambda s: self.bets[s], reverse=True)
        top, second = ranked[0], ranked[1]
        excess = self.bets[top] - self.bets[second]
        if excess > 0:
            if self.stacks[top] == 0 and not self.folded[top]:
                self._active += 1  # all-in no more: the uncalled chips are behind again
            self.stacks[top] += excess
            self.contributed[top] -= excess
            self._log(Returned(seat=top, amount=excess))
        self.bets = [0] * len(self.bets)
        self._round = None
        self._phase = "between"

    def _win_uncontested(self) -> None:
        (winner,) = self.in_hand()
        amount = self.pot
        self.stacks[winner] += amount
        self.payouts = {winner: amount}
        self._log(WonUncontested(seat=winner, amount=amount))
        self._finish()

    def _showdown(self) -> None:
        runs.deal_run_two(self)  # a hand run twice: run two's cards (engine.runs)
        order = showdown_order(self)
        if self.options.muck and not self.run_boards:  # each shows or mucks (engine.muck)
            self._phase = "show"
            self._queue = order
            self._next_in_queue()
            return
        for seat in order:
            check_shown(self.names[seat], self.hole[seat], self.unknown)
            self._log(Shown(seat=seat, cards=tuple(self.hole[seat])))
        runs.settle_runs(self, order) if self.run_boards else self._settle(order)

    def _show(self, seat: int, action: Action, legal: LegalActions) -> Event:
        check_shown(self.names[seat], self.hole[seat], self.unknown)
        event = self._log(Shown(seat=seat, cards=tuple(self.hole[seat])))
        self._shown.append(seat)
        self._next_in_queue()
        return event

    def _muck_hand(self, seat: int, action: Action, legal: LegalActions) -> Event:
        event = self._log(Mucked(seat=seat))
        self._next_in_queue()
        return event

    def _settle(self, shown: Sequence[int]) -> None:
        self.result = settle_shown(self, shown)
        by_name = {name: seat for seat, name in enumerate(self.names)}
        self.payouts = {by_name[n]: c for n, c in self.result.payouts.items() if c}
        for seat, chips in self.payouts.items():
            self.stacks[seat] += chips
        self._log(Settled(payouts=self.payouts_by_name, awards=settled_awards(self.result)))
        self._finish()

    def _finish(self) -> None:
        self._phase = "done"
        self._to_act = None
        self._log(Ended(stacks=tuple(self.stacks)))

    # ------------------------------------------------------------------ replay

    @classmethod
    def replay(cls, events: Sequence[Event]) -> Hand:
        """Rebuild a hand from a full log and check every event comes out the same
        (:func:`splitpot.engine.replaying.replay_log`)."""
        return replay_log(cls, events)


_HANDLERS: dict[str, Callable[[Hand, int, Action, LegalActions], Event]] = {
    "fold": Hand._fold,
    "check": Hand._check,
    "call": Hand._call,
    "bet": Hand._raise,
    "raise": Hand._raise,
    "discard": Hand._discard,
    "keep": Hand._keep,
    "reject": Hand._reject,
    "declare": Hand._declare,
    "show": Hand._show,
    "muck": Hand._muck_hand,
    "bring_in": post_bring_in,
    **runs.HANDLERS,  # run_twice, run_once
}
