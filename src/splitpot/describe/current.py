"""A player's hand in progress in words, award by award, from the engine's evaluators: the
same words the showdown uses (:meth:`HandValue.describe`), e.g. ``Omaha high: three kings ·
Draw high: two pair, kings and sevens``. Terminal play and the web table both say it here.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.cards import Card
from splitpot.errors import SplitpotError
from splitpot.games.spec import Award, GameSpec

__all__ = ["award_name", "current_hand_line", "current_hands"]

NO_HAND_YET = "no hand yet"


def award_name(award: Award) -> str:
    """An award's label without its note in parentheses: ``Omaha high``, ``Badugi``."""
    return award.label.split(" (")[0]


def current_hands(
    game: GameSpec, hole: Sequence[Card], board: Sequence[Card]
) -> list[tuple[str, str]]:
    """Each award's name and the player's hand for it now (``no hand yet`` while the cards
    cannot make one, e.g. an Omaha hand before the flop; a hand that does not qualify says
    what it lacks)."""
    out = []
    for award in game.awards:
        try:
            value = award.hand(hole, board)
        except (SplitpotError, ValueError):  # (the board is not out yet)
            value = None
        if value is None:
            words = NO_HAND_YET
        else:
            words = value.describe()
            if not award.qualifies(value) and award.qualifier is not None:
                words += f" (not {award.qualifier.name})"
        out.append((award_name(award), words))
    return out


def current_hand_line(game: GameSpec, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """:func:`current_hands` as one line: ``Badugi: 4-3-2-A badugi · Omaha high: no hand yet``."""
    return " \u00b7 ".join(f"{name}: {words}" for name, words in current_hands(game, hole, board))
