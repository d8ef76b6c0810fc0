// board_frame.js: puts a board in a frame that sizes its cells to the width available
// (cellSize in text.js) and, when even the smallest cells do not fit (a phone), scrolls
// sideways in a visible region that the keyboard can reach. Nothing is ever clipped.
//
// showColumns(n) zooms the board out (smaller cells, the `--pe-cell` variable) just enough
// that n neighbouring columns fit the frame's width whole, and showColumns(0) zooms it back.
// The game zooms out while a choice's reachable cells lie farther apart than a phone shows
// (issue 28: ±Z from one end of a period reaches the other end); the widths are the ones the
// frame last measured, so a zoom needs no forced layout and happens in the same paint.
import { pe } from "./board.js";
import { cellSize, boardOverflows } from "./text.js";

/** Below this a cell is too small for its number, steps and flasks: `pe-tiny` draws only
 * the symbol (and the flask's ring). */
export const TINY_CELL = 24;

export function frameBoard(board, { label, min = 28, max = 46, compactBelow = 36 }) {
  const root = pe("div", { class: "pe-board-frame", "data-role": "board-frame" }, [board.root]);
  let shown = null;
  let width = 0; // the frame's width when it was last fitted
  let columns = 0; // the columns that must fit whole while zoomed out (0: not zoomed)
  function fit() {
    width = root.clientWidth || width;
    const wasTiny = tiny();
    apply();
    // a turned phone: the zoom the game asked for gives other cells now; the game redraws
    // what depends on it (its move buttons) on this event
    if (tiny() !== wasTiny) root.dispatchEvent(new CustomEvent("pe-board-zoom"));
  }
  function tiny() { return root.dataset.zoomed === "true" && Number(root.dataset.cell) < TINY_CELL; }
  // tiny cells get 1 px gaps and a 2 px frame (periodic.css); the 10 px left over keep a
  // span of columns within what the frame shows after its padding (centreInFrame's room)
  const TINY_FIT = { gap: 1, pad: 10 };
  function setData(key, value) { if (root.dataset[key] !== value) root.dataset[key] = value; }
  function apply() {
    if (!width) return;
    const normal = cellSize(width, { min, max });
    // zoomed out: the span of columns fits whole (the 18 columns at worst), never larger
    // than the normal size
    let cell = columns ? Math.min(normal, cellSize(width, { min: 8, max, columns })) : normal;
    if (cell < TINY_CELL) cell = Math.min(TINY_CELL - 1, cellSize(width, { min: 8, max, columns, ...TINY_FIT }));
    if (cell !== shown) {
      shown = cell;
      root.style.setProperty("--pe-cell", `${cell}px`);
      root.classList.toggle("pe-compact", cell < compactBelow);
      root.classList.toggle("pe-tiny", cell < TINY_CELL);
      root.dataset.cell = String(cell);
    }
    setData("zoomed", String(cell < normal));
    // computed, not measured: no forced layout
    const scrolls = boardOverflows(width, cell, cell < TINY_CELL ? TINY_FIT : {});
    if (root.dataset.scrolls !== String(scrolls)) {
      // a region that scrolls must be reachable by the keyboard (WCAG 2.1.1) and named
      if (scrolls) {
        root.setAttribute("tabindex", "0");
        root.setAttribute("role", "region");
        root.setAttribute("aria-label", label);
      } else {
        root.removeAttribute("tabindex");
        root.removeAttribute("role");
        root.removeAttribute("aria-label");
      }
      root.dataset.scrolls = String(scrolls);
    }
    setData("sized", String(width)); // the width fitted: tests wait until it is the present one
  }
  /** Zoom out so `n` columns fit whole (0: the normal size); true while zoomed out. Uses the
   * width last measured: no layout is read here. */
  function showColumns(n) {
    columns = n > 0 ? Math.min(18, n) : 0;
    apply();
    return root.dataset.zoomed === "true";
  }
  // the observer fits the board before its first paint, and again on every resize; reading
  // the width synchronously during render would force a layout of the whole page
  let observer = null;
  if (typeof ResizeObserver !== "undefined") {
    observer = new ResizeObserver(() => fit());
    observer.observe(root);
  } else requestAnimationFrame(fit);
  return {
    root,
    fit,
    showColumns,
    get zoomed() { return root.dataset.zoomed === "true"; },
    /** Zoomed out below a finger's 24 px (WCAG 2.5.8)? */
    get tiny() { return tiny(); },
    destroy() { if (observer) observer.disconnect(); },
  };
}
