"""The README's console examples are real: each block is run and its output compared.

A block may hold several ``$ splitpot ...`` commands, run in order in a fresh folder (so one can
write a file the next reads). A line ``...`` in an expected output stands for any number of
lines. Commands that pipe into other programs are skipped.
"""

from __future__ import annotations

import argparse
import io
import re
import shlex
from pathlib import Path

import pytest

from splitpot.bots.registry import BOTS
from splitpot.cli import build_parser, main
from splitpot.games import GAMES

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


# The README's claims about the program, checked against the program.


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_readme_serve_synopsis_names_every_flag_of_serve() -> None:
    parser = build_parser("serve")
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    flags = {
        option
        for argument in action.choices["serve"]._actions
        for option in argument.option_strings
        if option.startswith("--") and option != "--help"
    }
    synopsis = re.search(r"```\n(splitpot serve .*?)```", README.read_text(encoding="utf-8"), re.S)
    assert synopsis, "the README has no serve synopsis block"
    written = set(re.findall(r"\[(--[a-z-]+)", synopsis.group(1)))
    assert written == flags, f"missing {sorted(flags - written)}, unknown {sorted(written - flags)}"


def test_readme_lobby_names_every_bot_and_the_default() -> None:
    lobby = _section("The web table").split("- **The table**")[0]
    for kind in BOTS:
        assert f"`{kind}`" in lobby, kind
    assert "`expert`, the default" in lobby


def test_readme_counts_the_games_splitpot_games_lists() -> None:
    found = re.search(r"`splitpot games` lists the (\d+) games", README.read_text(encoding="utf-8"))
    assert found, "the README does not say how many games `splitpot games` lists"
    assert int(found.group(1)) == len(GAMES)


# The README's Python examples run: each ```python block is executed, and a line ending in a
# comment that is a value (``# 'Three aces'``, ``# (True, [198, 202])``) is checked against
# the repr of what the line's expression gives.

_VALUE = re.compile(r"""^(?P<code>.*?)\s+#\s+(?P<want>['"({\[0-9-].*|True|False|None)$""")


def _value_line(line: str) -> re.Match[str] | None:
    """The line's code and the value its comment gives, when the comment is a Python value
    (``# 2, 4, 7 (the pot-limit maximum)`` is words, not checked)."""
    found = _VALUE.match(line)
    if found is None:
        return None
    try:
        compile(found.group("want"), "README.md", "eval")
    except SyntaxError:
        return None
    return found


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


PYTHON_BLOCKS = _python_blocks()


def test_readme_has_python_examples_with_values() -> None:
    assert len(PYTHON_BLOCKS) >= 3
    assert sum(bool(_value_line(line)) for block in PYTHON_BLOCKS for line in block.splitlines())


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=[b.split("\n")[0][:50] for b in PYTHON_BLOCKS])
def test_readme_python_example(block: str) -> None:
    namespace: dict[str, object] = {}
    statement: list[str] = []
    for line in block.splitlines():
        found = _value_line(line)
        statement.append(found.group("code") if found else line)
        source = "\n".join(statement)
        try:
            code = compile(source, "README.md", "exec")
        except SyntaxError:
            continue  # a statement over several lines: read on
        statement = []
        if found:
            value = eval(compile(source, "README.md", "eval"), namespace)
            assert repr(value) == found.group("want"), source
        else:
            exec(code, namespace)
