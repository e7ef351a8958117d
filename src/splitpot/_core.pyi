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

# --- the study engine (rust/src/study) --------------------------------------------------------

STUDY_CHUNK: Final[int]
"""Monte Carlo samples per chunk: the unit of work given to a thread."""

def discard(
    hand: bytes, board: bytes, limit: int, policy: int, awards: list[list[int]]
) -> list[int]:
    """The positions of ``hand`` a player following ``policy`` throws, in the policy's order."""

class StudySpot:
    """A checked spot as the study engine takes it (``splitpot.equity.engine.encode``)."""

    def __init__(
        self,
        hole: int,
        board_cards: int,
        known: bytes,
        known_n: list[int],
        board: bytes,
        draws: list[tuple[int, int]],
        fixed: list[list[int]],
        wanted: list[list[int]],
        awards: list[list[int]],
        policy: int,
        tie_keeps: bool,
        unit: int,
        defer: bool,
        deck: bytes,
    ) -> None:
        """A spot: raises ValueError when its parts do not fit together."""
    @property
    def rows_len(self) -> int:
        """The length of the flat tallies every run returns (variants x players x columns)."""
    def sample(
        self,
        samples: int,
        seed: int,
        shared: bool,
        hero: int | None,
        begin: int,
        end: int,
        threads: int,
    ) -> list[int] | None:
        """Monte Carlo over chunks ``begin..end`` of a seeded run (None: the cards ran out)."""
    def walk(
        self, levels: list[tuple[int, int]], base: bytes, base_n: list[int], threads: int
    ) -> tuple[int, list[int]]:
        """Every runout of ``levels`` (cards, target; -1 the board): (runouts, tallies)."""
    def walk_boards(
        self, k: int, holes: bytes, modes: list[int], threads: int
    ) -> tuple[int, list[int]]:
        """Every board of ``k`` more cards, the hands ``holes`` final: (boards, tallies)."""
