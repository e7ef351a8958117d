"""The rules page and the variants table as text (``splitpot rules``, ``games --table``)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from splitpot.cards import format_cards, parse_cards
from splitpot.games import GameSpec
from splitpot.learn.page import rules_page
from splitpot.learn.table import variants_table

__all__ = ["render_rules", "render_variants"]

WIDTH = 88


def _wrap(text: str, indent: str = "  ", first: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent if first is None else first,
        subsequent_indent=indent,
        break_on_hyphens=False,
    )


def _heading(title: str) -> list[str]:
    return ["", title, "-" * len(title)]


def _cards(cards: Sequence[str], symbols: bool) -> str:
    if not cards:
        return ""
    return format_cards(parse_cards(" ".join(cards)), symbols=symbols)


def _facts(page: dict[str, Any]) -> list[str]:
    about = page["facts"]
    players = about["players"]
    rows = [
        ("Hole cards", str(about["hole_cards"])),
        ("Board", about["board"]),
        ("Draws", about["draws_text"]),
        ("Betting", about["betting"]),
        ("Players", f"{players['min']}-{players['max']}"),
        ("Forced bets", about["forced"]),
        ("Declare", "yes: high, low or both" if about["declare"] else "no"),
    ]
    if about["aliases"]:
        rows.insert(0, ("Also called", ", ".join(about["aliases"])))
    return [f"  {key + ':':<13} {value}" for key, value in rows]


def _awards(page: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    for award in page["awards"]:
        title = award["label"]
        if award["also_called"]:
            title += " - also called " + ", ".join(f'"{n}"' for n in award["also_called"])
        lines += _wrap(title)
        details = [
            f"cards: {award['cards']}",
            f"aces {award['aces']}; {award['share']}",
            f"qualifier: {award['qualifier'] or 'none'}",
        ]
        if award["odd_chip"]:
            details.append("takes the odd chip of a pot that does not divide evenly")
        for detail in details:
            lines += _wrap(detail, "      ", "    ")
    return lines


def _rankings(page: dict[str, Any], symbols: bool) -> list[str]:
    lines: list[str] = []
    for ranking in page["rankings"]:
        lines += _wrap(ranking["title"])
        for rank in ranking["ranks"]:
            cards = _cards(rank["hole"], symbols)
            if rank["board"]:
                cards += " + " + _cards(rank["board"], symbols)
            words = rank["description"]
            if "qualifies" in rank:
                words += " (qualifies)" if rank["qualifies"] else " (does not qualify)"
            note = f" - {rank['note']}" if rank["note"] else ""
            lines += _wrap(
                f"{rank['name']}: {cards} = {words}{note}", "        ", f"    {rank['rank']:>2}. "
            )
    return lines


def render_rules(spec: GameSpec, *, symbols: bool = False) -> str:
    """The game's rules page as text."""
    page = rules_page(spec)
    lines = [page["name"], "=" * len(page["name"]), *_wrap(page["summary"], "")]
    lines += _heading("The game")
    lines += _facts(page)
    lines += _heading("How a deal runs")
    for step in page["timeline"]:
        lines += _wrap(f"{step['title']}: {step['text']}", "      ", f"  {step['step']:>2}. ")
    lines += _heading("The awards")
    lines += _awards(page)
    lines += _heading("How a pot is split")
    for rule in page["split"]:
        lines += _wrap(rule, "    ", "  - ")
    lines += _heading("Hand rankings, best first")
    lines += _rankings(page, symbols)
    if page["mistakes"]:
        lines += _heading("Common mistakes")
        for mistake in page["mistakes"]:
            lines += _wrap(mistake, "    ", "  - ")
    if page["faq"]:
        lines += _heading("FAQ")
        for entry in page["faq"]:
            lines += _wrap(entry["q"], "     ", "  Q: ")
            lines += _wrap(entry["a"], "     ", "  A: ")
    if page["compare"]:
        lines += _heading("Compared with")
        for entry in page["compare"]:
            lines += _wrap(f"{entry['game']}: {entry['text']}", "    ", "  - ")
    lines += ["", "Sources: " + ", ".join(page["sources"])]
    return "\n".join(lines) + "\n"


def render_variants(specs: Iterable[GameSpec] | None = None) -> str:
    """The variants table as fixed-width text, one game a line."""
    headings = ("game", "hole", "board", "draws", "betting", "players", "awards", "declare")
    rows = [
        (
            row["id"],
            str(row["hole_cards"]),
            str(row["board_cards"]),
            row["draws_short"],
            row["betting"],
            row["players"],
            " / ".join(row["award_names"]),
            "yes" if row["declare"] else "no",
        )
        for row in variants_table(specs)
    ]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headings)]
    out = ["  ".join(h.ljust(w) for h, w in zip(headings, widths, strict=True)).rstrip()]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    qualified = [row for row in variants_table(specs) if row["qualifiers"]]
    if qualified:
        out.append("")
        out += [f"qualifiers, {row['id']}: {'; '.join(row['qualifiers'])}" for row in qualified]
    return "\n".join(out) + "\n"
