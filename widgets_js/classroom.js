// classroom.js: the teacher's page (ClassroomWidget, periodic_edu/widgets/classroom_widget.py).
//
// Python holds the room and the teacher key; this page writes no trait. It sends intents
// (model.send({type: ...})) that Python checks, and draws what Python syncs: `phase`,
// `room_data` (every table, the refusals grouped), `results` (rows + CSV text), `projector`,
// `notice` (announced in the polite live region), `created` (a new class's code and key, shown
// once), `error`. While a class is open the page asks Python to read the room again every
// `refresh_ms` (1 s): the moves at every table appear within 2 s.
import { pe } from "./board.js";
import { say, localNumber } from "./text.js";
import { withStrings } from "./language.js";
import { createAnnouncer } from "./announcer.js";
import { sendOrDrop } from "./kernel_send.js";
import { homeworkSection, homeworkResults, qrFromPython } from "./classroom_homework.js";

const SVG = "http://www.w3.org/2000/svg";
// the games' names are their names in every language (as on the boxes)
const GAME_NAMES = { periodic: "Periodic", elemonster: "Elemonster" };
const ENDONYMS = { en: "English", uk: "Українська", de: "Deutsch" };
let UID = 0;

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function button(text, onClick, attrs = {}) {
  const b = pe("button", { type: "button", class: "pe-mini", ...attrs, text });
  b.addEventListener("click", onClick);
  return b;
}

function field(labelText, control) {
  return pe("label", { class: "pe-cr-field" }, [pe("span", { text: labelText }), control]);
}

function select(options, value) {
  const s = pe("select");
  for (const [v, text] of options) s.append(pe("option", { value: v, text, selected: v === value }));
  return s;
}

function number(value, min, max) {
  return pe("input", { type: "number", value, min, max, step: 1, inputmode: "numeric" });
}

/** The duplicate-deal chart: each seat's difference from the same seats' average, as bars
 * (the kit's own SVG style, like the trend chart: a <title>, a <desc>, the numbers in a table). */
export function resultsChart(rows, anonymous) {
  const id = `pe-cr-chart-${++UID}`;
  // narrow enough that a phone's screen keeps the labels readable (scaled to ~0.8)
  const W = 440;
  const bar = 22;
  const m = { l: 150, r: 50, t: 12, b: 12 };
  const H = m.t + m.b + Math.max(1, rows.length) * (bar + 6);
  const values = rows.map((r) => Number(r.vs_seat_average) || 0);
  const span = Math.max(1, ...values.map((v) => Math.abs(v)));
  const zero = m.l + (W - m.l - m.r) / 2;
  const scale = (W - m.l - m.r) / 2 / span;
  const root = svg("svg", {
    class: "pe-cr-chart-svg", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-labelledby": `${id}-title ${id}-desc`, preserveAspectRatio: "xMinYMin meet",
  });
  root.append(svg("title", { id: `${id}-title` }, say("teacher_chart_title")));
  root.append(svg("desc", { id: `${id}-desc` }, say("teacher_chart_desc")));
  root.append(svg("line", { class: "pe-cr-axis", x1: zero, x2: zero, y1: m.t - 4, y2: H - m.b + 4 }));
  rows.forEach((r, i) => {
    const v = values[i];
    const y = m.t + i * (bar + 6);
    const w = Math.abs(v) * scale;
    const who = anonymous || !r.name ? r.label : `${r.label} (${r.name})`;
    root.append(svg("text", { class: "pe-cr-chart-label", x: m.l - 6, y: y + bar * 0.7, "text-anchor": "end" }, who));
    root.append(svg("rect", {
      class: v >= 0 ? "pe-cr-bar-up" : "pe-cr-bar-down",
      x: v >= 0 ? zero : zero - w, y, width: Math.max(1, w), height: bar,
    }));
    root.append(svg("text", {
      class: "pe-cr-chart-value", x: v >= 0 ? zero + w + 4 : zero - w - 4, y: y + bar * 0.7,
      "text-anchor": v >= 0 ? "start" : "end",
    }, (v > 0 ? "+" : "") + localNumber(v)));
  });
  return root;
}

/** A seat's state as the students' seat list names it (class_play.js): "stand-in" (a bot plays
 * for a person: standing in, or handed over by the teacher), "connected", "away", "bot" (a
 * seat nobody took), "free". */
export function seatState(seat) {
  if (seat.taken && seat.bot) return "stand-in";
  if (seat.taken) return seat.connected ? "connected" : "away";
  return seat.bot ? "bot" : "free";
}

/** A results row's bot share in words: "12 of 40", and its marks (played mostly by bots, a
 * stand-in for more than the set number of turns). */
function botShare(r) {
  const parts = [pe("span", { text: say("teacher_bot_share", { bots: r.bot_moves || 0, moves: r.moves || 0 }) })];
  if (r.mostly_bots) parts.push(" · ", pe("strong", { class: "pe-cr-mark", "data-role": "mostly-bots", text: say("teacher_mostly_bots") }));
  if (r.long_stand_in) parts.push(" · ", pe("strong", { class: "pe-cr-mark", "data-role": "long-stand-in", text: say("teacher_long_stand_in", { n: r.stand_in_turns }) }));
  return parts;
}

function render({ model, el }) {
  const announcer = createAnnouncer("teacher");
  const root = pe("section", { class: "pe-classroom", "aria-labelledby": "pe-cr-h" });
  el.append(root);
  // kept apart from the room's redraws: its forms keep what the teacher is typing; a refusal
  // of its own message is repeated beside its forms (the alert itself is at the page's top)
  let homeworkSentLast = false;
  const homework = homeworkSection(model, (msg) => {
    homeworkSentLast = true;
    return sendOrDrop(model, msg);
  }, () => homeworkSentLast);
  el.append(homework.root);
  let timer = null;
  let destroyed = false;
  let confirmEnd = false;
  const send = (msg) => {
    if (msg.type !== "refresh") homeworkSentLast = false;
    return sendOrDrop(model, msg);
  };

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (destroyed || model.get("phase") !== "open") return;
    timer = setTimeout(() => {
      timer = null;
      if (destroyed || model.get("phase") !== "open") return;
      if (!document.hidden && !send({ type: "refresh" })) return;  // the kernel is gone
      schedule();
    }, Math.max(250, model.get("refresh_ms") || 1000));
  }

  // ---- the header: title, language, projector mode ----
  function header(data) {
    const lang = model.get("lang");
    const choices = model.get("choices") || {};
    // each language by its own name (an endonym), as language pickers do
    const langs = (choices.languages || ["en", "uk", "de"]).map((c) => [c, ENDONYMS[c] || c]);
    const langSelect = select(langs, lang);
    langSelect.addEventListener("change", () => send({ type: "lang", lang: langSelect.value }));
    const tools = pe("div", { class: "pe-cr-tools" }, [field(say("teacher_language"), langSelect)]);
    if (model.get("phase") === "open") {
      const proj = button(say("teacher_projector"), () => send({ type: "projector", on: !model.get("projector") }),
        { "aria-pressed": model.get("projector") ? "true" : "false", "data-role": "projector" });
      tools.append(proj);
      if (!model.get("projector")) {
        tools.append(button(say("teacher_close"), () => send({ type: "forget" }), { "data-role": "forget" }));
      }
    }
    const title = data && data.code ? say("teacher_title_class", { code: data.code }) : say("teacher_title");
    return pe("header", { class: "pe-cr-head" }, [pe("h2", { id: "pe-cr-h", text: title }), tools]);
  }

  // ---- closed: open a class, or create one ----
  function openForm() {
    const code = pe("input", { type: "text", autocomplete: "off", spellcheck: "false", "data-role": "code", maxlength: 20 });
    const key = pe("input", { type: "password", autocomplete: "off", spellcheck: "false", "data-role": "key", maxlength: 100 });
    const form = pe("form", { class: "pe-cr-form", "data-role": "open-form", "aria-labelledby": "pe-cr-open-h" }, [
      pe("h3", { id: "pe-cr-open-h", text: say("teacher_open_head") }),
      pe("p", { class: "pe-cr-hint", text: say("teacher_open_hint") }),
      field(say("teacher_code"), code), field(say("teacher_key"), key),
      pe("button", { type: "submit", class: "pe-mini pe-cr-main", text: say("teacher_open"), "data-role": "open" }),
    ]);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      send({ type: "open", code: code.value, key: key.value });
      key.value = ""; // the key lives in Python now, not in the page
    });
    return form;
  }

  function createForm() {
    const choices = model.get("choices") || {};
    const game = select((choices.games || ["periodic", "elemonster"]).map((g) => [g, GAME_NAMES[g] || g]), "periodic");
    const edition = select((choices.editions || ["en"]).map((e) => [e, e]), "en");
    const tables = number(2, 1, 60);
    const seats = number(3, 2, 5);
    const idle = number(3, 1, 60);
    const duplicate = pe("input", { type: "checkbox", "data-role": "duplicate" });
    // the workshop server's room key (its ready block): asked only when the server wants it
    const roomKey = choices.room_key
      ? pe("input", { type: "password", autocomplete: "off", spellcheck: "false", "data-role": "room-key", maxlength: 100 })
      : null;
    const form = pe("form", { class: "pe-cr-form", "data-role": "create-form", "aria-labelledby": "pe-cr-new-h" }, [
      pe("h3", { id: "pe-cr-new-h", text: say("teacher_new_head") }),
      field(say("teacher_game"), game), field(say("teacher_tables"), tables),
      field(say("teacher_seats"), seats), field(say("teacher_edition"), edition),
      field(say("teacher_idle_minutes"), idle),
      pe("label", { class: "pe-cr-check" }, [duplicate, pe("span", { text: say("teacher_duplicate") })]),
      ...(roomKey ? [field(say("teacher_room_key"), roomKey)] : []),
      pe("button", { type: "submit", class: "pe-mini pe-cr-main", text: say("teacher_create"), "data-role": "create" }),
    ]);
    const syncEdition = () => { edition.disabled = game.value !== "periodic"; };
    game.addEventListener("change", syncEdition);
    syncEdition();
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const msg = {
        type: "create", game: game.value, tables: Number(tables.value), seats: Number(seats.value),
        duplicate: duplicate.checked, idle_seconds: Math.round(Number(idle.value) * 60),
      };
      if (game.value === "periodic") msg.edition = edition.value;
      if (roomKey) {
        msg.room_key = roomKey.value;
        roomKey.value = ""; // the key lives in Python now, not in the page
      }
      send(msg);
    });
    return form;
  }

  // ---- open: the room at a glance ----
  const moveChoice = {};  // "table-seat" -> the target table the teacher chose

  function seatRow(table, seat, projector) {
    const who = projector || !seat.name ? (seat.taken ? seat.label : say("teacher_empty_seat", { where: seat.label }))
      : `${seat.label}: ${seat.name}`;
    // a bot playing for a person: the students' words ("a bot plays for Dora") and colour
    // (class_play.css), never "connected"; the dot's shape differs too (colour is not the only
    // signal)
    const kind = seatState(seat);
    const state = [];
    if (kind === "stand-in") {
      state.push(say("class_bot_plays_for", { name: projector || !seat.name ? seat.label : seat.name }));
      state.push(seat.stand_in ? say("teacher_stand_in", { bot: seat.bot }) : say("teacher_handed", { bot: seat.bot }));
    } else if (seat.bot) state.push(say("teacher_bot", { bot: seat.bot }));
    else if (seat.taken) state.push(seat.connected ? say("teacher_connected") : say("teacher_away"));
    if (seat.long_stand_in) state.push(say("teacher_long_stand_in", { n: seat.stand_in_turns }));
    if (seat.score !== null && seat.score !== undefined) state.push(say("teacher_points", { n: seat.score }));
    const li = pe("li", {
      class: "pe-cr-seat", "data-seat": seat.seat, "data-connected": seat.connected ? "true" : "false",
      "data-state": kind, "data-long-stand-in": seat.long_stand_in ? "true" : null,
    }, [
      pe("span", { class: "pe-cr-dot", "aria-hidden": "true", "data-state": kind }),
      pe("span", { class: "pe-cr-who", text: who }),
      pe("span", { class: "pe-cr-state", text: state.join(" · ") }),
    ]);
    if (table.to_move === seat.seat && table.status === "playing") {
      li.classList.add("pe-cr-to-move");
      li.prepend(pe("span", { class: "pe-cr-turn", text: "▶ ", "aria-hidden": "true" }));
    }
    if (!projector) {
      const controls = pe("span", { class: "pe-cr-seat-controls" });
      const data = model.get("room_data") || {};
      const bots = [data.bot || (((model.get("choices") || {}).bots || {})[data.game] || ["greedy"])[0]];
      if (table.status !== "waiting" && table.status !== "over") {
        if (seat.bot && !seat.stand_in && seat.taken) {
          controls.append(button(say("teacher_hand_back"), () => send({ type: "bot", table: table.table, seat: seat.seat, bot: null }),
            { "aria-label": say("teacher_hand_back_seat", { where: seat.label }), "data-role": "to-person" }));
        } else if (!seat.bot) {
          controls.append(button(say("teacher_hand_to_bot"), () => send({ type: "bot", table: table.table, seat: seat.seat, bot: bots[0] }),
            { "aria-label": say("teacher_hand_to_bot_seat", { where: seat.label }), "data-role": "to-bot" }));
        }
        // a seat someone took who should not have it (or a student who left): the class's
        // bot plays it until a new student joins and takes it over
        if (seat.taken) {
          controls.append(button(say("teacher_free"), () => send({ type: "free", table: table.table, seat: seat.seat }),
            { "aria-label": say("teacher_free_seat", { where: seat.label }), "data-role": "free" }));
        }
      } else if (table.status === "waiting" && seat.taken) {
        controls.append(button(say("teacher_remove"), () => send({ type: "remove", table: table.table, seat: seat.seat }),
          { "aria-label": say("teacher_remove_seat", { where: seat.label }), "data-role": "remove" }));
        // another waiting table with a free seat: a select of them and a Move button
        const targets = (data.tables || []).filter((t) => t.table !== table.table && t.status === "waiting"
          && t.seats.some((s) => !s.taken && !s.bot));
        if (targets.length) {
          const choice = pe("select", { "data-role": "move-to", "aria-label": `${say("teacher_move_to")}: ${seat.label}` },
            targets.map((t) => pe("option", { value: String(t.table), text: t.label })));
          // a redraw (another table moved) keeps the teacher's choice
          const key = `${table.table}-${seat.seat}`;
          if (targets.some((t) => String(t.table) === moveChoice[key])) choice.value = moveChoice[key];
          choice.addEventListener("change", () => { moveChoice[key] = choice.value; });
          controls.append(choice, button(say("teacher_move"),
            () => send({ type: "move", table: table.table, seat: seat.seat, to_table: Number(choice.value) }),
            { "aria-label": say("teacher_move_seat", { where: seat.label }), "data-role": "move" }));
        }
      }
      if (seat.taken && table.status !== "over") {  // a forgotten or locked PIN
        controls.append(button(say("teacher_new_pin"), () => send({ type: "new_pin", table: table.table, seat: seat.seat }),
          { "aria-label": say("teacher_new_pin_seat", { where: seat.label }), "data-role": "new-pin" }));
      }
      if (controls.childNodes.length) li.append(controls);
    }
    return li;
  }

  function tableCard(table, projector) {
    const parts = [];
    if (table.status === "waiting") parts.push(say("teacher_waiting"));
    else if (table.status === "over") parts.push(say("teacher_over"));
    else {
      if (table.round !== null && table.round !== undefined) parts.push(say("teacher_round", { n: table.round }));
      const mover = table.seats[table.to_move];
      if (mover) {
        const name = projector || !mover.name ? mover.label : mover.name;
        const waited = table.waiting_min || 0;
        parts.push(waited > 0 ? say("teacher_to_move_for", { name, n: waited }) : say("teacher_to_move", { name }));
      }
    }
    const head = pe("h4", { id: `pe-cr-t${table.table}-${UID}`, text: table.label });
    const card = pe("article", {
      class: "pe-cr-table", "data-table": table.table, "data-revision": table.revision,
      "data-status": table.status, "aria-labelledby": head.id,
    }, [head, pe("p", { class: "pe-cr-status", "data-role": "status", text: parts.join(" · ") }),
      pe("ul", { class: "pe-cr-seats" }, table.seats.map((s) => seatRow(table, s, projector)))]);
    if (!projector && table.status === "waiting") {
      card.append(button(say("teacher_start"), () => send({ type: "start", table: table.table }),
        { "aria-label": say("teacher_start_table", { table: table.label }), "data-role": "start" }));
    }
    if (table.status !== "waiting") {
      const watched = (model.get("watching") || {}).table === table.table;
      card.append(button(say("teacher_watch"), () => send(watched ? { type: "watch" } : { type: "watch", table: table.table }),
        { "aria-label": say("teacher_watch_table", { table: table.label }), "data-role": "watch",
          "aria-pressed": watched ? "true" : "false" }));
    }
    return card;
  }

  // one table's public view (the spectators' view: nothing a seat keeps secret)
  function watchView(w, projector) {
    const rows = w.seats.map((seat) => {
      const facts = [];
      if (seat.flask) facts.push(say("teacher_watch_flask", { cell: seat.flask }));
      if (seat.energy !== undefined && seat.energy !== null) facts.push(say("teacher_watch_energy", { n: seat.energy }));
      if (seat.cubes !== undefined && seat.cubes !== null) facts.push(say("teacher_watch_cubes", { n: seat.cubes }));
      if (seat.cards !== undefined) facts.push(say("teacher_watch_cards", { n: seat.cards }));
      if (seat.aa !== undefined && seat.aa !== null) facts.push(say("teacher_watch_aa", { n: seat.aa }));
      if (seat.hand !== undefined) facts.push(say("teacher_watch_hand", { n: seat.hand }));
      if (seat.bonds !== undefined) facts.push(say("teacher_watch_bonds", { n: seat.bonds }));
      if (seat.bond_points !== undefined) facts.push(say("teacher_watch_bond_points", { n: seat.bond_points }));
      const who = projector || !seat.name ? seat.label : `${seat.label}: ${seat.name}`;
      const li = pe("li", { "data-seat": seat.seat }, [pe("span", { class: "pe-cr-who", text: who }), " — ", facts.join(" · ")]);
      if (w.to_move === seat.seat && !w.over) li.classList.add("pe-cr-to-move");
      return li;
    });
    const head = [say("teacher_watch_head", { table: w.label })];
    return pe("section", { class: "pe-cr-watch", "aria-labelledby": "pe-cr-watch-h", "data-role": "watching", "data-table": w.table, "data-revision": w.revision }, [
      pe("h3", { id: "pe-cr-watch-h", text: head.join("") }),
      pe("p", { class: "pe-cr-status", text: w.over ? say("teacher_over") : say("teacher_round", { n: w.round }) }),
      pe("ul", { class: "pe-cr-watch-seats" }, rows),
      button(say("teacher_watch_stop"), () => send({ type: "watch" }), { "data-role": "watch-stop" }),
    ]);
  }

  function refusalView(groups, projector) {
    const section = pe("section", { class: "pe-cr-refusals", "aria-labelledby": "pe-cr-ref-h", "data-role": "refusals" }, [
      pe("h3", { id: "pe-cr-ref-h", text: say("teacher_refusals_head") }),
    ]);
    if (!groups.length) {
      section.append(pe("p", { class: "pe-cr-hint", text: say("teacher_no_refusals") }));
      return section;
    }
    const list = pe("ol", { class: "pe-cr-groups" });
    for (const g of groups) {
      const li = pe("li", { class: "pe-cr-group", "data-kind": g.kind, "data-id": g.id, "data-count": g.count }, [
        pe("h4", {}, [pe("span", { text: g.title }), " ", pe("span", { class: "pe-cr-count", text: say("teacher_times", { n: g.count }) })]),
        pe("ul", { class: "pe-cr-examples" }, g.examples.map((e) =>
          pe("li", {}, [pe("span", { class: "pe-cr-who", text: e.who }), ": ", pe("code", { text: e.action }), " — ", e.text]))),
      ]);
      const where = g.tables.map(([t, n]) => `${t}: ${n}`).join(", ");
      if (where) li.append(pe("p", { class: "pe-cr-hint", text: say("teacher_by_table", { list: where }) }));
      if (!projector && g.students && g.students.length) {
        li.append(pe("p", { class: "pe-cr-hint", text: say("teacher_by_student", { list: g.students.map(([s, n]) => `${s}: ${n}`).join(", ") }) }));
      }
      list.append(li);
    }
    section.append(list);
    return section;
  }

  // the moves where the game's arrow and the real data disagreed: a prompt for discussion
  function againstView(items) {
    const section = pe("section", { class: "pe-cr-against", "aria-labelledby": "pe-cr-against-h", "data-role": "against" }, [
      pe("h3", { id: "pe-cr-against-h", text: say("teacher_against_head") }),
      pe("p", { class: "pe-cr-hint", text: items.length ? say("teacher_against_intro") : say("teacher_no_against") }),
    ]);
    if (!items.length) return section;
    section.append(pe("ol", { class: "pe-cr-groups" }, items.map((a) =>
      pe("li", { class: "pe-cr-group", "data-trend": a.trend, "data-from": a.from, "data-to": a.to, "data-count": a.count }, [
        pe("h4", {}, [pe("span", { text: a.title }), " ", pe("span", { class: "pe-cr-count", text: say("teacher_times", { n: a.count }) })]),
        pe("p", { text: a.text }),
        pe("p", { class: "pe-cr-hint", text: a.where.join(", ") }),
      ]))));
    return section;
  }

  function resultsView(results, projector) {
    const section = pe("section", { class: "pe-cr-results", "aria-labelledby": "pe-cr-res-h", "data-role": "results" }, [
      pe("h3", { id: "pe-cr-res-h", text: say("teacher_results_head") }),
      pe("p", { class: "pe-cr-hint", text: results.duplicate ? say("teacher_results_duplicate") : say("teacher_results_own") }),
    ]);
    const rows = results.rows || [];
    const homework = results.homework || [];
    // imported homework (issue 34): its own table, marked, in the same report and CSV
    if (!rows.length) {
      section.append(pe("p", { class: "pe-cr-hint", text: say("teacher_no_results") }));
      if (!homework.length) return section;
    }
    const cols = ["teacher_col_seat", "teacher_col_score", "teacher_col_table_rank", "teacher_col_seat_rank", "teacher_col_vs", "teacher_col_bots"];
    const table = pe("table", { class: "pe-cr-table-results" }, [
      pe("caption", { class: "pe-sr", text: say("teacher_results_head") }),
      pe("thead", {}, pe("tr", {}, cols.map((c) => pe("th", { scope: "col", text: say(c) })))),
      pe("tbody", {}, rows.map((r) => pe("tr", { "data-seat": r.seat, "data-table": r.table, "data-mostly-bots": r.mostly_bots ? "true" : "false" }, [
        pe("th", { scope: "row", text: projector || !r.name ? r.label : `${r.label} (${r.name})` }),
        pe("td", { text: localNumber(r.score) }), pe("td", { text: r.table_rank }),
        pe("td", { text: r.seat_rank }), pe("td", { text: (r.vs_seat_average > 0 ? "+" : "") + localNumber(r.vs_seat_average) }),
        pe("td", { class: "pe-cr-bots", "data-role": "bot-share" }, botShare(r)),
      ]))),
    ]);
    if (rows.length) {
      section.append(pe("div", { class: "pe-cr-scroll", tabindex: "0", role: "region", "aria-label": say("teacher_results_head") }, table));
      section.append(pe("figure", { class: "pe-cr-chart" }, [resultsChart(rows, projector)]));
    }
    if (homework.length) section.append(homeworkResults(homework, projector));
    const csv = pe("a", { class: "pe-mini pe-cr-csv", "data-role": "csv", download: `${model.get("room_data").code || "class"}-results.csv`, text: say("teacher_csv") });
    // a Blob made here from the text Python sent: no file on the server, no URL with the class
    const url = URL.createObjectURL(new Blob(["\ufeff" + (results.csv || "")], { type: "text/csv;charset=utf-8" }));
    csv.href = url;
    section.append(csv);
    section._cleanup = () => URL.revokeObjectURL(url);
    return section;
  }

  function classControls(data) {
    const paused = data.paused;
    const bar = pe("div", { class: "pe-cr-controls", role: "group", "aria-label": say("teacher_controls") }, [
      button(paused ? say("teacher_resume") : say("teacher_pause"), () => send({ type: "pause", paused: !paused }),
        { "data-role": paused ? "resume" : "pause", class: "pe-mini pe-cr-main" }),
      button(say("teacher_show_results"), () => send({ type: "results" }), { "data-role": "show-results" }),
      button(data.join_locked ? say("teacher_open_joining") : say("teacher_lock_joining"),
        () => send({ type: "lock", locked: !data.join_locked }), { "data-role": data.join_locked ? "open-joining" : "lock-joining" }),
    ]);
    if (!confirmEnd) {
      bar.append(button(say("teacher_end"), () => { confirmEnd = true; draw(); focusRole("end-confirm"); }, { "data-role": "end" }));
    } else {
      bar.append(pe("span", { class: "pe-cr-warn", text: say("teacher_end_warning") }));
      bar.append(button(say("teacher_end_confirm"), () => { confirmEnd = false; send({ type: "end" }); }, { "data-role": "end-confirm", class: "pe-mini pe-cr-danger" }));
      bar.append(button(say("teacher_cancel"), () => { confirmEnd = false; draw(); focusRole("end"); }, { "data-role": "end-cancel" }));
    }
    return bar;
  }

  // ---- projector mode: where to join (the address, its QR code, the class code) ----
  function joinBlock(data) {
    const join = model.get("join") || {};
    const urls = Array.isArray(join.urls) ? join.urls : [];
    const block = pe("div", { class: "pe-cr-join-block", "data-role": "join" });
    const where = pe("div", { class: "pe-cr-join-where" });
    if (urls.length) {
      where.append(pe("p", { class: "pe-cr-join", "data-role": "join-address" }, [
        pe("span", { class: "pe-cr-join-label", text: say("teacher_join_open") }),
        ...urls.map((u) => pe("span", { class: "pe-cr-big-url", "data-role": "join-url", text: u }))]));
    }
    where.append(pe("p", { class: "pe-cr-join", "data-role": "join-code" }, [
      pe("span", { class: "pe-cr-join-label", text: say("teacher_join_with") }),
      pe("span", { class: "pe-cr-big-code", text: data.code || "" })]));
    block.append(where);
    const qr = urls.length ? qrImage(join.qr, urls[0]) : null;
    if (qr) block.append(qr);
    return block;
  }

  /** The join address's QR code (drawn by Python from the server's address), named in words. */
  function qrImage(text, url) {
    return qrFromPython(text, { "data-role": "join-qr", "aria-label": say("teacher_join_qr", { url }) });
  }

  function focusRole(role) {
    const node = root.querySelector(`[data-role="${role}"]`);
    if (node) node.focus();
  }

  let cleanups = [];
  function draw() {
    const active = document.activeElement && root.contains(document.activeElement) ? document.activeElement : null;
    const activeRole = active && active.getAttribute("data-role");
    const activeTable = active && active.closest("[data-table]") ? active.closest("[data-table]").getAttribute("data-table") : null;
    const activeSeat = active && active.closest("[data-seat]") ? active.closest("[data-seat]").getAttribute("data-seat") : null;
    const keepInput = active && (active.tagName === "INPUT" || active.tagName === "SELECT");
    if (keepInput && model.get("phase") === "closed" && root.childNodes.length) {
      // typing a code: only the error and notice change under the form
      updateLines();
      return;
    }
    for (const c of cleanups) c();
    cleanups = [];
    const data = model.get("room_data") || {};
    const projector = model.get("projector");
    const parts = [header(data), lines.error, lines.notice];
    if (model.get("phase") !== "open") {
      parts.push(pe("div", { class: "pe-cr-forms" }, [openForm(), createForm()]));
    } else {
      const created = model.get("created") || {};
      if (created.key && !projector) {
        parts.push(pe("div", { class: "pe-cr-created", role: "note", "data-role": "created" }, [
          pe("p", { text: say("teacher_created_key") }),
          pe("p", {}, [say("teacher_code"), ": ", pe("code", { text: created.code })]),
          pe("p", {}, [say("teacher_key"), ": ", pe("code", { "data-role": "new-key", text: created.key })]),
          button(say("teacher_dismiss"), () => send({ type: "dismiss" }), { "data-role": "dismiss" }),
        ]));
      }
      if (projector) {
        parts.push(joinBlock(data));
      } else {
        parts.push(classControls(data));
      }
      if (data.paused) parts.push(pe("p", { class: "pe-cr-paused", "data-role": "paused", text: say("teacher_paused_banner") }));
      parts.push(pe("section", { class: "pe-cr-room", "aria-labelledby": "pe-cr-room-h" }, [
        pe("h3", { id: "pe-cr-room-h", text: say("teacher_room_head") }),
        pe("div", { class: "pe-cr-tables" }, (data.tables || []).map((t) => tableCard(t, projector)))]));
      const watching = model.get("watching") || {};
      if (watching.seats) parts.push(watchView(watching, projector));
      parts.push(refusalView(data.refusals || [], projector));
      if (data.game === "periodic") parts.push(againstView(data.against_data || []));
      const results = model.get("results") || {};
      if (results.rows) {
        const view = resultsView(results, projector);
        if (view._cleanup) cleanups.push(view._cleanup);
        parts.push(view);
      }
    }
    parts.push(announcer.root);
    root.replaceChildren(...parts);
    root.setAttribute("data-phase", model.get("phase"));
    root.setAttribute("data-projector", projector ? "true" : "false");
    // keep the keyboard where it was across a redraw (the room changes every second)
    // (the same control; else the control that replaced it in the same seat or table, e.g.
    // "Hand back" after "Hand to a bot"; else the same control elsewhere)
    if (activeRole) {
      const table = activeTable !== null ? `[data-table="${activeTable}"] ` : "";
      const seat = activeSeat !== null ? `[data-seat="${activeSeat}"] ` : "";
      const again = root.querySelector(`${table}${seat}[data-role="${activeRole}"]`)
        || (seat && root.querySelector(`${table}${seat}button`))
        || (table && root.querySelector(`${table}button`))
        || root.querySelector(`[data-role="${activeRole}"]`);
      if (again) again.focus();
    }
  }

  const lines = {
    error: pe("p", { class: "pe-error", role: "alert", "data-role": "error", hidden: true }),
    notice: pe("p", { class: "pe-cr-notice", "data-role": "notice" }),
  };
  function updateLines() {
    const err = model.get("error") || "";
    lines.error.textContent = err;
    lines.error.hidden = !err;
    lines.notice.textContent = model.get("notice") || "";
  }

  const onData = () => { draw(); };
  const onPhase = () => { draw(); schedule(); };
  const onError = () => updateLines();
  const onHomework = () => homework.update();
  const onNotice = () => { updateLines(); announcer.say(model.get("notice"), true); };
  const listeners = [["room_data", onData], ["results", onData], ["projector", onData],
                     ["created", onData], ["watching", onData], ["join", onData], ["phase", onPhase],
                     ["error", onError], ["notice", onNotice], ["homework", onHomework],
                     ["phase", onHomework], ["projector", onHomework], ["error", onHomework]];
  for (const [name, fn] of listeners) model.on(`change:${name}`, fn);
  updateLines();
  draw();
  schedule();
  return () => {
    destroyed = true;
    if (timer !== null) clearTimeout(timer);
    for (const c of cleanups) c();
    for (const [name, fn] of listeners) model.off(`change:${name}`, fn);
    homework.destroy();
  };
}

export default { render: withStrings(render) };
