"""The compiled core's study engine gives exactly the numba engine's results, pinned before
the core took over (tests/fixtures/equity_fixture.json.gz, made by
tests/oracle/make_equity_fixture.py): exact odds to 1e-12, seeded Monte Carlo identical."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from splitpot.equity import equity
from splitpot.equity.advise import advise_discards, declaration_odds
from splitpot.equity.fast import exact_counts
from splitpot.equity.results import EquityResult

FIXTURE = Path(__file__).parent / "fixtures" / "equity_fixture.json.gz"


@cache
def fixture() -> dict[str, Any]:
    return json.loads(gzip.decompress(FIXTURE.read_bytes()))


def _close(got: list[float | None], want: list[float | None], tol: float) -> bool:
    if len(got) != len(want):
        return False
    for g, w in zip(got, want, strict=True):
        if (g is None) != (w is None):
            return False
        if g is not None and w is not None and abs(g - w) > tol:
            return False
    return True


def _flat(result: EquityResult) -> dict[str, list[float | None]]:
    return {
        p.name: [p.equity, p.scoop, p.std_error]
        + [x for odds in p.awards.values() for x in (odds.win, odds.tie)]
        for p in result.players
    }


def _check(result: EquityResult, want: dict[str, Any], tol: float, where: str) -> None:
    assert result.method == want["method"], where
    assert result.runouts == want["runouts"], where
    got = _flat(result)
    assert got.keys() == want["players"].keys(), where
    for name, values in want["players"].items():
        assert _close(got[name], values, tol), f"{where}: {name} {got[name]} != {values}"


def _run(case: dict[str, Any], **how: Any) -> EquityResult:
    return equity(
        case["game"], case["players"], case["board"], dead=case["dead"],
        discards=case["discards"], draws=case["draws"], policy=case["policy"],
        declarations=case["declarations"], **how,
    )  # fmt: skip


def _games() -> list[str]:
    return sorted({c["game"] for c in fixture()["exact"]})


@pytest.mark.parametrize("game", _games())
def test_exact_equity_equals_the_numba_engines_on_200_spots_per_game(game: str) -> None:
    cases = [c for c in fixture()["exact"] if c["game"] == game]
    assert len(cases) >= 200
    for i, case in enumerate(cases):
        _check(_run(case, exact=True), case["result"], 1e-12, f"{game} spot {i}")


def test_seeded_monte_carlo_equals_the_numba_engines() -> None:
    for i, case in enumerate(fixture()["monte_carlo"]):
        result = _run(case, exact=False, samples=case["samples"], seed=case["seed"])
        _check(result, case["result"], 1e-15, f"monte carlo spot {i} ({case['game']})")


def test_advise_discards_equals_the_numba_engines() -> None:
    for case in fixture()["advise"]:
        options = advise_discards(
            case["game"], case["hand"], case["board"], opponents=case["opponents"],
            opponent_hands=case["opponent_hands"], samples=case["samples"], seed=case["seed"],
            policy=case["policy"],
        )  # fmt: skip
        got = {tuple(o.discard): o.result for o in options}
        assert len(got) == len(case["options"])
        for discard, want in case["options"]:
            _check(got[tuple(discard)], want, 1e-12, f"advise {case['game']} {discard}")


def test_declaration_odds_equal_the_numba_engines() -> None:
    for case in fixture()["declare"]:
        odds = declaration_odds(
            case["hand"], case["board"], game=case["game"], opponents=case["opponents"],
            opponent_hands=case["opponent_hands"],
            opponent_declarations=case["opponent_declarations"], samples=case["samples"],
            seed=case["seed"], two_way_tie_keeps=case["two_way_tie_keeps"],
        )  # fmt: skip
        assert (odds.method, odds.runouts) == (case["method"], case["runouts"])
        for way, share in case["shares"].items():
            assert abs(odds.shares[way] - share) <= 1e-12, (case, way)
            error, want = odds.std_errors[way], case["std_errors"][way]
            assert (error is None) == (want is None)
            assert error is None or abs(error - want) <= 1e-12


def test_fast_exact_counts_equal_the_numba_engines() -> None:
    for case in fixture()["fast"]:
        counts = exact_counts(case["game"], case["holes"], case["board"])
        want = (case["boards"], case["wins"], case["tie_units"], case["unit"])
        assert (counts.boards, list(counts.wins), list(counts.tie_units), counts.unit) == want
