"""Mixed games: what a table deals next when it plays several games.

A :class:`Mix` is what a table was asked to deal: one game, or two or more in a ``rotation``
(the game changes after every orbit of the button, or after ``hands_per_game`` hands) or at
``dealers-choice`` (before the deal the button picks the next game from the list; the pick
stands for one hand, or for ``hands_per_game`` hands). Each game keeps its own structure.
A :class:`MixPlace` is where a table is in its mix (the game now, the hands dealt of it, the
seats that had the button in it, a pick waiting to be dealt); it is plain data, so a table
stored and loaded again resumes at the same game and place.

The stakes are one text for the whole mix, read for each game by :func:`stakes_for`: ``"1/2"``
is blinds 1 and 2 with bets of 2 and 4 in a blinds game, and an ante of 1 with bets of 2 and 4
in an ante game (Doogie). The small blind and the ante are the same chips, the big blind is the
small bet in both, and a fixed-limit round bets the same amounts whichever game is dealt. An
ante added to the blinds (``"1/2 ante 1"``) is for the blind games only.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from splitpot.engine.options import Stakes, check_structure
from splitpot.engine.table import move_button
from splitpot.errors import GameSpecError
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Forced, Structure

__all__ = [
    "MAX_HANDS_PER_GAME",
    "MIXED_MODES",
    "Mix",
    "MixPlace",
    "MixedMode",
    "stakes_for",
]

MixedMode = Literal["rotation", "dealers-choice"]
MIXED_MODES: Final[tuple[MixedMode, ...]] = ("rotation", "dealers-choice")
MAX_HANDS_PER_GAME: Final = 1000


_BLIND_ANTE: Final = re.compile(
    r"(?:,?\s*(?:(?:bb-|button-)?ante\s+\d+|straddle)\s*)+$", re.IGNORECASE
)


def stakes_for(text: str, game: GameSpec) -> Stakes:
    """The mix's stakes text read for ``game`` (see the module docstring): the same ``"1/2"``
    gives blinds 1/2 in a blinds game and an ante of 1 in an ante game, bets 2/4 in both. An
    ante added for the blind games (``"1/2 ante 1"``) is theirs: an ante game's ante is the
    first number, as ever."""
    if game.forced is Forced.ANTE:
        text = _BLIND_ANTE.sub("", text)
    return Stakes.parse(text, game)


@dataclass(frozen=True, slots=True, kw_only=True)
class Mix:
    """The games a table deals: one (``mode`` ``None``), or a mix of two or more."""

    games: tuple[GameSpec, ...]
    mode: MixedMode | None = None
    hands_per_game: int | None = None  # None: an orbit (rotation), one hand (dealer's choice)
    structures: Mapping[str, Structure] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ids = [game.id for game in self.games]
        if not ids:
            raise GameSpecError("a table needs a game")
        if len(set(ids)) != len(ids):
            twice = next(i for i in ids if ids.count(i) > 1)
            raise GameSpecError(f"{twice} is in the list twice: name each game once")
        if self.mode is None and len(ids) > 1:
            raise GameSpecError("several games need a mixed mode: rotation or dealers-choice")
        if self.mode is not None and self.mode not in MIXED_MODES:
            raise GameSpecError(f"mixed {self.mode!r}: use {' or '.join(MIXED_MODES)}")
        if self.mode is not None and len(ids) < 2:
            raise GameSpecError("a mix needs two or more games")
        hands = self.hands_per_game
        if hands is not None and (type(hands) is not int or not 1 <= hands <= MAX_HANDS_PER_GAME):
            raise GameSpecError(
                f"hands_per_game: a whole number of hands, 1 to {MAX_HANDS_PER_GAME}, not {hands!r}"
            )
        chosen = {}
        for game in self.games:
            chosen[game.id] = check_structure(game, self.structures.get(game.id))
        object.__setattr__(self, "structures", chosen)

    @classmethod
    def build(
        cls,
        games: Sequence[str],
        mode: str | None = None,
        hands_per_game: int | None = None,
        structures: Mapping[str, str] | None = None,
    ) -> Mix:
        """A mix from game ids or aliases and structure names; :class:`GameSpecError` says
        what is wrong (an unknown game, a structure a game is not played in...)."""
        specs = tuple(find_game(name) for name in games)
        given: dict[str, Structure] = {}
        for name, structure in (structures or {}).items():
            game = find_game(name)
            if game not in specs:
                raise GameSpecError(f"{game.name} has a structure but is not in the games")
            try:
                given[game.id] = check_structure(game, structure)
            except GameSpecError as exc:
                raise GameSpecError(f"{game.name}: {exc}") from None
        known: MixedMode | None = None
        if mode is not None:
            known = next((m for m in MIXED_MODES if m == mode), None)
            if known is None:
                raise GameSpecError(f"mixed {mode!r}: use {' or '.join(MIXED_MODES)}")
        return cls(games=specs, mode=known, hands_per_game=hands_per_game, structures=given)

    @property
    def mixed(self) -> bool:
        """Whether the table deals more than one game."""
        return self.mode is not None

    def structure_of(self, game: GameSpec) -> Structure:
        """The structure ``game`` is played in at this table."""
        return self.structures[game.id]

    def index_of(self, name: str) -> int:
        """The place of a game (id or alias) in the list; refused when it is not there."""
        game = find_game(name)
        if game not in self.games:
            listed = ", ".join(g.id for g in self.games)
            raise GameSpecError(f"{game.name} is not one of this table's games ({listed})")
        return self.games.index(game)

    def max_players(self) -> int:
        """The most seats every game of the mix can deal to."""
        return min(game.max_players for game in self.games)

    def to_json(self) -> dict[str, Any]:
        """The mix as the table's stored config and its summary give it."""
        return {
            "games": [game.id for game in self.games],
            "mixed": self.mode,
            "hands_per_game": self.hands_per_game,
            "structures": {game.id: self.structures[game.id].value for game in self.games},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Mix:
        """The mix :meth:`to_json` wrote."""
        return cls.build(
            data["games"], data.get("mixed"), data.get("hands_per_game"), data.get("structures")
        )


@dataclass(slots=True)
class MixPlace:
    """Where a table is in its mix: the game now (``index`` in :attr:`Mix.games`), the hands
    dealt of it, the seats that had the button in it, and the button's pick at dealer's choice
    waiting for its deal."""

    index: int = 0
    hands: int = 0
    buttons: list[int] = field(default_factory=list)
    pick: int | None = None

    def finished(self, mix: Mix, button: int) -> bool:
        """Whether the game now has had its hands when the next hand's button is ``button``:
        ``hands_per_game`` hands, else (rotation) an orbit: the button is back at a seat that
        had it in this game; at dealer's choice a pick is for one hand."""
        if mix.mode is None:
            return False
        if self.hands == 0:  # nothing dealt yet: a rotation starts with its first game
            return mix.mode == "dealers-choice"
        if mix.hands_per_game is not None:
            return self.hands >= mix.hands_per_game
        if mix.mode == "dealers-choice":
            return True
        return button in self.buttons

    def next_index(self, mix: Mix, button: int) -> int | None:
        """The game of the next hand (its index), whose button is ``button``; ``None`` when the
        button must choose it first (dealer's choice)."""
        if not self.finished(mix, button):
            return self.index
        if mix.mode == "rotation":
            return (self.index + 1) % len(mix.games)
        return self.pick

    def needs_choice(self, mix: Mix, button: int) -> bool:
        """Whether ``button`` must pick the game before the next deal."""
        return self.next_index(mix, button) is None

    def choose(self, mix: Mix, name: str) -> GameSpec:
        """The button picks the next game (an id or alias from the list)."""
        index = mix.index_of(name)
        self.pick = index
        return mix.games[index]

    def choose_at_random(self, mix: Mix, rng: random.Random) -> GameSpec:
        """A pick for a bot or a button whose clock ran out: any game of the list."""
        return self.choose(mix, rng.choice(mix.games).id)

    def dealt(self, mix: Mix, button: int) -> GameSpec:
        """A hand is dealt with ``button`` on the button: returns its game and moves on."""
        index = self.next_index(mix, button)
        if index is None:
            raise GameSpecError("the button has not chosen the game yet")
        if self.finished(mix, button):
            self.index, self.hands, self.buttons = index, 0, []
        self.pick = None
        self.hands += 1
        self.buttons.append(button)
        return mix.games[index]

    def hands_left(self, mix: Mix, button: int | None, playing: Sequence[int], seats: int) -> int:
        """Hands still to be dealt in the game now after those dealt (a hand in progress
        counts as dealt), if the seats dealt in stay ``playing`` (of ``seats`` in all): for an
        orbit, the seats the button reaches before one that already had it. The button moves
        among the seats dealt in only, so a seat that had it and is no longer dealt in (its
        player sits out or left) is never reached: the orbit ends once the button comes back
        to a seat it reached in this game, in the hands dealt or in the walk."""
        if mix.mode is None:
            return 0
        if mix.hands_per_game is not None or mix.mode == "dealers-choice":
            return max(0, (mix.hands_per_game or 1) - self.hands)
        if not playing:
            return 0
        had_it = set(self.buttons)
        left = 0
        for _ in range(seats):
            button = move_button(button, playing, seats)
            if button in had_it:
                break
            had_it.add(button)
            left += 1
        return left

    def upcoming(self, mix: Mix) -> GameSpec | None:
        """The game after the game now: the next in a rotation; ``None`` at dealer's choice
        (the button will choose) or with one game."""
        if mix.mode != "rotation":
            return None
        return mix.games[(self.index + 1) % len(mix.games)]

    def to_json(self) -> dict[str, Any]:
        """The place as stored with the table."""
        return {
            "index": self.index,
            "hands": self.hands,
            "buttons": list(self.buttons),
            "pick": self.pick,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> MixPlace:
        """The place :meth:`to_json` wrote (a table stored before mixes: the start)."""
        if not data:
            return cls()
        return cls(
            index=int(data["index"]),
            hands=int(data["hands"]),
            buttons=[int(b) for b in data["buttons"]],
            pick=None if data.get("pick") is None else int(data["pick"]),
        )
