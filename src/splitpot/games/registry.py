"""The registry: every game in docs/rules.md, registered once.

``high_award`` names the award that takes the odd chip when a pot is split between awards
(docs/rules.md "Odd chips": Drawmaha the draw half (BARGE); Bodigiha, Drawmadugi and Drawmaha 2-7
the Omaha half; Badacey the A-5 half; Badeucy the 2-7 half; Doogie the high half). Triple Draw
Dramaha and Sviten Special are Drawmaha deals and follow Drawmaha; Omaha Hi-Lo 8, Big O and
Stud Hi-Lo 8 the high half, Razzdugi the razz half (docs/rules.md "The mixed-game menu").
"""

from __future__ import annotations

from splitpot.cards import parse_cards
from splitpot.errors import GameSpecError
from splitpot.evaluate.core import KindFamily
from splitpot.evaluate.doogie import PERFECT_DOOGIE, PERFECT_DOOGIE_HIGH
from splitpot.evaluate.value import Qualifier
from splitpot.games.spec import Award, EvalKind, GameSpec, Keep
from splitpot.games.streets import Bet, Deal, Declare, Draw, Forced, Street, Structure, Stud

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Any, Final

__all__ = [
    "EIGHT_OR_BETTER",
    "FULL_HOUSE_OR_BETTER",
    "GAMES",
    "SEVEN_DOOGIE_OR_BETTER",
    "find_game",
    "game_ids",
]


def award(
    name: str,
    label: str,
    kind: EvalKind,
    *,
    keep: Keep = Keep.ALL,
    aces_high: bool = False,
    qualifier: Qualifier | None = None,
    best_possible: int | None = None,
) -> Award:
    """An award whose hands the core values as ``kind`` (``splitpot.evaluate.core``)."""
    family = KindFamily(kind, aces_high=aces_high)
    return Award(
        name=name, label=label, evaluate=family.hand, raw=family.value, kind=kind, keep=keep,
        aces_high=aces_high, qualifier=qualifier, best_possible=best_possible,
    )  # fmt: skip


def _qualifier(name: str, kind: EvalKind, cards: str) -> Qualifier:
    return Qualifier.from_hand(name, KindFamily(kind).hand, parse_cards(cards))


FULL_HOUSE_OR_BETTER: Final = _qualifier("full house or better", EvalKind.HIGH, "2c2d2h3c3d")
SEVEN_DOOGIE_OR_BETTER: Final = _qualifier("7-doogie or better", EvalKind.DOOGIE_LOW, "7c6d5h4s")
EIGHT_OR_BETTER: Final = _qualifier("8-or-better", EvalKind.A5, "8c7d6h5s4c")

OMAHA_AWARD: Final = award(
    "omaha", "Omaha high (2 hole + 3 board)", EvalKind.OMAHA, keep=Keep.OMAHA
)
DRAW_AWARD: Final = award(
    "draw", "Draw high (five private cards)", EvalKind.DRAW_HIGH, keep=Keep.DRAW_HIGH
)
BADUGI_AWARD: Final = award(
    "badugi", "Badugi (hole cards, aces low)", EvalKind.BADUGI, keep=Keep.BADUGI
)
DEUCE_SEVEN_AWARD: Final = award(
    "27", "2-7 lowball (five private cards)", EvalKind.DEUCE_SEVEN, keep=Keep.DEUCE_SEVEN
)
A5_AWARD: Final = award("a5", "A-5 lowball", EvalKind.A5, keep=Keep.A5)
BADUGI_HIGH_AWARD: Final = award(
    "badugi-aces-high", "Badugi (aces high)", EvalKind.BADUGI, keep=Keep.BADUGI, aces_high=True
)
# docs/rules.md "The mixed-game menu": the Omaha low of Omaha Hi-Lo 8 and Big O.
OMAHA_LOW_AWARD: Final = award(
    "omaha-low", "Omaha low (2 hole + 3 board, 8-or-better)", EvalKind.OMAHA_LOW,
    qualifier=EIGHT_OR_BETTER,
)  # fmt: skip
HIGH_AWARD: Final = award("holdem", "High (best five of seven)", EvalKind.HIGH)
# docs/rules.md "The mixed-game menu": the stud family's awards, each the best of seven cards.
STUD_AWARD: Final = award("stud", "High (best five of seven)", EvalKind.HIGH)
RAZZ_AWARD: Final = award("razz", "Razz (A-5 low, best five of seven)", EvalKind.A5)
STUD_LOW_AWARD: Final = award(
    "stud-low", "A-5 low (best five of seven, 8-or-better)", EvalKind.A5,
    qualifier=EIGHT_OR_BETTER,
)  # fmt: skip

DOOGIE_HIGH_AWARD: Final = award(
    "high",
    "High (full house or better; the perfect doogie tops all)",
    EvalKind.DOOGIE_HIGH,
    qualifier=FULL_HOUSE_OR_BETTER,
    best_possible=PERFECT_DOOGIE_HIGH,
)
DOOGIE_LOW_AWARD: Final = award(
    "low",
    "Doogie low (7-doogie or better)",
    EvalKind.DOOGIE_LOW,
    qualifier=SEVEN_DOOGIE_OR_BETTER,
    best_possible=PERFECT_DOOGIE,
)

FL, PL, NL = Structure.FIXED_LIMIT, Structure.POT_LIMIT, Structure.NO_LIMIT


def _board_game(hole: int, draw: Draw | None = None) -> tuple[Street, ...]:
    """Preflop, flop, (one draw after flop betting,) turn, river."""
    drawing: tuple[Street, ...] = (draw,) if draw else ()
    return (
        Deal(hole=hole), Bet(), Deal(board=3), Bet(), *drawing,
        Deal(board=1), Bet(big=True), Deal(board=1), Bet(big=True),
    )  # fmt: skip


def _triple_draw(hole: int) -> tuple[Street, ...]:
    """Four betting rounds with a draw of up to every card between them."""
    draw = Draw(max_discard=hole)
    return (Deal(hole=hole), Bet(), draw, Bet(), draw, Bet(big=True), draw, Bet(big=True))


def _single_draw(hole: int) -> tuple[Street, ...]:
    """A betting round, one draw of up to every card, a last (big-bet) betting round."""
    return (Deal(hole=hole), Bet(), Draw(max_discard=hole), Bet(big=True))


TRIPLE_DRAW_DRAMAHA_STREETS: Final[tuple[Street, ...]] = (
    Deal(hole=5), Bet(),
    Deal(board=3), Draw(max_discard=5), Bet(),
    Deal(board=1), Draw(max_discard=5), Bet(big=True),
    Deal(board=1), Draw(max_discard=5), Bet(big=True),
)  # fmt: skip

DOOGIE_STREETS: Final[tuple[Street, ...]] = (
    Deal(hole=6), Bet(),
    Deal(board=1), Bet(),
    Deal(board=1), Bet(),
    Deal(board=1), Bet(big=True),
    Deal(board=1), Bet(big=True),
    Declare(), Bet(big=True),
)  # fmt: skip

# Third street two down and one up; fourth, fifth and sixth one up each; seventh one down.
STUD_STREETS: Final[tuple[Street, ...]] = (
    Deal(hole=3, up=1), Bet(),
    Deal(hole=1, up=1), Bet(),
    Deal(hole=1, up=1), Bet(big=True),
    Deal(hole=1, up=1), Bet(big=True),
    Deal(hole=1), Bet(big=True),
)  # fmt: skip


def _stud_game(**fields: Any) -> GameSpec:
    """A stud game: seven cards, ante and bring-in, fixed-limit, up to eight players."""
    return GameSpec(
        hole_cards=7, board_cards=0, streets=STUD_STREETS, structure=FL, structures=(FL,),
        forced=Forced.ANTE, max_players=8, **fields,
    )  # fmt: skip


_SPECS: Final = (
    GameSpec(
        id="bodigiha", phh_code="BDG", name="Bodigiha", hole_cards=5, board_cards=5,
        streets=_board_game(5, Draw(max_discard=2)), structure=PL,
        awards=(BADUGI_AWARD, OMAHA_AWARD), high_award="omaha",
        summary="5 cards, one 0-2 card draw after flop betting; Badugi / Omaha high",
    ),
    GameSpec(
        id="badugi", phh_code="B", name="Badugi", hole_cards=4, board_cards=0,
        streets=_triple_draw(4), structure=FL,
        awards=(BADUGI_AWARD,), high_award="badugi",
        summary="4 cards, three draws; the best Badugi takes the pot",
    ),
    GameSpec(
        id="drawmaha", phh_code="DRM", name="Drawmaha", aliases=("dramaha",),
        hole_cards=5, board_cards=5,
        streets=_board_game(5, Draw(max_discard=5)), structure=PL,
        awards=(OMAHA_AWARD, DRAW_AWARD), high_award="draw",
        summary="5 cards, one 0-5 card draw after flop betting; Omaha high / draw high",
    ),
    GameSpec(
        id="doogie", phh_code="DOOG", name="Doogie", hole_cards=6, board_cards=4,
        streets=DOOGIE_STREETS, structure=FL, forced=Forced.ANTE, max_players=7,
        awards=(DOOGIE_HIGH_AWARD, DOOGIE_LOW_AWARD), high_award="high", declare=True,
        summary="6 cards, 4 community cards, declare; high (full house+) / doogie (7 or better)",
    ),
    GameSpec(
        id="drawmaha-27", phh_code="DRM27", name="Drawmaha 2-7", hole_cards=5, board_cards=5,
        streets=_board_game(5, Draw(max_discard=5)), structure=PL,
        awards=(OMAHA_AWARD, DEUCE_SEVEN_AWARD), high_award="omaha",
        summary="Drawmaha whose draw half is 2-7 lowball",
    ),
    GameSpec(
        id="drawmadugi", phh_code="DRMB", name="Drawmadugi", hole_cards=5, board_cards=5,
        streets=_board_game(5, Draw(max_discard=5)), structure=PL,
        awards=(BADUGI_AWARD, OMAHA_AWARD), high_award="omaha",
        summary="Drawmaha whose draw half is Badugi (draw 0-5, option 0-3)",
    ),
    GameSpec(
        id="triple-draw-dramaha", phh_code="DRM3D", name="Triple Draw Dramaha",
        hole_cards=5, board_cards=5,
        streets=TRIPLE_DRAW_DRAMAHA_STREETS, structure=FL,
        awards=(OMAHA_AWARD, DRAW_AWARD), high_award="draw",
        summary="Drawmaha with a draw before the flop, turn and river betting",
    ),
    GameSpec(
        id="sviten-special", phh_code="SVS", name="Sviten Special", hole_cards=5, board_cards=5,
        streets=_board_game(5, Draw(max_discard=5, sviten=True)), structure=PL,
        awards=(OMAHA_AWARD, DRAW_AWARD), high_award="draw",
        summary="Drawmaha where a one-card draw is dealt face up and may be rejected once",
    ),
    GameSpec(
        id="badacey", phh_code="BAC", name="Badacey", hole_cards=5, board_cards=0,
        streets=_triple_draw(5), structure=FL,
        awards=(A5_AWARD, BADUGI_AWARD), high_award="a5",
        summary="5 cards, three draws; A-5 low / Badugi",
    ),
    GameSpec(
        id="badeucy", phh_code="BDC", name="Badeucy", hole_cards=5, board_cards=0,
        streets=_triple_draw(5), structure=FL,
        awards=(DEUCE_SEVEN_AWARD, BADUGI_HIGH_AWARD), high_award="27",
        summary="5 cards, three draws; 2-7 low / Badugi, aces high in both",
    ),
    # docs/rules.md "The mixed-game menu": the draw games of every mixed-game rotation.
    GameSpec(
        id="27-triple-draw", phh_code="2L3D", name="2-7 Triple Draw",
        aliases=("deuce-to-seven-triple-draw", "2-7-triple-draw", "27td"),
        hole_cards=5, board_cards=0, streets=_triple_draw(5), structure=FL,
        awards=(DEUCE_SEVEN_AWARD,), high_award="27",
        summary="5 cards, three draws; the best 2-7 low takes the pot",
    ),
    GameSpec(
        id="a5-triple-draw", phh_code="A5L3D", name="A-5 Triple Draw",
        aliases=("ace-to-five-triple-draw", "a-5-triple-draw", "a5td"),
        hole_cards=5, board_cards=0, streets=_triple_draw(5), structure=FL,
        awards=(A5_AWARD,), high_award="a5",
        summary="5 cards, three draws; the best A-5 low takes the pot",
    ),
    GameSpec(
        id="27-single-draw", phh_code="2L1D", name="2-7 Single Draw",
        aliases=("deuce-to-seven-single-draw", "2-7-single-draw", "27sd"),
        hole_cards=5, board_cards=0, streets=_single_draw(5), structure=NL,
        awards=(DEUCE_SEVEN_AWARD,), high_award="27",
        summary="5 cards, one draw; the best 2-7 low takes the pot",
    ),
    # Omaha hi-lo: half to the best Omaha high, half to the best Omaha eight-or-better low; no
    # low, the high takes the whole pot; the odd chip to the high half (docs/rules.md "The
    # mixed-game menu"). The fixed-limit game is O8's usual form (HORSE, the 8-game); pot-limit
    # is its own entry, so that a mix may deal both and a name never says one structure while
    # the game plays another.
    GameSpec(
        id="omaha-8", phh_code="O/8", name="Omaha Hi-Lo 8",
        aliases=("o8", "omaha-hi-lo", "omaha-8-or-better", "omaha-hi-lo-8", "limit-omaha-8"),
        hole_cards=4, board_cards=5, streets=_board_game(4), structure=FL, structures=(FL,),
        awards=(OMAHA_AWARD, OMAHA_LOW_AWARD), high_award="omaha", max_players=9,
        summary="4 cards, flop, turn, river; Omaha high / Omaha low 8-or-better",
    ),
    GameSpec(
        id="omaha-8-pl", phh_code="O/8", name="Pot-limit Omaha Hi-Lo 8",
        aliases=("plo8", "plo-8", "pot-limit-omaha-8", "pot-limit-omaha-hi-lo"),
        hole_cards=4, board_cards=5, streets=_board_game(4), structure=PL, structures=(PL,),
        awards=(OMAHA_AWARD, OMAHA_LOW_AWARD), high_award="omaha", max_players=9,
        summary="Omaha Hi-Lo 8, pot-limit",
    ),
    GameSpec(
        id="big-o", phh_code="O5/8", name="Big O",
        aliases=("bigo", "big-o-8", "5-card-omaha-hi-lo", "plo8-5"),
        hole_cards=5, board_cards=5, streets=_board_game(5), structure=PL, structures=(PL,),
        awards=(OMAHA_AWARD, OMAHA_LOW_AWARD), high_award="omaha", max_players=8,
        summary="5 cards, flop, turn, river; Omaha high / Omaha low 8-or-better, pot-limit",
    ),
    # docs/rules.md "The mixed-game menu": the stud family (ante, bring-in, fixed-limit). The
    # odd chip of a split goes to the high half (Razzdugi: the razz half).
    _stud_game(
        id="stud", phh_code="7S", name="Seven-card Stud",
        aliases=("seven-card-stud", "7-card-stud", "7cs", "stud-high"),
        stud=Stud(), awards=(STUD_AWARD,), high_award="stud",
        summary="7 cards (2 down, 4 up, 1 down), ante and bring-in; the best high hand",
    ),
    _stud_game(
        id="razz", phh_code="R", name="Razz", aliases=("seven-card-razz",),
        stud=Stud(low=True), awards=(RAZZ_AWARD,), high_award="razz",
        summary="stud dealt for the lowest hand: A-5 low, best five of seven, no qualifier",
    ),
    _stud_game(
        id="stud-8", phh_code="7S/8", name="Stud Hi-Lo 8",
        aliases=("stud8", "stud-hi-lo", "stud-hi-lo-8", "seven-card-stud-8", "stud-8-or-better"),
        stud=Stud(), awards=(STUD_AWARD, STUD_LOW_AWARD), high_award="stud",
        summary="stud split high / A-5 low 8-or-better; no low, the high takes it all",
    ),
    _stud_game(
        id="razzdugi", phh_code="RZB", name="Razzdugi", aliases=("razzdugi-split",),
        stud=Stud(low=True), awards=(RAZZ_AWARD, BADUGI_AWARD), high_award="razz",
        summary="razz split with the best Badugi of any four of the seven cards",
    ),
    # Reference games that other tools also play, for cross-checks. Hold'em is two games, as
    # Omaha Hi-Lo 8 is: Limit Hold'em, fixed-limit alone (the H of HORSE, the 8-game's limit
    # hold'em), and No-limit Hold'em, so that a mix may deal both (the 8-game does) and a name
    # never says another structure than the game plays. (No-limit Hold'em still allows every
    # structure, as Pot-limit Omaha does, so that tables and histories that played it
    # fixed-limit before keep working.) Limit Hold'em is registered first: a PHH record of
    # fixed-limit hold'em (``FT``) written elsewhere imports as Limit Hold'em.
    GameSpec(
        id="limit-holdem", phh_code="T", name="Limit Hold'em",
        aliases=("lhe", "fixed-limit-holdem", "limit-hold-em", "fl-holdem"),
        hole_cards=2, board_cards=5, streets=_board_game(2), structure=FL, structures=(FL,),
        awards=(HIGH_AWARD,), high_award="holdem", max_players=9, reference=True,
        summary="reference game: 2 hole cards, best five of seven, fixed-limit (HORSE, 8-game)",
    ),
    GameSpec(
        id="holdem", phh_code="T", name="No-limit Hold'em", hole_cards=2, board_cards=5,
        streets=_board_game(2), structure=NL, awards=(HIGH_AWARD,), high_award="holdem",
        max_players=9, reference=True, summary="reference game: 2 hole cards, best five of seven",
    ),
    GameSpec(
        id="omaha", phh_code="O", name="Pot-limit Omaha", hole_cards=4, board_cards=5,
        streets=_board_game(4), structure=PL, awards=(OMAHA_AWARD,), high_award="omaha",
        max_players=9, reference=True, summary="reference game: 4 hole cards, exactly 2 + 3",
    ),
    GameSpec(
        id="omaha-5", phh_code="O5", name="Pot-limit 5-card Omaha", hole_cards=5, board_cards=5,
        streets=_board_game(5), structure=PL, awards=(OMAHA_AWARD,), high_award="omaha",
        max_players=8, reference=True, summary="reference game: 5 hole cards, exactly 2 + 3",
    ),
    GameSpec(
        id="omaha-6", phh_code="O6", name="Pot-limit 6-card Omaha", hole_cards=6, board_cards=5,
        streets=_board_game(6), structure=PL, awards=(OMAHA_AWARD,), high_award="omaha",
        max_players=7, reference=True, summary="reference game: 6 hole cards, exactly 2 + 3",
    ),
)  # fmt: skip

GAMES: Final[dict[str, GameSpec]] = {spec.id: spec for spec in _SPECS}


def _check_award_names() -> None:
    """An award's name names one award in the whole registry (a name picks its evaluator)."""
    seen: dict[str, Award] = {}
    for spec in _SPECS:
        for award in spec.awards:
            if seen.setdefault(award.name, award) is not award:
                raise GameSpecError(f"award name {award.name!r} names two different awards")


_check_award_names()
_BY_NAME: Final = {
    **{alias: spec for spec in _SPECS for alias in spec.aliases},
    **GAMES,
}


def game_ids() -> tuple[str, ...]:
    """Every registered game id, in registry order."""
    return tuple(GAMES)


def find_game(name: str) -> GameSpec:
    """The game with this id or alias (case-insensitive); a clear error names the known ones."""
    spec = _BY_NAME.get(name.strip().lower())
    if spec is None:
        known = ", ".join(sorted(_BY_NAME))
        raise GameSpecError(f"unknown game {name!r}; known games: {known}")
    return spec


_BY_PHH_CODE: Final = {
    (spec.phh_code, structure): spec
    for spec in reversed(_SPECS)  # the first registered game of a code and structure wins
    if spec.phh_code
    for structure in spec.structures
}


def game_by_phh_code(code: str, structure: Structure | None = None) -> GameSpec | None:
    """The game whose PHH code (without the structure letter) is ``code`` and which is played
    in ``structure`` (any structure when ``None``; Omaha Hi-Lo 8 is two games, one per
    structure; fixed-limit ``T`` is Limit Hold'em, registered before No-limit Hold'em), or
    ``None``."""
    if structure is not None:
        return _BY_PHH_CODE.get((code, structure))
    return next((s for (c, _), s in _BY_PHH_CODE.items() if c == code), None)
