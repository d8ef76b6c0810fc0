// explorer_overlay.js: colour every cell by a real property (viridis), "no data" hatched, and
// the legend under the board (distance swatches when there is no overlay).
import { pe, formatNumber, setCellText } from "./board.js";
import { say } from "./text.js";

// viridis, 9 stops (matplotlib's), interpolated linearly.
const VIRIDIS = [
  [68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141],
  [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37],
];

export function viridis(t) {
  const x = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const rgb = VIRIDIS[i].map((a, k) => Math.round(a + (VIRIDIS[i + 1][k] - a) * f));
  const light = (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) > 150;
  return { css: `rgb(${rgb.join(",")})`, text: light ? "#111" : "#fff" };
}

export function createOverlay(ctx, board, legend) {
  function paint(prop) {
    board.root.classList.toggle("pe-overlay", Boolean(prop));
    const values = prop ? ctx.allCells.map((c) => ctx.value(prop, c.symbol)) : [];
    const known = values.filter((v) => v !== null && v !== undefined);
    const lo = Math.min(...known);
    const hi = Math.max(...known);
    ctx.allCells.forEach((c, i) => {
      const node = board.cell(c.symbol);
      const valNode = node.querySelector(".pe-val");
      if (!prop) {
        node.style.removeProperty("background");
        node.style.removeProperty("color");
        node.classList.remove("pe-nodata");
        node.removeAttribute("data-value");
        setCellText(valNode, "");
        return;
      }
      const v = values[i];
      if (v === null || v === undefined) {
        node.style.removeProperty("background");
        node.style.removeProperty("color");
        node.classList.add("pe-nodata");
        node.setAttribute("data-value", "");
        setCellText(valNode, say("no_data"));
      } else {
        const colour = viridis(hi > lo ? (v - lo) / (hi - lo) : 0.5);
        node.style.background = colour.css;
        node.style.color = colour.text;
        node.classList.remove("pe-nodata");
        node.setAttribute("data-value", String(v));
        setCellText(valNode, formatNumber(v));
      }
    });
    legend.replaceChildren();
    legend.dataset.property = prop || "";
    if (prop) {
      const info = ctx.propById.get(prop);
      legend.append(
        pe("span", { class: "pe-legend-title", text: `${info.label}${info.unit ? ` (${info.unit})` : ""}` }),
        pe("span", { class: "pe-legend-lo", text: formatNumber(lo) }),
        pe("span", { class: "pe-legend-bar", "aria-hidden": "true" }),
        pe("span", { class: "pe-legend-hi", text: formatNumber(hi) }),
        pe("span", { class: "pe-legend-nodata" }, [pe("span", { class: "pe-swatch pe-nodata", "aria-hidden": "true" }), ` ${say("no_data")}`]),
        pe("span", { class: "pe-legend-source", title: info.citation || "", text: info.source ? say("source_is", { source: info.source }) : "" }),
      );
    } else {
      legend.append(pe("span", { class: "pe-legend-title", text: say("reachable_in") }));
      for (let k = 1; k <= 8; k++) {
        legend.append(pe("span", { class: "pe-legend-step", "data-legend-distance": k },
          [pe("span", { class: "pe-swatch", "aria-hidden": "true" }), ` ${k}`]));
      }
      legend.append(pe("span", { class: "pe-legend-step pe-legend-chosen" },
        [pe("span", { class: "pe-swatch", "aria-hidden": "true" }), ` ${say("chosen")}`]));
    }
  }
  return { paint };
}
