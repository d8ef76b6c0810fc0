// explorer_controls.js: the explorer's controls: Element box (a symbol, a name or an atomic
// number), the five trends, steps 1-8, and the property overlay.
import { pe } from "./board.js";
import { say, resolveElement } from "./text.js";
import { arrowsOf } from "./explorer_overview.js";

export function createExplorerControls(ctx, handlers) {
  const symbolInput = pe("input", {
    class: "pe-symbol-input", "data-role": "symbol-input", type: "text", size: 10,
    autocomplete: "off", spellcheck: "false", "aria-label": say("element_box_label"),
    title: say("element_box_label"), "data-lm-suppress-shortcuts": "true",
  });
  const trendButtons = ctx.trendInfo.map((t) => pe("button", {
    type: "button", class: "pe-trend", "data-trend": t.id, "aria-pressed": "false",
    title: say("trend_title", { trend: t.name, directions: t.directions }),
  }, [pe("span", { class: "pe-arrows", "aria-hidden": "true", text: arrowsOf(t) }), " ", t.name]));
  const stepsInput = pe("input", { type: "range", min: 1, max: 8, step: 1, "data-role": "steps", "aria-label": say("steps") });
  const stepsOut = pe("output", { class: "pe-steps-out", "aria-hidden": "true" });
  const propertySelect = pe("select", { "data-role": "property", "aria-label": say("overlay") }, [
    pe("option", { value: "", text: say("overlay_none") }),
    ...ctx.properties.map((p) => pe("option", { value: p.id, text: p.unit ? `${p.label} (${p.unit})` : p.label })),
  ]);
  const root = pe("div", { class: "pe-controls" }, [
    pe("label", { class: "pe-control" }, [say("element"), " ", symbolInput]),
    pe("div", { class: "pe-trends", role: "group", "aria-label": say("trend") }, trendButtons),
    pe("label", { class: "pe-control", title: say("steps_title") }, [say("steps"), " ", stepsInput, stepsOut]),
    pe("label", { class: "pe-control" }, [say("overlay"), " ", propertySelect]),
  ]);
  symbolInput.addEventListener("keydown", (event) => {
    event.stopPropagation(); // keep Jupyter's own shortcuts out of the box
    if (event.key !== "Enter") return;
    event.preventDefault();
    const raw = symbolInput.value.trim();
    const known = resolveElement(raw, ctx.cells);
    handlers.symbol(known || raw, Boolean(known)); // an unknown one: Python refuses and says why
  });
  for (const b of trendButtons) b.addEventListener("click", () => handlers.trend(b.dataset.trend));
  stepsInput.addEventListener("input", () => handlers.steps(Number(stepsInput.value)));
  propertySelect.addEventListener("change", () => handlers.property(propertySelect.value));
  function update(symbol, trend, steps, prop) {
    for (const b of trendButtons) {
      const on = String(b.dataset.trend === trend);
      if (b.getAttribute("aria-pressed") !== on) b.setAttribute("aria-pressed", on);
    }
    if (stepsInput.value !== String(steps)) stepsInput.value = String(steps);
    if (stepsOut.textContent !== String(steps)) stepsOut.textContent = String(steps);
    if (propertySelect.value !== prop) propertySelect.value = prop;
    if (document.activeElement !== symbolInput) symbolInput.value = symbol;
  }
  return { root, update, symbolInput };
}
