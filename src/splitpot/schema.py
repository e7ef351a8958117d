"""Wire schemas: a typed record states what a message may hold, once; reading checks it once.

A schema is a :class:`msgspec.Struct` (or a frozen dataclass such as
:class:`~splitpot.engine.options.Options`); :func:`read` converts a decoded JSON object into it
with :func:`msgspec.convert` (strict: a ``true`` is not a number, ``"5"`` is not an int) and
turns a failure into a :class:`~splitpot.errors.SchemaError` that says, in the words of the
caller's ``messages``, which field was wrong and what it was::

    read({"pot": "x"}, ShowdownInput, {"pot": '"pot" must be a whole number of chips'})

``messages`` maps a field to its message (``{value!r}`` is the value given); a field with no
message gets ``"{field} cannot be {value!r}"``. An error raised by the record's own checks
(a dataclass's ``__post_init__``) is raised as it is. Unknown keys are the caller's to word:
:func:`unknown_keys` lists them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any, TypeVar

import msgspec

from splitpot.errors import SchemaError, SplitpotError

__all__ = ["field_names", "read", "unknown_keys"]

T = TypeVar("T")

_PATH = re.compile(r" - at `\$\.([A-Za-z_][A-Za-z_0-9]*)")


def field_names(kind: type[Any]) -> tuple[str, ...]:
    """The fields of a schema (a msgspec Struct or a dataclass), in order."""
    if dataclasses.is_dataclass(kind):
        return tuple(f.name for f in dataclasses.fields(kind))
    return tuple(getattr(kind, "__struct_fields__", ()))


def unknown_keys(data: Mapping[str, Any], kind: type[Any]) -> list[str]:
    """The keys of ``data`` that are not fields of ``kind``, sorted."""
    return sorted(set(data) - set(field_names(kind)))


def read(data: Mapping[str, Any], kind: type[T], messages: Mapping[str, str]) -> T:
    """``data`` (a decoded JSON object) as a ``kind``; see the module docstring."""
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as exc:
        cause = exc.__cause__ or exc.__context__
        if isinstance(cause, SplitpotError):  # the record's own check: its message is clear
            raise cause from None
        match = _PATH.search(str(exc))
        if match is None:  # a missing required field: msgspec names it
            missing = re.search(r"missing required field `(\w+)`", str(exc))
            field = missing[1] if missing else ""
        else:
            field = match[1]
        value = data.get(field)
        template = messages.get(field, "{field} cannot be {value!r}")
        raise SchemaError(template.format(field=field, value=value)) from None
