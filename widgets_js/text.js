// text.js: pure functions for the widgets' words and numbers (no DOM; unit-tested with node's
// own test runner in tests/js). Every user-facing template lives in strings.js.
import { STRINGS } from "./strings.js";

/** Fill "{name} moved" with params; an unknown {key} stays as written. */
export function fill(template, params = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) =>
    (Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole));
}

/** English plural choice: form 0 for exactly 1, form 1 otherwise (a catalog may add more). */
export function pluralForm(n) {
  return Math.abs(Number(n)) === 1 ? 0 : 1;
}

/** STRINGS[key] filled with params; a [one, many] pair is chosen by params.n. */
export function say(key, params = {}) {
  let template = STRINGS[key];
  if (template === undefined) return key;
  if (Array.isArray(template)) template = template[Math.min(template.length - 1, pluralForm(params.n))];
  return fill(template, params);
}

/** A player called "You" takes the second person: "You choose", "Your flask". */
export function isYou(name) {
  return String(name || "").trim().toLowerCase() === "you";
}

/** say(key) for a sentence about `name`: uses STRINGS[key + "_you"] when the name is "You". */
export function sayAbout(name, key, params = {}) {
  const you = isYou(name) && STRINGS[`${key}_you`] !== undefined;
  return say(you ? `${key}_you` : key, { name, ...params });
}

/** "Ada's", "Your" (for "You"). */
export function possessive(name) {
  return isYou(name) ? say("your") : fill(say("possessive"), { name });
}

/** "3 cells" with the plural form of key ({n} in its templates). */
export function count(n, key) {
  return say(key, { n });
}

/** One action's notation -> {kind, code, dest, victim, arg, codes}. */
export function parseAction(text) {
  const t = String(text || "");
  let m = /^([sgf]):([a-z]{2})>([A-Z][a-z]?)(?:\/(\d))?$/.exec(t);
  if (m) return { text: t, kind: { s: "spend", g: "gain", f: "free" }[m[1]], code: m[2], dest: m[3], victim: m[4] ? Number(m[4]) : null };
  m = /^([mx])>([A-Z][a-z]?)$/.exec(t);
  if (m) return { text: t, kind: m[1] === "m" ? "move" : "ext", dest: m[2] };
  if (t.startsWith("d:")) return { text: t, kind: "discover", arg: t.slice(2) };
  if (t.startsWith("a:")) return { text: t, kind: "agenda", arg: t.slice(2) };
  if (t.startsWith("e:")) return { text: t, kind: "take2", codes: t.slice(2).split("+") };
  if (t === "d-") return { text: t, kind: "decline" };
  if (t === "end") return { text: t, kind: "end" };
  return { text: t, kind: "unknown" };
}

/** {symbol: steps} -> [[steps, [symbols in atomic-number order]], ...] by distance. */
export function groupByDistance(reach, zOf = () => 0) {
  const groups = new Map();
  for (const [symbol, d] of Object.entries(reach || {})) {
    if (!groups.has(d)) groups.set(d, []);
    groups.get(d).push(symbol);
  }
  return [...groups].sort((a, b) => a[0] - b[0])
    .map(([d, symbols]) => [d, symbols.sort((a, b) => zOf(a) - zOf(b) || a.localeCompare(b))]);
}

/** "Increase Ionization Energy from sodium: 12 cells. 1 step: lithium, magnesium. 2 steps: …" */
export function reachAnnouncement(trendName, fromName, reach, nameOf = (s) => s, zOf = () => 0) {
  const groups = groupByDistance(reach, zOf);
  const total = groups.reduce((sum, [, symbols]) => sum + symbols.length, 0);
  const parts = [fill(say("reach_head"), { trend: trendName, from: fromName, cells: count(total, "n_cells") })];
  for (const [d, symbols] of groups) {
    parts.push(fill(say("reach_group"), { steps: count(d, "n_steps"), names: symbols.map(nameOf).join(", ") }));
  }
  return parts.join(" ");
}

/** The board's cell size in px for a container `width` px wide (18 columns): as large as fits,
 * never below `min` (touch targets; the board then scrolls) nor above `max`. */
export function cellSize(width, { min = 28, max = 46, columns = 18, gap = 2, pad = 16 } = {}) {
  const fit = Math.floor((Number(width) - pad - gap * (columns - 1)) / columns);
  if (!Number.isFinite(fit)) return max;
  return Math.max(min, Math.min(max, fit));
}

/** Does a board of `cell` px cells need its scroll region at `width` px? */
export function boardOverflows(width, cell, { columns = 18, gap = 2, pad = 16 } = {}) {
  return columns * cell + gap * (columns - 1) + pad > width;
}

/** "H2SO4" -> [["H", false], ["2", true], ["SO", false], ["4", true]] (true: subscript). */
export function formulaParts(text) {
  return String(text || "").split(/(\d+)/).filter(Boolean).map((p) => [p, /^\d+$/.test(p)]);
}

/** What an explorer's Element box means: a symbol, a name or an atomic number -> symbol or null. */
export function resolveElement(raw, cells) {
  const text = String(raw || "").trim().toLowerCase();
  if (!text) return null;
  for (const c of cells) {
    if (c.symbol.toLowerCase() === text || String(c.name).toLowerCase() === text || String(c.z) === text) return c.symbol;
  }
  return null;
}
