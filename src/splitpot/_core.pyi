"""splitpot's compiled rules core (Rust, rust/src/): cards as ints (rank * 4 + suit), values as
ints where bigger wins. Called by splitpot.evaluate, splitpot.engine and splitpot.equity only."""

from typing import Final

NO_HAND: Final[int]
"""A batch's value for "no hand of this kind" (``value`` returns None), below every value."""
KINDS: Final[dict[str, int]]
"""The code of each evaluator kind, keyed by ``EvalKind`` value ("high", "omaha", ...)."""
WORDS: Final[dict[int, str]]
"""The encoding of each kind's values (by code), that ``splitpot.evaluate.words`` reads."""
PERFECT_DOOGIE: Final[int]
"""A-2-3-4 in four suits: the best doogie's value."""
PERFECT_DOOGIE_HIGH: Final[int]
"""The perfect doogie's value in Doogie's high half (above a royal flush)."""

def value(kind: int, aces_high: bool, hole: bytes, board: bytes) -> int | None:
    """The raw value of one hand for an award of kind ``kind`` (None: no hand of the kind)."""

def used(kind: int, aces_high: bool, hole: bytes, board: bytes) -> bytes:
    """The cards that make the hand, in the order it reads (Omaha: two hole, three board)."""

def batch(
    kind: int, aces_high: bool, holes: bytes, hole_n: int, boards: bytes, board_n: int
) -> bytes:
    """The raw values of many hands (``hole_n`` / ``board_n`` cards a hand) as native int64s."""

def decide(
    rules: list[tuple[bool, int | None, int | None]],
    values: list[int],
    ways: bytes,
    tie_keeps: bool,
) -> tuple[list[int], list[int], list[tuple[int, int, int]]]:
    """A pot's awards: (contender masks, winner masks, [(player, failure, award)] out)."""

def shares(
    rules: list[tuple[bool, int | None, int | None]],
    values: list[int],
    ways: bytes,
    tie_keeps: bool,
) -> list[int]:
    """Each player's share of the pot in units of ``unit_for(players)``."""

def unit_for(players: int) -> int:
    """Units in a whole pot of ``players`` players: every share is a whole number of them."""
