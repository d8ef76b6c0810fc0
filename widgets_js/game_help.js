// game_help.js: the "How to play" panel: where points come from and how a turn works, in a
// student's words. Open for a first game; closing it is remembered by this browser.
import { pe } from "./board.js";
import { say } from "./text.js";
import { rulesLink } from "./rules_link.js";

const CLOSED_KEY = "periodic_edu.how_to_play_closed";

function remembered() {
  try { return window.localStorage.getItem(CLOSED_KEY) === "1"; } catch (e) { return false; }
}
function remember(closed) {
  try { window.localStorage.setItem(CLOSED_KEY, closed ? "1" : "0"); } catch (e) { /* private mode: open every time */ }
}

/** rulesUrl: where docs/rules.md is read (Python sends it with the static data); model: the
 * widget's model (its rules_page). */
export function createHelp(rulesUrl, model) {
  const list = (key) => pe("ul", {}, say(key).split("\n").map((line) => pe("li", { text: line })));
  const close = pe("button", { type: "button", class: "pe-g-btn", "data-role": "help-close", text: say("help_close") });
  const panel = pe("section", { class: "pe-g-help", "data-role": "help", "aria-labelledby": "pe-g-help-title" }, [
    pe("div", { class: "pe-g-help-head" }, [pe("h3", { id: "pe-g-help-title", text: say("help_title") }), close]),
    pe("h4", { text: say("help_points_title") }), list("help_points"),
    pe("h4", { text: say("help_turn_title") }), list("help_turn"),
    pe("p", {}, [say("help_more"), " ", rulesLink(model, say("rules_link"), rulesUrl)]),
  ]);
  const open = pe("button", { type: "button", class: "pe-g-btn", "data-role": "help-open", "aria-expanded": "false", text: say("help_title") });
  function show(on) {
    panel.hidden = !on;
    open.setAttribute("aria-expanded", String(on));
  }
  close.addEventListener("click", () => { show(false); remember(true); open.focus(); });
  open.addEventListener("click", () => { const on = panel.hidden; show(on); remember(!on); if (on) close.focus(); });
  show(!remembered());
  return { root: panel, button: open, show };
}
