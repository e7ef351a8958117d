"""The compiled study engine's front: a checked :class:`~splitpot.equity.spot.Spot` in, the
odds out.

:func:`run` chooses as the Python reference does: an exact walk when the cards to come do not
depend on unseen cards and the runouts are few enough, else seeded Monte Carlo. Exact walks
over the board alone, with every hand final, go to :mod:`splitpot.equity.boards`; the others to
:mod:`splitpot.equity.exact`; sampling to :mod:`splitpot.equity.montecarlo`. Big jobs use
numba's threads (one call at a time; the counts do not depend on it).

The kernels are compiled once and cached by numba next to the sources; the first use in a
fresh clone compiles them all and says so on stderr ("compiling equity kernels, first run
only"); later processes load each kernel from the cache when first called.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np

from splitpot.cards import Card
from splitpot.equity import ahead, boards, exact, montecarlo
from splitpot.equity.compiling import I8, I64, num_threads, numba_loaded
from splitpot.equity.draws import HEURISTIC, KEEP_CODES, PAT
from splitpot.equity.kernel_api import kind_code, tables
from splitpot.equity.ranks import five_card_tables
from splitpot.equity.results import AwardOdds, EquityResult, PlayerOdds
from splitpot.equity.rng import CHUNK
from splitpot.equity.runout import DEFER
from splitpot.equity.settlement import (
    BOTH,
    BY_CARDS,
    CARDS_SPEAK,
    EQ,
    EQ2,
    HIGH,
    LOW,
    SCOOP,
    WINS,
    award_rows,
    tally_row_width,
    unit_for,
)
from splitpot.equity.spot import Spot
from splitpot.errors import ShowdownError
from splitpot.games import GameSpec
from splitpot.progress import listener

__all__ = [
    "PARALLEL_RUNOUTS",
    "Encoded",
    "Tallies",
    "encode",
    "ensure_compiled",
    "result_of",
    "run",
    "sample",
    "walk",
]

WAYS: Final = {"high": HIGH, "low": LOW, "both": BOTH}
PARALLEL_RUNOUTS: Final = 400_000
"""Runouts (or samples) from which a job runs on numba's threads."""
AHEAD_RUNOUTS: Final = 8_000_000
"""Up to this many sampled runouts (times the variants played apart), a process that has not
loaded numba runs the ahead-of-time kernel (:mod:`splitpot.equity.ahead`) on one thread:
numba's start-up (about a second) costs more than a second thread saves."""
PROGRESS_SAMPLES: Final = 50 * CHUNK  # fewer samples show no bar (over in a blink)
MESSAGE: Final = "compiling equity kernels, first run only"

_THREADS = threading.Lock()  # one threaded kernel at a time (numba's workqueue layer needs it)


# --- encoding ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Game:
    awards: I64
    modes: I64  # how each award is valued in a board walk (boards.modes_for)


_GAMES: dict[int, tuple[GameSpec, _Game]] = {}


def _game(game: GameSpec) -> _Game:
    cached = _GAMES.get(id(game))
    if cached is None or cached[0] is not game:
        kinds = {a.name: kind_code(a) for a in game.awards}
        keeps = {a.name: KEEP_CODES[a.keep] for a in game.awards}
        modes = boards.modes_for([a.kind for a in game.awards], game.board_cards)
        coded = _Game(award_rows(game, kinds, keeps), modes)
        cached = _GAMES[id(game)] = (game, coded)
    return cached[1]


@dataclass(frozen=True, slots=True)
class Encoded:
    """A spot as the kernels take it."""

    spot: tuple[Any, ...]  # (known, known_n, board0, draws, fixed, wanted, awards, params)
    deck: I8
    unit: int
    modes: I64


def encode(
    spot: Spot,
    fixed: Sequence[Sequence[int]] | None = None,
    ways: Sequence[Sequence[int]] | None = None,
    tie_keeps: bool | None = None,
) -> Encoded:
    """Arrays for ``spot``. ``fixed[v][p]``: variant ``v``'s throw mask for player ``p`` at the
    next draw (-1: the policy); ``ways[v][p]``: its declarations (default: the spot's);
    ``tie_keeps``: the two-way tie rule (default: the game's)."""
    game = spot.game
    coded = _game(game)
    seats = spot.seats
    players = len(seats)
    hole = game.hole_cards
    # bytes -> int8 arrays: much quicker than numpy reading Python ints one by one
    known = np.frombuffer(
        bytearray(b"".join(bytes(s.known) + bytes(hole - len(s.known)) for s in seats)),
        dtype=np.int8,
    ).reshape(players, hole)
    known_n = np.frombuffer(bytearray(bytes([len(s.known) for s in seats])), np.int8)
    board0 = np.frombuffer(bytearray(bytes(spot.board) + bytes(8 - len(spot.board))), np.int8)
    if fixed is None and ways is None and spot.declarations is None:
        # the everyday spot (no fixed throw, cards speak): the variant arrays are the same
        # for every call with this many players, so they are shared
        if all(s.discard is None for s in seats):
            fixed_a, ways_a = _plain_variant(players)
        else:
            fixed_a = np.array([[_mask(s.known, s.discard) for s in seats]], dtype=np.int64)
            ways_a = _plain_variant(players)[1]
    else:
        if fixed is None:
            fixed = [[_mask(s.known, s.discard) for s in seats]]
        if ways is not None and len(fixed) != len(ways):
            fixed = [fixed[0]] * len(ways)
        if ways is None:
            declared = spot.declarations
            row = [WAYS[declared[s.name]] if declared else CARDS_SPEAK for s in seats]
            ways = [row] * len(fixed)
        fixed_a = np.array(fixed, dtype=np.int64).reshape(len(fixed), players)
        ways_a = np.array(ways, dtype=np.int64).reshape(len(ways), players)
    unit = unit_for(players)
    keeps = int(game.two_way_tie_keeps if tie_keeps is None else tie_keeps)
    policy = PAT if spot.policy == "pat" else HEURISTIC
    arrays = (
        known,
        known_n.astype(np.int64),
        board0,
        _draws(spot),
        fixed_a,
        ways_a,
        coded.awards,
        _params((hole, game.board_cards, len(spot.board), policy, keeps, unit, _defer(spot))),
    )
    deck = np.frombuffer(bytearray(bytes(spot.unseen)), dtype=np.int8)
    return Encoded(arrays, deck, unit, coded.modes)


_SHARED: dict[Any, tuple[I64, ...]] = {}
"""Small read-only-by-use arrays that many spots share (never written by a kernel)."""


def _plain_variant(players: int) -> tuple[I64, I64]:
    """One variant, no fixed throw, every hand speaking for itself."""
    key = ("plain", players)
    got = _SHARED.get(key)
    if got is None:
        got = _SHARED[key] = (
            np.full((1, players), -1, dtype=np.int64),
            np.full((1, players), CARDS_SPEAK, dtype=np.int64),
        )
    return got[0], got[1]


def _defer(spot: Spot) -> int:
    """1 when fixed throws may take their replacements last (``DEFER`` in
    :func:`splitpot.equity.runout.play`): one draw to come, and the unseen cards cover the
    most any runout can need, so no runout ever reshuffles the discards."""
    if len(spot.draws) != 1:
        return 0
    limit = spot.limit(spot.draws[0])
    hole = spot.game.hole_cards
    most = sum(hole - len(s.known) + limit for s in spot.seats)
    return int(most + spot.game.board_cards - len(spot.board) <= len(spot.unseen))


def _params(values: tuple[int, ...]) -> I64:
    got = _SHARED.get(values)
    if got is None:
        got = _SHARED[values] = (np.array(values, dtype=np.int64),)
    return got[0]


def _draws(spot: Spot) -> I64:
    key = ("draws", *((spot.limit(d), d.board_before) for d in spot.draws))
    got = _SHARED.get(key)
    if got is None:
        rows = [(spot.limit(d), d.board_before) for d in spot.draws]
        got = _SHARED[key] = (np.array(rows, dtype=np.int64).reshape(len(rows), 2),)
    return got[0]


def _mask(known: Sequence[Card], thrown: Sequence[Card] | None) -> int:
    """Positions of ``thrown`` in ``known`` as a bit mask; -1 for no fixed throw."""
    if thrown is None:
        return -1
    return sum(1 << known.index(card) for card in thrown)


# --- kernels ----------------------------------------------------------------------------------


def _five_card_tables() -> Any:
    return five_card_tables()


_READY = False
_KEY = ""


def _stamp_path() -> Path:
    here = Path(__file__).resolve().parent
    base = os.environ.get("NUMBA_CACHE_DIR")
    folder = Path(base) if base else here / "__pycache__"
    return folder / "splitpot-equity-kernels.stamp"


_COMPILED: Final = (
    "boards.py", "compiling.py", "draws.py", "exact.py", "kernel_api.py", "montecarlo.py",
    "omaha_hands.py", "ranks.py", "rng.py", "runout.py", "settlement.py",
)  # fmt: skip
"""The modules whose numba code the walks inline (with the kernels package)."""


def _sources_key() -> str:
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256(f"{_numba_version()} {sys.version}".encode())
    sources = [here / name for name in _COMPILED] + list((here / "kernels").glob("*.py"))
    for path in sorted(sources):
        stat = path.stat()
        digest.update(f"{path.relative_to(here)} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def _numba_version() -> str:
    from importlib.metadata import version  # not numba itself: it loads only when needed

    return version("numba")


def _drop_cached_machine_code() -> None:
    """Forget every cached kernel of this package: numba checks a cached function against its
    own file only, and the walks inline code from other files, so after any edit all go."""
    here = Path(__file__).resolve().parent
    base = os.environ.get("NUMBA_CACHE_DIR")
    # numba keeps a package's cache in its __pycache__, or mirrors its path under the variable
    root = Path(base) / here.relative_to(here.anchor) if base else here
    for cached in [*root.rglob("*.nbi"), *root.rglob("*.nbc")]:
        with contextlib.suppress(OSError):
            cached.unlink()


def ensure_compiled() -> None:
    """Load the kernels; in a fresh clone (or after an edit), compile them all first and say
    so on stderr."""
    global _READY, _KEY  # noqa: PLW0603 - once per process
    if _READY:
        return
    stamp = _stamp_path()
    key = _KEY = _sources_key()
    try:
        fresh = stamp.read_text() != key
    except OSError:
        fresh = True
    _READY = True
    if fresh:
        print(MESSAGE, file=sys.stderr, flush=True)
        _drop_cached_machine_code()
        try:
            _build_ahead(stamp.parent, key, _warm_up())
        except BaseException:
            _READY = False
            raise
        try:
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(key)
        except OSError:  # a read-only install: numba keeps its own cache elsewhere
            pass


def _warm_up() -> Encoded:
    """Call every kernel once on tiny spots (compiling it, or loading it from the cache);
    returns one of the spots sampled."""
    from splitpot.equity.spot import prepare
    from splitpot.games import GAMES

    game = next(g for g in GAMES.values() if g.draws and len(g.awards) == 2 and g.board_cards)
    a, b = [0, 1, 2, 3, 4][: game.hole_cards], [5, 6, 7, 8, 9][: game.hole_cards]
    flop = prepare(game, {"A": a, "B": b}, [10, 11, 12], (), None, None, "heuristic", None, None)
    river = prepare(game, {"A": a, "B": b[1:]}, [10, 11, 12, 13, 14], (), None, 0, "pat", None,
                    None)  # fmt: skip
    turn = prepare(game, {"A": a, "B": b}, [10, 11, 12, 13], (), None, 0, "pat", None, None)
    for threads in (1, 2):
        sample(encode(flop), 2 * CHUNK if threads > 1 else 10, 0, threads)
        walk(encode(river), [0, 1, 0], river, threads)
        walk(encode(turn), [0, 0, 1], turn, threads)
    return encode(flop)


def _build_ahead(folder: Path, key: str, encoded: Encoded) -> None:
    """Build the serial Monte Carlo kernel ahead of time (:mod:`splitpot.equity.ahead`),
    unless the cache's folder is read-only (an installed package: numba's path serves)."""
    if not os.access(folder if folder.exists() else folder.parent, os.W_OK):
        return
    example = montecarlo.serial_example(
        encoded.deck, encoded.spot, _five_card_tables(), tables(), _rows(encoded)
    )
    ahead.build(folder, key, montecarlo.serial_kernel, example)


# --- running ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tallies:
    """Integer tallies of a run: ``rows[v, p]`` per variant and player (see
    :mod:`splitpot.equity.settlement`), over ``runouts`` runouts, in pot ``unit``."""

    rows: I64
    runouts: int
    unit: int


def _rows(encoded: Encoded) -> I64:
    variants = encoded.spot[4].shape[0]
    players, awards = encoded.spot[0].shape[0], encoded.spot[6].shape[0]
    return np.zeros((variants, players, tally_row_width(awards)), dtype=np.int64)


def _ahead_kernel() -> Any:
    """The ahead-of-time Monte Carlo kernel of these sources, or None (also when the
    environment sets ``SPLITPOT_NO_AHEAD``: numba's path, for comparison)."""
    if not _KEY or os.environ.get("SPLITPOT_NO_AHEAD"):
        return None
    return ahead.kernel(_stamp_path().parent, _KEY)


def _threads(runouts: int, threads: int | None) -> int:
    if threads is not None:
        return max(1, threads)
    if runouts < PARALLEL_RUNOUTS:
        return 1
    if runouts <= AHEAD_RUNOUTS and not numba_loaded() and _ahead_kernel() is not None:
        return 1
    return num_threads()


def sample(encoded: Encoded, samples: int, seed: int, threads: int | None = None) -> Tallies:
    """Monte Carlo over ``samples`` runouts of every variant (the same cards for each)."""
    ensure_compiled()
    rows = _rows(encoded)
    fixed = encoded.spot[4]
    # variants that differ only in declarations play each sample once
    shared = encoded.spot[3].shape[0] == 0 or bool((fixed == fixed[0]).all())
    count = _threads(samples * (1 if shared else fixed.shape[0]), threads)
    bar = listener() if samples >= PROGRESS_SAMPLES else None
    if bar is not None:
        bar.expect(samples)
    locked = count > 1 and _THREADS.acquire(blocking=False)
    try:
        ok = montecarlo.monte_carlo(
            samples, seed, shared, encoded.deck, encoded.spot, _five_card_tables(), tables(),
            rows, count if locked else 1, -1 if shared else _hero(encoded),
            None if bar is None else bar.advance, _ahead_kernel(),
        )  # fmt: skip
    finally:
        if locked:
            _THREADS.release()
    if not ok:
        raise ShowdownError("not enough cards left in the deck for this spot")
    return Tallies(rows, samples, encoded.unit)


def _hero(encoded: Encoded) -> int:
    """The seat whose deferred throw alone tells the variants apart (every other seat plays
    its policy), or -1."""
    fixed, params = encoded.spot[4], encoded.spot[7]
    if fixed.shape[0] < 2 or not params[DEFER]:
        return -1
    heroes = np.flatnonzero((fixed >= 0).any(axis=0))
    if len(heroes) != 1 or (fixed[:, heroes[0]] < 0).any():
        return -1
    return int(heroes[0])


def _levels(encoded: Encoded, spot: Spot, slots: Sequence[int]) -> tuple[I64, I8, I64]:
    """The walk's levels (cards, target) and each hand's cards before them."""
    players = len(spot.seats)
    if not spot.draws and all(len(s.known) == spot.game.hole_cards for s in spot.seats):
        # every hand final: the levels are the board's, the hands the encoded known cards
        key = ("levels", slots[-1])
        got = _SHARED.get(key)
        if got is None:
            got = _SHARED[key] = (np.array([(slots[-1], -1)], dtype=np.int64).reshape(-1, 2),)
        return got[0][: 1 if slots[-1] else 0], encoded.spot[0], encoded.spot[1]
    hole = spot.game.hole_cards
    base = np.zeros((players, hole), dtype=np.int8)
    base_n = np.zeros(players, dtype=np.int64)
    levels: list[tuple[int, int]] = []
    for p, seat in enumerate(spot.seats):
        kept = list(seat.known)
        if spot.draws:
            for card in spot.thrown_now(seat):
                kept.remove(card)
        base[p, : len(kept)] = kept
        base_n[p] = len(kept)
    targets = list(range(players))
    if spot.draws:
        targets += list(range(players))
    targets.append(-1)
    for count, target in zip(slots, targets, strict=True):
        if count:
            levels.append((count, target))
    return np.array(levels, dtype=np.int64).reshape(len(levels), 2), base, base_n


def walk(encoded: Encoded, slots: Sequence[int], spot: Spot, threads: int | None = None) -> Tallies:
    """Exact: every runout of ``slots`` (as :meth:`Spot.fixed_slots` gives them)."""
    ensure_compiled()
    rows = _rows(encoded)
    levels, base, base_n = _levels(encoded, spot, slots)
    size = spot.count(slots)
    count = _threads(size, threads) if len(levels) else 1
    locked = count > 1 and _THREADS.acquire(blocking=False)
    try:
        if len(levels) == 1 and levels[0, 1] < 0 and not spot.draws:
            runouts = boards.walk_boards(
                encoded.deck, int(levels[0, 0]), base, encoded.spot, encoded.modes, tables(),
                rows, locked,
            )  # fmt: skip
        elif locked:
            runouts = exact.walk_threaded(
                encoded.deck, levels, base, base_n, encoded.spot, tables(), rows
            )
        else:
            runouts = exact.walk(encoded.deck, levels, base, base_n, encoded.spot, tables(), rows)
    finally:
        if locked:
            _THREADS.release()
    if runouts != size:  # pragma: no cover - a broken walk must never pass silently
        raise AssertionError(f"walked {runouts} runouts, expected {size}")
    return Tallies(rows, int(runouts), encoded.unit)


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
    table = tallies.rows[variant].tolist()
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
        row = [int(x) for x in tallies.rows[v, p]]
        shares[way] = row[EQ] / (unit * n)
        errors[way] = None
        if method == "monte-carlo" and n > 1:
            variance = max(row[EQ2] / (unit * unit) / n - shares[way] ** 2, 0.0)
            errors[way] = (variance / n) ** 0.5
    return shares, errors, method, n
