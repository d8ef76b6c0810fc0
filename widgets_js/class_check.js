// class_check.js: the teacher's question on a student's device (ClassCheckWidget,
// periodic_edu/widgets/class_check.py), below "Join a class game".
//
// Python holds the seat and sends the question's public part only (no answer key); this page
// writes no trait. It sends intents that Python checks: {type: "refresh"} every `refresh_ms`
// while a seat is held (a lock, a new question, a close or a reveal shows within a second),
// {type: "answer", ask, item, choice + reason | value | cell} and {type: "goto", index} (to
// look at or change another answer until the teacher closes the question).
import { pe } from "./board.js";
import { say } from "./text.js";
import { checkFields, checkNav, watchCheck } from "./check_items.js";
import { withStrings } from "./language.js";
import { createAnnouncer } from "./announcer.js";
import { createRefresher } from "./refresher.js";

let UID = 0;
const PAGE_ID = Math.random().toString(36).slice(2, 8);

function render({ model, el }) {
  const uid = `${PAGE_ID}-${++UID}`;
  const announcer = createAnnouncer("check");
  const root = pe("section", { class: "pe-cc", "data-role": "class-check", "aria-labelledby": `pe-cc-h-${uid}`, hidden: true });
  const heading = pe("h3", { id: `pe-cc-h-${uid}`, text: say("check_heading") });
  const lockNote = pe("p", { class: "pe-cc-lock", "data-role": "check-lock", hidden: true });
  const errorBox = pe("p", { class: "pe-cc-error", role: "alert", "data-role": "check-error", hidden: true });
  const body = pe("div", { "data-role": "check-body" });
  root.append(heading, lockNote, errorBox, body, announcer.root);
  el.append(root);

  const refresher = createRefresher(model, 1000);
  let shownKey = "";

  function questionForm(q) {
    const form = pe("form", { "data-role": "check-form", "data-item": q.item, "data-kind": q.kind });
    const counter = pe("p", { "data-role": "check-count",
      text: say("check_count", { n: q.index + 1, count: q.count, answered: q.answered }) });
    const text = pe("p", { id: `pe-cc-q-${uid}`, "data-role": "check-text", text: q.text });
    form.append(counter, text);
    const fields = checkFields(q, { uid, cells: model.get("cells"), mine: q.mine });
    form.append(...fields.nodes);
    form.append(checkNav(form, q, fields, { errorBox,
      goto: (index) => model.send({ type: "goto", index }),
      answer: (response) => model.send({ type: "answer", ask: q.ask, item: q.item, ...response }) }));
    if (q.mine) form.append(pe("p", { "data-role": "check-sent", text: say("check_sent") }));
    return form;
  }

  function revealList(r) {
    const list = pe("ol", { class: "pe-cc-reveal", "data-role": "check-revealed" });
    for (const item of r.items || []) {
      const verdict = item.right === null ? say("check_unanswered")
        : say(item.right ? "check_right" : "check_wrong");
      list.append(pe("li", { "data-item": item.item }, [
        pe("p", { text: item.text }),
        pe("p", { class: item.right ? "pe-cc-right" : "pe-cc-wrong", text: verdict }),
        pe("p", { text: item.explanation })]));
    }
    return [pe("p", { text: say("check_revealed") }), list];
  }

  let shownBefore = false; // a question was on the page before (the first one does not move it)
  function update() {
    const active = model.get("active");
    const lock = model.get("lock");
    const q = model.get("question") || {};
    const r = model.get("revealed") || {};
    root.hidden = !active || (!lock && !q.item && !r.ask);
    lockNote.hidden = !lock;
    lockNote.textContent = lock ? say("check_locked", { step: say(`check_step_${lock}`) }) : "";
    const key = JSON.stringify([q.ask, q.item, q.index, q.answered, q.mine, r.ask, lock]);
    if (key !== shownKey) {
      const newQuestion = q.item && (!shownKey || JSON.parse(shownKey)[1] !== q.item);
      shownKey = key;
      errorBox.hidden = true;
      if (q.item) body.replaceChildren(questionForm(q));
      else if (r.ask) body.replaceChildren(...revealList(r));
      else body.replaceChildren(pe("p", { "data-role": "check-none", text: say("check_none") }));
      // the next question's first line in sight (the last one's Send may have been at the
      // bottom of a phone's screen): the student reads on from where the question starts
      if (newQuestion && shownBefore) body.firstElementChild?.scrollIntoView?.({ block: "nearest" });
      shownBefore = true;
      if (newQuestion) announcer.say(`${say("check_heading")}: ${q.text}`);
      else if (r.ask && !q.item) announcer.say(say("check_revealed"));
      if (lock) announcer.say(lockNote.textContent);
    }
    refresher.set(active);
  }
  const unwatch = watchCheck(model, ["active", "lock", "question", "revealed"], update, errorBox);
  return () => {
    unwatch();
    refresher.stop();
  };
}

export default { render: withStrings(render) };
