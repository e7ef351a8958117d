"""The seeds' worked showdowns, each with the seed's answer: one list of data, read by the
showdown lab (its presets) and by the known-answer tests, so that they cannot drift apart.

Cards are written as the seeds write them (``A♠A♥K♦``); ``expected`` is the seed's answer, never
computed here: the payouts, each award's winners, and where the seed states them the hands in
words and the cards used; or, for a showdown the rules refuse, text its error message contains.

Sources: seeds/002 (the Drawmaha lesson: its answer key, self-check and odd chips), seeds/000
(Bodigiha), seeds/001 (Badugi), seeds/004 (Doogie); for the lowball draw games of docs/rules.md
"The mixed-game menu", the lowball rulebooks each case names (there a case's "seed's answer"
is the rulebook's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

__all__ = ["CASES", "Expected", "WorkedCase", "find_case"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Expected:
    """A seed's answer to a worked showdown."""

    payouts: Mapping[str, int] = field(default_factory=dict)  # name -> chips received
    winners: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # award -> names
    hands: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # name, award -> words
    cards: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # name, award -> used
    error: str | None = None  # the showdown is refused with a message containing this


@dataclass(frozen=True, slots=True, kw_only=True)
class WorkedCase:
    """One worked showdown: the game, the final cards, the chips and the seed's answer."""

    id: str
    title: str
    game: str
    board: str
    players: Mapping[str, str]  # in seat order; the last seat is the button
    expected: Expected
    source: str
    explanation: str
    pot: int | None = None
    contributions: Mapping[str, int] | None = None
    declarations: Mapping[str, str] | None = None
    odd_chip: str | None = None
    answer_key: bool = False  # one of the four cases of the Drawmaha answer key


_DRAWMAHA = "seeds/002 (Drawmaha)"

_SEED_CASES: Final[tuple[WorkedCase, ...]] = (
    # seeds/002, "Answer key you can use without JavaScript": the four cases, in order.
    WorkedCase(
        id="drawmaha-different-winners",
        title="Drawmaha: different winners, 60 chips each",
        game="drawmaha",
        board="A♣K♥7♣6♦2♥",
        players={"A": "A♠A♥K♦Q♣8♠", "B": "9♠9♥9♦4♠3♦"},
        pot=120,
        source=f"{_DRAWMAHA}, answer key",
        answer_key=True,
        explanation="A wins Omaha with three aces using A♠ A♥ + A♣ K♥ 7♣. B wins draw with "
        "three nines against A's pair of aces. Each receives 60 of 120 chips.",
        expected=Expected(
            payouts={"A": 60, "B": 60},
            winners={"omaha": ("A",), "draw": ("B",)},
            hands={
                "A": {"omaha": "Three aces", "draw": "Pair of aces"},
                "B": {"omaha": "Pair of nines", "draw": "Three nines"},
            },
            cards={"A": {"omaha": "A♠A♥A♣K♥7♣"}},
        ),
    ),
    WorkedCase(
        id="drawmaha-scoop",
        title="Drawmaha: A scoops, 120 chips to A",
        game="drawmaha",
        board="A♣K♥7♠4♣2♥",
        players={"A": "A♠A♥A♦K♠K♦", "B": "Q♠Q♥J♦10♣8♦"},
        pot=120,
        source=f"{_DRAWMAHA}, answer key",
        answer_key=True,
        explanation="A wins draw with aces full of kings. In Omaha, A uses A♠ A♥ + A♣ K♥ 7♠ "
        "for three aces; B has only a pair of queens. A takes both 60-chip halves. The private "
        "full house itself is not a legal Omaha combination.",
        expected=Expected(
            payouts={"A": 120, "B": 0},
            winners={"omaha": ("A",), "draw": ("A",)},
            hands={
                "A": {"omaha": "Three aces", "draw": "Aces full of kings"},
                "B": {"omaha": "Pair of queens"},
            },
            cards={"A": {"omaha": "A♠A♥A♣K♥7♠"}},
        ),
    ),
    WorkedCase(
        id="drawmaha-three-quarters",
        title="Drawmaha: A wins three quarters, 90 chips to A, 30 to B",
        game="drawmaha",
        board="A♣K♠Q♦7♥2♣",
        players={"A": "A♠K♥Q♣J♦9♠", "B": "A♥K♦Q♥J♠8♣"},
        pot=120,
        source=f"{_DRAWMAHA}, answer key",
        answer_key=True,
        explanation="For Omaha, each uses an ace and king from hand plus A♣ K♠ Q♦ from the "
        "board: aces and kings with a queen kicker, 30 each. A-K-Q-J-9 beats A-K-Q-J-8 for the "
        "60-chip draw half. A receives 90 in total.",
        expected=Expected(
            payouts={"A": 90, "B": 30},
            winners={"omaha": ("A", "B"), "draw": ("A",)},
            hands={
                "A": {"omaha": "Two pair, aces and kings", "draw": "A-K-Q-J-9 high"},
                "B": {"omaha": "Two pair, aces and kings", "draw": "A-K-Q-J-8 high"},
            },
        ),
    ),
    WorkedCase(
        id="drawmaha-royal-board",
        title="Drawmaha: royal-flush board trap, the board does not play",
        game="drawmaha",
        board="A♥K♥Q♥J♥10♥",
        players={"A": "2♣2♦3♥4♥6♣", "B": "A♠A♦7♥8♦9♣"},
        pot=120,
        source=f"{_DRAWMAHA}, answer key",
        answer_key=True,
        explanation="A makes an ace-high Omaha flush with 3♥ 4♥ + A♥ K♥ Q♥. B's best Omaha "
        "hand is a queen-high straight using 8♦ 9♣ + Q♥ J♥ 10♥. A wins Omaha; B's private pair "
        "of aces beats A's pair of twos, so B wins draw. They receive 60 each.",
        expected=Expected(
            payouts={"A": 60, "B": 60},
            winners={"omaha": ("A",), "draw": ("B",)},
            hands={
                "A": {"omaha": "Ace-high flush", "draw": "Pair of twos"},
                "B": {"omaha": "Queen-high straight", "draw": "Pair of aces"},
            },
            cards={"A": {"omaha": "3♥4♥A♥K♥Q♥"}, "B": {"omaha": "8♦9♣Q♥J♥10♥"}},
        ),
    ),
    WorkedCase(
        id="drawmaha-self-check-200",
        title="Drawmaha self-check: the three-quarter preset with a pot of 200",
        game="drawmaha",
        board="A♣K♠Q♦7♥2♣",
        players={"A": "A♠K♥Q♣J♦9♠", "B": "A♥K♦Q♥J♠8♣"},
        pot=200,
        source=f"{_DRAWMAHA}, final self-check",
        explanation="The tied Omaha half gives each player 50; A then wins the 100-chip draw "
        "half. The totals must be A 150 and B 50.",
        expected=Expected(
            payouts={"A": 150, "B": 50}, winners={"omaha": ("A", "B"), "draw": ("A",)}
        ),
    ),
    WorkedCase(
        id="drawmaha-refuse-121",
        title="Drawmaha: the calculator refuses 121 chips",
        game="drawmaha",
        board="A♣K♠Q♦7♥2♣",
        players={"A": "A♠K♥Q♣J♦9♠", "B": "A♥K♦Q♥J♠8♣"},
        pot=121,
        odd_chip="refuse",
        source=f"{_DRAWMAHA}, odd chips",
        explanation="The seed's calculator deliberately refuses 121 chips: the odd-chip rule "
        "'refuse' rejects a pot that does not divide evenly. Switch the rule to high-award to "
        "see where the odd chip goes (docs/rules.md: Drawmaha's draw half).",
        expected=Expected(error="121"),
    ),
    # seeds/000: "half of each pot goes to the best Badugi ... half to the best Omaha hand".
    WorkedCase(
        id="bodigiha-halves",
        title="Bodigiha: the best Badugi takes one half, a set takes Omaha",
        game="bodigiha",
        board="9♦5♥Q♠J♣2♠",
        players={"A": "A♠2♥3♦4♣K♣", "B": "9♠9♥Q♦Q♣7♠"},
        pot=100,
        source="seeds/000 (Bodigiha)",
        explanation="The best Badugi is A-2-3-4 with four different suits, made from the hole "
        "cards alone. The Omaha half needs exactly two hole cards and three board cards: B's "
        "Q♦ Q♣ + Q♠ J♣ 9♦ make three queens. Each wins one half: 50 chips each.",
        expected=Expected(
            payouts={"A": 50, "B": 50},
            winners={"badugi": ("A",), "omaha": ("B",)},
            hands={"A": {"badugi": "4-3-2-A badugi"}, "B": {"omaha": "Three queens"}},
        ),
    ),
    # seeds/001: the hand-ranking examples (A-2-3-4 badugi; 5-5-4-A; 5d-4d-2d-As).
    WorkedCase(
        id="badugi-hand-sizes",
        title="Badugi: a four-card badugi beats three-card and two-card hands",
        game="badugi",
        board="",
        players={"A": "5♠5♥4♣A♦", "B": "5♦4♦2♦A♠", "C": "A♣2♥3♦4♠"},
        pot=90,
        source="seeds/001 (Badugi)",
        explanation="5-5-4-A plays as the three-card hand 5-4-A; 5d-4d-2d-As plays as the "
        "two-card hand 2d-As; 4-3-2-A of four suits is the best Badugi and takes the pot.",
        expected=Expected(
            payouts={"A": 0, "B": 0, "C": 90},
            winners={"badugi": ("C",)},
            hands={
                "A": {"badugi": "5-4-A three-card hand"},
                "B": {"badugi": "2-A two-card hand"},
                "C": {"badugi": "4-3-2-A badugi"},
            },
            cards={"B": {"badugi": "2♦A♠"}},
        ),
    ),
    # seeds/004: qualifiers, declarations, and the perfect doogie.
    WorkedCase(
        id="doogie-declarations",
        title="Doogie: each half among the players who declared it",
        game="doogie",
        board="K♥K♠2♣9♦",
        players={"A": "K♣K♦9♠8♥5♦6♦", "B": "A♣3♦5♥7♠10♣J♦", "C": "Q♣Q♦Q♥J♠10♦8♣"},
        pot=90,
        declarations={"A": "high", "B": "low", "C": "high"},
        source="seeds/004 (Doogie)",
        explanation="High needs a full house or better, low a 7 doogie or better, each among "
        "the players who declared that way. A's four kings beat C's full house for high; B's "
        "7 doogie wins low: 45 each.",
        expected=Expected(
            payouts={"A": 45, "B": 45, "C": 0},
            winners={"high": ("A",), "low": ("B",)},
            hands={"A": {"high": "Four kings"}, "B": {"low": "7 doogie"}},
        ),
    ),
    WorkedCase(
        id="doogie-perfect",
        title="Doogie: the perfect doogie wins both high and low",
        game="doogie",
        board="K♥K♠Q♣Q♦",
        players={"A": "A♣2♦3♥4♠K♣K♦", "B": "Q♥Q♠9♣8♦7♥6♠"},
        pot=100,
        declarations={"A": "both", "B": "high"},
        source="seeds/004 (Doogie)",
        explanation="The perfect doogie is A-2-3-4 in four different suits; a player holding "
        "it wins both high and low, even against four queens.",
        expected=Expected(
            payouts={"A": 100, "B": 0},
            winners={"high": ("A",), "low": ("A",)},
            hands={"A": {"high": "Perfect doogie (A-2-3-4)", "low": "4 doogie"}},
        ),
    ),
)


# docs/rules.md "The mixed-game menu": the lowball draw games, each case a rulebook's clause.
_DEUCE_SEVEN = (
    "Deuce-to-seven low (fact-index.com/d/de/deuce_to_seven_low.html, the encyclopedia "
    "article): straights and flushes count, aces are high, A-5-4-3-2 is ace-high"
)
_STARS_27 = (
    "PokerStars, Deuce to Seven Single Draw rules (pokerstars.it/en/poker/games/draw/2-7/single): "
    "the best hand is 7-5-4-3-2 avoiding a flush; the lowest pair wins"
)
_ACE_FIVE = (
    "Robert's Rules of Poker, Ace-to-Five Lowball (the best hand is any 5-4-3-2-A; straights "
    "and flushes do not count), with the examples of the Ace-to-five low article "
    "(thegambledoctor.com/Online-Gambling-Resources/ace-to-five-low.htm)"
)

LOWBALL_CASES: Final[tuple[WorkedCase, ...]] = (
    WorkedCase(
        id="27-triple-draw-number-one",
        title="2-7 Triple Draw: 7-5-4-3-2 is the best hand; a straight and the wheel are not",
        game="27-triple-draw",
        board="",
        players={"A": "7♠5♦4♥3♣2♠", "B": "7♦6♣5♠4♣3♦", "C": "A♥5♣4♦3♠2♥"},
        pot=90,
        source=_DEUCE_SEVEN,
        explanation="7-5-4-3-2 of more than one suit is the best 2-7 hand. 7-6-5-4-3 is a "
        "straight, which counts against it, and A-5-4-3-2 is not a straight but an ace-high "
        "hand. A takes the whole pot.",
        expected=Expected(
            payouts={"A": 90, "B": 0, "C": 0},
            winners={"27": ("A",)},
            hands={
                "A": {"27": "7-5-4-3-2 low"},
                "B": {"27": "Seven-high straight"},
                "C": {"27": "A-5-4-3-2 low"},
            },
        ),
    ),
    WorkedCase(
        id="27-triple-draw-eight-beats-nine",
        title="2-7 Triple Draw: compare the highest card first; an eight beats a nine",
        game="27-triple-draw",
        board="",
        players={"A": "8♠5♦4♥3♣2♠", "B": "9♦7♣6♠4♣3♦", "C": "K♥8♣5♥4♦3♥"},
        pot=90,
        source=_DEUCE_SEVEN,
        explanation="No-pair hands compare their highest card first and the lower wins: "
        "8-5-4-3-2 beats 9-7-6-4-3, and both beat K-8-5-4-3. A takes the pot.",
        expected=Expected(
            payouts={"A": 90, "B": 0, "C": 0},
            winners={"27": ("A",)},
            hands={"A": {"27": "8-5-4-3-2 low"}, "B": {"27": "9-7-6-4-3 low"}},
        ),
    ),
    WorkedCase(
        id="27-triple-draw-ace-is-high",
        title="2-7 Triple Draw: the ace is high, so a king-high hand beats A-5-4-3-2",
        game="27-triple-draw",
        board="",
        players={"A": "A♠5♦4♥3♣2♠", "B": "A♦6♣4♠3♦2♦", "C": "K♥8♣5♥4♦3♥"},
        pot=90,
        source=_DEUCE_SEVEN,
        explanation="A-5-4-3-2 is simply ace-high: it loses to any king-high hand such as "
        "K-8-5-4-3, though it beats A-6-4-3-2. C takes the pot.",
        expected=Expected(
            payouts={"A": 0, "B": 0, "C": 90},
            winners={"27": ("C",)},
            hands={"A": {"27": "A-5-4-3-2 low"}, "C": {"27": "K-8-5-4-3 low"}},
        ),
    ),
    WorkedCase(
        id="a5-triple-draw-straights-ignored",
        title="A-5 Triple Draw: aces low, straights ignored; 7-6-5-4-3 beats two eights",
        game="a5-triple-draw",
        board="",
        players={"A": "8♠5♦4♥3♣A♠", "B": "8♦5♣4♠3♥2♦", "C": "7♥6♣5♥4♦3♠"},
        pot=90,
        source=_ACE_FIVE,
        explanation="Aces are low, so 8-5-4-3-A beats 8-5-4-3-2; straights do not count, so "
        "7-6-5-4-3 is a seven-high hand and beats both. C takes the pot.",
        expected=Expected(
            payouts={"A": 0, "B": 0, "C": 90},
            winners={"a5": ("C",)},
            hands={
                "A": {"a5": "8-5-4-3-A low"},
                "B": {"a5": "8-5-4-3-2 low"},
                "C": {"a5": "7-6-5-4-3 low"},
            },
        ),
    ),
    WorkedCase(
        id="a5-triple-draw-no-pair-beats-a-pair",
        title="A-5 Triple Draw: any no-pair hand beats a pair; aces are the lowest pair",
        game="a5-triple-draw",
        board="",
        players={"A": "A♥A♣9♠5♠3♥", "B": "2♠2♥5♥4♣3♦", "C": "K♥J♦8♣6♦4♠"},
        pot=90,
        source=_ACE_FIVE,
        explanation="A pair of aces beats a pair of deuces (aces are low), but any hand "
        "without a pair, even K-J-8-6-4, beats both. C takes the pot.",
        expected=Expected(
            payouts={"A": 0, "B": 0, "C": 90},
            winners={"a5": ("C",)},
            hands={"A": {"a5": "Pair of aces"}, "B": {"a5": "Pair of twos"}},
        ),
    ),
    WorkedCase(
        id="a5-triple-draw-paired-kickers",
        title="A-5 Triple Draw: equal pairs compare their kickers, lower wins",
        game="a5-triple-draw",
        board="",
        players={"A": "3♠3♦6♥4♣2♠", "B": "3♥3♣6♦5♠A♦"},
        pot=90,
        source=_ACE_FIVE,
        explanation="When pairs tie, the kickers decide as in high poker, reversed: 3-3-6-4-2 "
        "beats 3-3-6-5-A (the 4 is lower than the 5). A takes the pot.",
        expected=Expected(
            payouts={"A": 90, "B": 0},
            winners={"a5": ("A",)},
            hands={"A": {"a5": "Pair of threes"}, "B": {"a5": "Pair of threes"}},
        ),
    ),
    WorkedCase(
        id="27-single-draw-flush-counts",
        title="2-7 Single Draw: a seven-high flush loses to a nine-high hand",
        game="27-single-draw",
        board="",
        players={"A": "7♥6♥4♥3♥2♥", "B": "9♦8♣6♠4♣3♦"},
        pot=90,
        source=_STARS_27,
        explanation="The best hand is 7-5-4-3-2 avoiding a flush: five hearts are a flush, "
        "which counts as a high hand, so B's 9-8-6-4-3 takes the pot.",
        expected=Expected(
            payouts={"A": 0, "B": 90},
            winners={"27": ("B",)},
            hands={"A": {"27": "Seven-high flush"}, "B": {"27": "9-8-6-4-3 low"}},
        ),
    ),
    WorkedCase(
        id="27-single-draw-paired-kickers",
        title="2-7 Single Draw: equal pairs compare their kickers, lower wins",
        game="27-single-draw",
        board="",
        players={"A": "3♠3♦6♥4♣2♠", "B": "3♥3♣6♦5♠2♦"},
        pot=90,
        source=_DEUCE_SEVEN,
        explanation="In the rare event that pairs tie, the kickers decide, reversed: "
        "3-3-6-4-2 beats 3-3-6-5-2. A takes the pot.",
        expected=Expected(
            payouts={"A": 90, "B": 0},
            winners={"27": ("A",)},
            hands={"A": {"27": "Pair of threes"}, "B": {"27": "Pair of threes"}},
        ),
    ),
    WorkedCase(
        id="27-single-draw-tie-splits",
        title="2-7 Single Draw: two number ones split; the odd chip left of the button",
        game="27-single-draw",
        board="",
        players={"A": "7♠5♦4♥3♣2♠", "B": "7♦5♣4♠3♦2♥"},
        pot=91,
        source=f'{_STARS_27}; docs/rules.md "Splitting a pot" (TDA 20)',
        explanation="Suits never break a tie: both hold 7-5-4-3-2 and split the pot. The odd "
        "chip goes to the first seat clockwise from the button (B is the button), so A gets "
        "46 and B 45.",
        expected=Expected(
            payouts={"A": 46, "B": 45},
            winners={"27": ("A", "B")},
            hands={"A": {"27": "7-5-4-3-2 low"}, "B": {"27": "7-5-4-3-2 low"}},
        ),
    ),
)

CASES: Final[tuple[WorkedCase, ...]] = _SEED_CASES + LOWBALL_CASES


def find_case(case_id: str) -> WorkedCase:
    """The worked case with this id."""
    for case in CASES:
        if case.id == case_id:
            return case
    raise KeyError(f"no worked case {case_id!r}")
