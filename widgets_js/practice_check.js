// practice_check.js: a check taken alone, with feedback (PracticeCheckWidget,
// periodic_edu/widgets/practice_check.py): a lesson's "check yourself", the dashboard's
// Practice tab, and the homework page's check (mode "homework": feedback once the result code
// is made).
//
// Python holds the items, the answers and the key; the page is sent an item's public part, and
// its feedback only once it is answered (practice) or revealed (homework). This page writes no
// trait: it sends intents Python checks: {type: "answer", item, choice + reason | value |
// cell}, {type: "goto", index}, {type: "again"}. Each item is drawn by the class-play panel's
// own fields (check_items.js).
import { pe } from "./board.js";
import { say } from "./text.js";
import { checkFields, checkNav, watchCheck } from "./check_items.js";
import { withStrings } from "./language.js";
import { createAnnouncer } from "./announcer.js";

let UID = 0;
const PAGE_ID = Math.random().toString(36).slice(2, 8);

function render({ model, el }) {
  const uid = `${PAGE_ID}-${++UID}`;
  const announcer = createAnnouncer("practice");
  const homework = () => model.get("mode") === "homework";
  const root = pe("section", { class: "pe-cc pe-practice", "data-role": "practice-check", "aria-labelledby": `pe-pc-h-${uid}` });
  const heading = pe("h3", { id: `pe-pc-h-${uid}` });
  const help = pe("p", { class: "pe-pc-help", "data-role": "practice-help" });
  const errorBox = pe("p", { class: "pe-cc-error", role: "alert", "data-role": "check-error", hidden: true });
  const body = pe("div", { "data-role": "check-body" });
  const summaryBox = pe("div", { "data-role": "practice-summary", hidden: true });
  root.append(heading, help, errorBox, body, summaryBox, announcer.root);
  el.append(root);
  let shownKey = "";
  let moved = false; // this page asked for another question: bring it into sight

  function verdict(f) {
    if (f.open) return say("practice_compare");
    if (f.unanswered) return say("check_unanswered");
    if (f.right) return say("check_right");
    if (f.answer_ok && f.reason_ok === false) return say("practice_reason_wrong");
    return say("check_wrong");
  }

  function questionForm(q, f) {
    const fixed = Boolean(f.explanation !== undefined && (!homework() || model.get("revealed")));
    const form = pe("form", { "data-role": "check-form", "data-item": q.item, "data-kind": q.kind });
    const counter = pe("p", { "data-role": "check-count",
      text: say("check_count", { n: q.index + 1, count: q.count, answered: q.answered }) });
    const text = pe("p", { id: `pe-pc-q-${uid}`, "data-role": "check-text", text: q.text });
    form.append(counter, text);
    const locked = fixed || model.get("revealed"); // shown, not changeable
    const fields = checkFields(q, { uid, cells: model.get("cells"), mine: q.mine, disabled: locked });
    form.append(...fields.nodes);
    const nav = checkNav(form, q, fields, { errorBox, locked,
      goto: (index) => { moved = true; model.send({ type: "goto", index }); },
      answer: (response) => model.send({ type: "answer", item: q.item, ...response }) });
    if (f.explanation !== undefined) {
      form.append(pe("div", { class: f.open ? "pe-cc-model" : f.right ? "pe-cc-right" : "pe-cc-wrong", "data-role": "practice-feedback" }, [
        pe("p", { "data-role": "practice-verdict", text: verdict(f) }),
        pe("p", { "data-role": "practice-explanation", text: f.explanation })]));
    } else if (q.mine && homework()) {
      form.append(pe("p", { "data-role": "check-sent", text: say("practice_kept") }));
    }
    form.append(nav);
    return form;
  }

  function drawSummary(s) {
    summaryBox.hidden = !s.of;
    if (!s.of) { summaryBox.replaceChildren(); return; }
    const list = pe("ul", { "data-role": "practice-concepts" });
    for (const c of s.concepts || []) {
      list.append(pe("li", { "data-concept": c.concept, text: say("practice_concept_line", { concept: c.name, right: c.right, count: c.of }) }));
    }
    const parts = [pe("h4", { text: say("practice_summary_heading") }),
      pe("p", { "data-role": "practice-total", text: say("practice_total", { right: s.right, count: s.of }) }), list];
    if (!homework()) {
      const again = pe("button", { type: "button", "data-role": "practice-again", text: say("practice_again") });
      again.addEventListener("click", () => model.send({ type: "again" }));
      parts.push(again);
    }
    summaryBox.replaceChildren(...parts);
  }

  function update() {
    const q = model.get("question") || {};
    const f = model.get("feedback") || {};
    const s = model.get("summary") || {};
    heading.textContent = say(homework() ? "practice_homework_heading" : "practice_heading");
    help.textContent = say(homework() ? (model.get("revealed") ? "practice_homework_revealed" : "practice_homework_help") : "practice_help");
    const key = JSON.stringify([q.item, q.index, q.answered, q.mine, q.text, f, s.right, s.of, model.get("revealed")]);
    if (key === shownKey) return;
    const old = shownKey ? JSON.parse(shownKey) : [];
    shownKey = key;
    errorBox.hidden = true;
    body.replaceChildren(q.item ? questionForm(q, f) : pe("p", { text: say("check_none") }));
    drawSummary(s);
    // on a phone the question is taller than the screen: the new question's first line, or the
    // feedback just given, is scrolled into sight (never further than needed)
    const fresh = f.explanation !== undefined && JSON.stringify(old[5]) !== JSON.stringify(f) && old[0] === q.item;
    if (moved && old[0] !== q.item) body.querySelector('[data-role="check-count"]')?.scrollIntoView?.({ block: "nearest" });
    else if (fresh) body.querySelector('[data-role="practice-feedback"]')?.scrollIntoView?.({ block: "nearest" });
    moved = false;
    // what changed, heard once, in one message: the feedback after an answer (and the summary
    // when it was the last one), or a new question
    const heard = [];
    if (fresh) {
      heard.push(verdict(f), f.explanation);
    } else if (q.item && old[0] !== q.item) {
      heard.push(say("check_count", { n: q.index + 1, count: q.count, answered: q.answered }), q.text);
    }
    if (s.of && old[7] !== s.of) heard.push(say("practice_total", { right: s.right, count: s.of }));
    if (heard.length) announcer.say(heard.join(" "));
  }
  return watchCheck(model, ["question", "feedback", "summary", "revealed", "mode"], update, errorBox);
}

export default { render: withStrings(render) };
