// voicing.js: self-voicing for a student without a screen reader (issue 33). A toggle button
// (aria-pressed, off by default; `?voicing=1` in the page's address turns it on, as PhET's
// voicingInitiallyEnabled does) makes the widget speak what a screen reader would: a focused
// cell's name and description, and what its live region announces. The browser's own
// speechSynthesis speaks, in the page's language; nothing is sent anywhere.
import { pe } from "./board.js";
import { say, language } from "./text.js";

const VOICING_LANG = { en: "en-GB", uk: "uk-UA", de: "de-DE" };

/** Does the page's address ask for voicing (`?voicing=1`, `true`, `on`)? */
export function voicingRequested(search) {
  const value = new URLSearchParams(search || "").get("voicing");
  return value !== null && ["1", "true", "on", "yes"].includes(value.toLowerCase());
}

export function createVoicing() {
  const synth = () => (typeof window !== "undefined" ? window.speechSynthesis : null);
  let on = voicingRequested(typeof window !== "undefined" ? window.location.search : "");
  const button = pe("button", { type: "button", class: "pe-voicing", "data-role": "voicing", "aria-pressed": String(on) },
    [pe("span", { class: "pe-voicing-mark", "aria-hidden": "true" }), say("voicing")]);
  function speak(text) {
    const s = synth();
    const t = String(text || "").trim();
    if (!on || !t || !s || typeof window.SpeechSynthesisUtterance !== "function") return false;
    const lang = language();
    const utterance = new window.SpeechSynthesisUtterance(t);
    utterance.lang = VOICING_LANG[lang] || lang;
    const voice = (s.getVoices() || []).find((v) => String(v.lang || "").toLowerCase().startsWith(lang));
    if (voice) utterance.voice = voice;
    s.cancel(); // the newest thing the student did is what they want to hear
    s.speak(utterance);
    return true;
  }
  button.addEventListener("click", () => {
    on = !on;
    button.setAttribute("aria-pressed", String(on));
    if (on) speak(say("voicing_on"));
    else if (synth()) synth().cancel();
  });
  return { button, speak, get on() { return on; } };
}
