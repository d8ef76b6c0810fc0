// game_resume.js: a game survives a reload. The kernel keeps the save (an action list and a
// seed); this browser keeps only an unguessable token to ask for it again. A reloaded page
// offers "Resume your game (...)" or "Start a new one".
import { pe } from "./board.js";
import { say } from "./text.js";

export const RESUME_KEY = "periodic_edu.resume_token";

export function storedToken() {
  try { return window.localStorage.getItem(RESUME_KEY) || ""; } catch (e) { return ""; }
}
export function storeToken(token) {
  try {
    if (token) window.localStorage.setItem(RESUME_KEY, token);
    else window.localStorage.removeItem(RESUME_KEY);
  } catch (e) { /* storage refused (private mode): a reload then starts afresh */ }
}

export function createResume(ctx) {
  const text = pe("p", { class: "pe-g-resume-text" });
  const resume = pe("button", { type: "button", class: "pe-g-btn pe-g-primary", "data-role": "resume" });
  const fresh = pe("button", { type: "button", class: "pe-g-btn", "data-role": "resume-dismiss", text: say("resume_new") });
  const root = pe("section", { class: "pe-g-resume", "data-role": "resume-offer", hidden: true, "aria-label": say("resume_title") },
    [text, pe("div", { class: "pe-g-tools" }, [resume, fresh])]);
  resume.addEventListener("click", () => ctx.send({ type: "resume" }));
  fresh.addEventListener("click", () => ctx.send({ type: "dismiss_resume" }));
  let asked = false;
  function hello() {
    if (asked) return;
    asked = true;
    const token = storedToken();
    if (token) ctx.model.send({ type: "hello", token });
  }
  function update(v) {
    const offer = ctx.model.get("resume_offer") || {};
    root.hidden = !offer.text;
    if (offer.text) {
      text.textContent = say("resume_question");
      resume.textContent = offer.text;
    }
    const token = ctx.model.get("resume_token") || "";
    if (token && !v.is_over && storedToken() !== token) storeToken(token);
    if (token && v.is_over && storedToken() === token) storeToken("");
  }
  return { root, update, hello };
}
