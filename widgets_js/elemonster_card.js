// elemonster_card.js: the full Elemonster card (the legend of ELEMONSTER §1), shared by the
// ElemonsterWidget (its hand and table) and ElementCard(style="elemonster").
//
// Draws the card data Python sends (periodic_edu/widgets/_elemonster_payload.py); every word
// comes from Python, in the widget's language (`text`: the "elemonster" catalog's words, a
// plural as {one, few, many, other}; `lang`, `decimalMark`). A symbol is shown as a glyph AND
// a text label, so a screen reader reads "heart (essential to life) ×3", never a picture name.
import { pe, formatNumber } from "./board.js";
import { fill } from "./text.js";

// symbol id -> glyph (decoration only: aria-hidden, the label beside it says what it is).
// Every glyph is drawn by the font the package ships (fonts/periodic-symbols.ttf); the shield
// is a pentagon because no free font we ship draws U+26E8 (it showed as an empty box).
const GLYPHS = {
  heart: "♥", skull: "☠", crown: "♛", neutral: "◯", radioactive: "☢", magnetic: "∩",
  flammable: "♨", hard: "◆", material: "⚙", semiconductor: "▦", corrosive: "⚗", shield: "⬟",
};

// the language of the card being drawn (set by elemonsterCard for its own drawing)
let EM_MARK = ".";
let EM_LANG = "en";

function num(v) {
  return v === null || v === undefined ? null : String(formatNumber(v)).replace(/[.,]/, EM_MARK);
}

/** text[key] filled with params; a plural text ({one, few, ...}) is chosen by params.n. */
export function emText(text, key, params = {}, lang = EM_LANG) {
  let t = (text || {})[key];
  if (t === undefined || t === null) return key;
  if (typeof t === "object") {
    const cat = new Intl.PluralRules(lang).select(Math.abs(Number(params.n)) || 0);
    t = Array.isArray(t) ? t[Number(params.n) === 1 ? 0 : 1] : (t[cat] ?? t.other ?? Object.values(t)[0]);
  }
  return fill(t, params);
}

/** A multiplier card (x2, x3, x4). */
function multiplierCard(data, text) {
  return pe("div", { class: "em-card em-card-mult", "data-card": data.id, role: "group",
                     "aria-label": emText(text, "multiplier", { k: data.multiplier }) }, [
    pe("div", { class: "em-mult-big", "aria-hidden": "true", text: `×${data.multiplier}` }),
    pe("p", { class: "em-small", text: emText(text, "multiplier_text", { k: data.multiplier }) }),
  ]);
}

/** The property symbols as a list: glyph (hidden) + text label. */
export function emSymbolList(data, text, symbolInfo = {}) {
  const labels = data.symbol_labels || [];
  if (!labels.length) return pe("p", { class: "em-small em-nosym", text: text.no_symbols });
  const ids = Object.keys(data.symbols || {}).filter((s) => data.symbols[s]);
  return pe("ul", { class: "em-symbols", "aria-label": text.symbols },
    ids.map((s, i) => pe("li", { class: "em-symbol", "data-symbol-id": s,
                                 title: (symbolInfo[s] || [])[1] || null }, [
      pe("span", { class: "em-glyph", "aria-hidden": "true", text: GLYPHS[s] || "•" }),
      ` ${labels[i]}`,
    ])));
}

/**
 * The Elemonster card of `data` (one card payload).
 * options: text (the words in the card's language), symbols (id -> [label, meaning]), sources
 * (field -> {unit, source, citation}), lang and decimalMark (of the words), compact (the
 * hand's small card: values, shell, symbols), full (every legend field with units and sources).
 */
export function elemonsterCard(data, { text = {}, symbols = {}, sources = {}, compact = false,
                                       lang = "en", decimalMark = "." } = {}) {
  if (!data) return pe("div", { class: "em-card" });
  EM_MARK = decimalMark;
  EM_LANG = lang;
  if (data.multiplier) return multiplierCard(data, text);
  const refs = new Map();
  const sup = (field) => {
    const info = sources[field];
    if (compact || !info || !info.source) return null;
    if (!refs.has(info.source)) refs.set(info.source, { n: refs.size + 1, citation: info.citation });
    return pe("sup", { class: "em-ref", title: info.citation || "", text: `[${refs.get(info.source).n}]` });
  };
  const unit = (field) => ((sources[field] || {}).unit ? ` ${(sources[field] || {}).unit}` : "");
  const valueText = (field, v, missing = text.unknown) => (v === null || v === undefined ? missing : `${num(v)}${unit(field)}`);

  const head = pe("div", { class: "em-card-head" }, [
    pe("span", { class: "em-z", title: "Z", text: data.z }),
    pe("span", { class: "em-sym", text: data.symbol }),
    pe("span", { class: "em-name", text: data.name }),
  ]);
  const duel = pe("div", { class: "em-duel-values" }, [
    pe("div", { class: "em-attack", "data-field": "attack" }, [
      pe("span", { class: "em-label", text: text.attack }),
      pe("strong", { text: data.attack === null ? text.unknown : num(data.attack) }),
      pe("span", { class: "em-small", text: text.attack_hint }), sup("attack"),
    ]),
    pe("div", { class: "em-defence", "data-field": "defence" }, [
      pe("span", { class: "em-label", text: text.defence }),
      pe("strong", { text: data.defence === null ? text.unknown : num(data.defence) }),
      pe("span", { class: "em-small", text: text.defence_hint }), sup("defence"),
    ]),
  ]);
  const gapsText = emText(text, "n_gaps", { n: data.gaps });
  const shellText = emText(text, "shell_text", { outer: data.outer, cap: data.cap, gaps: gapsText });
  const dots = pe("span", { class: "em-shell-dots", "aria-hidden": "true" });
  for (let i = 0; i < data.cap; i++) dots.append(pe("span", { class: i < data.outer ? "em-dot em-on" : "em-dot" }));
  const shell = pe("div", { class: "em-shell", "data-field": "shell",
                            "aria-label": emText(text, "shell_aria", { symbol: data.symbol, gaps: gapsText,
                                                 electrons: emText(text, "n_electrons", { n: data.outer }) }),
                            role: "group" }, [
    pe("span", { class: "em-label", "aria-hidden": "true", text: text.shell }), dots,
    pe("span", { "aria-hidden": "true", text: ` ${shellText}` }), sup("shells"),
  ]);
  const kind = pe("p", { class: "em-kind", "data-field": "kind", "data-kind": data.kind },
    [`${text.kind}: ${data.kind_text}`]);
  const parts = [head, duel, shell, kind, emSymbolList(data, text, symbols)];
  if (!compact) {
    const where = data.group === null || data.group === undefined
      ? emText(text, "no_group", data) : emText(text, "group_period", data);
    const yes = (b) => (b === null || b === undefined ? text.not_listed : b ? text.yes : text.no);
    const rows = [
      [text.mass, valueText("mass", data.mass), "mass"],
      [text.melting, valueText("mp", data.mp, text.not_listed), "mp"],
      [text.boiling, valueText("bp", data.bp, text.not_listed), "bp"],
      [text.state, data.state || text.not_listed, "state"],
      [text.year, data.year === null || data.year === undefined ? text.antiquity
        : data.year < 0 ? emText(text, "year_bce", { year: -data.year }) : String(data.year), "year"],
      [text.body, valueText("body", data.body, text.not_listed), "body"],
      [text.flame, data.flame_colour || text.not_listed, "flame_colour"],
      [text.alchemy, data.alchemy || text.not_listed, "alchemy"],
      [text.native, yes(data.native), "native"],
    ];
    parts.push(pe("p", { class: "em-small", text: where }));
    parts.push(pe("div", { class: "em-facts", role: "list" }, rows.map(([label, value, field]) =>
      pe("div", { class: "em-fact", role: "listitem" }, [
        pe("span", { class: "em-fact-label", text: `${label}: ` }),
        pe("span", { "data-field": field }, [value, sup(field)]),
      ]))));
    const meanings = Object.keys(data.symbols || {}).filter((s) => data.symbols[s]).map((s) =>
      pe("li", { "data-symbol-id": s }, [`${(symbols[s] || [s])[0]}: ${(symbols[s] || ["", ""])[1]}`, sup(`symbol_${s}`)]));
    if (meanings.length) parts.push(pe("ul", { class: "em-meanings em-small" }, meanings));
    parts.push(pe("p", { class: "em-small em-note", text: text.values_note }));
    parts.push(pe("details", { class: "em-sources" }, [
      pe("summary", { text: `${text.sources} [1–${refs.size}]` }),
      pe("ol", {}, [...refs.entries()].map(([source, { n, citation }]) =>
        pe("li", { value: n }, [source, citation ? ` — ${citation}` : ""]))),
    ]));
  }
  return pe("article", { class: compact ? "em-card em-compact" : "em-card em-full",
                         "data-card": data.symbol, "data-kind": data.kind,
                         "aria-label": emText(text, "card_of", data) }, parts);
}

/** ElementCard(style="elemonster"): the element card widget drawing the full Elemonster card. */
export function renderElemonsterCard({ model, el }) {
  const root = pe("div", { class: "pe-root em-root", "data-widget": "element-card", lang: "en" });
  const errorBox = pe("p", { class: "pe-error", "data-role": "error", role: "alert", hidden: true });
  el.append(root);
  function update() {
    const d = model.get("elemonster") || {};
    const info = model.get("elemonster_text") || {};
    root.dataset.cardSymbol = d.symbol || "";
    root.lang = info.lang || "en";
    root.replaceChildren(elemonsterCard(d, { text: info.text || {}, symbols: info.symbols || {},
                                             sources: info.sources || {}, lang: info.lang || "en",
                                             decimalMark: info.decimal_mark || "." }), errorBox);
    root.dataset.ready = "true";
  }
  function showError() {
    errorBox.textContent = model.get("error") || "";
    errorBox.hidden = !errorBox.textContent;
  }
  model.on("change:elemonster", update);
  model.on("change:elemonster_text", update);
  model.on("change:error", showError);
  update();
  showError();
  return () => root.remove();
}
