"""The README's console examples are real: each block is run and its output compared.

A block may hold several ``$ splitpot ...`` commands, run in order in a fresh folder (so one can
write a file the next reads). A line ``...`` in an expected output stands for any number of
lines. Commands that pipe into other programs are skipped.
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from splitpot.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"

Step = tuple[str, list[str]]


def _blocks() -> list[list[Step]]:
    text = README.read_text(encoding="utf-8")
    blocks = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        steps: list[Step] = []
        lines = block.rstrip("\n").split("\n")
        index = 0
        while index < len(lines):
            command = lines[index].removeprefix("$ ")
            index += 1
            while command.endswith("\\"):
                command = command[:-1] + lines[index].strip()
                index += 1
            expected = []
            while index < len(lines) and not lines[index].startswith("$ "):
                expected.append(lines[index])
                index += 1
            if "|" not in command:
                steps.append((command, expected))
        if steps:
            blocks.append(steps)
    return blocks


def _matches(expected: list[str], actual: list[str]) -> bool:
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and _matches(expected[1:], actual[1:])


BLOCKS = _blocks()


def test_readme_has_examples() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("steps", BLOCKS, ids=[b[0][0][:60] for b in BLOCKS])
def test_readme_example(steps: list[Step], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for command, expected in steps:
        argv = shlex.split(command)
        assert argv[0] == "splitpot"
        out = io.StringIO()
        assert main(argv[1:], out=out) == 0, command
        actual = out.getvalue().rstrip("\n").split("\n") if out.getvalue() else []
        assert _matches(expected, actual), command + "\n" + "\n".join(actual)
