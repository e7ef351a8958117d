"""The CLI run in process, for the tests: one way to call ``splitpot.cli.main``."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest

from splitpot.cli import main


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
