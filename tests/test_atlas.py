"""Starting-hand atlases (issue 15): classes, builds on Dask (the same records for any number
of workers, a killed worker, a stopped build resumed), the show/top commands and their JSON."""

from __future__ import annotations

import json
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import pytest

from cli_run import cli, cli_captured, on_a_terminal
from splitpot.atlas import store
from splitpot.atlas.build import build, plan
from splitpot.atlas.classes import all_keys, canonical, cards_of, from_canonical, text, weight
from splitpot.cards import parse_cards

SPLITPOT = Path(sys.executable).with_name("splitpot")


def run(*argv: str) -> tuple[int, str]:
    return cli(argv)


def top_json(path: Path, n: int = 1000) -> dict[str, object]:
    status, text_out = run("atlas", "top", str(path), "--n", str(n), "--json")
    assert status == 0
    return json.loads(text_out)  # type: ignore[no-any-return]


# --- classes ----------------------------------------------------------------------------------


def test_the_canonical_form_of_a_rainbow_wheel_badugi() -> None:
    key, _ = canonical(parse_cards("As 2d 3h 4c"))
    assert text(key) == "As 4h 3d 2c"
    assert weight(key) == 24  # four distinct suit masks: every permutation of the suits


def test_a_suit_relabelling_never_changes_the_class() -> None:
    rng = random.Random(15)
    for _ in range(500):
        hand = rng.sample(range(52), rng.choice((4, 5, 6)))
        perm = rng.sample(range(4), 4)
        moved = [(c >> 2) * 4 + perm[c & 3] for c in hand]
        key, suit_map = canonical(hand)
        assert canonical(moved)[0] == key
        # the canonical hand mapped back to the hand's suits is the hand itself
        assert sorted(from_canonical(cards_of(key), suit_map)) == sorted(hand)


@pytest.mark.parametrize("cards", [1, 2, 3])
def test_the_classes_are_those_of_every_hand(cards: int) -> None:
    every = {canonical(h)[0] for h in combinations(range(52), cards)}
    assert set(all_keys(cards)) == every


@pytest.mark.parametrize(("cards", "classes"), [(4, 16_432), (5, 134_459)])
def test_the_classes_cover_every_hand_once(cards: int, classes: int) -> None:
    keys = all_keys(cards)
    assert len(keys) == classes
    assert list(keys) == sorted(set(keys))
    assert sum(weight(k) for k in keys) == math.comb(52, cards)


# --- builds -----------------------------------------------------------------------------------


def test_the_same_records_in_this_process_and_on_one_and_two_workers(tmp_path: Path) -> None:
    the_plan = plan("badugi", limit=40, samples=200, seed=3, chunk=5)
    tops = []
    for workers in (None, 1, 2):
        out = tmp_path / f"w{workers}.db"
        assert build(the_plan, out, workers=workers, quiet=True) == 40
        tops.append(top_json(out))
    assert tops[0] == tops[1] == tops[2]
    assert len(tops[0]["records"]) == 40  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_issue_s_build_gives_the_same_records_on_one_and_two_workers(tmp_path: Path) -> None:
    tops = []
    for workers in ("2", "1"):
        out = tmp_path / f"a{workers}.db"
        status, _ = run(
            "atlas", "build", "badugi", "--limit", "300", "--samples", "500", "--seed", "3",
            "--workers", workers, "--out", str(out), "--quiet",
        )  # fmt: skip
        assert status == 0
        tops.append(top_json(out, 300))
    assert tops[0] == tops[1]


def test_a_killed_worker_s_chunks_are_rerun_with_the_same_records(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    the_plan = plan("badugi", limit=80, samples=400, seed=5, chunk=2)
    build(the_plan, tmp_path / "alone.db", quiet=True)
    killed: list[int] = []
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
            silence_logs=50,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):  # fmt: skip
        pids = sorted(client.run(os.getpid).values())

        def kill_one(index: int) -> None:
            if not killed:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])

        build(the_plan, tmp_path / "killed.db", client=client, quiet=True, on_chunk=kill_one)
        assert killed
    assert top_json(tmp_path / "killed.db") == top_json(tmp_path / "alone.db")


def _chunks_done(path: Path) -> int:
    if not path.exists():
        return 0  # (connecting would create it)
    try:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            return int(db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return 0


def test_a_stopped_build_resumes_where_it_stopped_with_the_same_records(tmp_path: Path) -> None:
    # 120 chunks of 2 classes: killed after a few, far from the end even on a quick machine
    args = ["atlas", "build", "badugi", "--limit", "240", "--chunk", "2", "--samples", "400",
            "--seed", "7", "--quiet"]  # fmt: skip
    stopped = tmp_path / "stopped.db"
    command = [str(SPLITPOT), *args, "--out", str(stopped)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while _chunks_done(stopped) < 3 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait()
    done = _chunks_done(stopped)
    assert process.stderr is not None
    assert 3 <= done < 120, f"the build was not stopped part-way: {process.stderr.read()!r}"
    assert store.Atlas(stopped).meta["complete"] is False
    status, said = run(*args, "--out", str(stopped), "--resume")
    assert status == 0
    assert f"({240 - 2 * done} computed now" in said
    whole = tmp_path / "whole.db"
    assert run(*args, "--out", str(whole))[0] == 0
    assert top_json(stopped) == top_json(whole)
    assert store.Atlas(stopped).meta["complete"] is True


def test_a_resume_with_other_parameters_or_an_existing_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a.db"
    args = ["atlas", "build", "badugi", "--limit", "4", "--samples", "50", "--quiet"]
    assert run(*args, "--out", str(out))[0] == 0
    assert run(*args, "--out", str(out))[0] == 1
    assert "exists: finish it with --resume" in capsys.readouterr().err
    assert run(*args[:-3], "--samples", "60", "--quiet", "--out", str(out), "--resume")[0] == 1
    assert "was built with samples 50, not 60" in capsys.readouterr().err


# --- reading ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_drawmaha(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("atlas") / "drawmaha.db"
    build(plan("drawmaha", limit=30, samples=100, seed=2), out, quiet=True)
    return out


def test_show_gives_the_issue_s_keys_and_top_lists_the_best_first(small_drawmaha: Path) -> None:
    hand = text(all_keys(5)[7])
    status, said = run("atlas", "show", str(small_drawmaha), "--hand", hand, "--json")
    assert status == 0
    record = json.loads(said)
    assert {"game", "class", "equity", "awards", "scoop", "percentile"} <= set(record)
    assert record["game"] == "drawmaha" and record["class"] == hand
    assert set(record["awards"]) == {"omaha", "draw"}
    assert 0 <= record["scoop"] <= min(record["awards"].values())
    records = top_json(small_drawmaha)["records"]
    equities = [r["equity"] for r in records]  # type: ignore[index]
    assert equities == sorted(equities, reverse=True)
    assert records[0]["percentile"] == 100.0 and records[0]["rank"] == 1  # type: ignore[index]


def test_show_of_a_hand_the_atlas_lacks_and_of_a_bad_hand_says_so_in_one_line(
    small_drawmaha: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("atlas", "show", str(small_drawmaha), "--hand", "As Ks Qs Js Ts")[0] == 1
    assert "is not in drawmaha.db (30 of 134,459 classes were built)" in capsys.readouterr().err
    assert run("atlas", "show", str(small_drawmaha), "--hand", "As Ks Qx Js Ts")[0] == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown suit 'x'" in err
    assert run("atlas", "show", str(small_drawmaha), "--hand", "As Ks")[0] == 1
    assert "Drawmaha deals 5" in capsys.readouterr().err


def test_reading_an_atlas_loads_neither_dask_nor_the_equity_engine(small_drawmaha: Path) -> None:
    code = (
        "import io, sys\n"
        "from splitpot.cli import main\n"
        f"main(['atlas', 'top', {str(small_drawmaha)!r}, '--json'], io.StringIO())\n"
        "print(' '.join(m for m in ('dask', 'distributed', 'numba', 'splitpot.equity') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []


def test_pack_writes_an_atlas_that_reads_the_same(small_drawmaha: Path, tmp_path: Path) -> None:
    packed = tmp_path / "d.sqlite.xz"
    assert run("atlas", "pack", str(small_drawmaha), "--out", str(packed))[0] == 0
    assert packed.stat().st_size < small_drawmaha.stat().st_size
    assert top_json(packed) == top_json(small_drawmaha)


def test_a_build_on_an_existing_scheduler_gives_the_same_records(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    args = ["atlas", "build", "badugi", "--limit", "12", "--chunk", "4", "--samples", "100",
            "--quiet"]  # fmt: skip
    assert run(*args, "--out", str(tmp_path / "here.db"))[0] == 0
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None,
        silence_logs=50,
    ) as cluster:  # fmt: skip
        status, said = run(*args, "--out", str(tmp_path / "there.db"), "--scheduler",
                           cluster.scheduler_address)  # fmt: skip
    assert status == 0 and "12 computed now, 3 chunks" in said
    assert top_json(tmp_path / "there.db") == top_json(tmp_path / "here.db")


def test_show_and_top_rank_a_class_alike(small_drawmaha: Path) -> None:
    # show ranks one record in SQLite; top sorts every class once: the same answers
    for record in top_json(small_drawmaha)["records"]:  # type: ignore[attr-defined]
        status, said = run(
            "atlas", "show", str(small_drawmaha), "--hand", record["class"], "--json"
        )
        shown = json.loads(said)
        assert status == 0
        assert (shown["rank"], shown["percentile"]) == (record["rank"], record["percentile"])


def test_a_build_on_a_terminal_shows_a_bar_of_classes_and_the_time_left(tmp_path: Path) -> None:
    out, screen = on_a_terminal("atlas", "build", "badugi", "--limit", "40", "--chunk", "5",
                                "--samples", "100", "--out", str(tmp_path / "a.db"))  # fmt: skip
    assert "atlas badugi" in screen and "/40" in screen and "class" in screen
    assert "<" in screen  # tqdm's elapsed<remaining
    assert out.startswith(f"{tmp_path / 'a.db'}: 40 classes of badugi")


def test_an_sqlite_file_that_is_not_an_atlas_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found by the CLI fuzz: another program's file with a "meta" table of other columns
    # passed the old check and failed later with a traceback.
    foreign = tmp_path / "history.sqlite3"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    for argv in (
        ("atlas", "show", str(foreign), "--hand", "As Ks Qs Js Ts"),
        ("atlas", "top", str(foreign)),
        ("atlas", "pack", str(foreign)),
    ):
        assert run(*argv)[0] == 1, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{foreign} is not an atlas" in err, err


@pytest.mark.parametrize("name", ["", ".", "/"])
def test_atlas_pack_of_a_path_that_names_no_file_is_one_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by the CLI fuzz: `atlas pack ''` was a ValueError traceback (Path('.').with_name)
    status, _, err = cli_captured(["atlas", "pack", name], capsys)
    assert status == 1
    assert err.strip() == f"splitpot: error: atlas pack: {name!r} names no atlas file"
