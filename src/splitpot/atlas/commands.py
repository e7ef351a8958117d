"""``splitpot atlas build|show|top``: build a starting-hand atlas, read one record, list the
best classes."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import IO, Any

from splitpot.argtypes import positive_int
from splitpot.errors import AtlasError, GameSpecError

__all__ = ["add_atlas", "render_record"]


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def _atlas(target: str) -> Any:
    from splitpot.atlas import open_atlas, shipped
    from splitpot.games import find_game

    path = Path(target)
    if path.is_file():
        return open_atlas(path)
    try:
        game = find_game(target)
    except GameSpecError:
        raise AtlasError(f"{target}: no such atlas file, nor a game id") from None
    atlas = shipped(game.id)
    if atlas is None:
        raise AtlasError(f"no atlas of {game.name} is shipped: build one with splitpot atlas build")
    return atlas


def _about(meta: dict[str, Any]) -> str:
    opponents = meta["opponents"]
    rivals = f"{opponents} random opponent" + ("" if opponents == 1 else "s")
    samples = f"{meta['samples']:,} samples a class (seed {meta['seed']})"
    return f"vs {rivals} (heuristic draws), {samples}"


def render_record(record: dict[str, Any], meta: dict[str, Any]) -> str:
    """An ``atlas show`` record as text."""
    from splitpot.games import find_game

    hand = record.get("hand", record["class"])
    name = find_game(record["game"]).name
    lines = [f"{name}: {hand} (class {record['class']}, {record['weight']} hands)"]
    lines.append(f"  {_about(meta)}")
    lines.append(
        f"  equity {_percent(record['equity'])} ±{100 * record['std_error']:.2f}, "
        f"scoop {_percent(record['scoop'])}; "
        + ", ".join(f"{n} {_percent(v)}" for n, v in record["awards"].items())
    )
    lines.append(
        f"  rank {record['rank']:,} of {record['classes']:,} classes; at least as good as "
        f"{record['percentile']:.2f}% of starting hands"
    )
    if "discards" in record:
        best = " ".join(record["best_discard"]) or "stand pat"
        lines.append(f"  first draw: {'stand pat' if best == 'stand pat' else 'throw ' + best}")
        for option in record["discards"]:
            thrown = " ".join(option["discard"]) or "stand pat"
            lines.append(f"    {thrown:<14} {_percent(option['equity'])}")
    if "declaration" in record:
        ways = ", ".join(f"{w} {_percent(v)}" for w, v in record["declarations"].items())
        lines.append(f"  usually declares {record['declaration']} ({ways})")
    return "\n".join(lines)


def _cmd_build(args: argparse.Namespace, out: IO[str]) -> int:
    from splitpot.atlas.build import build, plan

    if args.workers is not None and args.scheduler is not None:
        args.parser.error("give --workers or --scheduler, not both")
    the_plan = plan(
        args.game, opponents=args.opponents, samples=args.samples, seed=args.seed,
        limit=args.limit, sample=args.sample, chunk=args.chunk,
    )  # fmt: skip
    command = "splitpot " + " ".join(shlex.quote(w) for w in sys.argv[1:]) if sys.argv else ""
    computed = build(
        the_plan, Path(args.out), resume=args.resume, workers=args.workers,
        scheduler=args.scheduler, quiet=args.quiet, command=command,
    )  # fmt: skip
    out.write(
        f"{args.out}: {len(the_plan.keys):,} classes of {the_plan.config.game} "
        f"({computed:,} computed now, {the_plan.chunks:,} chunks)\n"
    )
    return 0


def _cmd_pack(args: argparse.Namespace, out: IO[str]) -> int:
    from splitpot.atlas.store import pack

    source = Path(args.file)
    if not source.name:  # '', '.', '/': a folder, no file to pack (and none to name the .xz)
        raise AtlasError(f"atlas pack: {args.file!r} names no atlas file")
    target = Path(args.out) if args.out else source.with_name(source.name + ".xz")
    size = pack(source, target)
    out.write(f"{target}: {size:,} bytes\n")
    return 0


def _cmd_show(args: argparse.Namespace, out: IO[str]) -> int:
    from splitpot.cards import parse_cards

    atlas = _atlas(args.atlas)
    record = atlas.lookup(parse_cards(args.hand, where="in --hand"))
    if record is None:
        meta = atlas.meta
        raise AtlasError(
            f"the class of {args.hand} is not in {atlas.path.name} ({meta['classes']:,} of "
            f"{meta['all_classes']:,} classes were built)"
        )
    if args.json:
        out.write(json.dumps(record) + "\n")
    else:
        out.write(render_record(record, atlas.meta) + "\n")
    return 0


def _cmd_top(args: argparse.Namespace, out: IO[str]) -> int:
    atlas = _atlas(args.atlas)
    records = atlas.top(args.n)
    if args.json:
        out.write(json.dumps({"game": atlas.game.id, "records": records}) + "\n")
        return 0
    best = f"the best {len(records)} of {len(atlas):,} classes"
    lines = [f"{atlas.game.name}: {best}, {_about(atlas.meta)}"]
    for r in records:
        extra = ""
        if "best_discard" in r:
            extra = "  " + (" ".join(r["best_discard"]) or "stand pat")
        elif "declaration" in r:
            extra = f"  {r['declaration']}"
        lines.append(
            f"  {r['rank']:>6}  {r['class']:<20} {_percent(r['equity']):>7} "
            f"±{100 * r['std_error']:.2f}  scoop {_percent(r['scoop']):>7}{extra}"
        )
    out.write("\n".join(lines) + "\n")
    return 0


def add_atlas(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot atlas``."""
    parser.description = (
        "Starting-hand atlases: one record per class of starting hands (suits relabelled), "
        "against random opponents; built on Dask distributed, read instantly."
    )
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    b = verbs.add_parser("build", help="build an atlas (resumable)")
    b.add_argument("game", metavar="GAME", help="game id or alias")
    b.add_argument("--out", required=True, help="the SQLite file to write")
    b.add_argument("--opponents", type=positive_int, default=1, help="random opponents (1)")
    b.add_argument(
        "--samples", type=positive_int, default=1000, help="runouts a class (default 1,000)"
    )
    b.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    b.add_argument("--limit", type=positive_int, help="only the first K classes (key order)")
    b.add_argument("--sample", type=positive_int, help="a seeded sample of K classes")
    b.add_argument("--chunk", type=positive_int, help="classes a task (default: by game)")
    b.add_argument("--workers", type=positive_int, help="a local Dask cluster of N processes")
    b.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler")
    b.add_argument("--resume", action="store_true", help="finish the build in --out")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.set_defaults(handler=_cmd_build, parser=b)
    p = verbs.add_parser("pack", help="compact and xz a finished atlas (as shipped)")
    p.add_argument("file", metavar="FILE", help="a finished atlas")
    p.add_argument("--out", help="where to write it (default FILE.xz)")
    p.set_defaults(handler=_cmd_pack, parser=p)
    for verb, text in (("show", "the record of a hand's class"), ("top", "the best classes")):
        v = verbs.add_parser(verb, help=text)
        v.add_argument("atlas", metavar="FILE|GAME", help="an atlas file, or a game id (shipped)")
        if verb == "show":
            v.add_argument("--hand", required=True, help="the starting hand")
            v.set_defaults(handler=_cmd_show)
        else:
            v.add_argument("--n", type=positive_int, default=20, help="classes (default 20)")
            v.set_defaults(handler=_cmd_top)
        v.add_argument("--json", action="store_true", help="print JSON")
        v.set_defaults(parser=v)
