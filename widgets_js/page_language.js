// page_language.js: the device's language and the class seat this browser holds (PagePrefs,
// periodic_edu/widgets/page_language.py). Sends once: the language chosen on this device before
// (localStorage), navigator.languages, and which games hold a class seat token (the keys of
// class_play.js; never the token). Keeps `chosen` (the visitor's switch) on the device.
const LANG_KEY = "periodic_edu.language";
const SEAT_KEYS = { periodic: "periodic_edu.class_seat.periodic", elemonster: "periodic_edu.class_seat.elemonster" };

function stored(key) {
  try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
}

function render({ model, el }) {
  el.hidden = true;
  const seats = Object.entries(SEAT_KEYS).filter(([, key]) => stored(key)).map(([game]) => game);
  const languages = [...(navigator.languages || [navigator.language || ""])].slice(0, 12);
  model.send({ type: "hello", stored: stored(LANG_KEY), languages, class_seats: seats });
  const keep = () => {
    const lang = model.get("chosen");
    try { if (lang) window.localStorage.setItem(LANG_KEY, lang); } catch (e) { /* private mode */ }
  };
  model.on("change:chosen", keep);
  // Voila's template titles the page after the notebook and gives <html> no language (WCAG
  // 2.4.2, 3.1.1); a Voila page is ours to name. JupyterLab's document is not: left alone.
  const voila = document.body && document.body.hasAttribute("data-voila");
  const name = () => {
    if (!voila) return;
    const lang = model.get("page_lang");
    if (lang) document.documentElement.lang = lang;
    const title = model.get("page_title");
    if (title) document.title = title;
  };
  name();
  model.on("change:page_lang change:page_title", name);
  return () => {
    model.off("change:chosen", keep);
    model.off("change:page_lang change:page_title", name);
  };
}

export default { render };
