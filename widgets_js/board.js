// board.js: the shared drawing of the 88-cell game board (plain ES module, no dependencies).
//
// Linked into each widget's module by periodic_edu/widgets/_assets.py (anywidget loads ONE
// module per widget, so this file only declares exports and never `export default`).
//
// DOM contract (DESIGN §2): every cell has data-symbol="Na" and an aria-label. Which other
// attributes a cell carries (data-distance, aria-current, ...) is the widget's business; this
// module only draws and navigates. Its words come from text.js (say), which Python fills. Reuse, e.g. in a game widget:
//
//   const board = createBoard({ cells, fblock, name: "game", interactive: true,
//                               onActivate: (symbol) => model.send({ move: symbol }) });
//   el.append(board.root);
//   board.decorate("Na", [pe("span", { class: "pe-flask", title: "Ada's flask" })]);
//   board.setLabel("Na", "Ada's flask is here");      // appended to the cell's aria-label
//   board.cell("Na").setAttribute("aria-current", "true");
//
// The returned object: root, cell(symbol), symbols, setLabel(symbol, extra), decorate(symbol,
// nodes), clearDecorations(), focus(symbol), setTabStop(symbol), destroy().
import { say, localNumber } from "./text.js";

/** Create an element: pe("div", { class: "x", "data-a": 1 }, [child, "text"]). */
export function pe(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Set the small text of a cell part (.pe-z, .pe-val, .pe-badge). It is drawn by CSS from
 * data-text: the cell's aria-label already says it, and a label must contain a cell's visible
 * text (WCAG 2.5.3), which the number and distance around the symbol would break. */
export function setCellText(node, text) {
  if (!node) return;
  const value = text === null || text === undefined ? "" : String(text);
  if (node.getAttribute("data-text") !== value) node.setAttribute("data-text", value);
}

export function cellText(node) {
  return node ? node.getAttribute("data-text") || "" : "";
}

/** "Sodium, Na, atomic number 11" */
export function baseLabel(cell) {
  return say("cell_label", { name: cell.name, symbol: cell.symbol, z: cell.z });
}

/** Short number text: at most 4 significant digits, no trailing zeros. */
export function formatNumber(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  // below 1: three significant figures, so a gas's density reads 0.000164, never "0"
  if (abs < 1) return localNumber(String(Number(value.toPrecision(3))));
  const digits = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 10 ? 2 : 3;
  return localNumber(String(Number(value.toFixed(digits))));
}

/** A family id in words, singular ("alkali metal"; the words come from Python). */
export function familyName(id) {
  const key = `family_${id}`;
  const text = say(key);
  return text === key ? String(id || "").replace(/_/g, " ") : text;
}

function keyTarget(key, here, rows, byPos) {
  // rows: period -> cells sorted by group; byPos: symbol -> {period, index}
  const pos = byPos.get(here);
  const row = rows.get(pos.period);
  if (key === "ArrowLeft") return row[Math.max(0, pos.index - 1)].symbol;
  if (key === "ArrowRight") return row[Math.min(row.length - 1, pos.index + 1)].symbol;
  if (key === "Home") return row[0].symbol;
  if (key === "End") return row[row.length - 1].symbol;
  if (key === "ArrowUp" || key === "ArrowDown") {
    const next = rows.get(pos.period + (key === "ArrowUp" ? -1 : 1));
    if (!next) return here;
    const group = row[pos.index].group;
    let best = next[0];
    for (const c of next) {
      if (Math.abs(c.group - group) < Math.abs(best.group - group)) best = c;
    }
    return best.symbol;
  }
  return null;
}

/**
 * Draw a board.
 * options: cells (the 88 board cells: {symbol, z, period, group, name, family}),
 *   fblock ({symbol, z, row, column, name, family}: shown apart, "not on the game board"),
 *   name (data-board attribute, default "main"), label (aria-label of the grid),
 *   variant ("full" | "mini": mini cells are small swatches without text),
 *   interactive (roving tabindex, arrow keys, Enter/Space/click -> onActivate(symbol, event)).
 */
export function createBoard(options) {
  const {
    cells, fblock = [], name = "main", label = null, variant = "full",
    interactive = false, onActivate = () => {},
  } = options;
  const mini = variant === "mini";
  const tag = mini ? "span" : "div";
  const root = pe(tag, { class: `pe-board pe-board-${variant}`, "data-board": name });
  const grid = pe(tag, {
    class: "pe-grid", role: interactive ? "grid" : mini ? null : "group", "aria-label": mini ? null : (label ?? say("board_label")),
    // JupyterLab (lumino) would take the arrow keys for notebook navigation otherwise
    "data-lm-suppress-shortcuts": interactive ? "true" : null,
  });
  root.append(grid);

  const cellMap = new Map();
  const rows = new Map();
  const byPos = new Map();
  for (const c of cells) {
    if (!rows.has(c.period)) rows.set(c.period, []);
    rows.get(c.period).push(c);
  }
  for (const row of rows.values()) row.sort((a, b) => a.group - b.group);
  for (const [period, row] of rows) row.forEach((c, index) => byPos.set(c.symbol, { period, index }));
  const labels = new Map();
  const info = new Map([...cells, ...fblock].map((c) => [c.symbol, c]));

  function makeCell(c, offBoard) {
    // a mini board's cells are swatches: the board (and its button) carries the name
    const attrs = {
      class: `pe-cell${offBoard ? " pe-off-board" : ""}`,
      "data-symbol": c.symbol,
      "data-family": c.family,
      "aria-label": mini ? null : baseLabel(c) + (offBoard ? `, ${say("not_on_board")}` : ""),
      title: mini ? null : `${c.name} (${c.z})${offBoard ? ": not on the game board" : ""}`,
    };
    if (interactive && !offBoard) {
      attrs.role = "gridcell";
      attrs.tabindex = "-1";
    } else if (!mini) attrs.role = "img"; // a picture of a cell, named by its label
    const children = mini ? [] : [
      pe("span", { class: "pe-z", "aria-hidden": "true", "data-text": c.z }),
      pe("span", { class: "pe-sym", "aria-hidden": "true", text: c.symbol }),
      pe("span", { class: "pe-val", "aria-hidden": "true" }),
      pe("span", { class: "pe-badge", "aria-hidden": "true" }),
      pe("span", { class: "pe-deco", "aria-hidden": "true" }),
    ];
    const node = pe(tag, attrs, children);
    node.style.gridRow = String(offBoard ? c.row : c.period);
    node.style.gridColumn = String(offBoard ? c.column + 2 : c.group);
    cellMap.set(c.symbol, node);
    return node;
  }

  // Rows as display:contents wrappers so the grid keeps its CSS placement and ARIA rows.
  for (const [period, row] of [...rows].sort((a, b) => a[0] - b[0])) {
    const rowNode = pe(tag, { class: "pe-row", role: interactive ? "row" : null,
                              "aria-label": mini ? null : say("period_n", { n: period }) });
    for (const c of row) rowNode.append(makeCell(c, false));
    grid.append(rowNode);
  }
  if (!mini) {
    for (const [period, text] of [[6, "57–71"], [7, "89–103"]]) {
      const ph = pe(tag, { class: "pe-placeholder", "aria-hidden": "true", text,
                           title: say("fblock_title") });
      ph.style.gridRow = String(period);
      ph.style.gridColumn = "3";
      grid.append(ph);
    }
  }
  let fgrid = null;
  if (fblock.length && !mini) {
    fgrid = pe(tag, { class: "pe-grid pe-fblock", role: "group",
                      "aria-label": say("fblock_label") });
    const caption = pe(tag, { class: "pe-fblock-caption",
                              text: say("fblock_caption") });
    caption.style.gridRow = "1";
    caption.style.gridColumn = "3 / 18";
    fgrid.append(caption);
    for (const c of fblock) {
      const node = makeCell({ ...c, row: c.row + 1 }, true);
      fgrid.append(node);
    }
    root.append(fgrid);
  }

  let tabStop = null;
  function setTabStop(symbol) {
    if (!interactive || !byPos.has(symbol)) return;
    if (tabStop && cellMap.get(tabStop)) cellMap.get(tabStop).setAttribute("tabindex", "-1");
    tabStop = symbol;
    cellMap.get(symbol).setAttribute("tabindex", "0");
  }
  function focus(symbol) {
    setTabStop(symbol);
    const node = cellMap.get(symbol);
    if (node) node.focus();
  }

  const handlers = [];
  function listen(target, type, fn) {
    target.addEventListener(type, fn);
    handlers.push([target, type, fn]);
  }
  if (interactive) {
    setTabStop(cells[0].symbol);
    listen(grid, "click", (event) => {
      const node = event.target.closest("[data-symbol]");
      if (!node || !grid.contains(node)) return;
      setTabStop(node.dataset.symbol);
      onActivate(node.dataset.symbol, event);
    });
    listen(grid, "keydown", (event) => {
      const node = event.target.closest("[data-symbol]");
      if (!node) return;
      const here = node.dataset.symbol;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        onActivate(here, event);
        return;
      }
      let there = null;
      if (event.ctrlKey && event.key === "Home") there = cells[0].symbol;
      else if (event.ctrlKey && event.key === "End") there = cells[cells.length - 1].symbol;
      else there = keyTarget(event.key, here, rows, byPos);
      if (there) {
        event.preventDefault();
        event.stopPropagation(); // keep Jupyter's own shortcuts out of the board
        focus(there);
      }
    });
    listen(grid, "focusin", (event) => {
      const node = event.target.closest("[data-symbol]");
      if (node) setTabStop(node.dataset.symbol);
    });
  }

  return {
    root,
    grid,
    symbols: cells.map((c) => c.symbol),
    cell: (symbol) => cellMap.get(symbol),
    cells: cellMap,
    /** Append `extra` to the base aria-label of a cell ("" removes it). */
    setLabel(symbol, extra) {
      const node = cellMap.get(symbol);
      if (!node) return;
      const c = info.get(symbol);
      const text = extra ? `${baseLabel(c)}, ${extra}` : baseLabel(c);
      if (labels.get(symbol) !== text) {
        labels.set(symbol, text);
        node.setAttribute("aria-label", text);
      }
    },
    /** Put nodes (flasks, cubes, ...) into a cell's decoration slot. */
    decorate(symbol, nodes) {
      const slot = cellMap.get(symbol)?.querySelector(".pe-deco");
      if (slot) slot.replaceChildren(...[].concat(nodes || []));
    },
    clearDecorations() {
      for (const node of cellMap.values()) node.querySelector(".pe-deco")?.replaceChildren();
    },
    focus,
    setTabStop,
    destroy() {
      for (const [target, type, fn] of handlers) target.removeEventListener(type, fn);
      root.remove();
    },
  };
}
