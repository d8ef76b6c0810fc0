// explorer_report.js: what the real data does along the reachable cells: ✓ agrees, = equal,
// ✗ disagrees, ? no data, and the single steps inside the region that go against the arrow.
import { pe } from "./board.js";
import { say, count } from "./text.js";

const MARKS = { agrees: "✓", equal: "=", disagrees: "✗", unknown: "?" };

/** The verdict of one step from `start` to `after` along a trend (sign +1 rises, -1 falls). */
export function stepVerdict(start, after, sign) {
  if (start === null || start === undefined || after === null || after === undefined) return "unknown";
  const change = (after - start) * sign;
  return change > 0 ? "agrees" : change === 0 ? "equal" : "disagrees";
}

export function createReport(ctx) {
  const root = pe("section", { class: "pe-report", "data-role": "report", "aria-label": say("report_label") });
  function update(symbol, trend, steps, reach) {
    const info = ctx.trendById.get(trend);
    const prop = info.property;
    const start = ctx.value(prop, symbol);
    const region = new Set([symbol, ...reach.map(([s]) => s)]);
    const tally = { agrees: 0, equal: 0, disagrees: 0, unknown: 0 };
    const items = reach.map(([target, d]) => {
      const after = ctx.value(prop, target);
      let sign = info.sign;
      if (trend === "atomic_number" && after < start) sign = -1;
      const verdict = stepVerdict(start, after, sign);
      tally[verdict] += 1;
      return pe("li", { "data-report-symbol": target, "data-verdict": verdict, class: `pe-${verdict}` },
        [pe("span", { class: "pe-mark", "aria-hidden": "true", text: MARKS[verdict] }),
          ` ${target} · ${count(d, "n_steps")} · ${ctx.withUnit(after, prop)}`,
          pe("span", { class: "pe-sr", text: ` (${say(`verdict_${verdict}`)})` })]);
    });
    const against = info.disagreements.filter(([a, b]) => region.has(a) && region.has(b));
    Object.assign(root.dataset, {
      symbol, trend, reachable: String(reach.length), agrees: String(tally.agrees), equal: String(tally.equal),
      disagrees: String(tally.disagrees), unknown: String(tally.unknown),
    });
    const claim = trend === "atomic_number" ? say("claim_atomic_number")
      : say(info.sign > 0 ? "claim_rises" : "claim_falls", { what: ctx.labelOf(prop).toLowerCase(), symbol, value: ctx.withUnit(start, prop) });
    const tallyParts = [pe("span", { class: "pe-agrees", text: say("tally_agree", { n: tally.agrees }) }), " "];
    if (tally.equal) tallyParts.push(pe("span", { class: "pe-equal", text: say("tally_equal", { n: tally.equal }) }), " ");
    tallyParts.push(pe("span", { class: "pe-disagrees", text: say("tally_disagree", { n: tally.disagrees }) }), " ",
      pe("span", { class: "pe-unknown", text: say("tally_unknown", { n: tally.unknown }) }));
    root.replaceChildren(
      pe("h3", { class: "pe-report-title", text: say("report_title", { symbol, trend: info.name, steps: count(steps, "n_steps") }) }),
      pe("p", { text: `${say("n_reachable", { n: reach.length })} ${claim}` }),
      pe("p", { class: "pe-tally" }, tallyParts),
      pe("ol", { class: "pe-reach-list" }, items),
      against.length
        ? pe("div", { class: "pe-against" }, [
          pe("h4", { text: say("against_title") }),
          pe("ul", {}, against.map(([a, b, before, after]) => pe("li", { "data-step": `${a}>${b}` },
            `${a} → ${b}: ${ctx.withUnit(before, prop)} → ${ctx.withUnit(after, prop)}`))),
        ])
        : pe("p", { class: "pe-against-none", text: trend === "atomic_number" ? "" : say("against_none") }),
    );
    return tally;
  }
  return { root, update };
}
