"""Issue 26: a long study stops cleanly on Ctrl-C (SIGINT) and SIGTERM: one line, no traceback,
exit 130 or 143, within a few seconds (the sampling kernel returns to Python between slices).

Marked ``slow``: the first equity run of a fresh checkout compiles its kernels (minutes)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EQUITY = ["equity", "badugi", "--player", "A=As 2d 3c 4h", "--player", "B=random"]
ADVISE = ["advise", "badugi", "--hand", "As 2d 3c Kh"]
BILLION = ["--samples", "1000000000"]


def splitpot(*argv: str) -> list[str]:
    return [sys.executable, "-m", "splitpot", *argv]


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


@pytest.fixture(scope="module")
def warm() -> None:
    """The kernels compiled (once, cached) so that the runs below are sampling when stopped."""
    done = subprocess.run(splitpot(*EQUITY, "--samples", "20000"), env=environment(),
                          capture_output=True, text=True, timeout=1800, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr


def _deliverable() -> None:
    """In the child: Ctrl-C as at a terminal. A suite started in the background (``cmd &``
    from a script) inherits SIGINT ignored, and a program keeps an ignored SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stopped(argv: list[str], how: signal.Signals, after: float = 3.0) -> tuple[int, str, float]:
    """Run ``splitpot ARGV``, send ``how`` after ``after`` seconds: its status, its stderr and
    how long it took to stop."""
    process = subprocess.Popen(splitpot(*argv), env=environment(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=_deliverable)  # noqa: PLW1509 (one signal() call)  # fmt: skip
    time.sleep(after)
    assert process.poll() is None, "it ended before the signal"
    sent = time.monotonic()
    process.send_signal(how)
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError(f"{how.name} did not stop it within 30 s") from None
    return process.returncode, err, time.monotonic() - sent


@pytest.mark.slow
def test_equity_with_a_billion_samples_stops_on_sigint_without_a_traceback(warm: None) -> None:
    done = subprocess.run(["timeout", "--preserve-status", "-s", "INT", "2",
                           *splitpot(*EQUITY, *BILLION)], env=environment(),
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert done.stderr == "splitpot: stopped (interrupted)\n"
    assert done.stdout == ""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("argv", "how", "status", "line"),
    [
        (EQUITY, signal.SIGTERM, 143, "splitpot: stopped (terminated)\n"),
        (ADVISE, signal.SIGINT, 130, "splitpot: stopped (interrupted)\n"),
        (ADVISE, signal.SIGTERM, 143, "splitpot: stopped (terminated)\n"),
    ],
)
def test_equity_and_advise_stop_on_ctrl_c_and_sigterm_with_one_line(
    warm: None, argv: list[str], how: signal.Signals, status: int, line: str
) -> None:
    code, err, took = stopped([*argv, *BILLION], how)
    assert (code, err) == (status, line)
    assert took < 10, f"it took {took:.1f} s to stop"  # (seconds on a loaded machine)
