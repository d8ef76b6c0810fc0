// cell_describe.js: what a sighted student sees in a cell, as words (issue 33): the chosen
// trend's value with its unit, its rank in its period and group (the ranks come from Python:
// widgets/_a11y_payload.rank_table), and whether the move's arrow and the data agree on the
// step from the chosen cell. Pure: the words come from text.js, the values from the caller.
// The explorer (trend_explorer.js) and the game's board (game_board.js) both describe their
// cells with describeCell; each passes its own ctx over the data it holds.
import { say, language } from "./text.js";
import { formatNumber } from "./board.js";
import { stepVerdict } from "./explorer_report.js";

/** "5.139 eV"; "no data" for a missing value. */
export function withUnit(value, unit) {
  return value === null || value === undefined ? say("no_data") : `${formatNumber(value)}${unit ? ` ${unit}` : ""}`;
}

/** A property's label inside a sentence: lower case ("first ionization energy"), except in
 * German, where a noun keeps its capital ("Erste Ionisierungsenergie"). */
export function inSentence(label) {
  return language() === "de" ? String(label) : String(label).toLowerCase();
}

/** "lowest in period 3", "5 of 7 from the lowest in group 1" (rank 1 = the lowest value). */
export function rankPhrase(rank, n, line) {
  if (n <= 1) return say("rank_only", { line });
  if (rank === 1) return say("rank_lowest", { line });
  if (rank === n) return say("rank_highest", { line });
  return say("rank_nth", { rank, n, line });
}

/**
 * The accessible description of one cell.
 * ctx: the explorer's context (value, withUnit, labelOf); cell: {symbol, period, group};
 * info: the chosen trend (property, sign, id); ranks: [rank in period, n, rank in group, m]
 * or null; from: the chosen cell's symbol, or null when `cell` is the chosen one or is out
 * of reach (then nothing is said about the arrow).
 */
export function describeCell(ctx, cell, info, ranks, from) {
  const field = info.property;
  const value = ctx.value(field, cell.symbol);
  const parts = [say("describe_value", { symbol: cell.symbol, what: inSentence(ctx.labelOf(field)), value: ctx.withUnit(value, field) })];
  if (ranks) {
    parts.push(rankPhrase(ranks[0], ranks[1], say("line_period", { n: cell.period })));
    parts.push(rankPhrase(ranks[2], ranks[3], say("line_group", { n: cell.group })));
  }
  if (from) {
    const before = ctx.value(field, from);
    // atomic number: a step back lowers Z on purpose, as in the account (explorer_report.js)
    const sign = info.id === "atomic_number" && value < before ? -1 : info.sign;
    const verdict = stepVerdict(before, value, sign);
    parts.push(say(`arrow_${verdict}`, { from, before: ctx.withUnit(before, field), after: ctx.withUnit(value, field) }));
  }
  return parts.join(", ");
}
