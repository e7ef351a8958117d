// The table page's sounds, synthesised with the Web Audio API (no files): a chime when it is
// your turn, a click for a bet, a sweep when a pot is pushed. The speaker button in the top
// bar mutes them; the choice is remembered in localStorage ("splitpot.sound": "off").
// table.js calls onSoundState(state) after every state.
"use strict";

const SOUND = { ctx: null, last: null, played: [] };
window.splitpotSounds = SOUND.played; // what was played (for the page's tests)

function soundMuted() { return localStorage.getItem("splitpot.sound") === "off"; }

function audio() {
  if (!SOUND.ctx) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    SOUND.ctx = new Ctx();
  }
  if (SOUND.ctx.state === "suspended") SOUND.ctx.resume().catch(() => {});
  return SOUND.ctx;
}

// One short tone: frequency (Hz) gliding to `to`, `length` seconds, at `gain`.
function tone(ctx, at, freq, to, length, gain, type) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type || "sine";
  osc.frequency.setValueAtTime(freq, at);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const SOUNDS = {
  turn: (ctx, t) => { tone(ctx, t, 660, 0, 0.12, 0.15); tone(ctx, t + 0.13, 880, 0, 0.18, 0.15); },
  bet: (ctx, t) => { tone(ctx, t, 1800, 900, 0.05, 0.12, "triangle"); },
  pot: (ctx, t) => { tone(ctx, t, 300, 900, 0.35, 0.12, "sawtooth"); tone(ctx, t + 0.05, 450, 1200, 0.3, 0.08); },
};

function playSound(kind) {
  if (soundMuted()) return;
  SOUND.played.push(kind);
  const ctx = audio();
  if (!ctx) return;
  try { SOUNDS[kind](ctx, ctx.currentTime + 0.01); } catch (e) { /* no sound: never an error */ }
}

// What changed since the last state: your turn opened, chips went in, a hand was settled.
function onSoundState(s) {
  const hand = s.hand;
  const now = {
    turn: hand && hand.legal ? `${hand.number}:${hand.legal.turn}` : null,
    pot: hand ? hand.pot : 0,
    number: hand ? hand.number : null,
    result: s.last_result ? s.last_result.number : null,
  };
  const before = SOUND.last;
  SOUND.last = now;
  if (!before) return; // (the first state of a visit: nothing new yet)
  if (now.result !== null && now.result !== before.result) playSound("pot");
  else if (now.number === before.number && now.pot > before.pot) playSound("bet");
  if (now.turn && now.turn !== before.turn) playSound("turn");
}

function drawSoundToggle() {
  const button = document.getElementById("sound-toggle");
  if (!button) return;
  const muted = soundMuted();
  button.textContent = muted ? "sound off" : "sound on";
  button.setAttribute("aria-pressed", muted ? "true" : "false");
  button.title = muted ? "Sounds are off: click to turn them on" : "Click to mute the sounds";
}

document.addEventListener("DOMContentLoaded", () => {
  const button = document.getElementById("sound-toggle");
  if (button) {
    button.addEventListener("click", () => {
      localStorage.setItem("splitpot.sound", soundMuted() ? "on" : "off");
      drawSoundToggle();
      if (!soundMuted()) audio(); // (a click lets the page make sounds)
    });
  }
  document.addEventListener("pointerdown", () => { if (!soundMuted()) audio(); }, { once: true });
  drawSoundToggle();
});
