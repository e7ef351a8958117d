// The equity and discard advisor: POST /api/advise (ranked discards, or Doogie declaration
// odds) and POST /api/equity (each hand's share of each award). The server computes; the page
// draws. Card inputs use parseCardText / drawCardInput / markDuplicates from lab.js.
"use strict";

const advisor = { games: [], gamesById: {} };

function advisorGame() {
  return advisor.gamesById[document.getElementById("game").value];
}

function numberField(id) {
  const text = document.getElementById(id).value.trim();
  return text === "" ? undefined : Number(text);
}

function showBox(id, message) {
  const box = document.getElementById(id);
  box.textContent = message || "";
  box.hidden = !message;
}

function drawInfo(game) {
  if (!game.draws.length) return "no draw";
  const sizes = [...new Set(game.draws.map((d) => d.max_discard))];
  const count = game.draws.length === 1 ? "one draw" : `${game.draws.length} draws`;
  const boards = [...new Set(game.draws.map((d) => d.board_before))];
  const when = game.board_cards ? ` (with ${boards.join(", ")} board cards out)` : "";
  return `${count} of up to ${sizes.join("/")} cards${when}`;
}

function opponentLines() {
  return document.getElementById("opponent-hands").value.split("\n").map((l) => l.trim()).filter(Boolean);
}

function refreshAdvisor() {
  const game = advisorGame();
  if (!game) return;
  const board = document.getElementById("board-cards");
  const boardInput = document.getElementById("board");
  if (game.board_cards === 0) boardInput.value = ""; // this game has no board
  const dead = document.getElementById("dead-cards");
  const hole = document.getElementById("hole-cards");
  drawCardInput(document.getElementById("board"), board, game.board_cards);
  drawCardInput(document.getElementById("dead"), dead);
  drawCardInput(document.getElementById("hole"), hole, game.hole_cards);
  const opponents = document.getElementById("opponent-cards");
  const known = opponentLines().filter((line) => !/^(random|\?)$/i.test(line));
  opponents.replaceChildren(...known.map((line) => el("div", {}, cardsEl(parseCardText(line).cards))));
  const equitySlots = [board, dead];
  for (const row of equityRows()) {
    const slot = row.querySelector(".equity-preview");
    drawCardInput(row.querySelector(".equity-cards"), slot, game.hole_cards);
    equitySlots.push(slot);
  }
  markDuplicates([board, dead, hole, opponents]);
  markDuplicates(equitySlots, true);
  boardInput.disabled = game.board_cards === 0;
  document.getElementById("game-info").textContent =
    `${game.hole_cards} hole cards, ${game.board_cards} board cards; ${drawInfo(game)}; awards: ` +
    game.awards.map((a) => a.label).join(" / ");
  for (const node of document.querySelectorAll(".declare-only")) node.classList.toggle("hidden", !game.declare);
  document.getElementById("advise-title").textContent = game.declare ? "Your declaration" : "Your discard";
  document.getElementById("advise").textContent = game.declare ? "Compare declarations" : "Rank my discards";
  document.getElementById("advise-help").textContent = game.declare
    ? "With all four community cards out: your expected share of the pot for declaring high, low or both."
    : "Every legal discard at the next draw, ranked by your share of the pot, with your share of each award.";
  document.getElementById("opponents").max = String(game.max_players - 1);
}

function spotFields() {
  const body = {
    game: document.getElementById("game").value,
    board: document.getElementById("board").value,
    dead: document.getElementById("dead").value,
    seed: numberField("seed"),
    samples: numberField("samples"),
  };
  return body;
}

function method(data) {
  if (data.method === "exact") return `exact over ${data.runouts.toLocaleString()} runouts`;
  const capped = data.capped ? ` (capped from ${data.samples_requested.toLocaleString()} to keep it quick)` : "";
  return `sampled, ${data.samples.toLocaleString()} runouts${capped}, seed ${data.seed}`;
}

function shareCell(value, error) {
  return el("td", { class: "num" }, percent(value),
    error ? el("span", { class: "std" }, ` ±${(100 * error).toFixed(1)}`) : null);
}

async function runAdvise() {
  showBox("advise-error", "");
  const out = document.getElementById("advise-result");
  out.replaceChildren(el("p", { class: "muted" }, "computing..."));
  const game = advisorGame();
  const body = {
    ...spotFields(),
    hole: document.getElementById("hole").value,
    opponents: numberField("opponents"),
    opponent_hands: opponentLines(),
    policy: document.getElementById("policy").value,
  };
  if (game.declare) {
    delete body.policy;
    const ways = document.getElementById("opponent-declarations").value.split(",").map((w) => w.trim().toLowerCase());
    if (ways.some(Boolean)) body.opponent_declarations = ways.map((w) => w || null);
  }
  if (startingHand(body)) delete body.samples; // the server answers it from the shipped atlas
  const button = document.getElementById("advise");
  button.disabled = true;
  try {
    const data = await api("/api/advise", body);
    const draw = { declarations: declarationTable, "starting-hand": startingTable }[data.kind] || discardTable;
    out.replaceChildren(draw(data));
  } catch (error) {
    out.replaceChildren();
    showBox("advise-error", error.message);
  } finally {
    button.disabled = false;
  }
}

// A starting hand (no board or dead card, one random opponent, the heuristic policy) with the
// sample count left at its default is answered from the shipped atlas, with no computation.
function startingHand(body) {
  const samples = document.getElementById("samples");
  return !body.board.trim() && !body.dead.trim() && (body.opponents ?? 1) <= 1 &&
    body.opponent_hands.every((line) => /^(random|\?)$/i.test(line)) &&
    (body.policy ?? "heuristic") === "heuristic" && !body.opponent_declarations &&
    samples.value.trim() === samples.defaultValue;
}

function sourceNote(data) {
  return el("p", { class: "muted atlas-source", "data-testid": "advise-source", dataset: { source: data.source } },
    `A starting hand: ${data.note}. Change the samples to compute it afresh.`);
}

// The board games and Doogie: the hand's record before any board card (its discards or
// declaration come with the board).
function startingTable(data) {
  const record = data.atlas;
  const game = advisorGame();
  const awards = (game ? game.awards : []).filter((a) => a.name in record.awards);
  const rows = [
    ["Pot equity", shareCell(record.equity, record.std_error)],
    ...awards.map((a) => [`${a.name} share`, el("td", { class: "num", title: a.label }, percent(record.awards[a.name]))]),
    ["Scoop", el("td", { class: "num" }, percent(record.scoop))],
    ["Rank", el("td", { class: "num" }, `${record.rank.toLocaleString()} of ${record.classes.toLocaleString()}`)],
    ["Percentile", el("td", { class: "num" }, `${record.percentile.toFixed(2)}%`)],
  ];
  if (record.declaration) rows.push(["Usually declares", el("td", {}, record.declaration)]);
  return el("div", {},
    el("table", { class: "grid", id: "starting-table", "data-testid": "starting-table" },
      el("tbody", {}, rows.map(([name, cell]) => el("tr", {}, el("th", {}, name), cell)))),
    el("p", {}, `Class ${record.class} (${record.weight} hands), against one random opponent; ` +
      "give the board to weigh the " + (record.declaration ? "declarations." : "discards.")),
    sourceNote(data),
  );
}

function discardTable(data) {
  const awards = data.awards;
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, "Discard"), el("th", {}, "Keep"),
    el("th", { class: "num" }, "Pot equity"),
    awards.map((a) => el("th", { class: "num", title: a.label }, `${a.name} share`)),
    el("th", { class: "num" }, "Scoop"));
  const shown = 12;
  const rows = data.options.map((option, index) => el(
    "tr", {
      class: ["option", index === 0 ? "best" : "", index >= shown ? "more hidden" : ""].join(" ").trim(),
      dataset: { rank: String(option.rank), equity: String(option.equity) },
    },
    el("td", {}, String(option.rank)),
    el("td", { class: "discard" }, option.discard.length ? cardsEl(option.discard) : el("span", {}, "stand pat")),
    el("td", {}, cardsEl(option.keep)),
    shareCell(option.equity, option.std_error),
    awards.map((a) => el("td", { class: "num" }, percent(option.awards[a.name]))),
    el("td", { class: "num" }, percent(option.scoop)),
  ));
  const methods = [...new Set(data.options.map((o) => o.method))];
  const how = data.source ? data.note : methods.includes("monte-carlo")
    ? method({ ...data, method: "monte-carlo" }) + (methods.length > 1 ? "; some options exact" : "")
    : "exact";
  const table = el("table", { class: "grid", id: "advise-table", "data-testid": "advise-table" },
    el("thead", {}, head), el("tbody", {}, rows));
  let more = null;
  if (rows.length > shown) {
    more = el("button", { type: "button", id: "advise-more", "data-testid": "advise-more" }, `Show all ${rows.length}`);
    more.addEventListener("click", () => {
      for (const row of table.querySelectorAll("tr.more")) row.classList.remove("hidden");
      more.remove();
    });
  }
  return el("div", {},
    table,
    more,
    el("p", { class: "muted" }, `${data.options.length} legal discards (0 to ${data.max_discard} cards) against ` +
      `${data.opponents} opponent${data.opponents === 1 ? "" : "s"}, ${data.draws} draw${data.draws === 1 ? "" : "s"} to come; ${how}. ` +
      "Shares are your expected fraction of each award; pot equity is your expected fraction of the pot."),
    data.source ? sourceNote(data) : null,
  );
}

function declarationTable(data) {
  const rows = data.declarations.map((d) => el(
    "tr", { class: d.way === data.best ? "best" : null, dataset: { way: d.way } },
    el("td", {}, d.way), shareCell(d.share, d.std_error),
  ));
  return el("div", {},
    el("table", { class: "grid", id: "declare-table", "data-testid": "declare-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "Declare"), el("th", { class: "num" }, "Your share of the pot"))),
      el("tbody", {}, rows)),
    el("p", {}, `Best: declare ${data.best}.`),
    el("p", { class: "muted" }, `Against ${data.opponents} opponent${data.opponents === 1 ? "" : "s"}; ${method(data)}.`),
  );
}

function equityRows() {
  return Array.from(document.querySelectorAll("#equity-players tr.equity-row"));
}

function addEquityPlayer(name, cards) {
  const index = equityRows().length;
  const nameInput = el("input", { class: "equity-name", value: name, style: "width: 6em", "aria-label": "name",
    "data-testid": `equity-name-${index}` });
  const cardsInput = el("input", { class: "equity-cards cards-input", value: cards, autocomplete: "off",
    spellcheck: "false", "aria-label": "cards", "data-testid": `equity-cards-${index}` });
  const remove = el("button", { type: "button", class: "remove-player" }, "Remove");
  const row = el("tr", { class: "equity-row" }, el("td", {}, nameInput), el("td", {}, cardsInput),
    el("td", { class: "equity-preview" }), el("td", {}, remove));
  remove.addEventListener("click", () => { row.remove(); refreshAdvisor(); });
  cardsInput.addEventListener("input", refreshAdvisor);
  document.getElementById("equity-players").append(row);
}

async function runEquity() {
  showBox("equity-error", "");
  const out = document.getElementById("equity-result");
  const players = {};
  for (const row of equityRows()) {
    const name = row.querySelector(".equity-name").value.trim();
    if (!name) return showBox("equity-error", "every hand needs a name");
    if (name in players) return showBox("equity-error", `two hands are called ${name}`);
    players[name] = row.querySelector(".equity-cards").value;
  }
  const body = { ...spotFields(), players, policy: document.getElementById("policy").value };
  out.replaceChildren(el("p", { class: "muted" }, "computing..."));
  const button = document.getElementById("equity");
  button.disabled = true;
  try {
    const data = await api("/api/equity", body);
    out.replaceChildren(equityTable(data));
  } catch (error) {
    out.replaceChildren();
    showBox("equity-error", error.message);
  } finally {
    button.disabled = false;
  }
}

function equityTable(data) {
  const head = el("tr", {}, el("th", {}, "Hand"), el("th", { class: "num" }, "Pot equity"), el("th", { class: "num" }, "Scoop"),
    data.awards.map((a) => el("th", { class: "num", title: a.label }, `${a.name}: win / tie / share`)));
  const rows = Object.entries(data.players).map(([name, odds]) => el(
    "tr", { dataset: { player: name } },
    el("td", {}, name), shareCell(odds.equity, odds.std_error), el("td", { class: "num" }, percent(odds.scoop)),
    data.awards.map((a) => {
      const o = odds.awards[a.name];
      return el("td", { class: "num", dataset: { award: a.name } }, `${percent(o.win)} / ${percent(o.tie)} / `, el("b", {}, percent(o.share)));
    }),
  ));
  const draws = data.draws ? `, ${data.draws} draw${data.draws === 1 ? "" : "s"} to come (${data.policy} policy)` : "";
  return el("div", {},
    el("table", { class: "grid", id: "equity-table", "data-testid": "equity-table" }, el("thead", {}, head), el("tbody", {}, rows)),
    el("p", { class: "muted" }, `${method(data)}${draws}. A tie counts its part of the award (half in a two-way tie).`),
  );
}

async function startAdvisor() {
  try {
    advisor.games = (await api("/api/lab/games")).games;
  } catch (error) {
    showBox("advise-error", `cannot load the games: ${error.message}`);
    return;
  }
  for (const game of advisor.games) advisor.gamesById[game.id] = game;
  const asked = new URLSearchParams(location.search).get("game"); // a rules page's link
  gameOptions(document.getElementById("game"), advisor.games, advisor.gamesById[asked] ? asked : "drawmaha");
  // The Drawmaha seed's discard decision, and its first answer-key hands on the same flop.
  document.getElementById("hole").value = "As Ah Ks Qs Qd";
  document.getElementById("board").value = "Js Ts 7c";
  addEquityPlayer("A", "As Ah Kd Qc 8s");
  addEquityPlayer("B", "9s 9h 9d 4s 3d");
  for (const id of ["board", "dead", "hole", "opponent-hands"]) {
    document.getElementById(id).addEventListener("input", refreshAdvisor);
  }
  document.getElementById("game").addEventListener("change", () => {
    showBox("advise-error", "");
    showBox("equity-error", "");
    document.getElementById("advise-result").replaceChildren();
    document.getElementById("equity-result").replaceChildren();
    refreshAdvisor();
  });
  document.getElementById("advise").addEventListener("click", runAdvise);
  document.getElementById("equity").addEventListener("click", runEquity);
  document.getElementById("equity-add").addEventListener("click", () => {
    addEquityPlayer(String.fromCharCode(65 + equityRows().length), "random");
    refreshAdvisor();
  });
  refreshAdvisor();
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", startAdvisor);
