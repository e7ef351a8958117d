"""Games as data: every game is a :class:`GameSpec` in one registry, found by id or alias."""

from splitpot.games.registry import GAMES, find_game, game_by_phh_code, game_ids
from splitpot.games.spec import Award, GameSpec

__all__ = ["GAMES", "Award", "GameSpec", "find_game", "game_by_phh_code", "game_ids"]
