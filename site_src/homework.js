// homework.js: the static site's homework page (homework.html#homework?v=1&game=...).
//
// The link's part after # is the assignment (periodic_edu.assignments): it never reaches a
// server, and this page sends nothing anywhere. Python starts in the dashboard's own worker
// (dashboard_worker.js, sent the fragment: page_kernel.start_homework) and builds the assigned
// game in the Play tab's game view (periodic_edu/widgets/homework_game.py), drawn by the
// Jupyter widgets' front end (dashboard-widgets.js), as on the dashboard. The student types a
// name, plays to the end, answers the check, and asks for the result code. The check's items
// of the kit's item bank are real questions (PracticeCheckWidget in homework mode, drawn like
// the class-play question panel: feedback once the code is made); items not in the bank are an
// answer sheet of letters here. Python makes the code (result_code: the same checks as the teacher's side) and
// this page shows it with a copy button and its QR code (segno, loaded by this page only) and
// keeps it in localStorage, so a reload shows it again before Python has started. The service worker (sw.js, scope ./homework) keeps the
// page and all it loads for offline use, as it does for the dashboard.

// The page's own words, every language, from the message catalog (SITE and HOMEWORK of
// periodic_edu/locale/widget_texts.py): scripts/build_site.py writes them here.
const WORDS = {}; // WORDS: written by scripts/build_site.py
// as it is: Python reads it (periodic_edu.assignments.parse_link checks every field)
const FRAGMENT = location.hash.slice(1);
const fromLink = /[?&]lang=([a-z]{2})(?:&|$)/.exec(FRAGMENT)?.[1];
const ASKED = new URLSearchParams(location.search).get("lang");
let LANG = [ASKED, fromLink].find((l) => l && Object.hasOwn(WORDS, l)) || "en";
// the code is kept per assignment (the fragment is the assignment)
const KEPT = `periodic-edu-homework:${FRAGMENT}`;

const $ = (id) => document.getElementById(id);
function word(key, params = {}) {
  const text = (WORDS[LANG] || {})[key] ?? (WORDS.en || {})[key] ?? "";
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}
function say(text) { // a screen reader hears what changed, once
  const status = $("hw-status");
  status.textContent = "";
  requestAnimationFrame(() => { status.textContent = text; });
}

// ---- Python, in the dashboard's worker, from the start ---------------------------------------
// homework_worker.js is dashboard_worker.js under a name the homework page's scope holds
const worker = new Worker(new URL("./homework_worker.js", import.meta.url), { type: "module" });
worker.postMessage({ type: "start", query: `lang=${LANG}`, homework: FRAGMENT });
const widgets = import("./dashboard-widgets.js"); // the games' front end, while Python starts

const STEPS = { start: 0, python: 55, packages: 62, display: 85, drawn: 100 };
let pct = 0;
let state = "starting"; // "ready" | "failed"
let about = null; // the assignment, as Python read it
function showPython() {
  const box = document.querySelector('[data-python="homework"]');
  const p = box.querySelector(".pe-python-text");
  p.textContent = state === "failed" ? word("failed") : word("starting", { pct });
  if (state === "failed") p.setAttribute("role", "alert");
  box.querySelector("progress").value = pct;
  box.hidden = state === "ready";
}
function reached(step) {
  pct = Math.max(pct, STEPS[step] ?? pct);
  showPython();
}
function tick() { // towards the next step, never past it, until Python says
  if (state !== "starting") return;
  const next = Object.values(STEPS).find((v) => v > pct);
  if (next !== undefined && pct < next - 1) { pct += 1; showPython(); }
  setTimeout(tick, 400);
}
function finish(outcome) {
  if (state !== "starting") return;
  state = outcome;
  document.body.dataset.state = outcome;
  if (outcome === "ready") pct = 100;
  showPython();
  say(outcome === "ready" ? word("ready") : word("failed"));
  if (outcome === "ready") keepOffline();
}

// ---- the assignment, the game, the check ----------------------------------------------------
function showAbout() {
  const p = $("hw-about");
  if (!about) return;
  p.textContent = [about.text, about.due, about.form].filter(Boolean).join(" ");
  p.hidden = false;
}

function drawItems() {
  const items = about?.items || [];
  // the item bank's questions are a widget of their own (#hw-bank, practice_check.js); the
  // items not in the bank (a teacher's paper check) are answered here with letters
  $("hw-check-step").hidden = items.length === 0 && !about?.check;
  $("hw-sheet-help").hidden = items.length === 0;
  const host = $("hw-items");
  const kept = {};
  for (const select of host.querySelectorAll("select")) kept[select.id] = select.value;
  host.replaceChildren(...items.map((item, i) => {
    const fieldset = document.createElement("fieldset");
    fieldset.className = "hw-item";
    const legend = document.createElement("legend");
    legend.textContent = word("item", { n: i + 1, item });
    fieldset.append(legend);
    for (const part of ["choice", "reason"]) {
      const id = `hw-${part}-${i}`;
      const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: word(part) });
      const select = Object.assign(document.createElement("select"), { id });
      select.dataset.item = item;
      select.dataset.part = part;
      select.append(new Option("—", ""), ...[...about.letters].map((l) => new Option(l, l)));
      select.value = kept[id] || "";
      const field = document.createElement("span");
      field.className = "hw-field";
      field.append(label, select);
      fieldset.append(field);
    }
    return fieldset;
  }));
}

function answers() {
  const out = {};
  for (const select of $("hw-items").querySelectorAll("select")) {
    if (!select.value) continue;
    (out[select.dataset.item] ||= {})[select.dataset.part] = select.value;
  }
  return out;
}

async function display(models) {
  reached("display");
  if (models.error) {
    $("hw-error").textContent = models.error;
    $("hw-error").hidden = false;
    finish("failed");
    return;
  }
  about = models.about;
  showAbout();
  drawItems();
  const { PageManager } = await widgets;
  const pages = new PageManager((message) => worker.postMessage(message));
  for (const message of early.splice(0)) pages.receive(message);
  manager = pages;
  await pages.display(models.game, $("hw-game"));
  if (models.check) await pages.display(models.check, $("hw-bank"));
  reached("drawn");
  $("hw-make").disabled = false;
  finish("ready");
}

// ---- the result code --------------------------------------------------------------------------
function showCode(kept) {
  $("hw-code").value = kept.code;
  $("hw-code-box").hidden = false;
  // the QR code: an SVG Python drew (segno), parsed as SVG (never as HTML) before it is shown
  const svg = kept.qr ? new DOMParser().parseFromString(kept.qr, "image/svg+xml").documentElement : null;
  const drawn = svg && svg.nodeName === "svg" && !svg.querySelector("script, foreignObject");
  $("hw-qr").replaceChildren(...(drawn ? [document.importNode(svg, true)] : []));
  $("hw-qr-box").hidden = !drawn;
}

function makeCode() {
  const name = $("hw-name").value.trim();
  $("hw-code-error").textContent = "";
  if (!name) {
    $("hw-code-error").textContent = word("no_name");
    $("hw-name").focus();
    return;
  }
  worker.postMessage({ type: "homework_code", asked: { name, answers: answers() } });
}

function codeMade(result) {
  if (result.error) {
    $("hw-code-error").textContent = result.error;
    return;
  }
  const kept = { code: result.code, score: result.score, qr: result.qr || "",
    name: $("hw-name").value.trim() };
  try {
    localStorage.setItem(KEPT, JSON.stringify(kept));
  } catch (error) { // storage full or off: the code is on screen all the same
    console.error(error);
  }
  $("hw-kept").hidden = true;
  showCode(kept);
  say(word("made", { score: result.score }));
  $("hw-code").focus();
}

async function copyCode() {
  const code = $("hw-code").value;
  try {
    await navigator.clipboard.writeText(code);
    say(word("copied"));
  } catch (error) {
    $("hw-code").select();
    say(word("copy_failed"));
  }
}

// ---- the page's words --------------------------------------------------------------------------
function translatePage() {
  document.documentElement.lang = LANG;
  document.title = `periodic_edu: ${word("title")}`;
  for (const node of document.querySelectorAll("[data-say], [data-word]")) {
    node.textContent = word(node.dataset.say || node.dataset.word);
  }
  const select = $("language");
  if (!select.options.length) {
    for (const [code, name] of WORDS[LANG].languages) select.append(new Option(name, code));
  }
  select.value = LANG;
  showPython();
  drawItems();
}

function switchLanguage(lang) {
  if (!Object.hasOwn(WORDS, lang) || lang === LANG) return;
  LANG = lang;
  const url = new URL(location.href);
  url.searchParams.set("lang", lang);
  history.replaceState(history.state, "", url);
  translatePage();
  // the game's words and the assignment's sentence are Python's: the worker answers "about"
  worker.postMessage({ type: "language", lang });
}

// ---- the worker's messages ---------------------------------------------------------------------
let manager = null;
const early = []; // widget messages before the manager exists
worker.onmessage = (event) => {
  const message = event.data;
  if (message.type === "comm" || message.type === "idle") {
    if (manager) manager.receive(message);
    else early.push(message);
  } else if (message.type === "progress") {
    reached(message.step);
  } else if (message.type === "display") {
    display(message.models).catch((error) => {
      console.error(error);
      finish("failed");
    });
  } else if (message.type === "about") {
    about = message.about;
    showAbout();
    drawItems();
  } else if (message.type === "homework_code") {
    codeMade(JSON.parse(message.result));
  } else if (message.type === "failed") {
    finish("failed");
  }
};
worker.onerror = (event) => {
  console.error(event.message || event);
  finish("failed");
};

// ---- cached and offline: the dashboard's service worker, for this page too --------------------
async function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("sw.js", { scope: "./homework", updateViaCache: "none" });
    await navigator.serviceWorker.ready;
    document.body.dataset.offline = "registered";
  } catch (error) { // offline with no cache yet, or a private window: the page works as it is
    console.error(error);
  }
}

// ---- start -------------------------------------------------------------------------------------
translatePage();
try {
  const kept = JSON.parse(localStorage.getItem(KEPT) || "null");
  if (kept?.code) {
    showCode(kept);
    $("hw-kept").hidden = false;
    if (kept.name) $("hw-name").value = kept.name;
  }
} catch (error) {
  console.error(error);
}
$("language").addEventListener("change", (event) => switchLanguage(event.target.value));
$("hw-make").addEventListener("click", makeCode);
$("hw-copy").addEventListener("click", copyCode);
showPython();
tick();
