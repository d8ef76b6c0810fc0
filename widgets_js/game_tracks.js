// game_tracks.js: the element-group track (microscopes) and the Academic Achievement track.
import { pe, familyName } from "./board.js";
import { say } from "./text.js";

export function createTracks(ctx) {
  const ringBox = pe("div", { class: "pe-g-ring", "data-role": "ring" });
  const aaBox = pe("div", { class: "pe-g-aa", "data-role": "aa-track" });
  const root = pe("section", { class: "pe-g-tracks", "aria-label": say("tracks") }, [ringBox, aaBox]);
  const marker = (q, label) => pe("span", { class: "pe-g-microscope", style: { background: ctx.seatColour(q) }, title: label, text: q + 1 });
  function update(v) {
    const players = (v.players_state || []).map((p, q) => [p, q]);
    const chips = (v.ring || []).map((fid, i) => {
      const here = players.filter(([p]) => p.microscope === i);
      return pe("li", { class: "pe-g-ring-spot", "data-family": fid }, [
        pe("span", { class: "pe-g-ring-index", text: i + 1 }),
        pe("span", { class: "pe-g-ring-name", text: familyName(fid) }),
        pe("span", { class: "pe-g-markers" }, here.map(([, q]) => marker(q, say("microscope_of", { name: ctx.seatName(q) })))),
        here.length ? pe("span", { class: "pe-sr", text: say("microscopes_here", { names: here.map(([, q]) => ctx.seatName(q)).join(", ") }) }) : null,
      ]);
    });
    ringBox.replaceChildren(pe("h3", { class: "pe-g-h", text: say("ring_title") }), pe("ol", { class: "pe-g-ring-list" }, chips));
    const cap = ctx.stat.aa_capacity || {};
    const spots = ctx.stat.aa_values.map((value, i) => {
      const here = players.filter(([p]) => p.aa_index === i);
      return pe("li", { class: "pe-g-aa-spot", "data-aa-index": i }, [
        pe("span", { class: "pe-g-aa-value", text: value }),
        pe("span", { class: "pe-g-markers" }, here.map(([, q]) => marker(q, ctx.seatName(q)))),
        here.length ? pe("span", { class: "pe-sr", text: say("markers_here", { names: here.map(([, q]) => ctx.seatName(q)).join(", ") }) }) : null,
        cap[i] ? pe("span", { class: "pe-g-aa-cap", text: say("aa_max", { n: cap[i] }) }) : null,
      ]);
    });
    aaBox.replaceChildren(pe("h3", { class: "pe-g-h", text: say("aa_title") }), pe("ol", { class: "pe-g-aa-list" }, spots));
  }
  return { root, update };
}
