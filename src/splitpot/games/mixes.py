"""Mixes a table can be created with in one click (the lobby's presets): the games of each,
in order, and how they change (``rotation`` or ``dealers-choice``; see
:mod:`splitpot.engine.mixed`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from splitpot.games.registry import GAMES

__all__ = ["MIXES", "MixPreset"]


@dataclass(frozen=True, slots=True, kw_only=True)
class MixPreset:
    """A named mix: its games (ids, in order), its mode, and the structure of each game
    whose default is not the one the mix plays (none of the presets needs one: a game that
    is played in two structures in mixed games, hold'em or Omaha Hi-Lo 8, is two games)."""

    id: str
    name: str
    games: tuple[str, ...]
    mixed: str
    summary: str
    structures: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = [game for game in self.games if game not in GAMES]
        if unknown:
            raise ValueError(f"mix {self.id}: unknown games {unknown}")
        if set(self.structures) - set(self.games):
            raise ValueError(f"mix {self.id}: a structure for a game it does not deal")

    def to_json(self) -> dict[str, Any]:
        """The preset as the lobby reads it."""
        return {
            "id": self.id,
            "name": self.name,
            "games": list(self.games),
            "mixed": self.mixed,
            "summary": self.summary,
            "structures": dict(self.structures),
        }


# dealer's choice offers every game, the reference games too: hold'em and Pot-limit Omaha are
# in every mixed-game menu (the 8-game deals them)
_PLAYED: Final = tuple(GAMES)

MIXES: Final[tuple[MixPreset, ...]] = (
    MixPreset(
        id="split-pot-mix", name="Split-pot mix", mixed="rotation",
        games=(
            "drawmaha", "bodigiha", "badugi", "doogie",  # the four seed games
            "omaha-8", "big-o",  # docs/rules.md "The mixed-game menu": Omaha hi-lo
            "stud-8", "razzdugi",  # and the split stud games
        ),
        summary="the split-pot games in turn: Drawmaha, Bodigiha, Badugi, Doogie, "
        "Omaha Hi-Lo 8, Big O, Stud Hi-Lo 8, Razzdugi",
    ),
    MixPreset(
        id="dramaha-family", name="Dramaha family", mixed="rotation",
        games=("drawmaha", "drawmaha-27", "drawmadugi", "triple-draw-dramaha", "sviten-special"),
        summary="Drawmaha, Drawmaha 2-7, Drawmadugi, Triple Draw Dramaha, Sviten Special in turn",
    ),
    MixPreset(
        id="badugi-mix", name="Badugi mix", mixed="rotation",
        games=("badugi", "badacey", "badeucy"),
        summary="Badugi, Badacey, Badeucy in turn",
    ),
    MixPreset(
        id="triple-draw-mix", name="Triple-draw mix", mixed="rotation",
        games=("27-triple-draw", "a5-triple-draw", "badugi", "badacey", "badeucy"),
        summary="2-7 Triple Draw, A-5 Triple Draw, Badugi, Badacey, Badeucy in turn",
    ),
    MixPreset(
        # docs/rules.md "The mixed-game menu": the rotation of the WSOP's HORSE events, every
        # game fixed-limit (each game's own structure)
        id="horse", name="HORSE", mixed="rotation",
        games=("limit-holdem", "omaha-8", "razz", "stud", "stud-8"),
        summary="Limit Hold'em, Omaha Hi-Lo 8, Razz, Seven-card Stud, Stud Hi-Lo 8 in turn",
    ),
    MixPreset(
        # docs/rules.md "The mixed-game menu": the WSOP's 8-game rotation, HORSE's games with
        # 2-7 Triple Draw before them and No-limit Hold'em and Pot-limit Omaha after; hold'em
        # twice, as two games (each game's own structure: fixed-limit but for those two)
        id="eight-game", name="8-game", mixed="rotation",
        games=(
            "27-triple-draw", "limit-holdem", "omaha-8", "razz", "stud", "stud-8",
            "holdem", "omaha",
        ),
        summary="2-7 Triple Draw, Limit Hold'em, Omaha Hi-Lo 8, Razz, Seven-card Stud, "
        "Stud Hi-Lo 8 (fixed-limit), No-limit Hold'em, Pot-limit Omaha in turn",
    ),
    MixPreset(
        id="stud-mix", name="Stud mix", mixed="rotation",
        games=("stud", "razz", "stud-8", "razzdugi"),
        summary="Seven-card Stud, Razz, Stud Hi-Lo 8, Razzdugi in turn",
    ),
    MixPreset(
        id="dealers-choice", name="Dealer's choice", mixed="dealers-choice", games=_PLAYED,
        summary="the button picks any game of splitpot before each deal",
    ),
)  # fmt: skip
