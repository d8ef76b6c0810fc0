// rules_link.js: the How to play panels' link to the game's whole rule book (both games).
import { pe } from "./board.js";

/** A link that opens the game's rule book as a page in a new tab: the page's HTML comes from
 * Python (the model's rules_page, in the widget's language) and is opened from a blob: address,
 * made when the link is followed (so it is always the current language's page). No page (the
 * rule book is not installed): rulesUrl if there is one, else the file's name as text. */
export function rulesLink(model, text, rulesUrl = "") {
  const page = () => (model && model.get("rules_page")) || "";
  if (!page() && !rulesUrl) return pe("code", { text });
  const link = pe("a", { href: rulesUrl || "#rules", target: "_blank", rel: "noopener", "data-role": "rules", text });
  let made = "";
  link.addEventListener("click", () => {
    const html = page();
    if (!html) return; // rulesUrl, as it is
    if (made) URL.revokeObjectURL(made);
    made = URL.createObjectURL(new Blob([html], { type: "text/html" }));
    link.href = made; // the default action (open in a new tab) follows this handler
  });
  return link;
}
