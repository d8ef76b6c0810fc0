// game_players.js: one panel per player (energy, cubes, tracks, tiles, the secret agenda).
import { pe, familyName } from "./board.js";
import { say } from "./text.js";

export function createPlayerPanels(ctx) {
  const root = pe("section", { class: "pe-g-players", "data-role": "players", "aria-label": say("players") });
  function update(v) {
    const rows = (v.players_state || []).map((p, q) => {
      const seat = ctx.seats()[q] || {};
      const active = !v.is_over && v.current_player === q;
      const won = p.completed_cards.length
        ? say("cards_won", { n: p.completed_cards.length, points: p.completed_cards.reduce((s, c) => s + c.points, 0) })
        : say("none");
      const fact = (label, value, key, wide) => pe("div", { class: `pe-g-fact${wide ? " pe-g-wide" : ""}`, "data-fact": key }, [
        pe("span", { class: "pe-g-fact-label", text: label }), " ", pe("span", { class: "pe-g-fact-value", text: value })]);
      const facts = pe("div", { class: "pe-g-facts" }, [
        fact(say("energy"), p.energy, "energy"),
        fact(say("research_cubes"), say("cubes_value", { left: p.research_cubes, on: p.cubes_on_cards }), "cubes"),
        fact(say("achievement"), say("aa_value", { points: p.aa_value, level: p.aa_index }), "aa"),
        fact(say("lab_points"), p.lab_points, "lab"),
        fact(say("goal_cards_won"), won, "cards"),
        fact(say("tiles"), p.tiles.length ? p.tiles.map((t) => t.label).join(", ") : say("none"), "tiles"),
        fact(say("microscope"), say("microscope_value", { here: familyName(p.group), next: familyName(p.next_group) }), "microscope", true),
      ]);
      const children = [
        pe("div", { class: "pe-g-player-head" }, [
          pe("span", { class: "pe-g-flask pe-g-flask-big", style: { background: seat.colour }, text: q + 1, "aria-hidden": "true" }),
          pe("h4", { class: "pe-g-player-name", text: p.name }),
          seat.bot ? pe("span", { class: "pe-g-tag", text: say("bot_tag", { kind: seat.bot }) }) : null,
          active ? pe("span", { class: "pe-g-tag pe-g-tag-turn", text: say("to_move") }) : null,
          pe("span", { class: "pe-g-where", text: say("at_cell", { symbol: p.flask }) }),
        ]),
        facts,
      ];
      if (p.agenda) {
        children.push(pe("details", { class: "pe-g-secret" }, [
          pe("summary", { text: say("agenda_secret") }),
          pe("ul", {}, p.agenda.objectives.map((o) => pe("li", { text: ctx.objectiveText(o) }))),
        ]));
      }
      return pe("article", { class: `pe-g-player${active ? " pe-g-player-active" : ""}`, "data-seat": q,
        style: `--pe-g-seat: ${seat.colour}` }, children);
    });
    root.replaceChildren(pe("h3", { class: "pe-g-h", text: say("players") }), ...rows);
  }
  return { root, update };
}
