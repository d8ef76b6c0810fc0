// board_frame.js: puts a board in a frame that sizes its cells to the width available
// (cellSize in text.js) and, when even the smallest cells do not fit (a phone), scrolls
// sideways in a visible region that the keyboard can reach. Nothing is ever clipped.
import { pe } from "./board.js";
import { cellSize, boardOverflows } from "./text.js";

export function frameBoard(board, { label, min = 28, max = 46, compactBelow = 36 }) {
  const root = pe("div", { class: "pe-board-frame", "data-role": "board-frame" }, [board.root]);
  let shown = null;
  function fit() {
    const width = root.clientWidth;
    if (!width) return;
    const cell = cellSize(width, { min, max });
    if (cell !== shown) {
      shown = cell;
      root.style.setProperty("--pe-cell", `${cell}px`);
      root.classList.toggle("pe-compact", cell < compactBelow);
      root.dataset.cell = String(cell);
    }
    const scrolls = boardOverflows(width, cell); // computed, not measured: no forced layout
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
    root.dataset.sized = String(width); // the width fitted: tests wait until it is the present one
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
    destroy() { if (observer) observer.disconnect(); },
  };
}
