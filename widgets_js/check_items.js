// check_items.js: how a student answers one item of the item bank (periodic_edu/checks), in
// every kind: a (two-tier) choice as radio groups, a number with its unit, a cell of the
// board (tap it, or choose it from a list); and a lesson's exit ticket ("open": in words). Shared by the class-play question panel
// (class_check.js), the practice check and the homework check (practice_check.js): a shared
// module, so it only declares things (see periodic_edu/widgets/_assets.py).
//
// `q` is an item's public part (Item.public(): no key). checkFields returns the fields' nodes
// and read(), which gives the response as the intent's keys ({choice, reason} | {value} |
// {cell} | {text}) or {error: key of the sentence that says what is missing}.
import { pe } from "./board.js";
import { say, localNumber } from "./text.js";

export function checkRadios(name, legend, options, chosen, role, disabled) {
  const box = pe("fieldset", { "data-role": role, disabled: disabled ? true : null }, [pe("legend", { text: legend })]);
  for (const o of options) {
    const input = pe("input", { type: "radio", name, value: o.id, "data-option": o.id });
    if (chosen === o.id) input.checked = true;
    box.append(pe("label", {}, [input, pe("span", { text: o.text })]));
  }
  return box;
}

export function checkPicked(box) {
  const on = box ? box.querySelector("input:checked") : null;
  return on ? on.value : null;
}

// `cells`: [symbol, period, group] of every board cell; `mine`: the answer given so far
// ({choice, reason} | {value} | {cell}) or null; `disabled`: shown, not changeable.
export function checkFields(q, { uid, cells, mine, disabled }) {
  mine = mine || {};
  const nodes = [];
  let answerBox = null, reasonBox = null, number = null, open = null, chosenCell = null;
  if (q.kind === "choice") {
    answerBox = checkRadios(`pe-cc-a-${uid}`, say("check_answer_label"), q.choices, mine.choice, "check-choices", disabled);
    nodes.push(answerBox);
    if (q.reasons && q.reasons.length) {
      reasonBox = checkRadios(`pe-cc-r-${uid}`, say("check_reason_label"), q.reasons, mine.reason, "check-reasons", disabled);
      nodes.push(reasonBox);
    }
  } else if (q.kind === "number") {
    number = pe("input", { type: "text", inputmode: "decimal", id: `pe-cc-n-${uid}`, "data-role": "check-number", autocomplete: "off", disabled: disabled ? true : null });
    if (mine.value !== null && mine.value !== undefined) number.value = localNumber(String(mine.value));
    const label = q.unit ? say("check_number_unit", { unit: q.unit }) : say("check_number_label");
    nodes.push(pe("label", { for: number.id }, [pe("span", { text: label }), number]));
  } else if (q.kind === "open") { // a lesson's exit ticket: in the student's own words
    open = pe("textarea", { id: `pe-cc-t-${uid}`, "data-role": "check-open", rows: "4", maxlength: "1000", disabled: disabled ? true : null });
    if (mine.text) open.value = mine.text;
    nodes.push(pe("label", { for: open.id, class: "pe-cc-open" }, [pe("span", { text: say("practice_open_label") }), open]));
  } else {
    chosenCell = mine.cell || null;
    const grid = pe("div", { class: "pe-cc-grid", role: "group", "aria-label": say("check_cell_label"), "data-role": "check-grid" });
    const select = pe("select", { id: `pe-cc-s-${uid}`, "data-role": "check-cell-list", disabled: disabled ? true : null });
    select.append(pe("option", { value: "", text: "—" }));
    for (const [symbol, period, group] of cells || []) {
      const b = pe("button", { type: "button", text: symbol, "data-cell": symbol, "aria-pressed": String(symbol === chosenCell), disabled: disabled ? true : null });
      b.style.gridRow = String(period);
      b.style.gridColumn = String(group);
      b.addEventListener("click", () => {
        chosenCell = symbol;
        select.value = symbol;
        for (const other of grid.querySelectorAll("button")) other.setAttribute("aria-pressed", String(other === b));
      });
      grid.append(b);
      select.append(pe("option", { value: symbol, text: symbol }));
    }
    if (chosenCell) select.value = chosenCell;
    select.addEventListener("change", () => {
      chosenCell = select.value || null;
      for (const other of grid.querySelectorAll("button")) other.setAttribute("aria-pressed", String(other.dataset.cell === chosenCell));
    });
    nodes.push(pe("div", { class: "pe-cc-gridwrap" }, [grid]),
      pe("label", { for: select.id }, [pe("span", { text: say("check_cell_list") }), select]));
  }
  function read() {
    if (q.kind === "choice") {
      const out = { choice: checkPicked(answerBox) };
      if (reasonBox) out.reason = checkPicked(reasonBox);
      if (out.choice === null || (reasonBox && out.reason === null)) return { error: "check_pick_both" };
      return out;
    }
    if (q.kind === "number") {
      const text = number.value.trim();
      const v = Number(text.replace(",", ".").replace("−", "-"));
      if (text === "" || !Number.isFinite(v)) return { error: "check_need_number" };
      return { value: v };
    }
    if (q.kind === "open") {
      const text = open.value.trim();
      return text ? { text } : { error: "practice_need_text" };
    }
    if (!chosenCell) return { error: "check_need_cell" };
    return { cell: chosenCell };
  }
  return { nodes, read };
}

// The question's buttons: Send (a submit of `form`), Previous and Next (`goto(index)`). On a
// submit, the fields are read: what is missing is said in `errorBox`, else `answer(response)`.
export function checkNav(form, q, fields, { errorBox, goto, answer, locked }) {
  const send = pe("button", { type: "submit", "data-role": "check-send", text: say("check_send"), disabled: locked ? true : null });
  const prev = pe("button", { type: "button", "data-role": "check-prev", text: say("check_prev"), disabled: q.index === 0 ? true : null });
  const next = pe("button", { type: "button", "data-role": "check-next", text: say("check_next"), disabled: q.index + 1 >= q.count ? true : null });
  prev.addEventListener("click", () => goto(q.index - 1));
  next.addEventListener("click", () => goto(q.index + 1));
  // on a phone a two-tier question is taller than the screen: once the answer is whole, Send
  // (the student's next tap) comes into sight; nothing moves while it is still incomplete
  const sendInSight = () => {
    if (!fields.read().error) send.scrollIntoView?.({ block: "nearest" });
  };
  form.addEventListener("change", sendInSight);
  form.addEventListener("input", sendInSight);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const response = fields.read();
    if (response.error) {
      errorBox.hidden = false;
      errorBox.textContent = say(response.error);
      return;
    }
    answer(response);
  });
  return pe("div", { class: "pe-cc-nav" }, [send, prev, next]);
}

// Draw on every change of `names` and show the refusal of `error` in `errorBox`; draws once
// now. Returns what stops it (the render's cleanup).
export function watchCheck(model, names, update, errorBox) {
  function drawError() {
    const text = model.get("error") || "";
    errorBox.hidden = !text;
    errorBox.textContent = text;
  }
  for (const n of names) model.on(`change:${n}`, update);
  model.on("change:error", drawError);
  update();
  drawError();
  return () => {
    for (const n of names) model.off(`change:${n}`, update);
    model.off("change:error", drawError);
  };
}
