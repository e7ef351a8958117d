// The table page: one websocket (/ws/tables/{id}?token=...), drawn from each `state` only.
// The server is the authority; this page sends intents ({"type": "act", ...}) and shows what
// comes back. See docs/web-protocol.md (the messages) and docs/web-table.md (the user guide).
"use strict";

const T = {
  id: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  token: null,
  ws: null,
  retry: 0,
  reconnectTimer: null,
  stopped: false,
  state: null,
  clockEnd: null, // performance.now() at which the seat to act runs out of time
  pending: false, // an action was sent and no answer yet
  selected: new Set(), // cards picked for the discard
  selectKey: null,
  raise: { key: null, value: null },
  lastResultNumber: undefined,
  declared: {}, // hand number -> my (secret) declaration
  leaving: false,
  ranking: null, // the ranking panel's game: {id} once loaded, "loading", or null
  games: null,
  chat: [], // the chat's messages (people's and the dealer's), oldest first, at most CHAT_KEPT
  unread: 0,
  tab: localStorage.getItem("splitpot.tab") || "chat",
  ledgerKey: null, // what the ledger was last loaded for
  actionsKey: null, // what the action bar was last drawn from (unchanged: not redrawn)
  choiceKey: null,
};

const CHAT_KEPT = 50;

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
const STRUCTURE = { "fixed-limit": "Fixed limit", "pot-limit": "Pot limit", "no-limit": "No limit" };
const PHASE_WORDS = { bet: "to act", draw: "to draw", sviten: "to keep or reject", declare: "to declare",
  runs: "to run it once or twice" };

const $ = (id) => document.getElementById(id);
const tokenKey = () => `splitpot.token.${T.id}`;
const isSeat = (value) => value !== null && value !== undefined;

// ---- connection ----

function wsUrl() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = T.token ? `?token=${encodeURIComponent(T.token)}` : "";
  return `${proto}//${location.host}/ws/tables/${encodeURIComponent(T.id)}${query}`;
}

function setConn(state, text) {
  const conn = $("conn");
  conn.dataset.state = state;
  conn.textContent = text;
}

function connect() {
  clearTimeout(T.reconnectTimer);
  if (T.stopped) return;
  setConn(T.retry ? "reconnecting" : "connecting", T.retry ? "reconnecting…" : "connecting…");
  const ws = new WebSocket(wsUrl());
  T.ws = ws;
  ws.addEventListener("open", () => {
    if (T.ws !== ws) return;
    T.retry = 0;
    setConn("connected", T.token ? "connected" : "watching");
  });
  ws.addEventListener("message", (event) => {
    if (T.ws !== ws) return;
    let message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    onMessage(message);
  });
  ws.addEventListener("close", (event) => {
    if (T.ws !== ws) return;
    T.ws = null;
    T.pending = false;
    if (event.code === 4404) {
      T.stopped = true;
      setConn("closed", "no such table");
      showError(`There is no table ${T.id}. Go back to the lobby to create or join one.`);
      return;
    }
    if (event.code === 4403 && T.token) {
      // The seat's key was refused (the seat was given up or belongs elsewhere): watch instead.
      localStorage.removeItem(tokenKey());
      T.token = null;
      showError("Your seat's key was refused: you are watching now.");
      connect();
      return;
    }
    const delay = BACKOFF_MS[Math.min(T.retry, BACKOFF_MS.length - 1)] + Math.random() * 250;
    T.retry += 1;
    setConn("reconnecting", `disconnected: reconnecting in ${Math.round(delay / 1000)}s…`);
    T.reconnectTimer = setTimeout(connect, delay);
  });
}

function reconnectNow() {
  const old = T.ws;
  T.ws = null;
  T.retry = 0;
  if (old) old.close();
  connect();
}

function send(message) {
  if (!T.ws || T.ws.readyState !== WebSocket.OPEN) {
    showError("Not connected to the table: reconnecting…");
    return false;
  }
  T.ws.send(JSON.stringify(message));
  return true;
}

function act(action) {
  const hand = T.state && T.state.hand;
  showError("");
  const message = { type: "act", action };
  if (hand) message.hand = hand.number;
  if (hand && hand.legal) message.turn = hand.legal.turn;
  if (send(message)) {
    T.pending = true;
    if (action.kind === "declare" && hand) T.declared[hand.number] = action.way;
    renderActions();
  }
}

function request(type) {
  showError("");
  send({ type });
}

function onMessage(message) {
  if (message.type === "chat") {
    onChat(message.messages || []);
  } else if (message.type === "state") {
    T.pending = false;
    T.state = message;
    document.body.dataset.version = String(message.version);
    const hand = message.hand;
    T.clockEnd = hand && hand.clock !== null && hand.clock !== undefined
      ? performance.now() + hand.clock * 1000 : null;
    const choice = message.choice;
    T.choiceEnd = choice && choice.clock !== null && choice.clock !== undefined
      ? performance.now() + choice.clock * 1000 : null;
    if (T.leaving && !isSeat(message.you)) {
      // The seat is given up: forget its key and watch on a fresh connection (the server
      // stops sending to the connection that left).
      T.leaving = false;
      localStorage.removeItem(tokenKey());
      T.token = null;
      render();
      reconnectNow();
      return;
    }
    render();
  } else if (message.type === "error") {
    T.pending = false;
    if (message.request === "leave") T.leaving = false;
    showError(message.message || "refused");
    if (T.state) { T.actionsKey = null; T.choiceKey = null; renderActions(); renderChoice(); }
  }
}

function showError(text) {
  const box = $("table-error");
  box.textContent = text || "";
  box.hidden = !text;
}

// ---- helpers ----

function gameName(id) {
  const game = (T.games || []).find((g) => g.id === id);
  if (game) return game.name;
  const t = T.state && T.state.table;
  return t && t.game && t.game.id === id ? t.game.name : id;
}

function seatName(seat) {
  const s = T.state && T.state.seats.find((x) => x.seat === Number(seat));
  return s ? s.name || `Seat ${s.seat}` : `Seat ${seat}`;
}

function mySeat() {
  const s = T.state;
  const seat = s && isSeat(s.you) ? s.seats.find((x) => x.seat === s.you) : null;
  return seat && seat.kind === "human" ? seat : null; // not a seat given up in another tab
}

function myLegal() {
  const s = T.state;
  if (!s || !s.hand || !s.hand.legal || !isSeat(s.you) || s.hand.to_act !== s.you) return null;
  return s.hand.legal;
}

// Whether the felt shows the last hand's showdown (its board, shown hands and winning cards).
function resultMode() {
  const s = T.state;
  const r = s && s.last_result;
  if (!r) return false;
  return !s.hand || s.hand.phase === "done" || s.hand.number === r.number;
}

// seat -> Set of the cards that won something for it; "board" -> the board cards that won.
function winningCards() {
  const out = new Map();
  const r = T.state && T.state.last_result;
  if (!r || !resultMode()) return out;
  const board = new Set(r.board || []);
  const boardWins = new Set();
  for (const award of r.awards || []) {
    (award.winners || []).forEach((seat, i) => {
      const cards = (award.cards && award.cards[i]) || [];
      if (!out.has(seat)) out.set(seat, new Set());
      for (const c of cards) {
        if (board.has(c)) boardWins.add(c);
        else out.get(seat).add(c);
      }
    });
  }
  out.set("board", boardWins);
  return out;
}

function seatCards(seat) {
  if (seat.cards) return seat.cards;
  const r = T.state.last_result;
  if (resultMode() && r && r.shown && r.shown[String(seat.seat)]) return r.shown[String(seat.seat)];
  return null;
}

const NARROW = window.matchMedia("(max-width: 640px)");
NARROW.addEventListener("change", () => render());

// Whom the table waits for; the person on the button is asked in their own words.
function waitingText(s) {
  return s.choice && isSeat(s.you) && s.choice.seat === s.you ? "Your choice: pick the next game" : s.waiting;
}

function seatPosition(seat, radiusX, radiusY) {
  const s = T.state;
  const n = s.seats.length;
  const anchor = isSeat(s.you) ? s.you : 0;
  const rel = (seat - anchor + n) % n;
  const angle = (Math.PI / 2) + (rel * 2 * Math.PI) / n;
  const spread = NARROW.matches ? 0.8 : 1; // (a phone: the seats at the sides stay on it)
  return { x: 50 + spread * radiusX * Math.cos(angle), y: 50 + radiusY * Math.sin(angle) };
}

// The main pot and the side pots under the pot's total, as one wrapped line ("Main 120  Side 1
// 80"), who may win each in its title (the result panel names them when the hand is over), so
// that three side pots cover neither the felt's cards nor the bets, on a phone or a desktop.
function sidePotLines(pots) {
  const parts = pots.map((p, i) => el("span", {
    class: "side-pot", "data-side-pot": String(i),
    title: `${i ? `Side pot ${i}` : "Main pot"}: ${p.eligible.map(seatName).join(", ")}`,
  }, `${i ? `Side ${i}` : "Main"} ${p.amount}`));
  return [el("div", { class: "side-pots" }, ...parts)];
}

// A seat's bet: between the seat and the centre; on a phone, just inside the seat's box (above
// or below it), where it covers neither the box nor the centre's lines (pot, whose turn).
function betPosition(seat) {
  if (!NARROW.matches) return seatPosition(seat, 25, 21);
  const p = seatPosition(seat, 45, 46);
  return { x: p.x, y: p.y + (p.y <= 50 ? 16 : -16) };
}

// ---- drawing ----

function render() {
  const s = T.state;
  if (!s) return;
  renderHeader();
  renderSeats();
  renderCenter();
  renderMe();
  renderChoice();
  renderActions();
  renderResult();
  renderLog();
  renderPanels();
  if (typeof renderHost === "function") renderHost(); // the host's panel (table-host.js)
  if (typeof onSoundState === "function") onSoundState(s); // your turn, a bet, a pot (table-sound.js)
  loadRanking();
  loadLedger();
  const r = s.last_result;
  if (r && T.lastResultNumber !== undefined && r.number !== T.lastResultNumber) animateChips(r);
  T.lastResultNumber = r ? r.number : null;
  tick();
}

function renderHeader() {
  const { table, hand } = T.state;
  document.title = `splitpot: ${table.name}`;
  $("table-title").textContent = table.name;
  const bits = [table.game.name, STRUCTURE[table.structure] || table.structure,
    stakesText(table.stakes, table.structure, table.game.forced), `buy-in ${table.buy_in}`,
    table.clock ? `${table.clock}s clock` : "no clock"];
  $("table-info").textContent = bits.join(" \u00b7 ");
  $("hand-info").textContent = hand ? `Hand #${hand.number} \u00b7 ${hand.street || hand.phase}`
    : "Between hands";
  const mix = table.mix;
  $("mix-info").hidden = !mix;
  if (mix) {
    $("mix-info").replaceChildren(el("strong", {}, `${mix.mode_name}: `),
      ...(table.games || []).flatMap((id, i) => [i ? " \u00b7 " : "", el("span", {
        class: mix.now && mix.now.id === id ? "mix-game now" : "mix-game", "data-game": id,
      }, gameName(id))]),
      el("div", { class: "muted small", "data-testid": "mix-next" }, mix.text));
  }
  const notice = T.state.notice;
  $("notice").textContent = notice || "";
  $("notice").hidden = !notice;
}

function renderSeats() {
  const s = T.state;
  const hand = s.hand;
  const wins = winningCards();
  const payouts = (resultMode() && s.last_result && s.last_result.payouts) || {};
  const seatsBox = $("seats");
  const betsBox = $("bets");
  seatsBox.replaceChildren();
  seatsBox.classList.toggle("many", s.seats.length > 6); // (smaller seats: they do not overlap)
  betsBox.replaceChildren();
  for (const seat of s.seats) {
    const pos = seatPosition(seat.seat, 45, 46);
    const me = seat.seat === s.you;
    const toAct = hand && hand.to_act === seat.seat && hand.phase !== "done";
    const classes = ["seat"];
    if (seat.kind === "open") classes.push("open");
    if (me) classes.push("me");
    if (toAct) classes.push("to-act");
    if (seat.folded) classes.push("folded");
    if (seat.sitting_out) classes.push("sitting-out");
    if (payouts[String(seat.seat)] > 0) classes.push("winner");
    const box = el("div", {
      class: classes.join(" "),
      "data-seat": String(seat.seat),
      "data-stack": String(seat.stack ?? 0),
      "data-bet": String(seat.bet ?? 0),
      "data-kind": seat.kind,
      style: `left:${pos.x}%;top:${pos.y}%`,
    });
    if (seat.kind === "open") {
      box.append(el("div", { class: "seat-name" }, "Open seat"),
        el("div", { class: "muted small" }, `seat ${seat.seat + 1}`));
      seatsBox.append(box);
      continue;
    }
    // cards: yours and the ones shown, else face-down backs while the seat holds cards
    let cardsNode = null;
    const cards = seatCards(seat);
    if (cards && cards.length && !(me && seat.folded && hand)) {
      const used = wins.get(seat.seat) || new Set();
      const up = new Set(seat.up || []);  // stud: face up; the rest only its owner sees
      cardsNode = el("span", { class: "cards", "data-testid": "seat-cards" },
        cards.map((c) => cardEl(c, [used.has(c) ? "used" : "", up.size && !up.has(c) ? "down" : ""].join(" ").trim() || null)));
    } else if (hand && seat.in_hand && !seat.folded && seat.card_count > 0) {
      const up = seat.up || [];  // stud's up cards, public: face up among the backs
      cardsNode = el("span", { class: "cards backs", "data-testid": "seat-cards" },
        Array.from({ length: seat.card_count - up.length }, () => cardEl(null)),
        up.map((c) => cardEl(c, "up")));
    }
    const tags = [];
    if (seat.kind === "bot") tags.push(["bot", `${seat.bot} bot`]);
    if (seat.folded) tags.push(["folded", "folded"]);
    if (seat.all_in) tags.push(["all-in", "all in"]);
    if (seat.sitting_out) tags.push(["sitting-out", "sitting out"]);
    if (seat.kind === "human" && !seat.connected) tags.push(["disconnected", "disconnected"]);
    if (seat.declared && hand && hand.phase === "declare") tags.push(["declared", "declared"]);
    if (hand && seat.drew_text && !seat.folded) tags.push(["drew", seat.drew_text]);
    box.append(...[
      el("div", { class: "seat-cards" }, cardsNode),
      el("div", { class: "seat-name" },
        el("span", { class: "name", "data-testid": "seat-name", title: seat.name }, seat.name),
        me ? el("span", { class: "badge you" }, "you") : null),
      el("div", { class: "seat-stack" }, el("span", { "data-testid": "stack" }, String(seat.stack ?? 0)), " chips"),
      tags.length ? el("div", { class: "seat-tags" },
        tags.map(([cls, text]) => el("span", { class: `tag ${cls}`, "data-tag": cls,
          "data-testid": cls === "drew" ? "seat-drew" : null }, text))) : null,
      toAct ? el("div", { class: "countdown", "data-testid": "seat-clock" }) : null,
      seat.button ? el("span", { class: "dealer", title: "button", "data-testid": "button" }, "D") : null,
    ].filter(Boolean));
    seatsBox.append(box);
    if (seat.bet > 0) {
      const bp = betPosition(seat.seat);
      betsBox.append(el("div", { class: "bet", "data-bet-seat": String(seat.seat),
        style: `left:${bp.x}%;top:${bp.y}%` }, el("span", { class: "chip" }), String(seat.bet)));
    }
  }
}

function renderCenter() {
  const s = T.state;
  const hand = s.hand;
  const r = s.last_result;
  const showing = resultMode();
  const wins = winningCards().get("board") || new Set();
  const board = hand ? hand.board || [] : (r && r.board) || [];
  $("board").replaceChildren(...board.map((c) => cardEl(c, showing && wins.has(c) ? "used" : null)));
  $("street").textContent = hand ? hand.street || "" : (r ? `Hand #${r.number} is over` : "Waiting for the first hand");
  const pot = $("pot");
  pot.replaceChildren();
  if (hand) {
    pot.dataset.pot = String(hand.pot);
    pot.append(el("div", { class: "pot-total" }, el("span", { class: "chip" }), `Pot ${hand.pot}`));
    const pots = hand.pots || [];
    if (pots.length > 1) pot.append(...sidePotLines(pots));
  } else if (r) {
    pot.dataset.pot = "0";
    pot.append(el("div", { class: "pot-total muted" }, `Last pot ${r.pot}`));
  } else {
    pot.dataset.pot = "0";
  }
  const turn = $("turn");
  turn.replaceChildren();
  if (!hand && s.waiting) {
    turn.append(el("span", { class: "waiting-for", "data-testid": "waiting" }, waitingText(s)));
  } else if (hand && isSeat(hand.to_act) && hand.phase !== "done") {
    const mine = hand.to_act === s.you;
    turn.append(el("span", { class: mine ? "your-turn" : "" },
      mine ? "Your turn" : `${seatName(hand.to_act)} ${PHASE_WORDS[hand.phase] || "to act"}`),
      " ", el("span", { class: "countdown", "data-testid": "clock" }));
  }
}

function renderMe() {
  const s = T.state;
  const me = mySeat();
  const box = $("me");
  box.hidden = !me;
  if (!me) return;
  const hand = s.hand;
  const legal = myLegal();
  const drawing = legal && legal.phase === "draw" && legal.discard_max > 0;
  const key = hand ? `${hand.number}:${hand.street}:${hand.phase}` : "";
  if (key !== T.selectKey) { T.selectKey = key; T.selected.clear(); }
  let cards = me.cards || [];
  if (!cards.length && resultMode() && s.last_result && s.last_result.shown) {
    cards = s.last_result.shown[String(me.seat)] || [];
  }
  for (const c of [...T.selected]) if (!cards.includes(c)) T.selected.delete(c);
  const used = winningCards().get(me.seat) || new Set();
  const nodes = cards.map((c) => {
    const cls = [];
    if (drawing) cls.push("selectable");
    if (T.selected.has(c)) cls.push("selected");
    if (resultMode() && used.has(c)) cls.push("used");
    if (me.folded && hand) cls.push("dim");
    const node = cardEl(c, cls.join(" ") || null);
    if (drawing) {
      node.setAttribute("role", "button");
      node.setAttribute("aria-pressed", T.selected.has(c) ? "true" : "false");
      node.addEventListener("click", () => toggleCard(c, legal.discard_max));
    }
    return node;
  });
  $("my-cards").replaceChildren(...nodes);
  let hint = "";
  if (drawing) {
    hint = `Click up to ${legal.discard_max} card${legal.discard_max === 1 ? "" : "s"} to throw away, then Discard (or Stand pat).`;
  } else if (hand && hand.phase === "declare" && T.declared[hand.number]) {
    hint = `You declared ${T.declared[hand.number]} (secret until everyone has declared).`;
  } else if (me.folded && hand) {
    hint = "You folded.";
  } else if (!cards.length) {
    hint = me.sitting_out ? "You are sitting out." : "Waiting for the next deal.";
  }
  $("my-hint").textContent = hint;
  $("my-hand-words").textContent = (hand && hand.my_hand) || ""; // (only in your own frame)
}

function toggleCard(card, max) {
  if (T.selected.has(card)) T.selected.delete(card);
  else if (T.selected.size < max) T.selected.add(card);
  else {
    showError(`You may throw at most ${max} card${max === 1 ? "" : "s"}.`);
    return;
  }
  showError("");
  renderMe();
  renderActions();
}

function actionButton(testid, text, onclick, primary) {
  return el("button", { type: "button", class: primary ? "primary" : null, "data-testid": testid,
    disabled: T.pending, onclick }, text);
}

function raiseControls(legal) {
  const r = legal.raise;
  const word = r.kind === "bet" ? "Bet" : "Raise to";
  const allIn = (amount) => (r.all_in && amount === r.max ? " (all in)" : "");
  if (r.min === r.max) {
    return [actionButton("bet", `${word} ${r.min}${allIn(r.min)}`,
      () => act({ kind: r.kind, amount: r.min }), true)];
  }
  const key = `${T.state.hand.number}:${T.state.hand.street}:${r.min}:${r.max}`;
  if (T.raise.key !== key) T.raise = { key, value: r.min };
  const clamp = (v) => Math.max(r.min, Math.min(r.max, Math.round(Number(v) || r.min)));
  const slider = el("input", { type: "range", min: r.min, max: r.max, step: 1, value: T.raise.value,
    "data-testid": "raise-slider", "aria-label": "raise amount", class: "raise-slider" });
  const box = el("input", { type: "number", min: r.min, max: r.max, step: 1, value: T.raise.value,
    "data-testid": "raise-amount", "aria-label": "raise to", class: "raise-amount" });
  const button = actionButton("bet", "", () => {
    const amount = Math.round(Number(box.value));
    if (!Number.isFinite(amount)) { showError("Type a whole number of chips."); return; }
    act({ kind: r.kind, amount });
  }, true);
  const setAmount = (v, fromBox) => {
    T.raise.value = fromBox ? v : clamp(v);
    if (!fromBox) box.value = String(T.raise.value);
    slider.value = String(clamp(v));
    button.textContent = `${word} ${box.value}${allIn(Number(box.value))}`;
  };
  slider.addEventListener("input", () => setAmount(slider.value, false));
  box.addEventListener("input", () => setAmount(box.value, true));
  box.addEventListener("keydown", (event) => { if (event.key === "Enter") button.click(); });
  setAmount(T.raise.value, false);
  const presets = (r.presets || []).map((p) => el("button", {
    type: "button", class: "preset", "data-testid": `preset-${p.label}`, disabled: T.pending,
    title: `${word.toLowerCase()} ${p.to}`, onclick: () => setAmount(p.to, false),
  }, p.label));
  return [el("div", { class: "raise-box" },
    el("div", { class: "presets" }, presets),
    el("div", { class: "raise-row" }, slider, box, button))];
}

function renderActions() {
  const s = T.state;
  const box = $("actions");
  const me = mySeat();
  const legal = myLegal();
  const hand = s.hand;
  const busted = !!me && (me.stack ?? 0) === 0 && !(hand && me.in_hand);
  // Redrawn only when what it shows changes: a button replaced under a finger (a state that
  // only says a seat connected) would swallow the tap or the click.
  const key = JSON.stringify([!!me, legal, T.pending, busted, me && me.stack, s.table.buy_in,
    hand && hand.to_act, hand && hand.phase, hand && hand.number, s.waiting, T.selected.size]);
  if (key === T.actionsKey) return;
  T.actionsKey = key;
  box.replaceChildren();
  box.classList.toggle("my-turn", !!legal);
  box.classList.toggle("busted", busted);
  if (!me) { box.hidden = true; return; }
  box.hidden = false;
  if (busted) {
    box.append(el("div", { class: "action-row", "data-testid": "busted" },
      el("span", { class: "your-turn" }, "You are out of chips."),
      actionButton("bust-rebuy", `Rebuy ${s.table.buy_in}`, () => request("rebuy"), true),
      actionButton("bust-leave", "Leave", leaveSeat)));
    return;
  }
  if (!legal) {
    let text = waitingText(s) || "Waiting for the next hand.";
    if (hand && isSeat(hand.to_act) && hand.phase !== "done") text = `Waiting for ${seatName(hand.to_act)}…`;
    box.append(el("div", { class: "muted waiting", "data-testid": "waiting-bar" }, text));
    return;
  }
  const row = [];
  row.push(el("span", { class: "your-turn" }, "Your turn"),
    el("span", { class: "countdown", "data-testid": "my-clock" }));
  if (legal.phase === "bet") {
    if (legal.fold) row.push(actionButton("fold", "Fold", () => act({ kind: "fold" })));
    if (legal.check) row.push(actionButton("check", "Check", () => act({ kind: "check" })));
    if (isSeat(legal.bring_in)) row.push(actionButton("bring-in", `Bring in ${legal.bring_in}`, () => act({ kind: "bring_in" })));
    if (isSeat(legal.call) && !legal.check) {
      const stack = me.stack ?? 0;
      row.push(actionButton("call", `Call ${legal.call}${legal.call >= stack ? " (all in)" : ""}`,
        () => act({ kind: "call" })));
    }
    if (legal.raise) row.push(...raiseControls(legal));
  } else if (legal.phase === "draw") {
    const n = T.selected.size;
    const discard = actionButton("discard", `Discard ${n}`, () => act({ kind: "discard", cards: [...T.selected] }), true);
    discard.disabled = T.pending || n === 0;
    row.push(discard);
    row.push(actionButton("stand-pat", "Stand pat", () => act({ kind: "discard", cards: [] })));
  }
  if (legal.phase === "show") {  // the muck option: a hand that cannot win may be mucked
    if (legal.show) row.push(actionButton("show", "Show", () => act({ kind: "show" }), true));
    if (legal.muck) row.push(actionButton("muck", "Muck", () => act({ kind: "muck" })));
  }
  if (legal.runs) row.push(...runButtons()); // run it twice (table-runs.js)
  if (legal.keep_reject) {
    const card = legal.face_up || faceUpCard();
    if (card) row.push(el("span", { class: "face-up", "data-testid": "face-up" }, "Face-up card: ", cardEl(card)));
    row.push(actionButton("keep", "Keep", () => act({ kind: "keep" }), true),
      actionButton("reject", "Reject", () => act({ kind: "reject" })));
  }
  for (const way of legal.declare || []) {
    const label = { high: "High", low: "Low", both: "Both" }[way] || way;
    row.push(actionButton(`declare-${way}`, label, () => act({ kind: "declare", way })));
  }
  if ((legal.declare || []).length) row.push(el("span", { class: "muted" }, "Your declaration stays secret until everyone has declared."));
  box.append(el("div", { class: "action-row" }, row));
  tick();
}

// Dealer's choice: the button picks the next game; the others see who is choosing.
function renderChoice() {
  const s = T.state;
  const box = $("choice");
  const choice = s.choice;
  const mine = !!choice && isSeat(s.you) && choice.seat === s.you && !!mySeat();
  const key = JSON.stringify([choice, mine, T.pending]);
  if (key === T.choiceKey) return;
  T.choiceKey = key;
  box.hidden = !mine;
  box.replaceChildren();
  if (!mine) return;
  box.append(
    el("div", { class: "your-turn" }, "You have the button: choose the next game",
      " ", el("span", { class: "countdown", "data-testid": "choice-clock" })),
    el("div", { class: "action-row choice-games" }, choice.games.map((g) =>
      actionButton(`choose-${g.id}`, g.name, () => chooseGame(g.id)))),
  );
  tick();
}

function chooseGame(id) {
  showError("");
  if (send({ type: "choose_game", game: id })) {
    T.pending = true;
    renderChoice();
  }
}

function leaveSeat() {
  if (!confirm("Give up your seat at this table?")) return;
  T.leaving = true;
  request("leave");
  send({ type: "state" }); // answered after the leave: a watcher's state once the seat is given up
}

// Sviten Special: the card just dealt face up to you (the log says "<you> is dealt Xx face up").
function faceUpCard() {
  const s = T.state;
  const me = mySeat();
  const lines = (s.hand && s.hand.log) || [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = /^(.*) is dealt (\S\S) face up$/.exec(lines[i]);
    if (match && me && match[1] === me.name) return match[2];
  }
  return null;
}

// (The result panel, renderResult: table-result.js)

function renderPanels() {
  const s = T.state;
  const me = mySeat();
  const hand = s.hand;
  $("join-panel").hidden = !!me;
  if (!me) {
    const open = s.seats.filter((x) => x.kind === "open").length;
    const stored = localStorage.getItem(tokenKey());
    const note = $("join-note");
    if (stored && !T.token) {
      note.replaceChildren("You have a seat here. ",
        el("a", { href: `/table/${encodeURIComponent(T.id)}` }, "Take your seat"), ".");
    } else {
      note.textContent = open ? `You are watching. ${open} seat${open === 1 ? " is" : "s are"} open: type a name to sit down.`
        : "You are watching. Every seat is taken.";
    }
    $("join-form").hidden = !open;
  }
  $("seat-panel").hidden = !me;
  if (me) {
    const inHand = !!(hand && me.in_hand && hand.phase !== "done");
    $("sit-out").hidden = me.sitting_out;
    $("sit-in").hidden = !me.sitting_out;
    $("rebuy").disabled = inHand || (me.stack ?? 0) >= (s.table.max_buy_in || s.table.buy_in);
    $("leave").disabled = inHand;
    $("seat-note").textContent = inHand ? "Rebuy and leave wait until your hand is over."
      : me.sitting_out ? "You are sitting out: you will not be dealt in until you sit in." : "";
  }
  $("invite-url").value = `${location.origin}/table/${encodeURIComponent(T.id)}`;
  $("chat-name").hidden = !!me;
}

function tick() {
  let end = null;
  if (T.clockEnd !== null && T.state && T.state.hand && T.state.hand.phase !== "done") end = T.clockEnd;
  else if (T.choiceEnd && T.state && T.state.choice) end = T.choiceEnd;
  let text = "";
  const nodes = document.querySelectorAll(".countdown");
  if (end !== null) {
    const left = Math.max(0, (end - performance.now()) / 1000);
    text = `${Math.ceil(left)}s`;
    nodes.forEach((node) => node.classList.toggle("short", left < 8));
  }
  nodes.forEach((node) => { node.textContent = text; });
}

// ---- controls ----

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const tag = (event.target && event.target.tagName) || "";
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const press = (...ids) => {
    for (const id of ids) {
      const button = document.querySelector(`#actions [data-testid="${id}"]`);
      if (button && !button.disabled) { button.click(); event.preventDefault(); return; }
    }
  };
  const key = event.key.toLowerCase();
  if (key === "f") press("fold");
  else if (key === "c") press("check", "call");
  else if (key === "r" || key === "b") press("bet");
  else if (key === "d") press("discard");
  else if (key === "p") press("stand-pat");
}

async function join(event) {
  event.preventDefault();
  showError("");
  const player = $("join-name").value.trim();
  if (!player) { showError("Type your name to take a seat."); return; }
  try {
    const body = { player };
    if ($("join-password").value) body.password = $("join-password").value;
    if (T.state && T.state.host && T.state.host.you && T.token) body.host_token = T.token; // (hosts on)
    const answer = await api(`/api/tables/${encodeURIComponent(T.id)}/join`, body);
    localStorage.setItem(tokenKey(), answer.token);
    localStorage.setItem("splitpot.name", player);
    T.token = answer.token;
    if (location.search) history.replaceState(null, "", location.pathname);
    reconnectNow();
  } catch (err) {
    showError(`Could not join: ${err.message}`);
  }
}

function start() {
  const watch = new URLSearchParams(location.search).has("watch");
  T.token = watch ? null : localStorage.getItem(tokenKey());
  $("invite-url").value = `${location.origin}/table/${encodeURIComponent(T.id)}`;
  $("join-name").value = localStorage.getItem("splitpot.name") || "";
  $("join-form").addEventListener("submit", join);
  $("copy-invite").addEventListener("click", copyInvite);
  $("sit-out").addEventListener("click", () => request("sit_out"));
  $("sit-in").addEventListener("click", () => request("sit_in"));
  // (Rebuy, with its chosen amount: table-host.js)
  $("leave").addEventListener("click", leaveSeat);
  $("chat-form").addEventListener("submit", sendChat);
  $("chat-name").value = localStorage.getItem("splitpot.name") || "";
  $("chat-hide").addEventListener("change", () => {
    localStorage.setItem("splitpot.hideChat", $("chat-hide").checked ? "1" : "0");
    renderChat();
  });
  document.querySelectorAll(".side-tabs .tab").forEach((button) =>
    button.addEventListener("click", () => showTab(button.dataset.tab)));
  $("ledger-csv").href = `/api/tables/${encodeURIComponent(T.id)}/ledger?format=csv`;
  showTab(["chat", "log", "ledger", "ranking"].includes(T.tab) ? T.tab : "chat");
  document.addEventListener("keydown", onKey);
  setInterval(tick, 250);
  setInterval(() => { if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send('{"type":"ping"}'); }, 25000);
  connect();
}

document.addEventListener("DOMContentLoaded", start);
