"""The documents a clone and the package carry: the house rules live in the repository.

Every reference to the house rules names ``docs/rules.md`` (the repository's copy), never a
RULES.md outside it, which a clone or a wheel does not have.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
# A RULES.md not preceded by "docs/" (or "shared/rules/", which docs/rules.md's own first line
# names as the copy it is kept in step with).
BARE = re.compile(r"(?<![\w/])RULES\.md")


def _text_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in ("src", "docs"):
        files += [
            path
            for path in (ROOT / folder).rglob("*")
            if path.is_file() and path.suffix in {".py", ".md", ".html", ".js", ".css", ".pyi"}
        ]
    return [path for path in files if path != RULES]


def test_the_house_rules_are_in_the_repository() -> None:
    text = RULES.read_text(encoding="utf-8")
    assert text.splitlines()[0].startswith("*The house rules of splitpot")
    for section in ("## Games", "## Betting", "## Drawing", "## Doogie"):
        assert section in text


def test_the_house_rules_copy_is_the_shared_rules_verbatim() -> None:
    shared = Path("/work/shared/rules/RULES.md")
    if not shared.exists():  # a clone away from the shared folder: nothing to compare with
        return
    copy = RULES.read_text(encoding="utf-8").split("\n", 2)[2]
    assert copy == shared.read_text(encoding="utf-8")


def test_no_file_sends_the_reader_to_a_rules_file_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _text_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BARE.search(line)
    ]
    assert not found, "bare RULES.md (name docs/rules.md instead): " + ", ".join(found)


def test_the_bare_rules_pattern_finds_a_bare_name_and_spares_the_copy() -> None:
    assert BARE.search('(RULES.md "Drawing")')
    assert not BARE.search('(docs/rules.md "Drawing")')
    assert not BARE.search("`shared/rules/RULES.md`")


def test_the_licence_is_mit_at_the_root_and_declared_for_the_package() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the splitpot developers" in text
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"
    assert project["project"]["license-files"] == ["LICENSE"]
    assert project["project"]["authors"] == [{"name": "the splitpot developers"}]
    assert project["build-system"]["build-backend"] == "maturin"


def test_the_licence_ships_in_the_sdist_and_the_wheel(tmp_path: Path) -> None:
    # maturin is the build backend (the Rust core); it puts `license-files` in both
    maturin = Path(sys.executable).with_name("maturin")
    subprocess.run([maturin, "sdist", "-o", tmp_path], cwd=ROOT, check=True, capture_output=True)
    (sdist,) = tmp_path.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        assert f"{sdist.name.removesuffix('.tar.gz')}/LICENSE" in archive.getnames()
    pip = [sys.executable, "-m", "pip", "wheel", "-q", "--no-build-isolation", "--no-deps"]
    subprocess.run([*pip, "-w", tmp_path, "."], cwd=ROOT, check=True, capture_output=True)
    (wheel,) = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "splitpot-0.1.0.dist-info/licenses/LICENSE" in names
    assert {"splitpot/_core.pyi", "splitpot/py.typed"} <= set(names)


# The doctests `make doctest` (and so `make test`) runs: every module with an example.
DOCTEST_SKIPPED: set[str] = set()


def test_make_doctest_runs_every_module_with_an_example() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"DOCTESTS := \$\(addprefix src/splitpot/,(.*?)\)\n", makefile, re.S)
    assert found, "the Makefile has no DOCTESTS list"
    listed = {f"src/splitpot/{name}" for name in found.group(1).replace("\\", " ").split()}
    with_examples = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "src" / "splitpot").rglob("*.py")
        if re.search(r"^\s*>>> ", path.read_text(encoding="utf-8"), re.M)
    }
    assert listed == with_examples - DOCTEST_SKIPPED
    assert re.search(r"^test: .*\bdoctest\b", makefile, re.M), "make test does not run doctest"
