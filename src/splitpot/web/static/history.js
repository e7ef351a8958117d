// The hand history: /history lists the stored hands, /history/{id} replays one.
// Every state comes from the server (GET /api/hands/{id}), which replays the log through the
// engine and leaves out what this viewer may not see; this page only draws it.
"use strict";

const PAGE_SIZE = 25;
const PLAY_MS = 900;
const SOURCE_LABEL = {
  simulate: "simulation", match: "match", play: "terminal", web: "web table", import: "import",
};

function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message;
  box.hidden = !message;
}

function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return isNaN(date) ? iso : date.toLocaleString();
}

// ---------------------------------------------------------------------- the list

const list = { game: "", source: "", page: 0, total: 0, filled: false };

function readListQuery() {
  const query = new URLSearchParams(location.search);
  list.game = query.get("game") || "";
  list.source = query.get("source") || "";
  list.page = Math.max(0, (parseInt(query.get("page"), 10) || 1) - 1);
}

function writeListQuery() {
  const query = new URLSearchParams();
  if (list.game) query.set("game", list.game);
  if (list.source) query.set("source", list.source);
  if (list.page) query.set("page", String(list.page + 1));
  const search = query.toString();
  history.replaceState(null, "", "/history" + (search ? "?" + search : ""));
}

function resultText(hand) {
  const result = hand.result || {};
  const won = Object.entries(result.payouts || {}).map(([name, chips]) => `${name} ${chips}`);
  const how = result.showdown ? "showdown" : "uncontested";
  return won.length ? `${won.join(", ")} (${how})` : how;
}

function handRow(hand) {
  const href = `/history/${hand.id}`;
  return el(
    "tr",
    { class: "hand-row", dataset: { id: String(hand.id), testid: "hand-row" }, onclick: () => { location.href = href; } },
    el("td", { class: "num" }, el("a", { href, "data-testid": "hand-link" }, `#${hand.id}`)),
    el("td", {}, when(hand.ended)),
    el("td", {}, hand.game_name, el("span", { class: "muted" }, ` ${hand.structure}`)),
    el("td", {}, hand.players.join(", ")),
    el("td", { class: "num" }, String((hand.result || {}).pot ?? "")),
    el("td", {}, resultText(hand)),
    el("td", {}, el("span", { class: "tag " + hand.source }, SOURCE_LABEL[hand.source] || hand.source)),
  );
}

function fillFilters(data) {
  if (list.filled) return;
  list.filled = true;
  const games = document.getElementById("game-filter");
  for (const game of data.games) games.append(el("option", { value: game.id }, game.name));
  const sources = document.getElementById("source-filter");
  for (const source of data.sources) sources.append(el("option", { value: source }, SOURCE_LABEL[source] || source));
  games.value = list.game;
  sources.value = list.source;
}

async function loadList() {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(list.page * PAGE_SIZE) });
  if (list.game) query.set("game", list.game);
  if (list.source) query.set("source", list.source);
  let data;
  try {
    data = await api("/api/hands?" + query);
  } catch (error) {
    showError(error.message);
    return;
  }
  showError("");
  fillFilters(data);
  list.total = data.total;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  if (list.page >= pages && data.total) {
    list.page = pages - 1;
    writeListQuery();
    loadList();
    return;
  }
  document.querySelector("#hands tbody").replaceChildren(...data.hands.map(handRow));
  document.getElementById("hands").hidden = !data.hands.length;
  document.getElementById("empty").hidden = data.hands.length > 0;
  document.getElementById("count").textContent = `${data.total} hand${data.total === 1 ? "" : "s"}`;
  document.getElementById("page-info").textContent = `Page ${list.page + 1} of ${pages}`;
  document.getElementById("prev-page").disabled = list.page === 0;
  document.getElementById("next-page").disabled = list.page + 1 >= pages;
}

function startList() {
  document.getElementById("list-view").hidden = false;
  readListQuery();
  const change = () => {
    list.game = document.getElementById("game-filter").value;
    list.source = document.getElementById("source-filter").value;
    list.page = 0;
    writeListQuery();
    loadList();
  };
  document.getElementById("game-filter").addEventListener("change", change);
  document.getElementById("source-filter").addEventListener("change", change);
  document.getElementById("prev-page").addEventListener("click", () => { list.page -= 1; writeListQuery(); loadList(); });
  document.getElementById("next-page").addEventListener("click", () => { list.page += 1; writeListQuery(); loadList(); });
  loadList();
}

// ---------------------------------------------------------------------- the replayer

const replay = { data: null, step: 0, timer: null, award: 0, seatEls: [], betEls: [] };

const NARROW = matchMedia("(max-width: 640px)"); // a phone: the side seats come in to stay on it

// Seats around an ellipse, the viewer's own seat (or seat 0) at the bottom.
function seatPlace(seat, count, bottom, rx, ry) {
  const angle = Math.PI / 2 + (2 * Math.PI * (seat - bottom)) / count;
  return { left: `${50 + rx * Math.cos(angle)}%`, top: `${50 + ry * Math.sin(angle)}%` };
}

function buildTable(data) {
  const felt = document.getElementById("felt");
  const count = data.seats.length;
  const bottom = data.you ?? 0;
  replay.seatEls = data.seats.map((seat) => {
    const box = el(
      "div",
      { class: "seat", id: `seat-${seat.seat}`, dataset: { testid: `seat-${seat.seat}` } },
      el("div", { class: "name" }, seat.name, seat.seat === data.button ? el("span", { class: "dealer", title: "button" }, "D") : null),
      el("div", { class: "stack" }),
      el("div", { class: "hole" }),
      el("div", { class: "status" }),
    );
    Object.assign(box.style, seatPlace(seat.seat, count, bottom, NARROW.matches ? 34 : 40, 38));
    felt.append(box);
    return box;
  });
  replay.betEls = data.seats.map((seat) => {
    const chip = el("div", { class: "bet", id: `bet-${seat.seat}`, dataset: { testid: `bet-${seat.seat}` }, hidden: true });
    Object.assign(chip.style, seatPlace(seat.seat, count, bottom, 24, 19));
    felt.append(chip);
    return chip;
  });
}

function buildLog(data) {
  const log = document.getElementById("log");
  const items = [];
  data.steps.forEach((step, index) => {
    step.lines.forEach((line, at) => {
      items.push(el("li", {
        class: at === 0 ? "step-start" : null,
        dataset: { step: String(index) },
        onclick: () => { pause(); go(index); },
      }, line));
      if (at === 0 && step.note) {
        // a bot's one-line reason for this action (stored beside the log, never in it)
        items.push(el("li", {
          class: "bot-note",
          dataset: { step: String(index), testid: "bot-note" },
          onclick: () => { pause(); go(index); },
        }, `\u21b3 ${data.seats[step.actor] ? data.seats[step.actor].name : "bot"}: ${step.note}`));
      }
    });
  });
  log.replaceChildren(...items);
}

function usedCards(settlement) {
  // The cards of the selected award's winners, for highlighting on the table.
  const award = settlement && settlement.awards[replay.award];
  return new Set(award ? award.cards.flat() : []);
}

function drawCards(cards, used, dim) {
  return el("span", { class: "cards" }, cards.map((card) => {
    const extra = [card && used.has(card) ? "used" : "", dim ? "dim" : ""].filter(Boolean).join(" ");
    return cardEl(card, extra);
  }));
}

function seatStatus(seat, index, step, data) {
  const notes = [];
  if (seat.folded) notes.push("folded");
  else if (seat.all_in) notes.push("all-in");
  const doing = { bet: "to act", draw: "to draw", sviten: "to keep or reject", declare: "to declare" };
  if (step.to_act === index) notes.push(doing[step.phase] || "to act");
  if (seat.declaration) notes.push(`declared ${seat.declaration}`);
  else if (seat.declared) notes.push("declared");
  if (data.you === index) notes.push("you");
  if (step.settlement) {
    const net = step.settlement.net[index];
    notes.push(net > 0 ? `won ${step.settlement.payouts[index]} (+${net})` : net < 0 ? `${net}` : "even");
  }
  return notes.join(" · ");
}

function drawStep() {
  const data = replay.data;
  const step = data.steps[replay.step];
  const settlement = step.settlement;
  const used = usedCards(settlement);
  const winners = new Set(settlement ? settlement.awards.flatMap((a) => a.winners) : []);
  step.seats.forEach((seat, index) => {
    const box = replay.seatEls[index];
    box.classList.toggle("to-act", step.to_act === index);
    box.classList.toggle("actor", step.actor === index);
    box.classList.toggle("folded", seat.folded);
    box.classList.toggle("winner", winners.has(index));
    box.querySelector(".stack").textContent = `${seat.stack} chips`;
    box.querySelector(".hole").replaceChildren(drawCards(seat.cards, used, seat.folded));
    box.querySelector(".status").textContent = seatStatus(seat, index, step, data);
    const bet = replay.betEls[index];
    bet.hidden = !seat.bet;
    bet.textContent = seat.bet ? String(seat.bet) : "";
  });
  document.getElementById("board").replaceChildren(drawCards(step.board, used, false));
  document.getElementById("street").textContent = step.street || "";
  document.getElementById("pot").textContent = settlement ? "Pot awarded" : `Pot ${step.pot}` + (step.pot_total !== step.pot ? ` (${step.pot_total} with bets)` : "");
  document.getElementById("pots").textContent = step.pots && step.pots.includes("(") ? step.pots : "";
  const faceUp = document.getElementById("face-up");
  faceUp.replaceChildren();
  if (step.face_up) {
    faceUp.append(`${data.seats[step.face_up.seat].name}'s face-up card `, cardEl(step.face_up.card));
  }
  drawResult(settlement);
  drawLog();
  const slider = document.getElementById("step-slider");
  slider.value = String(replay.step);
  document.getElementById("step-label").textContent = `${replay.step + 1} / ${data.steps.length}`;
  const last = data.steps.length - 1;
  document.getElementById("first").disabled = replay.step === 0;
  document.getElementById("back").disabled = replay.step === 0;
  document.getElementById("forward").disabled = replay.step === last;
  document.getElementById("last").disabled = replay.step === last;
  document.getElementById("play").textContent = replay.timer ? "\u275A\u275A Pause" : "\u25B6 Play";
  const query = new URLSearchParams(location.search);
  query.set("step", String(replay.step + 1));
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

function drawLog() {
  const log = document.getElementById("log");
  let mark = null;
  for (const item of log.children) {
    const step = Number(item.dataset.step);
    item.hidden = step > replay.step;
    item.classList.toggle("current", step === replay.step);
    if (step === replay.step) mark = item;
  }
  if (mark) log.scrollTop = Math.max(0, mark.offsetTop + mark.offsetHeight - log.clientHeight + 8);
}

function drawResult(settlement) {
  const box = document.getElementById("result");
  box.hidden = !settlement;
  if (!settlement) return;
  const data = replay.data;
  const rows = settlement.awards.map((award, index) => {
    // The server's words for the row, the same as the table's result panel says them.
    const [headline, ...others] = award.lines;
    return el(
      "div",
      {
        class: "award" + (index === replay.award ? " selected" : ""),
        dataset: { testid: "award", index: String(index), kind: award.kind },
        title: "highlight these cards on the table",
        onclick: () => { replay.award = index; drawStep(); },
      },
      el("div", { class: "what" },
        el("div", { class: "muted" }, `${award.title} · ${award.amount} chips`),
        el("div", { class: award.winners.length ? "winners" : "muted" }, headline),
        ...others.map((line) => el("div", { class: "muted small" }, line))),
      ...award.cards.filter((cards) => cards.length).map((cards) => cardsEl(cards, "used")),
    );
  });
  const ways = settlement.declarations
    ? el("p", { class: "muted" }, "Declarations: " + Object.entries(settlement.declarations).map(([seat, way]) => `${data.seats[seat].name} ${way}`).join(", "))
    : null;
  const runs = settlement.runs && settlement.runs.length ? runBlocks(settlement) : null;
  box.replaceChildren(el("h2", {}, settlement.uncontested ? "Result (no showdown)" : runs ? "Showdown, run twice" : "Showdown"), ...(runs || rows));
  if (ways) box.append(ways);
}

// A hand run twice (docs/rules.md "At the table"): each run's board and what it settled (the
// server's words, as the table's result panel says them), then what each player won in all.
function runBlocks(settlement) {
  const data = replay.data;
  const blocks = settlement.runs.map((run) => el("div", { class: "run", dataset: { testid: "run", run: String(run.run) } },
    el("h3", {}, `Run ${run.run === 1 ? "one" : "two"} `, cardsEl(run.board || [])),
    ...run.awards.map((award) => {
      const [headline, ...others] = award.lines;
      return el("div", { class: "award", dataset: { testid: "run-award", kind: award.kind } },
        el("div", { class: "what" },
          el("div", { class: "muted" }, `${award.title} · ${award.amount} chips`),
          el("div", { class: award.winners.length ? "winners" : "muted" }, headline),
          ...others.map((line) => el("div", { class: "muted small" }, line))),
        ...award.cards.filter((cards) => cards.length).map((cards) => cardsEl(cards, "used")));
    })));
  const paid = settlement.payouts.map((chips, seat) => [chips, seat]).filter(([chips]) => chips > 0)
    .map(([chips, seat]) => `${data.seats[seat].name} ${chips}`);
  blocks.push(el("p", { dataset: { testid: "run-total" } }, el("strong", {}, "Both runs: "), paid.join(", ")));
  return blocks;
}

function go(step) {
  const last = replay.data.steps.length - 1;
  replay.step = Math.max(0, Math.min(last, step));
  if (replay.step === last && replay.timer) pause();
  drawStep();
}

function pause() {
  if (replay.timer) clearInterval(replay.timer);
  replay.timer = null;
  if (replay.data) document.getElementById("play").textContent = "\u25B6 Play";
}

function togglePlay() {
  if (replay.timer) {
    pause();
    return;
  }
  if (replay.step === replay.data.steps.length - 1) replay.step = 0;
  replay.timer = setInterval(() => go(replay.step + 1), PLAY_MS);
  drawStep();
}

function describeHand(data) {
  const hand = data.hand;
  const stakes = data.stakes.ante
    ? `ante ${data.stakes.ante}, bets ${data.stakes.small_bet}/${data.stakes.big_bet}`
    : `blinds ${data.stakes.small_blind}/${data.stakes.big_blind}`;
  const view = {
    all: "every card shown",
    onlooker: "played at the web table: shown as an onlooker sees it (hole cards only when shown down)",
    seat: `played at the web table: shown as ${data.you === null ? "" : data.seats[data.you].name} saw it`,
  }[data.view];
  const bomb = data.bomb_pot ? ` · bomb pot, ante ${data.bomb_pot}` : ""; // (no betting before the flop)
  return `${data.structure}, ${stakes}${bomb} · ${when(hand.ended)} · ${SOURCE_LABEL[hand.source] || hand.source} · ${view}`;
}

async function startReplay(handId) {
  document.getElementById("replay-view").hidden = false;
  const query = new URLSearchParams(location.search);
  const token = query.get("token");
  const tokenQuery = token ? `?token=${encodeURIComponent(token)}` : "";
  let data;
  try {
    data = await api(`/api/hands/${encodeURIComponent(handId)}${tokenQuery}`);
  } catch (error) {
    showError(error.message);
    document.getElementById("replay-body").hidden = true;
    return;
  }
  replay.data = data;
  const final = data.steps[data.steps.length - 1].settlement;
  // Highlight the first award someone won with cards (the others are a click away).
  replay.award = Math.max(0, final ? final.awards.findIndex((a) => a.cards.some((c) => c.length)) : 0);
  document.title = `Hand #${data.hand.id} · splitpot`;
  document.getElementById("hand-title").textContent = `Hand #${data.hand.id}: ${data.game.name}`;
  document.getElementById("hand-meta").textContent = describeHand(data);
  document.getElementById("text-link").href = `/api/hands/${data.hand.id}/text${tokenQuery}`;
  document.getElementById("phh-link").href = `/api/hands/${data.hand.id}/phh`;
  document.getElementById("phh-item").hidden = data.hand.source === "web";
  buildTable(data);
  buildLog(data);
  const slider = document.getElementById("step-slider");
  slider.max = String(data.steps.length - 1);
  slider.addEventListener("input", () => { pause(); go(Number(slider.value)); });
  document.getElementById("first").addEventListener("click", () => { pause(); go(0); });
  document.getElementById("back").addEventListener("click", () => { pause(); go(replay.step - 1); });
  document.getElementById("forward").addEventListener("click", () => { pause(); go(replay.step + 1); });
  document.getElementById("last").addEventListener("click", () => { pause(); go(data.steps.length - 1); });
  document.getElementById("play").addEventListener("click", togglePlay);
  document.addEventListener("keydown", (event) => {
    const target = event.target.closest ? event.target : null;
    if (target && target.closest("input, select, textarea")) return;
    if (target && event.key === " " && target.closest("button, a")) return; // their own click
    const keys = {
      ArrowLeft: () => go(replay.step - 1), ArrowRight: () => go(replay.step + 1),
      Home: () => go(0), End: () => go(data.steps.length - 1), " ": togglePlay,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    if (event.key !== " ") pause();
    action();
  });
  const wanted = parseInt(query.get("step"), 10);
  go(Number.isFinite(wanted) ? wanted - 1 : 0);
}

document.addEventListener("DOMContentLoaded", () => {
  const match = location.pathname.match(/^\/history\/([^/]+)\/?$/);
  if (match) startReplay(decodeURIComponent(match[1]));
  else startList();
});
