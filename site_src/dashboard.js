// dashboard.js: the static site's dashboard page. Static first, Python behind.
//
// * Explore trends and Element cards are drawn at once, by the widgets' own ES modules
//   (widgets_js/trend_explorer.js, element_card.js: the same views, DOM, keyboard and
//   announcements as in a notebook or on Voila) from data the site build wrote
//   (dashboard-data-<lang>.json: the widgets' own synced state, see scripts/build_site.py),
//   through a model with no kernel behind it (static_model.js). No Python is needed to explore.
// * Python starts meanwhile in a web worker (dashboard_worker.js: Pyodide and only the
//   packages the games import). Play, Elemonster and Check yourself say "Python is starting…
//   N %" with the worker's real steps, then show the games and the practice check, drawn by the Jupyter widgets' own front end
//   (dashboard-widgets.js, bundled from site_src/page_widgets.js).
// * Once Python is ready, a service worker of our own (sw.js) keeps the page and all it loads
//   in the browser's cache: the next visit fetches nothing but sw.js, and works offline.
//
// Bundled with the widgets' modules by scripts/build_site.py (esbuild) into the site's
// dashboard.js. Milestones for the tests and benchmarks/bench_site.py: body[data-*-ms].
import trendExplorer from "../widgets_js/trend_explorer.js";
import elementCard from "../widgets_js/element_card.js";
import { StaticModel, explorerIntents, echo } from "./static_model.js";

// The page's own words come from the message catalog (periodic_edu/locale, the widgets
// domain's SITE and DASHBOARD tables): the page speaks before any data or Python has loaded,
// so scripts/build_site.py writes them here, every language, when it builds the site.
const WORDS = {}; // WORDS: written by scripts/build_site.py
const ASKED = new URLSearchParams(location.search).get("lang");
let LANG = ASKED && Object.hasOwn(WORDS, ASKED) ? ASKED : "en";

function word(key, params = {}) {
  const text = (WORDS[LANG] || {})[key] ?? (WORDS.en || {})[key] ?? "";
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

const $ = (id) => document.getElementById(id);
function mark(name) { // milestones for the tests and benchmarks/bench_site.py
  document.body.dataset[`${name}Ms`] = String(Math.round(performance.now()));
}

// ---- the data (one file per language, fetched once) ----------------------------------------
const loaded = new Map();
function data(lang) {
  if (!loaded.has(lang)) {
    loaded.set(lang, fetch(`dashboard-data-${lang}.json`).then((r) => {
      if (!r.ok) throw new Error(`dashboard-data-${lang}.json: HTTP ${r.status}`);
      return r.json();
    }));
  }
  return loaded.get(lang);
}
const first = data(LANG);

// ---- Python, in a worker, from the start -----------------------------------------------------
// dashboard.html starts it before this script has loaded (window.pythonWorker, its messages kept
// in `early` until this script takes them): Python's start is most of the page's wait
const worker = window.pythonWorker || Object.assign(
  new Worker(new URL("./dashboard_worker.js", import.meta.url), { type: "module" }), { early: [] });
if (!window.pythonWorker) worker.postMessage({ type: "start", query: `lang=${LANG}` });

// ---- the page's words ------------------------------------------------------------------------
function translatePage() {
  document.documentElement.lang = LANG;
  // installed from this page, the app opens in its language (scripts/build_site.py: manifest)
  document.querySelector('link[rel="manifest"]').href =
    LANG === "en" ? "manifest.webmanifest" : `manifest-${LANG}.webmanifest`;
  document.title = word("title");
  for (const node of document.querySelectorAll("[data-say]")) node.textContent = word(node.dataset.say);
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = word(node.dataset.word);
  const select = $("language");
  if (!select.options.length) {
    for (const [code, name] of WORDS[LANG].languages) select.append(new Option(name, code));
  }
  select.value = LANG;
  python.show(); // the games' progress, in the new language
}

function unknownLanguage() {
  if (!ASKED || Object.hasOwn(WORDS, ASKED)) return;
  const note = $("lang-note");
  note.textContent = word("unknown_language", { lang: echo(ASKED) });
  note.hidden = false;
}

// ---- the tabs (WAI-ARIA tabs: arrows, Home, End; the chosen tab is the one Tab stop) ------------
let tabChosen = false; // the visitor has chosen a tab: the page never switches it for them
function tabs() {
  const list = [...document.querySelectorAll('[role="tab"]')];
  function choose(tab, focus) {
    for (const t of list) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute("aria-controls")).hidden = !on;
    }
    if (focus) tab.focus();
    python.announceIfWatched();
  }
  for (const tab of list) {
    tab.addEventListener("click", () => { tabChosen = true; choose(tab, false); });
    tab.addEventListener("keydown", (event) => {
      const i = list.indexOf(tab);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: list.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      tabChosen = true;
      choose(list[(to + list.length) % list.length], true);
    });
  }
  return choose;
}

// A reload opens where the game is (as the Voila dashboard's ResumeScout does): the first game
// that offers to resume - its save read back from this browser's storage - has its tab chosen,
// unless the visitor has already chosen one.
function openSavedGame(choose) {
  const watched = ["play", "elemonster"].map((id) => $(id));
  const watcher = new MutationObserver(() => {
    if (tabChosen) { watcher.disconnect(); return; }
    const i = watched.findIndex((panel) =>
      panel.querySelector('[data-role="resume-offer"]:not([hidden])'));
    if (i < 0) return;
    watcher.disconnect();
    choose($(i === 0 ? "tab-play" : "tab-elemonster"), false);
  });
  for (const panel of watched) {
    watcher.observe(panel, { subtree: true, childList: true, attributes: true,
      attributeFilter: ["hidden"] });
  }
}

// ---- Explore trends and Element cards: the widgets, on static models --------------------------
const shown = { data: null, explorer: null, exploreCard: null, card: null };

function cardState(d, symbol) {
  return { ...d.card, symbol, element: d.cards[symbol] };
}

function drawStatic(d) {
  shown.data = d;
  const explorer = new StaticModel({ ...d.explorer, reach_table: d.reach_table },
    explorerIntents(d), d.refusals);
  const exploreCard = new StaticModel(cardState(d, explorer.get("symbol")), {}, d.refusals);
  const card = new StaticModel(cardState(d, "Fe"), {}, d.refusals);
  // the card beside the explorer follows the element chosen there (Python: a dlink)
  explorer.accepted.push((values) => {
    if (values.symbol) exploreCard.update({ symbol: values.symbol, element: shown.data.cards[values.symbol] });
  });
  Object.assign(shown, { explorer, exploreCard, card });
  trendExplorer.render({ model: explorer, el: $("explorer") });
  elementCard.render({ model: exploreCard, el: $("explore-card") });
  const picker = $("picker");
  fillPicker(d);
  picker.value = "Fe";
  picker.addEventListener("change", () => {
    card.update({ symbol: picker.value, element: shown.data.cards[picker.value] });
  });
  // the Element cards tab's card: drawn when that tab is first shown, or when the page is idle
  // (not in the way of the first board cell)
  let drawn = false;
  const drawCard = () => {
    if (drawn) return;
    drawn = true;
    elementCard.render({ model: card, el: $("card") });
  };
  $("tab-cards").addEventListener("click", drawCard);
  $("tab-cards").addEventListener("focus", drawCard);
  shownOnce.then(() => setTimeout(drawCard, 1000));
}

function fillPicker(d) {
  const picker = $("picker");
  const value = picker.value;
  picker.replaceChildren(...d.options.map(([label, symbol]) => new Option(label, symbol)));
  if (value) picker.value = value;
}

async function switchLanguage(lang) {
  if (!Object.hasOwn(WORDS, lang) || (lang === LANG && shown.data?.lang === lang)) return;
  if (stale && !loaded.has(lang)) {
    // a newer build has taken over this page's cache: load the new page in that language
    // (a game in progress resumes from its save) rather than mix two builds' files
    followLanguage(lang);
    location.reload();
    return;
  }
  const d = await data(lang);
  followLanguage(lang);
  shown.data = d;
  const { explorer, exploreCard, card } = shown;
  explorer.intents = explorerIntents(d);
  explorer.refusals = d.refusals;
  // as Python's widget does on a language switch: the names, then the words (one message)
  const { cells, fblock, elements, trend_info, properties, strings } = d.explorer;
  explorer.update({ cells, fblock, elements, trend_info, properties, lang, strings });
  for (const model of [exploreCard, card]) {
    model.refusals = d.refusals;
    model.update({ element: d.cards[model.get("symbol")], sources: d.card.sources, lang, strings: d.card.strings });
  }
  fillPicker(d);
  python.follow();
}

// The visitor switched the language: the page's words follow, and ?lang= in the address keeps
// it for a reload (the game resumes in the language it was played in).
function followLanguage(lang) {
  const url = new URL(location.href);
  url.searchParams.set("lang", lang);
  history.replaceState(history.state, "", url);
  LANG = lang;
  translatePage();
}

// ---- Play, Elemonster, Check yourself: Python's widgets--------------------------------------------
// Each step the worker reports: the percentage reached and the seconds it takes, cold.
const STEPS = [["start", 0, 0], ["python", 55, 2.5], ["packages", 62, 0.4], ["display", 85, 1],
  ["drawn", 100, 0.6]];
const GIVE_UP_S = 180;

const python = (() => {
  let step = 0; // index in STEPS of the last step reached
  let stepAt = 0; // when it was reached (seconds)
  let pct = 0;
  let state = "starting"; // "ready" (every game drawn) | "failed"
  const drawn = new Set(); // the games drawn so far: Play first, then the others
  let heard = "";
  const status = () => $("progress-status");

  function text(game) {
    if (state === "failed") return word("failed");
    if (state === "ready" || drawn.has(game)) return word("ready");
    return word("starting", { pct: Math.min(pct, 99) });
  }
  function show() {
    for (const box of document.querySelectorAll(".pe-python")) {
      const p = box.querySelector(".pe-python-text");
      const words = text(box.dataset.python);
      if (p.textContent !== words) p.textContent = words;
      box.querySelector("progress").value = drawn.has(box.dataset.python) ? 100 : Math.min(pct, 99);
      box.hidden = state === "ready" || drawn.has(box.dataset.python);
      if (state === "failed") p.setAttribute("role", "alert");
    }
  }
  /** A game's widget is on the page: its tab stops waiting (Play comes first). */
  function gameDrawn(game) {
    drawn.add(game);
    show();
    announceIfWatched();
    if (GAMES.every((name) => drawn.has(name))) finish("ready");
  }
  // A screen reader hears Python's steps while the visitor is on a tab that waits for it,
  // each once, and always the end: ready, or failed.
  function announceIfWatched(force = false) {
    const selected = document.querySelector('[role="tab"][aria-selected="true"]');
    const game = { "tab-play": "play", "tab-elemonster": "elemonster", "tab-practice": "practice" }[selected?.id];
    const words = text(game);
    if ((force || game) && words !== heard) {
      heard = words;
      status().textContent = words;
    }
  }
  function reached(name) {
    const index = STEPS.findIndex(([n]) => n === name);
    if (index > step) {
      step = index;
      stepAt = performance.now() / 1000;
      mark(name);
      pct = Math.max(pct, STEPS[index][1]);
      show();
      announceIfWatched();
    }
  }
  function finish(outcome) {
    if (state !== "starting") return;
    state = outcome;
    if (outcome === "ready") {
      mark("gamesReady");
      pct = 100;
    } else {
      worker.terminate();
      if (outcome === "failed") status().setAttribute("role", "alert");
    }
    document.body.dataset.state = outcome;
    show();
    announceIfWatched(true);
    // a switch made while the games were being built, once the page has settled
    if (outcome === "ready") setTimeout(follow, 300);
    keepOffline();
  }
  function tick() {
    if (state !== "starting") return;
    const seconds = performance.now() / 1000;
    if (seconds > GIVE_UP_S) {
      finish("failed");
      return;
    }
    const [, from] = STEPS[step];
    const [, to, expected] = STEPS[Math.min(step + 1, STEPS.length - 1)];
    // towards the next step, never reaching it before the worker says so
    const next = Math.round(from + (to - 1 - from) * (1 - Math.exp(-(seconds - stepAt) / expected)));
    if (next > pct) {
      pct = next;
      show();
    }
    setTimeout(tick, 200);
  }
  // The games follow the page's language. Before Python builds them, the worker keeps the
  // language to build them in; once they are being built, the switch waits until the page
  // holds their widgets and has drawn them (switched earlier, Python would replace a game not
  // yet begun, its seats named anew, while the page is still creating the first one).
  let spoken = null; // the language Python's games are in (the worker says, with them)
  function follow() {
    if (state !== "ready" || spoken === null) {
      worker.postMessage({ type: "language", lang: LANG });
    } else if (spoken !== LANG) {
      spoken = LANG;
      worker.postMessage({ type: "language", lang: LANG });
    }
  }
  function builtIn(lang) {
    spoken = lang;
  }
  return { reached, finish, show, tick, announceIfWatched, follow, builtIn, gameDrawn,
    get state() { return state; } };
})();

// The games' front end (0.8 MB of script), fetched while Python starts, once the static tabs
// are on screen and the page is idle: its evaluation must not hold up the first board cell
// or the answer to the first click (Python needs seconds more anyway). Their style sheets
// come then too, not in the head (the static tabs need none of them and must not wait for
// them) and not when Play is drawn: every new sheet restyles the whole page, 0.1 s on a
// phone's CPU. dashboard-games.css holds what each game widget would insert as its own
// <style> (its _css, left out of the page's widgets: PageManager's ownCss).
let loadWidgets;
const shownOnce = new Promise((resolve) => { loadWidgets = resolve; });
const SHEETS = ["dashboard-widgets.css", "dashboard-games.css"];
const widgets = shownOnce.then(() => new Promise((resolve) => {
  if ("requestIdleCallback" in window) requestIdleCallback(resolve, { timeout: 1500 });
  else setTimeout(resolve, 300);
})).then(() => {
  for (const href of SHEETS) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
  }
  return import("./dashboard-widgets.js");
});
let manager = null;
const pending = []; // the worker's widget messages before the manager exists
function widgetManager(PageManager) {
  if (!manager) {
    manager = new PageManager((message) => worker.postMessage(message), { ownCss: true });
    for (const message of pending.splice(0)) manager.receive(message);
  }
  return manager;
}

// The worker sends Play first ({play}); once Play is drawn the page asks for the other games
// ({type: "rest"}: {elemonster, practice}). Python is ready for the visitor
// (data-python-ready-ms) once Play is drawn and playable, and the page is "ready" (data-state,
// its service worker registered) once every game is.
const GAMES = ["play", "elemonster", "practice"];
async function display(models) {
  python.reached("display");
  const { PageManager } = await widgets;
  const pages = widgetManager(PageManager);
  const games = GAMES.filter((game) => models[game]);
  await Promise.all(games.map((game) => pages.display(models[game], $(game))));
  if (games.includes("play")) {
    const playable = () => $("play").querySelector("[data-symbol]");
    while (!playable() && python.state === "starting") await new Promise((resolve) => setTimeout(resolve, 50));
    python.reached("drawn");
    mark("pythonReady");
    // now the others: built by Python while this thread is idle again (asked for only now,
    // so neither thread slows the other while Play is drawn)
    worker.postMessage({ type: "rest" });
  }
  for (const game of games) python.gameDrawn(game);
}

let displayed = Promise.resolve(); // the worker's display messages, drawn in their order
function onWorkerMessage(event) {
  const message = event.data;
  if (message.type === "comm" || message.type === "idle") {
    if (manager) manager.receive(message);
    else pending.push(message);
  } else if (message.type === "progress") {
    python.reached(message.step);
  } else if (message.type === "display") {
    // the worker's steps, on this page's clock (benchmarks/bench_site.py)
    const steps = JSON.parse(document.body.dataset.pythonSteps || "{}");
    for (const [step, at] of Object.entries(message.timings || {})) {
      steps[step] = Math.round(at - performance.timeOrigin);
    }
    document.body.dataset.pythonSteps = JSON.stringify(steps);
    if (message.lang) python.builtIn(message.lang); // Play's: the language the games are in
    displayed = displayed.then(() => display(message.models)).catch((error) => {
      console.error(error);
      python.finish("failed");
    });
  } else if (message.type === "failed") {
    python.finish("failed");
  }
}
worker.onmessage = onWorkerMessage;
for (const event of worker.early.splice(0)) onWorkerMessage(event); // before this script ran
worker.onerror = (event) => {
  console.error(event.message || event);
  python.finish("failed");
};
if (worker.failed) python.finish("failed");

// ---- cached and offline --------------------------------------------------------------------
let stale = false; // a newer build took over while this page runs (it loads nothing more)
let touched = false; // the visitor has begun something here: no reload behind their back
async function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  const ours = navigator.serviceWorker;
  const hadController = Boolean(ours.controller);
  // The page asks the build it runs for its version before a new build may take over. Asked to,
  // Chrome ends the old worker as soon as it is idle to let the new one in; a message reaching
  // the old worker just then starts it again, and the new build stayed waiting for minutes.
  const answered = hadController ? offlineReady() : null;
  // registered only now: its install fetches (revalidates) the files this page has just
  // loaded, so a first visit neither waits for it nor downloads anything twice
  const registration = await ours.register("sw.js", { scope: "./dashboard", updateViaCache: "none" });
  const takeOver = (sw) => {
    if (sw && hadController) answered.then(() => sw.postMessage({ type: "take-over" }));
  };
  const whenInstalled = (sw) => {
    if (!sw) return;
    if (sw.state === "installed") takeOver(sw);
    else sw.addEventListener("statechange", () => { if (sw.state === "installed") takeOver(sw); });
  };
  whenInstalled(registration.waiting || registration.installing);
  registration.addEventListener("updatefound", () => whenInstalled(registration.installing));
  // the version check (sw.js): the browser's own one at navigation may have been skipped
  if (hadController && !registration.installing && !registration.waiting) {
    registration.update().catch(() => {}); // offline: nothing to check
  }
  ours.addEventListener("controllerchange", () => {
    if (!hadController) return void offlineReady(); // the first visit: cached from now on
    stale = true;
    if (!touched) location.reload(); // nothing begun: the new build, whole
  });
}

/** The controlling build's version, shown as the page's data-offline; resolves once it answers. */
function offlineReady() {
  const sw = navigator.serviceWorker.controller;
  return new Promise((resolve) => {
    if (!sw) return resolve();
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data?.type !== "version") return;
      document.body.dataset.offline = event.data.version;
      resolve();
    });
    sw.postMessage({ type: "version" });
  });
}

// ---- start -----------------------------------------------------------------------------------
translatePage();
unknownLanguage();
openSavedGame(tabs());
for (const type of ["pointerdown", "keydown"]) {
  $("app").addEventListener(type, () => { touched = true; }, { capture: true, passive: true });
}
$("language").addEventListener("change", (event) => {
  switchLanguage(event.target.value).catch((error) => console.error(error));
});
python.show();
python.tick();
first.then((d) => {
  drawStatic(d);
  if ($("explorer").querySelector("[data-symbol]")) {
    mark("firstRender");
    // and the frame that shows it (benchmarks/bench_site.py reports both)
    requestAnimationFrame(() => setTimeout(() => {
      mark("firstFrame");
      loadWidgets();
    }, 0));
  } else loadWidgets();
  document.body.dataset.state = python.state === "starting" ? "explore" : python.state;
}).catch((error) => {
  console.error(error);
  document.body.dataset.state = "failed";
  loadWidgets();
});
