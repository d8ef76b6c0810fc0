// trend_explorer.js: the TrendExplorer widget (anywidget ES module; no bundler, no CDN): wires
// its views (controls, board, overlay, report, overview, announcer).
//
// Python ships the reach table and the element data once; everything a click changes is
// computed here, so highlighting needs no kernel round trip. The browser writes only the
// intents symbol / trend / steps / property; Python validates them and answers with `error`.
//
// DOM contract (DESIGN §2): main-board cells [data-board="main"] [data-symbol] carry
// data-distance="k" when reachable and exactly one has aria-current="true"; trend controls
// carry data-trend="<id>"; the five-trend overview uses data-overview-distance instead.
// The root exposes data-last-highlight-ms (click -> DOM updated and laid out) for tests.
//
// Issue 33 (a student who cannot see the board): every main-board cell is described by one
// shared hidden node (aria-describedby), filled when the cell takes focus: the chosen trend's
// value and unit, its rank in its period and group (Python's `ranks`), and whether the arrow
// and the data agree on the step from the chosen cell. The "Hear the trend" row
// (explorer_sound.js) plays a period, a group or the move as pitch; "Speak aloud" speaks the
// descriptions and announcements (voicing.js). data-sonify-* on the root: the last melody.
import { withStrings } from "./language.js";
import { pe, createBoard, baseLabel, setCellText, familyName } from "./board.js";
import { say, count, reachAnnouncement } from "./text.js";
import { createAnnouncer } from "./announcer.js";
import { frameBoard } from "./board_frame.js";
import { createOverlay } from "./explorer_overlay.js";
import { createReport } from "./explorer_report.js";
import { createOverview } from "./explorer_overview.js";
import { createExplorerControls } from "./explorer_controls.js";
import { createExplorerSound } from "./explorer_sound.js";
import { describeCell, withUnit } from "./cell_describe.js";

function render({ model, el }) {
  const started = performance.now();
  const cells = model.get("cells");
  const fblock = model.get("fblock");
  const table = model.get("reach_table");
  const columns = model.get("elements");
  const trendInfo = model.get("trend_info");
  const properties = model.get("properties");
  const ranks = model.get("ranks") || {};
  const indexOf = new Map(columns.symbol.map((s, i) => [s, i]));
  const onBoard = new Set(cells.map((c) => c.symbol));
  const cellBySymbol = new Map(cells.map((c) => [c.symbol, c]));
  const propById = new Map(properties.map((p) => [p.id, p]));
  const ctx = {
    cells, trendInfo, properties, propById, allCells: [...cells, ...fblock],
    trendById: new Map(trendInfo.map((t) => [t.id, t])),
    value(field, symbol) {
      if (field === "atomic_number") return indexOf.get(symbol) + 1;
      const column = columns[field];
      return column ? column[indexOf.get(symbol)] : null;
    },
    labelOf: (field) => (field === "atomic_number" ? say("atomic_number") : (propById.get(field) || { label: field }).label),
    withUnit: (v, field) => withUnit(v, (propById.get(field) || {}).unit || ""),
    reachOf(symbol, trend, steps) {
      const all = (table[symbol] || {})[trend] || {};
      const out = [];
      for (const [target, d] of Object.entries(all)) if (d <= steps) out.push([target, d]);
      return out;
    },
  };

  // ---- views -----------------------------------------------------------------------------------
  let highlightCount = 0;
  let announceNext = false;
  const controls = createExplorerControls(ctx, {
    symbol: (symbol, known) => (known ? choose(symbol) : setIntent("symbol", symbol)),
    trend: (trend) => setIntent("trend", trend),
    steps: (steps) => setIntent("steps", steps),
    property: (prop) => setIntent("property", prop),
  });
  const board = createBoard({ cells, fblock, name: "main", label: say("explorer_board"), interactive: true, onActivate: (s) => choose(s) });
  const frame = frameBoard(board, { label: say("explorer_scroll_label"), min: 28, max: 39 });
  const legend = pe("div", { class: "pe-legend", "data-role": "legend" });
  const overlay = createOverlay(ctx, board, legend);
  // the families by shape as well as tint (periodic.css draws the same mark in each cell)
  const families = [...new Set([...cells, ...fblock].map((c) => c.family))];
  const familyLegend = pe("p", { class: "pe-family-legend", "data-role": "family-legend" }, [
    pe("span", { class: "pe-legend-title", text: say("families_legend") }),
    ...families.map((f) => pe("span", { class: "pe-family-key", "data-family": f, text: familyName(f) })),
  ]);
  const status = pe("p", { class: "pe-status", "data-role": "status" });
  const report = createReport(ctx);
  const overview = createOverview(ctx, (trend) => setIntent("trend", trend));
  const announcer = createAnnouncer();
  const sound = createExplorerSound(ctx, { host: () => root, announce });
  // what the live region says, the self-voicing speaks too (when it is on)
  function announce(text, again = false) {
    if (announcer.say(text, again)) sound.voicing.speak(text);
  }
  const descId = `pe-cell-desc-${Math.random().toString(36).slice(2, 10)}`;
  const description = pe("span", { class: "pe-sr", id: descId, "data-role": "cell-description" });
  for (const c of cells) board.cell(c.symbol).setAttribute("aria-describedby", descId);
  const errorBox = pe("p", { class: "pe-error", "data-role": "error", role: "alert", hidden: true });
  const side = pe("div", { class: "pe-side", tabindex: "0", role: "region", "aria-label": say("report_label") }, [status, report.root]);
  const root = pe("div", { class: "pe-explorer", "data-widget": "trend-explorer" }, [
    controls.root, errorBox, announcer.root, description,
    pe("div", { class: "pe-main" }, [pe("div", { class: "pe-board-column" }, [frame.root, sound.root, legend, familyLegend]), side]),
    overview.root,
  ]);
  el.append(root);

  // ---- state -> DOM ------------------------------------------------------------------------------
  let lastGood = onBoard.has(model.get("symbol")) ? model.get("symbol") : cells[0].symbol;
  const shown = new Map(); // symbol -> distance string shown ("" if none)
  let shownCurrent = null;
  let shownProperty = null;

  function cellLabel(symbol, d, prop) {
    const parts = [];
    if (symbol === lastGood) parts.push(say("chosen"));
    else if (d) parts.push(say("reachable_in_steps", { steps: count(Number(d), "n_steps") }));
    if (prop) parts.push(`${ctx.labelOf(prop).toLowerCase()} ${ctx.withUnit(ctx.value(prop, symbol), prop)}`);
    return parts.join(", ");
  }

  function update() {
    const wanted = model.get("symbol");
    if (onBoard.has(wanted)) lastGood = wanted; // an unknown symbol waits for Python's answer
    const symbol = lastGood;
    const trend = ctx.trendById.has(model.get("trend")) ? model.get("trend") : trendInfo[0].id;
    let steps = Number(model.get("steps"));
    if (!(steps >= 1 && steps <= 8)) steps = 5;
    const prop = propById.has(model.get("property")) ? model.get("property") : "";
    if (prop !== shownProperty) {
      overlay.paint(prop);
      shownProperty = prop;
      shown.clear(); // labels mention the property: relabel every cell below
    }
    const reach = ctx.reachOf(symbol, trend, steps);
    const dist = new Map(reach);
    for (const c of cells) {
      const node = board.cell(c.symbol);
      const d = dist.has(c.symbol) ? String(dist.get(c.symbol)) : "";
      const key = `${d}|${c.symbol === symbol}`;
      if (shown.get(c.symbol) === key) continue;
      shown.set(c.symbol, key);
      if (d) node.setAttribute("data-distance", d); else node.removeAttribute("data-distance");
      setCellText(node.querySelector(".pe-badge"), d);
      board.setLabel(c.symbol, cellLabel(c.symbol, d, prop));
    }
    if (prop) for (const c of fblock) board.setLabel(c.symbol, `${say("not_on_board")}, ${cellLabel(c.symbol, "", prop)}`);
    if (shownCurrent !== symbol) {
      if (shownCurrent) board.cell(shownCurrent).removeAttribute("aria-current");
      board.cell(symbol).setAttribute("aria-current", "true");
      shownCurrent = symbol;
      if (!board.grid.contains(document.activeElement)) board.setTabStop(symbol);
    }
    controls.update(symbol, trend, steps, prop);
    const tally = report.update(symbol, trend, steps, reach);
    const name = ctx.trendById.get(trend).name;
    status.textContent = say("explorer_status", {
      cell: baseLabel(cellBySymbol.get(symbol)), trend: name, cells: count(reach.length, "n_cells"),
      steps: count(steps, "n_steps"), agrees: tally.agrees, disagrees: tally.disagrees,
    });
    overview.update(symbol, trend, steps);
    sound.update(symbol, trend, steps);
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("[data-symbol]");
    if (focused && board.grid.contains(focused)) describe(focused.dataset.symbol, false);
    if (announceNext) {
      // the person chose something: say where the flask can go, grouped by distance
      announceNext = false;
      const nameOf = (s) => String(ctx.value("name", s) || s).toLowerCase();
      announce(reachAnnouncement(name, nameOf(symbol), Object.fromEntries(reach), nameOf,
        (s) => (cellBySymbol.get(s) || {}).z || 0));
    }
  }

  /** Fill the shared description for `symbol` (and speak label + description if voicing). */
  function describe(symbol, speak = true) {
    const cell = cellBySymbol.get(symbol);
    if (!cell) return;
    const trend = ctx.trendById.has(model.get("trend")) ? model.get("trend") : trendInfo[0].id;
    const info = ctx.trendById.get(trend);
    const reachable = shown.has(symbol) && shown.get(symbol).split("|")[0] !== "";
    const text = describeCell(ctx, cell, info, (ranks[info.property] || {})[symbol] || null,
      reachable && symbol !== lastGood ? lastGood : null);
    if (description.textContent !== text) description.textContent = text;
    if (speak) sound.voicing.speak(`${board.cell(symbol).getAttribute("aria-label")}. ${text}`);
  }
  function onFocus(event) {
    const node = event.target.closest("[data-symbol]");
    if (node) describe(node.dataset.symbol);
  }
  function onKey(event) {
    // P / G on a focused cell: hear its period / group (no modifier: Jupyter keeps its own)
    const node = event.target.closest("[data-symbol]");
    const key = String(event.key || "").toLowerCase();
    if (!node || event.ctrlKey || event.metaKey || event.altKey || (key !== "p" && key !== "g")) return;
    event.preventDefault();
    event.stopPropagation();
    sound.play(key === "p" ? "period" : "group", node.dataset.symbol);
  }
  board.grid.addEventListener("focusin", onFocus);
  board.grid.addEventListener("keydown", onKey);

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
    announceNext = true;
    timed(() => model.set("symbol", symbol)); // change:symbol -> update(), synchronously
    model.save_changes();
  }
  function setIntent(name, v) {
    announceNext = true;
    timed(() => model.set(name, v));
    model.save_changes();
  }

  for (const name of ["symbol", "trend", "steps", "property"]) model.on(`change:${name}`, update);
  model.on("change:error", showError);

  update();
  showError();
  board.setTabStop(lastGood);
  root.dataset.renderedAt = performance.now().toFixed(1);
  root.dataset.renderMs = (performance.now() - started).toFixed(1); // this widget's own share
  root.dataset.ready = "true";

  return () => {
    for (const name of ["symbol", "trend", "steps", "property"]) model.off(`change:${name}`, update);
    model.off("change:error", showError);
    board.grid.removeEventListener("focusin", onFocus);
    board.grid.removeEventListener("keydown", onKey);
    frame.destroy();
    board.destroy();
    overview.destroy();
    root.remove();
  };
}

export default { render: withStrings(render) };
