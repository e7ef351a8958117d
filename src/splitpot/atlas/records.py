"""One atlas record: a starting-hand class's odds against random opponents.

What a record holds depends on the game's shape (:func:`kind_of`):

- ``discards`` (no board, draws: Badugi, Badacey, Badeucy): every legal discard at the first
  draw with its pot equity (:func:`splitpot.equity.advise.advise_discards`: every option over
  the same runouts), the best one, and the best option's awards and scoop;
- ``preflop`` (a board: the Drawmaha family, Bodigiha): pot equity before the flop with each
  award's share and the scoop chance (:func:`splitpot.equity.equity`);
- ``declare`` (Doogie): pot equity of the six hole cards with the high and low shares, and the
  declaration the hand most often ends in: over ``min(samples, 64)`` seeded boards, the one
  :func:`splitpot.equity.policy.declare_by_cards` makes with all four community cards out.

Every figure is stored as an int in units of 1/10,000 (:data:`SCALE`); each class is seeded
from the build's seed and its key (:func:`class_seed`), never from its chunk or worker, so a
record is the same whoever computes it.
"""

from __future__ import annotations

import hashlib
import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from splitpot.atlas.classes import cards_of, weight
from splitpot.cards import Card, full_deck
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Draw

__all__ = [
    "DECLARE_BOARDS",
    "SCALE",
    "WAYS",
    "Config",
    "Row",
    "class_seed",
    "compute_chunk",
    "compute_class",
    "kind_of",
]

SCALE: Final = 10_000
"""Figures are stored as ints in units of 1/SCALE (an equity of 0.5234 is 5234)."""
NO_OPTION: Final = 0xFFFF
"""An options slot that is not a legal discard."""
WAYS: Final = ("high", "low", "both")
DECLARE_BOARDS: Final = 64
"""The most boards over which a Doogie class's usual declaration is counted."""

Row = tuple[int, int, int, int, int, int, int | None, bytes | None, int | None]
"""(key, weight, equity, std_error, scoop, award 0 share, award 1 share, options, best)."""


@dataclass(frozen=True, slots=True)
class Config:
    """What every record of an atlas is computed with."""

    game: str
    opponents: int
    samples: int
    seed: int


def kind_of(game: GameSpec) -> str:
    """``discards``, ``preflop`` or ``declare``: what the game's records hold."""
    if game.declare:
        return "declare"
    if game.board_cards == 0:
        if not any(isinstance(s, Draw) for s in game.streets):
            raise ValueError(f"{game.name} has neither a board nor a draw: no atlas")
        return "discards"
    return "preflop"


def class_seed(seed: int, key: int) -> int:
    """The seed of one class's runouts: from the build's seed and the class's key alone."""
    digest = hashlib.sha256(f"atlas/{seed}/{key}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


def _scaled(value: float) -> int:
    return round(value * SCALE)


def _opponents(count: int) -> dict[str, str]:
    return {f"opp{i + 1}": "random" for i in range(count)}


def compute_class(config: Config, key: int) -> Row:
    """The record of one class."""
    game = find_game(config.game)
    cards = cards_of(key)
    seed = class_seed(config.seed, key)
    kind = kind_of(game)
    if kind == "discards":
        return _discards(game, config, key, cards, seed)
    from splitpot.equity import equity

    result = equity(
        game, {"you": cards, **_opponents(config.opponents)}, samples=config.samples,
        seed=seed, exact=False,
    )  # fmt: skip
    hero = result.player("you")
    shares = [_scaled(o.share) for o in hero.awards.values()]
    options: bytes | None = None
    best: int | None = None
    if kind == "declare":
        counts = _declarations(game, cards, min(config.samples, DECLARE_BOARDS), seed)
        total = sum(counts)
        options = array("H", [round(SCALE * c / total) for c in counts]).tobytes()
        best = max(range(len(WAYS)), key=lambda i: counts[i])
    return (
        key, weight(key), _scaled(hero.equity), _scaled(hero.std_error or 0.0),
        _scaled(hero.scoop), shares[0], shares[1] if len(shares) > 1 else None, options, best,
    )  # fmt: skip


def _discards(game: GameSpec, config: Config, key: int, cards: Sequence[Card], seed: int) -> Row:
    from splitpot.equity.advise import advise_discards

    options = advise_discards(
        game, cards, opponents=config.opponents, samples=config.samples, seed=seed
    )
    slots = [NO_OPTION] * (1 << len(cards))
    for option in options:
        slots[sum(1 << cards.index(c) for c in option.discard)] = _scaled(option.equity)
    top = options[0]  # best first
    hero = top.result.player("you")
    shares = [_scaled(o.share) for o in hero.awards.values()]
    return (
        key, weight(key), _scaled(hero.equity), _scaled(hero.std_error or 0.0),
        _scaled(hero.scoop), shares[0], shares[1] if len(shares) > 1 else None,
        array("H", slots).tobytes(), sum(1 << cards.index(c) for c in top.discard),
    )  # fmt: skip


def _declarations(game: GameSpec, cards: Sequence[Card], boards: int, seed: int) -> list[int]:
    """How often the hand declares high, low and both by its cards over ``boards`` boards."""
    from splitpot.equity.policy import way_by_cards

    rest = [c for c in full_deck() if c not in set(cards)]
    rng = random.Random(seed)
    counts = [0, 0, 0]
    for _ in range(boards):
        board = rng.sample(rest, game.board_cards)
        way = way_by_cards(game, cards, board)
        counts[WAYS.index(way)] += 1
    return counts


def compute_chunk(config: Config, keys: Sequence[int]) -> list[Row]:
    """The records of ``keys``, in order (one task of a build)."""
    return [compute_class(config, key) for key in keys]
