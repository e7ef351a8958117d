// Practice: "Who wins?" (a final deal: pick each award's winners and every player's chips) and
// "Which discard?" (a drawing decision ranked by the advisor). The deal is in the URL (game and
// seed, or a worked case and its pot), so a deal can be shared and dealt again; the score is
// kept for the session in the browser, each deal counted once.
"use strict";

const SCORE_KEY = "splitpot.practice.score";
const SHOWN_OPTIONS = 8; // discards listed before "show all" (the learner's own is always shown)
const practice = { mode: "showdown", games: [], cases: [], deal: null, spot: null, selected: new Set() };

function showPracticeError(message) {
  const box = document.getElementById("error");
  box.textContent = message;
  box.hidden = !message;
}

// --- the score --------------------------------------------------------------------------------

function loadScore() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCORE_KEY) || "null");
    if (saved && Array.isArray(saved.seen)) return saved;
  } catch (e) { /* a damaged score starts again */ }
  return { right: 0, total: 0, seen: [] };
}

function showScore() {
  const score = loadScore();
  document.getElementById("score").textContent = `${score.right} / ${score.total}`;
}

function countAnswer(key, correct) {
  const score = loadScore();
  if (score.seen.includes(key)) return false;
  score.seen.push(key);
  score.total += 1;
  if (correct) score.right += 1;
  sessionStorage.setItem(SCORE_KEY, JSON.stringify(score));
  showScore();
  return true;
}

// --- the URL ----------------------------------------------------------------------------------

function setUrl(params) {
  const query = new URLSearchParams();
  if (practice.mode === "discard") query.set("mode", "discard");
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== "") query.set(key, value);
  history.replaceState(null, "", `/practice?${query}`);
}

function dealCards(cards, offset) {
  const box = cardsEl(cards);
  box.classList.add("deal-cards");
  box.querySelectorAll(".card").forEach((node, i) => node.style.setProperty("--i", String((offset || 0) + i)));
  return box;
}

function label(awards, name) {
  const found = awards.find((a) => a.name === name);
  return found ? found.label : name;
}

// --- Who wins? --------------------------------------------------------------------------------

function seatBox(deal, name, index) {
  const cards = deal.players[name];
  const parts = [el("div", { class: "seat-head" }, el("span", { class: "seat-name" }, name),
    name === deal.button ? el("span", { class: "tag" }, "button") : null,
    deal.declarations ? el("span", { class: "tag", dataset: { testid: `declares-${name}` } }, `declares ${deal.declarations[name]}`) : null,
    deal.contributions ? el("span", { class: "muted-small" }, `put in ${deal.contributions[name]}`) : null)];
  parts.push(cards ? dealCards(cards.split(" "), 5 + index * 6) : el("span", { class: "muted" }, "folded"));
  return el("div", { class: `seat${cards ? "" : " folded"}`, dataset: { player: name } }, parts);
}

function renderDeal(deal) {
  practice.deal = deal;
  const live = Object.keys(deal.players);
  const sidePots = Boolean(deal.contributions);
  const money = sidePots
    ? `Each player's chips put in are shown: build the main pot and any side pots. Total ${Object.values(deal.contributions).reduce((a, b) => a + b, 0)} chips.`
    : `One pot of ${deal.pot} chips.`;
  const pickers = deal.awards.map((award) => el("fieldset", { class: "pick-award", dataset: { award: award.name } },
    el("legend", {}, `Who wins ${award.label}${sidePots ? " (of the main pot)" : ""}?`),
    el("div", { class: "pick" }, live.map((name) => el("label", {},
      el("input", { type: "checkbox", name: `winner-${award.name}`, value: name, dataset: { testid: `winner-${award.name}-${name}` } }),
      ` ${name}`)),
    el("span", { class: "muted-small" }, "two or more for a tie; none if nobody can take it"))));
  const chips = el("div", { class: "chips-grid" }, deal.seats.map((name) => el("label", {}, `${name} receives`,
    el("input", { type: "number", min: "0", step: "1", inputmode: "numeric", class: "payout", dataset: { player: name, testid: `payout-${name}` } }))));
  document.getElementById("question").replaceChildren(
    el("h2", { dataset: { testid: "deal-title" } }, deal.title),
    el("p", {}, deal.board ? ["Board: ", dealCards(deal.board.split(" "))] : "No board: each hand is its own cards."),
    el("div", { class: "seat-grid" }, deal.seats.map((name, i) => seatBox(deal, name, i))),
    el("p", {}, money, " ", el("span", { class: "muted-small" }, `Button: ${deal.button}.`)),
    el("form", { id: "answer-form", onsubmit: (event) => { event.preventDefault(); checkShowdown(); } },
      pickers,
      el("h3", {}, "The chips each player receives"),
      chips,
      el("p", {}, el("button", { type: "submit", class: "primary", id: "check", dataset: { testid: "check" } }, "Check my answer"))),
  );
  document.getElementById("result").replaceChildren();
}

function usedHand(cards, used) {
  const box = cardsEl(cards);
  box.querySelectorAll(".card").forEach((node) => node.classList.add(used.has(node.dataset.card) ? "used" : "dim"));
  return box;
}

function awardAnswer(answer, pot, award, awards) {
  const rows = [el("h3", {}, `${label(awards, award.name)}: ${award.amount} chips`)];
  if (!award.winners.length) rows.push(el("p", { class: "muted" }, award.note || "not won"));
  for (const name of award.winners) {
    const hand = answer.hands[name][award.name];
    const used = new Set(hand.cards);
    rows.push(el("div", { class: "winner-line", dataset: { player: name } },
      el("b", {}, `${name} `), `wins ${award.shares[name]} with ${hand.description}`, el("br"),
      usedHand(answer.players[name], used),
      answer.board.length ? [el("span", { class: "muted" }, " + "), usedHand(answer.board, used)] : null));
  }
  return el("div", { class: "award-answer", dataset: { award: award.name } }, rows);
}

function renderShowdownResult(reply) {
  const deal = practice.deal;
  const answer = reply.answer;
  const pots = answer.pots.map((pot, i) => el("div", { class: "pot-answer" },
    answer.pots.length > 1 ? el("h3", {}, i ? `Side pot ${i}: ${pot.amount}` : `Main pot: ${pot.amount}`) : null,
    pot.awards.map((award) => awardAnswer(answer, pot, award, deal.awards))));
  const payouts = el("table", { class: "grid", id: "payouts" },
    el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "Receives"))),
    el("tbody", {}, Object.entries(answer.payouts).map(([name, chips]) =>
      el("tr", { dataset: { player: name } }, el("td", {}, name), el("td", { class: "payout" }, chips)))));
  document.getElementById("result").replaceChildren(el("section", { class: "panel" },
    el("p", { class: `verdict ${reply.correct ? "right" : "wrong"}`, dataset: { testid: "verdict" } },
      reply.correct ? "Right!" : "Not quite."),
    el("ul", { class: "explanation", dataset: { testid: "explanation" } }, reply.explanation.map((line) => el("li", {}, line))),
    el("h2", {}, "The engine's settlement"), pots, payouts,
    el("p", {}, el("button", { type: "button", class: "primary", onclick: nextDeal, dataset: { testid: "next-after" } }, "Next deal"))));
}

async function checkShowdown() {
  const deal = practice.deal;
  const winners = {};
  for (const award of deal.awards) {
    winners[award.name] = Array.from(document.querySelectorAll(`input[name="winner-${award.name}"]:checked`)).map((n) => n.value);
  }
  const payouts = {};
  for (const input of document.querySelectorAll("input.payout")) {
    const text = input.value.trim();
    if (text === "") { payouts[input.dataset.player] = 0; continue; }
    if (!/^\d+$/.test(text)) { showPracticeError(`${input.dataset.player}'s chips must be a whole number`); return; }
    payouts[input.dataset.player] = Number(text);
  }
  showPracticeError("");
  try {
    const reply = await api(`/api/practice/showdown/${encodeURIComponent(deal.id)}`, { winners, payouts });
    countAnswer(`showdown:${deal.id}`, reply.correct);
    renderShowdownResult(reply);
  } catch (error) {
    showPracticeError(error.message);
  }
}

// --- Which discard? ---------------------------------------------------------------------------

function throwLabel() {
  const chosen = Array.from(practice.selected);
  return chosen.length ? `Throw ${chosen.join(" ")}` : "Stand pat";
}

function toggleCard(node) {
  const card = node.dataset.card;
  if (practice.selected.has(card)) practice.selected.delete(card);
  else if (practice.selected.size < practice.spot.max_discard) practice.selected.add(card);
  node.classList.toggle("selected", practice.selected.has(card));
  document.getElementById("throw").textContent = throwLabel();
}

function renderSpot(spot) {
  practice.spot = spot;
  practice.selected = new Set();
  const hand = dealCards(spot.hole, spot.board.length);
  hand.querySelectorAll(".card").forEach((node) => {
    node.classList.add("selectable");
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.addEventListener("click", () => toggleCard(node));
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggleCard(node); } });
  });
  const awards = spot.awards.map((a) => a.label).join(" and ");
  document.getElementById("question").replaceChildren(
    el("h2", { dataset: { testid: "deal-title" } }, spot.title),
    el("p", {}, spot.board.length ? ["Board so far: ", dealCards(spot.board)] : "No board."),
    el("p", {}, "Your cards (tap the ones to throw):"),
    el("div", { id: "hand", dataset: { testid: "hand" } }, hand),
    el("p", { class: "muted-small" }, `This draw takes 0 to ${spot.max_discard} cards; ${spot.draws} draw${spot.draws > 1 ? "s" : ""} to come, this one included. `,
      `Against ${spot.opponents} random hand. Playing for ${awards}.`),
    el("p", {}, el("button", { type: "button", class: "primary", id: "throw", dataset: { testid: "throw" }, onclick: checkDiscard }, throwLabel())),
  );
  document.getElementById("result").replaceChildren();
}

function percent(value) {
  return `${(100 * value).toFixed(1)}%`;
}

function renderDiscardResult(reply) {
  const spot = practice.spot;
  const chosen = reply.chosen.discard.join(" ");
  const table = el("table", { class: "grid options", id: "options", dataset: { testid: "options" } },
    el("thead", {}, el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "Throw"), el("th", { class: "num" }, "Pot"),
      spot.awards.map((a) => el("th", { class: "num" }, a.label.split(" (")[0])))),
    el("tbody", {}, reply.answer.options.map((option, i) => el("tr", {
      class: [option.discard.join(" ") === chosen ? "chosen" : "", i === 0 ? "best" : "",
        i >= SHOWN_OPTIONS && option.discard.join(" ") !== chosen ? "more hidden-row" : ""].join(" ").trim() || null,
      dataset: { rank: option.rank },
    },
      el("td", { class: "num" }, option.rank),
      el("td", {}, option.discard.length ? cardsEl(option.discard) : "stand pat"),
      el("td", { class: "num" }, percent(option.equity)),
      spot.awards.map((a) => el("td", { class: "num" }, percent(option.awards[a.name])))))));
  document.getElementById("result").replaceChildren(el("section", { class: "panel" },
    el("p", { class: `verdict ${reply.correct ? "right" : "wrong"}`, dataset: { testid: "verdict" } },
      reply.correct ? `Right! Rank ${reply.rank} of ${reply.of}.` : `Rank ${reply.rank} of ${reply.of}: there is better.`),
    el("ul", { class: "explanation", dataset: { testid: "explanation" } }, reply.explanation.map((line) => el("li", {}, line))),
    el("div", { class: "scroll" }, table),
    el("p", {},
      reply.of > SHOWN_OPTIONS ? el("button", { type: "button", id: "all-options", onclick: (event) => {
        table.querySelectorAll("tr.more").forEach((row) => row.classList.remove("hidden-row"));
        event.target.remove();
      } }, `Show all ${reply.of} discards`) : null, " ",
      el("button", { type: "button", class: "primary", onclick: nextDeal, dataset: { testid: "next-after" } }, "Next spot"))));
}

async function checkDiscard() {
  const spot = practice.spot;
  const button = document.getElementById("throw");
  button.disabled = true;
  document.getElementById("result").replaceChildren(el("p", { class: "busy" }, "Ranking every discard…"));
  showPracticeError("");
  try {
    const reply = await api(`/api/practice/discard/${encodeURIComponent(spot.id)}`, { discard: Array.from(practice.selected) });
    countAnswer(`discard:${spot.id}`, reply.correct);
    renderDiscardResult(reply);
  } catch (error) {
    document.getElementById("result").replaceChildren();
    showPracticeError(error.message);
  } finally {
    button.disabled = false;
  }
}

// --- dealing ----------------------------------------------------------------------------------

async function deal(params) {
  showPracticeError("");
  const path = practice.mode === "discard" ? "/api/practice/discard" : "/api/practice/showdown";
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== "") query.set(key, value);
  try {
    const data = await api(`${path}?${query}`);
    if (practice.mode === "discard") renderSpot(data);
    else renderDeal(data);
    if (data.case) {
      setUrl({ case: data.case, pot: data.pot });
    } else {
      setUrl({ game: data.game, seed: data.seed }); // the deal's own game: the URL deals it again
      document.getElementById("seed").value = data.seed;
    }
  } catch (error) {
    showPracticeError(error.message);
  }
  document.body.dataset.ready = "1";
}

function chosenGame() {
  return document.getElementById("game").value;
}

function nextDeal() {
  // With a game chosen, the next seed of that game; with "any game", any game and seed.
  const current = practice.mode === "discard" ? practice.spot : practice.deal;
  const game = chosenGame();
  const same = current && current.seed !== undefined && current.game === game;
  deal({ game, seed: same ? current.seed + 1 : null });
}

async function startPractice() {
  const query = new URLSearchParams(location.search);
  practice.mode = query.get("mode") === "discard" ? "discard" : "showdown";
  document.getElementById(`tab-${practice.mode}`).classList.add("active");
  if (practice.mode === "discard") document.getElementById("case-row").style.display = "none";
  document.getElementById("mode-help").textContent = practice.mode === "discard"
    ? "A hand at its draw: pick the cards to throw and see where your choice ranks among every legal discard, by your share of the pot and of each award."
    : "A final deal: pick the winner of each award (or a tie) and the chips each player receives, then see the engine's answer with the cards each winner used.";
  showScore();
  document.getElementById("reset-score").addEventListener("click", () => {
    sessionStorage.removeItem(SCORE_KEY);
    showScore();
  });
  try {
    const [learnData, casesData] = await Promise.all([api("/api/learn"), api("/api/practice/cases")]);
    practice.games = learnData.games.filter((g) => practice.mode !== "discard" || g.draws > 0);
    practice.cases = casesData.cases;
  } catch (error) {
    showPracticeError(`cannot load the games: ${error.message}`);
    return;
  }
  const select = document.getElementById("game");
  select.replaceChildren(el("option", { value: "" }, "any game"),
    ...practice.games.map((g) => el("option", { value: g.id }, g.name)));
  const asked = query.get("game") || "";
  select.value = practice.games.some((g) => g.id === asked) ? asked : "";
  const caseSelect = document.getElementById("case");
  caseSelect.append(...practice.cases.map((c) => el("option", { value: c.id }, c.title)));
  caseSelect.addEventListener("change", () => {
    const found = practice.cases.find((c) => c.id === caseSelect.value);
    document.getElementById("case-pot").value = found && found.pot ? found.pot : "";
  });
  select.addEventListener("change", () => deal({ game: chosenGame() }));
  document.getElementById("next").addEventListener("click", nextDeal);
  document.getElementById("load-seed").addEventListener("click", () =>
    deal({ game: chosenGame(), seed: document.getElementById("seed").value }));
  document.getElementById("load-case").addEventListener("click", () => {
    if (!caseSelect.value) { showPracticeError("choose a worked case first"); return; }
    deal({ case: caseSelect.value, pot: document.getElementById("case-pot").value });
  });
  const tabs = { showdown: document.getElementById("tab-showdown"), discard: document.getElementById("tab-discard") };
  if (asked) for (const tab of Object.values(tabs)) tab.href += `${tab.href.includes("?") ? "&" : "?"}game=${encodeURIComponent(asked)}`;
  if (query.get("case") && practice.mode === "showdown") {
    caseSelect.value = query.get("case");
    document.getElementById("case-pot").value = query.get("pot") || "";
    await deal({ case: query.get("case"), pot: query.get("pot") });
  } else {
    await deal({ game: select.value, seed: query.get("seed") });
  }
}

document.addEventListener("DOMContentLoaded", startPractice);
