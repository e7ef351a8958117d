// Run it twice at the table page (docs/rules.md "At the table", the `run_twice` option): the
// question every player all-in is asked (two buttons), and a result run twice: each run's
// board and what it settled, award by award, then what each player won in all.
// Loaded after table.js and table-result.js, whose state (T) and helpers it uses.
"use strict";

// The answers to the question (`legal.runs`): run it twice, or once (the first "once" ends it).
function runButtons() {
  return [
    actionButton("run-twice", "Run it twice", () => act({ kind: "run_twice" }), true),
    actionButton("run-once", "Run once", () => act({ kind: "run_once" })),
    el("span", { class: "muted small runs-hint" }, "Everyone all-in is asked; twice only if all agree, each run for half the pot."),
  ];
}

// The result panel of a hand run twice: a block per run (its board, its awards), the total.
function runsEls(r) {
  const blocks = r.runs.map((run) => el("div", { class: "run", "data-testid": "run",
    "data-run": String(run.run) },
  el("div", { class: "run-title" }, `Run ${run.run === 1 ? "one" : "two"}`, " ",
    el("span", { class: "run-board", "data-testid": "run-board" }, cardsEl(run.board || []))),
  ...(run.awards || []).map((a) => awardEl(a, { awards: run.awards })),
  ));
  const paid = Object.entries(r.payouts || {}).filter(([, v]) => v > 0)
    .map(([seat, v]) => `${seatName(seat)} ${v}`);
  blocks.push(el("div", { class: "run-total", "data-testid": "run-total" },
    el("strong", {}, "Both runs: "), paid.length ? `${paid.join(", ")} (of ${r.pot})` : `pot ${r.pot}`));
  return blocks;
}
