// explorer_sound.js: the explorer's "Hear the trend" row (issue 33): play the chosen cell's
// period, its group or the move the chosen trend makes from it, as pitch (sonify.js), and the
// "Speak aloud" toggle (voicing.js). Nothing sounds until the student presses a button or P / G
// on a focused cell; each melody is also said in words (the live region), so a student who
// cannot hear it, or a screen reader, gets the same account.
import { pe } from "./board.js";
import { say } from "./text.js";
import { planMelody, playMelody, expectAlong, melodyWords } from "./sonify.js";
import { createVoicing } from "./voicing.js";
import { inSentence } from "./cell_describe.js";

// host(): the element whose data-sonify-* attributes record the last melody (for tests)
export function createExplorerSound(ctx, { host, announce }) {
  const hintId = `pe-sound-hint-${Math.random().toString(36).slice(2, 10)}`;
  const buttons = ["period", "group", "path"].map((axis) => pe("button", { type: "button", class: "pe-play", "data-play": axis }));
  const voicing = createVoicing();
  const hint = pe("p", { class: "pe-sound-hint", id: hintId, text: say("sound_hint") });
  const root = pe("div", { class: "pe-sound", "data-role": "sound" }, [
    pe("div", { class: "pe-sound-buttons", role: "group", "aria-label": say("sound_group"), "aria-describedby": hintId },
      [...buttons, voicing.button]),
    hint,
  ]);
  const cellBySymbol = new Map(ctx.cells.map((c) => [c.symbol, c]));
  let state = { symbol: null, trend: null, steps: 5 };

  /** The cells a melody plays, in order, with the direction the arrow expects. */
  function rowFor(axis, symbol, trend, steps) {
    const info = ctx.trendById.get(trend);
    const here = cellBySymbol.get(symbol);
    if (axis === "path") {
      const reach = ctx.reachOf(symbol, trend, steps)
        .sort((a, b) => a[1] - b[1] || cellBySymbol.get(a[0]).z - cellBySymbol.get(b[0]).z);
      if (trend === "atomic_number") { // the cells the move can reach, in atomic-number order
        const all = [symbol, ...reach.map(([s]) => s)].sort((a, b) => cellBySymbol.get(a).z - cellBySymbol.get(b).z);
        return { info, symbols: all, expect: 1, compare: "previous", what: say("what_path", { what: inSentence(ctx.labelOf(info.property)), symbol }) };
      }
      return { info, symbols: [symbol, ...reach.map(([s]) => s)], expect: info.sign, compare: "first",
               what: say("what_path", { what: inSentence(ctx.labelOf(info.property)), symbol }) };
    }
    const key = axis === "period" ? "period" : "group";
    const symbols = ctx.cells.filter((c) => c[key] === here[key])
      .sort((a, b) => (axis === "period" ? a.group - b.group : a.period - b.period)).map((c) => c.symbol);
    return { info, symbols, expect: expectAlong(info, axis), compare: "previous",
             what: say(axis === "period" ? "what_period" : "what_group", { what: inSentence(ctx.labelOf(info.property)), n: here[key] }) };
  }

  function play(axis, symbol = state.symbol) {
    if (!symbol || !cellBySymbol.has(symbol)) return null;
    const row = rowFor(axis, symbol, state.trend, state.steps);
    const field = row.info.property;
    const plan = planMelody(row.symbols.map((s) => [s, ctx.value(field, s)]), row.expect, { compare: row.compare });
    const record = playMelody(plan, { source: `explorer:${axis}:${symbol}:${state.trend}`, host: host() });
    announce(melodyWords(plan, row.what, (v) => ctx.withUnit(v, field), row.expect), true);
    return record;
  }

  buttons.forEach((b) => b.addEventListener("click", () => play(b.dataset.play)));

  function update(symbol, trend, steps) {
    state = { symbol, trend, steps };
    const here = cellBySymbol.get(symbol);
    const texts = { period: say("play_period", { n: here.period }), group: say("play_group", { n: here.group }), path: say("play_path") };
    for (const b of buttons) if (b.textContent !== texts[b.dataset.play]) b.textContent = texts[b.dataset.play];
  }

  return { root, play, update, voicing };
}
