// language.js: draw a widget in the language Python chose, and again when it changes.
// Python re-sends `strings` (and the translated data) when `lang` changes; the view is
// redrawn from the model, so nothing the model holds (a game in progress) is lost, and what
// the person did on the view (view_state.js) is carried over.
import { useStrings } from "./text.js";
import { restoreViewState, saveViewState } from "./view_state.js";

/** Wrap an anywidget render({model, el}) so it draws with the model's strings, sets lang="..",
 * and redraws in place when the strings change. */
export function withStrings(render) {
  return ({ model, el }) => {
    let cleanup = null;
    function draw() {
      useStrings(model.get("strings"));
      const lang = (model.get("strings") || {}).lang || model.get("lang") || "en";
      // what the person did on the old drawing (a fold opened, a code typed) that the model
      // does not hold is put back on the new one
      const kept = el.firstElementChild ? saveViewState(el) : null;
      if (typeof cleanup === "function") cleanup();
      el.replaceChildren();
      el.setAttribute("lang", lang);
      cleanup = render({ model, el });
      if (el.firstElementChild) el.firstElementChild.setAttribute("lang", lang);
      restoreViewState(el, kept);
    }
    draw();
    model.on("change:strings", draw);
    return () => {
      model.off("change:strings", draw);
      if (typeof cleanup === "function") cleanup();
    };
  };
}
