// class_checks.js: the room asks on the teacher's page (TeacherChecksWidget,
// periodic_edu/widgets/class_checks_teacher.py), below the class overview.
//
// Python holds the teacher (the page's open class and its key); this page writes no trait. It
// sends intents Python checks: {type: "refresh"} every `refresh_ms` while a class is open,
// {type: "lock", step: "explore" | "play" | "check" | null}, {type: "ask", form, phase},
// {type: "quick", items: [ids]}, {type: "close"}, {type: "reveal"}, {type: "report"} (the CSV
// too). In projector mode Python sends no student name (the per-student table is empty).
import { pe } from "./board.js";
import { say } from "./text.js";
import { withStrings } from "./language.js";
import { createAnnouncer } from "./announcer.js";
import { createRefresher } from "./refresher.js";

let UID = 0;
const PAGE_ID = Math.random().toString(36).slice(2, 8);
const dash = (v) => (v === null || v === undefined ? "–" : String(v));

function button(role, text, onClick) {
  const b = pe("button", { type: "button", "data-role": role, text });
  b.addEventListener("click", onClick);
  return b;
}

function table(caption, head, rows, role) {
  const t = pe("table", { "data-role": role }, [pe("caption", { text: caption })]);
  t.append(pe("thead", {}, [pe("tr", {}, head.map((h) => pe("th", { scope: "col", text: h })))]));
  t.append(pe("tbody", {}, rows.map((r) => pe("tr", {}, r.map((c, i) =>
    (i === 0 ? pe("th", { scope: "row", text: dash(c) }) : pe("td", { text: dash(c) })))))));
  return t;
}

function render({ model, el }) {
  const uid = `${PAGE_ID}-${++UID}`;
  const announcer = createAnnouncer("checks");
  const root = pe("section", { class: "pe-cc", "data-role": "teacher-checks", "aria-labelledby": `pe-tc-h-${uid}`, hidden: true });
  const heading = pe("h3", { id: `pe-tc-h-${uid}`, text: say("checks_heading") });
  const lockLine = pe("p", { "data-role": "checks-lock-line" });
  const steps = pe("div", { class: "pe-cc-nav" }, ["explore", "play", "check"].map((step) =>
    button(`checks-lock-${step}`, `${say("checks_lock")}: ${say(`check_step_${step}`)}`,
      () => model.send({ type: "lock", step }))));
  steps.append(button("checks-unlock", say("checks_unlock"), () => model.send({ type: "lock", step: null })));
  const askLine = pe("p", { "data-role": "checks-open" });
  const asks = pe("div", { class: "pe-cc-nav" }, [
    button("checks-pre-a", say("checks_ask_pre_a"), () => model.send({ type: "ask", form: "A", phase: "pre" })),
    button("checks-pre-b", say("checks_ask_pre_b"), () => model.send({ type: "ask", form: "B", phase: "pre" })),
    button("checks-post-a", say("checks_ask_post_a"), () => model.send({ type: "ask", form: "A", phase: "post" })),
    button("checks-post-b", say("checks_ask_post_b"), () => model.send({ type: "ask", form: "B", phase: "post" })),
    // crossed over: half the class takes A before play and B after, the other half B then A
    button("checks-pre-crossed", say("checks_ask_pre_crossed"), () => model.send({ type: "ask", form: "A", phase: "pre", crossed: true })),
    button("checks-post-crossed", say("checks_ask_post_crossed"), () => model.send({ type: "ask", form: "B", phase: "post", crossed: true })),
    button("checks-close", say("checks_close"), () => model.send({ type: "close" })),
    button("checks-reveal", say("checks_reveal"), () => model.send({ type: "reveal" })),
    button("checks-report", say("checks_report"), () => model.send({ type: "report" }))]);
  // a quick check: up to three items of the bank, chosen from a list
  const pick = pe("select", { id: `pe-tc-q-${uid}`, multiple: true, size: 4, "data-role": "checks-quick-items" });
  const quick = pe("details", { "data-role": "checks-quick" }, [pe("summary", { text: say("checks_quick") }),
    pe("label", { for: pick.id }, [pe("span", { text: say("checks_quick_pick") })]), pick,
    button("checks-quick-send", say("checks_quick_send"), () => {
      const items = [...pick.selectedOptions].map((o) => o.value).slice(0, 3);
      if (items.length) model.send({ type: "quick", items });
    })]);
  const errorBox = pe("p", { class: "pe-cc-error", role: "alert", "data-role": "checks-error", hidden: true });
  const reportBox = pe("div", { "data-role": "checks-report-view" });
  const csvBox = pe("details", { "data-role": "checks-csv", hidden: true }, [pe("summary", { text: say("checks_csv") })]);
  const csvText = pe("pre", {});
  csvBox.append(csvText);
  root.append(heading, lockLine, steps, askLine, asks, quick, errorBox, reportBox, csvBox, announcer.root);
  el.append(root);
  const refresher = createRefresher(model, 2000);

  // an item's answers as a horizontal bar chart (SVG: it scales to a projector's width); the
  // key's bar is marked (colour and a tick) only once the teacher has revealed the answers
  function barChart(bars, caption) {
    const NS = "http://www.w3.org/2000/svg";
    const row = 30, labelW = 260, barW = 300, width = labelW + barW + 50;
    const max = Math.max(1, ...bars.map((b) => b.n));
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${Math.max(1, bars.length) * row}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `${caption}: ${bars.map((b) => `${b.label} ${b.n}${b.right ? ` (${say("checks_key")})` : ""}`).join("; ")}`);
    svg.setAttribute("data-role", "checks-chart");
    const add = (name, attrs, text) => {
      const node = document.createElementNS(NS, name);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
      if (text !== undefined) node.textContent = text;
      svg.append(node);
      return node;
    };
    bars.forEach((b, i) => {
      const y = i * row;
      const label = b.label.length > 34 ? `${b.label.slice(0, 33)}…` : b.label;
      add("text", { x: labelW - 8, y: y + 20, "text-anchor": "end", "font-size": 15, fill: "#1a1a1a" }, `${b.right ? "✓ " : ""}${label}`);
      add("rect", { x: labelW, y: y + 5, width: Math.max(2, (barW * b.n) / max), height: row - 10,
        fill: b.right ? "#006b3c" : "#0072B2", "data-bar": b.label, "data-n": b.n });
      add("text", { x: labelW + (barW * b.n) / max + 6, y: y + 20, "font-size": 15, fill: "#1a1a1a" }, String(b.n));
    });
    return svg;
  }

  function drawReport() {
    const r = model.get("report") || {};
    const parts = [];
    if (r.concepts) {
      parts.push(table(say("checks_heading"), [say("checks_col_concept"), say("checks_col_pre"), say("checks_col_post"),
        say("checks_col_gain"), say("checks_col_answer_only"), say("checks_col_refusals")],
      r.concepts.map((c) => [c.title, c.pre, c.post, c.gain, `${dash(c.pre_answer)} → ${dash(c.post_answer)}`, c.refusals]),
      "checks-concepts"));
      parts.push(table(say("checks_tables"), [say("checks_col_who"), say("checks_col_pre"), say("checks_col_post"),
        say("checks_col_gain"), say("checks_col_refusals")],
      r.tables.map((t) => [t.label, t.pre, t.post, t.gain, t.refusals]), "checks-tables"));
      if (r.students && r.students.length) {
        parts.push(table(say("checks_students"), [say("checks_col_who"), say("checks_col_pre"), say("checks_col_post"),
          say("checks_col_gain"), say("checks_col_refusals")],
        r.students.map((s) => [s.name, s.pre, s.post, s.gain, s.refusals]), "checks-students"));
      }
      const dist = pe("div", { "data-role": "checks-distribution" }, [pe("h4", { text: say("checks_distribution") })]);
      for (const a of (r.asks || []).slice(-1)) { // the last question asked: what a projector shows
        for (const item of a.items) {
          const caption = `${item.text} (${say("checks_right_of", { right: item.right, n: item.n })})`;
          dist.append(pe("figure", { class: "pe-cc-chart" }, [pe("figcaption", { text: caption }),
            barChart(item.bars || [], caption)]));
        }
      }
      parts.push(dist);
      if (r.items && r.items.length) {
        parts.push(pe("h4", { text: say("checks_items") }), pe("ul", { "data-role": "checks-items" }, r.items.map((i) =>
          pe("li", { text: say("checks_item_line", { item: i.item, difficulty: i.difficulty, discrimination: dash(i.discrimination), flags: i.flags.join(", ") }) }))));
      }
    }
    reportBox.replaceChildren(...parts);
  }

  function update() {
    const active = model.get("active");
    root.hidden = !active;
    const lock = model.get("lock");
    lockLine.textContent = lock ? say("checks_locked_to", { step: say(`check_step_${lock}`) }) : say("checks_free");
    const open = model.get("open_ask") || {};
    // a crossed ask ("A+B") lists both forms; each student is asked one of them
    const each = open.ask && String(open.form || "").includes("+") ? open.items.length / 2 : (open.items || []).length;
    askLine.textContent = open.ask ? say("checks_open", { phase: say(`checks_phase_${open.phase}`), n: each }) : say("checks_none_open");
    announcer.say(`${lockLine.textContent} ${askLine.textContent}`);
    const bank = model.get("bank") || [];
    if (pick.options.length !== bank.length) {
      pick.replaceChildren(...bank.map(([id, , text]) => pe("option", { value: id, text })));
    }
    const csv = model.get("csv") || "";
    csvBox.hidden = !csv;
    csvText.textContent = csv;
    refresher.set(active);
  }
  function drawError() {
    const text = model.get("error") || "";
    errorBox.hidden = !text;
    errorBox.textContent = text;
  }
  const names = ["active", "lock", "open_ask", "csv", "bank"];
  for (const n of names) model.on(`change:${n}`, update);
  model.on("change:report", drawReport);
  model.on("change:error", drawError);
  update();
  drawReport();
  drawError();
  return () => {
    for (const n of names) model.off(`change:${n}`, update);
    model.off("change:report", drawReport);
    model.off("change:error", drawError);
    refresher.stop();
  };
}

export default { render: withStrings(render) };
