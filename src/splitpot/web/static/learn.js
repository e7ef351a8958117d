// Learn: the variants table (/learn) and a game's rules page (/learn/{game}).
"use strict";

const learn = { rows: [], columns: [], sort: { key: null, dir: 1 } };

function showLearnError(message) {
  const box = document.getElementById("error");
  box.textContent = message;
  box.hidden = !message;
}

// --- the variants table ---------------------------------------------------------------------

const NUMERIC = new Set(["hole_cards", "board_cards", "draws", "players"]);

function sortValue(row, key) {
  if (key === "players") return row.max_players;
  if (key === "awards") return row.awards.join(" / ").toLowerCase();
  if (key === "qualifiers") return row.qualifiers.join("; ").toLowerCase();
  if (key === "declare") return row.declare ? 1 : 0;
  const value = row[key];
  return typeof value === "string" ? value.toLowerCase() : value;
}

function variantCell(row, key) {
  switch (key) {
    case "name":
      return el("td", { class: "game" },
        el("a", { href: row.links.page, dataset: { testid: `game-link-${row.id}` } }, row.name),
        row.reference ? el("span", { class: "tag" }, "reference") : null,
        row.aliases.length ? el("div", { class: "muted-small" }, `also ${row.aliases.join(", ")}`) : null);
    case "hole_cards": return el("td", { class: "num" }, row.hole_cards);
    case "board_cards":
      return el("td", {}, row.board_cards ? `${row.board_cards}` : "none",
        row.board_short ? el("div", { class: "muted-small" }, row.board_short) : null);
    case "draws":
      return el("td", {}, row.draws ? row.draws_short : "none",
        row.draws ? el("div", { class: "muted-small" }, row.draws_text) : null);
    case "betting":
      return el("td", { class: "nowrap" }, row.betting, el("div", { class: "muted-small" }, row.forced));
    case "players": return el("td", {}, row.players);
    case "awards": return el("td", {}, row.awards.map((a, i) => el("div", {}, a)));
    case "qualifiers": return el("td", {}, row.qualifiers.length ? row.qualifiers.map((q) => el("div", {}, q)) : "none");
    case "declare": return el("td", {}, row.declare ? "yes" : "no");
    default: return el("td", {}, String(row[key] ?? ""));
  }
}

function renderVariants() {
  const head = document.getElementById("variants-head");
  head.replaceChildren(...learn.columns.map((col) => {
    const sorted = learn.sort.key === col.key;
    return el("th", {
      "aria-sort": sorted ? (learn.sort.dir > 0 ? "ascending" : "descending") : "none",
      dataset: { key: col.key },
    }, el("button", { type: "button", onclick: () => sortBy(col.key), dataset: { testid: `sort-${col.key}` } }, col.title));
  }));
  let rows = learn.rows.slice();
  if (learn.sort.key) {
    const { key, dir } = learn.sort;
    rows.sort((a, b) => {
      const x = sortValue(a, key), y = sortValue(b, key);
      if (x < y) return -dir;
      if (x > y) return dir;
      return learn.rows.indexOf(a) - learn.rows.indexOf(b);
    });
  }
  document.getElementById("variants-body").replaceChildren(...rows.map((row) =>
    el("tr", { class: row.reference ? "reference" : null, dataset: { game: row.id } },
      learn.columns.map((col) => variantCell(row, col.key)))));
}

function sortBy(key) {
  if (learn.sort.key === key) learn.sort.dir = -learn.sort.dir;
  else learn.sort = { key, dir: NUMERIC.has(key) ? -1 : 1 };
  renderVariants();
}

async function startVariants() {
  try {
    const data = await api("/api/learn");
    learn.rows = data.games;
    learn.columns = data.columns;
  } catch (error) {
    showLearnError(`cannot load the games: ${error.message}`);
    return;
  }
  renderVariants();
  document.body.dataset.ready = "1";
}

// --- a game's rules page --------------------------------------------------------------------

function section(title, id, ...children) {
  return el("section", { class: "panel", id }, el("h2", {}, title), ...children);
}

function exampleCards(rank) {
  const parts = [cardsEl(rank.hole)];
  if (rank.board.length) parts.push(el("span", { class: "plus" }, "+"), cardsEl(rank.board));
  return el("td", { class: "example" }, parts);
}

function rankingTable(ranking) {
  const qualifies = ranking.ranks.some((r) => "qualifies" in r);
  return el("div", { class: "ranking", dataset: { award: ranking.award } },
    el("h3", {}, ranking.title),
    el("div", { class: "scroll" }, el("table", { class: "ranks" },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "Rank"), el("th", {}, "Example"),
        el("th", {}, "The engine says"), el("th", { class: "note" }, "Note"))),
      el("tbody", {}, ranking.ranks.map((rank) => el("tr", {
        class: qualifies && rank.qualifies === false ? "no-qualify" : null, dataset: { rank: rank.rank },
      },
        el("td", {}, rank.rank), el("td", {}, el("b", {}, rank.name)), exampleCards(rank),
        el("td", {}, rank.description, qualifies ? el("div", { class: "muted-small" },
          rank.qualifies ? "qualifies" : "does not qualify") : null),
        el("td", { class: "note muted-small" }, rank.note)))))));
}

function awardCard(award) {
  const items = [
    ["Cards", award.cards],
    ["Aces", award.aces],
    ["Share", award.share],
    ["Qualifier", award.qualifier || "none"],
  ];
  return el("div", { class: "panel award-card", dataset: { award: award.name } },
    el("h3", {}, award.label),
    award.also_called.length ? el("p", { class: "also-called" },
      "Also called ", award.also_called.flatMap((n, i) => [i ? ", " : "", el("b", {}, `“${n}”`)]),
      ".") : null,
    el("dl", { class: "facts" }, items.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])),
    award.odd_chip ? el("p", { class: "muted-small" }, "Takes the odd chip of a pot that does not divide evenly.") : null);
}

function renderRules(page) {
  document.title = `${page.name} rules · splitpot`;
  const f = page.facts;
  const facts = [
    ["Hole cards", String(f.hole_cards)],
    ["Board", f.board],
    ["Draws", f.draws_text],
    ["Betting", f.betting],
    ["Betting rounds", String(f.betting_rounds)],
    ["Players", `${f.players.min}-${f.players.max}`],
    ["Forced bets", f.forced],
    ["Declare", f.declare ? "yes: high, low or both" : "no"],
  ];
  if (f.aliases.length) facts.unshift(["Also called", f.aliases.join(", ")]);
  const links = page.links;
  const root = document.getElementById("rules");
  root.replaceChildren(
    el("h1", { dataset: { testid: "game-name" } }, page.name,
      f.reference ? el("span", { class: "tag" }, "reference game") : null),
    el("p", { class: "summary", dataset: { testid: "summary" } }, page.summary),
    el("div", { class: "links" },
      el("a", { class: "button primary", href: links.play, dataset: { testid: "link-play" } }, "Play it at a table"),
      el("a", { class: "button", href: links.practice, dataset: { testid: "link-practice" } }, "Practise: who wins?"),
      links.practice_discard ? el("a", { class: "button", href: links.practice_discard, dataset: { testid: "link-practice-discard" } }, "Practise: which discard?") : null,
      el("a", { class: "button", href: links.lab, dataset: { testid: "link-lab" } }, "Open it in the lab"),
      el("a", { class: "button", href: links.advisor, dataset: { testid: "link-advisor" } }, "Ask the advisor")),
    section("At a glance", "facts",
      el("dl", { class: "facts" }, facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", { dataset: { fact: k } }, v)]))),
    section("How a deal runs", "timeline",
      el("ol", { class: "timeline", dataset: { testid: "timeline" } }, page.timeline.map((step) =>
        el("li", { class: `kind-${step.kind}`, dataset: { kind: step.kind } },
          el("span", { class: "step-title" }, step.title), ": ", step.text)))),
    section("The awards", "awards",
      el("div", { class: "awards-grid" }, page.awards.map(awardCard)),
      el("h3", {}, "How a pot is split"),
      el("ul", { class: "split" }, page.split.map((s) => el("li", {}, s)))),
    section("Hand rankings, best first", "rankings", page.rankings.map(rankingTable)),
    page.mistakes.length ? section("Common mistakes", "mistakes",
      el("ul", {}, page.mistakes.map((m) => el("li", {}, m)))) : null,
    page.faq.length ? section("FAQ", "faq", page.faq.map((e) =>
      el("details", { class: "faq" }, el("summary", {}, e.q), el("p", {}, e.a)))) : null,
    page.compare.length ? section("Compared with", "compare", el("ul", {}, page.compare.map((c) =>
      el("li", {}, el("a", { href: `/learn/${c.game}` }, c.game), ": ", c.text)))) : null,
    el("p", { class: "muted-small" }, `Written in our own words from ${page.sources.join(", ")}. `,
      el("a", { href: "/learn" }, "Every game side by side"), "."),
  );
}

async function startRules() {
  const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  try {
    renderRules(await api(`/api/learn/${encodeURIComponent(game)}`));
  } catch (error) {
    showLearnError(error.message);
    return;
  }
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", () => {
  if (document.getElementById("variants")) startVariants();
  if (document.getElementById("rules")) startRules();
});
