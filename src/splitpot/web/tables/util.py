"""Small helpers of the tables: a seat token's digest and a person's name."""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Final

from splitpot.errors import BadRequest

__all__ = ["MAX_NAME", "clean_name", "token_digest"]

MAX_NAME: Final = 24


def token_digest(token: str) -> str:
    """The SHA-256 digest kept for a seat's secret token (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(raw: object) -> str:
    """A person's name: white space folded; 1 to :data:`MAX_NAME` characters of text."""
    if not isinstance(raw, str):
        raise BadRequest("player: give your name as text")
    name = " ".join(raw.split())
    if not name:
        raise BadRequest("player: the name is empty")
    if len(name) > MAX_NAME:
        raise BadRequest(f"player: the name is longer than {MAX_NAME} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise BadRequest("player: the name has control characters")
    return name
