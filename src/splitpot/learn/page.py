"""A game's rules page as data, derived from its :class:`~splitpot.games.GameSpec`.

Cards, board, draws, betting structures, players, forced bets, the awards with their qualifiers,
how a pot is split and the timeline of a deal all come from the spec; only the summary, the
common mistakes, the FAQ and the other names of an award come from
:mod:`splitpot.games.lessons`. Change a spec and its page follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from splitpot.games.lessons import lesson_for
from splitpot.games.spec import Award, EvalKind, GameSpec
from splitpot.games.streets import Bet, Deal, Declare, Draw, Forced, Street, Structure
from splitpot.learn.rankings import award_ranking

__all__ = ["award_facts", "facts", "rules_page", "short_label", "split_rules", "timeline"]

_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth")

_CARDS_USED: Final[Mapping[EvalKind, str]] = {
    EvalKind.HIGH: "the best five of your cards and the board",
    EvalKind.OMAHA: "exactly two of your cards with exactly three board cards",
    EvalKind.DRAW_HIGH: "your five private cards alone, no board card",
    EvalKind.BADUGI: "your own cards alone: the most cards with no rank and no suit repeated",
    EvalKind.DEUCE_SEVEN: "your five private cards: straights and flushes count, aces high",
    EvalKind.A5: "your five private cards: straights and flushes ignored, aces low",
    EvalKind.DOOGIE_HIGH: "the best five of your cards and the community cards",
    EvalKind.DOOGIE_LOW: "one card per suit, four ranks, from your cards and the community cards",
    EvalKind.OMAHA_LOW: "exactly two of your cards with exactly three board cards, five "
    "different ranks of eight or lower: straights and flushes ignored, aces low",
}


def short_label(award: Award) -> str:
    """An award's label without its parenthesis: "Omaha high", "Badugi", "Doogie low"."""
    return award.label.split(" (")[0]


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"number {n}"


def _cards(n: int) -> str:
    return f"{_number(n)} card" + ("" if n == 1 else "s")


def _board_names(spec: GameSpec) -> list[str]:
    """A name for each deal of board cards: flop, turn, river; else community card 1, 2..."""
    sizes = [s.board for s in spec.streets if isinstance(s, Deal) and s.board]
    if sizes and sizes[0] == 3:
        return ["flop", "turn", "river", *(f"board card {i}" for i in range(6, 3 + len(sizes)))]
    return [f"{_ordinal(i)} community card" for i in range(1, len(sizes) + 1)]


def _street_names(spec: GameSpec) -> list[str]:
    """A short name for every street, e.g. "flop betting", "draw 1", "declaration"."""
    board_names = iter(_board_names(spec))
    flop_style = spec.board_cards and _board_names(spec)[0] == "flop"
    names: list[str] = []
    last_board = ""
    bets = draws = 0
    for street in spec.streets:
        if isinstance(street, Deal) and street.hole:
            names.append("the deal")
        elif isinstance(street, Deal):
            last_board = next(board_names)
            names.append(last_board)
        elif isinstance(street, Bet):
            bets += 1
            if flop_style:
                names.append(f"{last_board or 'preflop'} betting")
            else:
                names.append(f"betting round {bets}")
        elif isinstance(street, Draw):
            draws += 1
            names.append(f"draw {draws}" if len(spec.draws) > 1 else "the draw")
        else:
            names.append("the declaration")
    return names


def _draw_when(spec: GameSpec, index: int, names: list[str]) -> str:
    before = spec.streets[index - 1]
    if isinstance(before, Bet):
        name = names[index - 1]
        return f"after {name}" if name.startswith("betting round") else f"after the {name}"
    if isinstance(before, Deal) and before.board:
        return f"once the {names[index - 1]} is out, before its betting"
    return f"after {names[index - 1]}"  # pragma: no cover - a draw follows a bet or a deal


def _draws(spec: GameSpec) -> list[dict[str, Any]]:
    names = _street_names(spec)
    out = []
    for index, street in enumerate(spec.streets):
        if isinstance(street, Draw):
            out.append(
                {
                    "max_discard": street.max_discard,
                    "sviten": street.sviten,
                    "when": _draw_when(spec, index, names),
                }
            )
    return out


def _draws_text(spec: GameSpec) -> str:
    draws = _draws(spec)
    if not draws:
        return "none"
    limits = {d["max_discard"] for d in draws}
    size = f"0-{draws[0]['max_discard']} cards" if len(limits) == 1 else "cards"
    if len(draws) == 1:
        return f"one, {size}, {draws[0]['when']}"
    return f"{_number(len(draws))}, {size} each"


def _board_how(spec: GameSpec) -> str:
    """How the board comes: "flop, turn, river", "turned one at a time", or "" for none."""
    if not spec.board_cards:
        return ""
    names = _board_names(spec)
    return ", ".join(names) if names[0] == "flop" else "turned one at a time"


def _board_text(spec: GameSpec) -> str:
    if not spec.board_cards:
        return "none"
    if _board_names(spec)[0] == "flop":
        return f"{_number(spec.board_cards)} cards: {_board_how(spec)}"
    return f"{_number(spec.board_cards)} community cards, {_board_how(spec)}"


def _structures_text(spec: GameSpec) -> str:
    others = [s.value for s in spec.structures if s is not spec.structure]
    text = f"{spec.structure.value}"
    if others:
        text += f" ({' and '.join(others)} too)"
    return text


def facts(spec: GameSpec) -> dict[str, Any]:
    """The game in figures and short words: cards, board, draws, betting, players, awards."""
    return {
        "id": spec.id,
        "name": spec.name,
        "aliases": list(spec.aliases),
        "hole_cards": spec.hole_cards,
        "board_cards": spec.board_cards,
        "board": _board_text(spec),
        "board_short": _board_how(spec),
        "draws": _draws(spec),
        "draws_text": _draws_text(spec),
        "structure": spec.structure.value,
        "structures": [s.value for s in spec.structures],
        "betting": _structures_text(spec),
        "betting_rounds": spec.betting_rounds,
        "players": {"min": spec.min_players, "max": spec.max_players},
        "forced": spec.forced.value,
        "awards": [award.label for award in spec.awards],
        "qualifiers": [
            f"{award.label}: {award.qualifier.name}"
            for award in spec.awards
            if award.qualifier is not None
        ],
        "declare": spec.declare,
        "reference": spec.reference,
    }


def _share(spec: GameSpec) -> str:
    count = len(spec.awards)
    if count == 1:
        return "the whole pot"
    return "one half of each pot" if count == 2 else f"one of {count} equal parts of each pot"


def award_facts(spec: GameSpec, award: Award) -> dict[str, Any]:
    """One award: its cards, aces, qualifier, share of the pot, and its other names."""
    aces_low = award.kind.low and not award.aces_high
    return {
        "name": award.name,
        "label": award.label,
        "also_called": list(lesson_for(spec).also_called.get(award.name, ())),
        "cards": _CARDS_USED.get(award.kind, award.label),
        "low": award.kind.low,
        "aces": "low" if aces_low else "high",
        "qualifier": award.qualifier.name if award.qualifier is not None else None,
        "share": _share(spec),
        "odd_chip": len(spec.awards) > 1 and award.name == spec.high_award,
    }


def split_rules(spec: GameSpec) -> list[str]:
    """How a pot is split, in sentences, from the awards, qualifiers and the declaration."""
    awards = spec.awards
    if len(awards) == 1:
        out = [
            f"The best {short_label(awards[0])} hand takes each pot; tied hands share it, odd "
            f"chips going one at a time from the first seat left of the button."
        ]
    else:
        labels = " and ".join(short_label(a) for a in awards)
        high = short_label(spec.award(spec.high_award))
        out = [
            f"Each pot (the main pot and every side pot, each among its own players) is "
            f"divided equally between {labels}. One player may win one part or scoop them all.",
            "A tie shares only the part that is tied, never the whole pot.",
            f"When a pot does not divide evenly, the odd chip goes to {high}; odd chips within "
            f"a tied part go one at a time from the first seat left of the button.",
        ]
    if any(a.qualifier is not None for a in awards):
        needs = "; ".join(
            f"{short_label(a)} needs {a.qualifier.name}" for a in awards if a.qualifier
        )
        out.append(f"{needs}. A part nobody qualifies for goes to the other part's winner.")
    if spec.declare:
        out.append(
            "Before the last betting round every player declares, at once and in secret, high, "
            "low or both, and competes only for what they declared. A part nobody declared goes "
            "to the other part."
        )
        rule = (
            "A player who declares both ways must win both outright: losing or tying either "
            "part, or missing a qualifier, forfeits the whole pot"
        )
        if spec.two_way_tie_keeps:
            rule += ", except that a tie with the best possible hand does not cost the pot"
        out.append(rule + ".")
        out.append(
            "If no part can be given, the pot is split evenly among the players still in it "
            "who did not forfeit it."
        )
    return out


def _forced_step(spec: GameSpec) -> dict[str, Any]:
    if spec.forced is Forced.ANTE:
        text = "Every player puts in an ante before the cards are dealt."
    else:
        text = (
            "The player left of the button posts the small blind, the next player the big "
            "blind (heads-up, the button posts the small blind)."
        )
    return {"kind": "forced", "title": f"Forced bets: {spec.forced.value}", "text": text}


def _bet_text(spec: GameSpec, street: Bet, first: bool) -> str:
    parts = []
    if first and spec.forced is Forced.BLINDS:
        parts.append("The player left of the big blind acts first.")
    elif first:
        parts.append("The first player left of the button acts first.")
    else:
        parts.append("The first player still in, left of the button, acts first.")
    if Structure.FIXED_LIMIT in spec.structures:
        size = "big" if street.big else "small"
        parts.append(f"At fixed limit, bets and raises are the {size} bet.")
    return " ".join(parts)


def _step(spec: GameSpec, street: Street, name: str, state: dict[str, int]) -> dict[str, Any]:
    if isinstance(street, Deal) and street.hole:
        text = f"Each player is dealt {_cards(street.hole)} face down."
        return {"kind": "deal", "title": "Deal", "cards": street.hole, "text": text}
    if isinstance(street, Deal):
        face = "dealt face up" if name in ("flop", "turn", "river") else "turned face up"
        text = f"{_cards(street.board).capitalize()} {face} in the middle: the {name}."
        return {"kind": "board", "title": name.capitalize(), "cards": street.board, "text": text}
    if isinstance(street, Bet):
        state["bets"] += 1
        return {
            "kind": "bet",
            "title": name.capitalize(),
            "big": street.big,
            "text": _bet_text(spec, street, state["bets"] == 1),
        }
    if isinstance(street, Draw):
        text = (
            f"Each player in turn, the button last, discards 0 to {street.max_discard} cards and "
            f"is dealt as many new ones; discarding none is standing pat."
        )
        if street.sviten:
            text += (
                " A player who changes exactly one card gets it face up, and may keep it or "
                "refuse it for the next card face down, which must be kept."
            )
        return {
            "kind": "draw",
            "title": name.capitalize(),
            "max_discard": street.max_discard,
            "sviten": street.sviten,
            "text": text,
        }
    assert isinstance(street, Declare)
    text = "Every player still in declares high, low or both, at once and in secret."
    return {"kind": "declare", "title": "Declaration", "text": text}


def timeline(spec: GameSpec) -> list[dict[str, Any]]:
    """The deal step by step, from the forced bets to the showdown, drawn from the streets."""
    names = _street_names(spec)
    state = {"bets": 0}
    steps = [_forced_step(spec)]
    steps += [_step(spec, street, names[i], state) for i, street in enumerate(spec.streets)]
    if len(spec.awards) == 1:
        end = f"The best {short_label(spec.awards[0])} hand takes the pot."
    else:
        end = "Each pot is divided between " + " and ".join(map(short_label, spec.awards)) + "."
    steps.append(
        {
            "kind": "showdown",
            "title": "Showdown",
            "text": f"If more than one player is left, the hands are shown. {end}",
        }
    )
    for number, step in enumerate(steps, 1):
        step["step"] = number
    return steps


def rules_page(spec: GameSpec) -> dict[str, Any]:
    """The whole page: ``game``, ``summary``, ``timeline``, ``awards``, ``rankings``,
    ``mistakes`` and ``faq`` (the contract of ``GET /api/learn/{game}``), plus ``name``,
    ``facts``, ``split``, ``compare`` and ``sources``."""
    lesson = lesson_for(spec)
    return {
        "game": spec.id,
        "name": spec.name,
        "summary": lesson.summary,
        "facts": facts(spec),
        "timeline": timeline(spec),
        "awards": [award_facts(spec, award) for award in spec.awards],
        "split": split_rules(spec),
        "rankings": [award_ranking(award) for award in spec.awards],
        "mistakes": list(lesson.mistakes),
        "faq": [{"q": q, "a": a} for q, a in lesson.faq],
        "compare": [{"game": game, "text": text} for game, text in lesson.compare],
        "sources": list(lesson.sources),
    }
