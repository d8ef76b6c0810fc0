// game.js: the GameWidget (anywidget ES module; no bundler, no CDN): wires the views.
//
// The view is thin (DESIGN §1): Python holds the game and syncs what the seat to move may see
// (`view` = Game.view(seat), with its legal actions as notation). The views below each redraw
// their part from the model's state; this module owns the little state a person's choice needs
// before it is sent (mode, trend or tile, chooser, hint) and sends INTENTS with model.send():
// {type: "act", action, rev}, {type: "undo"}, {type: "new_game"}, {type: "step_bot", rev},
// {type: "pause"}, {type: "hello", token}, {type: "resume"}, {type: "dismiss_resume"}.
// It never writes a trait.
//
// DOM contract (DESIGN §2): every board cell [data-board="game"] [data-symbol] has an
// aria-label; the cell under the active player's flask has aria-current="true" (only that one);
// cells the chosen trend (or tile) reaches carry data-reachable="true" and data-steps="k".
// Trend controls carry data-trend, mode buttons data-mode, action buttons data-action="<notation>".
// A control that cannot be used is aria-disabled="true" and says why (title, description).
import { withStrings } from "./language.js";
import { pe } from "./board.js";
import { say, sayAbout, parseAction, reachAnnouncement, possessive } from "./text.js";
import { createAnnouncer } from "./announcer.js";
import { createVoicing } from "./voicing.js";
import { createControls, setUsable, usable } from "./game_controls.js";
import { createGameBoard } from "./game_board.js";
import { createGoalCards } from "./game_cards.js";
import { createPlayerPanels } from "./game_players.js";
import { createTracks } from "./game_tracks.js";
import { createLog } from "./game_log.js";
import { createFinal } from "./game_final.js";
import { createHelp } from "./game_help.js";
import { createResume } from "./game_resume.js";
import { createShell } from "./game_shell.js";
import { watchBar, reveal, centreInFrame, afterLayout, touchScreen, freeBottom } from "./turn_view.js";

let widgetCount = 0;

function render({ model, el }) {
  const stat = model.get("static");
  widgetCount += 1;
  const familyOf = new Map();
  for (const [fid, members] of Object.entries(stat.families)) for (const s of members) familyOf.set(s, fid);
  const cellInfo = new Map(stat.cells.map((c) => [c.symbol, c]));
  const boardOrder = [...stat.cells].sort((a, b) => a.period - b.period || a.group - b.group);
  let gameBoard = null;
  // local, per-view UI state: what the person has chosen but not yet sent
  const ui = { mode: null, source: null, chooser: null, hint: "", confirmNew: false, seenRev: -1, turn: "" };
  const shell = createShell(model);
  const ctx = {
    model, stat, ui, familyOf, uid: `pe-g${widgetCount}`,
    trendByCode: new Map(stat.trends.map((t) => [t.code, t])),
    trendById: new Map(stat.trends.map((t) => [t.id, t])),
    V: () => model.get("view") || {},
    seats: () => model.get("seats") || [],
    seatName: (q) => (ctx.seats()[q] || {}).name || say("player_n", { n: q + 1 }),
    seatColour: (q) => (ctx.seats()[q] || {}).colour || "#555",
    isBot: (q) => Boolean((ctx.seats()[q] || {}).bot),
    elementName: (symbol) => (cellInfo.get(symbol) || { name: symbol }).name,
    /** The board's cells in reading order: period by period, left to right. */
    boardOrder: () => boardOrder,
    /** Is the board zoomed out below 24 px cells to show every reachable cell (a phone)? */
    boardTiny: () => Boolean(gameBoard && gameBoard.frame.tiny),
    objectiveText: (id) => (stat.objectives || {})[id] || id,
    legal: () => (ctx.V().legal_actions || []).map(parseAction),
    myTurn: () => {
      const v = ctx.V();
      // a class the teacher paused: nobody's turn (every control locked, the reason shown)
      return !v.is_over && v.player === v.current_player && !ctx.isBot(v.current_player) && !model.get("class_note");
    },
    cardById: () => {
      const map = new Map();
      for (const slot of ctx.V().goal_cards || []) if (slot.card) map.set(slot.card.id, slot.card);
      return map;
    },
    /** The actions the current choice leads to (each has a dest), or []. */
    sourceActions: () => {
      const s = ui.source;
      if (!s || !ctx.myTurn()) return [];
      return ctx.legal().filter((a) => {
        if (s.kind === "spend" || s.kind === "gain" || s.kind === "free") return a.kind === s.kind && a.code === s.code;
        if (s.kind === "move") return a.kind === "move" && familyOf.get(a.dest) === s.family;
        if (s.kind === "ext") return a.kind === "ext";
        return false;
      });
    },
    send: shell.send,
    touch: touchScreen(), // the prompts say "tap" on a phone
    act(text) {
      // one click, one request (the shell): a second click before Python answers is not sent
      if (shell.act(text)) ui.hint = "";
    },
    refresh: (opts) => update(opts || {}),
  };
  // ---- views ----------------------------------------------------------------------------------
  const announcer = createAnnouncer();
  // "Speak aloud" (issue 33, off by default, `?voicing=1` turns it on): what the live region
  // announces and a focused cell's name and description, for a student without a screen reader
  const voicing = createVoicing();
  const announce = (text, again) => { if (announcer.say(text, again)) voicing.speak(text); };
  const controls = createControls(ctx);
  gameBoard = createGameBoard(ctx, (symbol) => controls.clickCell(symbol), voicing.speak);
  const cards = createGoalCards(ctx);
  const players = createPlayerPanels(ctx);
  const tracks = createTracks(ctx);
  const log = createLog(ctx);
  const final = createFinal(ctx);
  const help = createHelp(stat.rules_url, model);
  const resume = createResume(ctx, () => ({ title: say("resume_title"), question: say("resume_question"), fresh: say("resume_new") }));

  const title = pe("h2", { class: "pe-g-title" });
  const status = pe("p", { class: "pe-g-status", "data-role": "status" });
  const notes = pe("div", { hidden: true, "data-uid": `${ctx.uid}-tools` });
  const tool = (role, text) => pe("button", { type: "button", class: "pe-g-btn", "data-role": role, text });
  const undoBtn = tool("undo", say("undo"));
  const pauseBtn = tool("pause", "");
  const stepBtn = tool("step", say("bot_step"));
  const newBtn = tool("new-game", say("new_game"));
  const newConfirm = pe("button", { type: "button", class: "pe-g-btn pe-g-danger", "data-role": "new-game-confirm", text: say("new_game_confirm"), hidden: true });
  const head = pe("header", { class: "pe-g-head" }, [
    pe("div", { class: "pe-g-titles" }, [title, status]),
    pe("div", { class: "pe-g-tools" }, [help.button, voicing.button, undoBtn, pauseBtn, stepBtn, newBtn, newConfirm, notes]),
  ]);
  const errorBox = pe("div", { class: "pe-g-error", role: "alert", "data-role": "error", hidden: true });
  const left = pe("div", { class: "pe-g-left" }, [controls.root, gameBoard.root, tracks.root]);
  const right = pe("div", { class: "pe-g-right" }, [cards.root, players.root, log.root]);
  // a refusal is read where the choice is made: in the action bar (pinned on a phone)
  controls.bar.prepend(errorBox);
  const root = pe("div", { class: "pe-game", "data-widget": "game" }, [
    head, resume.root, help.root, announcer.root, final.root, pe("div", { class: "pe-g-main" }, [left, right])]);
  el.append(root);
  const barWatch = watchBar(controls.bar);

  // ---- tools ----------------------------------------------------------------------------------
  undoBtn.addEventListener("click", () => {
    if (!usable(undoBtn)) return;
    ui.hint = "";
    ctx.send({ type: "undo" });
  });
  pauseBtn.addEventListener("click", () => ctx.send({ type: "pause", paused: !model.get("paused") }));
  stepBtn.addEventListener("click", () => { if (usable(stepBtn)) ctx.send({ type: "step_bot" }); });
  newBtn.addEventListener("click", () => { ui.confirmNew = !ui.confirmNew; update({}); if (ui.confirmNew) newConfirm.focus(); });
  newConfirm.addEventListener("click", () => { ui.confirmNew = false; ctx.send({ type: "new_game" }); });
  root.addEventListener("keydown", (event) => {
    // Escape takes back the choice not yet sent (a tile, a trend, then the mode)
    if (event.key !== "Escape") return;
    if (ui.confirmNew) ui.confirmNew = false;
    else if (ui.chooser) ui.chooser = null;
    else if (ui.source) ui.source = null;
    else if (ui.mode && !ctx.V().mode) ui.mode = null;
    else return;
    event.stopPropagation();
    ui.hint = "";
    update({ announceHint: true });
  });

  function drawTools(v) {
    // Python says why Undo is off (nothing played yet, or the table has seen a card since: the
    // hardening rule "undo never reveals")
    setUsable(undoBtn, Boolean(model.get("can_undo")), model.get("undo_note") || say("why_undo_none"), notes);
    const anyBot = ctx.seats().some((s) => s.bot);
    const paused = model.get("paused");
    // at a class table (`class_seat`) bots move in the room and the teacher starts the games:
    // no bot timer, no undo, no new game to offer
    const atClass = Boolean(model.get("class_seat"));
    pauseBtn.hidden = stepBtn.hidden = !anyBot || Boolean(v.is_over) || atClass;
    undoBtn.hidden = newBtn.hidden = atClass;
    pauseBtn.textContent = paused ? say("resume_bots") : say("pause_bots");
    pauseBtn.setAttribute("aria-pressed", String(Boolean(paused)));
    setUsable(stepBtn, Boolean(model.get("bot_pending")), say("why_no_bot"), notes);
    newConfirm.hidden = !ui.confirmNew;
    newBtn.textContent = ui.confirmNew ? say("cancel") : say("new_game");
  }

  function drawStatus(v) {
    title.textContent = v.phase === "agenda" ? say("title_setup")
      : say(v.max_rounds ? "title_round_of" : "title_round", { n: v.round, max: v.max_rounds });
    const q = v.current_player;
    const name = ctx.seatName(q);
    let text;
    if (v.is_over) text = say("status_over");
    else if (v.phase === "agenda") text = ctx.isBot(q) ? say("status_agenda_bot", { name }) : sayAbout(name, "status_agenda");
    else {
      text = sayAbout(name, "status_to_move");
      if (v.mode) text += say("status_mode", { mode: say(`mode_${v.mode}`) });
      if (ctx.myTurn() && v.next_spend_cost !== null && v.mode !== "gain") text += say("status_cost", { n: v.next_spend_cost });
      if (v.end && v.end.triggered) text += say("status_final_turns");
      text += ".";
    }
    status.textContent = text;
    status.style.setProperty("--pe-g-seat", ctx.seatColour(q));
  }

  function drawError() {
    const text = model.get("error") || "";
    errorBox.replaceChildren(...(text ? [pe("strong", { text: say("not_allowed") }), " ", text] : []));
    errorBox.hidden = !text;
    if (text) {
      errorBox.classList.remove("pe-g-flash");
      void errorBox.offsetWidth;
      errorBox.classList.add("pe-g-flash");
    }
  }

  // ---- announcements: each new log entry once, an undo once, a choice's reach ---------------
  function announceLog() {
    const { fresh, undone } = shell.news();
    if (undone) announce(say("announce_undo", { n: undone }), true);
    else if (fresh.length) {
      announce(fresh.map((e) => [`${e.name} ${e.text}.`, ...(e.events || []).map((x) => `${x}.`)].join(" ")).join(" "), true);
    }
  }
  function announceReach(targets) {
    const s = ui.source;
    if (!s) return;
    const v = ctx.V();
    const me = (v.players_state || [])[v.player] || {};
    const nameOf = (symbol) => ctx.elementName(symbol).toLowerCase(); // "from sodium", as spoken
    const from = nameOf(me.flask);
    const what = controls.describeSource(s);
    const reach = {};
    for (const [symbol, k] of targets) reach[symbol] = k || 0;
    if (!targets.size) { announce(say("prompt_no_cells", { what }), true); return; }
    const text = reachAnnouncement(what, from, reach, nameOf, (x) => (cellInfo.get(x) || {}).z || 0)
      .replace(/0 steps: /, "");
    announce(text, true);
  }

  function update(opts = {}) {
    const v = ctx.V();
    const rev = model.get("revision");
    if (rev !== ui.seenRev) {
      // the game moved: forget choices that no longer fit
      ui.seenRev = rev;
      ui.chooser = null;
      ui.hint = "";
      const turn = `${v.turns}:${v.current_player}`;
      if (turn !== ui.turn) { ui.turn = turn; ui.mode = null; } // a new turn (hot seat too)
      if (!ctx.myTurn() || v.phase === "agenda") { ui.mode = null; ui.source = null; }
      else {
        if (v.mode) ui.mode = v.mode;
        ui.source = null; // each choice is made afresh from the new position
      }
    }
    const acts = ctx.myTurn() ? ctx.legal() : [];
    const hadFocus = root.contains(document.activeElement);
    Object.assign(root.dataset, {
      phase: v.phase || "", currentSeat: String(v.current_player ?? ""), viewer: String(model.get("viewer")),
      botPending: String(Boolean(model.get("bot_pending"))), myTurn: String(ctx.myTurn()), over: String(Boolean(v.is_over)),
    });
    // what the current choice reaches, and which family moves the player on along the track
    const targets = new Map();
    const reach = model.get("reach") || {};
    const trendId = ui.source && ui.source.code ? ctx.trendByCode.get(ui.source.code).id : null;
    for (const a of ctx.sourceActions()) targets.set(a.dest, trendId && reach[trendId] ? reach[trendId][a.dest] : null);
    const me = ctx.myTurn() && v.phase !== "agenda" ? (v.players_state || [])[v.player] : null;
    zoomToMove(v, targets);
    drawStatus(v);
    drawTools(v);
    controls.update(v, acts);
    gameBoard.update(v, targets, me ? me.next_group : null, trendId);
    cards.update(v);
    players.update(v);
    tracks.update(v);
    log.update();
    final.update(v);
    resume.update(v);
    announceLog();
    if (opts.announceReach) announceReach(targets);
    if (opts.announceHint && ui.hint) announce(ui.hint, true);
    root.dataset.revision = String(rev);
    keepMoveOnScreen(v, targets);
    // a redrawn button took the keyboard focus with it: give it to the board's current cell
    if (hadFocus && !root.contains(document.activeElement)) {
      const stop = gameBoard.board.root.querySelector('[tabindex="0"]');
      if (stop) stop.focus({ preventScroll: true });
    }
    shell.scheduleBot();
  }

  // ---- the move on screen (a phone): the page scrolls itself, never the student ---------------
  // At the start of the person's turn the turn's choices (Spend / Gain, the trends) come into
  // view; once a choice highlights cells, the board shows the flask and every one of them: it
  // zooms out just enough when they lie farther apart than the phone shows at the normal size
  // (±Z from one end of a period reaches the other end; the 18 columns at worst), its region
  // scrolls sideways to them, and the page brings them above the action bar. While its cells
  // are under 24 px the bar offers the same moves as buttons (game_controls.js): an equivalent
  // control of a finger's size (WCAG 2.5.8). After the move the board zooms back.
  // The page moves only on a change (a new turn, another choice): a student who scrolls away
  // to read is not pulled back every second. `data-move-shown` says when it is done (tests).
  let shownFor = "";
  function moveKey(v, targets) {
    // while cells are lit, the hint too: a why that makes the bar taller must not hide them
    const hint = targets.size ? ui.hint : "";
    return ctx.myTurn() && !v.is_over ? `${ui.turn}|${v.phase}|${[...targets.keys()].sort().join(",")}|${hint}` : "";
  }
  /** Zoom the board out so the flask and every reachable cell fit its width (or back to the
   * normal size when no cell is lit); the widths are the frame's last measured ones. */
  function zoomToMove(v, targets) {
    const players = v.players_state || [];
    const from = ctx.myTurn() && players[v.player] ? players[v.player].flask : null;
    let columns = 0;
    if (from && targets.size) {
      const groups = [from, ...targets.keys()].map((sym) => (cellInfo.get(sym) || {}).group).filter(Boolean);
      columns = Math.max(...groups) - Math.min(...groups) + 1;
    }
    gameBoard.frame.showColumns(columns);
  }
  function keepMoveOnScreen(v, targets) {
    const mine = ctx.myTurn() && !v.is_over;
    const key = moveKey(v, targets);
    if (key === shownFor) return;
    shownFor = key;
    if (!mine || v.phase === "agenda") { root.dataset.moveShown = "true"; return; } // the bar holds the agenda cards
    root.dataset.moveShown = "false";
    const drawnTiny = gameBoard.frame.tiny;
    afterLayout(() => {
      if (shell.destroyed || !root.isConnected) return;
      if (shownFor !== key) return; // a newer change is on its way
      // the frame measured its width only now (a first paint): the bar's buttons follow the zoom
      if (gameBoard.frame.tiny !== drawnTiny) controls.update(ctx.V(), ctx.myTurn() ? ctx.legal() : []);
      barWatch.measure(); // the room below the page for the bar as it is now
      const flask = gameBoard.board.root.querySelector('[aria-current="true"]');
      if (v.phase === "discover" && flask) {
        // the flask where it landed, above the bar that asks to discover or decline
        centreInFrame(gameBoard.frame.root, [flask]);
        reveal([flask]);
      } else if (targets.size && flask) {
        const cells = [flask, ...[...targets.keys()].map((sym) => gameBoard.board.cell(sym)).filter(Boolean)];
        centreInFrame(gameBoard.frame.root, cells);
        // the whole board when it fits above the bar (zoomed out, it is small): the lit cells
        // among their neighbours; else the lit cells at least
        const frameBox = gameBoard.frame.root.getBoundingClientRect();
        reveal(frameBox.height <= freeBottom() - 8 ? [gameBoard.frame.root, ...cells] : cells);
      } else {
        // the turn's first choices (Spend / Gain, the trends, the tiles); the board follows
        // once a choice highlights cells
        reveal([...controls.root.querySelectorAll("[data-mode], [data-trend], [data-tile]")]);
      }
      root.dataset.moveShown = "true";
    });
  }

  let pending = false;
  // the phone turned while cells are lit: the move buttons follow the board's new zoom
  gameBoard.frame.root.addEventListener("pe-board-zoom", () => onChange());
  function onChange() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; if (!shell.destroyed) update({}); });
  }
  model.on("change", onChange);
  model.on("change:error", drawError);
  model.on("change:refusals", drawError);

  update({});
  drawError();
  resume.hello();
  root.dataset.ready = "true";

  return () => {
    shell.destroy();
    barWatch.destroy();
    model.off("change", onChange);
    model.off("change:error", drawError);
    model.off("change:refusals", drawError);
    gameBoard.frame.destroy();
    gameBoard.board.destroy();
    root.remove();
  };
}

export default { render: withStrings(render) };
