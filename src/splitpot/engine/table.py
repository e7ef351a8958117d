"""A table: hands in a row. The button moves, stacks carry over, busted seats sit out, and the
game can change between hands (a mixed-game rotation, each game with its own structure).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.options import Options, Stakes
from splitpot.errors import GameSpecError
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Structure

__all__ = ["Policy", "Table", "move_button"]

Policy = Callable[[Hand, LegalActions], Action]
"""Chooses the acting seat's action (``hand.to_act``) from what is legal."""


def move_button(button: int | None, playing: Sequence[int], seats: int) -> int:
    """The button of the next hand: the first seat clockwise after ``button`` that is dealt
    in (``playing``, of ``seats`` seats in all); with no button yet, the first seat dealt in."""
    if button is None:
        return playing[0]
    clockwise = ((button + step) % seats for step in range(1, seats + 1))
    return next(seat for seat in clockwise if seat in playing)


class Table:
    """Seats with stacks, a button, and a rotation of games (one or more)."""

    def __init__(
        self,
        games: Sequence[GameSpec | str] | GameSpec | str,
        *,
        stacks: Sequence[int],
        rng: random.Random,
        stakes: str | Stakes = "1/2",
        structure: Structure | str | None = None,
        options: Options | None = None,
        names: Sequence[str] | None = None,
        button: int = 0,
        hands_per_game: int = 1,
        rebuy: int | None = None,
    ) -> None:
        rotation = [games] if isinstance(games, GameSpec | str) else list(games)
        self.games = tuple(find_game(g) if isinstance(g, str) else g for g in rotation)
        if not self.games:
            raise GameSpecError("a table needs at least one game")
        self.names = tuple(names) if names else tuple(f"seat{i + 1}" for i in range(len(stacks)))
        if len(self.names) != len(stacks) or len(set(self.names)) != len(self.names):
            raise GameSpecError("names must give each seat its own name")
        self.stacks = list(stacks)
        self.rng = rng
        self.stakes = stakes
        self.structure = structure
        self.options = options or Options()
        self.button = button % len(stacks)
        self.hands_per_game = hands_per_game
        self.rebuy = rebuy
        self.rebuys = [0] * len(stacks)
        self.hands_played = 0
        self._moved = False

    @property
    def game(self) -> GameSpec:
        """The game of the next hand."""
        return self.games[(self.hands_played // self.hands_per_game) % len(self.games)]

    def _stakes_for(self, game: GameSpec) -> Stakes:
        return self.stakes if isinstance(self.stakes, Stakes) else Stakes.parse(self.stakes, game)

    def structure_for(self, game: GameSpec) -> Structure | str | None:
        """The table's structure where ``game`` allows it; else ``None``: the game's own."""
        if self.structure is not None and Structure(self.structure) in game.structures:
            return self.structure
        return None

    def seated(self) -> list[int]:
        """Seats with chips, who are dealt in."""
        return [seat for seat, chips in enumerate(self.stacks) if chips > 0]

    def new_hand(self) -> Hand:
        """Deal the next hand to the seats with chips (after any rebuys)."""
        if self.rebuy:
            for seat, chips in enumerate(self.stacks):
                if chips == 0:
                    self.stacks[seat] = self.rebuy
                    self.rebuys[seat] += self.rebuy
        playing = self.seated()
        if len(playing) < 2:
            raise GameSpecError("fewer than two seats have chips: the table cannot deal")
        if self._moved or self.button not in playing:
            self.button = move_button(self.button, playing, len(self.stacks))
        self._moved = True
        game = self.game
        return Hand(
            game,
            stacks=[self.stacks[s] for s in playing],
            button=playing.index(self.button),
            stakes=self._stakes_for(game),
            structure=self.structure_for(game),
            options=self.options,
            rng=self.rng,
            names=[self.names[s] for s in playing],
        )

    def finish(self, hand: Hand) -> None:
        """Carry a finished hand's stacks back to the table."""
        if not hand.is_over:
            raise GameSpecError("the hand is not over yet")
        for name, chips in zip(hand.names, hand.stacks, strict=True):
            self.stacks[self.names.index(name)] = chips
        self.hands_played += 1

    def play_hand(self, policy: Policy) -> Hand:
        """Deal and play one hand, asking ``policy`` for every decision."""
        hand = self.new_hand()
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None
            hand.apply(policy(hand, legal))
        self.finish(hand)
        return hand
