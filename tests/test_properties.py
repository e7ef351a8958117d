"""Property tests (Hypothesis): card text, evaluator symmetries, and settlement invariants.

The settlement properties follow docs/rules.md "Splitting a pot" and "Doogie":

- chips are conserved exactly, pot by pot and award by award, and no payout is negative;
- folded players (a contribution and no cards) get back only their uncalled chips;
- the order of a player's cards, the order of the board, and the names of the suits never change
  who wins what;
- a tie divides only the award that tied;
- in Doogie a player only wins an award they declared for, unless no half can be awarded and
  the pot is split evenly among its players;
- an independent model of the rules (``model_payouts`` below) agrees with ``settle`` on every
  random showdown.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from splitpot.cards import SUITS, Card, Deck, format_cards, parse_cards
from splitpot.cli import render
from splitpot.engine.showdown import ShowdownResult, settle
from splitpot.errors import OddChipError
from splitpot.evaluate import (
    evaluate_a5,
    evaluate_badugi,
    evaluate_badugi_aces_high,
    evaluate_deuce_seven,
    evaluate_doogie,
    evaluate_doogie_high,
    evaluate_draw_high,
    evaluate_high,
    evaluate_omaha,
)
from splitpot.evaluate.high import high_value_5
from splitpot.games import GAMES, GameSpec

GAME_IDS = tuple(GAMES)
LIVE_NAMES = ("A", "B", "C", "D", "E", "F")
FOLDED_NAMES = ("X", "Y")
SUIT_SYMBOLS = "♣♦♥♠"
HOLLOW_SYMBOLS = "♧♢♡♤"

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --------------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------------

cards_lists = st.lists(st.integers(0, 51), unique=True, max_size=20).map(
    lambda xs: tuple(Card(x) for x in xs)
)
suit_permutations = st.permutations(range(4)).map(tuple)


def relabel(cards: Sequence[int], sigma: Sequence[int]) -> tuple[Card, ...]:
    """The cards with every suit s replaced by sigma[s]."""
    return tuple(Card((c >> 2) * 4 + sigma[c & 3]) for c in cards)


@st.composite
def written_card(draw: st.DrawFn, card: Card) -> str:
    """One card in any accepted style: T or 10, either case, suit letter or symbol."""
    rank = card.rank_char
    if rank == "T":
        rank = draw(st.sampled_from(["T", "t", "10"]))
    else:
        rank = draw(st.sampled_from([rank, rank.lower()]))
    suit = draw(
        st.sampled_from(
            [
                SUITS[card.suit],
                SUITS[card.suit].upper(),
                SUIT_SYMBOLS[card.suit],
                HOLLOW_SYMBOLS[card.suit],
            ]
        )
    )
    return rank + suit


@st.composite
def written_cards(draw: st.DrawFn, cards: Sequence[Card]) -> str:
    """The cards in mixed styles, joined by any mix of accepted separators (or none)."""
    text = ""
    for index, card in enumerate(cards):
        if index:
            text += draw(st.sampled_from(["", " ", ",", ", ", ";", "\t", "  ", "\n", " ,"]))
        text += draw(written_card(card))
    lead = draw(st.sampled_from(["", " ", "\n"]))
    trail = draw(st.sampled_from(["", " ", "\n"]))
    return lead + text + trail


@st.composite
def showdowns(
    draw: st.DrawFn,
    games: st.SearchStrategy[str] | None = None,
    *,
    with_declarations: bool | None = None,
) -> dict[str, Any]:
    """Keyword arguments for ``settle``: a random game, 2-6 live players with random final
    cards, a pot or random contributions (0-2 folded players), a seat order and a button.

    Doogie gets declarations for everyone or none (``with_declarations`` forces one way)."""
    game_id = draw(games if games is not None else st.sampled_from(GAME_IDS))
    spec = GAMES[game_id]
    count = draw(st.integers(2, 6))
    deck = draw(st.permutations(range(52)))
    players: dict[str, tuple[Card, ...]] = {}
    position = 0
    for name in LIVE_NAMES[:count]:
        players[name] = tuple(Card(c) for c in deck[position : position + spec.hole_cards])
        position += spec.hole_cards
    board = tuple(Card(c) for c in deck[position : position + spec.board_cards])
    live = list(players)
    kwargs: dict[str, Any] = {"game": game_id, "players": players, "board": board}
    if draw(st.booleans()):
        kwargs["pot"] = draw(st.integers(0, 600))
        folded: list[str] = []
    else:
        # Small ranges make equal contributions (and so merged pots) common.
        top = draw(st.sampled_from([8, 40, 300]))
        paid = {name: draw(st.integers(1, top)) for name in live}
        # (the folded sat at the table too: a game seats at most max_players, issue 13)
        folded = list(FOLDED_NAMES[: draw(st.integers(0, min(2, spec.max_players - count)))])
        # A folded player never put in more than the largest live contribution.
        for name in folded:
            paid[name] = draw(st.integers(0, max(paid[n] for n in live)))
        kwargs["contributions"] = paid
    seats = draw(st.permutations([*live, *folded]))
    if draw(st.booleans()):
        kwargs["seats"] = list(seats)
        kwargs["button"] = draw(st.sampled_from(seats))
    elif draw(st.booleans()):
        kwargs["button"] = draw(st.sampled_from([*live, *folded]))
    if spec.declare:
        declare = draw(st.booleans()) if with_declarations is None else with_declarations
        if declare:
            kwargs["declarations"] = {
                name: draw(st.sampled_from(["high", "low", "both"])) for name in live
            }
    return kwargs


# --------------------------------------------------------------------------------------------
# An independent model of the settlement rules (docs/rules.md "Splitting a pot", "Doogie")
# --------------------------------------------------------------------------------------------


def _clockwise(seats: Sequence[str], button: str) -> list[str]:
    at = seats.index(button)
    return [*seats[at + 1 :], *seats[: at + 1]]


def _split(amount: int, winners: Sequence[str], clockwise: Sequence[str]) -> dict[str, int]:
    """Divide evenly; odd chips one at a time from the first seat left of the button."""
    ordered = [name for name in clockwise if name in winners]
    shares = {name: amount // len(ordered) for name in ordered}
    for name in ordered[: amount % len(ordered)]:
        shares[name] += 1
    return shares


def model_pots(
    pot: int | None, contributions: Mapping[str, int] | None, live: Sequence[str]
) -> tuple[list[tuple[int, frozenset[str]]], dict[str, int]]:
    """(pots as (amount, eligible), returned uncalled chips)."""
    if pot is not None:
        return ([(pot, frozenset(live))] if pot else []), {}
    assert contributions is not None
    paid = dict(contributions)
    returned: dict[str, int] = {}
    ranked = sorted(paid.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] > ranked[1]:
        (owner,) = [name for name, chips in paid.items() if chips == ranked[0]]
        returned[owner] = ranked[0] - ranked[1]
        paid[owner] = ranked[1]
    pots: list[tuple[int, frozenset[str]]] = []
    floor = 0
    for level in sorted({chips for chips in paid.values() if chips > 0}):
        layer = sum(max(0, min(chips, level) - floor) for chips in paid.values())
        eligible = frozenset(name for name in live if paid[name] >= level)
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + layer, eligible)
        else:
            pots.append((layer, eligible))
        floor = level
    return pots, returned


def model_payouts(spec: GameSpec, kwargs: Mapping[str, Any]) -> dict[str, int]:
    """What docs/rules.md says each player receives, computed without the engine."""
    players = {name: parse_cards(cards) for name, cards in kwargs["players"].items()}
    board = parse_cards(kwargs.get("board", ()))
    live = list(players)
    contributions = kwargs.get("contributions")
    everyone = list(contributions) if contributions is not None else live
    seats = list(kwargs.get("seats") or [*live, *(n for n in everyone if n not in players)])
    button = kwargs.get("button") or seats[-1]
    clockwise = _clockwise(seats, button)
    declarations = kwargs.get("declarations") or {}
    hands = {
        name: {award.name: award.hand(cards, board) for award in spec.awards}
        for name, cards in players.items()
    }

    def value(name: str, award_name: str) -> int | None:
        award = spec.award(award_name)
        hand = hands[name][award_name]
        return hand.value if award.qualifies(hand) else None

    def wants(name: str, award_name: str) -> bool:
        if not declarations:
            return True
        side = "high" if award_name == spec.high_award else "low"
        return declarations[name] in (side, "both")

    pots, returned = model_pots(kwargs.get("pot"), contributions, live)
    payouts = dict.fromkeys(everyone, 0)
    for name, chips in returned.items():
        payouts[name] += chips
    for amount, eligible in pots:
        # Two-way declarers must win both halves outright (or tie only the best possible hand).
        out = set()
        for name in eligible:
            if declarations.get(name) != "both":
                continue
            for award in spec.awards:
                mine = value(name, award.name)
                rivals = [
                    v
                    for other in eligible
                    if other != name
                    and wants(other, award.name)
                    and (v := value(other, award.name)) is not None
                ]
                beaten = mine is None or any(v > mine for v in rivals)
                tied = any(v == mine for v in rivals) and mine != award.best_possible
                if beaten or tied:
                    out.add(name)
        winners: dict[str, list[str]] = {}
        for award in spec.awards:
            scored = {
                name: v
                for name in eligible
                if name not in out
                and wants(name, award.name)
                and (v := value(name, award.name)) is not None
            }
            if scored:
                best = max(scored.values())
                winners[award.name] = [n for n, v in scored.items() if v == best]
        if not winners:
            # docs/rules.md: among those who did not forfeit the pot; all of them if everyone did.
            splitters = [name for name in eligible if name not in out] or list(eligible)
            for name, chips in _split(amount, splitters, clockwise).items():
                payouts[name] += chips
            continue
        names = list(winners)
        base, odd = divmod(amount, len(names))
        amounts = dict.fromkeys(names, base)
        amounts[spec.high_award if spec.high_award in amounts else names[0]] += odd
        for award_name, award_winners in winners.items():
            for name, chips in _split(amounts[award_name], award_winners, clockwise).items():
                payouts[name] += chips
    return payouts


# --------------------------------------------------------------------------------------------
# Cards: printing and parsing
# --------------------------------------------------------------------------------------------


@FAST
@given(cards_lists)
def test_format_then_parse_round_trips(cards: tuple[Card, ...]) -> None:
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, symbols=True)) == cards


@FAST
@given(cards_lists)
def test_every_fixed_writing_style_parses_to_the_same_cards(cards: tuple[Card, ...]) -> None:
    plain = [str(c) for c in cards]
    styles = [
        "".join(plain),  # "AsKd"
        ",".join(plain),  # "As,Kd"
        ", ".join(plain),
        " ".join(plain).lower(),  # "as kd"
        " ".join(plain).upper(),  # "AS KD"
        " ".join(plain).replace("T", "10"),  # "10d"
        "".join(plain).replace("T", "10"),  # "As10d"
        "".join(c.symbol for c in cards),  # "A♠K♦"
        " ".join(c.rank_char + HOLLOW_SYMBOLS[c.suit] for c in cards),
    ]
    for text in styles:
        assert parse_cards(text) == cards, text
    assert parse_cards(plain) == cards
    assert parse_cards([int(c) for c in cards]) == cards


@MEDIUM
@given(st.data(), cards_lists)
def test_mixed_writing_styles_parse_to_the_same_cards(
    data: st.DataObject, cards: tuple[Card, ...]
) -> None:
    text = data.draw(written_cards(cards))
    assert parse_cards(text) == cards


@FAST
@given(cards_lists)
def test_card_text_round_trips_one_by_one(cards: tuple[Card, ...]) -> None:
    for card in cards:
        assert Card(str(card)) == card
        assert Card(card.symbol) == card
        assert parse_cards(card.rank_char.lower() + card.suit_char.upper()) == (card,)


# --------------------------------------------------------------------------------------------
# Evaluators: card order and suit names never matter; the cards used make the value
# --------------------------------------------------------------------------------------------

Evaluator = Callable[..., Any]
# (evaluator, smallest and largest number of private cards, board sizes or None for no board)
EVALUATORS: dict[str, tuple[Evaluator, int, int, tuple[int, ...] | None]] = {
    "high": (evaluate_high, 5, 10, None),
    "draw_high": (evaluate_draw_high, 5, 5, None),
    "omaha": (evaluate_omaha, 4, 6, (3, 4, 5)),
    "badugi": (evaluate_badugi, 1, 6, None),
    "badugi_aces_high": (evaluate_badugi_aces_high, 1, 6, None),
    "deuce_seven": (evaluate_deuce_seven, 5, 7, None),
    "a5": (evaluate_a5, 5, 7, None),
    "doogie": (evaluate_doogie, 4, 6, (0, 4)),
    "doogie_high": (evaluate_doogie_high, 5, 6, (0, 4)),
}


@st.composite
def evaluator_cases(draw: st.DrawFn) -> tuple[str, tuple[Card, ...], tuple[Card, ...]]:
    name = draw(st.sampled_from(sorted(EVALUATORS)))
    _, low, high, boards = EVALUATORS[name]
    count = draw(st.integers(low, high))
    board_count = draw(st.sampled_from(boards)) if boards else 0
    deck = draw(st.permutations(range(52)))
    hole = tuple(Card(c) for c in deck[:count])
    board = tuple(Card(c) for c in deck[count : count + board_count])
    return name, hole, board


def _evaluate(name: str, hole: Sequence[Card], board: Sequence[Card]) -> Any:
    evaluator, _, _, boards = EVALUATORS[name]
    return evaluator(hole, board) if boards else evaluator(hole)


@MEDIUM
@given(evaluator_cases(), st.randoms(use_true_random=False), suit_permutations)
def test_evaluators_ignore_card_order_and_suit_names(
    case: tuple[str, tuple[Card, ...], tuple[Card, ...]], rng: Any, sigma: tuple[int, ...]
) -> None:
    name, hole, board = case
    hand = _evaluate(name, hole, board)
    shuffled_hole, shuffled_board = list(hole), list(board)
    rng.shuffle(shuffled_hole)
    rng.shuffle(shuffled_board)
    again = _evaluate(name, shuffled_hole, shuffled_board)
    relabelled = _evaluate(name, relabel(hole, sigma), relabel(board, sigma))
    if hand is None:
        assert again is None
        assert relabelled is None
        return
    assert again.value == hand.value
    assert again.describe() == hand.describe()
    assert relabelled.value == hand.value
    assert relabelled.describe() == hand.describe()


@MEDIUM
@given(evaluator_cases())
def test_the_cards_used_make_the_hand(case: tuple[str, tuple[Card, ...], tuple[Card, ...]]):
    name, hole, board = case
    hand = _evaluate(name, hole, board)
    if hand is None:
        return
    used = hand.cards
    assert len(set(used)) == len(used)
    assert hand.describe()
    if name == "omaha":
        assert len(used) == 5
        assert set(used[:2]) <= set(hole)
        assert set(used[2:]) <= set(board)
        assert high_value_5(used) == hand.value
        return
    assert set(used) <= {*hole, *board}
    if name in ("doogie", "badugi", "badugi_aces_high"):
        assert len({c.suit for c in used}) == len(used)
        assert len({c.rank for c in used}) == len(used)
        if name == "doogie":
            assert len(used) == 4
    elif name == "doogie_high" and len(used) == 4:
        assert {c.rank for c in used} == {12, 0, 1, 2}  # the perfect doogie, A-2-3-4
        return
    else:
        assert len(used) == 5
    assert _evaluate(name, used, ()).value == hand.value


# --------------------------------------------------------------------------------------------
# Every game: card order and suit names never change evaluations or settlements
# --------------------------------------------------------------------------------------------


def _summary(result: ShowdownResult) -> tuple[Any, ...]:
    """Everything about a settlement except which (equivalent) cards are shown."""
    pots = tuple(
        (
            pot.amount,
            pot.eligible,
            tuple((a.name, a.amount, a.winners, dict(a.shares)) for a in pot.awards),
            dict(pot.shares),
            dict(pot.disqualified),
        )
        for pot in result.pots
    )
    hands = {
        name: {award: (h.value if h else None) for award, h in by_award.items()}
        for name, by_award in result.hands.items()
    }
    return result.payouts, pots, dict(result.returned), hands


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_card_order_never_changes_evaluation_or_settlement(
    game_id: str, data: st.DataObject
) -> None:
    kwargs = data.draw(showdowns(st.just(game_id)))
    spec = GAMES[game_id]
    rng = data.draw(st.randoms(use_true_random=False))
    shuffled = dict(kwargs)
    shuffled["players"] = {
        name: tuple(rng.sample(cards, len(cards))) for name, cards in kwargs["players"].items()
    }
    shuffled["board"] = tuple(rng.sample(kwargs["board"], len(kwargs["board"])))
    for name, cards in kwargs["players"].items():
        for award in spec.awards:
            hand = award.hand(cards, kwargs["board"])
            again = award.hand(shuffled["players"][name], shuffled["board"])
            assert (hand and hand.value) == (again and again.value), (name, award.name)
    assert _summary(settle(**shuffled)) == _summary(settle(**kwargs))


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=25, deadline=None)
@given(data=st.data(), sigma=suit_permutations)
def test_suit_names_never_change_the_payouts(
    game_id: str, data: st.DataObject, sigma: tuple[int, ...]
) -> None:
    kwargs = data.draw(showdowns(st.just(game_id)))
    renamed = dict(kwargs)
    renamed["players"] = {name: relabel(cards, sigma) for name, cards in kwargs["players"].items()}
    renamed["board"] = relabel(kwargs["board"], sigma)
    assert _summary(settle(**renamed)) == _summary(settle(**kwargs))


# --------------------------------------------------------------------------------------------
# Chips are conserved; folded players get only their uncalled chips; the model agrees
# --------------------------------------------------------------------------------------------


def check_conservation(kwargs: Mapping[str, Any], result: ShowdownResult) -> None:
    contributions = kwargs.get("contributions")
    live = set(kwargs["players"])
    total = sum(contributions.values()) if contributions is not None else kwargs["pot"]
    payouts = result.payouts
    assert sum(payouts.values()) == total
    assert all(chips >= 0 for chips in payouts.values()), payouts
    assert sum(pot.amount for pot in result.pots) + sum(result.returned.values()) == total
    if contributions is not None:
        assert set(payouts) == set(contributions)
        for name in set(contributions) - live:
            assert payouts[name] == result.returned.get(name, 0), name
        # Uncalled chips: only the one largest contribution, down to the second largest.
        ranked = sorted(contributions.values(), reverse=True)
        assert sum(result.returned.values()) == ranked[0] - ranked[1]
        for name, chips in result.returned.items():
            assert contributions[name] == ranked[0]
            assert chips > 0
        matched = {n: c - result.returned.get(n, 0) for n, c in contributions.items()}
        # Whatever a live player may win is what everyone matched of their own stake.
        for name in live:
            reachable = sum(pot.amount for pot in result.pots if name in pot.eligible)
            assert reachable == sum(min(c, matched[name]) for c in matched.values()), name
    else:
        assert set(payouts) == live
        assert not result.returned
    for pot in result.pots:
        assert pot.amount > 0
        assert set(pot.eligible) <= live
        assert sum(pot.shares.values()) == pot.amount
        assert set(pot.shares) <= set(pot.eligible)
        for award in pot.awards:
            assert sum(award.shares.values()) == award.amount
            assert set(award.shares) == set(award.winners)
            assert set(award.winners) <= set(pot.eligible)
        claimed = [award for award in pot.awards if award.winners]
        if claimed:
            assert sum(award.amount for award in pot.awards) == pot.amount
            for name, chips in pot.shares.items():
                assert chips == sum(award.shares.get(name, 0) for award in pot.awards)
        else:
            # No award can be given: split evenly among the pot's players who did not forfeit
            # it by a failed two-way declaration; among all of them if every one did.
            keep = set(pot.eligible) - set(pot.disqualified) or set(pot.eligible)
            assert set(pot.shares) == keep
            assert max(pot.shares.values()) - min(pot.shares.values()) <= 1
    from_pots = sum(chips for pot in result.pots for chips in pot.shares.values())
    assert from_pots + sum(result.returned.values()) == sum(payouts.values())


def check_refuse_rule(kwargs: Mapping[str, Any], result: ShowdownResult) -> None:
    """``refuse`` fails exactly when the default rule had to place an odd chip."""
    had_odd_chips = any(pot.odd_chips for pot in result.pots)
    if had_odd_chips:
        with pytest.raises(OddChipError):
            settle(**kwargs, odd_chip="refuse")
    else:
        refused = settle(**kwargs, odd_chip="refuse")
        assert _summary(refused) == _summary(result)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(showdowns())
def test_every_showdown_conserves_chips(kwargs: dict[str, Any]) -> None:
    result = settle(**kwargs)
    check_conservation(kwargs, result)
    check_refuse_rule(kwargs, result)


def check_model(kwargs: Mapping[str, Any], result: ShowdownResult) -> None:
    """The payouts are the model's. The model places a tied award's odd chips from the
    button; stud has no button and gives them to the highest card by suit of the hands used
    (tests/test_stud.py), which the model would have to take from the evaluators' cards-used
    form: such showdowns are left out."""
    spec = GAMES[kwargs["game"]]
    by_card = [c for pot in result.pots for c in pot.odd_chips if "highest card" in c.reason]
    assume(spec.stud is None or not by_card)
    assert result.payouts == model_payouts(spec, kwargs)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(showdowns())
def test_settlement_agrees_with_a_model_of_the_rules(kwargs: dict[str, Any]) -> None:
    check_model(kwargs, settle(**kwargs))


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(showdowns())
def test_every_showdown_conserves_chips_and_follows_the_rules_slow(
    kwargs: dict[str, Any],
) -> None:
    result = settle(**kwargs)
    check_conservation(kwargs, result)
    check_refuse_rule(kwargs, result)
    check_model(kwargs, result)


# --------------------------------------------------------------------------------------------
# A tie divides only its own award
# --------------------------------------------------------------------------------------------

# (stud's odd chip goes by the highest card, not from the button: tests/test_stud.py)
TWO_AWARD_GAMES = tuple(
    g
    for g in GAME_IDS
    if len(GAMES[g].awards) == 2 and not GAMES[g].declare and GAMES[g].stud is None
)


@st.composite
def one_award_tied(draw: st.DrawFn) -> dict[str, Any]:
    """Two players who tie one award and not the other.

    Either B holds A's ranks in other suits (and the board, if any, has at most two cards of
    a suit, so no Omaha flush is possible: the Omaha half, A-5 half... tie on ranks alone), or
    B holds A's cards with the suits renamed (Badugi halves tie on structure alone).
    """
    game_id = draw(st.sampled_from(TWO_AWARD_GAMES))
    spec = GAMES[game_id]
    count = spec.hole_cards
    if draw(st.booleans()):
        if draw(st.booleans()):  # A holds a flush
            ranks = draw(st.lists(st.integers(0, 12), min_size=count, max_size=count, unique=True))
            suit = draw(st.integers(0, 3))
            a_cards = [Card(r * 4 + suit) for r in ranks]
        else:
            a_cards = list(
                draw(
                    st.lists(st.integers(0, 51), min_size=count, max_size=count, unique=True).map(
                        lambda xs: [Card(x) for x in xs]
                    )
                )
            )
        ranks = [c.rank for c in a_cards]
        assume(all(ranks.count(r) <= 2 for r in ranks))
        b_cards = []
        for card in a_cards:
            taken = {c for c in (*a_cards, *b_cards)}
            free = [Card(card.rank * 4 + s) for s in range(4)]
            free = [c for c in free if c not in taken]
            b_cards.append(draw(st.sampled_from(free)))
        rest = [Card(c) for c in range(52) if c not in {*a_cards, *b_cards}]
        board: list[Card] = []
        order = draw(st.permutations(rest))
        for card in order:
            if len(board) == spec.board_cards:
                break
            if sum(c.suit == card.suit for c in board) < 2:
                board.append(card)
    else:
        sigma = draw(suit_permutations)
        a_cards = draw(
            st.lists(st.integers(0, 51), min_size=count, max_size=count, unique=True).map(
                lambda xs: [Card(x) for x in xs]
            )
        )
        b_cards = list(relabel(a_cards, sigma))
        assume(not set(a_cards) & set(b_cards))
        rest = [c for c in range(52) if c not in {*a_cards, *b_cards}]
        board = [Card(c) for c in draw(st.permutations(rest))[: spec.board_cards]]
    return {
        "game": game_id,
        "players": {"A": tuple(a_cards), "B": tuple(b_cards)},
        "board": tuple(board),
        "pot": draw(st.integers(1, 1001)),
        "button": draw(st.sampled_from(["A", "B"])),
    }


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(one_award_tied())
def test_a_tie_divides_only_its_own_award(kwargs: dict[str, Any]) -> None:
    spec = GAMES[kwargs["game"]]
    a, b = kwargs["players"]["A"], kwargs["players"]["B"]
    hands = {award.name: (award.hand(a, kwargs["board"]), award.hand(b, kwargs["board"]))
             for award in spec.awards}  # fmt: skip
    # an award some hand cannot make (an Omaha low of nine or worse) is not this property's case
    assume(all(x is not None and y is not None for x, y in hands.values()))
    values = {name: (x.value, y.value) for name, (x, y) in hands.items()}  # type: ignore[union-attr]
    tied = [name for name, (x, y) in values.items() if x == y]
    assume(len(tied) == 1)
    (tied_award,) = tied
    (won_award,) = [name for name in values if name != tied_award]
    x, y = values[won_award]
    winner, loser = ("A", "B") if x > y else ("B", "A")

    pot = kwargs["pot"]
    amounts = dict.fromkeys(spec.award_names, pot // 2)
    amounts[spec.high_award] += pot % 2
    first_left = "B" if kwargs["button"] == "A" else "A"
    tied_shares = dict.fromkeys(("A", "B"), amounts[tied_award] // 2)
    tied_shares[first_left] += amounts[tied_award] % 2

    result = settle(**kwargs)
    (pot_result,) = result.pots
    by_name = {award.name: award for award in pot_result.awards}
    assert by_name[won_award].winners == (winner,)
    assert dict(by_name[won_award].shares) == {winner: amounts[won_award]}
    assert set(by_name[tied_award].winners) == {"A", "B"}
    assert dict(by_name[tied_award].shares) == tied_shares
    assert result.payouts[winner] == amounts[won_award] + tied_shares[winner]
    assert result.payouts[loser] == tied_shares[loser]


# --------------------------------------------------------------------------------------------
# Doogie: declarations
# --------------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(showdowns(st.just("doogie"), with_declarations=True))
def test_doogie_declarations_conserve_chips_and_pay_only_what_was_declared(
    kwargs: dict[str, Any],
) -> None:
    spec = GAMES["doogie"]
    declarations = kwargs["declarations"]
    result = settle(**kwargs)
    check_conservation(kwargs, result)
    assert result.payouts == model_payouts(spec, kwargs)
    for pot in result.pots:
        claimed = [award for award in pot.awards if award.winners]
        for award in pot.awards:
            side = "high" if award.name == spec.high_award else "low"
            for name in award.winners:
                assert declarations[name] in (side, "both"), (name, award.name)
                assert name not in pot.disqualified
        if not claimed:
            # "If neither half can be awarded, the pot is split evenly among the players still
            # in the hand who have not forfeited it" (all of them if everyone did).
            keep = set(pot.eligible) - set(pot.disqualified) or set(pot.eligible)
            assert set(pot.shares) == keep
            continue
        for name, chips in pot.shares.items():
            if not chips:
                continue
            won = [a for a in pot.awards if name in a.winners]
            assert won, (name, pot)
            if declarations[name] == "both":
                # A two-way declarer who is paid won both halves, outright or tied only
                # with the best possible hand.
                assert len(won) == 2
                for award in won:
                    best = spec.award(award.name).best_possible
                    hand = result.hands[name][award.name]
                    assert hand is not None
                    assert award.winners == (name,) or hand.value == best


# --------------------------------------------------------------------------------------------
# Every settlement can be printed and serialised
# --------------------------------------------------------------------------------------------


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(showdowns(), st.booleans())
def test_every_settlement_renders_as_text_and_json(kwargs: dict[str, Any], symbols: bool) -> None:
    result = settle(**kwargs)
    text = render(result, symbols=symbols)
    assert "Totals" in text
    data = json.loads(json.dumps(result.to_json()))
    assert data["payouts"] == result.payouts
    assert [pot["amount"] for pot in data["pots"]] == [pot.amount for pot in result.pots]
    assert set(data["hands"]) == set(kwargs["players"])


# --------------------------------------------------------------------------------------------
# The deck
# --------------------------------------------------------------------------------------------


@FAST
@given(st.integers(0, 2**32), cards_lists)
def test_decks_deal_every_card_once_and_replay(seed: int, stacked: tuple[Card, ...]) -> None:
    dealt = Deck(random.Random(seed)).deal(52)
    assert sorted(dealt) == list(range(52))
    assert Deck(random.Random(seed)).deal(52) == dealt
    deck = Deck(stacked=stacked)
    assert len(deck) == len(stacked)
    assert deck.deal(len(stacked)) == stacked
