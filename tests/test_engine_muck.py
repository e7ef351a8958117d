"""Show or muck (docs/rules.md "Betting", *option* ``muck``): showdown order, who may muck,
and a record that never shows a mucked hand."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from splitpot.bots import random_policy
from splitpot.bots.base import muck_or_show
from splitpot.engine.events import Action, events_from_json, events_to_json
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.muck import redact_mucks
from splitpot.engine.options import Options, Stakes
from splitpot.engine.table import Table
from splitpot.history import export_phh, export_text, import_phh

# Seats 1, 2, 0 are dealt in turn (button 0): seat 1 aces, seat 2 kings, seat 0 seven-deuce.
DECK = "AsKs7cAhKh2d3c8dQhTs5c"


def _to_showdown(options: Options) -> Hand:
    hand = Hand("holdem", stacks=[100] * 3, button=0, stakes=Stakes.parse("1/2"),
                options=options, deck=DECK)  # fmt: skip
    hand.apply(Action.call())  # seat 0
    hand.apply(Action.call())  # seat 1
    hand.apply(Action.check())  # seat 2
    while hand.phase == "bet":
        hand.apply(Action.check())
    return hand


def test_muck_option_off_every_hand_still_in_is_shown() -> None:
    hand = _to_showdown(Options())
    assert hand.is_over
    assert [e.seat for e in hand.events if e.kind == "show"] == [1, 2, 0]


def test_muck_showdown_order_first_left_of_the_button_first_hand_always_shown() -> None:
    hand = _to_showdown(Options(muck=True))
    legal = hand.legal_actions()
    assert hand.phase == "show" and hand.to_act == 1 and legal is not None
    assert legal.kinds == ("show",)  # nothing shown yet: it could win


def test_muck_a_hand_that_cannot_win_may_be_mucked_and_is_never_shown() -> None:
    hand = _to_showdown(Options(muck=True))
    hand.apply(Action.show())  # aces
    assert hand.to_act == 2 and kinds(hand) == ("show", "muck")
    hand.apply(Action.muck())  # kings, beaten
    hand.apply(Action.muck())  # seven-deuce
    assert hand.is_over and hand.payouts == {1: 6}
    assert [e.kind for e in hand.events[-5:-2]] == ["show", "muck", "muck"]
    replayed = Hand.replay(events_from_json(events_to_json(hand.events).splitlines()))
    assert replayed.stacks == hand.stacks


def test_muck_a_hand_that_can_win_part_of_the_pot_must_be_shown() -> None:
    deck = "AsAd7cAhAc2d3c8dQhTs5c"  # seats 1 and 2 both hold aces: a split
    hand = Hand("holdem", stacks=[100] * 3, button=0, stakes=Stakes.parse("1/2"),
                options=Options(muck=True), deck=deck)  # fmt: skip
    for action in (Action.call(), Action.call(), Action.check()):
        hand.apply(action)
    while hand.phase == "bet":
        hand.apply(Action.check())
    hand.apply(Action.show())
    assert kinds(hand) == ("show",)


def kinds(hand: Hand) -> tuple[str, ...]:
    legal = hand.legal_actions()
    assert legal is not None
    return legal.kinds


def mucking_policy(rng: random.Random) -> Callable[[Hand, LegalActions], Action]:
    """Random play that mucks every hand it may, as the bots do."""
    chooser = random_policy(rng)

    def policy(hand: Hand, legal: LegalActions) -> Action:
        return muck_or_show(legal) if legal.phase == "show" else chooser(hand, legal)

    return policy


def _mucked_hands(game: str, structure: str, count: int) -> list[Hand]:
    out = []
    for number in range(200):
        table = Table(game, stacks=[200] * 4, rng=random.Random(number),
                      options=Options(muck=True), structure=structure)  # fmt: skip
        hand = table.play_hand(mucking_policy(random.Random(number)))
        if any(e.kind == "muck" for e in hand.events):
            out.append(hand)
        if len(out) == count:
            break
    return out


def test_muck_a_mucked_hand_never_reaches_the_history_or_an_export() -> None:
    for game, structure in (("holdem", "no-limit"), ("omaha", "pot-limit"),
                            ("badugi", "fixed-limit"), ("bodigiha", "pot-limit")):  # fmt: skip
        hands = _mucked_hands(game, structure, 8)
        assert len(hands) == 8, game
        for hand in hands:
            redacted = redact_mucks(hand.events)
            assert Hand.replay(redacted).stacks == hand.stacks
            text = export_phh(hand.events)
            assert export_phh(import_phh(text)) == text
            shown = {str(c) for e in hand.events if e.kind in ("show", "deal_board")
                     for c in e.data["cards"]}  # fmt: skip
            for seat in {e.seat for e in hand.events if e.kind == "muck"}:
                held = {str(c) for e in hand.events if e.seat == seat
                        for key in ("cards", "discarded", "received")
                        for c in e.secret.get(key) or ()}  # fmt: skip
                hidden = held - shown
                assert hidden
                phh = re.findall(r"[2-9TJQKA][cdhs]", text.split("_awards")[0])
                assert not hidden & set(phh), (hidden, text)
                history = export_text(redacted)
                assert not any(re.search(rf"\b{c}\b", history) for c in hidden), history
                assert f"{hand.names[seat]} mucked (not shown)" in history
