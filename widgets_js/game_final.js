// game_final.js: the end of the game: the score table and how each agenda card scored.
import { pe } from "./board.js";
import { say, sayAbout } from "./text.js";

export function createFinal(ctx) {
  const root = pe("section", { class: "pe-g-final", "data-role": "final", hidden: true, "aria-label": say("final_title") });
  function update(v) {
    const final = ctx.model.get("final") || {};
    if (!v.is_over || !final.scores) {
      root.hidden = true;
      root.replaceChildren();
      return;
    }
    const winners = new Set(final.winners || []);
    const cards = final.cards || {};
    const rows = [
      [say("score_printed"), (s) => s.printed_points],
      [say("score_lab"), (s) => s.lab_points],
      [say("score_aa"), (s) => s.aa_value],
      [say("score_cubes"), (s) => s.cubes_on_incomplete],
      [say("score_agenda"), (s) => s.agenda],
    ];
    const headRow = pe("tr", {}, [pe("td", { class: "pe-g-corner" }), ...final.scores.map((s) =>
      pe("th", { scope: "col", class: winners.has(s.player) ? "pe-g-winner" : null },
        [pe("span", { class: "pe-g-flask", style: { background: ctx.seatColour(s.player) }, text: s.player + 1, "aria-hidden": "true" }), ` ${s.name}`,
          winners.has(s.player) ? pe("span", { class: "pe-g-crown", text: say("winner_tag") }) : null]))]);
    const body = rows.map(([label, f]) => pe("tr", {}, [pe("th", { scope: "row", text: label }),
      ...final.scores.map((s) => pe("td", { text: f(s) }))]));
    body.push(pe("tr", { class: "pe-g-total" }, [pe("th", { scope: "row", text: say("score_total") }),
      ...final.scores.map((s) => pe("td", { "data-total": s.player, text: s.total }))]));
    const table = pe("table", { class: "pe-g-score-table" }, [pe("caption", { class: "pe-sr", text: say("final_title") }),
      pe("thead", {}, [headRow]), pe("tbody", {}, body)]);
    const cardName = (c) => (cards[c] ? cards[c].name : c);
    const explain = final.scores.map((s) => {
      const a = s.agenda_assignment || {};
      const objectives = (a.objectives || []).map((o) => pe("li", {}, [
        pe("strong", { text: say("objective_points", { text: ctx.objectiveText(o.objective) || o.text, n: o.points }) }),
        o.cards.length ? ` — ${say("counts_cards", { cards: o.cards.map(cardName).join(", ") })}`
          : ` — ${say(o.objective === "track_levels" ? "uses_no_cards" : "no_card_counted")}`,
      ]));
      if (a.unused && a.unused.length) objectives.push(pe("li", { text: say("not_counted", { cards: a.unused.map(cardName).join(", ") }) }));
      const won = s.cards.length ? s.cards.map((c) => `${cardName(c)} (${cards[c] ? cards[c].points : "?"})`).join(", ") : say("no_goal_cards");
      return pe("div", { class: "pe-g-explain", "data-seat": s.player, style: `--pe-g-seat: ${ctx.seatColour(s.player)}` }, [
        pe("h4", { text: say("agenda_scored", { name: s.name, id: s.agenda_id || "—", n: s.agenda }) }),
        pe("p", { class: "pe-g-won", text: say("completed_list", { cards: won }) }),
        pe("ul", {}, objectives),
        pe("p", { class: "pe-g-note", text: say("assignment_note") }),
      ]);
    });
    const names = [...winners].map(ctx.seatName);
    root.replaceChildren(
      pe("h3", { class: "pe-g-final-title", text: names.length > 1 ? say("shared_win", { names: names.join(say("and")) }) : sayAbout(names[0], "wins") }),
      pe("div", { class: "pe-g-table-wrap", tabindex: "0", role: "region", "aria-label": say("final_title") }, [table]),
      pe("div", { class: "pe-g-explains" }, explain));
    root.hidden = false;
  }
  return { root, update };
}
