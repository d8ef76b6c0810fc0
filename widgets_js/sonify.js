// sonify.js: play a row of values as pitch with Web Audio (no library, no CDN, no files: the
// tones are made by oscillators in the page, so it works offline in Voila, JupyterLab and the
// static site alike). Shared by the trend explorer and the element card.
//
// planMelody() is pure (unit-tested with node in tests/js): values -> notes on a logarithmic
// pitch scale of 200-2000 Hz, the whole melody at most 3 s, and an earcon (a short falling
// "tick" of another timbre) on every note whose value went AGAINST the expected direction
// (ionization energy across period 2: Be -> B and N -> O). playMelody() builds the audio graph.
//
// Test hook: every playMelody() records what it scheduled in window.__periodicSonify
// ({count, last: {source, notes, earcons, graph}}) and on the `host` element's data-sonify-*
// attributes, so a test reads the graph the page built instead of listening to a sound card.

import { say, count } from "./text.js";

export const SONIFY_LOW_HZ = 200;
export const SONIFY_HIGH_HZ = 2000;
export const SONIFY_MAX_SECONDS = 3;
const SONIFY_NOTE_MAX_SECONDS = 0.35;

/**
 * points: [[symbol, value], ...] in the order played; expect: +1 when the values should rise
 * along that order, -1 when they should fall, 0 for no expectation (no earcons). compare:
 * "previous" (a row: each note against the note before) or "first" (a move: each place the
 * flask can reach against where it starts).
 * -> {notes: [{symbol, value, freq, start, duration}], rests: [symbol], earcons:
 *     [{from, to, at}], seconds}. A missing value is a rest (silent), never a guessed pitch;
 *     the earcon compares a note with the last note that had a value.
 */
export function planMelody(points, expect = 0, { low = SONIFY_LOW_HZ, high = SONIFY_HIGH_HZ, seconds = SONIFY_MAX_SECONDS, compare = "previous" } = {}) {
  const known = points.filter(([, v]) => typeof v === "number" && Number.isFinite(v));
  const values = known.map(([, v]) => v);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const logScale = lo > 0; // log of the data when it can be taken, else linear in the data
  const position = (v) => {
    if (!(hi > lo)) return 0.5;
    return logScale ? (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo)) : (v - lo) / (hi - lo);
  };
  // pitch is logarithmic in frequency too: equal steps of the data sound as equal intervals
  const freqOf = (v) => low * (high / low) ** position(v);
  const step = points.length ? Math.min(SONIFY_NOTE_MAX_SECONDS, seconds / points.length) : 0;
  const notes = [];
  const rests = [];
  const earcons = [];
  let previous = null;
  points.forEach(([symbol, value], i) => {
    const start = i * step;
    if (!(typeof value === "number" && Number.isFinite(value))) { rests.push(symbol); return; }
    notes.push({ symbol, value, freq: Math.round(freqOf(value) * 10) / 10, start, duration: step * 0.8 });
    if (previous && expect && (value - previous[1]) * expect < 0) earcons.push({ from: previous[0], to: symbol, at: start });
    if (compare === "previous" || !previous) previous = [symbol, value];
  });
  return { notes, rests, earcons, seconds: points.length * step };
}

/** The words of a melody for the live region (a student who cannot hear it gets the same
 * account): what plays, how many notes, lowest and highest value (`valueText(v)` adds the
 * unit), the steps against the arrow (when `expect` is not 0) and the silent rests. */
export function melodyWords(plan, what, valueText, expect) {
  const values = plan.notes.map((n) => n.value);
  const words = [say("playing", { what, notes: count(plan.notes.length, "n_notes"),
                                  low: valueText(Math.min(...values)), high: valueText(Math.max(...values)) })];
  if (expect) {
    words.push(plan.earcons.length
      ? say("playing_against", { steps: plan.earcons.map((e) => `${e.from} → ${e.to}`).join(", ") })
      : say("playing_none_against"));
  }
  if (plan.rests.length) words.push(say("playing_rests", { symbols: plan.rests.join(", ") }));
  return words.join(" ");
}

/** The direction (+1, -1) a trend expects along a period played left to right ("period") or
 * a group played top to bottom ("group"), from the trend's arrows and sign; atomic number
 * grows both ways. */
export function expectAlong(info, axis) {
  const arrows = Array.isArray(info.arrows) ? info.arrows : [];
  if (!arrows.length) return 1;
  const [forward, backward] = axis === "period" ? ["right", "left"] : ["down", "up"];
  if (arrows.includes(forward)) return info.sign;
  if (arrows.includes(backward)) return -info.sign;
  return 0;
}

let sonifyAudio = null; // one AudioContext per page, made on the first press (autoplay rules)
let sonifyPlaying = []; // the nodes of the melody in progress, stopped when another starts

function sonifyContext() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!sonifyAudio) sonifyAudio = new Ctx();
  if (sonifyAudio.state === "suspended") sonifyAudio.resume();
  return sonifyAudio;
}

/** Stop the melody in progress (if any). */
export function stopMelody() {
  for (const node of sonifyPlaying) {
    try { node.stop(); } catch (e) { /* already stopped */ }
  }
  sonifyPlaying = [];
}

/** Play a plan from planMelody(); returns the graph recorded for the test hook. */
export function playMelody(plan, { source = "", host = null } = {}) {
  stopMelody();
  const ctx = sonifyContext();
  const graph = [];
  if (ctx) {
    const t0 = ctx.currentTime + 0.05;
    const master = ctx.createGain();
    master.gain.value = 0.25;
    master.connect(ctx.destination);
    for (const n of plan.notes) {
      const osc = ctx.createOscillator();
      const env = ctx.createGain();
      osc.type = "sine";
      osc.frequency.setValueAtTime(n.freq, t0 + n.start);
      // a soft attack and release: no click between notes
      env.gain.setValueAtTime(0, t0 + n.start);
      env.gain.linearRampToValueAtTime(1, t0 + n.start + 0.02);
      env.gain.linearRampToValueAtTime(0, t0 + n.start + n.duration);
      osc.connect(env).connect(master);
      osc.start(t0 + n.start);
      osc.stop(t0 + n.start + n.duration + 0.02);
      sonifyPlaying.push(osc);
      graph.push({ kind: "note", symbol: n.symbol, type: osc.type, freq: osc.frequency.value || n.freq, start: n.start });
    }
    for (const e of plan.earcons) {
      // another timbre and a falling pitch: "this step went the wrong way"
      const osc = ctx.createOscillator();
      const env = ctx.createGain();
      osc.type = "square";
      osc.frequency.setValueAtTime(2400, t0 + e.at);
      osc.frequency.exponentialRampToValueAtTime(600, t0 + e.at + 0.08);
      env.gain.setValueAtTime(0.35, t0 + e.at);
      env.gain.exponentialRampToValueAtTime(0.001, t0 + e.at + 0.09);
      osc.connect(env).connect(master);
      osc.start(t0 + e.at);
      osc.stop(t0 + e.at + 0.1);
      sonifyPlaying.push(osc);
      graph.push({ kind: "earcon", between: `${e.from}>${e.to}`, type: osc.type, start: e.at });
    }
  }
  const record = {
    source, audio: Boolean(ctx), seconds: plan.seconds,
    notes: plan.notes.map((n) => ({ symbol: n.symbol, freq: n.freq, start: n.start })),
    earcons: plan.earcons.map((e) => `${e.from}>${e.to}`), rests: plan.rests, graph,
  };
  const hook = window.__periodicSonify || { count: 0 };
  hook.count += 1;
  hook.last = record;
  window.__periodicSonify = hook;
  if (host) {
    host.dataset.sonifyNotes = String(record.notes.length);
    host.dataset.sonifyEarcons = record.earcons.join(" ");
    host.dataset.sonifyCount = String(hook.count);
  }
  return record;
}
