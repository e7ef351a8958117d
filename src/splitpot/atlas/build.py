"""Building an atlas: the classes chosen, cut into chunks, computed and written chunk by chunk.

The classes are taken in key order (:func:`splitpot.atlas.classes.all_keys`): all of them,
the first ``limit``, or a seeded ``sample`` of them; consecutive runs of ``chunk`` classes are
the chunks. A chunk is one task: computed in this process (no workers, no scheduler) or on
Dask distributed (:mod:`splitpot.atlas.cluster`, imported only then); each finished chunk is
committed to the file at once, in whatever order chunks finish. A resumed build recomputes
the same plan from the file's meta table and skips the chunks already in.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splitpot import __version__
from splitpot.atlas import store
from splitpot.atlas.classes import all_keys, sample_keys
from splitpot.atlas.records import Config, Row, compute_chunk, kind_of
from splitpot.equity.spot import check_samples
from splitpot.errors import AtlasError, ShowdownError
from splitpot.games import find_game
from splitpot.progress import progress

__all__ = ["DEFAULT_CHUNK", "Plan", "build", "plan"]

DEFAULT_CHUNK = {"discards": 25, "preflop": 250, "declare": 100}
"""Classes per chunk by record kind (a chunk takes about a second on one core)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The classes of a build and its chunks."""

    config: Config
    keys: tuple[int, ...]
    chunk: int
    limit: int | None
    sample: int | None

    @property
    def chunks(self) -> int:
        """How many chunks."""
        return -(-len(self.keys) // self.chunk)

    def chunk_keys(self, index: int) -> tuple[int, ...]:
        """The keys of chunk ``index``."""
        return self.keys[index * self.chunk : (index + 1) * self.chunk]

    def meta(self, command: str) -> dict[str, Any]:
        """The meta table of the atlas this plan builds."""
        game = find_game(self.config.game)
        return {
            "format": store.FORMAT,
            "game": game.id,
            "kind": kind_of(game),
            "awards": [a.name for a in game.awards],
            "opponents": self.config.opponents,
            "policy": "heuristic",
            "samples": self.config.samples,
            "seed": self.config.seed,
            "limit": self.limit,
            "sample": self.sample,
            "chunk": self.chunk,
            "classes": len(self.keys),
            "all_classes": len(all_keys(game.hole_cards)),
            "command": command,
            "splitpot": __version__,
            "complete": False,
        }


def plan(
    game: str,
    *,
    opponents: int = 1,
    samples: int = 1000,
    seed: int = 0,
    limit: int | None = None,
    sample: int | None = None,
    chunk: int | None = None,
) -> Plan:
    """The classes and chunks of a build (checked)."""
    spec = find_game(game)
    try:
        kind = kind_of(spec)
    except ValueError as exc:
        raise AtlasError(str(exc)) from None
    if opponents < 1 or not spec.min_players <= opponents + 1 <= spec.max_players:
        raise AtlasError(
            f"--opponents {opponents}: {spec.name} seats {spec.min_players} to "
            f"{spec.max_players} players"
        )
    try:
        check_samples(samples, "--samples")
    except ShowdownError as exc:
        raise AtlasError(str(exc)) from None
    if limit is not None and sample is not None:
        raise AtlasError("give --limit or --sample, not both")
    cards = spec.hole_cards
    if sample is not None:
        keys = sample_keys(cards, sample, seed)
    else:
        keys = all_keys(cards)[:limit] if limit is not None else all_keys(cards)
    config = Config(spec.id, opponents, samples, seed)
    return Plan(config, keys, chunk or DEFAULT_CHUNK[kind], limit, sample)


def build(
    the_plan: Plan,
    out: Path,
    *,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    client: Any = None,
    quiet: bool = False,
    command: str = "",
    on_chunk: Callable[[int], None] | None = None,
) -> int:
    """Build (or finish) the atlas ``the_plan`` describes in ``out``; returns the classes
    computed now. ``workers``/``scheduler``/``client``: run the chunks on Dask distributed
    (a local cluster of that many processes, the scheduler at that address, or a client);
    none of them: in this process. ``on_chunk(index)`` is called after each chunk is stored.
    """
    meta = the_plan.meta(command)
    if resume:
        db, done = store.resume(out, meta)
    else:
        db, done = store.create(out, meta), set()
    started = time.monotonic()
    try:
        pending = [i for i in range(the_plan.chunks) if i not in done]
        already = sum(len(the_plan.chunk_keys(i)) for i in done)
        computed = 0
        name = f"atlas {the_plan.config.game}"
        with progress(len(the_plan.keys), name, unit="class", quiet=quiet) as bar:
            bar.advance(already)
            for index, rows in _results(the_plan, pending, workers, scheduler, client):
                store.write_chunk(db, index, rows)
                computed += len(rows)
                bar.advance(len(rows))
                if on_chunk is not None:
                    on_chunk(index)
        spent = store.get_meta(db, "seconds") or 0.0
        store.set_meta(db, "seconds", round(spent + time.monotonic() - started, 1))
        store.set_meta(db, "complete", True)
    finally:
        db.close()
    return computed


def _results(
    the_plan: Plan,
    pending: Sequence[int],
    workers: int | None,
    scheduler: str | None,
    client: Any,
) -> Iterator[tuple[int, list[Row]]]:
    if workers is None and scheduler is None and client is None:
        for index in pending:
            yield index, compute_chunk(the_plan.config, the_plan.chunk_keys(index))
        return
    from splitpot.atlas import cluster  # dask: imported only for a distributed build

    yield from cluster.run_chunks(
        the_plan.config,
        {i: the_plan.chunk_keys(i) for i in pending},
        workers=workers,
        scheduler=scheduler,
        client=client,
    )
