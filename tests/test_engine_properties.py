"""Property tests (Hypothesis) of the hand engine: random legal play under every game and
structure, and the invariants docs/rules.md and the engine's contract promise.

1. Random legal playouts always end (at most ``MAX_ACTIONS`` decisions).
2. Chips are conserved to the chip after every action, and no stack is ever negative.
3. Every one of the 52 cards is in exactly one place after every action, also across the stub
   reshuffles of the triple-draw games (docs/rules.md "Drawing").
4. ``legal_actions()`` offers only what ``apply`` accepts (checked on a replayed copy), and
   ``apply`` refuses everything else with ``IllegalActionError``, leaving the hand unchanged.
5. A replayed log, also after a JSON round trip, reproduces the hand exactly.
6. A seat's view never shows another seat's unshown cards, the deck order, or another seat's
   declaration before the reveal.
7. A table conserves chips over many hands; the button moves to the next seat with chips;
   busted seats are not dealt in.

Besides, ``RulesModel`` reads the log alone and says, after every action, who must act and
what they may do under docs/rules.md "Betting" and "Drawing" (blinds and antes, who acts first,
fixed-limit sizes and caps, minimum and pot-limit raises, short all-ins that do not reopen,
uncalled bets returned, draw and showdown order); the engine's ``legal_actions()`` must agree.

The random playouts run under a seeded ``Chooser`` whose style (how often it folds, raises,
draws) Hypothesis picks; the state machine draws every decision itself. A failure carries a
note with the exact reproduction: the ``Hand(...)`` call and the actions applied, as Python.
The last section pins known holes with small tests of their own.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import event as record_event
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from splitpot.bots import random_action
from splitpot.cards import Card, format_cards, full_deck
from splitpot.engine.betting import RaiseBounds
from splitpot.engine.events import (
    ACTION_KINDS,
    NOBODY,
    Action,
    Event,
    events_from_json,
    events_to_json,
)
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.options import RESHUFFLE_POLICIES, Options, Stakes
from splitpot.engine.table import Table
from splitpot.errors import GameSpecError, IllegalActionError
from splitpot.games import GAMES, GameSpec
from splitpot.games.streets import Bet, Draw, Forced

MAX_ACTIONS = 500
MAX_PLAYERS = 6
ALL_CARDS = frozenset(full_deck())
GAME_IDS = tuple(GAMES)
COMBOS = [
    pytest.param(game_id, structure.value, id=f"{game_id}-{structure.value}")
    for game_id, spec in GAMES.items()
    for structure in spec.structures
]
STAKES_TEXTS = ("1/2", "2/4", "5/10", "1/1", "2/5", "0/2", "10/20")


def stakes_texts(spec: GameSpec) -> tuple[str, ...]:
    """The stakes a game can play: an ante game's first number is its ante, at least 1."""
    if spec.forced is Forced.ANTE:
        return tuple(t for t in STAKES_TEXTS if not t.startswith("0/"))
    return STAKES_TEXTS


TRIPLE_DRAW = (
    "badugi", "badacey", "badeucy", "triple-draw-dramaha", "27-triple-draw", "a5-triple-draw",
)  # fmt: skip

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --------------------------------------------------------------------------------------------
# Set-ups and reproductions
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """Everything a hand is dealt from; ``code()`` writes it as the ``Hand(...)`` call."""

    game_id: str
    structure: str
    stacks: tuple[int, ...]
    button: int
    stakes: Stakes
    options: Options
    seed: int

    def hand(self) -> Hand:
        return Hand(
            self.game_id,
            stacks=list(self.stacks),
            button=self.button,
            stakes=self.stakes,
            structure=self.structure,
            options=self.options,
            rng=random.Random(self.seed),
        )

    def code(self) -> str:
        return (
            f"Hand({self.game_id!r}, stacks={list(self.stacks)}, button={self.button}, "
            f"stakes={self.stakes!r}, structure={self.structure!r}, "
            f"options={self.options!r}, rng=random.Random({self.seed}))"
        )


def action_code(action: Action) -> str:
    """The action as the Python that builds it."""
    if action.kind == "bet":
        return f"Action.bet({action.amount!r})"
    if action.kind == "raise":
        return f"Action.raise_to({action.amount!r})"
    if action.kind == "discard":
        if not action.cards:
            return "Action.stand_pat()"
        return f"Action.discard({format_cards(action.cards)!r})"
    if action.kind == "declare":
        return f"Action.declare({action.way!r})"
    if action.amount is not None or action.cards or action.way is not None:
        return repr(action)
    return f"Action.{action.kind}()"


def reproduction(setup: Setup | None, actions: list[Action]) -> str:
    lines = ["Reproduction:", f"  hand = {setup.code() if setup else '<see the test>'}"]
    lines += [f"  hand.apply({action_code(a)})" for a in actions]
    return "\n".join(lines)


@contextmanager
def reproducing(setup: Setup | None, actions: list[Action]) -> Iterator[None]:
    """Add the reproduction (set-up and actions so far) to any failure inside."""
    try:
        yield
    except Exception as exc:
        exc.add_note(reproduction(setup, actions))
        raise


stack_sizes = st.one_of(
    st.integers(1, 5),  # all-in on the blinds or the first bet
    st.integers(6, 40),
    st.integers(41, 3000),
)

option_values = st.builds(
    Options,
    raise_cap=st.sampled_from((4, 5)),
    heads_up_uncapped=st.booleans(),
    reshuffle=st.sampled_from(RESHUFFLE_POLICIES),
    max_discard=st.one_of(st.none(), st.none(), st.integers(1, 5)),
    two_way_tie_keeps=st.sampled_from([None, True, False]),
)


@st.composite
def setups(
    draw: st.DrawFn,
    game_id: str | None = None,
    structure: str | None = None,
    players: int | None = None,
) -> Setup:
    game_id = game_id or draw(st.sampled_from(GAME_IDS))
    spec = GAMES[game_id]
    structure = structure or draw(st.sampled_from([s.value for s in spec.structures]))
    count = players or draw(st.integers(2, min(MAX_PLAYERS, spec.max_players)))
    stacks = tuple(draw(st.lists(stack_sizes, min_size=count, max_size=count)))
    return Setup(
        game_id=game_id,
        structure=structure,
        stacks=stacks,
        button=draw(st.integers(0, count - 1)),
        # An ante game needs an ante (issue 13: Doogie at "0/2" played for a pot of 0).
        stakes=Stakes.parse(draw(st.sampled_from(stakes_texts(spec))), spec),
        options=draw(option_values),
        seed=draw(st.integers(0, 2**32 - 1)),
    )


# --------------------------------------------------------------------------------------------
# Players: a seeded chooser with a style, so that some hands go to showdown
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    fold: int  # weights of the kinds of action
    passive: int
    aggressive: int
    sizing: str  # "min", "max", "any"
    drawing: str  # "pat", "max", "any"


styles = st.builds(
    Style,
    fold=st.sampled_from((0, 1, 4)),
    passive=st.sampled_from((1, 4)),
    aggressive=st.sampled_from((0, 1, 4)),
    sizing=st.sampled_from(("min", "max", "any")),
    drawing=st.sampled_from(("pat", "max", "any")),
)
CALLING_STATION = Style(fold=0, passive=6, aggressive=1, sizing="any", drawing="max")


class Chooser:
    """Chooses a legal action at random, weighted by a style."""

    def __init__(self, seed: int, style: Style) -> None:
        self.rng = random.Random(seed)
        self.style = style

    def weight(self, kind: str) -> int:
        if kind == "fold":
            return self.style.fold
        if kind in ("check", "call"):
            return self.style.passive
        if kind in ("bet", "raise"):
            return self.style.aggressive
        return 1

    def __call__(self, legal: LegalActions) -> Action:
        rng = self.rng
        kinds = legal.kinds
        weights = [self.weight(k) for k in kinds]
        if not any(weights):
            weights = [1] * len(kinds)
        kind = rng.choices(kinds, weights)[0]
        if kind in ("bet", "raise"):
            assert legal.raise_ is not None
            low, high = legal.raise_.min_to, legal.raise_.max_to
            to = {"min": low, "max": high}.get(self.style.sizing) or rng.randint(low, high)
            if rng.random() < 0.3:
                to = rng.choice((low, high))
            return Action(kind, amount=to)
        if kind == "discard":
            most = min(legal.discard_max, len(legal.hole))
            count = {"pat": 0, "max": most}.get(self.style.drawing, rng.randint(0, most))
            if rng.random() < 0.2:
                count = rng.randint(0, most)
            return Action.discard(rng.sample(legal.hole, count))
        if kind == "declare":
            return Action.declare(rng.choice(legal.declare))
        return Action(kind)


# --------------------------------------------------------------------------------------------
# Invariants of one state
# --------------------------------------------------------------------------------------------


def check_state(hand: Hand) -> None:
    """Chips (property 2) and cards (property 3), and the hand's bookkeeping agreeing."""
    total = sum(hand.starting_stacks)
    assert all(chips >= 0 for chips in hand.stacks), f"negative stack: {hand.stacks}"
    assert all(chips >= 0 for chips in hand.contributed), f"negative: {hand.contributed}"
    places = hand.card_places()  # raises AssertionError on a card in two places
    assert set(places) == ALL_CARDS and len(places) == 52, "a card went missing"
    spec = hand.game
    live = hand.in_hand()
    assert live, "everyone folded"
    for seat, cards in enumerate(hand.hole):
        if hand.folded[seat]:
            assert not cards, f"folded seat {seat} still holds {format_cards(cards)}"
        elif hand.phase == "sviten" and seat == hand.to_act:
            assert len(cards) == spec.hole_cards - 1
        elif spec.stud is not None:  # stud: the cards of the streets dealt so far
            dealt = sum(
                e.data["count"] for e in hand.events if e.kind == "deal_hole" and e.seat == seat
            )
            assert len(cards) == dealt <= spec.hole_cards, (
                f"seat {seat} holds {format_cards(cards)}"
            )
        else:
            assert len(cards) == spec.hole_cards, f"seat {seat} holds {format_cards(cards)}"
    # (stud: one common card when the stub cannot give everyone a seventh-street card)
    assert len(hand.board) <= spec.board_cards + (spec.stud is not None)
    if hand.is_over:
        assert sum(hand.stacks) == total, f"chips {sum(hand.stacks)} != {total} at the end"
        assert hand.to_act is None and hand.legal_actions() is None
        assert all(chips >= 0 for chips in hand.payouts.values())
        assert sum(hand.payouts.values()) == hand.pot, (hand.payouts, hand.pot)
        last = hand.events[-1]
        assert last.kind == "end" and list(last.data["stacks"]) == hand.stacks
        return
    assert sum(hand.stacks) + hand.pot == total, (
        f"chips {sum(hand.stacks)} + pot {hand.pot} != {total}"
    )
    legal = hand.legal_actions()
    assert legal is not None, "the hand is not over but waits for nobody"
    assert legal.seat == hand.to_act and legal.phase == hand.phase
    assert not hand.folded[legal.seat], "a folded seat is to act"
    assert legal.kinds, "a seat is to act but may do nothing"
    if legal.phase == "bet":
        assert hand.stacks[legal.seat] > 0, "an all-in seat is asked to bet"
        assert legal.check != legal.fold or legal.bring_in is not None, legal  # stud: no fold
        if legal.call is not None:
            assert 0 < legal.call <= hand.stacks[legal.seat]
        if legal.raise_ is not None:
            bounds = legal.raise_
            assert bounds.min_to <= bounds.max_to
            assert bounds.max_to <= hand.bets[legal.seat] + hand.stacks[legal.seat]
            assert bounds.min_to > max(hand.bets), "a raise that does not raise"
    if legal.phase == "draw":
        assert legal.hole == tuple(hand.hole[legal.seat])
        assert 0 < legal.discard_max <= len(legal.hole)


def state_of(hand: Hand, *, full: bool = True) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was."""
    log: Any = [e.to_json() for e in hand.events] if full else len(hand.events)
    return (
        log,
        list(hand.stacks),
        list(hand.contributed),
        list(hand.bets),
        list(hand.folded),
        [list(cards) for cards in hand.hole],
        list(hand.board),
        dict(hand.declarations),
        hand.to_act,
        hand.phase,
        hand.is_over,
        hand.legal_actions(),
        hand.card_places(),
    )


def same_hand(copy: Hand, hand: Hand) -> None:
    """A replayed copy is the same hand."""
    assert [e.to_json() for e in copy.events] == [e.to_json() for e in hand.events]
    assert state_of(copy) == state_of(hand)
    assert copy.stacks == hand.stacks
    assert copy.payouts == hand.payouts
    assert copy.is_over == hand.is_over
    assert (copy.result is None) == (hand.result is None)
    if hand.result is not None and copy.result is not None:
        assert copy.result.payouts == hand.result.payouts


def check_replay(hand: Hand) -> None:
    """Property 5: the log replays, also after a JSON round trip, to the same hand."""
    same_hand(Hand.replay(hand.events), hand)
    text = events_to_json(hand.events)
    for line in text.splitlines():
        json.loads(line)
    events = events_from_json(text.splitlines())
    assert events_to_json(events) == text, "the JSON log does not round-trip"
    same_hand(Hand.replay(events), hand)


# --------------------------------------------------------------------------------------------
# Property 4: what is offered is accepted; everything else is refused
# --------------------------------------------------------------------------------------------


def offered_actions(legal: LegalActions, rng: random.Random | None = None) -> list[Action]:
    """The boundary actions ``legal`` offers."""
    out: list[Action] = []
    if legal.fold:
        out.append(Action.fold())
    if legal.check:
        out.append(Action.check())
    if legal.call is not None:
        out.append(Action.call())
    if legal.bring_in is not None:
        out.append(Action.bring_in())
    if legal.raise_ is not None:
        low, high = legal.raise_.min_to, legal.raise_.max_to
        amounts = {low, high, (low + high) // 2}
        if rng is not None:
            amounts.add(rng.randint(low, high))
        out += [Action(legal.raise_.kind, amount=to) for to in sorted(amounts)]
    if legal.phase == "draw":
        hole = list(legal.hole)
        counts = sorted({0, 1, legal.discard_max})
        out += [Action.discard(hole[:n]) for n in counts]
        out.append(Action.discard(hole[len(hole) - legal.discard_max :]))
        if rng is not None:
            out.append(Action.discard(rng.sample(hole, rng.randint(0, legal.discard_max))))
    if legal.keep_reject:
        out += [Action.keep(), Action.reject()]
    out += [Action.declare(way) for way in legal.declare]
    return out


def check_offer(hand: Hand, legal: LegalActions, action: Action) -> None:
    """``action`` is accepted on a replayed copy and does what was offered."""
    copy = Hand.replay(hand.events)
    assert copy.legal_actions() == legal
    seat = legal.seat
    stack, hole = copy.stacks[seat], list(copy.hole[seat])
    try:
        result = copy.apply(action, seat=seat)
    except IllegalActionError as exc:
        raise AssertionError(
            f"offered {legal.describe()!r} but {action} is refused: {exc}"
        ) from exc
    assert isinstance(result, Event) and result.seat == seat
    assert result.kind == action.kind
    check_state(copy)
    settled = copy.is_over  # the showdown or an uncontested win moved chips
    if action.kind == "call":
        assert result.data["amount"] == legal.call
        assert settled or copy.stacks[seat] == stack - legal.call
    elif action.kind in ("bet", "raise"):
        assert result.data["to"] == action.amount
    elif action.kind == "check":
        assert settled or copy.stacks[seat] == stack
    elif action.kind == "discard":
        assert result.data["count"] == len(action.cards)
        assert not set(action.cards) & set(copy.hole[seat])
        received = result.secret.get("received", ())
        assert set(received) <= set(copy.hole[seat])
        assert set(copy.hole[seat]) | set(action.cards) >= set(hole)
    elif action.kind == "declare":
        assert result.secret["way"] == action.way and result.secret_to == seat


def check_offers(hand: Hand, legal: LegalActions, rng: random.Random | None = None) -> None:
    for action in offered_actions(legal, rng):
        check_offer(hand, legal, action)


def refused_actions(hand: Hand, legal: LegalActions) -> list[tuple[Action, int | None]]:
    """Actions ``apply`` must refuse now, each with the ``seat=`` to apply it for."""
    seat = legal.seat
    some_to = legal.raise_.min_to if legal.raise_ else max(hand.bets) + 2
    out: list[tuple[Action, int | None]] = []
    # "bet" and "raise" both mean "put in more" (LegalActions.normalise): where one is legal,
    # so is the other
    more = {"bet", "raise"} if legal.raise_ is not None else set()
    for kind in ACTION_KINDS:
        if kind not in legal.kinds and kind not in more:
            out.append((Action(kind, amount=some_to, way="high"), None))
    if legal.raise_ is not None:
        kind, low, high = legal.raise_.kind, legal.raise_.min_to, legal.raise_.max_to
        out += [
            (Action(kind, amount=low - 1), None),
            (Action(kind, amount=0), None),
            (Action(kind, amount=-low), None),
            (Action(kind, amount=high + 1), None),
            (Action(kind, amount=high + 10**6), None),
            (Action(kind), None),
            (Action(kind, amount=float(low)), None),  # type: ignore[arg-type]
            (Action(kind, amount=str(low)), None),  # type: ignore[arg-type]
        ]
    if legal.phase == "draw":
        hole = list(legal.hole)
        outside = [c for c in full_deck() if c not in hole]
        too_many = (hole + outside)[: legal.discard_max + 1]
        out += [
            (Action.discard(too_many), None),
            (Action.discard(outside[:1]), None),
            (Action.discard(hole[:1] + outside[-1:]), None),
            (Action("discard", cards=(hole[0], hole[0])), None),
        ]
        for other_seat, cards in enumerate(hand.hole):
            if other_seat != seat and cards:
                out.append((Action.discard(cards[:1]), None))
        if hand.board:
            out.append((Action.discard(hand.board[:1]), None))
    if legal.declare:
        out += [
            (Action("declare", way="sideways"), None),
            (Action("declare"), None),
            (Action("declare", way=""), None),
        ]
    # Acting for another seat, with an action that is legal for the seat to act.
    good = offered_actions(legal)[0]
    for other_seat in range(len(hand.stacks)):
        if other_seat != seat:
            out.append((good, other_seat))
    return out


def check_refusals(hand: Hand, legal: LegalActions) -> None:
    before = state_of(hand)
    quick = state_of(hand, full=False)
    for action, seat in refused_actions(hand, legal):
        with pytest.raises(IllegalActionError):
            hand.apply(action, seat=seat)
        assert state_of(hand, full=False) == quick, f"refused {action} changed the hand"
    assert state_of(hand) == before


def check_over_refuses(hand: Hand) -> None:
    before = state_of(hand)
    for action in (Action.check(), Action.call(), Action.fold(), Action.stand_pat()):
        with pytest.raises(IllegalActionError):
            hand.apply(action)
    assert state_of(hand) == before


# --------------------------------------------------------------------------------------------
# Property 6: views
# --------------------------------------------------------------------------------------------

SECRET_KEYS = ("deck", "order", "seed", "burned")


def cards_in(value: Any) -> set[Card]:
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Mapping):
        return set().union(*(cards_in(v) for v in value.values()))
    if isinstance(value, list | tuple | set | frozenset):
        return set().union(*(cards_in(v) for v in value))
    return set()


def check_view(hand: Hand, seat: int | None) -> None:
    """``hand.view(seat)`` shows only what ``seat`` may know, when it may know it."""
    full, seen = hand.events, hand.view(seat)
    assert len(full) == len(seen)
    known: set[Card] = set()
    revealed = False
    for index, (event, mine_view) in enumerate(zip(full, seen, strict=True)):
        where = f"event {index} ({event.kind}) in the view of seat {seat}"
        assert (mine_view.kind, mine_view.seat, dict(mine_view.data)) == (
            event.kind,
            event.seat,
            dict(event.data),
        ), where
        mine = seat is not None and event.secret_to == seat and seat >= 0
        if mine:
            assert mine_view.secret == event.secret, f"{where}: own secret hidden"
        else:
            assert not mine_view.secret, f"{where}: shows {dict(mine_view.secret)}"
        if event.kind in ("deal_board", "show", "sviten_up", "deal_hole"):  # stud's up cards
            known |= cards_in(event.data)
        if mine:
            known |= cards_in(event.secret)
        leaked = (cards_in(mine_view.data) | cards_in(mine_view.secret)) - known
        assert not leaked, f"{where} shows unseen cards {format_cards(sorted(leaked))}"
        for key in SECRET_KEYS:
            assert key not in mine_view.data and key not in mine_view.secret, where
        if event.kind == "declare" and not mine:
            assert not revealed, "a declaration after the reveal"
            assert "way" not in mine_view.data and "way" not in mine_view.secret, where
        if event.kind == "reveal":
            revealed = True
        json.dumps(mine_view.to_json())
    if seat is not None and not hand.folded[seat] and hand.hole[seat]:
        assert set(hand.hole[seat]) <= known, f"seat {seat} cannot see its own cards"


def check_views(hand: Hand) -> None:
    for seat in [None, *range(len(hand.stacks))]:
        check_view(hand, seat)
    declared = [e for e in hand.events if e.kind == "declare"]
    reveals = [i for i, e in enumerate(hand.events) if e.kind == "reveal"]
    if reveals:
        (reveal,) = reveals
        assert all(hand.events.index(e) < reveal for e in declared)
        ways = hand.events[reveal].data["declarations"]
        assert ways == {hand.names[e.seat]: e.secret["way"] for e in declared}


# --------------------------------------------------------------------------------------------
# An independent reading of docs/rules.md "Betting" and "Drawing", fed the log event by event
# --------------------------------------------------------------------------------------------

BETTING_KINDS = ("fold", "check", "call", "bet", "raise")


class RulesModel:
    """Who must act next and what they may do, rebuilt from the log alone.

    Follows docs/rules.md: blinds (heads-up the button is the small blind) or antes; preflop the
    player left of the big blind acts first, later rounds the first player left of the button;
    fixed-limit bets of exactly the round's size, a cap of ``raise_cap`` bets (none heads-up
    with the option), an all-in of half a bet or more counting as a full bet; pot- and no-limit
    minimum raise the last full raise, pot-limit maximum current + pot + call; a short all-in
    reopens the betting only for players who have not acted, or once the increases since a
    player acted add up to a full raise; a player with nobody left to answer never raises
    and never has to match more than the largest bet still in the hand; uncalled bets
    returned; draws and declarations one at a time from the left of the button; the showdown
    led by the last aggressor of the last round, else the first player left of the button.
    """

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.spec = hand.game
        self.bet_streets = [s for s in self.spec.streets if isinstance(s, Bet)]
        self.draw_streets = [s for s in self.spec.streets if isinstance(s, Draw)]
        self.fed = 0
        self.n = 0
        self.button = 0
        self.stacks: list[int] = []
        self.contributed: list[int] = []
        self.bets: list[int] = []
        self.folded: list[bool] = []
        self.round: dict[str, Any] | None = None
        self.bet_number = 0
        self.draw_number = 0
        self.phase: str | None = None
        self.expected: int | None = None
        self.queue: list[int] = []
        self.posts: list[tuple[int, str, int]] = []
        self.last_aggressor: int | None = None
        self.shows: list[int] = []

    # -- helpers --------------------------------------------------------------------------

    def seats_from(self, first: int) -> list[int]:
        return [(first + i) % self.n for i in range(self.n)]

    def live(self) -> list[int]:
        return [s for s in range(self.n) if not self.folded[s]]

    def has_chips(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    def others_can_act(self, seat: int) -> bool:
        return any(self.has_chips(o) for o in range(self.n) if o != seat)

    def to_match(self, seat: int) -> int:
        assert self.round is not None
        current = self.round["current"]
        if self.others_can_act(seat):
            return current
        others = [self.bets[o] for o in self.live() if o != seat]
        return min(current, max(others, default=0))

    def needs(self, seat: int) -> bool:
        assert self.round is not None
        if not self.has_chips(seat) or len(self.live()) < 2:
            return False
        if self.bets[seat] < self.to_match(seat):
            return True
        return seat not in self.round["acted"] and self.others_can_act(seat)

    def next_bettor(self, after: int) -> int | None:
        for step in range(1, self.n + 1):
            seat = (after + step) % self.n
            if self.needs(seat):
                return seat
        return None

    def reopened(self, seat: int) -> bool:
        round_ = self.round
        assert round_ is not None
        if seat not in round_["acted"]:
            return True
        level, fulls = round_["acted"][seat]
        if round_["fulls"] > fulls:
            return True  # a full bet or raise since the seat acted
        # Short all-ins added up to a full raise (pot- and no-limit, TDA 43/47).
        return self.structure != "fixed-limit" and round_["current"] - level >= round_["min"]

    @property
    def structure(self) -> str:
        return self.hand.structure.value

    def legal(self, seat: int) -> LegalActions:
        """The betting options of ``seat`` now, as docs/rules.md gives them."""
        round_ = self.round
        assert round_ is not None
        current, stack, put_in = round_["current"], self.stacks[seat], self.bets[seat]
        owed = self.to_match(seat) - put_in
        bounds = None
        all_in = put_in + stack
        capped = (
            self.structure == "fixed-limit"
            and not (self.hand.options.heads_up_uncapped and len(self.live()) == 2)
            and round_["count"] >= self.hand.options.raise_cap
        )
        # No raise that nobody can answer: some opponent still in has chips beyond the bet.
        answer = any(self.stacks[o] + self.bets[o] > current for o in self.live() if o != seat)
        if answer and self.reopened(seat) and not capped and all_in > current:
            kind = "bet" if current == 0 else "raise"
            if self.structure == "fixed-limit":
                low = high = min(round_["full"] + round_["size"], all_in)
            else:
                low = min(current + round_["min"], all_in)
                high = all_in
                if self.structure == "pot-limit":
                    pot = sum(self.contributed)
                    high = max(min(current + pot + (current - put_in), all_in), low)
            # A pot-sized raise: call, then raise the pot (every chip in it), within the range.
            pot_sized = current + sum(self.contributed) + (current - put_in)
            bounds = RaiseBounds(kind, low, high, min(max(pot_sized, low), high))
        return LegalActions(
            seat,
            "bet",
            fold=owed > 0,
            check=owed <= 0,
            call=min(owed, stack) if owed > 0 else None,
            raise_=bounds,
        )

    # -- the log --------------------------------------------------------------------------

    def feed_all(self) -> None:
        events = self.hand.events
        while self.fed < len(events):
            self.feed(events[self.fed], events[self.fed + 1 :])
            self.fed += 1

    def close_round(self) -> None:
        round_ = self.round
        assert round_ is not None
        assert self.expected is None, f"the round closed while seat {self.expected} must act"
        live = self.live()
        with_chips = [s for s in live if self.stacks[s] > 0]
        top = max(self.bets[s] for s in live)
        if len(with_chips) >= 2:
            for seat in with_chips:
                assert seat in round_["acted"], f"seat {seat} never acted in the round"
                assert self.bets[seat] == top, f"seat {seat} did not match {top}"
        elif with_chips:
            (seat,) = with_chips
            others = [self.bets[s] for s in live if s != seat]
            assert self.bets[seat] >= max(others, default=0), f"seat {seat} did not match"
        self.bets = [0] * self.n
        self.round = None
        self.phase = None

    def feed(self, event: Event, later: tuple[Event, ...]) -> None:
        kind, seat, data = event.kind, event.seat, event.data
        if self.round is not None and kind not in (*BETTING_KINDS, "return"):
            self.close_round()
        if self.phase in ("draw", "declare") and kind not in (
            "discard", "keep", "reject", "sviten_up", "sviten_down", "reshuffle", "declare",
        ):  # fmt: skip
            assert self.expected is None and not self.queue, "a seat never drew or declared"
            self.phase = None
        if kind == "start":
            self.start(data)
        elif kind == "post":
            assert self.posts, f"an unexpected post {dict(data)}"
            assert (seat, data["blind"], data["amount"]) == self.posts.pop(0)
            self.stacks[seat] -= data["amount"]
            self.contributed[seat] += data["amount"]
            if data["blind"] != "ante":
                self.bets[seat] += data["amount"]
        elif kind == "bet_round":
            self.begin_betting(data)
        elif kind in BETTING_KINDS:
            self.betting(kind, seat, data)
        elif kind == "return":
            assert self.round is not None and self.expected is None
            ranked = sorted(self.bets, reverse=True)
            assert self.bets[seat] == ranked[0] and data["amount"] == ranked[0] - ranked[1]
            self.bets[seat] -= data["amount"]
            self.stacks[seat] += data["amount"]
            self.contributed[seat] -= data["amount"]
            self.close_round()
        elif kind in ("draw_round", "declare_round"):
            assert not self.posts, "blinds or antes missing"
            self.phase = "draw" if kind == "draw_round" else "declare"
            if kind == "draw_round":
                self.draw_number += 1
                assert data["number"] == self.draw_number
            self.queue = [s for s in self.seats_from(self.button + 1) if not self.folded[s]]
            self.expected = self.queue.pop(0) if self.queue else None
        elif kind in ("discard", "declare"):
            assert self.phase == ("draw" if kind == "discard" else "declare")
            assert seat == self.expected, f"seat {seat} drew or declared out of turn"
            sviten = kind == "discard" and self.draw_streets[self.draw_number - 1].sviten
            if sviten and data["count"] == 1:
                self.phase = "sviten"
            else:
                self.expected = self.queue.pop(0) if self.queue else None
        elif kind in ("keep", "reject"):
            assert self.phase == "sviten" and seat == self.expected
            self.phase = "draw"
            self.expected = self.queue.pop(0) if self.queue else None
        elif kind == "reveal":
            assert self.expected is None and not self.queue
        elif kind == "show":
            self.shows.append(seat)
        elif kind == "win":
            assert self.live() == [seat] and data["amount"] == sum(self.contributed)
        elif kind == "settle":
            self.check_showdown_order()

    def start(self, data: Mapping[str, Any]) -> None:
        self.n = len(data["stacks"])
        self.button = data["button"]
        self.stacks = list(data["stacks"])
        self.contributed = [0] * self.n
        self.bets = [0] * self.n
        self.folded = [False] * self.n
        stakes = self.hand.stakes
        if self.spec.forced is Forced.ANTE:
            wanted = [(s, "ante", stakes.ante) for s in self.seats_from(self.button + 1)]
        else:
            small, big = (
                (self.button, self.button + 1)
                if self.n == 2
                else (self.button + 1, self.button + 2)
            )
            wanted = [
                (small % self.n, "small blind", stakes.small_blind),
                (big % self.n, "big blind", stakes.big_blind),
            ]
        self.big_blind_seat = wanted[-1][0]
        self.posts = [
            (s, name, min(amount, self.stacks[s])) for s, name, amount in wanted if amount
        ]

    def begin_betting(self, data: Mapping[str, Any]) -> None:
        assert not self.posts, "blinds or antes missing"
        self.bet_number += 1
        assert data["number"] == self.bet_number
        street = self.bet_streets[self.bet_number - 1]
        stakes = self.hand.stakes
        if self.structure == "fixed-limit":
            size = stakes.big_bet if street.big else stakes.small_bet
        else:
            size = stakes.big_blind
        assert data["size"] == size, f"round {self.bet_number} is played for {data['size']}"
        current = max(self.bets)
        if self.bet_number == 1 and self.spec.forced is Forced.BLINDS:
            current = max(current, stakes.big_blind)  # a short big blind: call a full blind
        self.round = {
            "size": size,
            "current": current,
            "full": current,
            "min": size,
            "count": 1 if current else 0,
            "fulls": 0,
            "acted": {},
        }
        self.phase = "bet"
        self.last_aggressor = None
        if self.bet_number == 1 and self.spec.forced is Forced.BLINDS:
            first = (self.big_blind_seat + 1) % self.n
        else:
            first = (self.button + 1) % self.n
        self.expected = self.next_bettor(first - 1)

    def betting(self, kind: str, seat: int, data: Mapping[str, Any]) -> None:
        round_ = self.round
        assert round_ is not None and self.phase == "bet", f"{kind} outside a betting round"
        assert seat == self.expected, f"seat {seat} acted out of turn (seat {self.expected})"
        legal = self.legal(seat)
        assert kind in legal.kinds, f"seat {seat} may not {kind}: {legal.describe()}"
        if kind == "fold":
            self.folded[seat] = True
        elif kind == "call":
            assert data["amount"] == legal.call
            self.stacks[seat] -= legal.call
            self.contributed[seat] += legal.call
            self.bets[seat] += legal.call
        elif kind in ("bet", "raise"):
            bounds = legal.raise_
            to = data["to"]
            assert bounds is not None and bounds.min_to <= to <= bounds.max_to
            self.stacks[seat] -= to - self.bets[seat]
            self.contributed[seat] += to - self.bets[seat]
            self.bets[seat] = to
            assert data["all_in"] == (self.stacks[seat] == 0)
            if self.structure == "fixed-limit":
                full = 2 * (to - round_["full"]) >= round_["size"]
            else:
                increase = to - round_["current"]
                full = increase >= round_["min"]
                if full:
                    round_["min"] = increase
            if full:
                round_["full"] = to
                round_["count"] += 1
                round_["fulls"] += 1
            round_["current"] = to
            self.last_aggressor = seat
        round_["acted"][seat] = (round_["current"], round_["fulls"])
        self.expected = self.next_bettor(seat)

    def check_showdown_order(self) -> None:
        live = self.live()
        first = self.last_aggressor
        if first is None or first not in live:
            first = next(s for s in self.seats_from(self.button + 1) if s in live)
        order = [s for s in self.seats_from(first) if s in live]
        assert self.shows == order, f"shown in the order {self.shows}, not {order}"

    def check_now(self) -> None:
        """The hand waits for the seat the rules name, offering what the rules allow."""
        if self.spec.stud is not None:
            return  # the stud order of play is not modelled here: tests/test_stud.py checks it
        self.feed_all()
        hand = self.hand
        assert self.stacks == hand.stacks or hand.is_over, (self.stacks, hand.stacks)
        if hand.is_over:
            return
        assert hand.to_act == self.expected, f"seat {hand.to_act} acts, not {self.expected}"
        assert hand.phase == self.phase, (hand.phase, self.phase)
        legal = hand.legal_actions()
        assert legal is not None
        if self.phase == "bet":
            assert self.expected is not None
            assert legal == self.legal(self.expected), (
                f"engine: {legal.describe()}; rules: {self.legal(self.expected).describe()}"
            )
        elif self.phase == "draw":
            street = self.draw_streets[self.draw_number - 1]
            limit = hand.options.max_discard or street.max_discard
            assert legal.discard_max == min(street.max_discard, limit)


# --------------------------------------------------------------------------------------------
# A playout with the checks
# --------------------------------------------------------------------------------------------


@dataclass
class Checks:
    refusals: bool = True  # property 4, refusals on the hand itself (cheap)
    offers: float = 0.0  # property 4, offers on replayed copies, for this share of states
    views: bool = False  # property 6 after every action (else at the end only)
    replay_prefix: float = 0.0  # property 5 mid-hand, for this share of states


def play_out(
    setup: Setup,
    choose: Callable[[LegalActions], Action],
    checks: Checks | None = None,
    seed: int = 0,
) -> tuple[Hand, list[Action]]:
    """Play one hand to its end with every check; a failure notes the reproduction."""
    checks = checks or Checks()
    rng = random.Random(seed)
    actions: list[Action] = []
    with reproducing(setup, actions):
        hand = setup.hand()
        model = RulesModel(hand)
        check_state(hand)
        model.check_now()
        while not hand.is_over:
            assert len(actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
            legal = hand.legal_actions()
            assert legal is not None
            if checks.refusals:
                check_refusals(hand, legal)
            if checks.offers and rng.random() < checks.offers:
                check_offers(hand, legal, rng)
            if checks.replay_prefix and rng.random() < checks.replay_prefix:
                same_hand(Hand.replay(hand.events), hand)
            action = choose(legal)
            actions.append(action)
            result = hand.apply(action, seat=legal.seat)
            assert result.kind == action.kind and result.seat == legal.seat
            check_state(hand)
            model.check_now()
            if checks.views:
                check_views(hand)
        check_views(hand)
        check_replay(hand)
        check_over_refuses(hand)
    record_event("showdown" if hand.result else "uncontested")
    if any(e.kind == "reshuffle" for e in hand.events):
        record_event("reshuffle")
    return hand, actions


# --------------------------------------------------------------------------------------------
# Tests: properties 1-5 for every game and structure
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "structure"), COMBOS)
@FAST
@given(data=st.data(), style=styles, seed=st.integers(0, 2**32 - 1))
def test_random_playouts_end_and_conserve_chips_and_cards(
    game_id: str, structure: str, data: st.DataObject, style: Style, seed: int
) -> None:
    setup = data.draw(setups(game_id, structure), label="setup")
    play_out(setup, Chooser(seed, style), Checks(offers=0.1, replay_prefix=0.05), seed)


@pytest.mark.parametrize(("game_id", "structure"), COMBOS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_uniform_random_bot_playouts(
    game_id: str, structure: str, data: st.DataObject, seed: int
) -> None:
    """The shipped uniformly random bot only ever picks legal actions."""
    setup = data.draw(setups(game_id, structure), label="setup")
    rng = random.Random(seed)
    play_out(setup, lambda legal: random_action(legal, rng), Checks(refusals=False), seed)


@MEDIUM
@given(setup=setups(), style=styles, seed=st.integers(0, 2**32 - 1))
def test_every_offered_action_is_accepted_and_everything_else_refused(
    setup: Setup, style: Style, seed: int
) -> None:
    play_out(setup, Chooser(seed, style), Checks(offers=1.0, replay_prefix=0.2), seed)


@MEDIUM
@given(setup=setups(), style=styles, seed=st.integers(0, 2**32 - 1))
def test_views_never_leak(setup: Setup, style: Style, seed: int) -> None:
    play_out(setup, Chooser(seed, style), Checks(refusals=False, views=True), seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(TRIPLE_DRAW),
    data=st.data(),
    seed=st.integers(0, 2**32 - 1),
)
def test_six_handed_draws_to_showdown(game_id: str, data: st.DataObject, seed: int) -> None:
    """Deep six-handed triple-draw hands with no folds: the stub runs out and is reshuffled."""
    setup = data.draw(setups(game_id, players=6), label="setup")
    setup = replace(setup, stacks=tuple(1000 + s for s in setup.stacks))
    play_out(setup, Chooser(seed, CALLING_STATION), Checks(offers=0.05), seed)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), style=styles, seed=st.integers(0, 2**32 - 1))
def test_a_full_table_of_every_game(
    game_id: str, data: st.DataObject, style: Style, seed: int
) -> None:
    """As many players as the game seats (Doogie 7, Hold'em 9): the deck still suffices."""
    setup = data.draw(setups(game_id, players=GAMES[game_id].max_players), label="setup")
    play_out(setup, Chooser(seed, style), Checks(offers=0.05), seed)


@pytest.mark.slow
@pytest.mark.timeout(1800)  # about 300 s on an idle core; a busy two-core machine doubles it
@settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), style=styles, seed=st.integers(0, 2**32 - 1))
def test_properties_1_to_5_many_examples_slow(setup: Setup, style: Style, seed: int) -> None:
    play_out(setup, Chooser(seed, style), Checks(offers=0.25, replay_prefix=0.1), seed)


# --------------------------------------------------------------------------------------------
# Property 3: reshuffles (docs/rules.md "Drawing")
# --------------------------------------------------------------------------------------------


class ReshuffleWatch:
    """Checks every reshuffle against the cards' places just before the action."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.round_discards: dict[int, set[Card]] = {}
        self.seen = 0
        self.between_draws = 0

    def after(self, before: dict[Card, str], first_new: int, action: Action, seat: int) -> None:
        hand = self.hand
        new = hand.events[first_new:]
        face_up = {c for c, place in before.items() if place == "face up"}
        thrown = set(action.cards) if action.kind == "discard" else set()
        if action.kind == "reject":
            thrown = face_up
        needed = len(action.cards) if action.kind == "discard" else 1
        stub = {c for c, place in before.items() if place == "stub"}
        discards = {c for c, place in before.items() if place == "discards"}
        this_round = set().union(*self.round_discards.values()) | thrown
        mine = self.round_discards.get(seat, set()) | thrown
        for index, ev in enumerate(new):
            if ev.kind == "draw_round":
                self.round_discards = {}
            if ev.kind == "discard":
                self.round_discards.setdefault(ev.seat, set()).update(ev.secret["discarded"])
            if ev.kind == "reject":
                self.round_discards.setdefault(ev.seat, set()).update(face_up)
            if ev.kind != "reshuffle":
                continue
            self.seen += 1
            order, burned = ev.secret["order"], ev.secret["burned"]
            assert len(burned) == 1 and ev.data["count"] == len(order) + 1
            reshuffled = set(order) | set(burned)
            assert len(reshuffled) == len(order) + 1
            assert stub <= reshuffled, "the stub was not reshuffled in"
            assert reshuffled <= stub | discards, "a card in play was reshuffled"
            following = new[index + 1] if index + 1 < len(new) else None
            if following is not None and following.kind == "deal_board":
                self.between_draws += 1
                assert reshuffled == stub | discards, "between draws, every discard goes in"
                assert tuple(order[: len(following.data["cards"])]) == following.data["cards"]
                continue
            assert action.kind in ("discard", "reject"), f"a reshuffle after {action}"
            assert not reshuffled & mine, "the drawer's own discards of this round came back"
            everything = stub | (discards - mine)
            earlier = stub | (discards - this_round)
            if hand.options.reshuffle == "all-discards" or len(earlier) - 1 < needed:
                assert reshuffled == everything
            else:
                assert reshuffled == earlier, "a current-round discard was reshuffled"
            assert following is not None
            if following.kind == "sviten_up":
                assert order[0] == following.data["card"]
            else:
                received = following.secret["received"]
                assert len(received) == needed
                assert tuple(order[:needed]) == tuple(received)


@pytest.mark.parametrize("reshuffle", RESHUFFLE_POLICIES)
@pytest.mark.parametrize(
    "game_id",
    [
        "badacey", "badeucy", "badugi", "triple-draw-dramaha", "sviten-special",
        "27-triple-draw", "a5-triple-draw",
    ],
)  # fmt: skip
def test_six_handed_draws_reshuffle_every_card_once(game_id: str, reshuffle: str) -> None:
    seen = between = 0
    for seed in range(12):
        setup = Setup(
            game_id=game_id,
            structure="fixed-limit",
            stacks=(5000,) * 6,
            button=seed % 6,
            stakes=Stakes.parse("1/2", GAMES[game_id]),
            options=Options(reshuffle=reshuffle),
            seed=seed,
        )
        choose = Chooser(seed, CALLING_STATION)
        actions: list[Action] = []
        with reproducing(setup, actions):
            hand = setup.hand()
            watch, model = ReshuffleWatch(hand), RulesModel(hand)
            while not hand.is_over:
                assert len(actions) < MAX_ACTIONS
                legal = hand.legal_actions()
                assert legal is not None
                before, first_new = hand.card_places(), len(hand.events)
                action = choose(legal)
                if action.kind == "discard" and game_id == "sviten-special" and seed % 2:
                    action = Action.discard(legal.hole[:1])  # a face-up Sviten card
                actions.append(action)
                hand.apply(action)
                check_state(hand)
                model.check_now()
                watch.after(before, first_new, action, legal.seat)
            check_replay(hand)
            check_views(hand)
        seen += watch.seen
        between += watch.between_draws
    assert seen > 0, f"no reshuffle in {game_id} six-handed"
    if game_id == "triple-draw-dramaha" and reshuffle == "previous-rounds":
        assert between > 0, "no reshuffle before a board card"


# --------------------------------------------------------------------------------------------
# The state machine: one hand after another, Hypothesis choosing every decision
# --------------------------------------------------------------------------------------------


moves = st.tuples(
    st.integers(0, 2**16),  # the kind of action (and the declaration)
    st.one_of(st.sampled_from(("min", "max")), st.floats(0, 1)),  # where in the raise range
    st.lists(st.integers(0, 9), unique=True, max_size=6),  # which cards to discard
)


def choose_move(legal: LegalActions, pick: int, amount: str | float, discards: list[int]) -> Action:
    """The action a drawn move names; folds are less likely than anything else."""
    kinds = [k for k in legal.kinds for _ in range(1 if k == "fold" else 3)]
    kind = kinds[pick % len(kinds)]
    if kind in ("bet", "raise"):
        assert legal.raise_ is not None
        low, high = legal.raise_.min_to, legal.raise_.max_to
        if amount == "min":
            return Action(kind, amount=low)
        if amount == "max":
            return Action(kind, amount=high)
        return Action(kind, amount=low + round((high - low) * float(amount)))
    if kind == "discard":
        hole = legal.hole
        return Action.discard([hole[i] for i in discards if i < len(hole)][: legal.discard_max])
    if kind == "declare":
        return Action.declare(legal.declare[pick % len(legal.declare)])
    return Action(kind)


class HandMachine(RuleBasedStateMachine):
    """Drives hands with Hypothesis-chosen actions, illegal attempts, copies and replays."""

    def __init__(self) -> None:
        super().__init__()
        self.setup: Setup | None = None
        self.hand: Hand | None = None
        self.model: RulesModel | None = None
        self.actions: list[Action] = []

    def deal(self, setup: Setup) -> None:
        self.setup, self.actions = setup, []
        with reproducing(setup, self.actions):
            self.hand = setup.hand()
            self.model = RulesModel(self.hand)
            check_state(self.hand)
            self.model.check_now()

    @initialize(setup=setups())
    def first_hand(self, setup: Setup) -> None:
        self.deal(setup)

    # No rule has a precondition (a filtered choice of rules makes Hypothesis give up on
    # some examples): each does what makes sense whether the hand is over or not.

    @rule(setup=setups())
    def next_hand(self, setup: Setup) -> None:
        """Once the hand is over, check it once more and deal the next one."""
        assert self.hand is not None
        if not self.hand.is_over:
            return
        with reproducing(self.setup, self.actions):
            check_over_refuses(self.hand)
            check_replay(self.hand)
        self.deal(setup)

    @rule(moves=st.lists(moves, min_size=1, max_size=12))
    def act(self, moves: list[tuple[int, str | float, list[int]]]) -> None:
        """Up to twelve decisions in a row, each checked."""
        hand, model = self.hand, self.model
        assert hand is not None and model is not None
        with reproducing(self.setup, self.actions):
            for pick, amount, discards in moves:
                legal = hand.legal_actions()
                if legal is None:
                    break
                assert len(self.actions) < MAX_ACTIONS, "the hand does not end"
                action = choose_move(legal, pick, amount, discards)
                self.actions.append(action)
                hand.apply(action, seat=legal.seat if pick % 2 else None)
                check_state(hand)
                model.check_now()
        if hand.is_over:
            record_event("state machine: a hand ended")

    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 40), style=styles)
    def play_on(self, seed: int, count: int, style: Style) -> None:
        """Up to ``count`` decisions by a seeded player, each checked: hands get to the end."""
        hand, model = self.hand, self.model
        assert hand is not None and model is not None
        choose = Chooser(seed, style)
        with reproducing(self.setup, self.actions):
            for _ in range(count):
                legal = hand.legal_actions()
                if legal is None:
                    break
                assert len(self.actions) < MAX_ACTIONS, "the hand does not end"
                action = choose(legal)
                self.actions.append(action)
                hand.apply(action)
                check_state(hand)
                model.check_now()
        if hand.is_over:
            record_event("state machine: a hand ended")

    @rule(pick=st.integers(0, 2**16))
    def try_an_illegal_action(self, pick: int) -> None:
        hand = self.hand
        assert hand is not None
        legal = hand.legal_actions()
        with reproducing(self.setup, self.actions):
            if legal is None:
                check_over_refuses(hand)
                return
            refused = refused_actions(hand, legal)
            action, seat = refused[pick % len(refused)]
            before = state_of(hand)
            with pytest.raises(IllegalActionError):
                hand.apply(action, seat=seat)
            assert state_of(hand) == before, f"refused {action} (seat={seat}) changed the hand"

    @rule(pick=st.integers(0, 2**16))
    def try_an_offered_action_on_a_copy(self, pick: int) -> None:
        hand = self.hand
        assert hand is not None
        legal = hand.legal_actions()
        if legal is None:
            return
        with reproducing(self.setup, self.actions):
            offered = offered_actions(legal, random.Random(pick))
            check_offer(hand, legal, offered[pick % len(offered)])

    @rule()
    def replay_the_log(self) -> None:
        assert self.hand is not None
        with reproducing(self.setup, self.actions):
            check_replay(self.hand)

    @invariant()
    def chips_and_cards(self) -> None:
        if self.hand is not None:
            with reproducing(self.setup, self.actions):
                check_state(self.hand)

    @invariant()
    def the_rules_name_who_acts_and_how(self) -> None:
        if self.model is not None:
            with reproducing(self.setup, self.actions):
                self.model.check_now()

    @invariant()
    def views(self) -> None:
        if self.hand is not None:
            with reproducing(self.setup, self.actions):
                check_views(self.hand)


HandMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestHandMachine = HandMachine.TestCase


# --------------------------------------------------------------------------------------------
# Property 7: a table over many hands
# --------------------------------------------------------------------------------------------

ROTATIONS = (
    ("drawmaha", "bodigiha", "badugi", "doogie"),
    ("badacey", "badeucy", "triple-draw-dramaha", "sviten-special"),
    ("drawmaha-27", "drawmadugi", "limit-holdem", "holdem", "omaha", "omaha-5", "omaha-6"),
    ("27-triple-draw", "a5-triple-draw", "27-single-draw", "badugi"),
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rotation=st.sampled_from(ROTATIONS),
    stacks=st.lists(st.one_of(st.integers(1, 8), st.integers(9, 120)), min_size=2, max_size=6),
    structure=st.sampled_from((None, "fixed-limit", "pot-limit", "no-limit")),
    button=st.integers(0, 5),
    hands=st.integers(1, 60),
    rebuy=st.one_of(st.none(), st.none(), st.integers(1, 50)),
    style=styles,
    seed=st.integers(0, 2**32 - 1),
)
def test_a_table_conserves_chips_and_moves_the_button(
    *,
    rotation: tuple[str, ...],
    stacks: list[int],
    structure: str | None,
    button: int,
    hands: int,
    rebuy: int | None,
    style: Style,
    seed: int,
) -> None:
    table = Table(
        list(rotation),
        stacks=stacks,
        rng=random.Random(seed),
        stakes="1/2",
        structure=structure,
        button=button,
        rebuy=rebuy,
    )
    choose = Chooser(seed, style)
    count, total = len(stacks), sum(stacks)
    assert table.button == button % count
    played = 0

    def policy(hand: Hand, legal: LegalActions) -> Action:
        nonlocal played
        played += 1
        assert played < MAX_ACTIONS * hands, "a hand at the table does not end"
        assert legal.seat == hand.to_act
        return choose(legal)

    note = (
        f"table = Table({list(rotation)!r}, stacks={stacks}, rng=random.Random({seed}), "
        f'stakes="1/2", structure={structure!r}, button={button}, rebuy={rebuy})'
    )
    for number in range(hands):
        before, old_button = list(table.stacks), table.button
        dealt = [s for s in range(count) if before[s] > 0 or rebuy]
        try:
            if len(dealt) < 2:
                with pytest.raises(GameSpecError):
                    table.play_hand(policy)
                assert table.stacks == before
                break
            game = table.game
            assert game is GAMES[rotation[number % len(rotation)]]
            hand = table.play_hand(policy)
            assert hand.is_over and hand.game is game
            # Busted seats are not dealt in; the others are, with their stacks.
            assert hand.names == tuple(table.names[s] for s in dealt)
            assert hand.starting_stacks == tuple(before[s] or rebuy or 0 for s in dealt)
            expected_structure = (
                structure
                if structure and any(s.value == structure for s in game.structures)
                else game.structure.value
            )
            assert hand.structure.value == expected_structure
            # The button moves to the next seat with chips (the first hand keeps it).
            if number == 0 and old_button in dealt:
                expected = old_button
            else:
                expected = next(
                    (old_button + step) % count
                    for step in range(1, count + 1)
                    if (old_button + step) % count in dealt
                )
            assert table.button == expected, (number, old_button, table.button)
            assert hand.names[hand.button] == table.names[table.button]
            # Chips carry over and are conserved, rebuys counted.
            assert all(chips >= 0 for chips in table.stacks)
            assert sum(table.stacks) == total + sum(table.rebuys)
            for seat in range(count):
                if seat not in dealt:
                    assert table.stacks[seat] == 0
            check_state(hand)
            RulesModel(hand).check_now()
            check_replay(hand)
        except Exception as exc:
            exc.add_note(f"Reproduction: {note}; then play_hand() x{number + 1}")
            raise


def test_table_refuses_to_finish_a_hand_in_progress() -> None:
    table = Table(["badugi"], stacks=[100, 100, 100], rng=random.Random(3))
    hand = table.new_hand()
    with pytest.raises(GameSpecError):
        table.finish(hand)


# --------------------------------------------------------------------------------------------
# Known holes, each pinned by a small test (see the report)
# --------------------------------------------------------------------------------------------


def test_view_for_nobody_does_not_show_the_deck() -> None:
    """``NOBODY`` (-1) marks secrets that no seat may see: a view for -1 must not show them.

    Failed on the engine as first tested: ``Event.for_seat(-1)`` matched ``secret_to ==
    NOBODY`` and returned the deck order and the reshuffle seed.
    """
    hand = Hand("badugi", stacks=[100, 100], rng=random.Random(1))
    for seat in (NOBODY, -2, 2, 99):
        shown = [dict(e.secret) for e in hand.view(seat) if e.secret]
        assert not shown, f"view({seat}) shows {shown}"


@pytest.mark.parametrize("seat", [3, 7, -4])
def test_acting_for_a_seat_that_does_not_exist_is_illegal(seat: int) -> None:
    """``apply(action, seat=...)`` for a seat not at the table raises IllegalActionError.

    Failed on the engine as first tested, with IndexError: the message looked up
    ``names[seat]``.
    """
    hand = Hand("badugi", stacks=[100, 100, 100], rng=random.Random(1))
    before = state_of(hand)
    with pytest.raises(IllegalActionError):
        hand.apply(Action.call(), seat=seat)
    assert state_of(hand) == before


def test_refused_odd_chip_is_not_a_rule_a_hand_can_play() -> None:
    """``refuse`` is the showdown calculator's rule: a hand in play cannot refuse its own pot,
    so the engine refuses the option up front instead of stranding a hand at showdown."""
    with pytest.raises(GameSpecError, match="refuse odd-chip rule is for the showdown"):
        Hand("drawmaha", stacks=[100, 100, 100], options=Options(odd_chip="refuse"),
             rng=random.Random(0))  # fmt: skip


def test_a_discard_given_as_card_numbers_keeps_a_readable_log() -> None:
    """``Action("discard", cards=(49,))`` (card numbers, as ``parse_cards`` accepts them) is
    accepted; its log must then survive the JSON round trip like any other.

    Failed on the engine as first tested: ``apply`` kept the plain ints, the event was written
    ``"discarded": ["49"]``, and ``events_from_json`` raised CardParseError ("49": unknown
    suit '9') reading it back.
    """
    hand = Hand("badugi", stacks=[100, 100], rng=random.Random(1))
    hand.apply(Action.call())
    hand.apply(Action.check())
    legal = hand.legal_actions()
    assert legal is not None and legal.phase == "draw"
    hand.apply(Action("discard", cards=(int(legal.hole[0]),)))
    check_replay(hand)
