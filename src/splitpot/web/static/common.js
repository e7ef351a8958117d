// Shared by every page: the navigation bar, cards drawn as cards (two- or four-colour),
// and JSON calls that turn the server's {"error": ...} into a thrown Error with its message.
"use strict";

const SUIT_SYMBOL = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const SUIT_NAME = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const RANK_NAME = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "deuce",
};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A card as an element: text like "As" (rank then suit letter). A face-down card: null.
function cardEl(text, extra) {
  if (!text) return el("span", { class: "card back", title: "face down", "aria-label": "face down card" });
  const rank = text.slice(0, -1), suit = text.slice(-1).toLowerCase();
  const shown = rank === "T" ? "10" : rank;
  return el(
    "span",
    {
      class: `card suit-${suit}` + (extra ? " " + extra : ""),
      dataset: { card: text },
      title: `${RANK_NAME[rank] || rank} of ${SUIT_NAME[suit] || suit}`,
    },
    el("span", { class: "rank" }, shown),
    el("span", { class: "suit" }, SUIT_SYMBOL[suit] || suit),
  );
}

function cardsEl(cards, extra) {
  return el("span", { class: "cards" }, (cards || []).map((c) => cardEl(c, extra)));
}

// Stakes in words: "1/2", "1/2 (2/4)" in fixed limit, "ante 1, 2/4 limit" in an ante game.
function stakesText(stakes, structure, forced) {
  // forced: the game's "ante" or "blinds" (a blind game may have an ante as well)
  if (!stakes) return "";
  const limit = `${stakes.small_bet}/${stakes.big_bet}`;
  const anteGame = forced ? forced === "ante" : Boolean(stakes.ante);
  if (anteGame) return `ante ${stakes.ante}, ${structure === "fixed-limit" ? `${limit} limit` : `bets ${limit}`}`;
  let text = `${stakes.small_blind}/${stakes.big_blind}`;
  const ante = { "big-blind": "big-blind ante", button: "button ante" }[stakes.ante_rule] || "ante";
  if (stakes.ante) text += `, ${ante} ${stakes.ante}`;
  if (stakes.straddle) text += `, straddle ${stakes.straddle}`;
  if (structure === "fixed-limit") text += ` (${limit})`;
  return text;
}

function fourColour() {
  return localStorage.getItem("splitpot.fourColour") === "1";
}

function setFourColour(on) {
  localStorage.setItem("splitpot.fourColour", on ? "1" : "0");
  document.body.classList.toggle("four-colour", on);
}

async function api(path, body, method) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  }
  return data;
}

function navBar(active) {
  const links = [["/", "Lobby"], ["/history", "Hand history"], ["/lab", "Showdown lab"], ["/advisor", "Advisor"], ["/charts", "Charts"], ["/learn", "Learn"], ["/practice", "Practice"]];
  const toggle = el("input", { type: "checkbox", id: "four-colour", checked: fourColour() });
  toggle.addEventListener("change", () => setFourColour(toggle.checked));
  return el(
    "nav", { class: "topnav" },
    el("a", { href: "/", class: "brand" }, "splitpot"),
    links.map(([href, label]) => el("a", { href, class: href === active ? "active" : null }, label)),
    el("label", { class: "toggle", for: "four-colour" }, toggle, " four-colour deck"),
  );
}

document.addEventListener("DOMContentLoaded", () => {
  document.body.classList.toggle("four-colour", fourColour());
  const slot = document.getElementById("nav");
  if (slot) slot.replaceWith(navBar(slot.dataset.active || location.pathname));
});
