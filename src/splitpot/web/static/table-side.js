// The table page's side panels: the tabs (the chat: people's messages and the dealer's lines,
// shown as text; the log; the ledger, fetched from /api/tables/{id}/ledger; the hand rankings
// of the game being played), the invitation's Copy button, and the chips sliding to the winners.
// Loaded after table.js, whose state (T) and helpers it uses. See docs/web-table.md.
"use strict";

function chatHidden() { return localStorage.getItem("splitpot.hideChat") === "1"; }

function onChat(messages) {
  const known = new Set(T.chat.map((m) => m.id));
  const fresh = messages.filter((m) => !known.has(m.id));
  if (!fresh.length) return;
  T.chat = T.chat.concat(fresh).sort((a, b) => a.id - b.id).slice(-CHAT_KEPT);
  const shown = fresh.filter((m) => m.kind === "dealer" || !chatHidden());
  if (T.tab !== "chat" && T.chatLoaded) T.unread += shown.length;
  T.chatLoaded = true;
  renderChat();
}

// Every message is written as text (never HTML): a name and a line.
function renderChat() {
  const list = $("chat");
  const hide = chatHidden();
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  list.replaceChildren(...T.chat.filter((m) => m.kind === "dealer" || !hide).map((m) => {
    if (m.kind === "dealer") return el("li", { class: "chat-dealer", "data-kind": "dealer" }, m.text);
    const who = m.name + (isSeat(m.seat) ? "" : " (watching)");
    return el("li", { class: "said", "data-kind": "chat", "data-name": m.name },
      el("strong", { class: "who" }, `${who}: `), el("span", { class: "text" }, m.text));
  }));
  if (atBottom || list.childElementCount < 4) list.scrollTop = list.scrollHeight;
  $("chat-form").hidden = hide;
  $("chat-hide").checked = hide;
  const unread = $("chat-unread");
  unread.hidden = !T.unread;
  unread.textContent = T.unread ? String(T.unread) : "";
  $("chat-name").hidden = !!mySeat();
}

function sendChat(event) {
  event.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  const message = { type: "chat", text };
  if (!mySeat()) {
    const name = $("chat-name").value.trim();
    if (!name) { showError("Type a name to chat while watching."); $("chat-name").focus(); return; }
    message.name = name;
    localStorage.setItem("splitpot.name", name);
  }
  showError("");
  if (send(message)) input.value = "";
}

function showTab(tab) {
  T.tab = tab;
  localStorage.setItem("splitpot.tab", tab);
  document.querySelectorAll(".side-tabs .tab").forEach((button) => {
    const on = button.dataset.tab === tab;
    button.classList.toggle("active", on);
    button.setAttribute("aria-selected", on ? "true" : "false");
  });
  document.querySelectorAll(".side-tabs .tab-pane").forEach((pane) => { pane.hidden = pane.dataset.pane !== tab; });
  if (tab === "chat") { T.unread = 0; renderChat(); }
  if (tab === "ledger") { T.ledgerKey = null; loadLedger(); }
  if (tab === "log") renderLog();
}

// The ledger is fetched when its tab is open, again after each hand and each seat change.
async function loadLedger() {
  if (T.tab !== "ledger" || !T.state) return;
  const s = T.state;
  const key = JSON.stringify([s.table.hands_played, s.seats.map((x) => [x.kind, x.name, x.in_hand ? null : x.stack])]);
  if (key === T.ledgerKey) return;
  T.ledgerKey = key;
  try {
    renderLedger(await api(`/api/tables/${encodeURIComponent(T.id)}/ledger`));
  } catch (err) {
    T.ledgerKey = null;
    $("ledger-body").replaceChildren(el("tr", {}, el("td", { colspan: "7" }, `Could not load the ledger: ${err.message}`)));
  }
}

function renderLedger(ledger) {
  const signed = (v) => (v > 0 ? `+${v}` : String(v));
  const cell = (v, cls) => el("td", { class: cls || "num" }, String(v));
  $("ledger-body").replaceChildren(...(ledger.rows || []).map((row) => el("tr", {
    "data-name": row.name, "data-net": String(row.net), class: row.seated ? "" : "left",
  },
  el("td", {}, row.name, row.kind === "bot" ? el("span", { class: "muted small" }, " (bot)") : null,
    row.seated ? null : el("span", { class: "muted small" }, " (left)")),
  cell(row.buy_in), cell(row.rebuys), cell(row.adjusted || 0, "num adj"), cell(row.cashed_out), cell(row.stack),
  el("td", { class: `num net ${row.net > 0 ? "up" : row.net < 0 ? "down" : ""}`, "data-testid": "ledger-net" }, signed(row.net)))));
  const t = ledger.totals || {};
  $("ledger-foot").replaceChildren(el("tr", {}, el("th", {}, "Total"), cell(t.buy_in), cell(t.rebuys),
    cell(t.adjusted || 0, "num adj"), cell(t.cashed_out), cell(t.stack), el("td", { class: "num", "data-testid": "ledger-total-net" }, signed(t.net))));
  // the Adjusted column only once the host has changed a stack (it keeps the panel narrow)
  $("ledger-body").closest("table").classList.toggle("no-adjust", !(ledger.changes || []).length);
  // the host's stack changes: who changed what
  $("ledger-changes").replaceChildren(...(ledger.changes || []).map((c) =>
    el("li", { "data-testid": "ledger-change" }, `${c.by} set ${c.name}'s stack from ${c.from} to ${c.to}`)));
}

function renderLog() {
  const s = T.state;
  const lines = (s.hand ? s.hand.log : s.log) || [];
  $("log-title").textContent = s.hand ? `Hand #${s.hand.number} log` : "Last hand's log";
  const list = $("log");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  list.replaceChildren(...lines.map((line) => el("li", {}, line)));
  if (atBottom || lines.length < 3) list.scrollTop = list.scrollHeight;
}

// The hand ranking panel of the game being played (it follows a mixed table's game).
async function loadRanking() {
  if (!T.state) return;
  const wanted = T.state.table.game && T.state.table.game.id;
  if (T.ranking === "loading" || (T.ranking && T.ranking.id === wanted)) return;
  T.ranking = "loading";
  try {
    if (!T.games) T.games = (await api("/api/games")).games || [];
    const game = T.games.find((g) => g.id === wanted);
    const parts = [];
    for (const block of (game && game.ranking) || []) {
      parts.push(el("div", { class: "ranking-block", "data-ranking": block.award || "" },
        el("h3", {}, block.title || block.award),
        el("ol", {}, (block.lines || []).map((line) => el("li", {}, line)))));
    }
    if (game && game.summary) parts.unshift(el("p", { class: "muted" }, game.summary));
    $("ranking").replaceChildren(...parts);
    $("ranking-title").textContent = game ? `Hand rankings: ${game.name}` : "Hand rankings";
    $("ranking").dataset.game = wanted || "";
    T.ranking = { id: wanted };
    if (T.state && T.state.table.mix) renderHeader(); // the games' names are known now
  } catch (err) {
    T.ranking = null;
    $("ranking").textContent = `Could not load the rankings: ${err.message}`;
  }
}

function copyInvite() {
  const input = $("invite-url");
  input.select();
  const done = () => { $("copy-invite").textContent = "Copied"; setTimeout(() => { $("copy-invite").textContent = "Copy"; }, 1500); };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(input.value).then(done, () => {});
  } else {
    try { document.execCommand("copy"); done(); } catch (e) { /* the text stays selected */ }
  }
}

// Chips slide from the pot to each seat that won something.
function animateChips(result) {
  const felt = $("felt");
  // from the pot's line (the felt's middle is the board's: a chip there covers a card)
  const f = felt.getBoundingClientRect();
  const p = $("pot").getBoundingClientRect();
  const from = p.width && f.width
    ? `left:${((p.left + p.width / 2 - f.left) / f.width) * 100}%;top:${((p.top + p.height / 2 - f.top) / f.height) * 100}%`
    : "left:50%;top:50%";
  for (const [seat, chips] of Object.entries(result.payouts || {})) {
    if (!(chips > 0) || !T.state.seats.some((x) => x.seat === Number(seat))) continue;
    const target = seatPosition(Number(seat), 27, 24); // short of the seat: never over its name or stack
    const chip = el("div", { class: "chip-fly", "data-testid": "chip-fly", style: from },
      el("span", { class: "chip" }), String(chips));
    felt.append(chip);
    requestAnimationFrame(() => requestAnimationFrame(() => {
      chip.style.left = `${target.x}%`;
      chip.style.top = `${target.y}%`;
      chip.classList.add("moving");
    }));
    setTimeout(() => chip.remove(), 1600);
  }
}
