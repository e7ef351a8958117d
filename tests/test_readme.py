"""The README's console examples are real: each is run and its output compared.

A line ``...`` in an example stands for any number of output lines. Examples that pipe into
other programs are skipped.
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from splitpot.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def _examples() -> list[tuple[str, list[str]]]:
    text = README.read_text(encoding="utf-8")
    examples = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        lines = block.rstrip("\n").split("\n")
        command = lines[0].removeprefix("$ ")
        index = 1
        while command.endswith("\\"):
            command = command[:-1] + lines[index].strip()
            index += 1
        if "|" in command:
            continue
        examples.append((command, lines[index:]))
    return examples


def _matches(expected: list[str], actual: list[str]) -> bool:
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and _matches(expected[1:], actual[1:])


EXAMPLES = _examples()


def test_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c[:60] for c, _ in EXAMPLES])
def test_readme_example(command: str, expected: list[str]) -> None:
    argv = shlex.split(command)
    assert argv[0] == "splitpot"
    out = io.StringIO()
    assert main(argv[1:], out=out) == 0
    actual = out.getvalue().rstrip("\n").split("\n")
    assert _matches(expected, actual), "\n".join(actual)
