"""The hand ranking panel: for each award of a game, its hands from best to worst."""

from __future__ import annotations

from typing import Any, Final

from splitpot.games.registry import (
    A5_AWARD,
    BADUGI_AWARD,
    BADUGI_HIGH_AWARD,
    DEUCE_SEVEN_AWARD,
    DOOGIE_HIGH_AWARD,
    DOOGIE_LOW_AWARD,
    DRAW_AWARD,
    HIGH_AWARD,
    OMAHA_AWARD,
    OMAHA_LOW_AWARD,
    RAZZ_AWARD,
    STUD_AWARD,
    STUD_LOW_AWARD,
)
from splitpot.games.spec import Award, GameSpec

__all__ = ["ranking_panel"]

_HIGH: Final = (
    "Straight flush (A♠K♠Q♠J♠T♠ is the best: a royal flush)",
    "Four of a kind",
    "Full house",
    "Flush",
    "Straight (A-2-3-4-5 is the lowest)",
    "Three of a kind",
    "Two pair",
    "One pair",
    "High card",
)
_BADUGI_LOW: Final = (
    "Four-card badugi: four suits, four ranks; A-2-3-4 is the best",
    "Three-card hands (three suits and ranks): A-2-3 best",
    "Two-card hands",
    "One-card hands",
    "More cards beat fewer; among equal sizes the lower top card wins, then the next. Aces are "
    "low; a pair or a second card of a suit does not count",
)
_PANELS: Final[dict[int, tuple[str, tuple[str, ...]]]] = {
    id(HIGH_AWARD): ("High: the best five of your cards and the board", _HIGH),
    id(STUD_AWARD): ("High: the best five of your seven cards", _HIGH),
    id(OMAHA_AWARD): ("Omaha high: exactly two hole cards and exactly three board cards", _HIGH),
    id(DRAW_AWARD): ("Draw high: your five private cards alone", _HIGH),
    id(BADUGI_AWARD): ("Badugi: your hole cards alone, aces low", _BADUGI_LOW),
    id(BADUGI_HIGH_AWARD): (
        "Badugi, aces high: your hole cards alone",
        (
            "Four-card badugi: four suits, four ranks; 2-3-4-5 is the best",
            "Three-card hands, then two-card, then one-card",
            "Among equal sizes the lower top card wins; aces are HIGH (the worst card)",
        ),
    ),
    id(DEUCE_SEVEN_AWARD): (
        "2-7 lowball: your five private cards; the lowest hand wins",
        (
            "7-5-4-3-2 in at least two suits is the best",
            "No pair, compared from the top card down: the lower top card wins, then the next",
            "Straights and flushes count against you; aces are high",
            "Any pair is worse than any no-pair hand; then two pair, trips and so on",
        ),
    ),
    id(A5_AWARD): (
        "A-5 lowball: the lowest hand wins",
        (
            "5-4-3-2-A (the wheel) is the best",
            "No pair, compared from the top card down",
            "Straights and flushes do not count; aces are low",
            "Any pair is worse than any no-pair hand",
        ),
    ),
    id(RAZZ_AWARD): (
        "Razz: the lowest five of your seven cards, A-5, no qualifier",
        (
            "5-4-3-2-A (the wheel) is the best",
            "No pair, compared from the top card down",
            "Straights and flushes do not count; aces are low",
            "Any pair is worse than any no-pair hand",
        ),
    ),
    id(STUD_LOW_AWARD): (
        "Stud low: the lowest five of your seven cards, A-5, eight or better",
        (
            "5-4-3-2-A (the wheel) is the best; 8-7-6-5-4 the worst that qualifies",
            "Five different ranks of eight or lower, compared from the top card down",
            "Straights and flushes do not count; aces are low",
            "No qualifying low: the high hand takes the whole pot",
        ),
    ),
    id(OMAHA_LOW_AWARD): (
        "Omaha low: exactly two hole cards and exactly three board cards, eight or better",
        (
            "5-4-3-2-A (the wheel) is the best; 8-7-6-5-4 the worst that qualifies",
            "Five different ranks of eight or lower, compared from the top card down",
            "Straights and flushes do not count; aces are low",
            "No low (fewer than three board cards of eight or lower, a nine, a pair): the "
            "high hand takes the whole pot",
        ),
    ),
    id(DOOGIE_HIGH_AWARD): (
        "High (Doogie): best five of your cards and the board; full house or better qualifies",
        (
            "Perfect doogie: A-2-3-4 of four different suits beats every high hand",
            *_HIGH[:3],
            "Below a full house the high half is not won",
        ),
    ),
    id(DOOGIE_LOW_AWARD): (
        "Doogie low: one card of each suit, four ranks, from all your cards and the board",
        (
            "Perfect doogie: A-2-3-4 in four suits is the best",
            "Named by the highest card: a 5 doogie beats a 6 doogie ... a 7 doogie is the worst "
            "that qualifies",
            "Compared like a four-card badugi: the lower top card, then the next; aces low",
            "No doogie, or an 8 doogie or worse, does not win the low half",
        ),
    ),
}


def _panel(award: Award) -> dict[str, Any]:
    title, lines = _PANELS.get(id(award), (award.label, ()))
    return {"award": award.name, "title": title, "lines": list(lines)}


def ranking_panel(game: GameSpec) -> list[dict[str, Any]]:
    """Each award's title and hands, best first."""
    return [_panel(award) for award in game.awards]
