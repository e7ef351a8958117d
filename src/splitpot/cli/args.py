"""Reading the CLI's repeated ``NAME=VALUE`` flags."""

from __future__ import annotations

from collections.abc import Iterable

from splitpot.errors import UsageError

__all__ = ["chips", "pairs"]


def pairs(items: Iterable[str], flag: str) -> dict[str, str]:
    """``["A=As Ah", ...]`` as ``{"A": "As Ah"}``; a malformed or repeated name is refused."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"{flag} {item!r}: write it as NAME=VALUE")
        name = name.strip()
        if name in out:
            raise UsageError(f"{flag} names {name} twice")
        out[name] = value
    return out


def chips(items: Iterable[str], flag: str) -> dict[str, int]:
    """``["A=50", ...]`` as ``{"A": 50}``."""
    out: dict[str, int] = {}
    for name, text in pairs(items, flag).items():
        try:
            out[name] = int(text.strip())
        except ValueError:
            raise UsageError(f"{flag} {name}={text!r}: not a whole number of chips") from None
    return out
