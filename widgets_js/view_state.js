// view_state.js: what a person has done on a view that the model does not hold (a fold they
// opened, a code they are typing, where the keyboard is), carried over a redraw. A page opened
// in a browser set to German is drawn in English first and redrawn once Python has read the
// browser's language; a student who opened "Join a class game" and typed the code in that
// moment must not find the fold shut and the field empty.
//
// Elements are matched by their data-role and their place among the elements with that role,
// so a redraw in another language (same structure, other words) finds each one again.

// buttons only for where the keyboard was: a keyboard user redrawn in another language stays put
const VIEW_STATE_KEPT = ["details", "input", "textarea", "select", "button"]
  .map((tag) => `${tag}[data-role]`).join(", ");

function viewStateNodes(el) {
  const seen = new Map();
  const out = new Map();
  for (const node of el.querySelectorAll(VIEW_STATE_KEPT)) {
    const role = `${node.tagName}:${node.dataset.role}`;
    const n = seen.get(role) || 0;
    seen.set(role, n + 1);
    out.set(`${role}:${n}`, node);
  }
  return out;
}

/** What the person changed on this view: open folds, typed values, the focused element. */
export function saveViewState(el) {
  const state = { nodes: new Map(), focus: null };
  for (const [key, node] of viewStateNodes(el)) {
    if (node.tagName === "BUTTON") { /* focus only */ }
    else if (node.tagName === "DETAILS") state.nodes.set(key, { open: node.open });
    else if (node.type === "checkbox" || node.type === "radio") {
      state.nodes.set(key, { checked: node.checked });
    } else if (node.value !== node.defaultValue || node.tagName === "SELECT") {
      state.nodes.set(key, { value: node.value });
    }
    if (node === el.ownerDocument.activeElement) state.focus = key;
  }
  return state;
}

/** Put back what saveViewState found, on the redrawn view. A select keeps its new default
 * when the old choice is no longer offered; a field the redraw already filled (from the model)
 * keeps the model's value. */
export function restoreViewState(el, state) {
  if (!state) return;
  for (const [key, node] of viewStateNodes(el)) {
    const was = state.nodes.get(key);
    if (was) {
      if ("open" in was) node.open = was.open;
      else if ("checked" in was) node.checked = was.checked;
      else if (node.tagName === "SELECT") {
        if ([...node.options].some((o) => o.value === was.value)) node.value = was.value;
      } else if (node.value === node.defaultValue) node.value = was.value;
    }
    if (key === state.focus) node.focus({ preventScroll: true });
  }
}
