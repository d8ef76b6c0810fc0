// dashboard.js: the static site's dashboard page.
//
// Python runs in a web worker (dashboard_worker.js: Pyodide and only the packages the
// dashboard imports); the widgets are drawn here by the Jupyter widgets' own front end
// (dashboard-widgets.js, bundled from site_src/page_widgets.js). No JupyterLab, no kernel, no
// code in sight: a progress message while Python loads, then the dashboard.
//
// Progress: the worker says when Python has started, when the packages are in and when the
// dashboard is built; the bar moves smoothly between those steps on the times measured cold on
// a 2-core machine (benchmarks/bench_site.py), and reaches 100 % at the first board cell.

// The page's own words come from the message catalog (periodic_edu/locale, the widgets
// domain's SITE table): this page speaks before Python has loaded, so scripts/build_site.py
// writes them here, every language, when it builds the site. The page takes the language of
// its ?lang= (Python says on the page when that language is unknown).
const WORDS = {}; // WORDS: written by scripts/build_site.py
let LANG = (() => {
  const asked = new URLSearchParams(location.search).get("lang");
  return asked && Object.hasOwn(WORDS, asked) ? asked : "en";
})();

// The visitor switched the dashboard's language: the page's words follow, and ?lang= in the
// address keeps it for a reload (the game resumes in the language it was played in).
function followLanguage(lang) {
  if (!Object.hasOwn(WORDS, lang)) return;
  const url = new URL(location.href);
  if (lang !== LANG || url.searchParams.get("lang") !== null) url.searchParams.set("lang", lang);
  history.replaceState(history.state, "", url);
  LANG = lang;
  translatePage();
}

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

// Each step the worker reports: the percentage reached and the seconds it takes, cold.
const STEPS = [["start", 0, 0], ["python", 55, 4.5], ["packages", 62, 0.5], ["display", 85, 2],
  ["drawn", 100, 1.5]];
const GIVE_UP_S = 180;
// From this step on the page is drawing the dashboard, no longer loading Python.
const DRAWING = STEPS.findIndex(([name]) => name === "display");

const worker = new Worker(new URL("./dashboard_worker.js", import.meta.url), { type: "module" });
worker.postMessage({ type: "start", query: location.search.replace(/^\?/, "") });
const widgets = import("./dashboard-widgets.js"); // fetched while Python starts

function main() {
  const host = document.getElementById("app");
  const text = document.getElementById("progress-text");
  const bar = document.getElementById("progress");
  const loading = document.getElementById("loading");
  // A screen reader hears each step once, not every percent the bar moves by.
  const status = document.getElementById("progress-status");
  let step = 0; // index in STEPS of the last step reached
  let stepAt = 0; // when it was reached (seconds)
  let shown = 0;
  let done = false;

  function mark(name) { // milestones for the tests and benchmarks/bench_site.py
    document.body.dataset[`${name}Ms`] = String(Math.round(performance.now()));
  }

  function reached(name) {
    const index = STEPS.findIndex(([n]) => n === name);
    if (index > step) {
      step = index;
      stepAt = performance.now() / 1000;
      mark(name);
      show(STEPS[index][1]);
      status.textContent = text.textContent;
    }
  }

  function show(pct) {
    pct = Math.max(shown, Math.min(100, Math.round(pct)));
    shown = pct;
    bar.value = pct;
    const words = step >= DRAWING ? TEXT.drawing(pct) : TEXT.loading(pct);
    if (text.textContent !== words) text.textContent = words;
  }

  function finish(state) {
    if (done) return;
    done = true;
    document.body.dataset.state = state;
    if (state === "ready") {
      mark("firstRender");
      show(100);
      text.textContent = TEXT.ready();
      status.textContent = text.textContent;
      loading.hidden = true;
      host.classList.remove("starting");
      host.removeAttribute("aria-hidden");
      host.inert = false;
    } else {
      text.textContent = TEXT.failed();
      text.id = "failed";
      status.setAttribute("role", "alert");
      status.textContent = text.textContent;
      worker.terminate();
    }
  }

  function tick() {
    if (done) return;
    const seconds = performance.now() / 1000;
    if (seconds > GIVE_UP_S) {
      finish("failed");
      return;
    }
    const [, from] = STEPS[step];
    const [, to, expected] = STEPS[Math.min(step + 1, STEPS.length - 1)];
    // towards the next step, never reaching it before the worker says so
    show(from + (to - 1 - from) * (1 - Math.exp(-(seconds - stepAt) / expected)));
    setTimeout(tick, 150);
  }

  async function display(modelId) {
    reached("display");
    const { PageManager } = await widgets;
    await widgetManager(PageManager).display(modelId, host);
    const drawn = () => host.querySelector("[data-symbol]");
    while (!drawn() && !done) await new Promise((resolve) => setTimeout(resolve, 50));
    reached("drawn");
    finish("ready");
  }

  let manager = null;
  const pending = []; // the worker's widget messages before the manager exists
  function widgetManager(PageManager) {
    if (!manager) {
      manager = new PageManager((message) => worker.postMessage(message));
      for (const message of pending.splice(0)) manager.receive(message);
    }
    return manager;
  }

  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "comm" || message.type === "idle") {
      if (manager) manager.receive(message);
      else pending.push(message);
    } else if (message.type === "language") {
      followLanguage(message.lang);
    } else if (message.type === "progress") {
      reached(message.step);
    } else if (message.type === "display") {
      display(message.model_id).catch((error) => {
        console.error(error);
        finish("failed");
      });
    } else if (message.type === "failed") {
      finish("failed");
    }
  };
  worker.onerror = (event) => {
    console.error(event.message || event);
    finish("failed");
  };
  tick();
}

translatePage();
main();
