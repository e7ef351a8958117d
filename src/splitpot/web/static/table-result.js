// The table page's result panel: the last hand's awards, award by award, in the server's words
// (the replayer says the same), with the cards that won, the net and the declarations.
// Loaded after table.js, whose state (T) and helpers it uses. See docs/web-table.md.
"use strict";

function awardTitle(award, result) {
  if (award.title) return award.title;  // the server's words (a result stored before has none)
  const pots = new Set((result.awards || []).map((a) => a.pot));
  const label = award.label || award.award || "Pot";
  if (pots.size > 1) return `${award.pot ? `Side pot ${award.pot}` : "Main pot"}: ${label}`;
  return label;
}

// An award's lines as the server says them (the replayer says the same); a result stored
// before the lines were sent gets them from its names and amounts.
function awardLines(award) {
  if (award.lines) return award.lines;
  const names = (award.winners || []).map(seatName);
  if (!names.length) return [award.note || "not awarded"];
  const who = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} split`
    : `${names[0]} wins`;
  return [`${who} ${award.amount}` + (award.hand ? ` with ${award.hand}` : "")];
}

function awardKind(award) {
  if (award.kind) return award.kind === "award" ? award.award : award.kind;
  return award.award || "pot";
}

function renderResult() {
  const s = T.state;
  const r = s.last_result;
  $("result-panel").hidden = !r;
  if (!r) return;
  const mixed = !!s.table.mix;
  $("result-title").textContent = `Hand #${r.number}` + (mixed && r.game ? `: ${r.game.name}` : "")
    + (r.uncontested ? " (uncontested)" : "");
  const link = $("history-link");
  link.hidden = !r.hand_id;
  if (r.hand_id) link.href = `/history/${encodeURIComponent(r.hand_id)}`;
  const awards = (r.runs && r.runs.length) ? runsEls(r) : (r.awards || []).map((a) => awardEl(a, r));
  $("result").replaceChildren(...awards);
  const extra = [];
  const net = Object.entries(r.net || {}).filter(([, v]) => v !== 0)
    .map(([seat, v]) => `${seatName(seat)} ${v > 0 ? "+" : ""}${v}`);
  if (net.length) extra.push(`Net: ${net.join(", ")}`);
  const decl = Object.entries(r.declarations || {}).map(([seat, way]) => `${seatName(seat)} ${way}`);
  if (decl.length) extra.push(`Declared: ${decl.join(", ")}`);
  $("result-extra").replaceChildren(...extra.map((t) => el("div", {}, t)));
}

// One award of the result: its title and amount, the server's lines, the cards that won.
function awardEl(a, r) {
  const winners = a.winners || [];
  const [headline, ...others] = awardLines(a);
  return el("div", { class: "award", "data-award": awardKind(a), "data-pot": String(a.pot ?? 0),
    "data-amount": String(a.amount), "data-winners": winners.join(",") },
    el("div", { class: "award-title" }, awardTitle(a, r), " ",
      el("span", { class: "award-amount", "data-testid": "award-amount" }, `${a.amount} chips`)),
    el("div", { class: "award-line" },
      el("span", { class: winners.length ? "award-winners" : "muted", "data-testid": "award-winners" }, headline)),
    others.map((line) => el("div", { class: "award-other muted small" }, line)),
    el("div", { class: "award-cards" },
      winners.map((seat, i) => (a.cards && a.cards[i] && a.cards[i].length
        ? el("span", { class: "award-hand" }, el("span", { class: "muted small" }, `${seatName(seat)}: `),
          cardsEl(a.cards[i], "used")) : null))),
  );
}
