// The table page's host controls and seat requests (docs/web-table.md "The host"): drawn from
// each `state` (its `host`, `request` and the table's settings), sending the host's commands
// (docs/web-protocol.md "Host commands"). table.js calls renderHost() after every state.
"use strict";

const HOST = { key: null, closing: false };

function hostSend(message) {
  showError("");
  send(message);
}

// Everyone sees who hosts and whether the game is paused; the person waiting for a seat sees
// the request's fate; the host gets the panel.
function renderHost() {
  const s = T.state;
  if (!s || !s.host) return;
  const t = s.table;
  const bits = [];
  if (s.host.name) bits.push(`Host: ${s.host.you ? "you" : s.host.name}`);
  if (t.private) bits.push("private");
  if (t.paused) bits.push("paused");
  if (t.closed) bits.push("closed");
  $("host-info").textContent = bits.join(" \u00b7 ");
  if (s.hand && s.hand.time_bank) { // the clock counts the seat's time bank now
    $("turn").append(el("span", { class: "muted small", "data-testid": "time-bank" }, " (time bank)"));
  }
  $("join-password").hidden = !t.password;
  if (t.closed) $("join-panel").hidden = true;
  renderRequest(s);
  const panel = $("host-panel");
  panel.hidden = !s.host.you || t.closed;
  if (panel.hidden) { HOST.key = null; return; }
  // (redrawn only when what it shows changes, so that a half-typed stack is not lost)
  const key = JSON.stringify([s.host, t.paused, t.private, t.seating, t.password, t.time_bank,
    t.bomb_pot_every, t.bomb_ante, t.bomb_next, t.stakes_text, t.options,
    t.clock, t.min_buy_in, t.max_buy_in, s.hand !== null,
    s.seats.map((x) => [x.kind, x.name, x.in_hand ? null : x.stack])]);
  if (key === HOST.key) return;
  HOST.key = key;
  panel.replaceChildren(el("h2", {}, "You host this table"),
    requestsBlock(s), dealingBlock(s), playersBlock(s), optionsBlock(s), closeBlock(s));
}

function renderRequest(s) {
  const req = s.request;
  $("request-panel").hidden = !req;
  if (!req) return;
  if (req.status === "refused") {
    $("request-note").textContent = "The host turned your request down.";
    localStorage.removeItem(tokenKey());
    return;
  }
  $("join-panel").hidden = true;
  $("request-note").textContent = `Waiting for the host to let ${req.name} sit down\u2026`;
}

function requestsBlock(s) {
  const list = s.host.requests || [];
  if (!list.length) return el("p", { class: "muted small" }, "No seat requests.");
  return el("div", { class: "host-block" }, el("h3", {}, "Seat requests"),
    el("ul", { class: "host-requests", "data-testid": "host-requests" }, list.map((r) =>
      el("li", { "data-request": String(r.id) }, `${r.name} `,
        el("button", { type: "button", class: "primary", "data-testid": `host-approve-${r.id}`,
          onclick: () => hostSend({ type: "approve", request: r.id }) }, "Approve"), " ",
        el("button", { type: "button", "data-testid": `host-refuse-${r.id}`,
          onclick: () => hostSend({ type: "refuse", request: r.id }) }, "Refuse")))));
}

function dealingBlock(s) {
  const paused = s.table.paused;
  return el("div", { class: "host-block row" },
    el("button", { type: "button", "data-testid": paused ? "host-resume" : "host-pause",
      onclick: () => hostSend({ type: paused ? "resume" : "pause" }) },
    paused ? "Resume dealing" : "Pause dealing"),
    el("button", { type: "button", "data-testid": "host-bomb", disabled: s.table.bomb_next || null,
      onclick: () => hostSend({ type: "bomb_pot" }) },
    s.table.bomb_next ? "Bomb pot next" : "Call a bomb pot"),
    el("span", { class: "muted small" }, paused
      ? (s.hand ? "Paused: this hand finishes, then no more." : "Paused: no hand is dealt.")
      : ""));
}

function playersBlock(s) {
  const seated = s.seats.filter((x) => x.kind !== "open");
  const pick = el("select", { "data-testid": "host-seat", "aria-label": "player" },
    seated.map((x) => el("option", { value: String(x.seat) }, `${x.name} (${x.stack})`)));
  const stack = el("input", { type: "number", min: "0", placeholder: "stack",
    "data-testid": "host-stack", "aria-label": "new stack", class: "host-stack" });
  const seat = () => Number(pick.value);
  return el("div", { class: "host-block" }, el("h3", {}, "Players"),
    el("div", { class: "row" }, pick, stack,
      el("button", { type: "button", "data-testid": "host-set-stack", onclick: () => {
        if (stack.value === "") { showError("Type the new stack first."); return; }
        hostSend({ type: "set_stack", seat: seat(), stack: Number(stack.value) });
      } }, "Set stack")),
    el("div", { class: "row" },
      el("button", { type: "button", "data-testid": "host-remove",
        onclick: () => hostSend({ type: "remove", seat: seat() }) }, "Remove"),
      el("button", { type: "button", "data-testid": "host-pass",
        onclick: () => hostSend({ type: "pass_host", seat: seat() }) }, "Make host")),
    el("p", { class: "muted small" }, "Between hands: a new stack shows in the ledger; a player removed leaves with their chips."));
}

function optionsBlock(s) {
  const t = s.table;
  const seating = el("select", { "data-testid": "host-seating", "aria-label": "who may sit" },
    el("option", { value: "anyone" }, "anyone with the link may sit"),
    el("option", { value: "approve" }, "I approve each seat"));
  seating.value = t.seating;
  const priv = el("input", { type: "checkbox", "data-testid": "host-private" });
  priv.checked = !!t.private;
  const password = el("input", { type: "password", maxlength: "128", "data-testid": "host-password",
    placeholder: t.password ? "unchanged (- removes it)" : "none", autocomplete: "new-password" });
  const bank = el("input", { type: "number", min: "0", max: "600", value: String(t.time_bank),
    "data-testid": "host-time-bank", class: "host-num" });
  const clock = el("input", { type: "number", min: "0", max: "3600", value: String(t.clock),
    "data-testid": "host-clock", class: "host-num" });
  const every = el("input", { type: "number", min: "0", max: "1000", value: String(t.bomb_pot_every || 0),
    "data-testid": "host-bomb-every", class: "host-num" });
  const ante = el("input", { type: "number", min: "0", value: String(t.bomb_ante || 0),
    "data-testid": "host-bomb-ante", class: "host-num" });
  const low = el("input", { type: "number", min: "1", value: String(t.min_buy_in),
    "data-testid": "host-min-buy-in", class: "host-num" });
  const high = el("input", { type: "number", min: "1", value: String(t.max_buy_in),
    "data-testid": "host-max-buy-in", class: "host-num" });
  const cap = el("select", { "data-testid": "host-raise-cap", "aria-label": "raise cap" },
    el("option", { value: "4" }, "a bet and three raises"),
    el("option", { value: "5" }, "a bet and four raises"));
  cap.value = String((t.options && t.options.raise_cap) || 4);
  const forced = forcedControls(t);
  const save = () => {
    const message = { type: "set_options", seating: seating.value, private: priv.checked,
      time_bank: Number(bank.value), clock: Number(clock.value),
      bomb_pot_every: Number(every.value), bomb_ante: Number(ante.value),
      min_buy_in: Number(low.value), max_buy_in: Number(high.value),
      options: { ...(t.options || {}), raise_cap: Number(cap.value) } };
    delete message.options.odd_chip; // (always high-award at a table)
    forced.into(message);
    if (password.value === "-") message.password = "";
    else if (password.value) message.password = password.value;
    hostSend(message);
  };
  return el("details", { class: "host-block", "data-testid": "host-options" },
    el("summary", {}, "Table options (between hands)"),
    el("div", {}, el("label", {}, "seats ", seating)),
    el("div", {}, el("label", {}, priv, " private (not in the lobby)")),
    el("div", {}, el("label", {}, "password ", password)),
    el("div", {}, el("label", {}, "clock ", clock, " s, time bank ", bank, " s")),
    el("div", {}, el("label", {}, "bomb pot every ", every, " hands (0: never), ante ", ante)),
    el("div", {}, el("label", {}, "buy-in from ", low, " to ", high)),
    el("div", {}, el("label", {}, "fixed limit: ", cap)),
    ...forced.rows,
    el("button", { type: "button", "data-testid": "host-save-options", onclick: save }, "Save options"));
}

// The forced bets (docs/rules.md "Betting": a straddle, a big-blind ante, in the stakes text)
// and the showdown's options (muck, run it twice): each sent only when the host changed it.
function forcedControls(t) {
  const text = t.stakes_text || "";
  const wasStraddle = /\bstraddle\b/i.test(text);
  const bbMatch = /\bbb-ante\s+(\d+)/i.exec(text);
  const wasAnte = bbMatch ? Number(bbMatch[1]) : 0;
  const options = t.options || {};
  const straddle = el("input", { type: "checkbox", "data-testid": "host-straddle" });
  straddle.checked = wasStraddle;
  const ante = el("input", { type: "number", min: "0", value: String(wasAnte),
    "data-testid": "host-bb-ante", class: "host-num", "aria-label": "big-blind ante" });
  const muck = el("input", { type: "checkbox", "data-testid": "host-muck" });
  muck.checked = !!options.muck;
  const twice = el("input", { type: "checkbox", "data-testid": "host-run-twice" });
  twice.checked = !!options.run_twice;
  const blinds = t.game.forced !== "ante" || !!t.mix;
  const rows = [];
  if (blinds) {
    rows.push(el("div", {}, el("label", {}, straddle, " straddle (twice the big blind, from 3 players)")),
      el("div", {}, el("label", {}, "big-blind ante ", ante, " (0: none)")));
  }
  rows.push(el("div", {}, el("label", {}, muck, " a hand that cannot win may be mucked")),
    el("div", {}, el("label", {}, twice, " run it twice (all in before the last card)")));
  const into = (message) => {
    message.options.muck = muck.checked;
    if (twice.checked || "run_twice" in options) message.options.run_twice = twice.checked;
    if (blinds && straddle.checked !== wasStraddle) message.straddle = straddle.checked;
    if (blinds && Number(ante.value) !== wasAnte) message.bb_ante = Number(ante.value);
  };
  return { rows, into };
}

function closeBlock(s) {
  const button = el("button", { type: "button", class: "danger", "data-testid": "host-close" },
    HOST.closing ? "Click again to close the table" : "Close the table");
  button.addEventListener("click", () => {
    if (!HOST.closing) { HOST.closing = true; button.textContent = "Click again to close the table"; return; }
    HOST.closing = false;
    hostSend({ type: "close" });
  });
  return el("div", { class: "host-block" }, button,
    el("p", { class: "muted small" }, s.hand ? "Close between hands: pause, and this hand finishes."
      : "Everyone leaves with their chips; the table leaves the lobby; its hands stay in the history."));
}

// Rebuy: a chosen amount (within the table's minimum and maximum), or a top-up to the buy-in.
document.addEventListener("DOMContentLoaded", () => {
  $("rebuy").addEventListener("click", () => {
    const amount = Number($("rebuy-amount").value);
    hostSend(amount > 0 ? { type: "rebuy", amount } : { type: "rebuy" });
  });
});
