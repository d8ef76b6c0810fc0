// game.js: the GameWidget (anywidget ES module; no bundler, no CDN).
//
// The view is thin (DESIGN §1): Python holds the game and syncs what the seat to move may see
// (`view` = Game.view(seat), with its legal actions as notation). This module draws it and
// sends INTENTS with model.send(): {type: "act", action, rev}, {type: "undo"},
// {type: "new_game"}, {type: "step_bot", rev} (the bots' pacing timer), {type: "pause"}.
// It never writes a trait. Highlighting is computed from the legal actions Python sent.
//
// DOM contract (DESIGN §2): every board cell [data-board="game"] [data-symbol] has an
// aria-label; the cell under the active player's flask has aria-current="true" (only that one);
// cells the chosen trend (or tile) reaches carry data-reachable="true" and data-steps="k".
// Trend controls carry data-trend, mode buttons data-mode, action buttons data-action="<notation>".
import { pe, createBoard, familyName } from "./board.js";

const ARROWS = {
  atomic_number: "±Z", ionization_energy: "↑→", atomic_radius: "↓←",
  atomic_mass_increase: "↓→", atomic_mass_decrease: "↑←",
};
const CARD_COLOURS = { green: "#15803d", blue: "#1d4ed8", purple: "#7e22ce", pink: "#db2777" };
const DIFFICULTY = { green: "●", blue: "●●", purple: "●●●", pink: "●●●●" };
const PREFIX = { spend: "s", gain: "g", free: "f" };

/** "H2SO4" -> nodes with subscripts. */
function formula(text) {
  const out = pe("span", { class: "pe-g-formula" });
  for (const part of String(text || "").split(/(\d+)/)) {
    if (!part) continue;
    out.append(/^\d+$/.test(part) ? pe("sub", { text: part }) : part);
  }
  return out;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Parse one action's notation into {kind, trend code, dest, arg}. */
function parseAction(text) {
  let m = /^([sgf]):([a-z]{2})>([A-Z][a-z]?)(?:\/(\d))?$/.exec(text);
  if (m) return { text, kind: { s: "spend", g: "gain", f: "free" }[m[1]], code: m[2], dest: m[3], victim: m[4] ? Number(m[4]) : null };
  m = /^([mx])>([A-Z][a-z]?)$/.exec(text);
  if (m) return { text, kind: m[1] === "m" ? "move" : "ext", dest: m[2] };
  if (text.startsWith("d:")) return { text, kind: "discover", arg: text.slice(2) };
  if (text.startsWith("a:")) return { text, kind: "agenda", arg: text.slice(2) };
  if (text.startsWith("e:")) return { text, kind: "take2", codes: text.slice(2).split("+") };
  if (text === "d-") return { text, kind: "decline" };
  if (text === "end") return { text, kind: "end" };
  return { text, kind: "unknown" };
}

function render({ model, el }) {
  const stat = model.get("static");
  const trends = stat.trends;
  const trendByCode = new Map(trends.map((t) => [t.code, t]));
  const trendById = new Map(trends.map((t) => [t.id, t]));
  const cellInfo = new Map(stat.cells.map((c) => [c.symbol, c]));
  const familyOf = new Map();
  for (const [fid, members] of Object.entries(stat.families)) for (const s of members) familyOf.set(s, fid);
  const objectiveText = (id) => stat.objectives[id] || id;
  const groupName = (fid) => String(fid || "").replace(/_/g, " ").replace("post transition", "post-transition");

  // local, per-view UI state: what the person has chosen but not yet sent
  const ui = { mode: null, source: null, chooser: null, hint: "", confirmNew: false, seenRev: -1, turn: "" };
  let botTimer = null;
  let destroyed = false;
  let lastLogShown = -1;

  // ---- skeleton ---------------------------------------------------------------------------
  const root = pe("div", { class: "pe-game", "data-widget": "game" });
  const title = pe("h3", { class: "pe-g-title" });
  const status = pe("p", { class: "pe-g-status", "data-role": "status", "aria-live": "polite" });
  const undoBtn = pe("button", { type: "button", class: "pe-g-btn", "data-role": "undo", text: "↶ Undo" });
  const pauseBtn = pe("button", { type: "button", class: "pe-g-btn", "data-role": "pause" });
  const stepBtn = pe("button", { type: "button", class: "pe-g-btn", "data-role": "step", text: "Bot: one action ▸" });
  const newBtn = pe("button", { type: "button", class: "pe-g-btn", "data-role": "new-game", text: "New game" });
  const newConfirm = pe("button", { type: "button", class: "pe-g-btn pe-g-danger", "data-role": "new-game-confirm", text: "Yes, start a new game", hidden: true });
  const head = pe("header", { class: "pe-g-head" }, [
    pe("div", { class: "pe-g-titles" }, [title, status]),
    pe("div", { class: "pe-g-tools" }, [undoBtn, pauseBtn, stepBtn, newBtn, newConfirm]),
  ]);
  const errorBox = pe("div", { class: "pe-g-error", role: "alert", "data-role": "error", hidden: true });
  const live = pe("p", { class: "pe-sr", "aria-live": "polite", "data-role": "announce" }); // the newest log line

  const prompt = pe("p", { class: "pe-g-prompt", "data-role": "prompt" });
  const modeBox = pe("div", { class: "pe-g-modes", role: "group", "aria-label": "Spend or Gain" });
  const modeButtons = ["spend", "gain"].map((m) => pe("button", {
    type: "button", class: "pe-g-mode", "data-mode": m, "aria-pressed": "false",
  }, [pe("strong", { text: m === "spend" ? "Spend" : "Gain" }),
      pe("span", { class: "pe-g-mode-note", text: m === "spend" ? "pay 1, then 2 per activation" : "take a spot's energy, one move" })]));
  modeBox.append(...modeButtons);
  const spotBox = pe("div", { class: "pe-g-spots", role: "group", "aria-label": "Trend spots" });
  const spotButtons = trends.map((t) => {
    const count = pe("span", { class: "pe-g-spot-energy", "aria-hidden": "true" });
    const b = pe("button", { type: "button", class: "pe-g-spot", "data-trend": t.id, "aria-pressed": "false" }, [
      pe("span", { class: "pe-g-arrows", "aria-hidden": "true", text: ARROWS[t.id] }),
      pe("span", { class: "pe-g-spot-name", text: t.name }),
      count,
    ]);
    b._count = count;
    return b;
  });
  spotBox.append(...spotButtons);
  const tileBox = pe("div", { class: "pe-g-tiles", role: "group", "aria-label": "Your award tiles" });
  const chooser = pe("div", { class: "pe-g-chooser", "data-role": "chooser", hidden: true });
  const endBtn = pe("button", { type: "button", class: "pe-g-btn pe-g-end", "data-action": "end", text: "End turn ✓" });
  const controls = pe("div", { class: "pe-g-controls", "data-role": "controls" }, [
    prompt, pe("div", { class: "pe-g-row" }, [modeBox, spotBox]), pe("div", { class: "pe-g-row" }, [tileBox, endBtn]), chooser,
  ]);

  const board = createBoard({
    cells: stat.cells, name: "game", label: "Game board", interactive: true,
    onActivate: (symbol) => clickCell(symbol),
  });
  const legend = pe("div", { class: "pe-g-legend", "aria-hidden": "true" });
  const ringBox = pe("div", { class: "pe-g-ring", "data-role": "ring" });
  const aaBox = pe("div", { class: "pe-g-aa", "data-role": "aa-track" });
  const left = pe("section", { class: "pe-g-left" }, [controls, board.root, legend,
    pe("div", { class: "pe-g-tracks" }, [ringBox, aaBox])]);

  const cardsBox = pe("div", { class: "pe-g-cards", "data-role": "goal-cards" });
  const playersBox = pe("div", { class: "pe-g-players", "data-role": "players" });
  const logList = pe("ol", { class: "pe-g-log", "data-role": "log", "aria-label": "Game log, newest first", reversed: true });
  const logBox = pe("section", { class: "pe-g-logbox" }, [pe("h4", { text: "Game log" }), logList]);
  const right = pe("section", { class: "pe-g-right" }, [cardsBox, playersBox, logBox]);
  const finalBox = pe("section", { class: "pe-g-final", "data-role": "final", hidden: true });
  const main = pe("div", { class: "pe-g-main" }, [left, right]);
  root.append(head, errorBox, live, finalBox, main);
  el.append(root);

  // ---- helpers over the synced state ------------------------------------------------------
  const V = () => model.get("view") || {};
  const seats = () => model.get("seats") || [];
  const seatName = (q) => (seats()[q] || {}).name || `Player ${q + 1}`;
  const seatColour = (q) => (seats()[q] || {}).colour || "#555";
  const isBot = (q) => Boolean((seats()[q] || {}).bot);
  const legal = () => (V().legal_actions || []).map(parseAction);
  const myTurn = () => {
    const v = V();
    return !v.is_over && v.player === v.current_player && !isBot(v.current_player);
  };
  const cardById = () => {
    const map = new Map();
    for (const slot of V().goal_cards || []) if (slot.card) map.set(slot.card.id, slot.card);
    return map;
  };

  function send(message) {
    model.send({ ...message, rev: model.get("revision") });
  }
  function act(text) {
    ui.hint = "";
    send({ type: "act", action: text });
  }

  /** The actions the current choice leads to (each has a dest), or []. */
  function sourceActions() {
    const s = ui.source;
    if (!s) return [];
    return legal().filter((a) => {
      if (s.kind === "spend" || s.kind === "gain" || s.kind === "free") return a.kind === s.kind && a.code === s.code;
      if (s.kind === "move") return a.kind === "move" && familyOf.get(a.dest) === s.family;
      if (s.kind === "ext") return a.kind === "ext";
      return false;
    });
  }

  function effectiveMode() {
    return V().mode || ui.mode;
  }

  // ---- clicks -----------------------------------------------------------------------------
  function clickCell(symbol) {
    if (!myTurn()) {
      ui.hint = isBot(V().current_player) ? `Wait: ${seatName(V().current_player)} is playing.` : "It is not your turn.";
      return update();
    }
    const s = ui.source;
    if (!s) {
      ui.hint = V().phase === "agenda" ? "First keep one of your agenda cards." :
        "Choose Spend or Gain, then a trend (or an award tile), then a cell.";
      return update();
    }
    const matches = sourceActions().filter((a) => a.dest === symbol);
    if (matches.length > 1) {
      ui.chooser = { kind: "victim", actions: matches };
      return update();
    }
    if (matches.length === 1) return act(matches[0].text);
    // not reachable: ask Python anyway; the engine says why (shown inline)
    if (s.kind === "move") return act(`m>${symbol}`);
    if (s.kind === "ext") return act(`x>${symbol}`);
    return act(`${PREFIX[s.kind]}:${s.code}>${symbol}`);
  }

  function chooseMode(m) {
    if (V().mode) return;
    ui.mode = ui.mode === m ? null : m;
    ui.hint = "";
    if (ui.source && (ui.source.kind === "spend" || ui.source.kind === "gain")) {
      ui.source = ui.mode ? { kind: ui.mode, code: ui.source.code } : null;
    }
    update();
  }

  function chooseTrend(trendId) {
    const code = trendById.get(trendId).code;
    const mode = effectiveMode();
    ui.chooser = null;
    if (!mode) {
      ui.hint = "Choose Spend or Gain first.";
      return update();
    }
    if (mode === "gain" && V().mode === "gain") {
      ui.hint = "You gained this turn: no more paid activations (award tiles still work), or end the turn.";
      ui.source = null;
      return update();
    }
    if (ui.source && ui.source.kind === mode && ui.source.code === code) ui.source = null;
    else ui.source = { kind: mode, code };
    ui.hint = "";
    update();
  }

  function chooseTile(code) {
    ui.chooser = null;
    ui.hint = "";
    if (code === "take2") {
      ui.chooser = { kind: "take2", actions: legal().filter((a) => a.kind === "take2") };
      ui.source = null;
    } else if (code === "plus3") {
      ui.source = ui.source && ui.source.kind === "ext" ? null : { kind: "ext" };
    } else if (code.startsWith("free:")) {
      const t = trendById.get(code.slice(5));
      ui.source = ui.source && ui.source.kind === "free" ? null : { kind: "free", code: t.code };
    } else if (code.startsWith("move:")) {
      const family = code.slice(5);
      ui.source = ui.source && ui.source.kind === "move" && ui.source.family === family ? null : { kind: "move", family };
    }
    update();
  }

  for (const b of modeButtons) b.addEventListener("click", () => chooseMode(b.dataset.mode));
  for (const b of spotButtons) b.addEventListener("click", () => chooseTrend(b.dataset.trend));
  endBtn.addEventListener("click", () => act("end"));
  undoBtn.addEventListener("click", () => { ui.hint = ""; send({ type: "undo" }); });
  pauseBtn.addEventListener("click", () => send({ type: "pause", paused: !model.get("paused") }));
  stepBtn.addEventListener("click", () => send({ type: "step_bot" }));
  newBtn.addEventListener("click", () => { ui.confirmNew = !ui.confirmNew; update(); });
  newConfirm.addEventListener("click", () => { ui.confirmNew = false; send({ type: "new_game" }); });
  // buttons drawn on each update carry data-action: one listener for all of them
  root.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-action]");
    if (!b || b === endBtn || !root.contains(b) || b.disabled) return;
    act(b.dataset.action);
  });
  root.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-tile]");
    if (b && !b.disabled) chooseTile(b.dataset.tile);
  });

  // ---- drawing ----------------------------------------------------------------------------
  function trendLabel(code) {
    const t = trendByCode.get(code);
    return t ? t.name : code;
  }

  function describeSource(s) {
    if (!s) return "";
    if (s.kind === "spend") return `Spend on ${trendLabel(s.code)}`;
    if (s.kind === "gain") return `Gain from ${trendLabel(s.code)}`;
    if (s.kind === "free") return `Free Action: ${trendLabel(s.code)}`;
    if (s.kind === "move") return `Move To: ${familyName(s.family)}`;
    return "+3 Spaces";
  }

  function drawStatus(v) {
    const round = v.phase === "agenda" ? "Setup" :
      `Round ${v.round}${v.max_rounds ? ` of ${v.max_rounds}` : ""}`;
    title.textContent = `Periodic — ${round}`;
    const q = v.current_player;
    let text;
    if (v.is_over) text = "The game is over.";
    else if (v.phase === "agenda") text = `${seatName(q)} ${isBot(q) ? "is choosing" : "chooses"} an agenda card.`;
    else {
      text = `${seatName(q)} to move`;
      if (v.mode) text += ` · ${v.mode === "spend" ? "Spend" : "Gain"} mode`;
      if (myTurn() && v.next_spend_cost !== null && v.mode !== "gain") text += ` · next Spend costs ${v.next_spend_cost}`;
      if (v.end && v.end.triggered) text += " · final turns";
      text += ".";
    }
    status.textContent = text;
    status.style.setProperty("--pe-g-seat", seatColour(q));
  }

  function drawPrompt(v, acts) {
    const q = v.current_player;
    let text = "";
    if (v.is_over) text = "Final scores are above.";
    else if (!myTurn()) {
      const kind = (seats()[q] || {}).bot || "";
      const named = seatName(q).toLowerCase().includes(kind);
      text = isBot(q) ? `${seatName(q)}${named ? "" : ` (${kind} bot)`} is playing` +
        (model.get("paused") ? " — paused. Press “Bot: one action” or “Resume bots”." : "…") : `${seatName(q)}'s turn.`;
    } else if (v.phase === "agenda") text = "Keep one agenda card: it scores at the end and stays secret.";
    else if (v.phase === "discover") text = "Discover this element on a goal card (one research cube), or decline.";
    else if (ui.hint) text = ui.hint;
    else if (ui.source) {
      const n = new Set(sourceActions().map((a) => a.dest)).size;
      text = `${describeSource(ui.source)}: click one of the ${plural(n, "highlighted cell")}.`;
    } else if (!v.mode && !ui.mode) text = "Choose Spend or Gain for this turn.";
    else if (!v.mode || (v.mode === "spend" && acts.some((a) => a.kind === "spend"))) {
      text = "Click a trend to see where it takes your flask" + (acts.some((a) => a.kind === "end") ? ", or end the turn." : ".");
    } else text = "Use an award tile, or end the turn.";
    if (ui.hint && myTurn() && v.phase !== "agenda") text = ui.hint;
    prompt.textContent = text;
  }

  function drawControls(v, acts) {
    const mine = myTurn();
    const playing = mine && v.phase !== "agenda" && v.phase !== "discover";
    const mode = effectiveMode();
    controls.dataset.phase = v.phase || "";
    for (const b of modeButtons) {
      const m = b.dataset.mode;
      const available = acts.some((a) => a.kind === m);
      b.setAttribute("aria-pressed", String((mine ? mode : v.mode) === m));
      b.disabled = !playing || Boolean(v.mode) || !available;
    }
    for (const b of spotButtons) {
      const t = trendById.get(b.dataset.trend);
      const energy = (v.trend_spots || {})[t.id] ?? 0;
      b._count.replaceChildren(pe("span", { class: "pe-g-token-count", text: energy }),
        pe("span", { class: "pe-g-tokens", text: "◆".repeat(Math.min(energy, 8)) }));
      const selected = ui.source && (ui.source.kind === "spend" || ui.source.kind === "gain") && ui.source.code === t.code;
      b.setAttribute("aria-pressed", String(Boolean(selected)));
      const usable = mode && acts.some((a) => a.kind === mode && a.code === t.code);
      b.disabled = !playing;
      b.classList.toggle("pe-g-unusable", playing && Boolean(mode) && !usable);
      b.setAttribute("aria-label", `${t.name}: ${plural(energy, "energy token")} on the spot` +
        (playing && mode && !usable ? ` (cannot ${mode} here now)` : ""));
    }
    // award tiles of the person to move
    const me = (v.players_state || [])[v.player];
    const tiles = mine && me ? me.tiles : [];
    const seen = new Set();
    const tileButtons = [];
    for (const tile of tiles) {
      if (seen.has(tile.code)) continue;
      seen.add(tile.code);
      const code = tile.code;
      let usable = false;
      if (code === "take2") usable = acts.some((a) => a.kind === "take2");
      else if (code === "plus3") usable = acts.some((a) => a.kind === "ext");
      else if (code.startsWith("free:")) usable = acts.some((a) => a.kind === "free" && a.code === trendById.get(code.slice(5)).code);
      else if (code.startsWith("move:")) usable = acts.some((a) => a.kind === "move" && familyOf.get(a.dest) === code.slice(5));
      const pressed = ui.source && ((code === "plus3" && ui.source.kind === "ext") ||
        (code.startsWith("free:") && ui.source.kind === "free" && trendById.get(code.slice(5)).code === ui.source.code) ||
        (code.startsWith("move:") && ui.source.kind === "move" && ui.source.family === code.slice(5)));
      tileButtons.push(pe("button", { type: "button", class: "pe-g-tile", "data-tile": code,
        "aria-pressed": String(Boolean(pressed)), disabled: !usable || !mine, title: usable ? "Use this tile" : "Not usable now" },
        [pe("span", { class: "pe-g-tile-icon", "aria-hidden": "true", text: "★" }), tile.label]));
    }
    tileBox.replaceChildren(...(tileButtons.length ? [pe("span", { class: "pe-g-label", text: "Your tiles:" }), ...tileButtons] : []));
    tileBox.hidden = !tileButtons.length;
    endBtn.disabled = !mine || !acts.some((a) => a.kind === "end");
    // the spots stay in view for everyone (their energy is public); only the person to move
    // can use them, so the board below does not jump between turns
    controls.hidden = Boolean(v.is_over);
    drawChooser(v, acts);
  }

  function drawChooser(v, acts) {
    const mine = myTurn();
    const items = [];
    const cards = cardById();
    if (mine && v.phase === "agenda") {
      items.push(pe("p", { class: "pe-g-label", text: "Your agenda cards (keep one):" }));
      const row = pe("div", { class: "pe-g-agendas", "data-role": "agenda" });
      for (const a of v.agenda_choices || []) {
        row.append(pe("div", { class: "pe-g-agenda" }, [
          pe("strong", { text: `Agenda ${a.id}` }),
          pe("ul", {}, a.objectives.map((o) => pe("li", { text: objectiveText(o) }))),
          pe("button", { type: "button", class: "pe-g-btn", "data-action": `a:${a.id}`, text: "Keep this card" }),
        ]));
      }
      items.push(row);
    } else if (mine && v.phase === "discover") {
      const row = pe("div", { class: "pe-g-discover", "data-role": "discover" });
      const here = (v.players_state[v.player] || {}).flask;
      for (const a of acts.filter((x) => x.kind === "discover")) {
        const card = cards.get(a.arg) || { name: a.arg, formula: "", colour: "green" };
        row.append(pe("button", { type: "button", class: "pe-g-btn pe-g-discover-btn", "data-action": a.text,
          style: `--pe-g-card: ${CARD_COLOURS[card.colour]}` },
          [`Discover ${here} for `, pe("strong", { text: card.name }), " ", formula(card.formula)]));
      }
      const decline = acts.find((x) => x.kind === "decline");
      if (decline) row.append(pe("button", { type: "button", class: "pe-g-btn", "data-action": "d-", text: "Decline (keep the cube)" }));
      items.push(row);
    } else if (mine && ui.chooser && ui.chooser.kind === "victim") {
      items.push(pe("p", { class: "pe-g-label", text: "The spot is empty: take 1 energy from whom?" }));
      for (const a of ui.chooser.actions) {
        items.push(pe("button", { type: "button", class: "pe-g-btn", "data-action": a.text, text: `From ${seatName(a.victim - 1)}` }));
      }
    } else if (mine && ui.chooser && ui.chooser.kind === "take2") {
      items.push(pe("p", { class: "pe-g-label", text: "Take 2 Energy: from which spots?" }));
      for (const a of ui.chooser.actions) {
        const names = a.codes.map(trendLabel);
        const text = names.length === 2 && names[0] === names[1] ? `2 from ${names[0]}` : names.map((n) => `1 from ${n}`).join(" + ");
        items.push(pe("button", { type: "button", class: "pe-g-btn", "data-action": a.text, text }));
      }
    }
    chooser.replaceChildren(...items);
    chooser.hidden = !items.length;
  }

  function drawBoard(v, acts) {
    const players = v.players_state || [];
    const current = v.is_over ? null : v.current_player;
    const cards = cardById();
    const targets = new Map();
    const srcActs = myTurn() ? sourceActions() : [];
    const reach = model.get("reach") || {};
    const trendId = ui.source && ui.source.code ? trendByCode.get(ui.source.code).id : null;
    for (const a of srcActs) targets.set(a.dest, trendId && reach[trendId] ? reach[trendId][a.dest] : null);
    const flasks = new Map();
    players.forEach((p, q) => {
      if (!flasks.has(p.flask)) flasks.set(p.flask, []);
      flasks.get(p.flask).push(q);
    });
    const cubes = v.board_cubes || {};
    const log = model.get("game_log") || [];
    let last = null; // the latest movement, to mark where it started and ended
    for (let k = log.length - 1; k >= 0 && k >= log.length - 6; k -= 1) if (log[k].to) { last = log[k]; break; }
    for (const symbol of board.symbols) {
      const node = board.cell(symbol);
      const extra = [];
      const here = flasks.get(symbol) || [];
      const deco = [];
      const cubeIds = cubes[symbol] || [];
      if (cubeIds.length) {
        const wrap = pe("span", { class: "pe-g-cubes" });
        for (const cid of cubeIds) {
          const card = cards.get(cid);
          wrap.append(pe("span", { class: "pe-g-cube", style: { background: CARD_COLOURS[card ? card.colour : "green"] } }));
        }
        deco.push(wrap);
        extra.push(`goal cube${cubeIds.length > 1 ? "s" : ""} for ${cubeIds.map((c) => (cards.get(c) || { name: c }).name).join(" and ")}`);
      }
      if (here.length) {
        const wrap = pe("span", { class: "pe-g-flasks" });
        for (const q of here) {
          wrap.append(pe("span", { class: `pe-g-flask${q === current ? " pe-g-flask-active" : ""}`, "data-seat": q,
            style: { background: seatColour(q) }, text: q + 1 }));
        }
        deco.push(wrap);
        extra.push(here.map((q) => `${seatName(q)}'s flask${q === current ? " (to move)" : ""}`).join(", "));
      }
      board.decorate(symbol, deco);
      if (targets.has(symbol)) {
        node.setAttribute("data-reachable", "true");
        const k = targets.get(symbol);
        if (k) node.setAttribute("data-steps", String(k)); else node.removeAttribute("data-steps");
        node.querySelector(".pe-val").textContent = k ? plural(k, "step") : "";
        extra.push(`reachable${k ? ` in ${plural(k, "step")}` : ""}: click to move here`);
      } else {
        node.removeAttribute("data-reachable");
        node.removeAttribute("data-steps");
        node.querySelector(".pe-val").textContent = "";
      }
      if (current !== null && players[current] && players[current].flask === symbol) node.setAttribute("aria-current", "true");
      else node.removeAttribute("aria-current");
      node.classList.toggle("pe-g-landed", Boolean(last && last.to === symbol));
      node.classList.toggle("pe-g-left-from", Boolean(last && last.from === symbol && last.to !== symbol));
      board.setLabel(symbol, extra.join("; "));
    }
    board.root.classList.toggle("pe-g-choosing", targets.size > 0);
    if (current !== null && players[current]) board.setTabStop(targets.size ? [...targets.keys()][0] : players[current].flask);
  }

  function drawCards(v) {
    const nodes = [];
    for (const slot of v.goal_cards || []) {
      const card = slot.card;
      const colour = CARD_COLOURS[slot.colour];
      const meta = pe("div", { class: "pe-g-card-meta" }, [
        pe("span", { text: `${plural(slot.stack_size, "card")} below` }),
        pe("span", { text: `${plural(slot.award_tiles_left, "award tile")}` }),
      ]);
      if (!card) {
        nodes.push(pe("article", { class: "pe-g-card pe-g-card-empty", "data-colour": slot.colour, style: `--pe-g-card: ${colour}` },
          [pe("div", { class: "pe-g-card-head" }, [pe("span", { text: DIFFICULTY[slot.colour] }), pe("span", { text: "no card left" })]), meta]));
        continue;
      }
      const els = pe("ul", { class: "pe-g-card-elements" });
      for (const symbol of card.elements) {
        const who = (card.discovered || {})[symbol] || [];
        els.append(pe("li", { "data-symbol-ref": symbol, title: (cellInfo.get(symbol) || {}).name }, [
          pe("span", { class: "pe-g-el", text: symbol }),
          pe("span", { class: "pe-g-research" }, who.map((q) => pe("span", {
            class: "pe-g-rcube", style: { background: seatColour(q) }, title: `${seatName(q)}'s research cube`,
            "aria-label": `${seatName(q)} discovered ${symbol}`,
          }))),
        ]));
      }
      nodes.push(pe("article", { class: "pe-g-card", "data-colour": slot.colour, "data-card": card.id, style: `--pe-g-card: ${colour}` }, [
        pe("div", { class: "pe-g-card-head" }, [
          pe("span", { class: "pe-g-dots", title: `difficulty ${card.difficulty}`, text: DIFFICULTY[slot.colour] }),
          pe("span", { class: "pe-g-points", text: `${card.points} pts` }),
        ]),
        pe("div", { class: "pe-g-card-name", text: card.name }),
        pe("div", { class: "pe-g-card-formula" }, [formula(card.formula)]),
        els, meta,
      ]));
    }
    cardsBox.replaceChildren(...nodes);
  }

  function drawPlayers(v) {
    const rows = (v.players_state || []).map((p, q) => {
      const seat = seats()[q] || {};
      const active = !v.is_over && v.current_player === q;
      const cardsWon = p.completed_cards.length ?
        `${p.completed_cards.length} (${p.completed_cards.reduce((sum, c) => sum + c.points, 0)} pts)` : "none";
      const fact = (label, value, key, wide) => pe("div", { class: `pe-g-fact${wide ? " pe-g-wide" : ""}`, "data-fact": key }, [
        pe("span", { class: "pe-g-fact-label", text: label }), " ", pe("span", { class: "pe-g-fact-value", text: value })]);
      const facts = pe("div", { class: "pe-g-facts" }, [
        fact("Energy", p.energy, "energy"),
        fact("Research cubes", `${p.research_cubes} left, ${p.cubes_on_cards} on cards`, "cubes"),
        fact("Achievement", `${p.aa_value} pts (level ${p.aa_index})`, "aa"),
        fact("Lab points", p.lab_points, "lab"),
        fact("Goal cards", cardsWon, "cards"),
        fact("Tiles", p.tiles.length ? p.tiles.map((t) => t.label).join(", ") : "none", "tiles"),
        fact("Microscope", `${groupName(p.group)} → next: ${groupName(p.next_group)}`, "microscope", true),
      ]);
      const children = [
        pe("div", { class: "pe-g-player-head" }, [
          pe("span", { class: "pe-g-flask pe-g-flask-big", style: { background: seat.colour }, text: q + 1, "aria-hidden": "true" }),
          pe("strong", { class: "pe-g-player-name", text: p.name }),
          seat.bot ? pe("span", { class: "pe-g-tag", text: `${seat.bot} bot` }) : null,
          active ? pe("span", { class: "pe-g-tag pe-g-tag-turn", text: "to move" }) : null,
          pe("span", { class: "pe-g-where", text: `at ${p.flask}` }),
        ]),
        facts,
      ];
      if (p.agenda) {
        children.push(pe("details", { class: "pe-g-secret" }, [
          pe("summary", { text: "Your agenda card (secret)" }),
          pe("ul", {}, p.agenda.objectives.map((o) => pe("li", { text: objectiveText(o) }))),
        ]));
      }
      return pe("article", { class: `pe-g-player${active ? " pe-g-player-active" : ""}`, "data-seat": q,
        style: `--pe-g-seat: ${seat.colour}` }, children);
    });
    playersBox.replaceChildren(...rows);
  }

  function drawTracks(v) {
    const ring = v.ring || [];
    const players = v.players_state || [];
    const chips = ring.map((fid, i) => {
      const here = players.map((p, q) => [p, q]).filter(([p]) => p.microscope === i);
      return pe("li", { class: "pe-g-ring-spot", "data-family": fid }, [
        pe("span", { class: "pe-g-ring-index", text: i + 1 }),
        pe("span", { class: "pe-g-ring-name", text: groupName(fid) }),
        pe("span", { class: "pe-g-markers" }, here.map(([, q]) => pe("span", {
          class: "pe-g-microscope", style: { background: seatColour(q) }, title: `${seatName(q)}'s microscope`, text: q + 1,
        }))),
      ]);
    });
    ringBox.replaceChildren(pe("h4", { text: "Element group track (clockwise, back to 1)" }),
      pe("ol", { class: "pe-g-ring-list" }, chips));
    const cap = stat.aa_capacity || {};
    const spots = stat.aa_values.map((value, i) => pe("li", { class: "pe-g-aa-spot", "data-aa-index": i }, [
      pe("span", { class: "pe-g-aa-value", text: value }),
      pe("span", { class: "pe-g-markers" }, players.map((p, q) => [p, q]).filter(([p]) => p.aa_index === i)
        .map(([, q]) => pe("span", { class: "pe-g-microscope", style: { background: seatColour(q) }, title: seatName(q), text: q + 1 }))),
      cap[i] ? pe("span", { class: "pe-g-aa-cap", text: `max ${cap[i]}` }) : null,
    ]));
    aaBox.replaceChildren(pe("h4", { text: "Academic Achievement track" }), pe("ol", { class: "pe-g-aa-list" }, spots));
  }

  function drawLegend() {
    if (legend.childElementCount) return;
    legend.append(
      pe("span", {}, [pe("span", { class: "pe-g-flask", style: { background: "#666" }, text: "1" }), " flask"]),
      pe("span", {}, [pe("span", { class: "pe-g-cube", style: { background: CARD_COLOURS.blue } }), " goal cube (card colour)"]),
      pe("span", {}, [pe("span", { class: "pe-g-swatch pe-g-swatch-reach" }), " reachable"]),
      pe("span", {}, [pe("span", { class: "pe-g-swatch pe-g-swatch-current" }), " flask to move"]),
      pe("span", {}, [pe("span", { class: "pe-g-swatch pe-g-swatch-landed" }), " last move"]),
    );
  }

  function drawLog() {
    const log = model.get("game_log") || [];
    const total = model.get("log_total") || 0;
    const items = [];
    for (let k = log.length - 1; k >= 0; k -= 1) {
      const e = log[k];
      const li = pe("li", { class: "pe-g-entry", "data-seat": e.seat, "data-bot": e.bot || null, "data-kind": e.kind,
        "data-i": e.i, style: `--pe-g-seat: ${seatColour(e.seat)}` }, [
        pe("span", { class: "pe-g-entry-round", text: e.round ? `R${e.round}` : "setup" }),
        pe("span", { class: "pe-g-entry-who", text: e.name }),
        " ",
        pe("span", { class: "pe-g-entry-text", text: e.text }),
        pe("code", { class: "pe-g-entry-code", text: e.action }),
      ]);
      if (e.events && e.events.length) li.append(pe("ul", { class: "pe-g-events" }, e.events.map((x) => pe("li", { text: x }))));
      items.push(li);
    }
    if (total > log.length) items.push(pe("li", { class: "pe-g-entry pe-g-entry-more", text: `… ${total - log.length} earlier actions` }));
    logList.replaceChildren(...items);
    if (log.length && log[log.length - 1].i !== lastLogShown) {
      const e = log[log.length - 1];
      lastLogShown = e.i;
      logList.scrollTop = 0;
      live.textContent = `${e.name} ${e.text}. ${(e.events || []).join(". ")}`;
    }
  }

  function drawFinal(v) {
    const final = model.get("final") || {};
    if (!v.is_over || !final.scores) {
      finalBox.hidden = true;
      finalBox.replaceChildren();
      return;
    }
    const winners = new Set(final.winners || []);
    const cards = final.cards || {};
    const rows = [
      ["Goal cards (printed points)", (s) => s.printed_points],
      ["Lab points", (s) => s.lab_points],
      ["Academic Achievement", (s) => s.aa_value],
      ["Cubes on unfinished cards", (s) => s.cubes_on_incomplete],
      ["Agenda card", (s) => s.agenda],
    ];
    const headRow = pe("tr", {}, [pe("th", { scope: "col", text: "" }), ...final.scores.map((s) =>
      pe("th", { scope: "col", style: `--pe-g-seat: ${seatColour(s.player)}`, class: winners.has(s.player) ? "pe-g-winner" : null },
        [pe("span", { class: "pe-g-flask", style: { background: seatColour(s.player) }, text: s.player + 1 }), ` ${s.name}`,
          winners.has(s.player) ? pe("span", { class: "pe-g-crown", text: "★ winner" }) : null]))]);
    const body = rows.map(([label, f]) => pe("tr", {}, [pe("th", { scope: "row", text: label }),
      ...final.scores.map((s) => pe("td", { text: f(s) }))]));
    body.push(pe("tr", { class: "pe-g-total" }, [pe("th", { scope: "row", text: "Total" }),
      ...final.scores.map((s) => pe("td", { "data-total": s.player, text: s.total }))]));
    const table = pe("table", { class: "pe-g-score-table" }, [pe("thead", {}, [headRow]), pe("tbody", {}, body)]);
    const cardName = (c) => (cards[c] ? cards[c].name : c);
    const explain = final.scores.map((s) => {
      const a = s.agenda_assignment || {};
      const objectives = (a.objectives || []).map((o) => pe("li", {}, [
        pe("strong", { text: `${o.text}: ${o.points} pts` }),
        o.cards.length ? ` — counts ${o.cards.map(cardName).join(", ")}` : (o.objective === "track_levels" ? " — uses no cards" : " — no card counted"),
      ]));
      if (a.unused && a.unused.length) objectives.push(pe("li", { text: `not counted by the agenda: ${a.unused.map(cardName).join(", ")}` }));
      const won = s.cards.length ? s.cards.map((c) => `${cardName(c)} (${cards[c] ? cards[c].points : "?"})`).join(", ") : "no goal cards";
      return pe("div", { class: "pe-g-explain", "data-seat": s.player, style: `--pe-g-seat: ${seatColour(s.player)}` }, [
        pe("h5", { text: `${s.name}: agenda ${s.agenda_id || "—"} = ${s.agenda} pts` }),
        pe("p", { class: "pe-g-won", text: `Completed: ${won}.` }),
        pe("ul", {}, objectives),
        pe("p", { class: "pe-g-note", text: "Each completed card counts for one objective only; the best assignment is shown." }),
      ]);
    });
    const names = [...winners].map(seatName);
    finalBox.replaceChildren(
      pe("h4", { text: names.length > 1 ? `Shared win: ${names.join(" and ")}` : `${names[0]} wins!` }),
      table, pe("div", { class: "pe-g-explains" }, explain));
    finalBox.hidden = false;
  }

  function drawError() {
    const text = model.get("error") || "";
    errorBox.replaceChildren(...(text ? [pe("strong", { text: "Not allowed: " }), text] : []));
    errorBox.hidden = !text;
    if (text) {
      errorBox.classList.remove("pe-g-flash");
      void errorBox.offsetWidth;
      errorBox.classList.add("pe-g-flash");
    }
  }

  function drawTools(v) {
    undoBtn.disabled = !model.get("can_undo");
    const anyBot = seats().some((s) => s.bot);
    const paused = model.get("paused");
    pauseBtn.hidden = stepBtn.hidden = !anyBot || Boolean(v.is_over);
    pauseBtn.textContent = paused ? "▶ Resume bots" : "❚❚ Pause bots";
    pauseBtn.setAttribute("aria-pressed", String(Boolean(paused)));
    stepBtn.disabled = !model.get("bot_pending");
    newConfirm.hidden = !ui.confirmNew;
    newBtn.textContent = ui.confirmNew ? "Cancel" : "New game";
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

  function update() {
    const v = V();
    const rev = model.get("revision");
    if (rev !== ui.seenRev) {
      // the game moved: forget choices that no longer fit
      ui.seenRev = rev;
      ui.chooser = null;
      ui.hint = "";
      const turn = `${v.turns}:${v.current_player}`;
      if (turn !== ui.turn) { ui.turn = turn; ui.mode = null; } // a new turn (hot seat too)
      if (!myTurn() || v.phase === "agenda") { ui.mode = null; ui.source = null; }
      else {
        if (v.mode) ui.mode = v.mode;
        ui.source = null; // each choice is made afresh from the new position
      }
    }
    const acts = myTurn() ? legal() : [];
    const hadFocus = root.contains(document.activeElement);
    root.dataset.phase = v.phase || "";
    root.dataset.currentSeat = String(v.current_player ?? "");
    root.dataset.viewer = String(model.get("viewer"));
    root.dataset.botPending = String(Boolean(model.get("bot_pending")));
    root.dataset.myTurn = String(myTurn());
    root.dataset.over = String(Boolean(v.is_over));
    drawStatus(v);
    drawTools(v);
    drawControls(v, acts);
    drawPrompt(v, acts);
    drawBoard(v, acts);
    drawCards(v);
    drawPlayers(v);
    drawTracks(v);
    drawLegend();
    drawLog();
    drawFinal(v);
    root.dataset.revision = String(rev);
    // a redrawn button took the keyboard focus with it: give it to the board's current cell
    if (hadFocus && !root.contains(document.activeElement)) {
      const stop = board.root.querySelector('[tabindex="0"]');
      if (stop) stop.focus({ preventScroll: true });
    }
    scheduleBot();
  }

  let pending = false;
  function onChange() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; if (!destroyed) update(); });
  }
  model.on("change", onChange);
  model.on("change:error", drawError);
  model.on("change:refusals", drawError);

  update();
  drawError();
  root.dataset.ready = "true";

  return () => {
    destroyed = true;
    if (botTimer !== null) clearTimeout(botTimer);
    model.off("change", onChange);
    model.off("change:error", drawError);
    model.off("change:refusals", drawError);
    board.destroy();
    root.remove();
  };
}

export default { render };
