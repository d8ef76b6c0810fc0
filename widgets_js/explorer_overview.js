// explorer_overview.js: all five trends at once from the same element (small multiples).
// Only the cells that change are touched: every attribute write costs a style recalculation.
import { pe, createBoard } from "./board.js";
import { say, count } from "./text.js";

export function arrowsOf(info) {
  const ARROW = { up: "↑", down: "↓", left: "←", right: "→" };
  if (info.id === "atomic_number") return "±Z";
  // direction ids from Python (never the words of `directions`, which are in the page's language)
  return (Array.isArray(info.arrows) ? info.arrows : []).map((d) => ARROW[d] || "").join("");
}

export function createOverview(ctx, onChoose) {
  const minis = ctx.trendInfo.map((t) => {
    const board = createBoard({ cells: ctx.cells, name: "overview", variant: "mini", label: say("overview_board", { trend: t.name }) });
    const countNode = pe("span", { class: "pe-mini-count" });
    const from = pe("span", { class: "pe-sr" });
    const button = pe("button", { type: "button", class: "pe-mini", "data-overview-trend": t.id, "aria-pressed": "false" },
      [pe("span", { class: "pe-mini-title" }, [pe("span", { "aria-hidden": "true", text: arrowsOf(t) }), " ", t.name]), board.root, countNode, from]);
    button.addEventListener("click", () => onChoose(t.id));
    return { trend: t.id, board, button, count: countNode, from, shown: new Map(), current: null };
  });
  const root = pe("div", { class: "pe-overview", "data-role": "overview" }, [
    pe("h3", { class: "pe-overview-title", text: say("overview_title") }),
    pe("div", { class: "pe-minis" }, minis.map((m) => m.button)),
  ]);
  function update(symbol, trend, steps) {
    for (const m of minis) {
      const md = new Map(ctx.reachOf(symbol, m.trend, steps));
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
      const text = count(md.size, "n_cells");
      if (m.count.textContent !== text) m.count.textContent = text;
      const pressed = String(m.trend === trend);
      if (m.button.getAttribute("aria-pressed") !== pressed) m.button.setAttribute("aria-pressed", pressed);
      const from = say("overview_from", { symbol });
      if (m.from.textContent !== from) m.from.textContent = from;
    }
  }
  return { root, update, destroy() { for (const m of minis) m.board.destroy(); } };
}
