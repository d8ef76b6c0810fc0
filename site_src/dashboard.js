// dashboard.js: the static site's dashboard page.
//
// The dashboard runs in JupyterLite's REPL app (in an iframe): the REPL starts the Pyodide
// kernel, runs the two lines below with their input hidden, and shows the widgets. This page
// adds what a visitor needs around it: a progress message while Python loads, no code in
// sight, and the iframe shown only once the first board cell is drawn.
//
// Progress: the kernel loads Python in a web worker whose downloads this page cannot see, so
// the percentage follows the milestones it can see (the app has started, a widget is being
// drawn, the first board cell exists) and moves smoothly in between on the times measured on
// a slow machine (benchmarks/bench_site.py).
"use strict";

// The page's own words come from the message catalog (periodic_edu/locale, the widgets
// domain's SITE table): this page speaks before Python has loaded, so scripts/build_site.py
// writes them here, every language, when it builds the site. The page takes the language of
// its ?lang= (Python says on the page when that language is unknown).
const WORDS = {}; // WORDS: written by scripts/build_site.py
const LANG = (() => {
  const asked = new URLSearchParams(location.search).get("lang");
  return asked && Object.hasOwn(WORDS, asked) ? asked : "en";
})();

function word(key, params = {}) {
  const text = (WORDS[LANG] || {})[key] ?? (WORDS.en || {})[key] ?? "";
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

const TEXT = {
  loading: (pct) => word("loading", { pct }),
  drawing: (pct) => word("drawing", { pct }),
  ready: () => word("ready"),
  failed: () => word("failed"),
};

// The words already in the HTML (English, for a page read before this script ran).
function translatePage() {
  document.documentElement.lang = LANG;
  document.title = word("title");
  for (const node of document.querySelectorAll("[data-say]")) {
    node.textContent = word(node.dataset.say);
  }
}

// The page's query string goes to Python as it is (Python reads ?lang= and says on the page
// when a language is unknown); only URL-safe characters reach the code, inside "...".
function pageQuery() {
  return location.search.replace(/^\?/, "").replace(/[^A-Za-z0-9%&=._~+-]/g,
    (c) => encodeURIComponent(c).replace(/[^A-Za-z0-9%]/g,
      (x) => `%${x.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`));
}

// static_dashboard: the dashboard with its saves kept in this browser's storage (a reload
// offers to resume the game) and the page's ?lang=.
const CODE = ["from periodic_edu.widgets.dashboard import static_dashboard",
  `await static_dashboard("${pageQuery()}")`];

// Hide the REPL's own chrome: the prompt cell, the prompts, the banner.
const HIDE_CODE_CSS = `
  .jp-CodeConsole-promptCell, .jp-CodeConsole-input, .jp-InputArea, .jp-InputPrompt,
  .jp-OutputPrompt, .jp-CodeConsole-banner, .jp-Toolbar, .jp-Cell-inputWrapper,
  .jp-ConsolePanel > .jp-Toolbar, .jp-CodeConsole-divider, .jp-OutputArea-promptOverlay
    { display: none !important; }
  #jp-top-panel, #jp-menu-panel { display: none !important; min-height: 0 !important; }
  /* the status bar's notification count ("0"): nothing a visitor of the dashboard needs */
  #jp-bottom-panel, .jp-StatusBar-Widget, .jp-Notification-Status { display: none !important; }
  /* the app's own grey shows where its hidden toolbars were: the page is white */
  #main { background: var(--jp-layout-color0, #fff) !important; }
  .jp-CodeConsole-content { padding: 0 !important; }
  .jp-CodeConsole .jp-Cell { padding: 0 !important; }
`;

//: Milestones (percent) and the seconds between them measured cold on a 2-core machine.
const APP_STARTED = 20;
const PYTHON_EXPECTED_S = 8;
const WIDGET_SEEN = 92;
const GIVE_UP_S = 180;

function replUrl() {
  const params = new URLSearchParams({
    kernel: "python", toolbar: "0", showBanner: "0", hideCodeInput: "1",
    promptCellPosition: "bottom", clearCodeContentOnExecute: "1",
  });
  for (const line of CODE) params.append("code", line);
  return `repl/index.html?${params.toString()}`;
}

function main() {
  const frame = document.getElementById("app");
  const text = document.getElementById("progress-text");
  const bar = document.getElementById("progress");
  const loading = document.getElementById("loading");
  let appSeenAt = null;
  let shown = 0;
  let styled = null; // the iframe document that has our style (about:blank comes first)

  function mark(name) { // milestones for the tests and benchmarks/bench_site.py
    const key = `${name}Ms`;
    if (!(key in document.body.dataset)) {
      document.body.dataset[key] = String(Math.round(performance.now()));
    }
  }

  function show(pct, message) {
    pct = Math.max(shown, Math.min(100, Math.round(pct)));
    shown = pct;
    bar.value = pct;
    const words = message(pct);
    if (text.textContent !== words) text.textContent = words;
  }

  function finish(state) {
    document.body.dataset.state = state;
    if (state === "ready") {
      mark("firstRender");
      // the console scrolls to its newest output; a visitor starts at the top of the tabs
      const toTop = () => frame.contentDocument.querySelectorAll(
        ".jp-CodeConsole-content, .jp-CodeConsole").forEach((n) => { n.scrollTop = 0; });
      for (const ms of [0, 300, 1000, 2500]) setTimeout(toTop, ms);
      text.textContent = TEXT.ready();
      loading.hidden = true;
      frame.classList.remove("starting");
      frame.removeAttribute("aria-hidden");
      frame.removeAttribute("tabindex");
    } else {
      text.textContent = TEXT.failed();
      text.id = "failed";
    }
  }

  function tick() {
    const seconds = performance.now() / 1000;
    const doc = frame.contentDocument;
    const app = frame.contentWindow && frame.contentWindow.jupyterapp;
    if (doc && doc.head && doc !== styled && doc.URL.includes("/repl/")) {
      const style = doc.createElement("style");
      style.textContent = HIDE_CODE_CSS;
      doc.head.append(style);
      styled = doc;
    }
    if (doc && doc.querySelector("[data-symbol]")) {
      show(100, TEXT.drawing);
      finish("ready");
      return;
    }
    const stderr = doc && doc.querySelector("[data-mime-type='application/vnd.jupyter.stderr']");
    if (stderr && /Error/.test(stderr.textContent)) {
      finish("failed");
      return;
    }
    if (seconds > GIVE_UP_S) {
      finish("failed");
      return;
    }
    if (doc && doc.querySelector(".jupyter-widgets, [data-widget]")) {
      mark("widget");
      show(WIDGET_SEEN, TEXT.drawing);
    } else if (app) {
      mark("app");
      appSeenAt = appSeenAt ?? seconds;
      const t = seconds - appSeenAt;
      show(APP_STARTED + (WIDGET_SEEN - 2 - APP_STARTED) * (1 - Math.exp(-t / (PYTHON_EXPECTED_S / 2))),
           TEXT.loading);
    } else {
      show(APP_STARTED * (1 - Math.exp(-seconds / 2)), TEXT.loading);
    }
    setTimeout(tick, 150);
  }

  frame.src = replUrl();
  tick();
}

translatePage();
main();
