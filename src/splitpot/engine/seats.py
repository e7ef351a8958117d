"""The seats of a new hand, checked once: stacks, the button, names, and the odd-chip option a
hand in play cannot use."""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.engine.options import Options
from splitpot.errors import GameSpecError
from splitpot.games import GameSpec

__all__ = ["check_seats"]


def check_seats(
    game: GameSpec,
    options: Options,
    stacks: Sequence[int],
    button: int,
    names: Sequence[str] | None,
) -> tuple[str, ...]:
    """The seats' names, once the seats, stacks, button and options are checked."""
    if options.odd_chip == "refuse":
        # docs/rules.md's refuse option is the Drawmaha seed calculator's: a hand in play
        # cannot refuse its own pot, so a table must place odd chips.
        raise GameSpecError(
            "the refuse odd-chip rule is for the showdown calculator; a hand in play must "
            "place every chip (use high-award)"
        )
    count = len(stacks)
    game.check_players(count)
    if any(type(s) is not int or s <= 0 for s in stacks):
        raise GameSpecError(f"every player needs a whole, positive stack: {list(stacks)}")
    if type(button) is not int or not 0 <= button < count:
        raise GameSpecError(f"button {button!r:.20} is not a seat (0 to {count - 1})")
    named = tuple(names) if names else tuple(f"seat{i + 1}" for i in range(count))
    if len(named) != count or len(set(named)) != count:
        raise GameSpecError("names must give each seat its own name")
    if not all(isinstance(name, str) and name for name in named):
        raise GameSpecError("names must be text, one non-empty name per seat")
    return named
