"""The CLI run in process, for the tests: one way to call ``splitpot.cli.main``."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from splitpot.cli import main

ROOT = Path(__file__).resolve().parents[1]


def cli(argv: Sequence[str]) -> tuple[int, str]:
    """``splitpot ARGV``: (exit status, what it wrote to its output stream)."""
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def cli_captured(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``splitpot ARGV``: (exit status, stdout, stderr), stdout being the output stream and
    anything printed; an argparse exit is caught and its status returned."""
    out = io.StringIO()
    capsys.readouterr()
    try:
        code = main(list(argv), out=out)
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, out.getvalue() + captured.out, captured.err


def on_a_terminal(*argv: str) -> tuple[str, str]:
    """Run ``splitpot ARGV`` with stderr on a pseudo-terminal (100 columns): its stdout and
    what the terminal showed."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "splitpot", *argv],
        stdout=subprocess.PIPE, stderr=follower, cwd=ROOT,
    )  # fmt: skip
    os.close(follower)
    shown = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            shown += chunk
        elif process.poll() is not None:
            break
    out = process.communicate(timeout=300)[0]
    os.close(leader)
    return out.decode(), shown.decode("utf-8", "replace")
