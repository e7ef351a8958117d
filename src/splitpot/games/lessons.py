"""What a rules page says in words, per game: a summary, common mistakes, a short FAQ.

Everything the engine knows (cards, board, draws, betting, awards, qualifiers, the split) is
*not* here: :mod:`splitpot.learn` derives it from each :class:`~splitpot.games.GameSpec`, so a
page cannot disagree with the game. This module holds only the words a person wrote, keyed by
game id, in our own words from docs/rules.md and the rules sources in ``shared/rules/seeds``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from splitpot.games.spec import GameSpec

__all__ = ["LESSONS", "Lesson", "lesson_for"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Lesson:
    """A game's page text: ``also_called`` maps an award name to the other names it goes by;
    ``compare`` pairs a related game's id with a sentence on how the two differ."""

    summary: str
    mistakes: tuple[str, ...]
    faq: tuple[tuple[str, str], ...]
    also_called: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    compare: tuple[tuple[str, str], ...] = ()
    sources: tuple[str, ...] = ("docs/rules.md",)


_STUD_SOURCES: Final = ("docs/rules.md", "Robert's Rules of Poker (seven-card stud, razz)")
_STUD_MISTAKES: Final = (
    "Acting by position: there is no button order in stud; the bring-in opens third street "
    "and the best showing hand opens every later street.",
    "Folding the bring-in: the player with the bring-in card must post it or complete.",
    "Forgetting the common card: with eight players a full deck may run short on seventh "
    "street, and one card dealt face up in the centre is everyone's seventh card.",
)
_STUD_FAQ: Final = (
    (
        "Who brings in?",
        "In stud and Stud Hi-Lo 8 the lowest up card, aces high; in razz and Razzdugi the "
        "highest, aces low. Equal ranks go by suit: clubs lowest, then diamonds, hearts and "
        "spades. The bring-in posts less than the small bet, or completes to it.",
    ),
    (
        "Who gets an odd chip?",
        "A split pot's odd chip goes to the high half (Razzdugi: the razz half); between tied "
        "hands, to the player with the highest card by suit.",
    ),
)
_BADUGI_FAQ: Final = (
    "How do I read a Badugi hand?",
    "Look for the largest group of your cards with no two of the same rank and no two of the "
    "same suit. Four such cards are a badugi and beat every three-card hand; among hands of the "
    "same size, compare the highest card first, and the lower one wins. Aces are the lowest "
    "cards.",
)
_OMAHA_RULE: Final = (
    "Can I play the board, or three of my own cards, for the Omaha half?",
    "No. The Omaha hand is always exactly two of your cards with exactly three of the five "
    "community cards: never four or five board cards, never one or three of yours.",
)
_SAME_CARD: Final = (
    "Can one of my cards count for both halves?",
    "Yes. Each half is worked out on its own from the cards you hold at the end; a card that "
    "helps one half may help the other too. You never set cards aside for one half.",
)
_TIE_HALF: Final = (
    "What happens when a half is tied?",
    "Only that half is shared. Split the pot into its halves first, then divide the tied half "
    "among the tied players; the other half goes to its own winner.",
)
_HI_LO_MISTAKES: Final = (
    "Counting a low with one low card in your hand: the low is exactly two of your cards "
    "with exactly three board cards, like the high, so you need two different cards of "
    "eight or lower and the board three more.",
    "Counting a low on a board with fewer than three different cards of eight or lower: "
    "then nobody has a low and the high hand takes the whole pot.",
    "Thinking the same two cards must play both ways: the high and the low are each worked "
    "out on their own, from any two of your cards each.",
    "Splitting a tied low as if it were the whole pot: ties divide their own half only, so "
    "two equal lows take a quarter each (being 'quartered').",
)
_HI_LO_FAQ: Final = (
    (
        "What is the best low?",
        "5-4-3-2-A, the wheel: straights and flushes do not count against a low, and the ace "
        "is the lowest card. The worst low that qualifies is 8-7-6-5-4.",
    ),
    (
        "What if nobody has a low?",
        "The high hand takes the whole pot. A pot split between high and low gives its odd "
        "chip to the high half.",
    ),
    _OMAHA_RULE,
)
_HI_LO_CALLED: Final = {
    "omaha": ("High",),
    "omaha-low": ("Low", "8-or-better", "eight or better"),
}
_HI_LO_SOURCES: Final = ("docs/rules.md", "Robert's Rules of Poker (high-low split games)")


_TIE_WHOLE: Final = (
    "What happens when hands tie?",
    "Suits never break a tie: equal hands share the pot, the odd chip going to the first tied "
    "player clockwise from the button.",
)


LESSONS: Final[Mapping[str, Lesson]] = MappingProxyType(
    {
        "bodigiha": Lesson(
            summary=(
                "Bodigiha is a board game with a lowball twist: you hold five cards, a flop, "
                "turn and river come out, and once, after the flop betting, you may change up "
                "to two of your cards. At the showdown each pot is halved: one half for the "
                "best Badugi made from your own cards alone, the other for the best Omaha high "
                "hand, two of your cards with three from the board."
            ),
            also_called={"badugi": ("Bodiga Low",)},
            mistakes=(
                "Throwing three or more cards: the one draw lets you change two at most, and "
                "keeping all five (standing pat) is allowed.",
                "Counting a card that pairs another, or repeats a suit, in your Badugi: every "
                "card of a badugi differs from the others in rank and in suit, so a hand like "
                "2♠ 2♥ 3♠ K♦ is only the three-card K-3-2.",
                "Forgetting that card count comes first in the Badugi half: any four-card "
                "badugi beats the best three-card hand.",
                "Making the Omaha hand with one hole card, or three: it is always exactly two "
                "of yours and exactly three from the board.",
                "Treating the ace as a high card in the Badugi half: there it is the lowest "
                "card, and A-2-3-4 in four suits is the best hand of all.",
            ),
            faq=(
                (
                    "How many cards can I change, and when?",
                    "Zero, one or two, once, right after the betting on the flop. Changing "
                    "none is standing pat.",
                ),
                _BADUGI_FAQ,
                (
                    "Why does a game panel say 'Bodiga Low'?",
                    "Some game clients label the Badugi half 'Bodiga Low'. It is the same "
                    "hand: the lowest set of cards of different ranks and suits from your own "
                    "cards, aces low.",
                ),
                _OMAHA_RULE,
                _SAME_CARD,
            ),
            compare=(
                (
                    "drawmaha",
                    "Drawmaha keeps the board and the single draw but plays five-card "
                    "draw high where Bodigiha plays Badugi, and lets you change all five cards.",
                ),
                (
                    "badacey",
                    "Badacey has no board and three draws; its halves are A-5 low and Badugi.",
                ),
            ),
            sources=("seeds/000 (Bodigiha)", "docs/rules.md"),
        ),
        "badugi": Lesson(
            summary=(
                "Badugi is a triple-draw lowball game with four cards and no board. You want "
                "four cards that share no rank and no suit, as low as possible; after each of "
                "three draws you may change any number of your cards. The best badugi takes "
                "the whole pot."
            ),
            mistakes=(
                "Counting a paired card, or a second card of a suit: only cards of different "
                "ranks and different suits play, so 5-5-4-A of four suits plays as 5-4-A.",
                "Comparing hands from the lowest card up: compare the highest cards first; the "
                "lower top card wins, then the next one down.",
                "Thinking a low three-card hand beats a rough badugi: more cards always beat "
                "fewer, so K-Q-J-10 in four suits beats A-2-3.",
                "Letting suits, or the cards that do not play, break a tie: they never do.",
                "Playing the ace high: in Badugi it is always the lowest card.",
            ),
            faq=(
                _BADUGI_FAQ,
                (
                    "How many cards can I draw?",
                    "Any number from none to all four, at each of the three draws.",
                ),
                (
                    "What is the best and the worst hand?",
                    "A-2-3-4 in four different suits is the best. Four of a kind, or four cards "
                    "of one suit, play as a single card; four kings is the worst possible hand.",
                ),
            ),
            compare=(
                (
                    "badacey",
                    "Badacey deals five cards and splits the pot between Badugi and A-5 low.",
                ),
                ("bodigiha", "Bodigiha adds a board and an Omaha high half, with one small draw."),
            ),
            sources=("seeds/001 (Badugi)", "docs/rules.md"),
        ),
        "drawmaha": Lesson(
            summary=(
                "Drawmaha (also spelled Dramaha) deals five private cards and a full board, "
                "with one draw of up to five cards after the flop betting. Each pot has two "
                "high halves that are settled separately: the Omaha half, two of your cards "
                "with three from the board, and the draw half, your five private cards alone."
            ),
            mistakes=(
                "Treating the five private cards as the whole hand: a full house in your hand "
                "wins the draw half only; the Omaha half is checked on its own.",
                "Bringing three of your cards into the Omaha hand (three of a kind in your "
                "hand is only a pair for Omaha), or using four or five board cards.",
                "Letting the board help the draw half: the draw half never uses a community card.",
                "Halving the whole pot on a tie: a tie shares only the tied half. With a pot "
                "of 200, a tied Omaha half and a won draw half give the winner 150, not 100.",
                "Playing more than one draw: Drawmaha has a single exchange, after the flop "
                "betting (Triple Draw Dramaha is another game).",
            ),
            faq=(
                _SAME_CARD,
                _OMAHA_RULE,
                _TIE_HALF,
                (
                    "Who gets an odd chip?",
                    "Here, a pot that does not halve evenly gives its odd chip to the draw "
                    "half; within a tied half, odd chips go one at a time from the first seat "
                    "left of the button.",
                ),
                (
                    "Is there a qualifier?",
                    "No. Both halves are high hands and the best hand wins each, however weak.",
                ),
            ),
            compare=(
                (
                    "bodigiha",
                    "Bodigiha swaps the draw-high half for Badugi and limits the draw "
                    "to two cards.",
                ),
                ("drawmaha-27", "Drawmaha 2-7 plays the draw half as 2-7 lowball."),
                ("drawmadugi", "Drawmadugi plays the draw half as Badugi."),
                (
                    "triple-draw-dramaha",
                    "Triple Draw Dramaha has three draws, one with each new board street.",
                ),
                (
                    "sviten-special",
                    "Sviten Special deals a one-card draw face up, to keep or refuse once.",
                ),
            ),
            sources=("seeds/002 (Drawmaha)", "docs/rules.md"),
        ),
        "doogie": Lesson(
            summary=(
                "Doogie is a six-card declare game with four community cards, turned face up "
                "one at a time. The pot is shared between the best high hand (a full house or "
                "better to win it) and the best doogie: four cards, one of each suit, all of "
                "different ranks, seven or lower. Before the last betting round every player "
                "secretly declares high, low or both, and competes only for what they declared."
            ),
            also_called={"low": ("doogie",)},
            mistakes=(
                "Forgetting the qualifiers: high needs a full house or better, low a 7 doogie "
                "or better. A half nobody qualifies for goes to the other half.",
                "Declaring both ways with one good hand: a two-way declarer must win both "
                "halves outright. Losing or tying either half loses the whole pot to the "
                "others.",
                "Missing the tie exception: a two-way declarer who ties only with the best "
                "possible hand keeps the pot (the perfect doogie, A-2-3-4 in four suits, "
                "which also beats every high hand).",
                "Building a doogie from two cards of one suit or two of one rank: it needs "
                "exactly one card of each suit and four different ranks.",
                "Thinking only your own six cards count: any of your cards combine with any of "
                "the four community cards, for both halves.",
            ),
            faq=(
                (
                    "How is a doogie ranked?",
                    "By its highest card, the lower winning, then the next highest, as in "
                    "Badugi. A 7 doogie has no card above a seven; aces are low.",
                ),
                (
                    "What does declaring both ways risk?",
                    "Everything in that pot: if you lose or tie either half (except a tie with "
                    "the best possible hand) you get nothing from it, and both halves go to "
                    "the best of the other declarers.",
                ),
                (
                    "What if nobody can take a half?",
                    "Its chips go to the winner of the other half. If neither half can be "
                    "given, the pot is split among the players still in it who did not "
                    "forfeit it.",
                ),
                (
                    "Are there blinds?",
                    "No: everyone antes. There are five betting rounds while the community "
                    "cards are turned, then the declaration, then one last round.",
                ),
            ),
            sources=("seeds/004 (Doogie)", "docs/rules.md"),
        ),
        "drawmaha-27": Lesson(
            summary=(
                "Drawmaha 2-7 is Drawmaha with a lowball draw half: five private cards, a "
                "full board and one draw after the flop betting, with each pot split between "
                "Omaha high and 2-7 lowball on your five private cards."
            ),
            mistakes=(
                "Counting the ace as low in the 2-7 half: aces are high there, so A-2-3-4-5 is "
                "an ace-high hand, not a wheel.",
                "Forgetting that straights and flushes count against the 2-7 hand: 7-6-5-4-3 "
                "is a straight, a bad low.",
                "Using board cards for the low half: it is your five private cards only.",
                "Making the Omaha hand without exactly two hole cards and three board cards.",
            ),
            faq=(
                (
                    "What is the best 2-7 hand?",
                    "7-5-4-3-2 in at least two suits. Any pair loses to any unpaired hand.",
                ),
                _OMAHA_RULE,
                _SAME_CARD,
            ),
            compare=(("drawmaha", "Drawmaha plays the draw half for high."),),
            sources=("seeds/002 (Drawmaha)", "docs/rules.md"),
        ),
        "drawmadugi": Lesson(
            summary=(
                "Drawmadugi is Drawmaha with a Badugi half: five private cards, a full board "
                "and one draw after the flop betting; each pot is split between the best "
                "Badugi from your own cards and the best Omaha high hand."
            ),
            mistakes=(
                "Counting a paired or same-suit card in the Badugi.",
                "Playing the ace high in the Badugi half: it is low.",
                "Making the Omaha hand without exactly two hole cards and three board cards.",
                "Assuming a three-card draw limit: the default here lets you change up to "
                "five; some tables agree on three, so ask first.",
            ),
            faq=(_BADUGI_FAQ, _OMAHA_RULE, _SAME_CARD),
            compare=(
                ("bodigiha", "Bodigiha has the same two halves but a draw of two cards at most."),
            ),
            sources=("seeds/002 (Drawmaha)", "docs/rules.md"),
        ),
        "triple-draw-dramaha": Lesson(
            summary=(
                "Triple Draw Dramaha is Drawmaha with three draws instead of one: one as the "
                "flop, the turn and the river come out, each before that street's betting. The "
                "halves are the same: Omaha high and five-card draw high."
            ),
            mistakes=(
                "Placing the draws after the betting: here each draw follows the new board "
                "card(s) and comes before that street's betting.",
                "Forgetting that every replacement also changes your Omaha hand.",
                "Halving the whole pot when only one half is tied.",
            ),
            faq=(_SAME_CARD, _OMAHA_RULE, _TIE_HALF),
            compare=(("drawmaha", "Drawmaha has one draw, after the flop betting."),),
            sources=("seeds/002 (Drawmaha)", "docs/rules.md"),
        ),
        "sviten-special": Lesson(
            summary=(
                "Sviten Special is Drawmaha with one twist at the draw: a player who changes "
                "exactly one card gets the replacement face up, and may keep it or refuse it "
                "for the next card, dealt face down, which must be kept."
            ),
            mistakes=(
                "Using the face-up option when changing two or more cards: it applies to a "
                "one-card draw only.",
                "Refusing twice: after a refusal the face-down card must be kept.",
                "Forgetting that everyone saw the face-up card you kept.",
            ),
            faq=(
                (
                    "What happens to a refused card?",
                    "It goes out of play like a discard, and you take the next card face down.",
                ),
                _SAME_CARD,
                _OMAHA_RULE,
            ),
            compare=(("drawmaha", "Drawmaha deals every replacement face down."),),
            sources=("seeds/002 (Drawmaha)", "docs/rules.md"),
        ),
        "badacey": Lesson(
            summary=(
                "Badacey deals five cards with no board and three draws. Each pot is split "
                "between the best A-5 low hand (the lowest five cards, straights and flushes "
                "ignored) and the best Badugi from the same cards."
            ),
            mistakes=(
                "Letting a straight or flush spoil the A-5 half: they do not count there, so "
                "5-4-3-2-A is the best low.",
                "Counting a paired or same-suit card in the Badugi.",
                "Forgetting that the Badugi uses at most four of your five cards.",
            ),
            faq=(
                (
                    "Can one hand win both halves?",
                    "Yes: A-2-3-4 of four suits with a five is both the best Badugi and a wheel.",
                ),
                _BADUGI_FAQ,
            ),
            compare=(("badeucy", "Badeucy plays 2-7 low and Badugi with aces high."),),
            sources=("docs/rules.md",),
        ),
        "badeucy": Lesson(
            summary=(
                "Badeucy is Badacey with aces high: five cards, no board, three draws, and "
                "each pot split between 2-7 lowball and a Badugi in which the ace is the "
                "highest (worst) card."
            ),
            mistakes=(
                "Playing the ace low: in both halves of Badeucy the ace is the highest card.",
                "Forgetting that straights and flushes count against the 2-7 hand.",
                "Counting a paired or same-suit card in the Badugi.",
            ),
            faq=(
                (
                    "What is the best Badugi here?",
                    "2-3-4-5 in four suits, since the ace is high.",
                ),
                (
                    "What is the best 2-7 hand?",
                    "7-5-4-3-2 in at least two suits.",
                ),
            ),
            also_called={"badugi-aces-high": ("Badeucy Badugi",)},
            compare=(("badacey", "Badacey plays A-5 low and Badugi with aces low."),),
            sources=("docs/rules.md",),
        ),
        "27-triple-draw": Lesson(
            summary=(
                "2-7 Triple Draw is lowball with five cards, no board and three draws, as in "
                "Badugi: after each of the first three betting rounds you may change any "
                "number of your cards. The lowest hand takes the whole pot, counted the 2-7 "
                "way: aces are high, and straights and flushes count against you, so the best "
                "hand is 7-5-4-3-2 of more than one suit."
            ),
            also_called={"27": ("Deuce-to-seven", "Kansas City lowball")},
            mistakes=(
                "Playing the ace low: in 2-7 it is the highest card, so A-5-4-3-2 is an "
                "ace-high hand, worse than any king-high hand.",
                "Forgetting that a straight or a flush counts: 7-6-5-4-3 is a straight and "
                "five cards of one suit are a flush, both beaten by any no-pair hand.",
                "Reading the lowest card first: low hands compare their highest card first, "
                "then downwards, so 8-5-4-3-2 beats 8-6-4-3-2 and every nine.",
            ),
            faq=(
                (
                    "What is the best hand?",
                    "7-5-4-3-2 in at least two suits, the 'number one'. Next come 7-6-4-3-2, "
                    "7-6-5-3-2 and 7-6-5-4-2 (7-6-5-4-3 is a straight).",
                ),
                (
                    "How many cards can I change?",
                    "Any number from none (standing pat) to all five, at each of the three "
                    "draws. When the stub runs out, the discards are shuffled to go on.",
                ),
                _TIE_WHOLE,
            ),
            compare=(
                (
                    "a5-triple-draw",
                    "A-5 Triple Draw plays aces low and ignores straights and flushes.",
                ),
                ("27-single-draw", "2-7 Single Draw has one draw, usually no-limit."),
                ("badeucy", "Badeucy splits each pot between this 2-7 hand and a Badugi."),
            ),
            sources=("docs/rules.md", "Robert's Rules of Poker (lowball)"),
        ),
        "a5-triple-draw": Lesson(
            summary=(
                "A-5 Triple Draw is lowball with five cards, no board and three draws. The "
                "lowest hand takes the whole pot, counted the A-5 way: aces are low and "
                "straights and flushes are ignored, so the best hand is 5-4-3-2-A, the wheel, "
                "whatever its suits."
            ),
            also_called={"a5": ("Ace-to-five", "California lowball")},
            mistakes=(
                "Throwing a wheel because it is a straight: straights and flushes do not "
                "count, and 5-4-3-2-A is the best hand.",
                "Playing the ace high: in A-5 it is the lowest card, so A-A is the best pair "
                "and 8-5-4-3-A beats 8-5-4-3-2.",
                "Keeping a pair over a rough no-pair hand: any hand without a pair, even "
                "K-J-8-6-4, beats every pair.",
            ),
            faq=(
                (
                    "What is the best hand?",
                    "5-4-3-2-A (the wheel), then 6-4-3-2-A, 6-5-3-2-A and so on, comparing "
                    "the highest card first.",
                ),
                (
                    "How many cards can I change?",
                    "Any number from none to all five, at each of the three draws.",
                ),
                _TIE_WHOLE,
            ),
            compare=(
                (
                    "27-triple-draw",
                    "2-7 Triple Draw plays aces high and counts straights and flushes.",
                ),
                ("badacey", "Badacey splits each pot between this A-5 hand and a Badugi."),
            ),
            sources=("docs/rules.md", "Robert's Rules of Poker (ace-to-five lowball)"),
        ),
        "27-single-draw": Lesson(
            summary=(
                "2-7 Single Draw is the oldest form of deuce-to-seven: five cards, a betting "
                "round, one draw of any number of cards, and a last betting round, usually "
                "no-limit. The lowest 2-7 hand takes the pot: aces high, straights and "
                "flushes count against you, and 7-5-4-3-2 of more than one suit is best."
            ),
            also_called={"27": ("Deuce-to-seven", "Kansas City lowball")},
            mistakes=(
                "Playing the ace low, or A-5-4-3-2 as a straight: it is an ace-high hand.",
                "Forgetting that a flush counts: 7-6-4-3-2 of one suit loses to any nine.",
                "Drawing out of turn: players draw one at a time, the button last, so the "
                "later players see how many cards the others took.",
            ),
            faq=(
                (
                    "How many draws are there?",
                    "One, between the two betting rounds; you may change none to all five cards.",
                ),
                (
                    "What is the best hand?",
                    "7-5-4-3-2 in at least two suits, as in 2-7 Triple Draw.",
                ),
                _TIE_WHOLE,
            ),
            compare=(
                ("27-triple-draw", "2-7 Triple Draw has three draws and is played fixed-limit."),
            ),
            sources=("docs/rules.md", "Robert's Rules of Poker (lowball)"),
        ),
        "omaha-8": Lesson(
            summary=(
                "Omaha Hi-Lo 8, Omaha eight-or-better, is Omaha split in two: four cards, a "
                "flop, a turn and a river, and each pot divided between the best high hand and "
                "the best low of eight or better, each made of exactly two of your cards and "
                "exactly three board cards. Played fixed-limit, as in HORSE and the 8-game."
            ),
            also_called=_HI_LO_CALLED,
            mistakes=_HI_LO_MISTAKES,
            faq=_HI_LO_FAQ,
            compare=(
                ("omaha-8-pl", "Pot-limit Omaha Hi-Lo 8 is the same game, bet pot-limit."),
                ("big-o", "Big O deals five cards instead of four, pot-limit."),
                ("omaha", "Pot-limit Omaha plays the high hand alone."),
            ),
            sources=_HI_LO_SOURCES,
        ),
        "omaha-8-pl": Lesson(
            summary=(
                "Pot-limit Omaha Hi-Lo 8 is Omaha Hi-Lo 8 bet pot-limit: four cards, a flop, a "
                "turn and a river, each pot split between the best high hand and the best "
                "eight-or-better low, each exactly two of your cards with three board cards."
            ),
            also_called=_HI_LO_CALLED,
            mistakes=_HI_LO_MISTAKES,
            faq=_HI_LO_FAQ,
            compare=(
                ("omaha-8", "Omaha Hi-Lo 8 is the same game, fixed-limit."),
                ("big-o", "Big O deals five cards instead of four."),
            ),
            sources=_HI_LO_SOURCES,
        ),
        "big-o": Lesson(
            summary=(
                "Big O is Omaha Hi-Lo 8 with five cards: a flop, a turn and a river, pot-limit, "
                "each pot split between the best high hand and the best eight-or-better low, "
                "each still exactly two of your five cards with exactly three board cards."
            ),
            also_called=_HI_LO_CALLED,
            mistakes=(
                "Playing three of your five cards: however many you hold, exactly two play, "
                "for the high and for the low alike.",
                *_HI_LO_MISTAKES[1:],
            ),
            faq=_HI_LO_FAQ,
            compare=(
                ("omaha-8-pl", "Pot-limit Omaha Hi-Lo 8 deals four cards instead of five."),
                ("omaha-5", "Pot-limit 5-card Omaha plays the high hand alone."),
            ),
            sources=_HI_LO_SOURCES,
        ),
        "stud": Lesson(
            summary=(
                "Seven-card Stud: an ante from everyone, then two cards down and one up; the "
                "lowest up card brings in. Three more up cards and a last one down follow, each "
                "with a round of fixed-limit betting, and the best five of your seven cards "
                "takes the pot. From fourth street on, the best hand showing acts first."
            ),
            mistakes=_STUD_MISTAKES,
            faq=_STUD_FAQ,
            compare=(
                ("stud-8", "Stud Hi-Lo 8 splits the pot with an eight-or-better low."),
                ("razz", "Razz deals the same way and plays for the lowest hand."),
            ),
            sources=_STUD_SOURCES,
        ),
        "razz": Lesson(
            summary=(
                "Razz is seven-card stud for the lowest hand: the best A-5 low of five of your "
                "seven cards wins, with no qualifier (straights and flushes do not count, aces "
                "are low). The highest up card brings in, and the lowest hand showing acts "
                "first from fourth street on."
            ),
            mistakes=(
                "Thinking a pair must be played: choose any five of the seven, so a pair is "
                "only forced when fewer than five ranks are left.",
                *_STUD_MISTAKES[1:],
            ),
            faq=_STUD_FAQ,
            compare=(
                ("stud", "Seven-card Stud plays the same deal for the highest hand."),
                ("razzdugi", "Razzdugi splits razz with the best Badugi."),
            ),
            sources=_STUD_SOURCES,
        ),
        "stud-8": Lesson(
            summary=(
                "Stud Hi-Lo 8 deals seven-card stud and splits each pot between the best "
                "high hand and the best A-5 low of eight or better, each the best five of "
                "your seven cards. No qualifying low: the high hand takes it all."
            ),
            also_called={"stud": ("High",), "stud-low": ("Low", "8-or-better")},
            mistakes=(
                "Using the same five cards for both halves when others are better: the high and "
                "the low are chosen apart from the seven.",
                *_STUD_MISTAKES,
            ),
            faq=_STUD_FAQ,
            compare=(
                ("stud", "Seven-card Stud plays the high hand alone."),
                ("omaha-8", "Omaha Hi-Lo 8 splits the same way with a board."),
            ),
            sources=_STUD_SOURCES,
        ),
        "razzdugi": Lesson(
            summary=(
                "Razzdugi deals seven-card stud and splits each pot between the best razz low "
                "(A-5, five of the seven cards, no qualifier) and the best Badugi of any four "
                "of the seven, aces low. The highest up card brings in, as in razz."
            ),
            mistakes=(
                "Looking for a Badugi only among the up cards: any four of your seven play.",
                *_STUD_MISTAKES[1:],
            ),
            faq=(_STUD_FAQ[0], _BADUGI_FAQ),
            compare=(("razz", "Razz plays the low half alone."),),
            sources=("docs/rules.md", "Robert's Rules of Poker (razz)", "BARGE (Razzdugi)"),
        ),
        "limit-holdem": Lesson(
            summary=(
                "Hold'em bet fixed-limit, the H of HORSE and one of the 8-game's two hold'em "
                "games: two hole cards, a five-card board, and the best five of the seven "
                "cards takes the pot. Bets and raises are the small bet before the flop and on "
                "the flop, the big bet on the turn and the river, and a bet and three raises "
                "cap a round."
            ),
            mistakes=(
                "Assuming both hole cards must play: any five of the seven may.",
                "Raising by any amount: every bet and raise is the round's fixed size.",
            ),
            faq=(
                (
                    "Why is it a game of its own?",
                    "So that a mix may deal limit and no-limit hold'em (the 8-game deals both) "
                    "and the name always says how the game is bet.",
                ),
                (
                    "Why is it a reference game?",
                    "Other poker software plays it (PHH's FT, PokerKit), so the engine is "
                    "checked against it. Like No-limit Hold'em it is not in the tables of "
                    "docs/rules.md; it follows that page's betting rules.",
                ),
            ),
            compare=(
                ("holdem", "No-limit Hold'em deals the same cards; any bet up to your stack."),
                ("omaha-8", "Omaha Hi-Lo 8 follows it in HORSE, four cards and a split pot."),
            ),
        ),
        "holdem": Lesson(
            summary=(
                "A reference game, kept so that splitpot can be checked against other tools: "
                "two hole cards, a five-card board, and the best five of the seven cards takes "
                "the pot."
            ),
            mistakes=("Assuming both hole cards must play: any five of the seven may.",),
            faq=(("Why is it here?", "To cross-check the engine with other poker software."),),
            compare=(("limit-holdem", "Limit Hold'em is the same game, bet fixed-limit."),),
        ),
        "omaha": Lesson(
            summary=(
                "A reference game: four hole cards, a five-card board, and a high hand of "
                "exactly two hole cards with exactly three board cards."
            ),
            mistakes=("Playing one hole card, or four board cards.",),
            faq=(_OMAHA_RULE,),
        ),
        "omaha-5": Lesson(
            summary=(
                "A reference game: five hole cards, a five-card board, exactly two hole cards "
                "with exactly three board cards."
            ),
            mistakes=("Playing one or three hole cards.",),
            faq=(_OMAHA_RULE,),
        ),
        "omaha-6": Lesson(
            summary=(
                "A reference game: six hole cards, a five-card board, exactly two hole cards "
                "with exactly three board cards."
            ),
            mistakes=("Playing one or three hole cards.",),
            faq=(_OMAHA_RULE,),
        ),
    }
)


def lesson_for(game: GameSpec) -> Lesson:
    """The page text of ``game``; a game with none gets its registry summary and no FAQ."""
    found = LESSONS.get(game.id)
    if found is not None:
        return found
    return Lesson(summary=game.summary or game.name, mistakes=(), faq=())
