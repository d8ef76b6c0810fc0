// trend_chart.js: the TrendChart widget (anywidget ES module; no bundler, no CDN: the imports
// below are inlined by periodic_edu.widgets._assets.esm). Every word comes from Python, in the
// widget's language (the `strings` trait; see text.js).
//
// Draws the `series` trait Python sends (periodic_edu.widgets.trend_chart.trend_series): a
// property across a period or down a group, the game's arrow above the plot, each step
// coloured by what the data does against the arrow. The SVG has a <title> and <desc>; the
// same numbers follow as a table. The drawing is laid out in real pixels for the width it
// gets (ResizeObserver), so text stays readable at 360 px. The browser only asks for changes
// (`property`, `along`, `number`); Python checks them and sends the new series.

import { say, localNumber, language } from "./text.js";
import { withStrings } from "./language.js";

const SVG = "http://www.w3.org/2000/svg";

const TEXT = {
  get property() { return say("chart_property"); },
  get along() { return say("chart_along"); },
  get period() { return say("chart_period"); },
  get group() { return say("chart_group"); },
  number: (along) => say(along === "period" ? "chart_number_period" : "chart_number_group"),
  get table() { return say("chart_table"); },
  get element() { return say("element"); },
  get step() { return say("chart_step"); },
  get noData() { return say("no_data"); },
  source: (source) => say("source_is", { source }),
  get legendAgrees() { return say("chart_with_arrow"); },
  get legendAgainst() { return say("chart_against_arrow"); },
  get legendEqual() { return say("chart_equal"); },
  verdict: {
    get agrees() { return say("chart_with_arrow"); },
    get disagrees() { return say("chart_against_arrow"); },
    get equal() { return say("chart_equal"); },
    get unknown() { return say("no_data"); },
    null: "",
  },
  announce: (s) => `${s.title}. ${s.desc}`,
};

const MARK = { disagrees: "✗", equal: "=" };

let uid = 0;

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function html(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function niceTicks(lo, hi, count = 5) {
  if (lo === hi) { lo -= 1; hi += 1; }
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) || raw;
  const ticks = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
    ticks.push(Number(v.toPrecision(12)));
  }
  return ticks;
}

function tickFormat(ticks) {
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : 1;
  const decimals = Math.max(0, Math.min(4, Math.ceil(-Math.log10(step) + 1e-9)));
  const fixed = (v) => v.toFixed(decimals + (String(step).includes("25") ? 1 : 0));
  return (v) => localNumber(Math.abs(v) >= 1000 ? v.toFixed(0) : fixed(v));
}

function fmt(value) {
  if (value === null || value === undefined) return TEXT.noData;
  const abs = Math.abs(value);
  return localNumber(abs >= 1000 ? value.toFixed(0) : abs >= 100 ? value.toFixed(1)
    : abs >= 10 ? value.toFixed(2) : value.toFixed(3));
}

function draw(series, width) {
  const id = `pe-chart-${++uid}`;
  const narrow = width < 480;
  const W = Math.max(300, Math.round(width));
  const H = narrow ? 300 : 340;
  const m = { l: narrow ? 58 : 66, r: 22, t: narrow ? 62 : 46, b: 58 };
  const points = series.points || [];
  const known = points.filter((p) => p.value !== null);
  const values = known.map((p) => p.value);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const ticks = values.length ? niceTicks(lo, hi, narrow ? 4 : 5) : [0, 1];
  const y0 = Math.min(ticks[0], lo);
  const y1 = Math.max(ticks[ticks.length - 1], hi);
  const x = (i) => m.l + (points.length > 1 ? (i * (W - m.l - m.r)) / (points.length - 1) : 0);
  const y = (v) => m.t + (H - m.t - m.b) * (1 - (v - y0) / (y1 - y0 || 1));

  const root = svg("svg", {
    class: "pe-chart-svg", width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-labelledby": `${id}-title ${id}-desc`,
  });
  root.append(svg("title", { id: `${id}-title` }, series.title));
  root.append(svg("desc", { id: `${id}-desc` }, series.desc));
  const defs = svg("defs");
  const head = svg("marker", {
    id: `${id}-head`, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7,
    markerHeight: 7, orient: "auto-start-reverse",
  });
  head.append(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "pe-chart-arrowhead" }));
  defs.append(head);
  root.append(defs);

  // y axis: grid, ticks, the label with its unit
  const tickText = tickFormat(ticks);
  for (const t of ticks) {
    root.append(svg("line", { class: "pe-chart-grid", x1: m.l, x2: W - m.r, y1: y(t), y2: y(t) }));
    root.append(svg("text", { class: "pe-chart-tick", x: m.l - 6, y: y(t) + 4,
                              "text-anchor": "end" }, tickText(t)));
  }
  root.append(svg("text", {
    class: "pe-chart-axis-label", transform: `translate(13 ${(m.t + H - m.b) / 2}) rotate(-90)`,
    "text-anchor": "middle",
  }, series.y_label));
  // x axis: symbols' positions and numbers
  points.forEach((p, i) => {
    root.append(svg("text", { class: "pe-chart-tick", x: x(i), y: H - m.b + 16,
                              "text-anchor": "middle" }, String(p.x)));
  });
  root.append(svg("text", { class: "pe-chart-axis-label", x: (m.l + W - m.r) / 2, y: H - 12,
                            "text-anchor": "middle" }, series.x_label));

  // the game's arrow, above the plot
  if (series.arrow) {
    const right = series.arrow.direction === "right";
    const [xa, xb] = right ? [m.l + 4, W - m.r - 4] : [W - m.r - 4, m.l + 4];
    const ya = m.t - 16;
    root.append(svg("line", { class: "pe-chart-arrow", x1: xa, x2: xb, y1: ya, y2: ya,
                              "marker-end": `url(#${id}-head)` }));
    const label = svg("text", { class: "pe-chart-arrow-text", "text-anchor": "middle" });
    // on a narrow screen the sentence takes two lines: "<trend>:" and "rises this way"
    const parts = narrow ? series.arrow.text.split(/(?<=:) /) : [series.arrow.text];
    parts.forEach((part, k) => {
      label.append(svg("tspan", { x: (m.l + W - m.r) / 2,
                                  y: ya - 10 - 16 * (parts.length - 1 - k) }, part));
    });
    root.append(label);
  }

  // the steps, coloured by verdict, then the points on top
  const steps = series.steps || [];
  steps.forEach((s, i) => {
    const a = points[i];
    const b = points[i + 1];
    if (a.value === null || b.value === null) return;
    const verdict = s.verdict || "none";
    const line = svg("line", {
      class: `pe-chart-step pe-chart-step-${verdict}`, x1: x(i), y1: y(a.value),
      x2: x(i + 1), y2: y(b.value), "data-step": `${s.from}>${s.to}`, "data-verdict": verdict,
    });
    line.append(svg("title", {}, `${s.from} → ${s.to}: ${fmt(s.before)} → ${fmt(s.after)} `
      + `${series.unit} (${TEXT.verdict[s.verdict] || ""})`));
    root.append(line);
    if (MARK[verdict]) {
      const mx = (x(i) + x(i + 1)) / 2;
      const my = (y(a.value) + y(b.value)) / 2;
      root.append(svg("text", { class: `pe-chart-mark pe-chart-mark-${verdict}`, x: mx,
                                y: my - 6, "text-anchor": "middle", "aria-hidden": "true" },
                      MARK[verdict]));
    }
  });
  points.forEach((p, i) => {
    const group = svg("g", { class: "pe-chart-point", "data-symbol": p.symbol });
    if (p.value === null) {
      group.append(svg("text", { class: "pe-chart-nodata", x: x(i), y: H - m.b - 6,
                                 "text-anchor": "middle" }, TEXT.noData));
      group.append(svg("text", { class: "pe-chart-symbol", x: x(i), y: H - m.b - 20,
                                 "text-anchor": "middle" }, p.symbol));
    } else {
      const dot = svg("circle", { cx: x(i), cy: y(p.value), r: 4.5 });
      dot.append(svg("title", {}, `${p.name} (${p.symbol}): ${fmt(p.value)} ${series.unit}`));
      group.append(dot);
      group.append(svg("text", { class: "pe-chart-symbol", x: x(i), y: y(p.value) - 9,
                                 "text-anchor": "middle" }, p.symbol));
    }
    root.append(group);
  });
  return root;
}

function table(series) {
  const wrap = html("details", { class: "pe-chart-table" });
  wrap.append(html("summary", {}, TEXT.table));
  const t = html("table");
  const head = html("tr");
  const axis = TEXT.number(series.along === "period" ? "group" : "period");
  for (const h of [TEXT.element, axis, `${series.y_label}`, TEXT.step]) {
    head.append(html("th", { scope: "col" }, h));
  }
  const thead = html("thead");
  thead.append(head);
  t.append(thead);
  const body = html("tbody");
  (series.points || []).forEach((p, i) => {
    const row = html("tr", { "data-symbol": p.symbol });
    row.append(html("th", { scope: "row" }, `${p.symbol} ${p.name}`));
    row.append(html("td", {}, String(p.x)));
    row.append(html("td", {}, fmt(p.value)));
    const s = i > 0 ? series.steps[i - 1] : null;
    row.append(html("td", s && s.verdict ? { "data-verdict": s.verdict } : {},
                    s && s.verdict ? `${s.from} → ${s.to}: ${TEXT.verdict[s.verdict]}` : ""));
    body.append(row);
  });
  t.append(body);
  wrap.append(t);
  return wrap;
}

function legend(series) {
  const list = html("ul", { class: "pe-chart-legend" });
  if (!series.arrow) return list;
  for (const [verdict, words, mark] of [["agrees", TEXT.legendAgrees, "—"],
                                        ["disagrees", TEXT.legendAgainst, "✗"],
                                        ["equal", TEXT.legendEqual, "="]]) {
    const item = html("li", { "data-verdict": verdict });
    item.append(html("span", { class: `pe-chart-key pe-chart-key-${verdict}`,
                               "aria-hidden": "true" }, mark));
    item.append(document.createTextNode(` ${words}`));
    list.append(item);
  }
  return list;
}

function render({ model, el }) {
  const root = html("div", { class: "pe-chart", "data-widget": "trend-chart", lang: language() });
  const controls = html("div", { class: "pe-chart-controls" });
  const propLabel = html("label", {}, `${TEXT.property} `);
  const select = html("select", { "data-role": "property" });
  for (const [value, label] of model.get("choices") || []) {
    select.append(html("option", { value }, label));
  }
  propLabel.append(select);
  const alongBox = html("div", { role: "group", "aria-label": TEXT.along,
                                 class: "pe-chart-along" });
  const alongButtons = ["period", "group"].map((along) => {
    const b = html("button", { type: "button", "data-along": along }, TEXT[along]);
    b.addEventListener("click", () => {
      model.set("along", along);
      model.save_changes();
    });
    alongBox.append(b);
    return b;
  });
  const numLabel = html("label", {});
  const numText = document.createTextNode("");
  const number = html("input", { type: "number", min: 1, step: 1, "data-role": "number" });
  numLabel.append(numText, " ", number);
  controls.append(propLabel, alongBox, numLabel);

  const error = html("p", { class: "pe-chart-error", role: "alert" });
  const figure = html("figure", { class: "pe-chart-figure" });
  const live = html("p", { class: "pe-chart-live", "aria-live": "polite" });
  root.append(controls, error, figure, live);
  el.append(root);

  select.addEventListener("change", () => {
    model.set("property", select.value);
    model.save_changes();
  });
  number.addEventListener("change", () => {
    model.set("number", Number(number.value));
    model.save_changes();
  });

  let width = 640;
  function update() {
    const series = model.get("series") || {};
    const along = model.get("along");
    select.value = model.get("property");
    alongButtons.forEach((b) => b.setAttribute("aria-pressed",
      String(b.dataset.along === along)));
    numText.textContent = TEXT.number(along);
    number.max = along === "period" ? 7 : 18;
    number.value = String(model.get("number"));
    error.textContent = model.get("error") || "";
    error.hidden = !model.get("error");
    root.dataset.property = series.property || "";
    root.dataset.along = series.along || "";
    root.dataset.number = String(series.number || "");
    figure.replaceChildren(draw(series, width), legend(series));
    const caption = html("figcaption", { class: "pe-chart-source" });
    caption.textContent = TEXT.source(series.source || "");
    figure.append(caption, table(series));
  }
  function seriesChanged() {
    update();
    live.textContent = TEXT.announce(model.get("series") || {});
  }
  const observer = new ResizeObserver((entries) => {
    const w = Math.min(760, Math.floor(entries[0].contentRect.width));
    if (w > 0 && Math.abs(w - width) > 8) {
      width = w;
      update();
    }
  });
  observer.observe(root);
  model.on("change:series", seriesChanged);
  model.on("change:error", update);
  model.on("change:along", update);
  model.on("change:number", update);
  update();
  return () => {
    observer.disconnect();
    model.off("change:series", seriesChanged);
    model.off("change:error", update);
    model.off("change:along", update);
    model.off("change:number", update);
  };
}

export default { render: withStrings(render) };
