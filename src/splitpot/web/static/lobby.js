// The lobby: create a table (game, structure, stakes, seats, buy-in, bots, your name, clock)
// and the list of open tables with Join and Watch. See docs/web-table.md.
"use strict";

let BOT_KINDS = ["heuristic", "expert", "random", "caller"]; // replaced by the server's registry (/api/games)
const REFRESH_MS = 3000;
const lobby = { games: [], mixes: [], openJoin: new Map() };

function tokenKey(tableId) { return `splitpot.token.${tableId}`; }
function savedName() { return localStorage.getItem("splitpot.name") || ""; }

function showError(message) {
  const box = document.getElementById("lobby-error");
  box.textContent = message || "";
  box.hidden = !message;
}

function structureLabel(structure) {
  return { "fixed-limit": "Fixed limit", "pot-limit": "Pot limit", "no-limit": "No limit" }[structure] || structure;
}

// ---- the create form ----

function selectedGame() {
  const id = document.getElementById("game").value;
  return lobby.games.find((g) => g.id === id) || null;
}

function onGameChange() {
  const game = selectedGame();
  const summary = document.getElementById("game-summary");
  const structure = document.getElementById("structure");
  const seats = document.getElementById("seats");
  structure.replaceChildren();
  if (!game) { summary.textContent = ""; return; }
  const awards = (game.awards || []).map((a) => a.label + (a.qualifier ? ` (${a.qualifier})` : ""));
  summary.replaceChildren(
    el("div", {}, game.summary || ""),
    awards.length ? el("div", {}, `Split: ${awards.join(" / ")}`) : null,
    el("div", {}, `${game.hole_cards} hole cards` + (game.board_cards ? `, ${game.board_cards} board cards` : "") +
      (game.declare ? ", declare high/low/both" : "") + `, up to ${game.max_players} players`),
  );
  for (const s of game.structures || []) {
    structure.append(el("option", { value: s, selected: s === game.structure }, structureLabel(s)));
  }
  seats.max = String(game.max_players);
  const wanted = Number(seats.value) || 6;
  seats.value = String(Math.max(2, Math.min(wanted, game.max_players, 6)));
  if (game.forced === "ante" && document.getElementById("stakes").value === "1/2") {
    document.getElementById("stakes").placeholder = "ante/small bet, e.g. 1/2";
  }
}

// ---- mixed games ----

function mixMode() { return document.getElementById("mode").value; }

function onModeChange() {
  const mixed = mixMode() !== "one";
  document.querySelectorAll(".one-game").forEach((node) => { node.hidden = mixed; });
  document.querySelectorAll(".mixed-only").forEach((node) => { node.hidden = !mixed; });
  document.getElementById("hands-per-game").placeholder = mixMode() === "dealers-choice"
    ? "one hand per choice" : "an orbit of the button";
  if (mixed && !checkedGames().length) {
    const preset = lobby.mixes.find((m) => m.mixed === mixMode()) || lobby.mixes[0];
    if (preset) applyPreset(preset);
  }
}

function renderMixGames() {
  const box = document.getElementById("mix-games");
  box.replaceChildren(...lobby.games.flatMap((game) => {
    const box = el("input", { type: "checkbox", value: game.id, "data-testid": "mix-game",
      onchange: updateSeatsForMix });
    const structure = el("select", { id: `mix-structure-${game.id}`, "data-testid": `mix-structure-${game.id}`,
      "aria-label": `${game.name} structure` },
      (game.structures || []).map((s) => el("option", { value: s, selected: s === game.structure }, structureLabel(s))));
    return [el("label", { title: game.summary || "" }, box, ` ${game.name}`), structure];
  }));
  document.getElementById("mix-presets").replaceChildren(...lobby.mixes.map((mix) => el("button", {
    type: "button", "data-testid": `preset-${mix.id}`, title: mix.summary, onclick: () => applyPreset(mix),
  }, mix.name)));
}

function checkedGames() {
  return [...document.querySelectorAll("#mix-games input[type=checkbox]")].filter((b) => b.checked).map((b) => b.value);
}

function applyPreset(mix) {
  document.querySelectorAll("#mix-games input[type=checkbox]").forEach((box) => { box.checked = mix.games.includes(box.value); });
  document.getElementById("mode").value = mix.mixed;
  for (const game of lobby.games) {  // the preset's structure, else the game's own (no stale pick)
    const select = document.getElementById(`mix-structure-${game.id}`);
    if (select) select.value = (mix.structures || {})[game.id] || game.structure;
  }
  if (!document.getElementById("table-name").value) document.getElementById("table-name").placeholder = `${mix.name} table`;
  onModeChange();
  updateSeatsForMix();
}

function updateSeatsForMix() {
  const games = lobby.games.filter((g) => checkedGames().includes(g.id));
  if (!games.length) return;
  const most = Math.min(...games.map((g) => g.max_players));
  const seats = document.getElementById("seats");
  seats.max = String(most);
  seats.value = String(Math.max(2, Math.min(Number(seats.value) || 6, most)));
}

// The games of a mixed table in the order the lobby lists them (a preset's order when they
// are a preset's games).
function mixOrder(ids) {
  const preset = lobby.mixes.find((m) => m.games.length === ids.length && m.games.every((g) => ids.includes(g)));
  return preset ? preset.games : ids;
}

function addBot(kind) {
  const list = document.getElementById("bots");
  const select = el("select", { "data-testid": "bot-kind", "aria-label": "bot kind" },
    BOT_KINDS.map((k) => el("option", { value: k, selected: k === (kind || "expert") }, k)));
  const row = el("div", { class: "bot-row", "data-testid": "bot" },
    el("span", { class: "muted" }, "Bot"),
    select,
    el("button", { type: "button", "data-testid": "bot-remove", title: "remove this bot",
      onclick: () => row.remove() }, "\u2715"),
  );
  list.append(row);
}

async function createTable(event) {
  event.preventDefault();
  showError("");
  const value = (id) => document.getElementById(id).value.trim();
  const body = {};
  if (mixMode() === "one") {
    body.game = value("game");
    if (value("structure")) body.structure = value("structure");
  } else {
    body.games = mixOrder(checkedGames());
    body.mixed = mixMode();
    body.structures = Object.fromEntries(body.games.map((id) => [id, value(`mix-structure-${id}`)]));
    if (value("hands-per-game")) body.hands_per_game = Number(value("hands-per-game"));
  }
  if (value("stakes")) body.stakes = value("stakes");
  // Forced bets are stakes (docs/rules.md "Betting"): "1/2 bb-ante 2", "1/2 straddle".
  const forced = (value("bb-ante") ? ` bb-ante ${value("bb-ante")}` : "")
    + (document.getElementById("straddle").checked ? " straddle" : "");
  if (forced) body.stakes = (value("stakes") || "1/2") + forced;
  if (value("seats")) body.seats = Number(value("seats"));
  if (value("buy-in")) body.buy_in = Number(value("buy-in"));
  if (value("clock") !== "") body.clock = Number(value("clock"));
  if (value("player")) body.player = value("player");
  if (value("table-name")) body.name = value("table-name");
  body.bots = [...document.querySelectorAll("#bots select")].map((s) => s.value);
  const options = {
    raise_cap: Number(value("raise-cap")),
    heads_up_uncapped: document.getElementById("heads-up-uncapped").checked,
    reshuffle: value("reshuffle"),
    two_way_tie_keeps: document.getElementById("doogie-tie-keeps").checked,
  };
  if (document.getElementById("muck").checked) options.muck = true;
  if (document.getElementById("run-twice").checked) options.run_twice = true;
  if (value("max-discard")) options.max_discard = Number(value("max-discard"));
  body.options = options;
  // who may sit (docs/web-table.md "The host")
  body.private = document.getElementById("private").checked;
  if (value("seating")) body.seating = value("seating");
  if (value("password")) body.password = value("password");
  if (value("time-bank") !== "") body.time_bank = Number(value("time-bank"));
  if (value("min-buy-in")) body.min_buy_in = Number(value("min-buy-in"));
  if (value("max-buy-in")) body.max_buy_in = Number(value("max-buy-in"));
  if (value("bomb-every")) body.bomb_pot_every = Number(value("bomb-every"));
  if (value("bomb-ante")) body.bomb_ante = Number(value("bomb-ante"));
  const button = document.getElementById("create");
  button.disabled = true;
  try {
    const answer = await api("/api/tables", body);
    const id = answer.table.id;
    const token = answer.token || answer.host_token; // (a host without a seat has a token too)
    if (token) localStorage.setItem(tokenKey(id), token);
    if (body.player) localStorage.setItem("splitpot.name", body.player);
    location.href = `/table/${encodeURIComponent(id)}`;
  } catch (err) {
    showError(`Could not create the table: ${err.message}`);
    button.disabled = false;
  }
}

// ---- the open tables ----

function joinForm(table) {
  const input = el("input", { type: "text", maxlength: "24", placeholder: "your name",
    value: savedName(), "data-testid": "join-name", "aria-label": "your name" });
  const password = table.password ? el("input", { type: "password", maxlength: "128",
    placeholder: "password", "data-testid": "join-password", "aria-label": "the table's password" }) : null;
  const form = el("form", { class: "join-form", "data-testid": "join-form" },
    input, password,
    el("button", { type: "submit", class: "primary", "data-testid": "join-submit" }, "Take a seat"),
    el("button", { type: "button", onclick: () => { lobby.openJoin.delete(table.id); refreshTables(); } }, "Cancel"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    const player = input.value.trim();
    if (!player) { showError("Type your name to join."); input.focus(); return; }
    try {
      const body = password && password.value ? { player, password: password.value } : { player };
      const answer = await api(`/api/tables/${encodeURIComponent(table.id)}/join`, body);
      localStorage.setItem(tokenKey(table.id), answer.token);
      localStorage.setItem("splitpot.name", player);
      location.href = `/table/${encodeURIComponent(table.id)}`;
    } catch (err) {
      showError(`Could not join ${table.name}: ${err.message}`);
    }
  });
  return form;
}

function tableRow(table) {
  const taken = table.seats.filter((s) => s.kind !== "open").length;
  const mine = localStorage.getItem(tokenKey(table.id));
  const href = `/table/${encodeURIComponent(table.id)}`;
  const who = table.seats.filter((s) => s.kind !== "open")
    .map((s) => s.name + (s.kind === "bot" ? ` (${s.bot} bot)` : "")).join(", ");
  let actions;
  if (mine) {
    actions = [el("a", { class: "button primary", href, "data-testid": "resume" }, "Your seat")];
  } else if (lobby.openJoin.has(table.id)) {
    actions = [lobby.openJoin.get(table.id)];
  } else {
    actions = [el("button", {
      type: "button", class: "primary", "data-testid": "join", disabled: table.open_seats <= 0,
      onclick: () => {
        const form = joinForm(table);
        lobby.openJoin.set(table.id, form);
        renderTables(lobby.lastTables || []);
        form.querySelector("input").focus();
      },
    }, "Join")];
  }
  actions.push(el("a", { class: "button", href: `${href}?watch`, "data-testid": "watch" }, "Watch"));
  return el("tr", { "data-table": table.id },
    el("td", { class: "table-name" }, el("strong", {}, table.name), el("div", { class: "muted seat-list" }, who)),
    el("td", {}, table.mixed ? mixedCell(table) : [table.game.name,
      el("div", { class: "muted seat-list" }, structureLabel(table.structure))]),
    el("td", {}, stakesText(table.stakes, table.structure, table.game.forced),
      el("div", { class: "muted seat-list" }, `buy-in ${table.buy_in}`)),
    el("td", { "data-testid": "seats-taken" }, `${taken}/${table.seats.length} taken`,
      el("div", { class: "muted seat-list" }, `${table.open_seats} open` +
        (table.in_hand ? ` \u00b7 hand ${table.hands_played + 1} in play` : ""))),
    el("td", { class: "actions-cell" }, actions),
  );
}

function mixedCell(table) {
  const names = (table.games || []).map((id) => (lobby.games.find((g) => g.id === id) || { name: id }).name);
  const mode = table.mixed === "dealers-choice" ? "Dealer's choice" : "Rotation";
  return [el("span", { "data-testid": "mixed" }, `${mode}: ${table.game.name} now`),
    el("div", { class: "muted seat-list" }, names.join(", "))];
}

function renderTables(tables) {
  lobby.lastTables = tables;
  const ids = new Set(tables.map((t) => t.id));
  for (const id of [...lobby.openJoin.keys()]) if (!ids.has(id)) lobby.openJoin.delete(id);
  document.getElementById("tables-body").replaceChildren(...tables.map(tableRow));
  document.getElementById("tables-empty").hidden = tables.length > 0;
}

async function refreshTables() {
  try {
    const answer = await api("/api/tables");
    renderTables(answer.tables || []);
    document.getElementById("tables-updated").textContent = `updated ${new Date().toLocaleTimeString()}`;
  } catch (err) {
    document.getElementById("tables-updated").textContent = `could not update: ${err.message}`;
  }
}

async function start() {
  document.getElementById("player").value = savedName();
  document.getElementById("create-form").addEventListener("submit", createTable);
  document.getElementById("add-bot").addEventListener("click", () => addBot());
  document.getElementById("game").addEventListener("change", onGameChange);
  document.getElementById("mode").addEventListener("change", onModeChange);
  try {
    const answer = await api("/api/games");
    lobby.games = answer.games || [];
    lobby.mixes = answer.mixes || [];
    renderMixGames();
    if (Array.isArray(answer.bots) && answer.bots.length) BOT_KINDS = answer.bots;
    const select = document.getElementById("game");
    select.replaceChildren(...lobby.games.map((g) =>
      el("option", { value: g.id, title: g.summary || "" }, g.name)));
    const asked = new URLSearchParams(location.search).get("game"); // a rules page's "play it"
    const preferred = lobby.games.find((g) => g.id === asked) || lobby.games.find((g) => g.id === "bodigiha");
    if (preferred) select.value = preferred.id;
    onGameChange();
  } catch (err) {
    showError(`Could not load the games: ${err.message}`);
  }
  refreshTables();
  setInterval(refreshTables, REFRESH_MS);
}

document.addEventListener("DOMContentLoaded", start);
