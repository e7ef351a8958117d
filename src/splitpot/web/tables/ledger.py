"""A table's ledger: every person's (and bot's) buy-ins, rebuys, cash-out on leaving, current
stack and net, from the first hand, people who left included.

Chips never appear or vanish: the nets add up to zero, since every chip on the table was bought
by someone and every chip taken away is cashed out. A hand in progress counts when it is over
(a seat's stack is its stack before the hand until then).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

__all__ = ["CSV_COLUMNS", "Ledger", "LedgerRow"]

# (``adjusted``, the host's stack changes, came later: it is last, so older readers still work)
CSV_COLUMNS: Final = (
    "name", "kind", "seat", "buy_in", "rebuys", "cashed_out", "stack", "net", "adjusted",
)  # fmt: skip
_SUMS: Final = ("buy_in", "rebuys", "cashed_out", "stack", "net", "adjusted")


@dataclass(slots=True)
class LedgerRow:
    """One person's (or bot's) chips at the table. ``seat`` is where they sit, ``None`` once
    they left; ``kind`` is ``human``, ``bot``, or ``earlier`` (the chips of people who left a
    table stored before it had a ledger)."""

    name: str
    kind: str
    bot: str | None = None
    seat: int | None = None
    buy_in: int = 0
    rebuys: int = 0
    cashed_out: int = 0
    adjusted: int = 0  # chips the host added (or, below zero, took) by setting the stack


class Ledger:
    """The rows of one table, in the order people first sat down."""

    def __init__(
        self, rows: Sequence[LedgerRow] = (), changes: Sequence[Mapping[str, Any]] = ()
    ) -> None:
        self.rows = list(rows)
        self.changes = [dict(c) for c in changes]  # the host's stack changes, oldest first

    def row_of(self, seat: int) -> LedgerRow | None:
        """The row of whoever sits in ``seat`` now."""
        return next((row for row in self.rows if row.seat == seat), None)

    def sit(self, seat: int, name: str, kind: str, chips: int, bot: str | None = None) -> None:
        """Someone sits down in ``seat`` with ``chips`` bought in; a person who left and comes
        back under the same name goes on in their own row."""
        row = None
        if kind == "human":
            row = next(
                (
                    r
                    for r in self.rows
                    if r.kind == "human" and r.seat is None and r.name.lower() == name.lower()
                ),
                None,
            )
        if row is None:
            row = LedgerRow(name=name, kind=kind, bot=bot)
            self.rows.append(row)
        row.name, row.seat = name, seat
        row.buy_in += chips

    def rebuy(self, seat: int, chips: int) -> None:
        """The seat's player buys ``chips`` more."""
        row = self.row_of(seat)
        if row is not None:
            row.rebuys += chips

    def adjust(self, seat: int, by: str, old: int, new: int, at: str) -> None:
        """The host (``by``) set the seat's stack from ``old`` to ``new`` chips: the row's
        ``adjusted`` counts the difference (so its net and the total stay as they were) and a
        line says who changed what."""
        row = self.row_of(seat)
        if row is not None:
            row.adjusted += new - old
            self.changes.append(
                {"by": by, "name": row.name, "seat": seat, "from": old, "to": new, "at": at}
            )

    def leave(self, seat: int, chips: int) -> None:
        """The seat's player leaves with ``chips``."""
        row = self.row_of(seat)
        if row is not None:
            row.cashed_out += chips
            row.seat = None

    def to_json(self) -> dict[str, Any]:
        """The rows and the stack changes, as stored with the table."""
        return {"rows": [asdict(row) for row in self.rows], "changes": self.changes}

    @classmethod
    def from_json(cls, data: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> Ledger:
        """The ledger :meth:`to_json` wrote (before stack changes: a list of rows)."""
        rows = data["rows"] if isinstance(data, Mapping) else data
        changes = data.get("changes", []) if isinstance(data, Mapping) else []
        fields = LedgerRow.__dataclass_fields__
        return cls(
            [LedgerRow(**{k: v for k, v in row.items() if k in fields}) for row in rows], changes
        )

    def view(self, stacks: Mapping[int, int]) -> dict[str, Any]:
        """The ledger with each seated row's stack (``stacks``: seat -> chips) and nets, and
        the totals (their ``net`` is zero: chips never appear or vanish)."""
        rows: list[dict[str, Any]] = []
        for row in self.rows:
            stack = stacks.get(row.seat, 0) if row.seat is not None else 0
            rows.append(
                {
                    "name": row.name, "kind": row.kind, "bot": row.bot, "seat": row.seat,
                    "seated": row.seat is not None, "buy_in": row.buy_in, "rebuys": row.rebuys,
                    "adjusted": row.adjusted, "cashed_out": row.cashed_out, "stack": stack,
                    "net": stack + row.cashed_out - row.buy_in - row.rebuys - row.adjusted,
                }
            )  # fmt: skip
        totals = {key: sum(r[key] for r in rows) for key in _SUMS}
        return {"rows": rows, "totals": totals, "changes": list(self.changes)}

    @staticmethod
    def csv(view: Mapping[str, Any]) -> str:
        """A :meth:`view` as CSV text (a cell that a spreadsheet would read as a formula is
        written with a leading apostrophe)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for row in view["rows"]:
            cells = [row[column] for column in CSV_COLUMNS]
            cells[2] = "" if row["seat"] is None else row["seat"]
            writer.writerow([_safe(cell) for cell in cells])
        totals = view["totals"]
        sums = [totals[k] for k in _SUMS]
        writer.writerow(["total", "", "", *sums])
        return out.getvalue()


def _safe(cell: object) -> object:
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell
