"""The showdown lab's presets: the seeds' worked showdowns (:mod:`splitpot.games.cases`), each
with the seed's answer, as the lab's inputs show them."""

from __future__ import annotations

from typing import Any, Final

from splitpot.cards import format_cards, parse_cards
from splitpot.games.cases import CASES, Expected, WorkedCase

__all__ = ["PRESETS", "preset_json"]


def _cards(seed_text: str) -> str:
    """A seed's cards ("A♠A♥K♦") as the text the lab's inputs show ("As Ah Kd")."""
    return format_cards(parse_cards(seed_text))


def _expected(expected: Expected) -> dict[str, Any]:
    if expected.error is not None:
        return {"error": expected.error}
    out: dict[str, Any] = {
        "payouts": dict(expected.payouts),
        "winners": {award: list(names) for award, names in expected.winners.items()},
    }
    if expected.hands:
        out["hands"] = {name: dict(words) for name, words in expected.hands.items()}
    if expected.cards:
        out["cards"] = {
            name: {award: _cards(text) for award, text in used.items()}
            for name, used in expected.cards.items()
        }
    return out


def preset_json(case: WorkedCase) -> dict[str, Any]:
    """One worked case as a lab preset: a ready ``POST /api/lab/showdown`` body with its id,
    title, source, explanation and the seed's answer (``expected``)."""
    preset: dict[str, Any] = {
        "id": case.id,
        "title": case.title,
        "game": case.game,
        "board": _cards(case.board),
        "players": {name: _cards(cards) for name, cards in case.players.items()},
    }
    if case.pot is not None:
        preset["pot"] = case.pot
    if case.contributions is not None:
        preset["contributions"] = dict(case.contributions)
    if case.declarations is not None:
        preset["declarations"] = dict(case.declarations)
    if case.odd_chip is not None:
        preset["odd_chip"] = case.odd_chip
    preset["source"] = case.source
    preset["answer_key"] = case.answer_key
    preset["explanation"] = case.explanation
    preset["expected"] = _expected(case.expected)
    return preset


PRESETS: Final[tuple[dict[str, Any], ...]] = tuple(preset_json(case) for case in CASES)
