"""*Which discard?* practice: a drawing decision, and where the learner's discard ranks.

A spot is a random hand of a game at its first draw (with the board dealt so far) against one
opponent with a random hand, reproducible from its seed: id ``drawmaha.42``. Every legal discard
is ranked by :func:`splitpot.equity.advise.advise_discards`, the advisor's own ranking, over
the same seeded runouts (:data:`SAMPLES` per option), with each award's share. A discard is
marked correct when its pot equity is within :data:`TOLERANCE` of the best option's: the
figures are sampled, and two discards that close are the same decision for a learner.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from splitpot.cards import Card, full_deck, parse_cards
from splitpot.equity.advise import HERO, DiscardOption, advise_discards
from splitpot.equity.core import pending_draws
from splitpot.errors import SplitpotError
from splitpot.games import GAMES, GameSpec
from splitpot.practice.showdown import MAX_SEED, AnswerError, UnknownDealError

__all__ = [
    "SAMPLES",
    "TOLERANCE",
    "DiscardSpot",
    "check_discard",
    "discard_spot",
    "ranked_options",
    "spot_from_id",
]

SAMPLES: Final = 400  # runouts per option, the same runouts for every option
TOLERANCE: Final = 0.015  # a discard this close to the best option's equity is correct
OPPONENTS: Final = 1


@dataclass(frozen=True, slots=True)
class DiscardSpot:
    """A drawing decision: your cards, the board so far, and the draw's limit."""

    id: str
    game: GameSpec
    seed: int
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    max_discard: int
    draws: int
    opponents: int = OPPONENTS

    def to_json(self) -> dict[str, Any]:
        """The spot: ``id``, ``game``, ``hole``, ``board``, ``max_discard``, ``draws`` (to
        come, this one included), ``opponents``, ``seed``, and the awards."""
        return {
            "id": self.id,
            "kind": "discard",
            "game": self.game.id,
            "seed": self.seed,
            "hole": [str(c) for c in self.hole],
            "board": [str(c) for c in self.board],
            "max_discard": self.max_discard,
            "draws": self.draws,
            "opponents": self.opponents,
            "samples": SAMPLES,
            "awards": [{"name": a.name, "label": a.label} for a in self.game.awards],
            "title": f"{self.game.name}: which discard?",
        }


def discard_spot(spec: GameSpec, seed: int) -> DiscardSpot:
    """The spot of ``spec`` for ``seed``: the same seed always deals the same cards."""
    schedule = pending_draws(spec, 0)
    if not schedule:
        raise SplitpotError(f"{spec.name} has no draw: practise 'Who wins?' with it instead")
    board_count = schedule[0].board_before
    rng = random.Random(f"discard.{spec.id}.{seed}")
    deck = full_deck()
    rng.shuffle(deck)
    hole = tuple(deck[: spec.hole_cards])
    board = tuple(deck[spec.hole_cards : spec.hole_cards + board_count])
    to_come = pending_draws(spec, board_count)
    return DiscardSpot(
        id=f"{spec.id}.{seed}",
        game=spec,
        seed=seed,
        hole=hole,
        board=board,
        max_discard=to_come[0].max_discard,
        draws=len(to_come),
    )


def spot_from_id(spot_id: str) -> DiscardSpot:
    """The spot an id (``GAME.SEED``) names; :class:`UnknownDealError` if none."""
    parts = spot_id.split(".")
    if len(parts) == 2 and parts[0] in GAMES and parts[1].isdigit() and int(parts[1]) <= MAX_SEED:
        spec = GAMES[parts[0]]
        if spec.draws:
            return discard_spot(spec, int(parts[1]))
    raise UnknownDealError(f"no discard spot {spot_id!r}: a spot id is GAME.SEED, GAME with a draw")


@lru_cache(maxsize=64)
def _ranked(game: str, seed: int) -> tuple[DiscardOption, ...]:
    spot = discard_spot(GAMES[game], seed)
    return tuple(
        advise_discards(
            spot.game,
            spot.hole,
            spot.board,
            opponents=spot.opponents,
            samples=SAMPLES,
            seed=seed,
        )
    )


def ranked_options(spot: DiscardSpot) -> tuple[DiscardOption, ...]:
    """Every legal discard of the spot, best first (computed once per spot)."""
    return _ranked(spot.game.id, spot.seed)


def _option_json(rank: int, option: DiscardOption, hole: Sequence[Card]) -> dict[str, Any]:
    hero = option.result.player(HERO)
    return {
        "rank": rank,
        "discard": [str(c) for c in option.discard],
        "keep": [str(c) for c in hole if c not in option.discard],
        "equity": hero.equity,
        "std_error": hero.std_error,
        "awards": {name: odds.share for name, odds in hero.awards.items()},
    }


def _read_discard(spot: DiscardSpot, answer: Mapping[str, Any]) -> frozenset[Card]:
    unknown = sorted(set(answer) - {"discard"})
    if unknown:
        raise AnswerError(f'unknown keys {unknown}: an answer is {{"discard": [cards]}}')
    value = answer.get("discard")
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise AnswerError('an answer needs "discard": the cards you throw ([] stands pat)')
    cards = parse_cards(value, where="in your discard")
    if len(set(cards)) != len(cards):
        raise AnswerError("a card appears twice in your discard")
    stray = [str(c) for c in cards if c not in spot.hole]
    if stray:
        raise AnswerError(f"you do not hold {' '.join(stray)}")
    if len(cards) > spot.max_discard:
        raise AnswerError(f"this draw allows {spot.max_discard} cards at most, not {len(cards)}")
    return frozenset(cards)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _sentence(words: str) -> str:
    """``words`` with a capital first letter (``str.capitalize`` would lower "Ac" to "ac")."""
    return words[:1].upper() + words[1:]


def _words(discard: Sequence[str]) -> str:
    return "standing pat" if not discard else "throwing " + " ".join(discard)


def check_discard(spot: DiscardSpot, answer: Mapping[str, Any]) -> dict[str, Any]:
    """``{"correct", "rank", "of", "answer": {"options": [...]}, "explanation"}``."""
    chosen = _read_discard(spot, answer)
    options = ranked_options(spot)
    rows = [_option_json(i, o, spot.hole) for i, o in enumerate(options, 1)]
    index = next(i for i, o in enumerate(options) if frozenset(o.discard) == chosen)
    best, mine = rows[0], rows[index]
    # Equal equities share a rank: the first option with the same figure.
    rank = next(r["rank"] for r in rows if r["equity"] == mine["equity"])
    correct = best["equity"] - mine["equity"] <= TOLERANCE
    lines = [
        f"{_sentence(_words(mine['discard']))} ranks {rank} of {len(rows)}: "
        f"{_percent(mine['equity'])} of the pot, against {_percent(best['equity'])} for "
        f"{_words(best['discard'])}, the best.",
    ]
    for award in spot.game.awards:
        lines.append(
            f"{award.label}: {_percent(mine['awards'][award.name])} with yours, "
            f"{_percent(best['awards'][award.name])} with the best."
        )
    lines.append(
        f"Figures: {SAMPLES} sampled runouts per option against {spot.opponents} random hand; "
        f"within {_percent(TOLERANCE)} of the best counts as right."
    )
    return {
        "correct": correct,
        "rank": rank,
        "of": len(rows),
        "chosen": mine,
        "answer": {"options": rows, "best": best},
        "explanation": lines,
    }
