// elemonster.js: the ElemonsterWidget (anywidget ES module; no bundler, no CDN): wires the views.
//
// Python holds the table (the game, seats, log, undo, save); this module draws the traits it
// syncs (the person's own hand, the table, the explained legal choices) and sends INTENTS with
// model.send() through the shared shell (game_shell.js: one action per revision, the bot
// timer, refusals): {type: "act", action, rev}, {type: "step_bot", rev}, {type: "pause",
// paused}, {type: "undo", rev}, {type: "new_game", rev}, {type: "hello", token},
// {type: "resume"}, {type: "dismiss_resume"}. Python checks each one; a refusal comes back in
// `error`, in the widget's language. Every word comes from Python in the read-only `strings`
// trait ({lang, decimal_mark, text, values, categories, symbols, kinds}: the "elemonster"
// catalog in the widget's language); there is no catalog here.
// Root: [data-widget="elemonster"] with data-revision, data-my-turn, data-over, lang. The
// views: elemonster_choices.js (what the person may do), elemonster_table.js (what lies open),
// elemonster_help.js (How to play), game_resume.js (a reload offers the saved game).
import { pe } from "./board.js";
import { createAnnouncer } from "./announcer.js";
import { createShell } from "./game_shell.js";
import { createResume } from "./game_resume.js";
import { createEmUi } from "./elemonster_ui.js";
import { choicesView, workbenchView } from "./elemonster_choices.js";
import { handView, tableView, duelView, logView, finalView } from "./elemonster_table.js";
import { createEmHelp } from "./elemonster_help.js";
import { watchBar, barPinned, reveal, afterLayout } from "./turn_view.js";

const EM_RESUME_KEY = "periodic_edu.elemonster.resume_token";
let emCount = 0;

function render({ model, el }) {
  emCount += 1;
  const uid = `em${emCount}`;
  const root = pe("div", { class: "pe-root em-root", "data-widget": "elemonster", lang: "en" });
  const announcer = createAnnouncer("announce");
  el.append(root);
  const shell = createShell(model);
  const em = createEmUi(model, shell);
  const { T } = em;
  const help = createEmHelp(em, uid, model);
  // a class table: How to play starts closed (a game runs; the button opens it on demand)
  if (model.get("class_seat")) help.show(false);
  // the action bar (turn_view.js): the person's choices, pinned to the bottom on a phone
  const bar = pe("div", { class: "em-bar", "data-role": "action-bar" });
  const barWatch = watchBar(bar);
  let shownFor = "";
  const resumeWords = () => ({ title: T("saved_title"), question: T("saved_question"), fresh: T("saved_new") });
  const resume = createResume({ model, send: shell.send }, resumeWords, EM_RESUME_KEY);
  const errorBox = pe("p", { class: "pe-error", "data-role": "error", role: "alert", hidden: true });
  // the reason Undo is off, read with the button (aria-describedby), never shown twice
  const undoWhy = pe("span", { class: "pe-sr", id: `${uid}-undo-why` });

  function controls() {
    const v = em.V();
    // at the end, or when the game went on in another tab, only a new game is left to start
    const over = Boolean(v.is_over) || Boolean(model.get("moved_away"));
    const anyBot = (model.get("seats") || []).some((s) => s.bot);
    const paused = Boolean(model.get("paused"));
    const canUndo = Boolean(model.get("can_undo"));
    undoWhy.textContent = canUndo ? "" : model.get("undo_note") || "";
    const undo = em.button(T("undo"), { "data-role": "undo", "aria-disabled": String(!canUndo),
                                        title: canUndo ? null : model.get("undo_note") || null,
                                        "aria-describedby": canUndo ? null : undoWhy.id },
    // pressed while off, Python says why (in `error`, read out as an alert)
    () => em.send({ type: "undo" }));
    // at a class table (`class_seat`) bots move in the room and the teacher starts the games
    const atClass = Boolean(model.get("class_seat"));
    if (atClass) return pe("div", { class: "em-controls", "data-role": "controls" }, [help.button]);
    const bots = over || !anyBot ? [] : [
      em.button(paused ? T("resume") : T("pause"), { "data-role": "pause", "aria-pressed": paused ? "true" : "false" },
        () => em.send({ type: "pause", paused: !paused })),
      em.button(T("step"), { "data-role": "step", disabled: !model.get("bot_pending") }, () => em.send({ type: "step_bot" })),
    ];
    // a new game may be played in the other variant (the advanced one deals multipliers)
    if (!em.ui.variant) em.ui.variant = model.get("variant") || "beginner";
    const variant = pe("select", { id: `${uid}-variant`, "data-role": "variant", "data-key": "s:variant" },
      ["beginner", "advanced"].map((x) => pe("option", { value: x, selected: x === em.ui.variant, text: T(`variant_${x}`) })));
    variant.addEventListener("change", () => { em.ui.variant = variant.value; });
    return pe("div", { class: "em-controls", "data-role": "controls" }, [
      help.button, ...bots, undo,
      pe("span", { class: "em-row" }, [
        em.button(T("new_game"), { "data-role": "new-game", class: over ? "em-btn em-go" : "em-btn" },
          () => em.send({ type: "new_game", variant: em.ui.variant })),
        pe("label", { for: `${uid}-variant`, text: T("variant_label") }), variant,
      ]),
      undoWhy,
    ]);
  }

  function status() {
    const v = em.V();
    const seats = model.get("seats") || [];
    let text;
    if (model.get("moved_away")) {
      const note = model.get("undo_note") || ""; // a refusal's words, said as a sentence here
      text = note.charAt(0).toUpperCase() + note.slice(1) + ".";
    }
    else if (v.is_over) text = T("over");
    else if (model.get("class_note")) text = model.get("class_note");
    else if (em.myTurn()) text = (model.get("choices") || {}).headline || T("your_move");
    else if (model.get("paused")) text = T("paused");
    else text = T("waiting", { name: (seats[v.current_player] || {}).name || "" });
    return pe("p", { class: "em-status", "data-role": "status", text });
  }

  function draw() {
    const focused = document.activeElement;
    const hadFocus = root.contains(focused);
    // a step of a grouped choice names what to focus next (em.ui.focus); else the same control
    const key = em.ui.focus || (hadFocus && focused.dataset ? focused.dataset.key || (focused.dataset.role ? `r:${focused.dataset.role}` : null) : null);
    em.ui.focus = "";
    const v = em.V();
    root.lang = em.lang();
    Object.assign(root.dataset, {
      revision: String(model.get("revision")), myTurn: String(em.myTurn()), over: String(Boolean(v.is_over)),
      prompt: (model.get("choices") || {}).prompt || "", botPending: String(Boolean(model.get("bot_pending"))),
      variant: model.get("variant") || "", movedAway: String(Boolean(model.get("moved_away"))),
    });
    resume.update(v);
    // paused by the teacher: no choice is offered, the reason is (in the bar, on a phone)
    const note = model.get("class_note") || "";
    const choices = note ? pe("p", { class: "em-status", "data-role": "paused-note", text: note }) : choicesView(em, draw);
    bar.replaceChildren(...(choices ? [errorBox, choices] : []));
    bar.hidden = !choices;
    root.replaceChildren(
      pe("h2", { class: "em-title", text: T("title") }),
      status(), controls(), resume.root, help.root, ...(choices ? [] : [errorBox]), announcer.root,
      pe("div", { class: "em-grid" }, [
        pe("div", { class: "em-main" }, [finalView(em), bar, duelView(em), handView(em), workbenchView(em, draw)].filter(Boolean)),
        pe("div", { class: "em-side" }, [tableView(em), logView(em)]),
      ]),
    );
    if (hadFocus) {
      const again = key ? root.querySelector(`[data-key="${CSS.escape(key)}"]`) || (key.startsWith("r:")
        ? root.querySelector(`[data-role="${CSS.escape(key.slice(2))}"]`) : null) : null;
      const first = root.querySelector('[data-role="choices"] button, [data-role="choices"] select') || root.querySelector('[data-role="controls"] button');
      (again || first || root).focus();
    }
    root.dataset.ready = "true";
    // a new decision: the page brings it on screen by itself (pinned on a phone, in view else)
    const decision = em.myTurn() ? `${model.get("revision")}` : "";
    if (decision && decision !== shownFor) {
      bar.scrollTop = 0; // a new decision: its cause and first choices at the top of the bar
      // pinned (a phone), the bar is on screen already, and scrolls inside itself until its
      // first choice is whole (the cause lines above it may be long); else the page brings it
      // into view
      afterLayout(() => {
        if (shell.destroyed) return;
        const first = bar.querySelector("button, select");
        if (!barPinned(bar)) reveal([first || bar]);
        else if (first) {
          const over = first.getBoundingClientRect().bottom - bar.getBoundingClientRect().bottom;
          if (over > 0) bar.scrollTop += over + 4;
        }
      });
    }
    shownFor = decision;
  }

  function announce() {
    const { fresh, undone } = shell.news();
    const parts = fresh.map((e) => `${e.name}: ${e.text}`);
    if (undone) parts.push(T("undo"));
    if (fresh.length || undone) {
      if (em.myTurn()) parts.push((model.get("choices") || {}).headline || "");
      if ((model.get("final") || {}).scores) parts.push(T("over"), (model.get("final") || {}).why || "");
    }
    announcer.say(parts.join(" "), true);
  }

  function showError() {
    const text = model.get("error") || "";
    errorBox.textContent = text ? T("error", { text }) : "";
    errorBox.hidden = !text;
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
      em.ui.attackCard = ""; em.ui.attack = ""; em.ui.bondsMore = false; em.ui.bondGroup = "";
      draw();
      const first = root.querySelector('[data-role="choices"] button, [data-role="choices"] select');
      if (first) { first.focus(); event.preventDefault(); }
    }
  });

  function onRevision() {
    em.ui.bondsMore = false; em.ui.bondGroup = ""; // a new position: the grouped bonds fold
    draw(); announce(); shell.scheduleBot();
  }
  function onWords() {
    help.update();
    draw();
    showError();
  }
  function onPaused() { draw(); shell.scheduleBot(); }
  function onOffer() { draw(); }
  const listeners = [["change:revision", onRevision], ["change:paused", onPaused], ["change:strings", onWords],
                     ["change:resume_offer", onOffer], ["change:class_note", onOffer], ["change:error", showError], ["change:refusals", showError]];
  for (const [event, handler] of listeners) model.on(event, handler);
  draw();
  announce();
  showError();
  resume.hello();
  shell.scheduleBot();
  return () => {
    shell.destroy();
    barWatch.destroy();
    for (const [event, handler] of listeners) model.off(event, handler);
    root.remove();
  };
}

export default { render };
