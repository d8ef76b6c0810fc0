// elemonster.js: the ElemonsterWidget (anywidget ES module; no bundler, no CDN).
//
// Python holds the game; this module draws the traits it syncs (the person's own hand, the
// table, the explained legal choices) and sends INTENTS with model.send():
// {type: "act", action, rev}, {type: "step_bot", rev}, {type: "pause", paused},
// {type: "undo", rev}, {type: "new_game", rev}. Python checks each one against
// legal_actions(); a refusal comes back in `error`, in the widget's language. Every word comes
// from Python in the read-only `strings` trait ({lang, decimal_mark, text, values, categories,
// symbols, kinds}: the "elemonster" catalog in the widget's language); there is no catalog
// here. Root: [data-widget="elemonster"] with data-revision, data-my-turn, data-over, lang.
import { pe } from "./board.js";
import { createAnnouncer } from "./announcer.js";
import { elemonsterCard, emText } from "./elemonster_card.js";

function render({ model, el }) {
  const root = pe("div", { class: "pe-root em-root", "data-widget": "elemonster", lang: "en" });
  const announcer = createAnnouncer("announce");
  el.append(root);
  let botTimer = null;
  let destroyed = false;
  let seenLog = -1;
  let sentRev = -1; // the revision a click was sent for: one act per position
  const ui = { attackCard: "", attack: "", pairA: "", pairB: "" };

  const S = () => model.get("static") || {};
  const W = () => model.get("strings") || {};
  const lang = () => W().lang || "en";
  const T = (key, params) => emText(W().text || {}, key, params || {}, lang());
  const P = (key, n) => T(key, { n });
  const V = () => model.get("view") || {};
  const cards = () => model.get("cards") || {};
  const myTurn = () => Boolean((model.get("choices") || {}).prompt);

  function send(message) {
    model.send({ ...message, rev: model.get("revision") });
  }
  function act(action) {
    if (sentRev === model.get("revision")) return; // a double click: the first one counts
    sentRev = model.get("revision");
    send({ type: "act", action });
  }
  function button(label, attrs, onClick) {
    const b = pe("button", { type: "button", class: "em-btn", ...attrs }, [label]);
    b.addEventListener("click", onClick);
    return b;
  }
  function actButton(label, action, extra = {}) {
    return button(label, { "data-action": action, "data-key": `a:${action}`, ...extra }, () => act(action));
  }
  function section(role, title, children, extra = {}) {
    const id = `em-h-${role}-${Math.random().toString(36).slice(2, 8)}`;
    return pe("section", { class: `em-section em-${role}`, "data-role": role, "aria-labelledby": id, ...extra }, [
      pe("h3", { id, text: title }), ...children]);
  }
  function cardOf(id, compact = true) {
    const w = W();
    return elemonsterCard(cards()[id], { text: w.text || {}, symbols: w.symbols || {}, sources: S().sources || {}, compact,
                                         lang: lang(), decimalMark: w.decimal_mark || "." });
  }
  function optionList(items, label) {
    return pe("div", { class: "em-options", role: "group", "aria-label": label }, items);
  }

  // ---- the parts -------------------------------------------------------------------------------
  function controls() {
    const paused = Boolean(model.get("paused"));
    const bar = pe("div", { class: "em-controls", "data-role": "controls" }, [
      button(paused ? T("resume") : T("pause"), { "data-role": "pause", "aria-pressed": paused ? "true" : "false" },
        () => send({ type: "pause", paused: !paused })),
      button(T("step"), { "data-role": "step", disabled: !model.get("bot_pending") }, () => send({ type: "step_bot" })),
      button(T("undo"), { "data-role": "undo", disabled: !model.get("can_undo") }, () => send({ type: "undo" })),
      button(T("new_game"), { "data-role": "new-game" }, () => send({ type: "new_game" })),
    ]);
    return bar;
  }

  function status() {
    const v = V();
    const seats = model.get("seats") || [];
    let text;
    if (v.is_over) text = T("over");
    else if (myTurn()) text = (model.get("choices") || {}).headline || T("your_move");
    else if (model.get("paused")) text = T("paused");
    else text = T("waiting", { name: (seats[v.current_player] || {}).name || "" });
    return pe("p", { class: "em-status", "data-role": "status", text });
  }

  function answerPart(ch) {
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
        pe("td", {}, [r.action ? actButton(T("parry", { card: r.card }), r.action, { class: "em-btn em-go" })
          : pe("span", { class: "em-no", text: T("does_not_beat") })]),
      ]))),
    ]);
    // a data table may scroll sideways on a narrow phone (WCAG 1.4.10 exempts data tables);
    // the region is a tab stop so a keyboard can scroll it (WCAG 2.1.1)
    return pe("div", { class: "em-scroll", role: "region", tabindex: "0", "aria-label": head }, [table]);
  }

  function attackPart(ch) {
    const attacks = ch.attacks || [];
    if (ch.prompt !== "main") return null;
    if (!attacks.length) return section("duel", T("duel"), [pe("p", { class: "em-small", text: T("duel_none") })]);
    const byCard = new Map();
    for (const a of attacks) { if (!byCard.has(a.card)) byCard.set(a.card, []); byCard.get(a.card).push(a); }
    if (!byCard.has(ui.attackCard)) ui.attackCard = [...byCard.keys()][0];
    const mine = byCard.get(ui.attackCard);
    if (!mine.some((a) => a.action === ui.attack)) ui.attack = mine[0].action;
    const chosen = mine.find((a) => a.action === ui.attack);
    const cardSelect = pe("select", { id: "em-attack-card", "data-role": "attack-card", "data-key": "s:attack-card" },
      [...byCard.keys()].map((c) => pe("option", { value: c, selected: c === ui.attackCard, text: `${c} ${(cards()[c] || {}).name || ""}` })));
    cardSelect.addEventListener("change", () => { ui.attackCard = cardSelect.value; ui.attack = ""; draw(); });
    const attackSelect = pe("select", { id: "em-attack-value", "data-role": "attack-value", "data-key": "s:attack-value" },
      mine.map((a) => pe("option", { value: a.action, selected: a.action === ui.attack, text: a.label })));
    attackSelect.addEventListener("change", () => { ui.attack = attackSelect.value; draw(); });
    return section("duel", T("duel"), [
      pe("div", { class: "em-row" }, [
        pe("label", { for: "em-attack-card", text: T("duel_card") }), cardSelect,
        pe("label", { for: "em-attack-value", text: T("duel_value") }), attackSelect,
        actButton(T("duel_go"), chosen.action, { "data-role": "attack-go", class: "em-btn em-go" }),
      ]),
      pe("p", { class: "em-small", "data-role": "attack-detail", text: chosen.detail }),
    ]);
  }

  function bondPart(ch) {
    if (ch.prompt !== "main") return null;
    const bonds = ch.bonds || [];
    const items = bonds.map((b) => pe("div", { class: "em-bond-option", "data-formula": b.formula }, [
      actButton(b.label, b.action, { class: "em-btn em-go", "aria-describedby": null }),
      pe("p", { class: "em-rule", "data-role": "rule", text: `${b.rule}. ${b.breakdown.join(" + ")}.` }),
    ]));
    return section("bonds-legal", T("bond_legal"), bonds.length ? [optionList(items, T("bond_legal"))]
      : [pe("p", { class: "em-small", text: T("bond_none") })]);
  }

  function workbench() {
    const pairs = model.get("pairs") || [];
    const hand = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
    if (hand.length < 2) return null;
    if (!hand.includes(ui.pairA)) ui.pairA = hand[0];
    if (!hand.includes(ui.pairB) || ui.pairB === ui.pairA) ui.pairB = hand.find((c) => c !== ui.pairA);
    const sel = (id, value, role, onChange) => {
      const s = pe("select", { id, "data-role": role, "data-key": `s:${role}` },
        hand.map((c) => pe("option", { value: c, selected: c === value, text: `${c} ${(cards()[c] || {}).name || ""}` })));
      s.addEventListener("change", () => onChange(s.value));
      return s;
    };
    const pair = pairs.find((p) => (p.a === ui.pairA && p.b === ui.pairB) || (p.a === ui.pairB && p.b === ui.pairA));
    const labels = W().categories || {};
    const verdicts = pair ? pair.verdicts.map((v) => pe("li", { "data-category": v.category, "data-ok": String(v.ok) }, [
      pe("strong", { text: `${labels[v.category] || v.category}: ` }),
      v.ok ? `${v.text}. ${v.rule}.` : v.text,
      v.action && myTurn() ? [" ", actButton(T("bond_lay", { formula: v.formula, points: P("n_points", v.points) }), v.action)] : null,
    ].flat())) : [];
    return section("workbench", T("bond_build"), [
      pe("p", { class: "em-small", text: T("bond_pick") }),
      pe("div", { class: "em-row" }, [
        pe("label", { for: "em-pair-a", text: T("bond_first") }),
        sel("em-pair-a", ui.pairA, "pair-a", (x) => { ui.pairA = x; draw(); }),
        pe("label", { for: "em-pair-b", text: T("bond_second") }),
        sel("em-pair-b", ui.pairB, "pair-b", (x) => { ui.pairB = x; draw(); }),
      ]),
      pe("ul", { class: "em-verdicts", "data-role": "verdicts" }, verdicts),
    ]);
  }

  function otherPart(ch) {
    const items = (ch.other || []).filter((o) => o.kind !== "parry" || !ch.answer).map((o) => actButton(o.label, o.action));
    if (!items.length) return null;
    return section("other", T("other"), [optionList(items, T("other"))]);
  }

  function discardPart(ch) {
    const items = (ch.discards || []).map((d) => actButton(d.label, d.action));
    if (!items.length) return null;
    return section("discard", T("discard_head"), [optionList(items, T("discard_head"))]);
  }

  function choicesPart() {
    const ch = model.get("choices") || {};
    if (!ch.prompt) return null;
    const parts = [answerPart(ch), attackPart(ch), bondPart(ch), otherPart(ch), discardPart(ch)].filter(Boolean);
    return section("choices", T("your_move"), parts, { class: "em-section em-choices" });
  }

  function handPart() {
    const v = V();
    const hand = v.hand || [];
    return section("hand", T("hand"), [
      pe("ul", { class: "em-hand" }, hand.map((c) => pe("li", {}, [cardOf(c)]))),
    ]);
  }

  function tablePart() {
    const v = V();
    const seats = model.get("seats") || [];
    const labels = W().categories || {};
    const players = seats.map((s) => {
      const bonds = (v.bonds || [])[s.seat] || [];
      return pe("div", { class: "em-player", "data-seat": s.seat, "data-current": String(v.current_player === s.seat),
                         style: { borderColor: s.colour } }, [
        pe("h4", { text: T("score_row", { name: s.name, points: P("n_points", (v.bond_points || [])[s.seat] || 0),
                                          bonds: P("n_bonds", bonds.length) }) }),
        pe("p", { class: "em-small", text: T("hand_count", { name: s.name, n: (v.hand_sizes || [])[s.seat] || 0 }) }),
        bonds.length ? pe("table", { class: "em-bonds" }, [
          pe("caption", { class: "pe-sr", text: `${T("bonds")}: ${s.name}` }),
          pe("tbody", {}, bonds.map((b) => pe("tr", { "data-formula": b.formula }, [
            pe("th", { scope: "row", text: b.formula }),
            pe("td", { text: labels[b.category] || b.category }),
            pe("td", { class: "em-num", text: String(b.points) }),
          ]))),
        ]) : pe("p", { class: "em-small", text: T("no_bonds") }),
      ]);
    });
    const discard = v.discard || [];
    return section("table", T("bonds"), [
      pe("div", { class: "em-players" }, players),
      pe("p", { class: "em-small", "data-role": "pile", text: T("pile", { n: v.pile_size || 0 }) }),
      pe("p", { class: "em-small", "data-role": "discard" },
        [`${T("discard")}: `, discard.length ? discard.join(", ") : T("discard_empty")]),
    ]);
  }

  function duelTable() {
    const v = V();
    const d = v.duel;
    if (!d) return null;
    const shown = [d.card, ...(d.parries || [])].filter((c) => cards()[c]);
    return section("duel-table", T("duel_table"), [pe("ul", { class: "em-hand" }, shown.map((c) => pe("li", {}, [cardOf(c)])))]);
  }

  function logPart() {
    const entries = model.get("game_log") || [];
    return section("log", T("log"), [
      // a scrolling list is a tab stop, so keyboard users can scroll it (WCAG 2.1.1)
      pe("ol", { class: "em-log", reversed: true, tabindex: "0", "aria-label": T("log") }, entries.slice().reverse().map((e) =>
        pe("li", { "data-i": e.i, "data-bot": e.bot || null, "data-kind": e.kind }, [
          pe("strong", { text: `${e.name}: ` }), pe("span", { class: "em-entry-text", text: e.text }),
        ]))),
    ]);
  }

  function finalPart() {
    const f = model.get("final") || {};
    if (!f.scores) return null;
    const names = f.winners.map((s) => f.scores[s].name).join(", ");
    return section("final", T("over"), [
      pe("p", { class: "em-winner", text: T("winner", { names }) }),
      pe("ul", {}, f.scores.map((s) => pe("li", { "data-seat": s.seat, text: T("final_row", { ...s, hand: s.hand.total }) }))),
    ]);
  }

  const errorBox = pe("p", { class: "pe-error", "data-role": "error", role: "alert", hidden: true });

  function draw() {
    const focused = document.activeElement;
    const hadFocus = root.contains(focused);
    const key = hadFocus && focused.dataset ? focused.dataset.key : null;
    const v = V();
    root.lang = lang();
    Object.assign(root.dataset, {
      revision: String(model.get("revision")), myTurn: String(myTurn()), over: String(Boolean(v.is_over)),
      prompt: (model.get("choices") || {}).prompt || "", botPending: String(Boolean(model.get("bot_pending"))),
    });
    root.replaceChildren(
      pe("h2", { class: "em-title", text: T("title") }),
      status(), controls(), errorBox, announcer.root,
      pe("div", { class: "em-grid" }, [
        pe("div", { class: "em-main" }, [finalPart(), choicesPart(), duelTable(), handPart(), workbench()].filter(Boolean)),
        pe("div", { class: "em-side" }, [tablePart(), logPart()]),
      ]),
    );
    if (hadFocus) {
      const again = key ? root.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
      const first = root.querySelector('[data-role="choices"] button, [data-role="choices"] select') || root.querySelector('[data-role="controls"] button');
      (again || first || root).focus();
    }
    root.dataset.ready = "true";
  }

  function announce() {
    const total = model.get("log_total") || 0;
    const entries = model.get("game_log") || [];
    if (seenLog < 0) { seenLog = total; return; }
    const fresh = total > seenLog ? entries.slice(-(total - seenLog)) : [];
    seenLog = total;
    const parts = fresh.map((e) => `${e.name}: ${e.text}`);
    if (myTurn()) parts.push((model.get("choices") || {}).headline || "");
    if (model.get("final") && (model.get("final") || {}).scores) parts.push(T("over"));
    announcer.say(parts.join(" "), true);
  }

  function scheduleBot() {
    if (botTimer !== null) { clearTimeout(botTimer); botTimer = null; }
    if (destroyed || !model.get("bot_pending") || model.get("paused")) return;
    const rev = model.get("revision");
    botTimer = setTimeout(() => {
      botTimer = null;
      if (!destroyed && model.get("bot_pending") && !model.get("paused") && model.get("revision") === rev) {
        model.send({ type: "step_bot", rev });
      }
    }, Math.max(0, model.get("bot_delay_ms") || 0));
  }

  function showError() {
    const text = model.get("error") || "";
    errorBox.textContent = text ? T("error", { text }) : "";
    errorBox.hidden = !text;
    if (text) sentRev = -1; // the refused click may be tried again
  }

  // keyboard: arrows move within a group of options, Escape goes back to the first choice
  root.addEventListener("keydown", (event) => {
    const group = event.target.closest && event.target.closest(".em-options");
    if (group && ["ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft"].includes(event.key)) {
      const buttons = [...group.querySelectorAll("button:not([disabled])")];
      const i = buttons.indexOf(event.target);
      if (i < 0) return;
      const step = event.key === "ArrowDown" || event.key === "ArrowRight" ? 1 : -1;
      buttons[(i + step + buttons.length) % buttons.length].focus();
      event.preventDefault();
    } else if (event.key === "Escape") {
      ui.attackCard = ""; ui.attack = "";
      const first = root.querySelector('[data-role="choices"] button, [data-role="choices"] select');
      if (first) { first.focus(); event.preventDefault(); }
    }
  });

  function onRevision() { draw(); announce(); scheduleBot(); }
  model.on("change:revision", onRevision);
  model.on("change:paused", () => { draw(); scheduleBot(); });
  model.on("change:strings", () => { draw(); showError(); });
  model.on("change:error", showError);
  model.on("change:refusals", showError);
  draw();
  announce();
  showError();
  scheduleBot();
  return () => { destroyed = true; if (botTimer !== null) clearTimeout(botTimer); root.remove(); };
}

export default { render };
