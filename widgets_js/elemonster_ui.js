// elemonster_ui.js: the little toolkit every Elemonster view draws with: the model's words
// (the `strings` trait: the "elemonster" catalog in the widget's language), the person's
// local choices (`ui`), and buttons that send one action per revision through the shell.
import { pe } from "./board.js";
import { elemonsterCard, emText } from "./elemonster_card.js";

export function createEmUi(model, shell) {
  // ui.bondsMore / ui.bondGroup: the grouped dissolve-first bonds opened; ui.focus: the
  // data-key to focus after the next draw (a step of a grouped choice)
  const ui = { attackCard: "", attack: "", pairA: "", pairB: "", bondsMore: false, bondGroup: "", focus: "" };
  const S = () => model.get("static") || {};
  const W = () => model.get("strings") || {};
  const lang = () => W().lang || "en";
  const T = (key, params) => emText(W().text || {}, key, params || {}, lang());
  const em = {
    model, shell, ui, S, W, lang, T,
    P: (key, n) => T(key, { n }),
    V: () => model.get("view") || {},
    cards: () => model.get("cards") || {},
    // a class the teacher paused (`class_note`): nobody decides (every choice locked)
    myTurn: () => Boolean((model.get("choices") || {}).prompt) && !model.get("class_note"),
    send: shell.send,
    act: shell.act,
    button(label, attrs, onClick) {
      const b = pe("button", { type: "button", class: "em-btn", ...attrs }, [label]);
      b.addEventListener("click", onClick);
      return b;
    },
    actButton(label, action, extra = {}) {
      return em.button(label, { "data-action": action, "data-key": `a:${action}`, ...extra }, () => shell.act(action));
    },
    section(role, title, children, extra = {}) {
      const id = `em-h-${role}-${Math.random().toString(36).slice(2, 8)}`;
      return pe("section", { class: `em-section em-${role}`, "data-role": role, "aria-labelledby": id, ...extra }, [
        pe("h3", { id, text: title }), ...children]);
    },
    cardOf(id, compact = true) {
      const w = W();
      return elemonsterCard(em.cards()[id], { text: w.text || {}, symbols: w.symbols || {}, sources: S().sources || {}, compact,
                                              lang: lang(), decimalMark: w.decimal_mark || "." });
    },
    optionList(items, label) {
      return pe("div", { class: "em-options", role: "group", "aria-label": label }, items);
    },
  };
  return em;
}
