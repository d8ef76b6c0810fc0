// elemonster_choices.js: the person's explained choices (Python's `choices` trait): answer an
// attack (the compare table), start a duel, lay a bond, the other choices, end the turn; and
// the bond workbench (every pair of the person's cards, per category: the bond or why not).
import { pe } from "./board.js";

function answerPart(em, ch) {
  const { T } = em;
  const a = ch.answer;
  if (!a) return null;
  const head = T("compare_head", { card: a.name, label: a.attack.map((x) => x.label).join(" + "),
                                   value: a.attack.map((x) => x.value).join(" + ") });
  // three columns (the attack's value is in the caption): they fit a 360 px phone in German
  const table = pe("table", { class: "em-compare", "data-role": "compare" }, [
    pe("caption", { text: head }),
    pe("thead", {}, [pe("tr", {}, [
      pe("th", { scope: "col", text: T("compare_card") }),
      pe("th", { scope: "col", text: a.answer_labels.join(" + ") }),
      pe("th", { scope: "col", text: T("compare_verdict") }),
    ])]),
    pe("tbody", {}, a.rows.map((r) => pe("tr", { "data-card": r.card, "data-beats": String(r.beats) }, [
      pe("th", { scope: "row", text: `${r.card} ${r.name}` }),
      pe("td", { class: "em-num", text: r.values.join(", ") }),
      pe("td", {}, [r.action ? em.actButton(T("parry", { card: r.card }), r.action, { class: "em-btn em-go" })
        : pe("span", { class: "em-no", text: T("does_not_beat") })]),
    ]))),
  ]);
  // a data table may scroll sideways on a narrow phone (WCAG 1.4.10 exempts data tables);
  // the region is a tab stop so a keyboard can scroll it (WCAG 2.1.1)
  return pe("div", { class: "em-scroll", role: "region", tabindex: "0", "aria-label": head }, [table]);
}

function attackPart(em, ch, redraw) {
  const { T, ui } = em;
  const attacks = ch.attacks || [];
  if (ch.prompt !== "main") return null;
  if (!attacks.length) return em.section("duel", T("duel"), [pe("p", { class: "em-small", text: T("duel_none") })]);
  const byCard = new Map();
  for (const a of attacks) { if (!byCard.has(a.card)) byCard.set(a.card, []); byCard.get(a.card).push(a); }
  if (!byCard.has(ui.attackCard)) ui.attackCard = [...byCard.keys()][0];
  const mine = byCard.get(ui.attackCard);
  if (!mine.some((a) => a.action === ui.attack)) ui.attack = mine[0].action;
  const chosen = mine.find((a) => a.action === ui.attack);
  const cardSelect = pe("select", { id: "em-attack-card", "data-role": "attack-card", "data-key": "s:attack-card" },
    [...byCard.keys()].map((c) => pe("option", { value: c, selected: c === ui.attackCard, text: `${c} ${(em.cards()[c] || {}).name || ""}` })));
  cardSelect.addEventListener("change", () => { ui.attackCard = cardSelect.value; ui.attack = ""; redraw(); });
  const attackSelect = pe("select", { id: "em-attack-value", "data-role": "attack-value", "data-key": "s:attack-value" },
    mine.map((a) => pe("option", { value: a.action, selected: a.action === ui.attack, text: a.label })));
  attackSelect.addEventListener("change", () => { ui.attack = attackSelect.value; redraw(); });
  return em.section("duel", T("duel"), [
    pe("div", { class: "em-row" }, [
      pe("label", { for: "em-attack-card", text: T("duel_card") }), cardSelect,
      pe("label", { for: "em-attack-value", text: T("duel_value") }), attackSelect,
      em.actButton(T("duel_go"), chosen.action, { "data-role": "attack-go", class: "em-btn em-go" }),
    ]),
    pe("p", { class: "em-small", "data-role": "attack-detail", text: chosen.detail }),
  ]);
}

function bondItem(em, b) {
  return pe("div", { class: "em-bond-option", "data-formula": b.formula }, [
    em.actButton(b.label, b.action, { class: "em-btn em-go", "aria-describedby": null }),
    pe("p", { class: "em-rule", "data-role": "rule", text: `${b.rule}. ${b.breakdown.join(" + ")}.` }),
  ]);
}

// Bonds that dissolve one of the person's own first (a corrosive card, ELEMONSTER §7.5) are
// grouped: one button opens them, then the new bond is chosen, then which bond to dissolve for
// it; the actions sent are the same (every step a button: keyboard and a 360 px bar alike).
function dissolvePart(em, groups, redraw) {
  const { T, ui } = em;
  if (!groups.size) return null;
  const open = (fields, focus) => () => { Object.assign(ui, fields); ui.focus = focus; redraw(); };
  if (ui.bondGroup && !groups.has(ui.bondGroup)) ui.bondGroup = "";
  if (ui.bondGroup) {
    const list = groups.get(ui.bondGroup);
    const id = `em-h-dissolve-${Math.random().toString(36).slice(2, 8)}`;
    return pe("div", { class: "em-bond-group", role: "group", "aria-labelledby": id, "data-role": "bond-dissolve" }, [
      pe("h4", { id, text: T("bond_dissolve_which", { formula: list[0].formula }) }),
      pe("p", { class: "em-rule", text: `${list[0].label}. ${list[0].rule}.` }),
      em.optionList(list.map((b) => em.actButton(b.dissolve.label, b.action, { class: "em-btn em-go" })), list[0].formula),
      em.button(T("bond_back"), { "data-role": "bond-back", "data-key": "r:bond-back" }, open({ bondGroup: "" }, "r:bond-more")),
    ]);
  }
  if (!ui.bondsMore) {
    return em.button(T("bond_dissolve_more", { n: groups.size }), { "data-role": "bond-more", "data-key": "r:bond-more", "aria-expanded": "false" },
      open({ bondsMore: true }, "r:bond-group"));
  }
  const id = `em-h-dissolve-${Math.random().toString(36).slice(2, 8)}`;
  return pe("div", { class: "em-bond-group", role: "group", "aria-labelledby": id, "data-role": "bond-groups" }, [
    pe("h4", { id, text: T("bond_dissolve_head") }),
    em.optionList([...groups.entries()].map(([key, list]) =>
      em.button(list[0].label, { "data-role": "bond-group", "data-group": key, "data-key": `g:${key}`, "aria-expanded": "false" },
        open({ bondGroup: key }, "r:bond-back"))), T("bond_dissolve_head")),
    em.button(T("bond_back"), { "data-role": "bond-back", "data-key": "r:bond-back", "aria-expanded": "true" }, open({ bondsMore: false }, "r:bond-more")),
  ]);
}

function bondPart(em, ch, redraw) {
  const { T } = em;
  if (ch.prompt !== "main") return null;
  const bonds = ch.bonds || [];
  const groups = new Map();
  for (const b of bonds.filter((x) => x.dissolve)) {
    if (!groups.has(b.group)) groups.set(b.group, []);
    groups.get(b.group).push(b);
  }
  const items = bonds.filter((b) => !b.dissolve).map((b) => bondItem(em, b));
  // the grouped bonds' one button (or their open group) before the list: after a long list
  // it lay below the phone's bar, where its scrolling had hidden it
  const more = dissolvePart(em, groups, redraw);
  return em.section("bonds-legal", T("bond_legal"), [
    more,
    items.length ? em.optionList(items, T("bond_legal")) : pe("p", { class: "em-small", text: T("bond_none") }),
  ].filter(Boolean));
}

function otherPart(em, ch) {
  const items = (ch.other || []).filter((o) => o.kind !== "parry" || !ch.answer).map((o) => em.actButton(o.label, o.action));
  if (!items.length) return null;
  return em.section("other", em.T("other"), [em.optionList(items, em.T("other"))]);
}

function discardPart(em, ch) {
  const items = (ch.discards || []).map((d) => em.actButton(d.label, d.action));
  if (!items.length) return null;
  return em.section("discard", em.T("discard_head"), [em.optionList(items, em.T("discard_head"))]);
}

/** The section of the person's choices, or null when the person has nothing to decide. */
export function choicesView(em, redraw) {
  const ch = em.model.get("choices") || {};
  if (!ch.prompt) return null;
  // what this decision answers (the others' last moves) and what it is, in words, with its
  // buttons: on a phone the bar is all that is on screen
  const cause = ch.prompt !== "main" && (ch.cause || ch.headline) ? pe("div", { class: "em-cause", "data-role": "cause" }, [
    ch.cause ? pe("p", { "data-role": "cause-moves", text: ch.cause }) : null,
    pe("p", { class: "em-situation", "data-role": "situation", text: ch.headline || "" }),
  ].filter(Boolean)) : null;
  const parts = [cause, answerPart(em, ch), attackPart(em, ch, redraw), bondPart(em, ch, redraw), otherPart(em, ch), discardPart(em, ch)].filter(Boolean);
  return em.section("choices", em.T("your_move"), parts, { class: "em-section em-choices" });
}

/** Pick two cards of the hand: which bonds they make and why (Python's `pairs`). */
export function workbenchView(em, redraw) {
  const { T, P, ui } = em;
  const pairs = em.model.get("pairs") || [];
  const hand = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  if (hand.length < 2) return null;
  if (!hand.includes(ui.pairA)) ui.pairA = hand[0];
  if (!hand.includes(ui.pairB) || ui.pairB === ui.pairA) ui.pairB = hand.find((c) => c !== ui.pairA);
  const sel = (id, value, role, onChange) => {
    const s = pe("select", { id, "data-role": role, "data-key": `s:${role}` },
      hand.map((c) => pe("option", { value: c, selected: c === value, text: `${c} ${(em.cards()[c] || {}).name || ""}` })));
    s.addEventListener("change", () => onChange(s.value));
    return s;
  };
  const pair = pairs.find((p) => (p.a === ui.pairA && p.b === ui.pairB) || (p.a === ui.pairB && p.b === ui.pairA));
  const labels = em.W().categories || {};
  const verdicts = pair ? pair.verdicts.map((v) => pe("li", { "data-category": v.category, "data-ok": String(v.ok) }, [
    pe("strong", { text: `${labels[v.category] || v.category}: ` }),
    v.ok ? `${v.text}. ${v.rule}.` : v.text,
    v.action && em.myTurn() ? [" ", em.actButton(T("bond_lay", { formula: v.formula, points: P("n_points", v.points) }), v.action)] : null,
  ].flat())) : [];
  return em.section("workbench", T("bond_build"), [
    pe("p", { class: "em-small", text: T("bond_pick") }),
    pe("div", { class: "em-row" }, [
      pe("label", { for: "em-pair-a", text: T("bond_first") }),
      sel("em-pair-a", ui.pairA, "pair-a", (x) => { ui.pairA = x; redraw(); }),
      pe("label", { for: "em-pair-b", text: T("bond_second") }),
      sel("em-pair-b", ui.pairB, "pair-b", (x) => { ui.pairB = x; redraw(); }),
    ]),
    pe("ul", { class: "em-verdicts", "data-role": "verdicts" }, verdicts),
  ]);
}
