// game_resume.js: a game survives a reload. The kernel keeps the save (an action list and a
// seed); this browser keeps only an unguessable token to ask for it again. A reloaded page
// offers "Resume your game (...)" or "Start a new one". Each game keeps its own token (a
// dashboard shows both games): Periodic under RESUME_KEY, another game under its own key.
import { pe } from "./board.js";

export const RESUME_KEY = "periodic_edu.resume_token";

export function storedToken(key = RESUME_KEY) {
  try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
}
export function storeToken(token, key = RESUME_KEY) {
  try {
    if (token) window.localStorage.setItem(key, token);
    else window.localStorage.removeItem(key);
  } catch (e) { /* storage refused (private mode): a reload then starts afresh */ }
}

/** ctx: {model, send}; words() -> {title, question, fresh} in the widget's language (asked
 * at each update: the language may change); key: where this browser keeps the game's token. */
export function createResume(ctx, words, key = RESUME_KEY) {
  const text = pe("p", { class: "pe-g-resume-text" });
  const resume = pe("button", { type: "button", class: "pe-g-btn pe-g-primary", "data-role": "resume" });
  const fresh = pe("button", { type: "button", class: "pe-g-btn", "data-role": "resume-dismiss", text: words().fresh });
  const root = pe("section", { class: "pe-g-resume", "data-role": "resume-offer", hidden: true, "aria-label": words().title },
    [text, pe("div", { class: "pe-g-tools" }, [resume, fresh])]);
  resume.addEventListener("click", () => ctx.send({ type: "resume" }));
  fresh.addEventListener("click", () => ctx.send({ type: "dismiss_resume" }));
  let asked = false;
  function hello() {
    if (asked) return;
    asked = true;
    const token = storedToken(key);
    if (token) ctx.model.send({ type: "hello", token });
  }
  function update(v) {
    const offer = ctx.model.get("resume_offer") || {};
    root.hidden = !offer.text;
    if (offer.text) {
      text.textContent = words().question;
      fresh.textContent = words().fresh;
      root.setAttribute("aria-label", words().title);
      resume.textContent = offer.text;
    }
    const token = ctx.model.get("resume_token") || "";
    if (token && !v.is_over && storedToken(key) !== token) storeToken(token, key);
    if (token && v.is_over && storedToken(key) === token) storeToken("", key);
  }
  return { root, update, hello };
}
