// game_controls.js: the turn controls: the prompt, Spend / Gain, the five trend spots, award
// tiles, End turn and the choosers (agenda, discover, whom to take from, Take 2 Energy).
// A control that cannot be used now is aria-disabled (it stays focusable) and says why in its
// title and accessible description; pressing it anyway shows that reason as the prompt.
import { pe, familyName } from "./board.js";
import { say, sayAbout, count } from "./text.js";

/** "the only highlighted cell", "one of the 5 highlighted cells" */
const highlighted = (n) => (n === 1 ? say("only_highlighted") : count(n, "n_highlighted"));
import { CARD_COLOURS, formulaNode } from "./game_cards.js";

const ARROWS = {
  atomic_number: "±Z", ionization_energy: "↑→", atomic_radius: "↓←",
  atomic_mass_increase: "↓→", atomic_mass_decrease: "↑←",
};

/** Mark a button usable or not; `why` becomes its title and accessible description. */
let whyCount = 0;
export function setUsable(button, usable, why, notes) {
  button.setAttribute("aria-disabled", String(!usable));
  const reason = usable ? "" : why || "";
  if (reason) button.title = reason; else button.removeAttribute("title");
  let note = button._why;
  if (!note || !note.isConnected) {
    whyCount += 1;
    note = pe("span", { id: `${notes.dataset.uid}-why-${whyCount}` });
    button._why = note;
    notes.append(note);
  }
  note.textContent = reason;
  if (reason) button.setAttribute("aria-describedby", note.id); else button.removeAttribute("aria-describedby");
}

export function usable(button) {
  return button.getAttribute("aria-disabled") !== "true" && !button.disabled;
}

export function createControls(ctx) {
  const { ui } = ctx;
  // the reasons of aria-disabled controls (referenced by aria-describedby, never shown)
  const notes = pe("div", { hidden: true, "data-uid": ctx.uid });
  const prompt = pe("p", { class: "pe-g-prompt", "data-role": "prompt" });
  const modeButtons = ["spend", "gain"].map((m) => pe("button", {
    type: "button", class: "pe-g-mode", "data-mode": m, "aria-pressed": "false",
  }, [pe("strong", { text: say(`mode_${m}`) }), pe("span", { class: "pe-g-mode-note", text: say(`mode_${m}_note`) })]));
  const modeBox = pe("div", { class: "pe-g-modes", role: "group", "aria-label": say("modes_label") }, modeButtons);
  const spotButtons = ctx.stat.trends.map((t) => {
    const energy = pe("span", { class: "pe-g-spot-energy", "aria-hidden": "true" });
    const energyWords = pe("span", { class: "pe-sr" });
    const name = pe("span", { class: "pe-g-spot-name", text: t.name });
    const b = pe("button", { type: "button", class: "pe-g-spot", "data-trend": t.id, "aria-pressed": "false" }, [
      pe("span", { class: "pe-g-arrows", "aria-hidden": "true", text: ARROWS[t.id] }), name, energy, energyWords]);
    b._energy = energy;
    b._energyWords = energyWords;
    b._name = name;
    return b;
  });
  const spotBox = pe("div", { class: "pe-g-spots", role: "group", "aria-label": say("spots_label") }, spotButtons);
  const tileBox = pe("div", { class: "pe-g-tiles", role: "group", "aria-label": say("tiles_label") });
  const endBtn = pe("button", { type: "button", class: "pe-g-btn pe-g-end", "data-role": "end", "data-action": "end" }, [say("end_turn")]);
  const chooser = pe("div", { class: "pe-g-chooser", "data-role": "chooser", hidden: true });
  // the action bar (turn_view.js): the prompt, the choice that waits (discover, whom to take
  // from, an agenda card) and End turn; a phone pins it to the bottom of the screen
  const bar = pe("div", { class: "pe-g-bar", "data-role": "action-bar" }, [
    prompt, chooser, pe("div", { class: "pe-g-bar-end" }, [endBtn])]);
  const root = pe("section", { class: "pe-g-controls", "data-role": "controls", "aria-label": say("controls_label") }, [
    bar, pe("div", { class: "pe-g-row" }, [modeBox, spotBox]), pe("div", { class: "pe-g-row" }, [tileBox]), notes]);

  const trendLabel = (code) => (ctx.trendByCode.get(code) || { name: code }).name;
  function describeSource(s) {
    if (s.kind === "spend") return say("source_spend", { trend: trendLabel(s.code) });
    if (s.kind === "gain") return say("source_gain", { trend: trendLabel(s.code) });
    if (s.kind === "free") return say("source_free", { trend: trendLabel(s.code) });
    if (s.kind === "move") return say("source_move", { family: familyName(s.family) });
    return say("source_ext");
  }

  /** Why the person to move cannot play now ("" when they can). */
  function waitReason(v) {
    if (v.is_over) return say("why_over");
    if (ctx.model.get("class_note")) return ctx.model.get("class_note"); // the class is paused
    if (!ctx.myTurn()) return ctx.isBot(v.current_player) ? say("why_wait_bot", { name: ctx.seatName(v.current_player) }) : say("why_not_turn");
    if (v.phase === "agenda") return say("why_agenda_first");
    if (v.phase === "discover") return say("why_discover_first");
    return "";
  }

  function facts(v, acts) {
    const me = (v.players_state || [])[v.player] || {};
    const tiles = ctx.myTurn() && me.tiles ? me.tiles : [];
    return {
      spend: acts.some((a) => a.kind === "spend"),
      gain: acts.some((a) => a.kind === "gain"),
      end: acts.some((a) => a.kind === "end"),
      tiles: tiles.filter((t) => tileUsable(t.code, acts)).length,
      energy: me.energy ?? 0,
      cost: v.next_spend_cost,
    };
  }

  function tileUsable(code, acts) {
    if (code === "take2") return acts.some((a) => a.kind === "take2");
    if (code === "plus3") return acts.some((a) => a.kind === "ext");
    if (code.startsWith("free:")) {
      const t = ctx.trendById.get(code.slice(5));
      return Boolean(t) && acts.some((a) => a.kind === "free" && a.code === t.code);
    }
    if (code.startsWith("move:")) return acts.some((a) => a.kind === "move" && ctx.familyOf.get(a.dest) === code.slice(5));
    return false;
  }

  function spendWhy(f) {
    if (f.cost !== null && f.cost !== undefined && f.energy < f.cost) return say("why_spend_energy", { n: f.energy, cost: f.cost });
    return say("why_spend_none");
  }

  /** The next thing to do, in words (also the answer to a click that cannot do anything). */
  function nextStep(v, acts) {
    const wait = waitReason(v);
    if (wait) return wait;
    const f = facts(v, acts);
    const mode = v.mode || ui.mode;
    if (!v.mode) {
      if (ui.mode) return say(ctx.touch ? "next_pick_trend_tap" : "next_pick_trend");
      if (f.spend && f.gain) return say("next_choose_mode");
      if (f.gain) return say("next_gain_only", { why: spendWhy(f) });
      if (f.spend) return say("next_spend_only");
    } else if (mode === "spend" && f.spend) return f.end ? say(ctx.touch ? "next_again_or_end_tap" : "next_again_or_end") : say(ctx.touch ? "next_pick_trend_tap" : "next_pick_trend");
    if (f.tiles) return f.end ? say("next_tile_or_end") : say("next_tile");
    if (f.end) return v.mode === "gain" ? say("next_end_after_gain") : v.mode === "spend" ? say("next_end_no_energy") : say("next_end");
    return say("next_nothing");
  }

  function reasonFor(b, v, acts) {
    // the reason a pressed aria-disabled control gives
    return b.title || nextStep(v, acts);
  }

  // ---- choices -----------------------------------------------------------------------------
  function chooseMode(m) {
    if (ctx.V().mode) return;
    ui.mode = ui.mode === m ? null : m;
    ui.hint = "";
    if (ui.source && (ui.source.kind === "spend" || ui.source.kind === "gain")) {
      ui.source = ui.mode ? { kind: ui.mode, code: ui.source.code } : null;
    }
    ctx.refresh({ announceReach: Boolean(ui.source) });
  }
  function chooseTrend(trendId) {
    const code = ctx.trendById.get(trendId).code;
    const mode = ctx.V().mode || ui.mode;
    ui.chooser = null;
    if (ui.source && ui.source.kind === mode && ui.source.code === code) ui.source = null;
    else ui.source = { kind: mode, code };
    ui.hint = "";
    ctx.refresh({ announceReach: Boolean(ui.source) });
  }
  function chooseTile(code) {
    ui.chooser = null;
    ui.hint = "";
    if (code === "take2") {
      ui.chooser = { kind: "take2", actions: ctx.legal().filter((a) => a.kind === "take2") };
      ui.source = null;
    } else if (code === "plus3") {
      ui.source = ui.source && ui.source.kind === "ext" ? null : { kind: "ext" };
    } else if (code.startsWith("free:")) {
      const t = ctx.trendById.get(code.slice(5));
      ui.source = ui.source && ui.source.kind === "free" ? null : { kind: "free", code: t.code };
    } else if (code.startsWith("move:")) {
      const family = code.slice(5);
      ui.source = ui.source && ui.source.kind === "move" && ui.source.family === family ? null : { kind: "move", family };
    }
    ctx.refresh({ announceReach: Boolean(ui.source) });
  }
  function refuse(b) {
    const v = ctx.V();
    ui.hint = reasonFor(b, v, ctx.myTurn() ? ctx.legal() : []);
    ctx.refresh({ announceHint: true });
  }

  /** A click on a board cell. */
  function clickCell(symbol) {
    const v = ctx.V();
    const acts = ctx.myTurn() ? ctx.legal() : [];
    const s = ui.source;
    if (!ctx.myTurn() || !s) {
      ui.hint = nextStep(v, acts);
      return ctx.refresh({ announceHint: true });
    }
    const matches = ctx.sourceActions().filter((a) => a.dest === symbol);
    if (matches.length > 1) {
      ui.chooser = { kind: "victim", actions: matches };
      return ctx.refresh({});
    }
    if (matches.length === 1) return ctx.act(matches[0].text);
    // not reachable: say why at once, in words (no round trip, no notation)
    const n = new Set(ctx.sourceActions().map((a) => a.dest)).size;
    const what = describeSource(s);
    const element = ctx.elementName(symbol);
    ui.hint = n ? say(ctx.touch ? "why_cell_unreachable_tap" : "why_cell_unreachable", { element, what, cells: highlighted(n) })
      : say("prompt_no_cells", { what });
    return ctx.refresh({ announceHint: true });
  }

  for (const b of modeButtons) b.addEventListener("click", () => (usable(b) ? chooseMode(b.dataset.mode) : refuse(b)));
  for (const b of spotButtons) b.addEventListener("click", () => (usable(b) ? chooseTrend(b.dataset.trend) : refuse(b)));
  endBtn.addEventListener("click", () => (usable(endBtn) ? ctx.act("end") : refuse(endBtn)));
  tileBox.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-tile]");
    if (b) (usable(b) ? chooseTile(b.dataset.tile) : refuse(b));
  });
  chooser.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-action]");
    if (b && usable(b)) ctx.act(b.dataset.action);
    const move = event.target.closest("button[data-move]");
    if (move) clickCell(move.dataset.move);
  });

  // ---- drawing -----------------------------------------------------------------------------
  function update(v, acts) {
    const mine = ctx.myTurn();
    const wait = waitReason(v);
    const playing = !wait;
    const mode = v.mode || ui.mode;
    const f = facts(v, acts);
    root.dataset.phase = v.phase || "";
    for (const b of modeButtons) {
      const m = b.dataset.mode;
      b.setAttribute("aria-pressed", String((mine ? mode : v.mode) === m));
      let why = wait;
      if (!why && v.mode) why = say("why_mode_chosen", { mode: say(`mode_${v.mode}`) });
      if (!why && !f[m]) why = m === "spend" ? spendWhy(f) : say("why_gain_none");
      setUsable(b, !why, why, notes);
    }
    for (const b of spotButtons) {
      const t = ctx.trendById.get(b.dataset.trend);
      const energy = (v.trend_spots || {})[t.id] ?? 0;
      b._energy.replaceChildren(pe("span", { class: "pe-g-token-count", text: energy }),
        pe("span", { class: "pe-g-tokens", text: "◆".repeat(Math.min(energy, 8)) }));
      const selected = ui.source && (ui.source.kind === "spend" || ui.source.kind === "gain") && ui.source.code === t.code;
      b.setAttribute("aria-pressed", String(Boolean(selected)));
      let why = wait;
      if (!why && !mode) why = say("why_mode_first");
      if (!why && v.mode === "gain") why = say("why_gained");
      if (!why && !acts.some((a) => a.kind === mode && a.code === t.code)) {
        why = mode === "spend" && f.cost !== null && f.energy < f.cost ? spendWhy(f) : say("why_trend_none", { mode: say(`mode_${mode}`).toLowerCase() });
      }
      setUsable(b, !why, why, notes);
      b.classList.toggle("pe-g-unusable", playing && Boolean(why));
      b._energyWords.textContent = `: ${count(energy, "n_energy_on_spot")}`; // named by its content
    }
    const me = (v.players_state || [])[v.player];
    const tiles = mine && me ? me.tiles : [];
    const seen = new Set();
    const tileButtons = [];
    for (const tile of tiles) {
      if (seen.has(tile.code)) continue;
      seen.add(tile.code);
      const code = tile.code;
      const ok = tileUsable(code, acts);
      const pressed = ui.source && ((code === "plus3" && ui.source.kind === "ext") ||
        (code.startsWith("free:") && ui.source.kind === "free" && ctx.trendById.get(code.slice(5)).code === ui.source.code) ||
        (code.startsWith("move:") && ui.source.kind === "move" && ui.source.family === code.slice(5)));
      const b = pe("button", { type: "button", class: "pe-g-tile", "data-tile": code, "aria-pressed": String(Boolean(pressed)) },
        [pe("span", { class: "pe-g-tile-icon", "aria-hidden": "true", text: "★" }), tile.label]);
      setUsable(b, ok && playing, wait || say("why_tile"), notes);
      tileButtons.push(b);
    }
    for (const old of tileBox.querySelectorAll("button")) if (old._why) old._why.remove();
    tileBox.replaceChildren(...(tileButtons.length ? [pe("span", { class: "pe-g-label", text: say("your_tiles") }), ...tileButtons] : []));
    tileBox.hidden = !tileButtons.length;
    let endWhy = wait;
    if (!endWhy && !f.end) endWhy = say("why_end_move_first");
    setUsable(endBtn, !endWhy, endWhy, notes);
    root.hidden = Boolean(v.is_over);
    drawChooser(v, acts);
    drawPrompt(v, acts);
  }

  function drawPrompt(v, acts) {
    const q = v.current_player;
    let text;
    if (v.is_over) text = say("prompt_over");
    else if (ctx.model.get("class_note")) text = ctx.model.get("class_note");
    else if (!ctx.myTurn()) {
      const seat = ctx.seats()[q] || {};
      if (ctx.isBot(q)) {
        const kind = seat.bot || "";
        const named = ctx.seatName(q).toLowerCase().includes(kind);
        text = say(ctx.model.get("paused") ? "prompt_bot_paused" : "prompt_bot", { name: ctx.seatName(q), kind: named ? "" : ` (${say("bot_tag", { kind: say(`bot_kind_${kind}`) })})` });
      } else text = sayAbout(ctx.seatName(q), "prompt_their_turn");
    } else if (v.phase === "agenda") text = say("prompt_agenda");
    else if (v.phase === "discover") text = say("prompt_discover");
    else if (ui.hint) text = ui.hint;
    else if (ui.source) {
      const n = new Set(ctx.sourceActions().map((a) => a.dest)).size;
      // the board zoomed out below 24 px cells to show every reachable cell: the same moves
      // are buttons below
      const key = ctx.boardTiny() ? (ctx.touch ? "prompt_tap_cells_or_names" : "prompt_click_cells_or_names")
        : ctx.touch ? "prompt_tap_cells" : "prompt_click_cells";
      text = n ? say(key, { what: describeSource(ui.source), cells: highlighted(n) })
        : say("prompt_no_cells", { what: describeSource(ui.source) });
    } else text = nextStep(v, acts);
    prompt.textContent = text;
  }

  function drawChooser(v, acts) {
    const mine = ctx.myTurn();
    const items = [];
    const cards = ctx.cardById();
    if (mine && v.phase === "agenda") {
      items.push(pe("p", { class: "pe-g-label", text: say("agenda_keep_one") }));
      items.push(pe("div", { class: "pe-g-agendas", "data-role": "agenda" }, (v.agenda_choices || []).map((a) => pe("div", { class: "pe-g-agenda" }, [
        pe("h4", { text: say("agenda_name", { id: a.id }) }),
        pe("ul", {}, a.objectives.map((o) => pe("li", { text: ctx.objectiveText(o) }))),
        pe("button", { type: "button", class: "pe-g-btn", "data-action": `a:${a.id}` }, [say("keep_agenda"), pe("span", { class: "pe-sr", text: say("keep_agenda_which", { id: a.id }) })]),
      ]))));
    } else if (mine && v.phase === "discover") {
      const row = pe("div", { class: "pe-g-discover", "data-role": "discover" });
      const here = (v.players_state[v.player] || {}).flask;
      for (const a of acts.filter((x) => x.kind === "discover")) {
        const card = cards.get(a.arg) || { name: a.arg, formula: "", colour: "green" };
        row.append(pe("button", { type: "button", class: "pe-g-btn pe-g-discover-btn", "data-action": a.text,
          style: `--pe-g-card: ${CARD_COLOURS[card.colour]}` },
          [say("discover_for", { symbol: here }), " ", pe("strong", { text: card.name }), " ", formulaNode(card.formula)]));
      }
      if (acts.some((x) => x.kind === "decline")) row.append(pe("button", { type: "button", class: "pe-g-btn", "data-action": "d-", text: say("decline") }));
      items.push(row);
    } else if (mine && ui.chooser && ui.chooser.kind === "victim") {
      items.push(pe("p", { class: "pe-g-label", text: say("victim_question") }));
      for (const a of ui.chooser.actions) {
        items.push(pe("button", { type: "button", class: "pe-g-btn", "data-action": a.text, text: say("victim_from", { name: ctx.seatName(a.victim - 1) }) }));
      }
    } else if (mine && ui.source && ctx.boardTiny()) {
      // the board zoomed out (game.js) to cells smaller than a finger's 24 px (WCAG 2.5.8):
      // every reachable cell is also a button of its own, named in words, in board order; it
      // does what a tap on the cell does (clickCell)
      const dests = new Set(ctx.sourceActions().map((a) => a.dest));
      const moves = ctx.boardOrder().filter((c) => dests.has(c.symbol)).map((c) => pe("button", {
        type: "button", class: "pe-g-btn pe-g-move", "data-move": c.symbol, text: `${c.name} (${c.symbol})`,
      }));
      if (moves.length) items.push(pe("div", { class: "pe-g-moves", role: "group", "aria-label": say("moves_label"), "data-role": "moves" }, moves));
    } else if (mine && ui.chooser && ui.chooser.kind === "take2") {
      items.push(pe("p", { class: "pe-g-label", text: say("take2_question") }));
      for (const a of ui.chooser.actions) {
        const names = a.codes.map(trendLabel);
        const text = names.length === 2 && names[0] === names[1] ? say("take2_two", { trend: names[0] })
          : names.map((n) => say("take2_one", { trend: n })).join(" + ");
        items.push(pe("button", { type: "button", class: "pe-g-btn", "data-action": a.text, text }));
      }
    }
    chooser.replaceChildren(...items);
    chooser.hidden = !items.length;
  }

  return { root, bar, prompt, update, clickCell, describeSource, nextStep, endBtn };
}
