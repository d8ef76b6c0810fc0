// classroom_homework.js: the teacher's page's Homework section (issue 34; Python side:
// periodic_edu/widgets/_homework_section.py and ClassroomWidget's `assign` and `import`).
//
// The form makes an assignment (sent as `assign`; Python checks every field and keeps it with
// the class); the latest assignment's link and QR code (drawn by Python) are shown. Codes are
// imported by pasting a list, by a CSV file (read HERE, in the browser, and sent as its text:
// no upload to any server), or by the camera where the browser has BarcodeDetector and
// getUserMedia (each code read is added to the pasted list; without them the button is not
// shown and a sentence says to paste or upload instead). Python bounds and reads everything:
// the outcome (what landed, what was refused, by its place and why) comes back in `homework`.
//
// The forms are built once per language and kept across the room's redraws (the teacher may
// be typing while the room refreshes every second): only the assignment shown and the last
// import's outcome are redrawn when `homework` changes.
import { pe } from "./board.js";
import { say } from "./text.js";

const HW_SVG = "http://www.w3.org/2000/svg";
const HW_GAMES = { periodic: "Periodic", elemonster: "Elemonster" };
const HW_LANGS = { en: "English", uk: "Українська", de: "Deutsch" };

function hwField(labelText, control, hint = null) {
  const id = `pe-hw-${Math.random().toString(36).slice(2, 9)}`;
  control.id = id;
  const parts = [pe("label", { for: id, text: labelText }), control];
  if (hint) {
    const hintId = `${id}-hint`;
    control.setAttribute("aria-describedby", hintId);
    parts.push(pe("span", { id: hintId, class: "pe-cr-hint", text: hint }));
  }
  return pe("div", { class: "pe-cr-field pe-hw-field" }, parts);
}

function hwSelect(options, value, role) {
  const s = pe("select", { "data-role": role });
  for (const [v, text] of options) s.append(pe("option", { value: v, text, selected: v === value }));
  return s;
}

function hwButton(text, role, attrs = {}) {
  return pe("button", { type: "button", class: "pe-mini", "data-role": role, ...attrs, text });
}

/** True when this browser can read QR codes from a camera (and the page may ask for one). */
export function canScanCodes() {
  return typeof window !== "undefined" && "BarcodeDetector" in window
    && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
}

/** A QR code Python drew (segno's SVG of an address Python made: no page input), parsed as
 * SVG (no script runs in an SVG document made this way) and named in words by `attrs`. */
export function qrFromPython(text, attrs) {
  if (typeof text !== "string" || !text.startsWith("<svg")) return null;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const node = doc.documentElement;
  if (!node || node.namespaceURI !== HW_SVG || doc.querySelector("parsererror")) return null;
  const image = document.importNode(node, true);
  image.setAttribute("aria-hidden", "true");
  image.setAttribute("focusable", "false");
  return pe("div", { class: "pe-cr-qr", role: "img", ...attrs }, image);
}

/** The Homework section: `{ root, update(), destroy() }`. */
export function homeworkSection(model, send, sentLast = () => false) {
  const data = () => model.get("homework") || {};
  const choices = model.get("choices") || {};
  const lang = model.get("lang") || "en";
  // a div with the page's class: its styles apply (a second section.pe-classroom would not
  // be the page's one section); the section inside is named by its heading
  const root = pe("div", { class: "pe-classroom pe-cr-homework-page" });
  const section = pe("section", { class: "pe-cr-homework", "aria-labelledby": "pe-hw-h", "data-role": "homework" });
  root.append(section);
  const shown = pe("div", { class: "pe-hw-shown", "data-role": "hw-shown" });
  // the summary is announced by the page's live region (the notice): this list is read on demand
  const outcome = pe("div", { class: "pe-hw-outcome", "data-role": "hw-outcome" });
  // the page's alert at its top says a refusal; this line repeats it here, where the teacher is
  const refusal = pe("p", { class: "pe-error", "data-role": "hw-error", hidden: true });
  let stopCamera = () => {};

  // ---- the assignment form: the fields of `periodic-edu assignment new` ----
  const game = hwSelect((choices.games || ["periodic", "elemonster"]).map((g) => [g, HW_GAMES[g] || g]), "periodic", "hw-game");
  const bot = pe("select", { "data-role": "hw-bot" });
  const fillBots = () => {
    const bots = (choices.bots || {})[game.value] || ["greedy"];
    bot.replaceChildren(...bots.map((b) => pe("option", { value: b, text: b })));
  };
  fillBots();
  game.addEventListener("change", fillBots);
  const players = pe("input", { type: "number", min: 2, max: 5, step: 1, value: 2, inputmode: "numeric", "data-role": "hw-players" });
  const newSeed = pe("input", { type: "checkbox", checked: true, "data-role": "hw-new-seed" });
  const seed = pe("input", { type: "number", min: 0, step: 1, inputmode: "numeric", disabled: true, "data-role": "hw-seed" });
  newSeed.addEventListener("change", () => { seed.disabled = newSeed.checked; });
  const form = hwSelect([["", say("teacher_hw_no_form")], ...(data().forms || ["A", "B"]).map((f) => [f, f])], "", "hw-form");
  const items = pe("input", { type: "text", autocomplete: "off", spellcheck: "false", maxlength: 2000, "data-role": "hw-items" });
  const rounds = pe("input", { type: "number", min: 1, max: 99, step: 1, inputmode: "numeric", "data-role": "hw-rounds" });
  const due = pe("input", { type: "date", "data-role": "hw-due" });
  const hwLang = hwSelect((choices.languages || ["en", "uk", "de"]).map((c) => [c, HW_LANGS[c] || c]), lang, "hw-lang");
  const site = pe("input", { type: "url", autocomplete: "off", spellcheck: "false", maxlength: 300, value: data().site || "", "data-role": "hw-site" });
  const assignForm = pe("form", { class: "pe-cr-form pe-hw-form", "data-role": "hw-assign-form", "aria-labelledby": "pe-hw-new-h" }, [
    pe("h4", { id: "pe-hw-new-h", text: say("teacher_hw_new_head") }),
    hwField(say("teacher_game"), game), hwField(say("teacher_hw_players"), players),
    hwField(say("teacher_hw_bot"), bot),
    pe("div", { class: "pe-cr-check" }, [newSeed, pe("label", { text: say("teacher_hw_new_seed") })]),
    hwField(say("teacher_hw_seed"), seed, say("teacher_hw_seed_hint")),
    hwField(say("teacher_hw_form"), form), hwField(say("teacher_hw_items"), items, say("teacher_hw_items_hint")),
    hwField(say("teacher_hw_rounds"), rounds, say("teacher_hw_rounds_hint")),
    hwField(say("teacher_hw_due"), due), hwField(say("teacher_hw_lang"), hwLang),
    hwField(say("teacher_hw_site"), site, say("teacher_hw_site_hint")),
    pe("button", { type: "submit", class: "pe-mini pe-cr-main", "data-role": "hw-assign", text: say("teacher_hw_make") }),
  ]);
  // the checkbox's label names it (a label element around would also hold the seed's field)
  const seedLabel = assignForm.querySelector(".pe-cr-check label");
  newSeed.id = `pe-hw-newseed-${Math.random().toString(36).slice(2, 9)}`;
  seedLabel.setAttribute("for", newSeed.id);
  assignForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const msg = { type: "assign", game: game.value, players: Number(players.value), bot: bot.value, lang: hwLang.value };
    if (!newSeed.checked && seed.value !== "") msg.seed = Number(seed.value);
    if (form.value) msg.form = form.value;
    if (items.value.trim()) msg.items = items.value.trim();
    if (rounds.value !== "") msg.max_rounds = Number(rounds.value);
    if (due.value) msg.due = due.value;
    if (site.value.trim()) msg.site = site.value.trim();
    send(msg);
  });

  // ---- importing codes: paste, CSV, camera ----
  const which = pe("select", { "data-role": "hw-which" });
  const paste = pe("textarea", { rows: 4, spellcheck: "false", autocomplete: "off", "data-role": "hw-paste" });
  const importPaste = hwButton(say("teacher_hw_import_paste"), "hw-import-paste", { class: "pe-mini pe-cr-main" });
  const withAssignment = (msg) => {
    if (which.value) msg.assignment = which.value;
    return msg;
  };
  importPaste.addEventListener("click", () => {
    send(withAssignment({ type: "import", source: "paste", text: paste.value.slice(0, data().max_paste || 150000) }));
  });
  const file = pe("input", { type: "file", accept: ".csv,text/csv,text/plain", "data-role": "hw-csv" });
  const fileNote = pe("p", { class: "pe-cr-hint", "data-role": "hw-csv-note", role: "status" });
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    const limit = data().max_csv || 400000;
    // bounded before it is read: a file of several MB is refused here (Python bounds it too)
    if (chosen.size > limit * 4) {
      fileNote.textContent = say("teacher_hw_csv_too_big");
      return;
    }
    fileNote.textContent = "";
    try {
      const text = await chosen.text();
      send(withAssignment({ type: "import", source: "csv", text: text.slice(0, limit + 1) }));
    } catch (_err) {
      fileNote.textContent = say("teacher_hw_csv_unreadable");
    }
    file.value = "";
  });
  const cameraPart = pe("div", { class: "pe-hw-camera", "data-role": "hw-camera" });
  if (canScanCodes()) {
    const video = pe("video", { muted: true, playsinline: true, "aria-hidden": "true", class: "pe-hw-video", hidden: true });
    const scanNote = pe("p", { class: "pe-cr-hint", role: "status", "data-role": "hw-scan-note" });
    const scan = hwButton(say("teacher_hw_camera"), "hw-scan", { "aria-pressed": "false" });
    let stream = null;
    let timer = null;
    stopCamera = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      if (stream) for (const t of stream.getTracks()) t.stop();
      stream = null;
      video.hidden = true;
      scan.setAttribute("aria-pressed", "false");
      scan.textContent = say("teacher_hw_camera");
    };
    scan.addEventListener("click", async () => {
      if (stream) { stopCamera(); return; }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      } catch (_err) {
        scanNote.textContent = say("teacher_hw_camera_denied");
        return;
      }
      video.srcObject = stream;
      video.hidden = false;
      await video.play().catch(() => {});
      scan.setAttribute("aria-pressed", "true");
      scan.textContent = say("teacher_hw_camera_stop");
      const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      const seen = new Set(paste.value.split(/[\s,;]+/).filter(Boolean));
      timer = setInterval(async () => {
        try {
          for (const found of await detector.detect(video)) {
            const code = String(found.rawValue || "").trim().slice(0, 24000);
            if (code && !seen.has(code)) {
              seen.add(code);
              paste.value = paste.value ? `${paste.value.replace(/\s+$/, "")}\n${code}` : code;
              scanNote.textContent = say("teacher_hw_scanned", { n: seen.size });
            }
          }
        } catch (_err) { /* a frame not ready yet: the next one is tried */ }
      }, 400);
    });
    cameraPart.append(scan, video, scanNote);
  } else {
    cameraPart.append(pe("p", { class: "pe-cr-hint", "data-role": "hw-no-camera", text: say("teacher_hw_no_camera") }));
  }
  const importPart = pe("div", { class: "pe-cr-form pe-hw-import", role: "group", "aria-labelledby": "pe-hw-imp-h", "data-role": "hw-import" }, [
    pe("h4", { id: "pe-hw-imp-h", text: say("teacher_hw_import_head") }),
    hwField(say("teacher_hw_which"), which),
    hwField(say("teacher_hw_paste"), paste, say("teacher_hw_paste_hint")),
    importPaste,
    hwField(say("teacher_hw_csv"), file, say("teacher_hw_csv_hint")),
    fileNote, cameraPart,
  ]);

  section.append(pe("h3", { id: "pe-hw-h", text: say("teacher_hw_head") }),
    pe("p", { class: "pe-cr-hint", text: say("teacher_hw_intro") }), shown, assignForm, importPart, refusal, outcome);

  function drawShown(d, projector) {
    const kept = d.assignments || [];
    const current = kept.find((a) => a.id === d.current);
    const keep = which.value;
    which.replaceChildren(...kept.map((a) => pe("option", { value: a.id, text: say("teacher_hw_assignment", { id: a.id, game: HW_GAMES[a.game] || a.game, seed: a.seed }) })));
    if (kept.some((a) => a.id === keep)) which.value = keep;
    else if (current) which.value = current.id;
    importPart.hidden = projector || !kept.length;
    assignForm.hidden = projector;
    if (!current) {
      shown.replaceChildren(pe("p", { class: "pe-cr-hint", text: say("teacher_hw_none") }));
      return;
    }
    const facts = [say("teacher_hw_about", { game: HW_GAMES[current.game] || current.game, seed: current.seed, bots: current.bots.join(", ") })];
    if (current.form) facts.push(say("teacher_hw_about_form", { form: current.form }));
    if (current.due) facts.push(say("teacher_hw_about_due", { due: current.due }));
    const qr = qrFromPython(d.qr, { "data-role": "hw-qr", "aria-label": say("teacher_hw_qr", { url: current.link }) });
    shown.replaceChildren(pe("div", { class: "pe-hw-current", "data-role": "hw-current", "data-id": current.id }, [
      pe("h4", { text: say("teacher_hw_assignment", { id: current.id, game: HW_GAMES[current.game] || current.game, seed: current.seed }) }),
      pe("p", { text: facts.join(" ") }),
      pe("p", { class: "pe-hw-link-line" }, [pe("span", { text: `${say("teacher_hw_link")}: ` }),
        pe("a", { href: current.link, target: "_blank", rel: "noopener", "data-role": "hw-link", class: "pe-hw-link", text: current.link })]),
      ...(qr ? [qr] : []),
    ]));
  }

  function drawOutcome(d) {
    const got = d.import;
    if (!got) { outcome.replaceChildren(); return; }
    const parts = [pe("p", { "data-role": "hw-summary", text: got.summary })];
    if (got.imported.length) {
      parts.push(pe("h4", { text: say("teacher_hw_landed") }), pe("ul", { "data-role": "hw-landed" }, got.imported.map((r) => {
        const bits = [r.score === null || r.score === undefined ? r.name : say("teacher_hw_landed_row", { name: r.name, n: r.score })];
        if (!r.new) bits.push(say("teacher_hw_again"));
        bits.push(...r.flags);
        return pe("li", { "data-index": r.index }, [pe("strong", { text: `${r.place}: ` }), bits.join(" · ")]);
      })));
    }
    if (got.refused.length) {
      parts.push(pe("h4", { text: say("teacher_hw_refused") }), pe("ul", { "data-role": "hw-refused", class: "pe-hw-refused" }, got.refused.map((r) =>
        pe("li", { "data-index": r.index }, [pe("strong", { text: `${r.place}: ` }), r.why]))));
    }
    outcome.replaceChildren(...parts);
  }

  function update() {
    const d = data();
    const projector = !!model.get("projector");
    root.hidden = model.get("phase") !== "open";
    // the kernel's default address, until the teacher types another
    if (!site.value && d.site && document.activeElement !== site) site.value = d.site;
    const error = sentLast() ? model.get("error") || "" : "";
    refusal.textContent = error;
    refusal.hidden = !error;
    drawShown(d, projector);
    if (projector) outcome.replaceChildren();
    else drawOutcome(d);
    if (projector) stopCamera();
  }
  update();
  return { root, update, destroy: () => stopCamera() };
}

/** The class's imported homework in the results: its own table (no table or seat: the
 * student played at home against the assignment's bots), marked as homework. */
export function homeworkResults(rows, projector) {
  const cols = ["teacher_hw_col_who", "teacher_hw_col_assignment", "teacher_col_score", "teacher_hw_col_place",
    "teacher_hw_col_check", "teacher_hw_col_flags", "teacher_hw_col_finished"];
  return pe("div", { class: "pe-cr-scroll", tabindex: "0", role: "region", "aria-label": say("teacher_hw_results_head"), "data-role": "hw-results" }, [
    pe("table", { class: "pe-cr-table-results" }, [
      pe("caption", { text: say("teacher_hw_results_head") }),
      pe("thead", {}, pe("tr", {}, cols.map((c) => pe("th", { scope: "col", text: say(c) })))),
      pe("tbody", {}, rows.map((r, i) => pe("tr", { "data-homework": r.assignment }, [
        pe("th", { scope: "row", text: projector || !r.name ? say("teacher_hw_student", { n: i + 1 }) : r.name }),
        pe("td", { text: r.assignment }),
        pe("td", { text: r.score === null || r.score === undefined ? "–" : String(r.score) }),
        pe("td", { text: r.rank === null || r.rank === undefined ? "–" : String(r.rank) }),
        pe("td", { text: r.of ? say("teacher_hw_check_score", { correct: r.correct, of: r.of }) : (r.answers ? say("teacher_hw_answers", { n: r.answers }) : "–") }),
        pe("td", { text: r.flag_words.join(" · ") || "–" }),
        pe("td", { text: r.finished_on || "" }),
      ]))),
    ]),
  ]);
}
