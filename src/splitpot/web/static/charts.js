// Charts (/charts): starting-hand charts read from the shipped atlases (GET /api/charts...).
"use strict";

const charts = { games: [], game: null, data: null };

function showError(id, message) {
  const box = document.getElementById(id);
  box.textContent = message || "";
  box.hidden = !message;
}

function pct(x) { return `${(100 * x).toFixed(1)}%`; }

// Equity 0..1 as a colour: red (weak) through yellow to green (strong).
function heat(x) {
  const t = Math.max(0, Math.min(1, (x - 0.3) / 0.5));
  const hue = Math.round(120 * t);
  return `hsl(${hue}, 70%, ${80 - 25 * t}%)`;
}

function aboutText(d) {
  const part = d.sample ? `a seeded sample of ${d.classes.toLocaleString()} of ${d.all_classes.toLocaleString()} classes`
    : `all ${d.classes.toLocaleString()} classes`;
  return `${d.name}: ${part}, vs ${d.opponents} random opponent, ${d.samples.toLocaleString()} runouts a class (seed ${d.seed}).`;
}

function renderGames() {
  document.getElementById("games").replaceChildren(...charts.games.map((g) =>
    el("button", {
      type: "button", role: "tab", "aria-selected": g.id === charts.game ? "true" : "false",
      dataset: { testid: `chart-${g.id}` }, onclick: () => choose(g.id),
    }, g.name)));
}

async function choose(id) {
  charts.game = id;
  renderGames();
  history.replaceState(null, "", `/charts?game=${id}`);
  showError("error", "");
  document.getElementById("record").replaceChildren();
  showError("lookup-error", "");
  try {
    charts.data = await api(`/api/charts/${id}`);
  } catch (e) {
    showError("error", e.message);
    return;
  }
  const d = charts.data;
  document.getElementById("about").textContent = aboutText(d);
  document.getElementById("hand").placeholder = d.top.length ? d.top[0].class : "";
  renderDistribution(null);
  renderTop();
  document.getElementById("grid-panel").hidden = !d.badugis;
  if (d.badugis) renderGridChoices();
}

function renderDistribution(mark) {
  const d = charts.data;
  const most = Math.max(...d.distribution, 1);
  const total = d.distribution.reduce((a, b) => a + b, 0) || 1;
  const markBin = mark === null ? -1 : Math.min(d.bins - 1, Math.floor(mark * d.bins));
  const bars = d.distribution.map((n, i) => el("div", {
    class: "bar" + (i === markBin ? " mark" : ""),
    style: `height: ${(100 * n) / most}%`,
    title: `${(100 * i / d.bins).toFixed(0)}-${(100 * (i + 1) / d.bins).toFixed(0)}% equity: ${pct(n / total)} of hands`,
  }));
  const axis = [0, 0.25, 0.5, 0.75, 1].map((x) =>
    el("span", { class: "axis", style: `left: calc(${100 * x}% - ${x * 2}em)` }, `${100 * x}%`));
  document.getElementById("dist").replaceChildren(...bars, ...axis);
}

function discardText(cards) { return cards.length ? `throw ${cards.join(" ")}` : "stand pat"; }

function renderTop() {
  const d = charts.data;
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, "class"), el("th", {}, "equity"),
    el("th", {}, d.kind === "discards" ? "first draw" : (d.kind === "declare" ? "declares" : "scoop")));
  const rows = d.top.map((r) => el("tr", {},
    el("td", { class: "num" }, r.rank), el("td", {}, cardsEl(r.class.split(" "))),
    el("td", { class: "num" }, pct(r.equity)),
    el("td", {}, d.kind === "discards" ? discardText(r.best_discard)
      : (d.kind === "declare" ? r.declaration : pct(r.scoop)))));
  document.getElementById("top").replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
}

// --- the Badugi grid --------------------------------------------------------------------------

const LOW_ORDER = "A23456789TJQK";

function renderGridChoices() {
  const select = document.getElementById("low-two");
  const pairs = [];
  for (let a = 0; a < LOW_ORDER.length; a++) {
    for (let b = a + 1; b < LOW_ORDER.length - 2; b++) pairs.push(LOW_ORDER[b] + LOW_ORDER[a]);
  }
  select.replaceChildren(...pairs.map((p) => el("option", { value: p }, `${p[0]}-${p[1]}`)));
  select.value = "2A";
  select.onchange = renderGrid;
  renderGrid();
  const legend = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((x) =>
    el("span", {}, el("span", { class: "swatch", style: `background: ${heat(x)}` }), ` ${pct(x)}`));
  document.getElementById("legend").replaceChildren("equity:", ...legend);
}

function renderGrid() {
  const low = document.getElementById("low-two").value;  // e.g. "2A": second-lowest, lowest
  const byRanks = new Map(charts.data.badugis.map((c) => [c.ranks, c]));
  const start = LOW_ORDER.indexOf(low[0]) + 1;
  const seconds = LOW_ORDER.slice(start, -1).split("");
  const tops = LOW_ORDER.slice(start + 1).split("");
  const head = el("tr", {}, el("th", {}, ""), seconds.map((s) => el("th", { scope: "col" }, s)));
  const rows = tops.map((top) => el("tr", {}, el("th", { scope: "row" }, top), seconds.map((second) => {
    const cell = LOW_ORDER.indexOf(second) < LOW_ORDER.indexOf(top) ? byRanks.get(top + second + low) : null;
    if (!cell) return el("td", { class: "empty" });
    const keep = cell.keep === cell.ranks ? "pat" : cell.keep;
    return el("td", {
      style: `background: ${heat(cell.equity)}`,
      title: `${cell.ranks}: ${keep === "pat" ? "stand pat" : "keep " + keep}, equity ${pct(cell.equity)}`,
      dataset: { ranks: cell.ranks, testid: `cell-${cell.ranks}` },
      onclick: () => { document.getElementById("hand").value = cell.class; lookup(); },
    }, keep, el("small", {}, pct(cell.equity)));
  })));
  document.getElementById("grid").replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
}

// --- lookup ---------------------------------------------------------------------------------

async function lookup() {
  const hand = document.getElementById("hand").value;
  showError("lookup-error", "");
  const box = document.getElementById("record");
  box.replaceChildren();
  let r;
  try {
    r = await api(`/api/charts/${charts.game}/lookup?hand=${encodeURIComponent(hand)}`);
  } catch (e) {
    showError("lookup-error", e.message);
    renderDistribution(null);
    return;
  }
  renderDistribution(r.equity);
  const lines = [
    el("h3", {}, cardsEl(r.hand.split(" ")), ` class ${r.class}`),
    el("p", { dataset: { testid: "record-equity" } },
      `Equity ${pct(r.equity)} ±${(100 * r.std_error).toFixed(1)}, scoop ${pct(r.scoop)}; `,
      Object.entries(r.awards).map(([n, v]) => `${n} ${pct(v)}`).join(", "), ". ",
      `Rank ${r.rank.toLocaleString()} of ${r.classes.toLocaleString()} classes: at least as good as ${r.percentile.toFixed(1)}% of starting hands.`),
  ];
  if (r.discards) {
    lines.push(el("p", { dataset: { testid: "record-best" } }, el("b", {}, `First draw: ${discardText(r.best_discard)}`)));
    lines.push(el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, el("th", {}, "discard"), el("th", {}, "equity"))),
      el("tbody", {}, r.discards.map((o) => el("tr", {},
        el("td", {}, o.discard.length ? cardsEl(o.discard) : "stand pat"),
        el("td", { class: "num" }, pct(o.equity)))))));
  }
  if (r.declaration) {
    lines.push(el("p", { dataset: { testid: "record-best" } },
      el("b", {}, `Usually declares ${r.declaration}`), " (",
      Object.entries(r.declarations).map(([w, v]) => `${w} ${pct(v)}`).join(", "), ")"));
  }
  box.replaceChildren(el("div", { class: "record" }, lines));
}

async function start() {
  document.getElementById("lookup").addEventListener("submit", (ev) => { ev.preventDefault(); lookup(); });
  try {
    charts.games = (await api("/api/charts")).games;
  } catch (e) {
    showError("error", e.message);
  }
  if (!charts.games.length) {
    showError("error", "no atlas is shipped with this installation");
  } else {
    const asked = new URLSearchParams(location.search).get("game");
    const first = charts.games.find((g) => g.id === asked) ? asked : charts.games[0].id;
    await choose(first);
  }
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", start);
