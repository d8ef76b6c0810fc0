// static_model.js: a widget model with no kernel behind it, for the static dashboard's
// Explore trends and Element cards tabs.
//
// The widgets' own ES modules (widgets_js/trend_explorer.js, element_card.js) draw those tabs
// before Python has started: they get a StaticModel instead of anywidget's kernel-backed model.
// It offers what a widget uses of anywidget's model API (get, set, on, off, save_changes,
// send), holding the state Python's widget would sync: the site build writes it
// (scripts/build_site.py, dashboard-data-<lang>.json) from the widgets themselves.
//
// What Python does with a browser's write (periodic_edu/widgets/_base.py, IntentWidget's
// set_state) is done here on save_changes: a write to a trait that is no intent is refused; an
// intent is accepted only if the data names it (a board cell, a trend, a property, steps
// 1..8), stored normalized, and a refused one keeps the old value with `error` saying why, in
// the catalog's words (the build writes the templates). The set of valid values comes from the
// same data the widget draws, never from a second copy of a rule.
import { fill, resolveElement } from "../widgets_js/text.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A value in an error message as Python's echo() writes a short one: a string quoted. */
export function echo(value) {
  if (typeof value === "string") {
    // eslint-disable-next-line no-control-regex
    const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g,
      (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`);
    const cut = clean.length > 80 ? `${clean.slice(0, 80)}… (${value.length} chars)` : clean;
    return cut.includes("'") && !cut.includes('"') ? `"${cut}"` : `'${cut}'`;
  }
  if (typeof value === "number" || typeof value === "boolean") return value === true ? "True" : value === false ? "False" : String(value);
  if (value === null || value === undefined) return "None";
  return Array.isArray(value) ? `a list of ${value.length} items` : `a ${typeof value}`;
}

export class StaticModel {
  /** state: the widget's synced traits; intents: name -> check(value) -> {value} or
   * {refused: text}; refusals: the catalog's templates (read_only). */
  constructor(state, intents = {}, refusals = {}) {
    this.state = { ...state };
    this.intents = intents;
    this.refusals = refusals;
    this.listeners = new Map();
    this.unsaved = new Map(); // name -> the value before the view's first unsaved write
    this.accepted = []; // callbacks: (values accepted by save_changes) => void
  }

  get(name) {
    return this.state[name];
  }

  /** A view's write (anywidget: kept until save_changes sends it). */
  set(name, value) {
    if (!this.unsaved.has(name)) this.unsaved.set(name, this.state[name]);
    this.update({ [name]: value });
  }

  /** Several traits at once, then their change events (as one message from Python: the
   * language's words and the names they go with arrive together). */
  update(values) {
    const changed = [];
    for (const [name, value] of Object.entries(values)) {
      if (same(this.state[name], value)) continue;
      this.state[name] = value;
      changed.push(name);
    }
    for (const name of changed) this.emit(`change:${name}`, this.state[name]);
    if (changed.length) this.emit("change");
  }

  on(event, callback) {
    for (const name of String(event).split(/\s+/)) {
      if (!this.listeners.has(name)) this.listeners.set(name, new Set());
      this.listeners.get(name).add(callback);
    }
  }

  off(event, callback) {
    for (const name of String(event || "").split(/\s+/)) {
      if (!name) this.listeners.clear();
      else if (callback) this.listeners.get(name)?.delete(callback);
      else this.listeners.delete(name);
    }
  }

  emit(name, value) {
    for (const callback of [...(this.listeners.get(name) || [])]) callback(value);
  }

  /** Check the view's writes as Python's IntentWidget.set_state does. */
  save_changes() {
    const written = [...this.unsaved];
    this.unsaved.clear();
    const problems = [];
    const after = {};
    const accepted = {};
    for (const [name, before] of written) {
      const value = this.state[name];
      const check = this.intents[name];
      if (!check) {
        problems.push(fill(this.refusals.read_only || "{name} is read-only", { name: echo(name) }));
        after[name] = before;
        continue;
      }
      const result = check(value);
      if (Object.hasOwn(result, "refused")) {
        problems.push(`${name}: ${result.refused}`);
        after[name] = before;
      } else {
        accepted[name] = result.value;
        if (!same(result.value, value)) after[name] = result.value; // normalized: the truth
      }
    }
    if (problems.length) after.error = problems.join("; ");
    else if (Object.keys(accepted).length) after.error = "";
    this.update(after);
    if (Object.keys(accepted).length) for (const callback of this.accepted) callback(accepted);
  }

  /** Custom messages: none of the static tabs' widgets takes one (Python says the same). */
  send() {
    this.update({ error: this.refusals.no_messages || "" });
  }
}

/** The TrendExplorer's four intents, checked against the data the build wrote (`data`: one
 * language's dashboard-data file). */
export function explorerIntents(data) {
  const t = data.refusals;
  const cells = data.explorer.cells;
  const trends = data.explorer.trend_info.map((x) => x.id);
  const properties = data.explorer.properties.map((p) => p.id);
  const offBoard = data.off_board; // [[symbol, name, z], ...]: La-Lu, Ac-Lr
  return {
    symbol(value) {
      if (typeof value !== "string" || !value.trim() || value.length > 32) {
        return { refused: fill(t.want_cell, { value: echo(value) }) };
      }
      const found = resolveElement(value, cells);
      if (found) return { value: found };
      const text = value.trim().toLowerCase();
      const off = offBoard.find(([symbol, name, z]) => symbol.toLowerCase() === text
        || String(name).toLowerCase() === text || String(z) === text);
      return { refused: off ? fill(t.f_block, { value: off[0] }) : fill(t.unknown_symbol, { value: echo(value.trim()) }) };
    },
    trend(value) {
      return trends.includes(value) ? { value }
        : { refused: fill(t.unknown_trend, { value: echo(value), choices: trends.join(", ") }) };
    },
    steps(value) {
      const n = Number(value);
      return typeof value === "number" && Number.isInteger(n) && n >= 1 && n <= data.max_steps ? { value: n }
        : { refused: fill(t.want_steps, { max: data.max_steps, value: echo(value) }) };
    },
    property(value) {
      return value === "" || properties.includes(value) ? { value }
        : { refused: fill(t.unknown_property, { value: echo(value), choices: properties.join(", ") }) };
    },
  };
}
