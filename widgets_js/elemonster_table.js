// elemonster_table.js: what lies open on the table: the person's hand, every player's bonds
// and hand size, the pile and discard pile, the duel's shown cards, the log and the final
// scores (with why the game ended).
import { pe } from "./board.js";

export function handView(em) {
  const hand = em.V().hand || [];
  return em.section("hand", em.T("hand"), [
    pe("ul", { class: "em-hand" }, hand.map((c) => pe("li", {}, [em.cardOf(c)]))),
  ]);
}

export function tableView(em) {
  const { T, P } = em;
  const v = em.V();
  const seats = em.model.get("seats") || [];
  const labels = em.W().categories || {};
  const players = seats.map((s) => {
    const bonds = (v.bonds || [])[s.seat] || [];
    return pe("div", { class: "em-player", "data-seat": s.seat, "data-current": String(v.current_player === s.seat),
                       style: { borderColor: s.colour } }, [
      pe("h4", { text: T("score_row", { name: s.name, points: P("n_points", (v.bond_points || [])[s.seat] || 0),
                                        bonds: P("n_bonds", bonds.length) }) }),
      pe("p", { class: "em-small", text: T("hand_count", { name: s.name, n: (v.hand_sizes || [])[s.seat] || 0 }) }),
      bonds.length ? pe("table", { class: "em-bonds" }, [
        pe("caption", { class: "pe-sr", text: `${T("bonds")}: ${s.name}` }),
        pe("tbody", {}, bonds.map((b) => pe("tr", { "data-formula": b.formula }, [
          pe("th", { scope: "row", text: b.formula }),
          pe("td", { text: labels[b.category] || b.category }),
          pe("td", { class: "em-num", text: String(b.points) }),
        ]))),
      ]) : pe("p", { class: "em-small", text: T("no_bonds") }),
    ]);
  });
  const discard = v.discard || [];
  return em.section("table", T("bonds"), [
    pe("div", { class: "em-players" }, players),
    pe("p", { class: "em-small", "data-role": "pile", text: T("pile", { n: v.pile_size || 0 }) }),
    pe("p", { class: "em-small", "data-role": "discard" },
      [`${T("discard")}: `, discard.length ? discard.join(", ") : T("discard_empty")]),
  ]);
}

export function duelView(em) {
  const d = em.V().duel;
  if (!d) return null;
  const shown = [d.card, ...(d.parries || [])].filter((c) => em.cards()[c]);
  return em.section("duel-table", em.T("duel_table"), [pe("ul", { class: "em-hand" }, shown.map((c) => pe("li", {}, [em.cardOf(c)])))]);
}

export function logView(em) {
  const entries = em.model.get("game_log") || [];
  return em.section("log", em.T("log"), [
    // a scrolling list is a tab stop, so keyboard users can scroll it (WCAG 2.1.1)
    pe("ol", { class: "em-log", reversed: true, tabindex: "0", "aria-label": em.T("log") }, entries.slice().reverse().map((e) =>
      pe("li", { "data-i": e.i, "data-bot": e.bot || null, "data-kind": e.kind }, [
        pe("strong", { text: `${e.name}: ` }), pe("span", { class: "em-entry-text", text: e.text }),
        // a bot's reason, apart from its move (a person's choice is never given one)
        e.why ? pe("span", { class: "em-why", "data-role": "why", text: ` ${em.T("bot_why", { text: e.why })}` }) : null,
      ].filter(Boolean)))),
  ]);
}

export function finalView(em) {
  const f = em.model.get("final") || {};
  if (!f.scores) return null;
  const names = f.winners.map((s) => f.scores[s].name).join(", ");
  return em.section("final", em.T("over"), [
    pe("p", { class: "em-winner", text: em.T("winner", { names }) }),
    f.why ? pe("p", { class: "em-small", "data-role": "ended-by", text: f.why }) : null,
    pe("ul", {}, f.scores.map((s) => pe("li", { "data-seat": s.seat, text: em.T("final_row", { ...s, hand: s.hand.total }) }))),
  ].filter(Boolean));
}
