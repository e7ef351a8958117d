"""The core's study engine at its boundary: a spot it cannot take is a ValueError naming why
(never a panic), and the engine turns it into a ShowdownError."""

from __future__ import annotations

import pytest

from splitpot import _core
from splitpot.equity import engine
from splitpot.equity.codes import award_rows
from splitpot.equity.spot import prepare
from splitpot.errors import ShowdownError
from splitpot.games import GAMES


def _spot(**change: object) -> _core.StudySpot:
    args: dict[str, object] = {
        "hole": 5, "board_cards": 5, "known": bytes(range(10)), "known_n": [5, 5],
        "board": bytes([10, 11, 12]), "draws": [], "fixed": [[-1, -1]], "wanted": [[0, 0]],
        "awards": award_rows(GAMES["drawmaha"]), "policy": 0, "tie_keeps": True, "unit": 4,
        "defer": False, "deck": bytes(range(13, 52)),
    }  # fmt: skip
    args.update(change)
    return _core.StudySpot(**args)  # type: ignore[arg-type]


def test_a_good_spot_is_taken() -> None:
    assert _spot().rows_len == 2 * (3 + 2 * 2)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"deck": bytes(range(12, 52))}, "appears twice"),
        ({"hole": 4, "known": bytes(range(8)), "known_n": [4, 4]}, "draw high hand needs 5"),
        ({"fixed": [[-1]]}, "variants do not match"),
        ({"wanted": [[0, 1]]}, "every player declares or nobody"),
        ({"awards": [[9, 0, 0, 0, 0, 0, 1, 0, 0]]}, "unknown hand kind 9"),
        ({"known": bytes(range(9))}, "known cards do not match"),
    ],
)
def test_a_bad_spot_is_a_value_error_naming_why(change: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        _spot(**change)


def test_a_bad_run_is_a_value_error() -> None:
    spot = _spot()
    with pytest.raises(ValueError, match="chunks"):
        spot.sample(1000, 0, True, None, 0, 5, 1)
    with pytest.raises(ValueError, match="board walk"):
        spot.walk_boards(3, bytes(range(10)), [1, 0], 1)
    with pytest.raises(ValueError, match="deferred hero"):
        spot.sample(1000, 0, False, 0, 0, 1, 1)


def test_the_engine_turns_a_refused_spot_into_a_showdown_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spot = prepare("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "random"}, "Ac Kh 7c", (), None,
                   None, "heuristic", None, None)  # fmt: skip
    monkeypatch.setattr(engine, "unit_for", lambda players: 0)
    with pytest.raises(ShowdownError, match="cannot take this spot"):
        engine.encode(spot)
