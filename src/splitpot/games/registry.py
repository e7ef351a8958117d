"""The registry: every game in docs/rules.md, registered once.

``high_award`` names the award that takes the odd chip when a pot is split between awards
(docs/rules.md "Odd chips": Drawmaha the draw half (BARGE); Bodigiha, Drawmadugi and Drawmaha 2-7
the Omaha half; Badacey the A-5 half; Badeucy the 2-7 half; Doogie the high half). Triple Draw
Dramaha and Sviten Special are Drawmaha deals and follow Drawmaha.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import Card, parse_cards
from splitpot.errors import GameSpecError
from splitpot.evaluate.badugi import badugi_value, evaluate_badugi, evaluate_badugi_aces_high
from splitpot.evaluate.doogie import (
    PERFECT_DOOGIE,
    PERFECT_DOOGIE_HIGH,
    doogie_value,
    evaluate_doogie,
    evaluate_doogie_high,
)
from splitpot.evaluate.high import evaluate_draw_high, evaluate_high, high_value, high_value_5
from splitpot.evaluate.lowball import (
    a5_value_5,
    deuce_seven_value_5,
    evaluate_a5,
    evaluate_deuce_seven,
)
from splitpot.evaluate.omaha import evaluate_omaha, omaha_value
from splitpot.evaluate.value import HandValue, Qualifier
from splitpot.games.spec import Award, EvalKind, GameSpec, Keep
from splitpot.games.streets import Bet, Deal, Declare, Draw, Forced, Street, Structure

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a fast start)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "EIGHT_OR_BETTER",
    "FULL_HOUSE_OR_BETTER",
    "GAMES",
    "SEVEN_DOOGIE_OR_BETTER",
    "find_game",
    "game_ids",
]

FULL_HOUSE_OR_BETTER: Final = Qualifier.from_hand(
    "full house or better", evaluate_high, parse_cards("2c2d2h3c3d")
)
SEVEN_DOOGIE_OR_BETTER: Final = Qualifier.from_hand(
    "7-doogie or better", evaluate_doogie, parse_cards("7c6d5h4s")
)
EIGHT_OR_BETTER: Final = Qualifier.from_hand("8-or-better", evaluate_a5, parse_cards("8c7d6h5s4c"))


def _high(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    return evaluate_high((*hole, *board))


def _omaha(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    return evaluate_omaha(hole, board)


def _draw_high(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    return evaluate_draw_high(hole)


def _badugi(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    return evaluate_badugi(hole)


def _badugi_aces_high(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    return evaluate_badugi_aces_high(hole)


def _deuce_seven(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    return evaluate_deuce_seven(hole)


def _a5(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    return evaluate_a5(hole)


def _high_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    return high_value((*hole, *board))


def _draw_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    return high_value_5(hole)


def _omaha_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    return omaha_value(hole, board)


def _badugi_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    return badugi_value(hole)


def _badugi_high_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    return badugi_value(hole, aces_high=True)


def _deuce_seven_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    return deuce_seven_value_5(hole)


def _a5_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    return a5_value_5(hole)


def _doogie_high_raw(hole: Sequence[int], board: Sequence[int]) -> int:
    pool = (*hole, *board)
    return PERFECT_DOOGIE_HIGH if doogie_value(pool) == PERFECT_DOOGIE else high_value(pool)


def _doogie_low_raw(hole: Sequence[int], board: Sequence[int]) -> int | None:
    return doogie_value((*hole, *board))


OMAHA_AWARD: Final = Award(
    name="omaha",
    label="Omaha high (2 hole + 3 board)",
    evaluate=_omaha,
    raw=_omaha_raw,
    kind=EvalKind.OMAHA,
    keep=Keep.OMAHA,
)
DRAW_AWARD: Final = Award(
    name="draw",
    label="Draw high (five private cards)",
    evaluate=_draw_high,
    raw=_draw_raw,
    kind=EvalKind.DRAW_HIGH,
    keep=Keep.DRAW_HIGH,
)
BADUGI_AWARD: Final = Award(
    name="badugi",
    label="Badugi (hole cards, aces low)",
    evaluate=_badugi,
    raw=_badugi_raw,
    kind=EvalKind.BADUGI,
    keep=Keep.BADUGI,
)
DEUCE_SEVEN_AWARD: Final = Award(
    name="27",
    label="2-7 lowball (five private cards)",
    evaluate=_deuce_seven,
    raw=_deuce_seven_raw,
    kind=EvalKind.DEUCE_SEVEN,
    keep=Keep.DEUCE_SEVEN,
)
A5_AWARD: Final = Award(
    name="a5", label="A-5 lowball", evaluate=_a5, raw=_a5_raw, kind=EvalKind.A5, keep=Keep.A5
)
BADUGI_HIGH_AWARD: Final = Award(
    name="badugi-aces-high",
    label="Badugi (aces high)",
    evaluate=_badugi_aces_high,
    raw=_badugi_high_raw,
    kind=EvalKind.BADUGI,
    keep=Keep.BADUGI,
    aces_high=True,
)
HIGH_AWARD: Final = Award(
    name="holdem",
    label="High (best five of seven)",
    evaluate=_high,
    raw=_high_raw,
    kind=EvalKind.HIGH,
)

DOOGIE_HIGH_AWARD: Final = Award(
    name="high",
    label="High (full house or better; the perfect doogie tops all)",
    evaluate=evaluate_doogie_high,
    raw=_doogie_high_raw,
    kind=EvalKind.DOOGIE_HIGH,
    qualifier=FULL_HOUSE_OR_BETTER,
    best_possible=PERFECT_DOOGIE_HIGH,
)
DOOGIE_LOW_AWARD: Final = Award(
    name="low",
    label="Doogie low (7-doogie or better)",
    evaluate=evaluate_doogie,
    raw=_doogie_low_raw,
    kind=EvalKind.DOOGIE_LOW,
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
    # Reference games that other tools also play, for cross-checks.
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


_BY_PHH_CODE: Final = {spec.phh_code: spec for spec in _SPECS if spec.phh_code}


def game_by_phh_code(code: str) -> GameSpec | None:
    """The game whose PHH code (without the structure letter) is ``code``, or ``None``."""
    return _BY_PHH_CODE.get(code)
