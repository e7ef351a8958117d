// The showdown lab: edit a showdown (any game), load the seeds' cases, and let the server's
// engine settle it (POST /api/lab/showdown). The page decides nothing: it draws what the
// server answers. The card-input helpers at the top are also used by the advisor page.
"use strict";

// --- card inputs (shared with advisor.js) --------------------------------------------------

const CARD_SUITS = {
  c: "c", d: "d", h: "h", s: "s",
  "\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s",
  "\u2667": "c", "\u2662": "d", "\u2661": "h", "\u2664": "s",
};
const CARD_RANKS = "23456789TJQKA";

// Cards in text as the server reads them ("As Kd", "AsKd", "10h", "A♠"), for drawing only:
// the server parses again and is the judge. Returns {cards: ["As", ...], bad: ["Kx", ...]}.
function parseCardText(text) {
  const cards = [], bad = [];
  for (const chunk of (text || "").trim().split(/[\s,;]+/)) {
    const chars = Array.from(chunk);
    let i = 0;
    while (i < chars.length) {
      const ten = chars[i] === "1" && chars[i + 1] === "0";
      const rankText = ten ? "10" : chars[i];
      const rank = ten ? "T" : rankText.toUpperCase();
      const suitChar = chars[i + (ten ? 2 : 1)];
      const suit = suitChar === undefined ? undefined : CARD_SUITS[suitChar.toLowerCase()];
      const token = rankText + (suitChar || "");
      if (CARD_RANKS.includes(rank) && rank.length === 1 && suit) cards.push(rank + suit);
      else bad.push(token);
      i += Array.from(token).length;
    }
  }
  return { cards, bad };
}

// Draw the cards of `input` into `slot` as cards, with a count against `expected` (if given).
function drawCardInput(input, slot, expected) {
  const { cards, bad } = parseCardText(input.value);
  const random = /^\s*(random|\?)\s*$/i.test(input.value);
  const parts = [random ? el("span", { class: "muted" }, "unknown cards") : cardsEl(cards)];
  if (bad.length && !random) parts.push(el("span", { class: "error bad-token" }, `not a card: ${bad.join(" ")}`));
  if (expected !== undefined && !random) parts.push(el("span", { class: "muted count" }, `${cards.length}/${expected}`));
  slot.replaceChildren(...parts);
  return cards;
}

// Outline, in every slot given, a card that is shown in two places (with `add`, only add
// outlines, keeping those an earlier call made).
function markDuplicates(slots, add) {
  const seen = new Map();
  for (const slot of slots) {
    for (const node of slot.querySelectorAll(".card[data-card]")) {
      const card = node.dataset.card;
      seen.set(card, (seen.get(card) || 0) + 1);
    }
  }
  for (const slot of slots) {
    for (const node of slot.querySelectorAll(".card[data-card]")) {
      const twice = seen.get(node.dataset.card) > 1;
      if (twice || !add) node.classList.toggle("dup", twice);
    }
  }
}

function percent(value) {
  return value === null || value === undefined ? "" : `${(100 * value).toFixed(1)}%`;
}

function gameOptions(select, games, chosen) {
  select.replaceChildren(
    ...games.map((g) => el("option", { value: g.id, selected: g.id === chosen }, g.name)),
  );
}

// --- the lab -------------------------------------------------------------------------------

const lab = {
  games: [],
  gamesById: {},
  presets: [],
  loaded: null, // the preset on the page, until someone edits it
};

function labGame() {
  return lab.gamesById[document.getElementById("game").value];
}

function chipsMode() {
  return document.getElementById("mode-contributions").checked ? "contributions" : "pot";
}

function playerRows() {
  return Array.from(document.querySelectorAll("#players tr.player-row"));
}

function nextPlayerName() {
  const taken = new Set(playerRows().map((row) => row.querySelector(".player-name").value.trim()));
  for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") if (!taken.has(letter)) return letter;
  return `P${taken.size + 1}`;
}

function addPlayer(name, cards, extra) {
  const index = document.querySelectorAll("#players tr.player-row").length;
  const info = extra || {};
  const nameInput = el("input", {
    class: "player-name", value: name, autocomplete: "off", "aria-label": "player name",
    "data-testid": `player-name-${index}`,
  });
  const cardsInput = el("input", {
    class: "player-cards cards-input", value: cards || "", autocomplete: "off", spellcheck: "false",
    "aria-label": "cards", "data-testid": `player-cards-${index}`,
  });
  const preview = el("span", { class: "player-preview" });
  const declare = el(
    "select", { class: "player-declare", "aria-label": "declaration", "data-testid": `player-declare-${index}` },
    el("option", { value: "" }, "(cards speak)"),
    ["high", "low", "both"].map((way) => el("option", { value: way, selected: info.declare === way }, way)),
  );
  const contribution = el("input", {
    class: "player-contribution", type: "number", min: "0", step: "1",
    value: info.contribution === undefined ? "" : String(info.contribution),
    "aria-label": "chips put in", placeholder: "put in", "data-testid": `player-contribution-${index}`,
  });
  const remove = el("button", { type: "button", class: "remove-player", title: "remove this player" }, "Remove");
  const row = el(
    "tr", { class: "player-row" },
    el("td", {}, nameInput), el("td", {}, cardsInput), el("td", {}, preview),
    el("td", { class: "declare-col" }, declare), el("td", { class: "contribution-col" }, contribution),
    el("td", {}, remove),
  );
  remove.addEventListener("click", () => { row.remove(); edited(); });
  for (const input of [nameInput, cardsInput, declare, contribution]) {
    input.addEventListener("input", edited);
    input.addEventListener("change", edited);
  }
  document.getElementById("players").append(row);
  return row;
}

// Redraw every card input, the columns the game and chips mode need, and the button choices.
function refresh() {
  const game = labGame();
  if (!game) return;
  const boardSlot = document.getElementById("board-cards");
  drawCardInput(document.getElementById("board"), boardSlot, game.board_cards);
  const slots = [boardSlot];
  for (const row of playerRows()) {
    const slot = row.querySelector(".player-preview");
    drawCardInput(row.querySelector(".player-cards"), slot, game.hole_cards);
    slots.push(slot);
  }
  markDuplicates(slots);
  const boardInput = document.getElementById("board");
  if (game.board_cards === 0 && boardInput.value) {
    boardInput.value = ""; // this game has no board
    drawCardInput(boardInput, boardSlot, 0);
  }
  boardInput.disabled = game.board_cards === 0;
  for (const node of document.querySelectorAll(".declare-col")) node.classList.toggle("hidden", !game.declare);
  const contributions = chipsMode() === "contributions";
  for (const node of document.querySelectorAll(".contribution-col")) node.classList.toggle("hidden", !contributions);
  document.getElementById("pot").disabled = contributions;

  const select = document.getElementById("button");
  const chosen = select.value;
  const names = playerRows().map((row) => row.querySelector(".player-name").value.trim()).filter(Boolean);
  select.replaceChildren(
    el("option", { value: "" }, "(the last seat)"),
    ...names.map((name) => el("option", { value: name, selected: name === chosen }, name)),
  );
  const awards = game.awards.map((a) => a.label).join(" / ");
  document.getElementById("game-info").textContent =
    `${game.hole_cards} hole cards, ${game.board_cards} board cards; awards: ${awards}` +
    (game.declare ? "; players declare" : "");
}

function edited() {
  lab.loaded = null;
  refresh();
}

function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message;
  box.hidden = !message;
}

function loadPreset(id) {
  const preset = lab.presets.find((p) => p.id === id);
  if (!preset) return;
  document.getElementById("game").value = preset.game;
  document.getElementById("board").value = preset.board;
  document.getElementById("players").replaceChildren();
  for (const [name, cards] of Object.entries(preset.players)) {
    addPlayer(name, cards, {
      declare: (preset.declarations || {})[name],
      contribution: (preset.contributions || {})[name],
    });
  }
  const contributions = preset.contributions !== undefined;
  document.getElementById("mode-contributions").checked = contributions;
  document.getElementById("mode-pot").checked = !contributions;
  if (preset.pot !== undefined) document.getElementById("pot").value = String(preset.pot);
  document.getElementById("odd-chip").value = preset.odd_chip || "high-award";
  document.getElementById("button").value = "";
  refresh();
  if (preset.button) document.getElementById("button").value = preset.button;
  document.getElementById("preset-note").replaceChildren(
    el("p", {}, el("b", {}, preset.title), ` (${preset.source}). Predict the winners, then evaluate.`),
    el("details", {}, el("summary", {}, "The seed's answer"), el("p", {}, expectedText(preset), " ", preset.explanation)),
  );
  document.getElementById("result").replaceChildren();
  showError("");
  lab.loaded = preset;
}

function showdownRequest() {
  const game = labGame();
  const body = { game: game.id, board: document.getElementById("board").value, players: {} };
  const contributions = chipsMode() === "contributions";
  const declarations = {};
  const chips = {};
  const seen = new Set();
  for (const row of playerRows()) {
    const name = row.querySelector(".player-name").value.trim();
    if (!name) throw new Error("every player needs a name");
    if (seen.has(name)) throw new Error(`two players are called ${name}: give each a different name`);
    seen.add(name);
    const cards = row.querySelector(".player-cards").value;
    if (contributions) {
      const paid = row.querySelector(".player-contribution").value.trim();
      if (paid === "") throw new Error(`give the chips ${name} put in`);
      chips[name] = Number(paid);
      if (cards.trim() === "") continue; // no cards: folded, chips only
    }
    body.players[name] = cards;
    const way = row.querySelector(".player-declare").value;
    if (game.declare && way) declarations[name] = way;
  }
  if (contributions) body.contributions = chips;
  else {
    const pot = document.getElementById("pot").value.trim();
    body.pot = pot === "" ? null : Number(pot);
  }
  if (Object.keys(declarations).length) body.declarations = declarations;
  const button = document.getElementById("button").value;
  if (button) body.button = button;
  body.odd_chip = document.getElementById("odd-chip").value;
  return body;
}

async function evaluate() {
  showError("");
  const result = document.getElementById("result");
  result.replaceChildren();
  let body;
  try {
    body = showdownRequest();
  } catch (error) {
    showError(error.message);
    return;
  }
  const preset = lab.loaded;
  const button = document.getElementById("evaluate");
  button.disabled = true;
  try {
    const answer = await api("/api/lab/showdown", body);
    renderShowdown(answer, preset);
  } catch (error) {
    showError(error.message);
    if (preset && preset.expected && preset.expected.error) {
      const agrees = error.message.includes(preset.expected.error);
      result.append(verdict(agrees, agrees ? "Refused, as the seed says." : "The seed expects a different refusal."));
    }
  } finally {
    button.disabled = false;
  }
}

function expectedText(preset) {
  const expected = preset.expected || {};
  if (expected.error) return "The showdown is refused.";
  return Object.entries(expected.payouts || {}).map(([n, c]) => `${n} ${c}`).join(", ") + ".";
}

function verdict(ok, text) {
  return el("p", { class: `verdict ${ok ? "ok" : "bad"}`, "data-testid": "verdict" }, text);
}

function handCards(cards, used) {
  const chosen = new Set(used);
  return el("span", { class: "cards" }, cards.map((c) => cardEl(c, chosen.has(c) ? "used" : "dim")));
}

function renderShowdown(data, preset) {
  const result = document.getElementById("result");
  const blocks = [];
  if (preset && preset.expected && preset.expected.payouts) {
    const want = preset.expected.payouts;
    const ok = Object.entries(want).every(([name, chips]) => data.payouts[name] === chips);
    const seed = `the seed's answer (${expectedText(preset)})`;
    blocks.push(verdict(ok, ok ? `Matches ${seed}` : `Differs from ${seed}`));
  }
  blocks.push(renderPayouts(data));
  if (data.returned && Object.keys(data.returned).length) {
    blocks.push(el("p", { class: "muted" },
      Object.entries(data.returned).map(([n, c]) => `Uncalled ${c} returned to ${n}.`).join(" ")));
  }
  data.pots.forEach((pot, index) => blocks.push(renderPot(data, pot, index)));
  if (!data.pots.length) blocks.push(el("p", { class: "muted" }, "No chips in any pot."));
  result.replaceChildren(...blocks);
}

function renderPayouts(data) {
  const contributions = data.contributions;
  const winners = new Set(data.pots.flatMap((p) => p.awards.flatMap((a) => a.winners)));
  const head = el("tr", {}, el("th", {}, "Player"), el("th", {}, "Cards"), el("th", {}, "Receives"),
    contributions ? [el("th", {}, "Put in"), el("th", {}, "Net")] : null);
  const rows = Object.entries(data.payouts).map(([name, chips]) => {
    const cards = data.players[name];
    const declared = (data.declarations || {})[name];
    return el(
      "tr", { class: winners.has(name) ? "winner-row" : null, dataset: { player: name } },
      el("td", { class: "player" }, name, declared ? el("span", { class: "muted" }, ` (declares ${declared})`) : null),
      el("td", {}, cards ? cardsEl(cards) : el("span", { class: "muted" }, "folded")),
      el("td", { class: "payout" }, String(chips)),
      contributions ? [
        el("td", { class: "paid" }, String(contributions[name] || 0)),
        el("td", { class: "net" }, (data.net[name] >= 0 ? "+" : "") + data.net[name]),
      ] : null,
    );
  });
  const total = data.pots.reduce((sum, p) => sum + p.amount, 0);
  return el("section", { class: "panel" },
    el("h2", {}, `${labGame() ? labGame().name : data.game}: ${total} chips in the pot${data.pots.length > 1 ? "s" : ""}`),
    data.board.length ? el("p", {}, "Board: ", cardsEl(data.board)) : null,
    el("table", { class: "grid", id: "payouts", "data-testid": "payouts" }, el("thead", {}, head), el("tbody", {}, rows)),
    el("p", { class: "muted" }, `Button: ${data.button}. Odd chips: ${data.odd_chip}.`),
  );
}

// Every line below is the server's (splitpot.describe): the words of the CLI and the tables.
function renderPot(data, pot, index) {
  const parts = [el("h2", {}, pot.title)];
  for (const line of pot.forfeit_lines) parts.push(el("p", { class: "muted" }, line));
  for (const award of pot.awards) parts.push(renderAward(data, award));
  if (pot.odd_chip_lines.length) {
    parts.push(el("ul", { class: "odd-chips", "data-testid": "odd-chips" },
      pot.odd_chip_lines.map((line) => el("li", {}, line))));
  }
  for (const line of pot.split_lines) parts.push(el("p", { class: "muted", "data-testid": "split" }, line));
  return el("section", { class: "panel pot", dataset: { pot: String(index) } }, parts);
}

function renderAward(data, award) {
  const parts = [el("h3", {}, award.title)];
  const hands = new Set([...award.winning_hands, ...award.other_hands].map((hand) => hand.line));
  // The lines that are not one hand's: the note of an award nobody won, a tie's headline.
  for (const line of award.lines) {
    if (!hands.has(line.trim())) parts.push(el("p", { class: award.winners.length ? null : "muted" }, line));
  }
  for (const hand of award.winning_hands) {
    parts.push(el(
      "div", { class: "winner", dataset: { player: hand.player } },
      el("div", { class: "hand-line" }, el("b", {}, hand.line)),
      el("div", {}, el("span", { class: "label" }, "hand"), handCards(data.players[hand.player], hand.hole_used)),
      hand.board_used.length
        ? el("div", {}, el("span", { class: "label" }, "board"), handCards(data.board, hand.board_used))
        : null,
    ));
  }
  for (const hand of award.other_hands) {
    parts.push(el("div", { class: "contender", dataset: { player: hand.player } }, hand.line));
  }
  return el("div", { class: "award", dataset: { award: award.name } }, parts);
}

async function startLab() {
  const gameSelect = document.getElementById("game");
  try {
    const [games, presets] = await Promise.all([api("/api/lab/games"), api("/api/lab/presets")]);
    lab.games = games.games;
    lab.presets = presets.presets;
  } catch (error) {
    showError(`cannot load the games: ${error.message}`);
    return;
  }
  for (const game of lab.games) lab.gamesById[game.id] = game;
  gameOptions(gameSelect, lab.games, "drawmaha");
  const presetSelect = document.getElementById("preset");
  for (const preset of lab.presets) presetSelect.append(el("option", { value: preset.id }, preset.title));

  gameSelect.addEventListener("change", edited);
  document.getElementById("board").addEventListener("input", edited);
  document.getElementById("pot").addEventListener("input", edited);
  for (const id of ["mode-pot", "mode-contributions", "odd-chip", "button"]) {
    document.getElementById(id).addEventListener("change", edited);
  }
  document.getElementById("add-player").addEventListener("click", () => {
    addPlayer(nextPlayerName(), "");
    edited();
  });
  document.getElementById("load-preset").addEventListener("click", () => loadPreset(presetSelect.value));
  presetSelect.addEventListener("change", () => loadPreset(presetSelect.value));
  document.getElementById("evaluate").addEventListener("click", evaluate);
  document.getElementById("setup").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.tagName === "INPUT") evaluate();
  });
  // A rules page's link asks for a game: its first worked case, else the game alone.
  const asked = new URLSearchParams(location.search).get("game");
  const first = lab.presets.find((p) => p.game === asked) || (lab.gamesById[asked] ? null : lab.presets[0]);
  presetSelect.value = first ? first.id : "";
  if (first) loadPreset(presetSelect.value);
  else {
    gameSelect.value = asked;
    addPlayer("A", "");
    addPlayer("B", "");
    edited();
  }
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", () => {
  if (document.getElementById("setup") && document.getElementById("evaluate")) startLab();
});
