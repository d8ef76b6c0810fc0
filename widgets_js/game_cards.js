// game_cards.js: the four face-up goal cards. Who discovered which element is written out
// (seat number in the cube, names for a screen reader), not shown by colour alone.
import { pe } from "./board.js";
import { say, count, formulaParts } from "./text.js";

export const CARD_COLOURS = { green: "#15803d", blue: "#1d4ed8", purple: "#7e22ce", pink: "#db2777" };
export const DIFFICULTY_DOTS = { green: "●", blue: "●●", purple: "●●●", pink: "●●●●" };

/** "H2SO4" -> a span with subscripts. */
export function formulaNode(text) {
  return pe("span", { class: "pe-g-formula" },
    formulaParts(text).map(([part, sub]) => (sub ? pe("sub", { text: part }) : part)));
}

export function createGoalCards(ctx) {
  const root = pe("section", { class: "pe-g-cards", "data-role": "goal-cards", "aria-label": say("goal_cards") });
  function update(v) {
    const nodes = [];
    for (const slot of v.goal_cards || []) {
      const card = slot.card;
      const colour = CARD_COLOURS[slot.colour];
      const meta = pe("div", { class: "pe-g-card-meta" }, [
        pe("span", { text: say("cards_below", { n: slot.stack_size }) }),
        pe("span", { text: count(slot.award_tiles_left, "n_award_tiles") }),
      ]);
      if (!card) {
        nodes.push(pe("article", { class: "pe-g-card pe-g-card-empty", "data-colour": slot.colour, style: `--pe-g-card: ${colour}` },
          [pe("div", { class: "pe-g-card-head" }, [pe("span", { text: DIFFICULTY_DOTS[slot.colour], "aria-hidden": "true" }),
            pe("span", { text: say("no_card_left") })]), meta]));
        continue;
      }
      const els = pe("ul", { class: "pe-g-card-elements" });
      for (const symbol of card.elements) {
        const who = (card.discovered || {})[symbol] || [];
        const names = who.map((q) => ctx.seatName(q));
        els.append(pe("li", { "data-symbol-ref": symbol, title: ctx.elementName(symbol) }, [
          pe("span", { class: "pe-g-el", text: symbol }),
          pe("span", { class: "pe-g-research", "aria-hidden": "true" }, who.map((q) => pe("span", {
            class: "pe-g-rcube", style: { background: ctx.seatColour(q) }, text: q + 1,
            title: say("discovered_by", { names: ctx.seatName(q) }),
          }))),
          pe("span", { class: "pe-sr", text: who.length ? ` ${say("discovered_by", { names: names.join(", ") })}` : ` ${say("not_discovered")}` }),
        ]));
      }
      nodes.push(pe("article", { class: "pe-g-card", "data-colour": slot.colour, "data-card": card.id, style: `--pe-g-card: ${colour}` }, [
        pe("div", { class: "pe-g-card-head" }, [
          pe("span", { class: "pe-g-dots", title: say("difficulty", { n: card.difficulty }), text: DIFFICULTY_DOTS[slot.colour], "aria-hidden": "true" }),
          pe("span", { class: "pe-sr", text: say(`colour_${slot.colour}`) }),
          pe("span", { class: "pe-g-points", text: say("points_short", { n: card.points }) }),
        ]),
        pe("h4", { class: "pe-g-card-name", text: card.name }),
        pe("div", { class: "pe-g-card-formula" }, [formulaNode(card.formula)]),
        els, meta,
      ]));
    }
    root.replaceChildren(pe("h3", { class: "pe-g-h", text: say("goal_cards") }), ...nodes);
  }
  return { root, update };
}
