// announcer.js: the one polite live region of a widget. A screen reader hears each message
// once: saying the text already announced is a no-op (an unchanged status is never repeated),
// unless `again` is set (the same move twice is two events).
import { pe } from "./board.js";

export function createAnnouncer(role = "announce") {
  const root = pe("p", { class: "pe-sr", "aria-live": "polite", "aria-atomic": "true", "data-role": role });
  let last = "";
  let count = 0;
  return {
    root,
    /** Announce `text` (a no-op for "" or for the text already announced, unless again). */
    say(text, again = false) {
      const t = String(text || "").trim();
      if (!t || (t === last && !again)) return false;
      last = t;
      count += 1;
      // a region whose text is replaced by the same text is not re-read: clear first
      root.textContent = "";
      root.textContent = t;
      root.dataset.count = String(count);
      return true;
    },
    get last() { return last; },
  };
}
