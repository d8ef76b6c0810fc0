// dashboard_worker.js: the static dashboard's Python, in a web worker (the page stays
// responsive while Python starts and while a bot thinks).
//
// It loads Pyodide and only the wheels the dashboard imports (fetched in parallel with
// Pyodide's own start, unpacked straight into site-packages: no package manager, no lock
// lookups), runs page_kernel.py and builds the games (Play, Elemonster: the page draws the
// other tabs itself). From then on it passes comm messages: Python -> page through
// postMessage, page -> Python through page_kernel.receive; and the page's language switch.
//
// Timings: each step's moment (the epoch in ms, performance.timeOrigin + now: the page turns it
// into its own clock) rides in the display message as `timings`, and page_kernel's own (each
// import, each game built) with them; benchmarks/bench_site.py reads them from the page. The
// message {type: "floor"} starts Pyodide alone, as published (its own standard library, no
// wheel, no page_kernel; `bytecode: true`: with this page's standard library as bytecode): the
// benchmark's floor page (pyodide-floor.html), on the same site.
import { loadPyodide } from "./static/pyodide/pyodide.mjs";

// WHEELS: written by scripts/build_site.py (file names in static/pyodide/, from pins.json).
const WHEELS = [];
// HOMEWORK_WHEELS: the homework page's own (segno, for the QR code), written by the build too
const HOMEWORK_WHEELS = [];
// STDLIB: Python's standard library as bytecode (the build compiles Pyodide's python_stdlib.zip,
// which holds only sources, with the site's own Pyodide: a page would otherwise compile every
// standard module it imports, at every load). Empty: Pyodide's own.
const STDLIB = "";
const PYODIDE = new URL("./static/pyodide/", import.meta.url).href;

const say = (message, transfer = []) => self.postMessage(message, transfer);
const now = () => performance.timeOrigin + performance.now();
/** When each file the worker fetched had arrived (`got:<file>`), on the same clock. */
function arrivals(timings) {
  for (const entry of performance.getEntriesByType("resource")) {
    timings[`got:${entry.name.split("/").pop()}`] = performance.timeOrigin + entry.responseEnd;
  }
  return timings;
}
let kernel = null; // page_kernel, once the games are built (the page has no widget before)
let building = false; // page_kernel.start is building the games
let language = null; // the page's language, switched before the games were begun: built in it

function deliver(message) {
  if (message.type === "comm_msg" || message.type === "comm_close") {
    kernel.receive(message.text, message.buffers || [], message.type);
    say({ type: "idle", msg_id: message.msg_id });
  }
}

async function start(query, homework = null) {
  const timings = { start: now() };
  const wheels = homework === null ? WHEELS : [...WHEELS, ...HOMEWORK_WHEELS];
  const fetched = [...wheels.map((name) => fetch(PYODIDE + name)),
    fetch(new URL("./page_kernel.py", import.meta.url))].map(async (response) => {
    const got = await response;
    if (!got.ok) throw new Error(`${got.url}: HTTP ${got.status}`);
    return new Uint8Array(await got.arrayBuffer());
  });
  // awaited only once Python has started: marked handled now, so a fetch that fails while
  // Pyodide loads is one error (the rejection below), not also an "uncaught (in promise)"
  const all = Promise.all(fetched);
  all.then(() => { timings.fetched = now(); }, () => {});
  const pyodide = await loadPyodide(STDLIB ? { indexURL: PYODIDE, stdLibURL: PYODIDE + STDLIB }
    : { indexURL: PYODIDE });
  timings.python = now();
  say({ type: "progress", step: "python" });
  const files = await all;
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const wheel of files.slice(0, wheels.length)) {
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  }
  pyodide.FS.writeFile(`${sitePackages}/page_kernel.py`, files[wheels.length]);
  timings.packages = now();
  say({ type: "progress", step: "packages" });
  const pageKernel = pyodide.pyimport("page_kernel");
  const post = (text, buffers) => {
    const views = buffers.toJs();
    say({ type: "comm", text, buffers: views }, views.map((v) => v.buffer));
  };
  // the page's messages that waited while Python started (the worker was busy) are handled
  // first: a language switched meanwhile is the one the games are built in
  await new Promise((resolve) => setTimeout(resolve, 0));
  building = true;
  const lang = language || new URLSearchParams(query).get("lang") || "en";
  // the homework page (homework.html) sends its link's fragment: its one assigned game
  const models = JSON.parse(homework === null
    ? await pageKernel.start(post, `lang=${encodeURIComponent(lang)}`)
    : await pageKernel.start_homework(post, homework, lang));
  kernel = pageKernel;
  timings.built = now();
  // page_kernel's own steps (seconds since its start), placed on this clock by its end
  const steps = JSON.parse(pageKernel.timings());
  const end = steps.end || 0;
  for (const [name, at] of Object.entries(steps)) timings[`py:${name}`] = timings.built - (end - at) * 1000;
  say({ type: "display", models, lang, timings: arrivals(timings) });
}

/** The benchmark's floor: Pyodide's own start, alone, as published (nothing of ours), or
 * (`bytecode`) with the standard library this page loads (STDLIB): the strictest floor. */
async function floor(bytecode) {
  const started = now();
  await loadPyodide(bytecode && STDLIB ? { indexURL: PYODIDE, stdLibURL: PYODIDE + STDLIB }
    : { indexURL: PYODIDE });
  say({ type: "floor", timings: arrivals({ start: started, python: now() }) });
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "floor") {
    floor(Boolean(message.bytecode)).catch((error) => say({ type: "failed", message: String(error && error.message || error) }));
  } else if (message.type === "start") {
    const homework = typeof message.homework === "string" ? message.homework : null;
    start(String(message.query || ""), homework).catch((error) => {
      console.error(error);
      say({ type: "failed", message: String(error && error.message || error) });
    });
  } else if (message.type === "language") {
    // before the games are begun: they are built in it; while they are being built: the page
    // sends it again once it holds their widgets (the display message names the language they
    // were built in); then page_kernel switches them (and checks the code)
    if (kernel) {
      kernel.set_language(String(message.lang));
      // the homework page's assignment sentence is Python's too: said again in the new language
      const about = JSON.parse(kernel.homework_about(String(message.lang)));
      if (about) say({ type: "about", about });
    }
    else if (!building) language = String(message.lang);
  } else if (message.type === "homework_code" && kernel) {
    // the homework page asks for its result code (checked in Python: page_kernel.homework_code)
    say({ type: "homework_code", result: kernel.homework_code(JSON.stringify(message.asked)) });
  } else if (kernel) {
    deliver(message);
  }
};
