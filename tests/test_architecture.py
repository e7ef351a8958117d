"""The house's shape (issue 12, STYLE.md): the faces do not load each other, no module reaches
into another package's private names, rooms stay small, and games are data.

Where another area is still being moved, its exceptions are listed in an explicit allow-list
below, each with why; the lists are to be emptied as those areas land.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from splitpot.games.registry import GAMES

SRC = Path(__file__).resolve().parents[1] / "src" / "splitpot"

# Faces still loaded by `import splitpot.web.app` (none: the words are in splitpot.describe).
FACE_IMPORTS_ALLOWED: dict[str, str] = {}

# Private names still reached across packages, (module, imported name), each with why: none.
PRIVATE_IMPORTS_ALLOWED: dict[tuple[str, str], str] = {}

# The packages that call the compiled core (STYLE.md "The compiled core": the bottom floor,
# called by evaluate/, engine/ and equity/; no adapter calls it directly).
CORE = "splitpot._core"
CORE_CALLERS = ("splitpot.evaluate", "splitpot.engine", "splitpot.equity")

# Files allowed over 800 lines: none (equity/fast.py was split by kind).
LONG_FILES_ALLOWED: dict[str, str] = {}

# Game ids written outside games/ (equity/ reads awards' kinds and keeps, never a game's id).
GAME_ID_FILES_ALLOWED: dict[str, str] = {}

# Strings that are spelled like a game id but name something else (file, string): why.
GAME_ID_LOOKALIKES: dict[tuple[str, str], str] = {
    ("evaluate/badugi.py", "badugi"): "the hand family's name",
    ("evaluate/doogie.py", "doogie"): "the hand family's name",
    ("evaluate/omaha.py", "omaha"): "the hand family's name",
    ("equity/fast.py", "omaha"): "the evaluator family exact_counts walks",
    ("equity/fast.py", "holdem"): "the evaluator family exact_counts walks",
}


def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out.append((name, path))
    return out


def _package(module: str, path: Path) -> str:
    """The package a module belongs to: ``splitpot.web.tables`` for its modules and itself."""
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def test_web_app_loads_neither_the_cli_nor_terminal_play() -> None:
    code = (
        "import sys, splitpot.web.app; "
        "print(' '.join(m for m in ('splitpot.cli', 'splitpot.play', 'argparse') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split()) - set(FACE_IMPORTS_ALLOWED)
    assert "splitpot.cli" not in loaded
    assert "splitpot.play" not in loaded


def test_the_showdown_command_imports_no_other_command() -> None:
    code = (
        "import sys\n"
        "from splitpot.cli import main\n"
        "import io\n"
        "main(['showdown', 'drawmaha', '--board', 'Ac Kh 7c 6d 2h', '--player', "
        "'A=As Ah Kd Qc 8s', '--player', 'B=9s 9h 9d 4s 3d', '--pot', '120'], io.StringIO())\n"
        "heavy = ('starlette', 'uvicorn', 'numba', 'numpy', 'multiprocessing', 'sqlite3',\n"
        "         'splitpot.web', 'splitpot.equity', 'splitpot.history', 'splitpot.play')\n"
        "print(' '.join(m for m in heavy if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == []


def private_names_used(module: str, package: str, source: str) -> list[str]:
    """The private names of other splitpot packages that ``source`` (module ``module`` of
    package ``package``) imports or reaches through a module: ``splitpot.play._event_line``."""
    modules = dict(_modules())
    tree = ast.parse(source)
    imported = _imported_modules(tree)

    def home(name: str) -> str:
        path = modules.get(name)
        return name.rpartition(".")[0] if path is None else _package(name, path)

    def outside(name: str) -> bool:
        where = home(name)
        return where != package and not where.startswith(package + ".")

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("splitpot"):
                for alias in node.names:
                    name = f"{node.module}.{alias.name}"
                    if "._" in f".{name}" and not alias.name.startswith("__") and outside(name):
                        found.append(name)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            target = imported.get(node.value.id)
            private = node.attr.startswith("_") and not node.attr.startswith("__")
            if private and target in modules and outside(f"{target}.{node.attr}"):
                found.append(f"{target}.{node.attr}")
    return found


def _private_imports() -> list[tuple[str, str]]:
    return [
        (module, name)
        for module, path in _modules()
        for name in private_names_used(module, _package(module, path), path.read_text("utf-8"))
    ]


def _imported_modules(tree: ast.Module) -> dict[str, str]:
    """Local name -> splitpot module, for ``import splitpot.x as y`` and ``from splitpot import
    x`` (a module)."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("splitpot") and alias.asname:
                    names[alias.asname] = alias.name
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.level == 0
            and node.module.startswith("splitpot")
        ):
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


def _calls_the_core(module: str) -> bool:
    return module.startswith(CORE_CALLERS)


def test_no_module_imports_a_private_name_of_another_package() -> None:
    found = [
        hit
        for hit in _private_imports()
        if hit not in PRIVATE_IMPORTS_ALLOWED and not (hit[1] == CORE and _calls_the_core(hit[0]))
    ]
    assert found == []


def test_only_evaluate_engine_and_equity_call_the_core() -> None:
    callers = {module for module, name in _private_imports() if name == CORE}
    assert callers
    assert sorted(m for m in callers if not _calls_the_core(m)) == []


def test_the_private_name_scan_finds_private_names() -> None:
    source = (
        "from splitpot.cli import _settle_from_json\n"
        "from splitpot import play\n"
        "from splitpot.web.tables.state import token_digest\n"
        "x = play._event_line\n"
    )
    assert private_names_used("splitpot.web.lab", "splitpot.web", source) == [
        "splitpot.cli._settle_from_json",
        "splitpot.play._event_line",
    ]
    inside = "from splitpot.evaluate.high import _order_used\n"
    assert private_names_used("splitpot.evaluate.omaha", "splitpot.evaluate", inside) == []


def test_no_source_file_is_over_800_lines() -> None:
    long = {
        str(path.relative_to(SRC)): count
        for _, path in _modules()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > 800
    }
    assert set(long) <= set(LONG_FILES_ALLOWED), long


def _docstrings(tree: ast.Module) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def game_id_strings(source: str) -> list[str]:
    """Every string constant of ``source`` that is a registry game id or alias (docstrings
    excluded)."""
    names = set(GAMES) | {alias for spec in GAMES.values() for alias in spec.aliases}
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in names
        and id(node) not in skip
    ]


def test_the_game_id_scan_finds_a_game_id() -> None:
    assert game_id_strings('if game.id == "badeucy":\n    x = {"doogie": 1}\n') == [
        "badeucy",
        "doogie",
    ]
    assert game_id_strings('"""badugi"""\nname = "drawmaha-ish"\n') == []


def test_no_game_id_is_written_outside_the_games_package() -> None:
    found = {}
    for _, path in _modules():
        relative = path.relative_to(SRC).as_posix()
        if relative.startswith("games/") or relative in GAME_ID_FILES_ALLOWED:
            continue
        text = path.read_text(encoding="utf-8")
        hits = [h for h in game_id_strings(text) if (relative, h) not in GAME_ID_LOOKALIKES]
        if hits:
            found[relative] = hits
    assert found == {}


def test_each_allowed_game_id_file_still_exists() -> None:
    assert [name for name in GAME_ID_FILES_ALLOWED if not (SRC / name).exists()] == []
