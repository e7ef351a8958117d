"""What the modules import: nothing compiles at run time, and hands are valued and awards
decided in one place, the compiled core (``splitpot._core``; issue 20, STYLE.md "The compiled
core").

- no module under ``src/splitpot/`` imports numba, llvmlite or numpy;
- the study engine (``splitpot.equity``) imports no evaluator of ``splitpot.evaluate`` and not
  the engine's award decision: it values and settles only through the core;
- each evaluator family of ``splitpot.evaluate`` is a layer over the core (it imports the core,
  or ``splitpot.evaluate.core``, the evaluators' one bridge to it, which imports the core), and
  so is the engine's award decision (``splitpot.engine.awards``).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "splitpot"
CORE = "splitpot._core"
JIT = ("numba", "llvmlite", "numpy")
# the families whose values the core computes, and the award decision it makes
FAMILIES = (
    "evaluate/high.py", "evaluate/omaha.py", "evaluate/badugi.py", "evaluate/lowball.py",
    "evaluate/doogie.py",
)  # fmt: skip
BRIDGES = ("evaluate/core.py", "engine/awards.py")


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (``from a import b`` counts as ``a`` and ``a.b``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _modules() -> dict[str, set[str]]:
    return {str(p.relative_to(SRC)): _imports(p) for p in sorted(SRC.rglob("*.py"))}


def test_no_module_imports_numba_llvmlite_or_numpy() -> None:
    found = {
        path: sorted(m for m in names if m.split(".")[0] in JIT)
        for path, names in _modules().items()
    }
    assert {path: names for path, names in found.items() if names} == {}


def test_the_study_engine_values_and_settles_only_through_the_core() -> None:
    found = {
        path: sorted(
            m for m in names if m.startswith("splitpot.evaluate") or m == "splitpot.engine.awards"
        )
        for path, names in _modules().items()
        if path.startswith("equity/")
    }
    assert {path: names for path, names in found.items() if names} == {}
    assert any(CORE in names for path, names in _modules().items() if path.startswith("equity/"))


def test_every_evaluator_family_and_the_award_decision_are_layers_over_the_core() -> None:
    modules = _modules()
    assert [path for path in BRIDGES if CORE not in modules[path]] == []
    bridge = "splitpot.evaluate.core"
    assert [p for p in FAMILIES if CORE not in modules[p] and bridge not in modules[p]] == []


def test_the_scan_sees_imports(tmp_path: Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text(
        "import numba\nfrom splitpot import _core\nfrom splitpot.evaluate.high import x\n",
        encoding="utf-8",
    )
    assert _imports(path) >= {"numba", "splitpot._core", "splitpot.evaluate.high.x"}
