// turn_view.js: keeps the move on a phone's screen (issue 28), for both games.
//
// * The action bar: the current choice and its buttons (the prompt, Discover/Decline, End
//   turn; Elemonster's choices) sit in one box that a phone's CSS pins to the bottom of the
//   screen (game.css / elemonster.css, `[data-role="action-bar"]`). The page keeps room for it
//   below everything else (`--pe-bar-h` on <html>: body padding and scroll-padding), so the bar
//   never hides what it covers for good, nor the keyboard focus (WCAG 2.4.11).
// * reveal(nodes): the page scrolls itself (no scrolling left to the student) so that every
//   node given is inside the part of the viewport the bar leaves free; the board's own region
//   scrolls sideways to the flask and the reachable cells first (zoomed out by the game
//   until they all fit: game.js).
// The registry of bars lives on `window`: each widget's module is its own copy (the Play and
// Elemonster tabs' games), and the room kept is the tallest bar that is shown.

const HOST = typeof window !== "undefined" ? window : {};
const BARS = (HOST.__peActionBars = HOST.__peActionBars || new Map());
let barCount = 0;

/** The height of the tallest pinned bar now (measured live: a prompt that just grew counts). */
function tallestBar() {
  let tallest = 0;
  for (const bar of BARS.values()) if (barPinned(bar)) tallest = Math.max(tallest, bar.getBoundingClientRect().height);
  return tallest;
}

function applyRoom() {
  const tallest = tallestBar();
  const html = document.documentElement;
  html.style.setProperty("--pe-bar-h", `${Math.ceil(tallest)}px`);
  html.classList.toggle("pe-has-bar", tallest > 0);
}

/** Is the bar pinned (a phone's CSS made it fixed)? */
export function barPinned(bar) {
  return Boolean(bar && bar.isConnected && getComputedStyle(bar).position === "fixed" && bar.offsetHeight > 0);
}

/** Watch `bar`: while pinned and shown, the page keeps room for its height. */
export function watchBar(bar) {
  barCount += 1;
  const id = `${Math.random().toString(36).slice(2, 8)}-${barCount}`;
  BARS.set(id, bar);
  const measure = () => applyRoom();
  let observer = null;
  if (typeof ResizeObserver !== "undefined") {
    observer = new ResizeObserver(measure);
    observer.observe(bar);
  }
  // a bar stops being pinned without changing size when a class panel opens (game.css)
  const onToggle = () => requestAnimationFrame(measure);
  window.addEventListener("resize", measure);
  document.addEventListener("toggle", onToggle, true);
  return {
    measure,
    destroy() {
      if (observer) observer.disconnect();
      window.removeEventListener("resize", measure);
      document.removeEventListener("toggle", onToggle, true);
      BARS.delete(id);
      applyRoom();
    },
  };
}

/** The bottom of the free part of the viewport (above a pinned bar). */
export function freeBottom() {
  return window.innerHeight - tallestBar();
}

function union(rects) {
  const out = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (const r of rects) {
    out.left = Math.min(out.left, r.left);
    out.top = Math.min(out.top, r.top);
    out.right = Math.max(out.right, r.right);
    out.bottom = Math.max(out.bottom, r.bottom);
  }
  return out;
}

/** The element that scrolls the page vertically around `node` (Voila's or the document's). */
function pageScroller(node) {
  for (let a = node.parentElement; a; a = a.parentElement) {
    if (a === document.body || a === document.documentElement) break;
    const cs = getComputedStyle(a);
    if (/(auto|scroll)/.test(cs.overflowY) && a.scrollHeight > a.clientHeight + 1) return a;
  }
  return document.scrollingElement || document.documentElement;
}

/** Scroll the board's frame sideways so the cells given are centred (as many as fit, the
 * first - the flask - always). False when they do not all fit; the game zooms the board out
 * first (board_frame.js showColumns) so that they do. */
export function centreInFrame(frame, cells) {
  if (!frame || !cells.length || frame.scrollWidth <= frame.clientWidth + 1) return true;
  const box = frame.getBoundingClientRect();
  const spans = cells.map((c) => {
    const r = c.getBoundingClientRect();
    return { left: r.left - box.left + frame.scrollLeft, right: r.right - box.left + frame.scrollLeft };
  });
  let { left, right } = union(spans);
  const room = frame.clientWidth - 8;
  const fits = right - left <= room;
  if (!fits) {
    // not all fit: the window of the frame's width that holds the flask and the most cells
    const flask = spans[0];
    let best = -1;
    for (const s of spans) {
      for (const start of [s.left, s.right - room]) {
        if (flask.left < start || flask.right > start + room) continue;
        const n = spans.filter((x) => x.left >= start && x.right <= start + room).length;
        if (n > best) { best = n; left = start; right = start + room; }
      }
    }
  }
  frame.scrollLeft = Math.max(0, Math.round((left + right) / 2 - frame.clientWidth / 2));
  return fits;
}

/** Scroll the page (as little as needed) so every node's box lies in the free viewport. */
export function reveal(nodes) {
  const shown = nodes.filter((n) => n && n.isConnected && n.getClientRects().length);
  if (!shown.length) return;
  const u = union(shown.map((n) => n.getBoundingClientRect()));
  const top = 4;
  const bottom = freeBottom() - 4;
  let delta = 0;
  if (u.bottom - u.top > bottom - top || u.top < top) delta = u.top - top; // too tall: its top first
  else if (u.bottom > bottom) delta = u.bottom - bottom;
  if (Math.abs(delta) < 1) return;
  const scroller = pageScroller(shown[0]);
  scroller.scrollTop += delta;
}

/** Run `fn` once the browser has laid out the last change (two frames: anywidget's own
 * redraws of the same tick come first). */
export function afterLayout(fn) {
  requestAnimationFrame(() => requestAnimationFrame(fn));
}

/** A phone or a tablet: the prompts say "tap" (a coarse pointer and no fine one). */
export function touchScreen() {
  try {
    return window.matchMedia("(pointer: coarse)").matches && !window.matchMedia("(any-pointer: fine)").matches;
  } catch (e) { return false; }
}
