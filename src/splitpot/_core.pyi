"""splitpot's compiled rules core (Rust, rust/src/): cards as ints (rank * 4 + suit), values as
ints where bigger wins. Called by splitpot.evaluate, splitpot.engine and splitpot.equity only."""

from typing import Final

NO_HAND: Final[int]
"""A batch's value for "no hand of this kind" (``value`` returns None), below every value."""
KINDS: Final[dict[str, int]]
"""The code of each evaluator kind, keyed by ``EvalKind`` value ("high", "omaha", ...)."""

def value(kind: int, aces_high: bool, hole: bytes, board: bytes) -> int | None:
    """The raw value of one hand for an award of kind ``kind`` (None: no hand of the kind)."""

def batch(
    kind: int, aces_high: bool, holes: bytes, hole_n: int, boards: bytes, board_n: int
) -> bytes:
    """The raw values of many hands (``hole_n`` / ``board_n`` cards a hand) as native int64s."""
