// elemonster_help.js: the How to play panel: what wins, a turn, how a duel and a bond score,
// why the game ends, the two variants, in the widget's language. Open for a first game;
// closing it is remembered by this browser. One element, redrawn in place (a language switch).
import { pe } from "./board.js";
import { rulesLink } from "./rules_link.js";

const EM_HELP_KEY = "periodic_edu.elemonster.how_to_play_closed";
const EM_HELP_PARTS = ["help_goal", "help_turn", "help_duel", "help_bonds", "help_end", "help_variants"];

function emHelpClosed() {
  try { return window.localStorage.getItem(EM_HELP_KEY) === "1"; } catch (e) { return false; }
}
function emHelpRemember(closed) {
  try { window.localStorage.setItem(EM_HELP_KEY, closed ? "1" : "0"); } catch (e) { /* private mode: open every time */ }
}

export function createEmHelp(em, uid, model) {
  const title = pe("h3", { id: `${uid}-help-title` });
  const close = pe("button", { type: "button", class: "em-btn", "data-role": "help-close" });
  const body = pe("div", { class: "em-help-body" });
  const panel = pe("section", { class: "em-section em-help", "data-role": "help", "aria-labelledby": `${uid}-help-title` }, [
    pe("div", { class: "em-row em-help-head" }, [title, close]), body]);
  const open = pe("button", { type: "button", class: "em-btn", "data-role": "help-open", "aria-expanded": "false" });
  function show(on) {
    panel.hidden = !on;
    open.setAttribute("aria-expanded", String(on));
  }
  close.addEventListener("click", () => { show(false); emHelpRemember(true); open.focus(); });
  open.addEventListener("click", () => { const on = panel.hidden; show(on); emHelpRemember(!on); if (on) close.focus(); });
  function update() {
    title.textContent = em.T("help");
    open.textContent = em.T("help");
    close.textContent = em.T("help_close");
    body.replaceChildren(...EM_HELP_PARTS.map((key) => pe("p", { "data-part": key, text: em.T(key) })),
      pe("p", { "data-part": "rules" }, [em.T("help_rules"), " ", rulesLink(model, em.T("rules_link"))]));
  }
  show(!emHelpClosed());
  update();
  return { root: panel, button: open, update, show };
}
