"""The Monte Carlo kernel built ahead of time (splitpot.equity.ahead) and numba loaded late
(splitpot.equity.compiling): the same tallies as numba's kernel, and a one-shot advise that
never imports numba."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from splitpot.equity import ahead, engine, equity
from splitpot.equity.advise import advise_discards, declaration_odds


@pytest.fixture
def built() -> None:
    engine.ensure_compiled()  # a fresh clone compiles here, and builds the ahead-of-time kernel
    if engine._ahead_kernel() is None:
        headers = Path(sysconfig.get_paths()["include"], "Python.h").is_file()
        if (shutil.which("cc") or shutil.which("gcc")) and headers:
            pytest.fail("a C compiler and Python's headers are here, yet no kernel was built")
        pytest.skip("no C compiler or no Python.h: the ahead-of-time kernel cannot be built")


SPOTS = [
    ("badugi", {"A": "As 2d 3h Kc", "B": "Qs Qd 5h 6c"}, ""),  # three draws, the policy
    ("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d"}, "Ac Kh 7c"),  # an unknown hand
    ("bodigiha", {"A": "As 2d 3h 4c", "B": "Ks Kd 5h 6c", "C": ""}, "7c 8d 9h"),
    ("doogie", {"A": "As 2d 3h 4c 5s 6s", "B": "Ks Qd 5h 5c 6h 6d"}, "2c 3c"),
    ("badeucy", {"A": "2s 3d 4h 5c 7s", "B": "As 2h 3c Kd Qh"}, ""),
]


@pytest.mark.parametrize(("game", "hands", "board"), SPOTS, ids=[s[0] for s in SPOTS])
def test_the_ahead_of_time_kernel_counts_exactly_what_numbas_kernel_counts(
    built: None, game: str, hands: dict[str, str], board: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ahead_of_time = equity(game, hands, board, samples=3000, seed=21, exact=False)
    monkeypatch.setenv("SPLITPOT_NO_AHEAD", "1")
    assert engine._ahead_kernel() is None
    by_numba = equity(game, hands, board, samples=3000, seed=21, exact=False)
    assert ahead_of_time.to_json() == by_numba.to_json()


def test_the_advisor_and_the_declaration_odds_are_the_same_on_either_kernel(
    built: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def both() -> tuple[object, object]:
        advice = advise_discards("drawmaha", "As Ah Ks Qs Qd", "Js Ts 7c", opponents=1,
                                 samples=2000, seed=5)  # fmt: skip
        odds = declaration_odds("Kc Kd 3h 4s 6d Qc", "Kh Ks 2c 9d", opponents=2, samples=2000,
                                seed=5, game="doogie")  # fmt: skip
        return advice, odds

    first = both()
    monkeypatch.setenv("SPLITPOT_NO_AHEAD", "1")
    assert both() == first


def _python(script: str) -> list[str]:
    """The words a fresh interpreter prints running ``script``."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=300)  # fmt: skip
    return done.stdout.split()


def test_a_one_shot_advise_never_loads_numba(built: None) -> None:
    words = _python(
        "import io, sys\n"
        "from splitpot.cli import main\n"
        "out = io.StringIO()\n"
        "main(['advise', 'drawmaha', '--hand', 'As Ah Ks Qs Qd', '--board', 'Js Ts 7c',"
        " '--opponents', '1', '--samples', '20000'], out)\n"
        "print('numba' in sys.modules, out.getvalue().splitlines()[2].split()[:2])\n"
    )
    assert words == ["False", "['stand',", "'pat']"]


def test_a_kernel_noted_before_numba_loads_runs_from_python_and_from_numba() -> None:
    words = _python(
        "import sys\n"
        "from splitpot.equity.kernels import lookup\n"
        "from splitpot.equity.kernels.lookup import u16\n"  # held here: never rebound
        "assert 'numba' not in sys.modules\n"
        "import numpy as np\n"
        "data = np.array([0x0004000300020001], dtype=np.int64)\n"
        "print(lookup.u32(data, 0, 1))\n"  # a Python call loads numba, rebinds the modules
        "import numba\n"
        "print(type(lookup.u16).__name__, type(u16).__name__)\n"
        "@numba.njit\n"
        "def twice(data):\n"
        "    return 2 * u16(data, 0, 3)\n"  # numba types the noted kernel as its dispatcher
        "print(twice(data))\n"
    )
    assert words == [str(0x00040003), "CPUDispatcher", "_Kernel", "8"]


def test_a_build_that_fails_says_why_and_leaves_numbas_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def not_a_kernel(x: object) -> object:
        return {"a dict": x}  # numba cannot compile a dict of objects

    class Dispatcher:
        py_func = staticmethod(not_a_kernel)

    assert not ahead.build(tmp_path, "f" * 64, Dispatcher(), (1,))
    err = capsys.readouterr().err
    assert err.startswith("note: no ahead-of-time equity kernel (") and err.count("\n") == 1
    assert "load numba on each run instead" in err
    assert ahead.kernel(tmp_path, "f" * 64) is None
    assert list(tmp_path.iterdir()) == []
