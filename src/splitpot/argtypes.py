"""Value types for the command lines' arguments, shared by every command's parser (the
``splitpot`` command's own, and those of ``history``, ``match``, ``play``, ``rules`` and
``serve``, which live beside what they run).

Each is an ``argparse`` ``type=``: a value it refuses is a malformed command line, so the
command exits 2 with a one-line message naming the flag and the value (``argument --samples:
0 is not a whole number of 1 or more``).
"""

from __future__ import annotations

import argparse

__all__ = ["natural_int", "positive_int"]


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    """A whole number of 1 or more (samples, opponents, rows, hands)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a whole number of 1 or more")
    return value


def natural_int(text: str) -> int:
    """A whole number of 0 or more (an offset, a count that may be none)."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is not a whole number of 0 or more")
    return value
