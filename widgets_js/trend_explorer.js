// trend_explorer.js: the TrendExplorer widget (anywidget ES module; no bundler, no CDN).
//
// Python ships the reach table and the element data once; everything a click changes is
// computed here, so highlighting needs no kernel round trip. The browser writes only the
// intents symbol / trend / steps / property; Python validates them and answers with `error`.
//
// DOM contract (DESIGN §2): main-board cells [data-board="main"] [data-symbol] carry
// data-distance="k" when reachable and exactly one has aria-current="true"; trend controls
// carry data-trend="<id>"; the five-trend overview uses data-overview-distance instead.
// The root exposes data-last-highlight-ms (click -> DOM updated and laid out) for tests.
import { pe, createBoard, baseLabel, formatNumber, familyName } from "./board.js";

const ARROWS = { up: "↑", down: "↓", left: "←", right: "→" };

// viridis, 9 stops (matplotlib's), interpolated linearly.
const VIRIDIS = [
  [68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141],
  [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37],
];

function viridis(t) {
  const x = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const rgb = VIRIDIS[i].map((a, k) => Math.round(a + (VIRIDIS[i + 1][k] - a) * f));
  const light = (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) > 150;
  return { css: `rgb(${rgb.join(",")})`, text: light ? "#111" : "#fff" };
}

function stepsText(k) {
  return `${k} step${k === 1 ? "" : "s"}`;
}

function arrowsOf(info) {
  if (info.id === "atomic_number") return "±Z";
  return info.directions.split(" and ").map((d) => ARROWS[d] || d).join("");
}

function render({ model, el }) {
  const started = performance.now();
  const cells = model.get("cells");
  const fblock = model.get("fblock");
  const table = model.get("reach_table");
  const columns = model.get("elements");
  const trendInfo = model.get("trend_info");
  const properties = model.get("properties");
  const trendById = new Map(trendInfo.map((t) => [t.id, t]));
  const propById = new Map(properties.map((p) => [p.id, p]));
  const indexOf = new Map(columns.symbol.map((s, i) => [s, i]));
  const onBoard = new Set(cells.map((c) => c.symbol));
  const folded = new Map(cells.map((c) => [c.symbol.toLowerCase(), c.symbol]));
  const allCells = [...cells, ...fblock];

  const value = (field, symbol) => {
    if (field === "atomic_number") return indexOf.get(symbol) + 1;
    const column = columns[field];
    return column ? column[indexOf.get(symbol)] : null;
  };
  const unitOf = (field) => (propById.get(field) || {}).unit || "";
  const labelOf = (field) =>
    field === "atomic_number" ? "Atomic number" : (propById.get(field) || { label: field }).label;
  const withUnit = (v, field) => {
    const unit = unitOf(field);
    return v === null || v === undefined ? "no data" : `${formatNumber(v)}${unit ? " " + unit : ""}`;
  };

  const root = pe("div", { class: "pe-explorer", "data-widget": "trend-explorer" });

  // ---- controls ------------------------------------------------------------------------
  const symbolInput = pe("input", {
    class: "pe-symbol-input", "data-role": "symbol-input", type: "text", size: 4,
    autocomplete: "off", spellcheck: "false", "aria-label": "Element symbol",
    "data-lm-suppress-shortcuts": "true",
  });
  const trendButtons = trendInfo.map((t) => pe("button", {
    type: "button", class: "pe-trend", "data-trend": t.id, "aria-pressed": "false",
    title: `${t.name}: steps ${t.directions}`,
  }, [pe("span", { class: "pe-arrows", "aria-hidden": "true", text: arrowsOf(t) }), " ", t.name]));
  const stepsInput = pe("input", {
    type: "range", min: 1, max: 8, step: 1, "data-role": "steps", "aria-label": "Steps",
  });
  const stepsOut = pe("output", { class: "pe-steps-out", "aria-hidden": "true" });
  const propertySelect = pe("select", { "data-role": "property", "aria-label": "Overlay" }, [
    pe("option", { value: "", text: "none" }),
    ...properties.map((p) => pe("option", { value: p.id, text: p.unit ? `${p.label} (${p.unit})` : p.label })),
  ]);
  const errorBox = pe("p", { class: "pe-error", "data-role": "error", role: "alert", hidden: true });

  const controls = pe("div", { class: "pe-controls" }, [
    pe("label", { class: "pe-control" }, ["Element ", symbolInput]),
    pe("div", { class: "pe-trends", role: "group", "aria-label": "Trend" }, trendButtons),
    pe("label", { class: "pe-control", title: "A movement is 1–5 steps; the +3 Spaces tile extends it up to 8" },
      ["Steps ", stepsInput, stepsOut]),
    pe("label", { class: "pe-control" }, ["Overlay ", propertySelect]),
  ]);

  // ---- the main board --------------------------------------------------------------------
  let pendingStart = null;
  const board = createBoard({
    cells, fblock, name: "main", label: "Game board: choose an element", interactive: true,
    onActivate: (symbol) => choose(symbol),
  });
  const legend = pe("div", { class: "pe-legend", "data-role": "legend" });
  const status = pe("p", { class: "pe-status", "aria-live": "polite", "data-role": "status" });
  const report = pe("section", { class: "pe-report", "data-role": "report",
                                 "aria-label": "What the real data does" });

  // ---- the five-trend overview (small multiples) ----------------------------------------------
  const minis = trendInfo.map((t) => {
    const mini = createBoard({ cells, name: "overview", variant: "mini",
                               label: `Overview: ${t.name}` });
    const count = pe("span", { class: "pe-mini-count" });
    const button = pe("button", {
      type: "button", class: "pe-mini", "data-overview-trend": t.id, "aria-pressed": "false",
    }, [pe("span", { class: "pe-mini-title" }, [arrowsOf(t), " ", t.name]), mini.root, count]);
    return { trend: t.id, board: mini, button, count, shown: new Map(), current: null };
  });
  const overview = pe("div", { class: "pe-overview", "data-role": "overview" }, [
    pe("p", { class: "pe-overview-title", text: "All five trends at once (click one to choose it)" }),
    pe("div", { class: "pe-minis" }, minis.map((m) => m.button)),
  ]);

  root.append(
    controls, errorBox,
    pe("div", { class: "pe-main" }, [
      pe("div", { class: "pe-board-column" }, [board.root, legend]),
      pe("div", { class: "pe-side" }, [status, report]),
    ]),
    overview,
  );
  el.append(root);

  // ---- state -> DOM ------------------------------------------------------------------------
  let lastGood = onBoard.has(model.get("symbol")) ? model.get("symbol") : cells[0].symbol;
  const shown = new Map(); // symbol -> distance string shown ("" if none)
  let shownCurrent = null;
  let shownProperty = null;
  let highlightCount = 0;

  function reachOf(symbol, trend, steps) {
    const all = (table[symbol] || {})[trend] || {};
    const out = [];
    for (const [target, d] of Object.entries(all)) if (d <= steps) out.push([target, d]);
    return out;
  }

  function paintOverlay(prop) {
    board.root.classList.toggle("pe-overlay", Boolean(prop));
    const values = prop ? allCells.map((c) => value(prop, c.symbol)) : [];
    const known = values.filter((v) => v !== null && v !== undefined);
    const lo = Math.min(...known);
    const hi = Math.max(...known);
    allCells.forEach((c, i) => {
      const node = board.cell(c.symbol);
      const valNode = node.querySelector(".pe-val");
      if (!prop) {
        node.style.removeProperty("background");
        node.style.removeProperty("color");
        node.classList.remove("pe-nodata");
        node.removeAttribute("data-value");
        valNode.textContent = "";
        return;
      }
      const v = values[i];
      if (v === null || v === undefined) {
        node.style.removeProperty("background");
        node.style.removeProperty("color");
        node.classList.add("pe-nodata");
        node.setAttribute("data-value", "");
        valNode.textContent = "no data";
      } else {
        const colour = viridis(hi > lo ? (v - lo) / (hi - lo) : 0.5);
        node.style.background = colour.css;
        node.style.color = colour.text;
        node.classList.remove("pe-nodata");
        node.setAttribute("data-value", String(v));
        valNode.textContent = formatNumber(v);
      }
    });
    legend.replaceChildren();
    legend.dataset.property = prop || "";
    if (prop) {
      const info = propById.get(prop);
      legend.append(
        pe("span", { class: "pe-legend-title", text: `${info.label}${info.unit ? " (" + info.unit + ")" : ""}` }),
        pe("span", { class: "pe-legend-lo", text: formatNumber(lo) }),
        pe("span", { class: "pe-legend-bar", "aria-hidden": "true" }),
        pe("span", { class: "pe-legend-hi", text: formatNumber(hi) }),
        pe("span", { class: "pe-legend-nodata" }, [pe("span", { class: "pe-swatch pe-nodata", "aria-hidden": "true" }), " no data"]),
        pe("span", { class: "pe-legend-source", title: info.citation || "", text: info.source ? `Source: ${info.source}` : "" }),
      );
    } else {
      legend.append(pe("span", { class: "pe-legend-title", text: "Reachable in" }));
      for (let k = 1; k <= 8; k++) {
        legend.append(pe("span", { class: "pe-legend-step", "data-legend-distance": k },
          [pe("span", { class: "pe-swatch", "aria-hidden": "true" }), ` ${k}`]));
      }
      legend.append(pe("span", { class: "pe-legend-step pe-legend-chosen" },
        [pe("span", { class: "pe-swatch", "aria-hidden": "true" }), " chosen"]));
    }
  }

  function cellLabel(symbol, d, prop) {
    const parts = [];
    if (symbol === lastGood) parts.push("chosen");
    else if (d) parts.push(`reachable in ${stepsText(Number(d))}`);
    if (prop) parts.push(`${labelOf(prop).toLowerCase()} ${withUnit(value(prop, symbol), prop)}`);
    return parts.join(", ");
  }

  function renderReport(symbol, trend, steps, reach) {
    const info = trendById.get(trend);
    const prop = info.property;
    const start = value(prop, symbol);
    const region = new Set([symbol, ...reach.map(([s]) => s)]);
    let agrees = 0, disagrees = 0, unknown = 0;
    const items = reach.map(([target, d]) => {
      const after = value(prop, target);
      let verdict = "unknown";
      if (start !== null && start !== undefined && after !== null && after !== undefined) {
        let sign = info.sign;
        if (trend === "atomic_number" && after < start) sign = -1;
        verdict = after === start ? "equal" : (after - start) * sign > 0 ? "agrees" : "disagrees";
      }
      if (verdict === "agrees") agrees++;
      else if (verdict === "disagrees") disagrees++;
      else if (verdict !== "equal") unknown++;
      const mark = { agrees: "✓", disagrees: "✗", equal: "=" }[verdict] || "?";
      return pe("li", { "data-report-symbol": target, "data-verdict": verdict, class: `pe-${verdict}` },
        [pe("span", { class: "pe-mark", "aria-hidden": "true", text: mark }),
         ` ${target} · ${stepsText(d)} · ${withUnit(after, prop)}`,
         pe("span", { class: "pe-sr", text: ` (${verdict})` })]);
    });
    const stepsAgainst = info.disagreements.filter(([a, b]) => region.has(a) && region.has(b));
    const word = info.sign > 0 ? "rises" : "falls";
    report.dataset.symbol = symbol;
    report.dataset.trend = trend;
    report.dataset.reachable = String(reach.length);
    report.dataset.agrees = String(agrees);
    report.dataset.disagrees = String(disagrees);
    report.dataset.unknown = String(unknown);
    const claim = trend === "atomic_number"
      ? "Each step changes the atomic number by one, so every move agrees by construction."
      : `The arrow says ${labelOf(prop).toLowerCase()} ${word} along it. ${symbol}: ${withUnit(start, prop)}.`;
    report.replaceChildren(
      pe("h4", { text: `From ${symbol}: ${info.name}, up to ${stepsText(steps)}` }),
      pe("p", { text: `${reach.length} cell${reach.length === 1 ? "" : "s"} reachable. ${claim}` }),
      pe("p", { class: "pe-tally" }, [
        pe("span", { class: "pe-agrees", text: `✓ ${agrees} agree` }), " ",
        pe("span", { class: "pe-disagrees", text: `✗ ${disagrees} disagree` }), " ",
        pe("span", { class: "pe-unknown", text: `? ${unknown} no data` }),
      ]),
      pe("ol", { class: "pe-reach-list" }, items),
      stepsAgainst.length
        ? pe("div", { class: "pe-against" }, [
          pe("h5", { text: "Single steps inside this region that go against the arrow" }),
          pe("ul", {}, stepsAgainst.map(([a, b, before, after]) => pe("li", { "data-step": `${a}>${b}` },
            `${a} → ${b}: ${withUnit(before, prop)} → ${withUnit(after, prop)}`))),
        ])
        : pe("p", { class: "pe-against-none", text: trend === "atomic_number" ? "" :
          "No single step inside this region goes against the arrow." }),
    );
    return { agrees, disagrees, unknown };
  }

  function update() {
    const wanted = model.get("symbol");
    if (onBoard.has(wanted)) lastGood = wanted; // an unknown symbol waits for Python's answer
    const symbol = lastGood;
    const trend = trendById.has(model.get("trend")) ? model.get("trend") : trendInfo[0].id;
    let steps = Number(model.get("steps"));
    if (!(steps >= 1 && steps <= 8)) steps = 5;
    const prop = propById.has(model.get("property")) ? model.get("property") : "";

    if (prop !== shownProperty) {
      paintOverlay(prop);
      shownProperty = prop;
      shown.clear(); // labels mention the property: relabel every cell below
    }
    const reach = reachOf(symbol, trend, steps);
    const dist = new Map(reach);
    for (const c of cells) {
      const node = board.cell(c.symbol);
      const d = dist.has(c.symbol) ? String(dist.get(c.symbol)) : "";
      const key = `${d}|${c.symbol === symbol}`;
      if (shown.get(c.symbol) === key) continue;
      shown.set(c.symbol, key);
      if (d) node.setAttribute("data-distance", d);
      else node.removeAttribute("data-distance");
      node.querySelector(".pe-badge").textContent = d;
      board.setLabel(c.symbol, cellLabel(c.symbol, d, prop));
    }
    if (prop) {
      for (const c of fblock) board.setLabel(c.symbol, `not on the game board, ${cellLabel(c.symbol, "", prop)}`);
    }
    if (shownCurrent !== symbol) {
      if (shownCurrent) board.cell(shownCurrent).removeAttribute("aria-current");
      board.cell(symbol).setAttribute("aria-current", "true");
      shownCurrent = symbol;
      if (!root.contains(document.activeElement) || !board.grid.contains(document.activeElement)) {
        board.setTabStop(symbol);
      }
    }
    const pressed = (node, on) => {
      if (node.getAttribute("aria-pressed") !== String(on)) node.setAttribute("aria-pressed", String(on));
    };
    for (const b of trendButtons) pressed(b, b.dataset.trend === trend);
    for (const m of minis) pressed(m.button, m.trend === trend);
    if (stepsInput.value !== String(steps)) stepsInput.value = String(steps);
    if (stepsOut.textContent !== String(steps)) stepsOut.textContent = String(steps);
    if (propertySelect.value !== prop) propertySelect.value = prop;
    if (document.activeElement !== symbolInput) symbolInput.value = symbol;

    const tally = renderReport(symbol, trend, steps, reach);
    const name = trendById.get(trend).name;
    status.textContent = `${baseLabel(cells.find((c) => c.symbol === symbol))}: ${name} reaches ` +
      `${reach.length} cell${reach.length === 1 ? "" : "s"} in up to ${stepsText(steps)}; ` +
      `the data agrees for ${tally.agrees}, disagrees for ${tally.disagrees}.`;

    // the overview: every trend from the same element (touch only the cells that change:
    // every attribute write costs a style recalculation against the page's whole stylesheet)
    for (const m of minis) {
      const md = new Map(reachOf(symbol, m.trend, steps));
      for (const [s, d] of m.shown) {
        if (!md.has(s)) { m.board.cell(s).removeAttribute("data-overview-distance"); m.shown.delete(s); }
        else if (md.get(s) !== d) { m.board.cell(s).setAttribute("data-overview-distance", String(md.get(s))); m.shown.set(s, md.get(s)); }
      }
      for (const [s, d] of md) {
        if (!m.shown.has(s)) { m.board.cell(s).setAttribute("data-overview-distance", String(d)); m.shown.set(s, d); }
      }
      if (m.current !== symbol) {
        if (m.current) m.board.cell(m.current).classList.remove("pe-overview-current");
        m.board.cell(symbol).classList.add("pe-overview-current");
        m.current = symbol;
      }
      const text = `${md.size} cell${md.size === 1 ? "" : "s"}`;
      if (m.count.textContent !== text) m.count.textContent = text;
      m.button.setAttribute("aria-label", `Overview, ${trendById.get(m.trend).name}: ` +
        `reaches ${md.size} cells from ${symbol}`);
    }
  }

  function showError() {
    const text = model.get("error") || "";
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  function timed(fn) {
    // Measured in the browser, no kernel round trip: data-last-highlight-ms is click -> DOM
    // updated (every attribute, label and text of the board, overview and account written);
    // data-last-layout-ms is the style + layout the browser then needs for it (forced here,
    // so it is counted once instead of at the next frame).
    const start = performance.now();
    fn();
    const updated = performance.now();
    void root.offsetHeight;
    const laidOut = performance.now();
    highlightCount += 1;
    root.dataset.lastHighlightMs = (updated - start).toFixed(3);
    root.dataset.lastLayoutMs = (laidOut - updated).toFixed(3);
    root.dataset.highlightCount = String(highlightCount);
  }

  function choose(symbol) {
    timed(() => model.set("symbol", symbol)); // change:symbol -> update(), synchronously
    model.save_changes();
  }

  function setIntent(name, v) {
    timed(() => model.set(name, v));
    model.save_changes();
  }

  // ---- events --------------------------------------------------------------------------------
  symbolInput.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const raw = symbolInput.value.trim();
    const known = folded.get(raw.toLowerCase());
    if (known) choose(known);
    else { model.set("symbol", raw); model.save_changes(); } // Python refuses and says why
  });
  symbolInput.addEventListener("keydown", (event) => event.stopPropagation());
  for (const b of trendButtons) b.addEventListener("click", () => setIntent("trend", b.dataset.trend));
  for (const m of minis) m.button.addEventListener("click", () => setIntent("trend", m.trend));
  stepsInput.addEventListener("input", () => setIntent("steps", Number(stepsInput.value)));
  propertySelect.addEventListener("change", () => setIntent("property", propertySelect.value));

  for (const name of ["symbol", "trend", "steps", "property"]) model.on(`change:${name}`, update);
  model.on("change:error", showError);

  update();
  showError();
  board.setTabStop(lastGood);
  root.dataset.renderedAt = performance.now().toFixed(1);
  root.dataset.renderMs = (performance.now() - started).toFixed(1);  // this widget's own share
  root.dataset.ready = "true";

  return () => {
    board.destroy();
    for (const m of minis) m.board.destroy();
    root.remove();
  };
}

export default { render };
