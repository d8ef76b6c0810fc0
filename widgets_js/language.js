// language.js: draw a widget in the language Python chose, and again when it changes.
// Python re-sends `strings` (and the translated data) when `lang` changes; the view is
// redrawn from the model, so nothing the model holds (a game in progress) is lost.
import { useStrings } from "./text.js";

/** Wrap an anywidget render({model, el}) so it draws with the model's strings, sets lang="..",
 * and redraws in place when the strings change. */
export function withStrings(render) {
  return ({ model, el }) => {
    let cleanup = null;
    function draw() {
      useStrings(model.get("strings"));
      const lang = (model.get("strings") || {}).lang || model.get("lang") || "en";
      if (typeof cleanup === "function") cleanup();
      el.replaceChildren();
      el.setAttribute("lang", lang);
      cleanup = render({ model, el });
      if (el.firstElementChild) el.firstElementChild.setAttribute("lang", lang);
    }
    draw();
    model.on("change:strings", draw);
    return () => {
      model.off("change:strings", draw);
      if (typeof cleanup === "function") cleanup();
    };
  };
}
