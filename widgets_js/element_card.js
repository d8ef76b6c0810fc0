// element_card.js: the ElementCard widget (anywidget ES module; no bundler, no CDN).
//
// Shows the `element` trait Python sends (one element's real data) with units and sources.
// A value nobody knows is "—" with a note, never a number. Root: data-card-symbol="Fe".
import { withStrings } from "./language.js";
import { pe, formatNumber, familyName } from "./board.js";
import { say } from "./text.js";
import { renderElemonsterCard } from "./elemonster_card.js";
import { planMelody, playMelody, melodyWords } from "./sonify.js";
import { inSentence } from "./cell_describe.js";

const SVG = "http://www.w3.org/2000/svg";
const T_MAX = 6000; // K: the thermometer's top (W boils at about 5800 K)
const ROOM = 298.15; // K

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
}

// field -> the key of its note when missing (labels: say("fact_<field>"))
const FACTS = [
  ["atomic_mass", "missing_unknown"],
  ["electronegativity_pauling", "missing_not_measured"],
  ["electronegativity_allen", "missing_not_measured"],
  ["ionization_energy_ev", "missing_not_measured"],
  ["atomic_radius_pm", "missing_not_calculated"],
  ["covalent_radius_pm", "missing_not_measured"],
  ["electron_affinity_ev", "missing_not_measured"],
  ["density_g_cm3", "missing_not_measured"],
  ["discovery_year", "missing_antiquity"],
];
// One line under the facts (say("en_scales")): the two electronegativity scales are not the
// same quantity.

// Python's notes on one field (why it is empty, or what another source gives). The value cell
// keeps one line: a gap shows its short reason there ("no stable anion"); the whole note, with
// its citation as a tooltip, goes on a wrapping line of its own under the fact.
const NOTE_LINE_STYLE = { whiteSpace: "normal", padding: "0 0 2px 12px" };
const notesOf = (e, field) => ((e.notes || {})[field]) || [];
const shortNote = (text) => text.split(/[:;]/)[0];

function noteSpans(e, field, missingNote) {
  if (missingNote === null) return [];
  const gap = notesOf(e, field).find((n) => n.kind === "gap");
  return [pe("span", { class: "pe-note", "data-note-kind": gap ? "gap" : "default",
                       text: ` (${gap ? shortNote(gap.note) : missingNote})` })];
}

function noteLines(e, field) {
  return notesOf(e, field)
    .filter((n) => n.kind !== "gap" || shortNote(n.note) !== n.note)
    .map((n) => pe("div", { class: "pe-note pe-fact-note", role: "listitem", "data-note-for": field,
                            "data-note-kind": n.kind, title: n.citation, style: NOTE_LINE_STYLE,
                            text: n.note }));
}

function shellDrawing(symbol, shells) {
  const size = 200;
  const c = size / 2;
  const n = shells.length;
  const inner = 22;
  const outer = c - 8;
  const gap = n > 1 ? (outer - inner) / (n - 1) : 0;
  const title = say("shells_title", { symbol, shells: shells.join(", ") });
  const root = svg("svg", {
    class: "pe-shells", viewBox: `0 0 ${size} ${size}`, width: size, height: size,
    role: "img", "aria-label": title,
  }, [svg("title", {}, [document.createTextNode(title)])]);
  shells.forEach((count, i) => {
    const r = n > 1 ? inner + i * gap : (inner + outer) / 2;
    root.append(svg("circle", { class: "pe-shell-ring", cx: c, cy: c, r, fill: "none" }));
    for (let k = 0; k < count; k++) {
      const a = -Math.PI / 2 + (2 * Math.PI * k) / count;
      root.append(svg("circle", {
        class: "pe-electron", cx: (c + r * Math.cos(a)).toFixed(2),
        cy: (c + r * Math.sin(a)).toFixed(2), r: count > 24 ? 2 : 2.6,
      }));
    }
  });
  root.append(svg("circle", { class: "pe-nucleus", cx: c, cy: c, r: 15 }));
  const label = svg("text", { class: "pe-nucleus-label", x: c, y: c + 4, "text-anchor": "middle" });
  label.textContent = symbol;
  root.append(label);
  return root;
}

// The successive ionization energies as a small chart (log scale: 5 eV to 10 000 eV on one
// card), each point coloured by the shell its electron leaves, a dashed line at every leap the data
// show with its ratio (a dotted one where the shell changes without a leap: 4s/3d). The SVG is role="img" with the whole story as its label, and
// the numbers are in a table under it (a text alternative that a screen reader can walk).
const IE_W = 300;
const IE_H = 150;
const IE_PAD = { left: 42, right: 8, top: 12, bottom: 24 };
const SHELL_FILL = ["#1f4e79", "#b03a2e", "#1e7b34", "#7d3c98", "#8a5a00"]; // shells 1-5, AA on white

function ionizationChart(symbol, data) {
  const box = pe("section", { class: "pe-ie", "data-role": "ionization" });
  if (!data || !data.energies || !data.energies.length) {
    box.append(pe("p", { class: "pe-note", "data-role": "ionization-none", text: say("ie_none") }));
    return box;
  }
  const values = data.energies;
  const n = values.length;
  const lo = Math.floor(Math.log10(Math.min(...values)));
  const hi = Math.ceil(Math.log10(Math.max(...values)));
  const plotW = IE_W - IE_PAD.left - IE_PAD.right;
  const plotH = IE_H - IE_PAD.top - IE_PAD.bottom;
  const x = (i) => IE_PAD.left + (n === 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (v) => IE_PAD.top + plotH * (1 - (Math.log10(v) - lo) / Math.max(1, hi - lo));
  // jumps: the leaps the data show (a shell change, or a sub-shell one within a shell);
  // quiet: shell changes with no leap (4s/3d), drawn dotted and said in words
  const jumps = data.jumps || [];
  const quiet = data.quiet || [];
  const leapText = (j) => j.from === j.to
    ? say("ie_leap_subshell", { n: j.after, ratio: formatNumber(j.ratio), from: j.from_sub, to: j.to_sub })
    : say("ie_jump_item", { n: j.after, ratio: formatNumber(j.ratio), from: j.from, to: j.to });
  const jumpText = jumps.length ? jumps.map(leapText).join("; ") : say("ie_no_jumps");
  const quietText = quiet.map((j) => " " + say("ie_quiet_shell", { n: j.after, ratio: formatNumber(j.ratio), from: j.from, to: j.to })).join("");
  const summary = say("ie_summary", { symbol, count: n, first: formatNumber(values[0]),
                                      last: formatNumber(values[n - 1]), jumps: jumpText }) + quietText;
  const title = say("ie_title", { symbol });
  const chart = svg("svg", { class: "pe-ie-chart", viewBox: `0 0 ${IE_W} ${IE_H}`, width: IE_W,
                             height: IE_H, role: "img", "aria-label": summary },
    [svg("title", {}, [document.createTextNode(summary)])]);
  for (let p = lo; p <= hi; p++) {  // one grid line per power of ten
    const yy = y(10 ** p).toFixed(1);
    chart.append(svg("line", { x1: IE_PAD.left, x2: IE_W - IE_PAD.right, y1: yy, y2: yy,
                               stroke: "#767676", "stroke-width": 0.5 }));
    const t = svg("text", { x: IE_PAD.left - 3, y: Number(yy) + 3, "text-anchor": "end", "font-size": 11, fill: "#333" });
    t.textContent = formatNumber(10 ** p);
    chart.append(t);
  }
  for (const j of jumps) {
    const xx = ((x(j.after - 1) + x(j.after)) / 2).toFixed(1);
    chart.append(svg("line", { class: "pe-ie-jump", "data-after": j.after, x1: xx, x2: xx,
                               y1: IE_PAD.top, y2: IE_PAD.top + plotH, stroke: "#b03a2e",
                               "stroke-dasharray": "3 2", "stroke-width": 1 }));
    const t = svg("text", { x: Number(xx) + 2, y: IE_PAD.top + 9, "font-size": 11, fill: "#8b1e12" });
    t.textContent = `×${formatNumber(j.ratio)}`;  // a ratio, no words to translate
    chart.append(t);
  }
  for (const j of quiet) {
    const xx = ((x(j.after - 1) + x(j.after)) / 2).toFixed(1);
    chart.append(svg("line", { class: "pe-ie-shell", "data-after": j.after, x1: xx, x2: xx,
                               y1: IE_PAD.top + 12, y2: IE_PAD.top + plotH, stroke: "#767676",
                               "stroke-dasharray": "1 2", "stroke-width": 1 }));
  }
  chart.append(svg("polyline", { points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
                                 fill: "none", stroke: "#555", "stroke-width": 1 }));
  values.forEach((v, i) => {
    const shell = (data.shells || [])[i] || 1;
    chart.append(svg("circle", { class: "pe-ie-point", "data-stage": i + 1, "data-shell": shell,
                                 cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: n > 20 ? 2 : 3,
                                 fill: SHELL_FILL[(shell - 1) % SHELL_FILL.length] }));
  });
  const axis = svg("text", { x: IE_PAD.left + plotW / 2, y: IE_H - 6, "text-anchor": "middle", "font-size": 11, fill: "#333" });
  axis.textContent = say("ie_stage_axis");
  chart.append(axis);
  const table = pe("table", { class: "pe-ie-table" }, [
    pe("caption", { text: title }),
    pe("thead", {}, [pe("tr", {}, [
      pe("th", { scope: "col", text: say("ie_col_stage") }),
      pe("th", { scope: "col", text: say("ie_col_energy") }),
      pe("th", { scope: "col", text: say("ie_col_shell") }),
    ])]),
    pe("tbody", {}, values.map((v, i) => pe("tr", { "data-jump": jumps.some((j) => j.after === i) ? "true" : null }, [
      pe("th", { scope: "row", text: String(i + 1) }),
      pe("td", { text: formatNumber(v) }),
      pe("td", { text: String((data.shells || [])[i] ?? "") }),
    ]))),
  ]);
  box.append(
    pe("h3", { class: "pe-ie-title", style: { fontSize: "1em", margin: "8px 0 2px" },
               text: `${title} (${say("ie_axis")})` }),
    chart,
    pe("p", { class: "pe-note", "data-role": "ionization-jumps", title: data.citation || null, text: summary }),
    pe("details", { class: "pe-ie-values" }, [pe("summary", { text: say("ie_table") }), table]),
  );
  return box;
}

function kelvinText(k) {
  if (k === null || k === undefined) return "—";
  return `${formatNumber(k)} K (${formatNumber(Number((k - 273.15).toFixed(1)))} °C)`;
}

function thermometer(melt, boil, state) {
  const pct = (k) => `${(Math.min(k, T_MAX) / T_MAX * 100).toFixed(2)}%`;
  const bar = pe("div", { class: "pe-thermo-bar", "aria-hidden": "true" });
  if (melt === null || melt === undefined) {
    bar.append(pe("div", { class: "pe-thermo-seg pe-nodata", style: { left: "0%", width: "100%" } }));
  } else {
    const low = Math.min(melt, boil ?? melt);
    const high = Math.max(melt, boil ?? melt);
    bar.append(pe("div", { class: "pe-thermo-seg pe-solid", style: { left: "0%", width: pct(low) } }));
    if (boil !== null && boil !== undefined && boil > melt) {
      bar.append(pe("div", { class: "pe-thermo-seg pe-liquid",
                             style: { left: pct(melt), width: `calc(${pct(boil)} - ${pct(melt)})` } }));
    }
    if (boil !== null && boil !== undefined) {
      bar.append(pe("div", { class: "pe-thermo-seg pe-gas",
                             style: { left: pct(high), width: `calc(100% - ${pct(high)})` } }));
    } else {
      bar.append(pe("div", { class: "pe-thermo-seg pe-nodata",
                             style: { left: pct(melt), width: `calc(100% - ${pct(melt)})` } }));
    }
    bar.append(pe("div", { class: "pe-thermo-mark pe-melt", style: { left: pct(melt) } }));
    if (boil !== null && boil !== undefined) {
      bar.append(pe("div", { class: "pe-thermo-mark pe-boil", style: { left: pct(boil) } }));
    }
  }
  bar.append(pe("div", { class: "pe-thermo-room", style: { left: pct(ROOM) }, title: "25 °C" }));
  const ticks = pe("div", { class: "pe-thermo-ticks", "aria-hidden": "true" });
  for (let k = 0; k <= T_MAX; k += 1000) {
    ticks.append(pe("span", { style: { left: pct(k) }, text: k === 0 ? "0 K" : `${k / 1000}k` }));
  }
  const stateText = state ? say("state_at", { state: say(`state_${state}`) }) : say("state_unknown");
  return pe("div", { class: "pe-thermo", "data-role": "thermometer", "data-state": state || "" }, [
    pe("div", { class: "pe-thermo-legend" }, [
      pe("span", { class: "pe-melt-text", "data-field": "melting_point_k" },
        [`${say("melts")} `, melt !== null && melt !== undefined ? kelvinText(melt)
          : boil !== null && boil !== undefined ? `— (${say("no_melt")})` : `— (${say("missing_not_measured")})`]),
      pe("span", { class: "pe-boil-text", "data-field": "boiling_point_k" },
        [`${say("boils")} `, boil === null || boil === undefined ? `— (${say("missing_not_measured")})` : kelvinText(boil)]),
    ]),
    bar, ticks,
    pe("div", { class: "pe-thermo-state", "data-field": "state_at_25c", text: stateText }),
  ]);
}

// Hear the card element's period and group (issue 33): the first ionization energy as pitch,
// with an earcon where it dips against the periodic trend (Python's `sound` trait: rows and
// the direction the trend expects; widgets/_a11y_payload.card_rows). Off until pressed; the
// live region says in words what the melody plays.
function soundRow(sound, sources, root) {
  if (!sound || !sound.period) return null;
  const live = pe("p", { class: "pe-sr", "aria-live": "polite", "data-role": "card-sound-said" });
  const unit = (sources[sound.field] || {}).unit || "";
  const label = inSentence(say(`fact_${sound.field}`));
  const play = (axis) => {
    const row = sound[axis];
    const plan = planMelody(row.points, row.expect);
    playMelody(plan, { source: `card:${axis}:${root.dataset.cardSymbol}`, host: root });
    const what = say(axis === "period" ? "what_period" : "what_group", { what: label, n: row.n });
    live.textContent = melodyWords(plan, what, (x) => `${formatNumber(x)}${unit ? ` ${unit}` : ""}`, row.expect);
  };
  const buttons = ["period", "group"].filter((axis) => sound[axis]).map((axis) => {
    const b = pe("button", { type: "button", class: "pe-play", "data-play": axis,
                             text: say(axis === "period" ? "play_period" : "play_group", { n: sound[axis].n }) });
    b.addEventListener("click", () => play(axis));
    return b;
  });
  return pe("div", { class: "pe-sound pe-card-sound", "data-role": "card-sound", role: "group", "aria-label": say("sound_group") },
    [...buttons, live]);
}

function render({ model, el }) {
  if (model.get("card_style") === "elemonster") return renderElemonsterCard({ model, el });
  const root = pe("article", { class: "pe-card", "data-widget": "element-card" });
  const errorBox = pe("p", { class: "pe-error", "data-role": "error", role: "alert", hidden: true });
  el.append(root);

  function sourceRefs() {
    const sources = model.get("sources") || {};
    const refs = new Map(); // source text -> number
    const refOf = (field) => {
      const info = sources[field];
      if (!info || !info.source) return null;
      if (!refs.has(info.source)) refs.set(info.source, { n: refs.size + 1, citation: info.citation });
      return refs.get(info.source).n;
    };
    return { sources, refs, refOf };
  }

  function update() {
    const e = model.get("element") || {};
    if (!e.symbol) return;
    const { sources, refs, refOf } = sourceRefs();
    const unit = (f) => (sources[f] || {}).unit || "";
    const sup = (f) => {
      const n = refOf(f);
      return n ? pe("sup", { class: "pe-ref", title: (sources[f] || {}).citation || "" , text: `[${n}]` }) : null;
    };
    root.dataset.cardSymbol = e.symbol;
    root.dataset.family = e.family || "";
    root.setAttribute("aria-label", say("card_label", { name: e.name }));

    const facts = pe("div", { class: "pe-card-facts", role: "list" });
    for (const [field, noteKey] of FACTS) {
      const label = say(`fact_${field}`);
      const note = say(noteKey);
      const v = e[field];
      const missing = v === null || v === undefined;
      const u = unit(field);
      let text;
      if (missing) text = "—";
      else if (field === "discovery_year") text = v < 0 ? say("year_bce", { year: -v }) : String(v);
      else text = `${formatNumber(v)}${u ? " " + u : ""}`;
      facts.append(pe("div", { class: "pe-fact", role: "listitem" }, [
        pe("span", { class: "pe-fact-label", text: label }),
        pe("span", { class: "pe-fact-value", "data-field": field, "data-missing": missing ? "true" : null,
                     title: (sources[field] || {}).citation || null }, [
          text, ...noteSpans(e, field, missing ? note : null), sup(field),
        ]),
      ]), ...noteLines(e, field));
    }

    const position = e.group === null || e.group === undefined
      ? say("position_fblock", { period: e.period }) : say("position", { period: e.period, group: e.group });
    const header = pe("header", { class: "pe-card-head", "data-family": e.family }, [
      pe("div", { class: "pe-card-z", "data-field": "atomic_number", title: say("atomic_number"), text: e.atomic_number }),
      pe("div", { class: "pe-card-symbol", "data-field": "symbol", text: e.symbol }),
      pe("div", { class: "pe-card-name", "data-field": "name", text: e.name }),
      pe("div", { class: "pe-card-family", "data-field": "family" },
        [pe("span", { class: "pe-family-chip", "data-family": e.family, "aria-hidden": "true" }), ` ${familyName(e.family)}`]),
      pe("div", { class: "pe-card-pos", "data-field": "period" }, [position,
        pe("div", { class: "pe-onboard", text: say(e.on_board ? "on_board" : "not_on_board") })]),
    ]);
    const shells = e.shells || [];
    header.append(pe("div", { class: "pe-card-shells", "data-field": "shells" }, [shellDrawing(e.symbol, shells)]));
    const config = pe("p", { class: "pe-config", "data-field": "electron_configuration" }, [
      `${say("electrons")} `, pe("code", { text: e.electron_configuration || "—" }),
      ` · ${say("shells_list", { shells: shells.join(", ") })}`,
      e.valence_electrons === null || e.valence_electrons === undefined ? "" : ` · ${say("valence_n", { n: e.valence_electrons })}`,
      ...notesOf(e, "electron_configuration").map((n) =>
        pe("span", { class: "pe-note", "data-note-kind": n.kind, title: n.citation, text: ` — ${n.note}` })),
      sup("electron_configuration"),
    ]);
    const thermo = thermometer(e.melting_point_k, e.boiling_point_k, e.state_at_25c);
    const meltRef = sup("melting_point_k");
    if (meltRef) thermo.querySelector(".pe-melt-text").append(meltRef);
    const boilRef = sup("boiling_point_k");
    if (boilRef) thermo.querySelector(".pe-boil-text").append(boilRef);
    const footer = pe("details", { class: "pe-card-sources", "data-role": "sources" }, [
      pe("summary", { text: say("sources_n", { n: refs.size }) }),
      pe("ol", {}, [...refs.entries()].map(([source, { n, citation }]) =>
        pe("li", { value: n }, [source, citation ? pe("span", { class: "pe-citation", text: ` — ${citation}` }) : null]))),
    ]);
    const scales = pe("p", { class: "pe-note pe-en-scales", "data-role": "en-scales", text: say("en_scales") });
    root.replaceChildren(
      header,
      facts,
      scales,
      thermo,
      config,
      ionizationChart(e.symbol, model.get("ionization")),
      soundRow(model.get("sound"), sources, root),
      footer,
      errorBox,
    );
  }

  function showError() {
    const text = model.get("error") || "";
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  model.on("change:element", update);
  model.on("change:ionization", update);
  model.on("change:sound", update);
  model.on("change:error", showError);
  update();
  showError();
  root.dataset.ready = "true";
  return () => {
    model.off("change:element", update);
    model.off("change:ionization", update);
    model.off("change:sound", update);
    model.off("change:error", showError);
    root.remove();
  };
}

export default { render: withStrings(render) };
