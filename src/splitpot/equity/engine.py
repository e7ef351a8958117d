"""The study engine's front: a checked :class:`~splitpot.equity.spot.Spot` in, the odds out.

:func:`run` chooses as the Python reference does: an exact walk when the cards to come do not
depend on unseen cards and the runouts are few enough, else seeded Monte Carlo. Every walk and
every sample runs in the compiled core (``splitpot._core.StudySpot``, Rust, built at install:
nothing compiles or caches at run time): exact walks over the board alone, with every hand
final, in its board walk; the other walks in its general walk; sampling in its Monte Carlo.
Big jobs run on every core with the GIL released; the integer tallies, and so the odds, never
depend on the thread count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from splitpot import _core
from splitpot.cards import Card
from splitpot.equity.codes import (
    BY_CARDS,
    CARDS_SPEAK,
    EQ,
    EQ2,
    POLICY_CODES,
    SCOOP,
    WAYS,
    WINS,
    all_threads,
    award_rows,
    modes_for,
    unit_for,
)
from splitpot.equity.results import AwardOdds, EquityResult, PlayerOdds
from splitpot.equity.spot import Spot
from splitpot.errors import ShowdownError
from splitpot.progress import listener

__all__ = [
    "PARALLEL_RUNOUTS",
    "Encoded",
    "Tallies",
    "declaration_shares",
    "encode",
    "result_of",
    "run",
    "run_options",
    "sample",
    "walk",
]

PARALLEL_RUNOUTS: Final = 400_000
"""Runouts (or samples) from which a job runs on every core."""
CHUNK: Final = _core.STUDY_CHUNK
"""Samples per chunk: the unit of work given to a thread."""
PROGRESS_SAMPLES: Final = 50 * CHUNK  # fewer samples show no bar (over in a blink)

# --- encoding ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Encoded:
    """A spot as the core takes it."""

    core: _core.StudySpot
    players: int
    variants: int
    awards: int
    unit: int
    fixed: tuple[tuple[int, ...], ...]
    defer: bool
    draws: int


def encode(
    spot: Spot,
    fixed: Sequence[Sequence[int]] | None = None,
    ways: Sequence[Sequence[int]] | None = None,
    tie_keeps: bool | None = None,
) -> Encoded:
    """The core's spot for ``spot``. ``fixed[v][p]``: variant ``v``'s throw mask for player
    ``p`` at the next draw (-1: the policy); ``ways[v][p]``: its declarations (default: the
    spot's); ``tie_keeps``: the two-way tie rule (default: the game's)."""
    game = spot.game
    seats = spot.seats
    hole = game.hole_cards
    if fixed is None:
        fixed = [[_mask(s.known, s.discard) for s in seats]]
    if ways is not None and len(fixed) != len(ways):
        fixed = [fixed[0]] * len(ways)
    if ways is None:
        declared = spot.declarations
        row = [WAYS[declared[s.name]] if declared else CARDS_SPEAK for s in seats]
        ways = [row] * len(fixed)
    keeps = game.two_way_tie_keeps if tie_keeps is None else tie_keeps
    known = b"".join(bytes(s.known) + bytes(hole - len(s.known)) for s in seats)
    defer = _defer(spot)
    try:
        core = _core.StudySpot(
            hole, game.board_cards, known, [len(s.known) for s in seats], bytes(spot.board),
            [(spot.limit(d), d.board_before) for d in spot.draws], [list(f) for f in fixed],
            [list(w) for w in ways], award_rows(game), POLICY_CODES[spot.policy], keeps,
            unit_for(len(seats)), defer, bytes(spot.unseen),
        )  # fmt: skip
    except ValueError as error:  # the core refuses a spot (a checked one never is)
        raise ShowdownError(f"the study engine cannot take this spot: {error}") from None
    return Encoded(
        core, len(seats), len(fixed), len(game.awards), unit_for(len(seats)),
        tuple(tuple(f) for f in fixed), defer, len(spot.draws),
    )  # fmt: skip


def _defer(spot: Spot) -> bool:
    """True when fixed throws may take their replacements last: one draw to come, and the
    unseen cards cover the most any runout can need, so no runout ever reshuffles the
    discards."""
    if len(spot.draws) != 1:
        return False
    limit = spot.limit(spot.draws[0])
    hole = spot.game.hole_cards
    most = sum(hole - len(s.known) + limit for s in spot.seats)
    return most + spot.game.board_cards - len(spot.board) <= len(spot.unseen)


def _mask(known: Sequence[Card], thrown: Sequence[Card] | None) -> int:
    """Positions of ``thrown`` in ``known`` as a bit mask; -1 for no fixed throw."""
    if thrown is None:
        return -1
    return sum(1 << known.index(card) for card in thrown)


# --- running ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tallies:
    """Integer tallies of a run: ``rows[v][p]`` per variant and player (columns :data:`EQ`,
    :data:`EQ2`, :data:`SCOOP`, then per award the runouts won alone from :data:`WINS` and
    the units won through ties), over ``runouts`` runouts, in pot ``unit``."""

    rows: list[list[list[int]]]
    runouts: int
    unit: int


def _shape(encoded: Encoded, flat: list[int]) -> list[list[list[int]]]:
    width = WINS + 2 * encoded.awards
    rows = [flat[i : i + width] for i in range(0, len(flat), width)]
    players = encoded.players
    return [rows[v * players : (v + 1) * players] for v in range(encoded.variants)]


SLICE: Final = 256
"""The most chunks of samples one call of the core runs (about a quarter of a million samples)."""


def _threads(runouts: int, threads: int | None) -> int:
    if threads is not None:
        return max(1, threads)
    return 1 if runouts < PARALLEL_RUNOUTS else all_threads()


def sample(encoded: Encoded, samples: int, seed: int, threads: int | None = None) -> Tallies:
    """Monte Carlo over ``samples`` runouts of every variant (the same cards for each)."""
    fixed = encoded.fixed
    # variants that differ only in declarations play each sample once
    shared = encoded.draws == 0 or all(f == fixed[0] for f in fixed)
    count = _threads(samples * (1 if shared else len(fixed)), threads)
    hero = None if shared else _hero(encoded)
    key = seed % (1 << 64)
    chunks = -(-samples // CHUNK)
    bar = listener() if samples >= PROGRESS_SAMPLES else None
    if bar is not None:
        bar.expect(samples)
    # at most SLICE chunks a call: the core returns to Python often enough for Ctrl-C and
    # SIGTERM to stop a long run within a fraction of a second (the totals do not change)
    step = min(SLICE, chunks if bar is None else max(1, -(-chunks // 50)))
    total = [0] * encoded.core.rows_len
    for begin in range(0, chunks, step):
        end = min(chunks, begin + step)
        part = encoded.core.sample(samples, key, shared, hero, begin, end, count)
        if part is None:
            raise ShowdownError("not enough cards left in the deck for this spot")
        total = [a + b for a, b in zip(total, part, strict=True)] if begin else part
        if bar is not None:
            bar.advance(min(end * CHUNK, samples) - begin * CHUNK)
    return Tallies(_shape(encoded, total), samples, encoded.unit)


def _hero(encoded: Encoded) -> int | None:
    """The seat whose deferred throw alone tells the variants apart (every other seat plays
    its policy), or None."""
    fixed = encoded.fixed
    if len(fixed) < 2 or not encoded.defer:
        return None
    heroes = [p for p in range(encoded.players) if any(f[p] >= 0 for f in fixed)]
    if len(heroes) != 1 or any(f[heroes[0]] < 0 for f in fixed):
        return None
    return heroes[0]


def _levels(spot: Spot, slots: Sequence[int]) -> tuple[list[tuple[int, int]], bytes, list[int]]:
    """The walk's levels (cards, target) and each hand's cards before them."""
    players = len(spot.seats)
    hole = spot.game.hole_cards
    kept_rows = []
    for seat in spot.seats:
        kept = list(seat.known)
        if spot.draws:
            for card in spot.thrown_now(seat):
                kept.remove(card)
        kept_rows.append(kept)
    base = b"".join(bytes(k) + bytes(hole - len(k)) for k in kept_rows)
    targets = list(range(players))
    if spot.draws:
        targets += list(range(players))
    targets.append(-1)
    levels = [(count, target) for count, target in zip(slots, targets, strict=True) if count]
    return levels, base, [len(k) for k in kept_rows]


def walk(encoded: Encoded, slots: Sequence[int], spot: Spot, threads: int | None = None) -> Tallies:
    """Exact: every runout of ``slots`` (as :meth:`Spot.fixed_slots` gives them)."""
    size = spot.count(slots)
    count = _threads(size, threads)
    hole = spot.game.hole_cards
    if not spot.draws and all(len(s.known) == hole for s in spot.seats):
        # every hand final: a walk of the board alone
        holes = b"".join([bytes(s.known) for s in spot.seats])
        runouts, flat = encoded.core.walk_boards(slots[-1], holes, modes_for(spot.game), count)
    else:
        levels, base, base_n = _levels(spot, slots)
        runouts, flat = encoded.core.walk(levels, base, base_n, count if levels else 1)
    if runouts != size:  # pragma: no cover - a broken walk must never pass silently
        raise AssertionError(f"walked {runouts} runouts, expected {size}")
    return Tallies(_shape(encoded, flat), runouts, encoded.unit)


def result_of(
    spot: Spot, tallies: Tallies, variant: int, method: str, seed: int | None
) -> EquityResult:
    """The odds of one variant of a run."""
    n = tallies.runouts
    unit = tallies.unit
    whole = unit * n
    names = [award.name for award in spot.game.awards]
    count = len(names)
    players = []
    table = tallies.rows[variant]
    for seat, row in zip(spot.seats, table, strict=True):
        mean = row[EQ] / whole
        error = None
        if method == "monte-carlo" and n > 1:
            variance = max(row[EQ2] / (unit * unit) / n - mean * mean, 0.0)
            error = (variance / n) ** 0.5
        awards = {
            name: AwardOdds(row[WINS + a] / n, row[WINS + count + a] / whole)
            for a, name in enumerate(names)
        }
        players.append(PlayerOdds(seat.name, awards, mean, row[SCOOP] / n, error))
    return EquityResult(spot.game, tuple(players), method, n, len(spot.draws), spot.policy, seed)


def run(
    spot: Spot, *, exact: bool | None, samples: int, seed: int, exact_limit: int
) -> EquityResult:
    """The odds of a checked spot: exact when it can and may be, else sampled."""
    slots = spot.fixed_slots()
    size = spot.count(slots) if slots is not None else None
    if exact is True and (size is None or size > 50 * exact_limit):
        why = "the draws depend on unseen cards" if size is None else f"{size:,} runouts"
        raise ShowdownError(f"exact enumeration is out of reach here ({why}): use samples")
    encoded = encode(spot)
    if (
        slots is not None
        and size is not None
        and (exact or (exact is None and size <= exact_limit))
    ):
        return result_of(spot, walk(encoded, slots, spot), 0, "exact", None)
    return result_of(spot, sample(encoded, samples, seed), 0, "monte-carlo", seed)


def run_options(
    spot: Spot,
    hero: str,
    options: Sequence[Sequence[Card]],
    *,
    samples: int,
    seed: int,
    exact_limit: int,
    threads: int | None = None,
) -> list[EquityResult]:
    """The odds after each of ``hero``'s ``options`` at the next draw (checked throws).

    An option whose runouts are at most ``exact_limit`` is walked exactly; all the others are
    sampled in one call, each over the very runouts :func:`run` would sample for it alone.
    """
    results: list[EquityResult | None] = [None] * len(options)
    sampled: list[int] = []
    for i, choice in enumerate(options):
        option = spot.with_discard(hero, tuple(choice))
        slots = option.fixed_slots()
        if slots is not None and option.count(slots) <= exact_limit:
            results[i] = result_of(option, walk(encode(option), slots, option), 0, "exact", None)
        else:
            sampled.append(i)
    if sampled:
        fixed = [
            [_mask(s.known, options[i] if s.name == hero else s.discard) for s in spot.seats]
            for i in sampled
        ]
        tallies = sample(encode(spot, fixed), samples, seed, threads)
        for v, i in enumerate(sampled):
            option = spot.with_discard(hero, tuple(options[i]))
            results[i] = result_of(option, tallies, v, "monte-carlo", seed)
    return [r for r in results if r is not None]


def declaration_shares(
    spot: Spot,
    hero: str,
    fixed: Sequence[str | None],
    *,
    exact: bool,
    samples: int,
    seed: int,
    tie_keeps: bool | None = None,
) -> tuple[dict[str, float], dict[str, float | None], str, int]:
    """``hero``'s share of the pot for each declaration (the others as ``fixed`` says, in seat
    order, or by their cards), with standard errors, the method and the runouts."""
    others = [s.name for s in spot.seats if s.name != hero]
    given = dict(zip(others, fixed, strict=False))
    ways = []
    for way in WAYS:
        row = []
        for seat in spot.seats:
            wanted = way if seat.name == hero else given.get(seat.name)
            row.append(BY_CARDS if wanted is None else WAYS[wanted])
        ways.append(row)
    encoded = encode(spot, ways=ways, tie_keeps=tie_keeps)
    slots = spot.fixed_slots()
    if exact and slots is not None:
        tallies, method = walk(encoded, slots, spot), "exact"
    else:
        tallies, method = sample(encoded, samples, seed), "monte-carlo"
    p = [s.name for s in spot.seats].index(hero)
    n, unit = tallies.runouts, tallies.unit
    shares: dict[str, float] = {}
    errors: dict[str, float | None] = {}
    for v, way in enumerate(WAYS):
        row = tallies.rows[v][p]
        shares[way] = row[EQ] / (unit * n)
        errors[way] = None
        if method == "monte-carlo" and n > 1:
            variance = max(row[EQ2] / (unit * unit) / n - shares[way] ** 2, 0.0)
            errors[way] = (variance / n) ** 0.5
    return shares, errors, method, n
