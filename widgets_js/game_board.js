// game_board.js: the game's board: flasks, goal cubes, the reachable cells of the current
// choice with their distance, the cells that would move the player on along the element-group
// track, and the last movement.
//
// Issue 33: while a trend is chosen, a focused cell is described as the explorer's cells are
// (cell_describe.js): the trend's value with its unit, its rank in its period and group (the
// static `ranks`) and, for a reachable cell, whether the arrow and the data agree on the move
// from the flask. Its steps are in its name (label_reach_steps). One shared hidden node.
import { pe, createBoard, setCellText } from "./board.js";
import { say, count, possessive } from "./text.js";
import { planMelody, playMelody, melodyWords } from "./sonify.js";
import { frameBoard } from "./board_frame.js";
import { CARD_COLOURS } from "./game_cards.js";
import { describeCell, withUnit } from "./cell_describe.js";

/** describeCell's ctx over the game's static data: a trend property's values, unit and label. */
function describeContext(stat) {
  const byField = new Map();
  for (const t of stat.trends) if (!byField.has(t.property)) byField.set(t.property, { ...t, ...(stat.trend_values || {})[t.id] });
  const of = (field) => byField.get(field) || {};
  return {
    value: (field, symbol) => ((of(field).values || {})[symbol] ?? null),
    withUnit: (v, field) => withUnit(v, of(field).unit || ""),
    labelOf: (field) => (field === "atomic_number" ? say("atomic_number") : of(field).label || field),
  };
}

/** speak(text): the self-voicing (voicing.js) a focused cell's name and description go to. */
export function createGameBoard(ctx, onActivate, speak = () => false) {
  const board = createBoard({ cells: ctx.stat.cells, name: "game", label: say("game_board"), interactive: true, onActivate });
  // 38 px at least: a symbol, the steps above it and the flasks below it each get their own
  // band (game.css); a phone scrolls the board sideways instead of stacking them
  const frame = frameBoard(board, { label: say("board_scroll_label"), min: 38, max: 46, compactBelow: 46 });
  const legend = pe("div", { class: "pe-g-legend", "aria-hidden": "true" }, [
    pe("span", {}, [pe("span", { class: "pe-g-flask", style: { background: "#555" }, text: "1" }), say("legend_flask")]),
    pe("span", {}, [pe("span", { class: "pe-g-cube", style: { background: CARD_COLOURS.blue } }), say("legend_cube")]),
    pe("span", {}, [pe("span", { class: "pe-g-swatch pe-g-swatch-reach" }), say("legend_reach")]),
    pe("span", {}, [pe("span", { class: "pe-g-swatch pe-g-swatch-track", text: "▲" }), say("legend_track")]),
    pe("span", {}, [pe("span", { class: "pe-g-swatch pe-g-swatch-current" }), say("legend_current")]),
    pe("span", {}, [pe("span", { class: "pe-g-swatch pe-g-swatch-landed" }), say("legend_landed")]),
  ]);
  // hear the move (issue 33): the flask's cell, then the cells the chosen trend reaches (by
  // steps), the trend's property as pitch, a tick where a cell's value is on the wrong side of
  // the start's; shown only while a trend's cells are lit, said in words in its own region
  const playButton = pe("button", { type: "button", class: "pe-play", "data-play": "reach", text: say("play_reach") });
  const playSaid = pe("p", { class: "pe-sr", "aria-live": "polite", "data-role": "reach-sound-said" });
  const playRow = pe("div", { class: "pe-sound", hidden: true }, [playButton, playSaid]);
  const description = pe("span", { class: "pe-sr", id: `${ctx.uid}-cell-desc`, "data-role": "cell-description" });
  const root = pe("div", { class: "pe-g-boardbox" }, [frame.root, playRow, legend, description]);
  const describing = describeContext(ctx.stat);
  let chosen = null; // {trend, from, targets} while a trend is chosen: what a focused cell describes
  let hear = null; // {trend, from, targets} of the lit cells
  playButton.addEventListener("click", () => {
    const info = hear && (ctx.stat.trend_values || {})[hear.trend];
    if (!info) return;
    const z = (s) => (ctx.stat.cells.find((c) => c.symbol === s) || {}).z || 0;
    const order = [...hear.targets.keys()].sort((a, b) => (hear.targets.get(a) || 0) - (hear.targets.get(b) || 0) || z(a) - z(b));
    const plan = planMelody([hear.from, ...order].map((s) => [s, info.values[s] ?? null]), info.sign, { compare: "first" });
    playMelody(plan, { source: `game:${hear.trend}:${hear.from}`, host: root });
    const trendName = (ctx.trendById.get(hear.trend) || { name: hear.trend }).name;
    playSaid.textContent = melodyWords(plan, say("what_path", { what: trendName, symbol: hear.from }),
      (x) => withUnit(x, info.unit), info.sign);
  });

  /** The focused cell's description (empty while no trend is chosen: its label says it all);
   * on focus, its name and description are spoken too when the voicing is on. */
  function describe(symbol, voiced = false) {
    const info = chosen && ctx.trendById.get(chosen.trend);
    const cell = ctx.stat.cells.find((c) => c.symbol === symbol);
    let text = "";
    if (info && cell) {
      const from = chosen.targets.has(symbol) && symbol !== chosen.from ? chosen.from : null;
      text = describeCell(describing, cell, info, ((ctx.stat.ranks || {})[info.property] || {})[symbol] || null, from);
    }
    if (description.textContent !== text) description.textContent = text;
    if (voiced) speak([board.cell(symbol).getAttribute("aria-label"), text].filter(Boolean).join(". "));
  }
  for (const symbol of board.symbols) board.cell(symbol).setAttribute("aria-describedby", description.id);
  board.root.addEventListener("focusin", (event) => {
    const node = event.target.closest && event.target.closest("[data-symbol]");
    if (node) describe(node.dataset.symbol, true);
  });

  /** targets: Map symbol -> steps (or null); trackFamily: the family that would advance the
   * player to move on the element-group track (null when not their turn). */
  function update(v, targets, trackFamily, trendId = null) {
    const players = v.players_state || [];
    const current = v.is_over ? null : v.current_player;
    const cards = ctx.cardById();
    const flasks = new Map();
    players.forEach((p, q) => {
      if (!flasks.has(p.flask)) flasks.set(p.flask, []);
      flasks.get(p.flask).push(q);
    });
    const cubes = v.board_cubes || {};
    const log = ctx.model.get("game_log") || [];
    let last = null; // the latest movement, to mark where it started and ended
    for (let k = log.length - 1; k >= 0 && k >= log.length - 6; k -= 1) if (log[k].to) { last = log[k]; break; }
    for (const symbol of board.symbols) {
      const node = board.cell(symbol);
      const extra = [];
      const deco = [];
      const here = flasks.get(symbol) || [];
      const cubeIds = cubes[symbol] || [];
      if (cubeIds.length) {
        deco.push(pe("span", { class: "pe-g-cubes" }, cubeIds.map((cid) => {
          const card = cards.get(cid);
          return pe("span", { class: "pe-g-cube", style: { background: CARD_COLOURS[card ? card.colour : "green"] } });
        })));
        extra.push(say("label_cubes", { n: cubeIds.length, cards: cubeIds.map((c) => (cards.get(c) || { name: c }).name).join(say("and")) }));
      }
      if (here.length) {
        deco.push(pe("span", { class: "pe-g-flasks" }, here.map((q) => pe("span", {
          class: `pe-g-flask${q === current ? " pe-g-flask-active" : ""}`, "data-seat": q,
          style: { background: ctx.seatColour(q) }, "data-text": q + 1, // drawn by CSS: the label says whose
        }))));
        extra.push(here.map((q) => say(q === current ? "label_flask_to_move" : "label_flask", { whose: possessive(ctx.seatName(q)) })).join(", "));
      }
      const track = trackFamily && ctx.familyOf.get(symbol) === trackFamily;
      board.decorate(symbol, deco);
      const badge = node.querySelector(".pe-badge");
      if (targets.has(symbol)) {
        const k = targets.get(symbol);
        node.setAttribute("data-reachable", "true");
        if (k) node.setAttribute("data-steps", String(k)); else node.removeAttribute("data-steps");
        setCellText(badge, k ? String(k) : "");
        extra.push(k ? say("label_reach_steps", { steps: count(k, "n_steps") }) : say("label_reach"));
      } else {
        node.removeAttribute("data-reachable");
        node.removeAttribute("data-steps");
        setCellText(badge, "");
      }
      if (track) {
        node.setAttribute("data-track-next", "true");
        extra.push(say("label_track"));
      } else node.removeAttribute("data-track-next");
      if (current !== null && players[current] && players[current].flask === symbol) node.setAttribute("aria-current", "true");
      else node.removeAttribute("aria-current");
      node.classList.toggle("pe-g-landed", Boolean(last && last.to === symbol));
      node.classList.toggle("pe-g-left-from", Boolean(last && last.from === symbol && last.to !== symbol));
      board.setLabel(symbol, extra.join("; "));
    }
    board.root.classList.toggle("pe-g-choosing", targets.size > 0);
    const from = current !== null && players[current] ? players[current].flask : null;
    hear = trendId && from && targets.size ? { trend: trendId, from, targets } : null;
    chosen = trendId && from ? { trend: trendId, from, targets } : null;
    const focused = board.root.contains(document.activeElement) && document.activeElement.closest("[data-symbol]");
    if (focused) describe(focused.dataset.symbol);
    if (playRow.hidden !== !hear) playRow.hidden = !hear;
    if (current !== null && players[current] && !board.root.contains(document.activeElement)) {
      board.setTabStop(targets.size ? [...targets.keys()][0] : players[current].flask);
    }
  }
  return { root, board, frame, update };
}
