// game_log.js: the log, newest first, in a focusable scrollable region. Sentences only; the
// action notation appears when asked for ("Show notation").
import { pe } from "./board.js";
import { say } from "./text.js";

export function createLog(ctx) {
  // a list the keyboard can reach and scroll (the live region says what is new)
  const list = pe("ol", { class: "pe-g-log", "data-role": "log", reversed: true, tabindex: "0",
    "aria-label": say("log_label") });
  const toggle = pe("button", { type: "button", class: "pe-g-btn pe-g-small", "data-role": "notation", "aria-pressed": "false", text: say("show_notation") });
  const root = pe("section", { class: "pe-g-logbox", "aria-label": say("log_title") }, [
    pe("div", { class: "pe-g-logbar" }, [pe("h3", { class: "pe-g-h", text: say("log_title") }), toggle]), list]);
  let notation = false;
  let shownKey = "";
  toggle.addEventListener("click", () => {
    notation = !notation;
    toggle.setAttribute("aria-pressed", String(notation));
    root.classList.toggle("pe-g-notation", notation);
  });
  function update() {
    const log = ctx.model.get("game_log") || [];
    const total = ctx.model.get("log_total") || 0;
    const key = `${total}:${log.length ? log[log.length - 1].i : -1}:${ctx.model.get("revision")}`;
    if (key === shownKey) return;
    shownKey = key;
    const items = [];
    for (let k = log.length - 1; k >= 0; k -= 1) {
      const e = log[k];
      const li = pe("li", { class: "pe-g-entry", "data-seat": e.seat, "data-bot": e.bot || null, "data-kind": e.kind,
        "data-i": e.i, style: `--pe-g-seat: ${ctx.seatColour(e.seat)}` }, [
        pe("span", { class: "pe-g-entry-round", text: e.round ? say("round_short", { n: e.round }) : say("setup_short") }),
        pe("span", { class: "pe-g-entry-who", text: e.name }), " ",
        pe("span", { class: "pe-g-entry-text", text: e.text }),
        e.action ? pe("code", { class: "pe-g-entry-code", text: e.action }) : null,
      ]);
      if (e.events && e.events.length) li.append(pe("ul", { class: "pe-g-events" }, e.events.map((x) => pe("li", { text: x }))));
      items.push(li);
    }
    if (total > log.length) items.push(pe("li", { class: "pe-g-entry pe-g-entry-more", text: say("earlier_actions", { n: total - log.length }) }));
    list.replaceChildren(...items);
    list.scrollTop = 0;
  }
  return { root, list, update };
}
