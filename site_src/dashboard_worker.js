// dashboard_worker.js: the static dashboard's Python, in a web worker (the page stays
// responsive while Python starts and while a bot thinks).
//
// It starts Pyodide from the build's memory snapshot of the dashboard's Python (started, its
// modules imported, page_kernel.py among them: no Python start and no import at all on the
// page), writes the files of the packages the dashboard imports into site-packages (one file,
// fetched and ungzipped in parallel with Pyodide's own start: the modules the snapshot did not
// import, data files and message catalogs are read from there), reseeds Python's random
// generators (page_kernel.restored: a snapshot is the same for every visitor), builds Play,
// sends it to the page, and once the page has drawn it and asks, Elemonster and Check yourself
// (the page draws the other tabs itself). From then on it passes comm messages: Python -> page
// through postMessage, page -> Python through page_kernel.receive; and the page's language
// switch.
//
// Timings: each step's moment (the epoch in ms, performance.timeOrigin + now: the page turns it
// into its own clock) rides in the display messages as `timings`, and page_kernel's own (each
// import, each game built) with them; benchmarks/bench_site.py reads them from the page. The
// message {type: "floor"} starts Pyodide alone, as published (its own standard library, no
// package, no page_kernel; `bytecode: true`: with this page's standard library as bytecode):
// the benchmark's floor page (pyodide-floor.html), on the same site.
import { loadPyodide } from "./static/pyodide/pyodide.mjs";
import { fromSnapshot, ungzipped, unpacked, writeFiles } from "./static/pyodide/pyodide_snapshot.mjs";

// PACKAGES: the dashboard's packages (pins.json's `dashboard`), their files unpacked into one
// gzipped file by scripts/build_site.py (packages_pack: its layout), in static/pyodide/.
const PACKAGES = "";
// SNAPSHOT: the dashboard's Python as Pyodide's memory snapshot, gzipped, made by the build
// with this Pyodide, STDLIB and PACKAGES (scripts/build_site.py: memory_snapshot)
const SNAPSHOT = "";
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

async function fetched(url) {
  const got = await fetch(url);
  if (!got.ok) throw new Error(`${got.url}: HTTP ${got.status}`);
  return new Uint8Array(await got.arrayBuffer());
}

/** The page's messages that waited while Python was busy are handled first. */
const handled = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(query, homework = null) {
  const timings = { start: now() };
  const wheels = homework === null ? [] : HOMEWORK_WHEELS;
  const snapshot = ungzipped(PYODIDE + SNAPSHOT);
  const packages = unpacked(PYODIDE + PACKAGES);
  const more = Promise.all(wheels.map((name) => fetched(PYODIDE + name)));
  // awaited only once Python has started: marked handled now, so a fetch that fails while
  // Pyodide loads is one error (the rejection below), not also an "uncaught (in promise)"
  const all = Promise.all([packages, more]);
  all.then(() => { timings.fetched = now(); }, () => {});
  snapshot.catch(() => {}); // the same: loadPyodide awaits it (and fails with its error)
  const pyodide = await fromSnapshot(snapshot, { indexURL: PYODIDE, stdLibURL: PYODIDE + STDLIB });
  const pageKernel = pyodide.pyimport("page_kernel"); // imported in the snapshot
  pageKernel.restored(); // first of all: every random generator seeded afresh
  timings.python = now();
  say({ type: "progress", step: "python" });
  const [files, extra] = await all;
  const sitePackages = writeFiles(pyodide, files);
  for (const wheel of extra) {
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  }
  pageKernel.files_written();
  timings.packages = now();
  say({ type: "progress", step: "packages" });
  const post = (text, buffers) => {
    const views = buffers.toJs();
    say({ type: "comm", text, buffers: views }, views.map((v) => v.buffer));
  };
  // a language switched while Python started is the one the games are built in
  await handled();
  building = true;
  const lang = language || new URLSearchParams(query).get("lang") || "en";
  // the homework page (homework.html) sends its link's fragment: its one assigned game
  const models = JSON.parse(homework === null
    ? await pageKernel.start(post, `lang=${encodeURIComponent(lang)}`)
    : await pageKernel.start_homework(post, homework, lang));
  kernel = pageKernel;
  timings.built = now();
  say({ type: "display", models, lang, timings: arrivals(stepsOf(pageKernel, timings)) });
}

/** The dashboard's other games (Elemonster, Check yourself), once the page has drawn Play and
 * asks ({type: "rest"}); in the language of the games (a switch made meanwhile reached Play
 * and is theirs too: page_kernel.start_rest). Asked twice, or by the homework page: nothing. */
function rest() {
  const models = JSON.parse(kernel.start_rest());
  if (Object.keys(models).length) {
    say({ type: "display", models, timings: stepsOf(kernel, { rest: now() }) });
  }
}

/** page_kernel's own steps (seconds on Python's clock, `now` its present), placed on this
 * clock, into `timings`. */
function stepsOf(pageKernel, timings) {
  const at = now();
  const steps = JSON.parse(pageKernel.timings());
  for (const [name, t] of Object.entries(steps)) {
    if (name !== "now") timings[`py:${name}`] = at - (steps.now - t) * 1000;
  }
  return timings;
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
  } else if (message.type === "rest" && kernel) {
    try {
      rest();
    } catch (error) { // as a failed start: said on the page, never an uncaught error
      console.error(error);
      say({ type: "failed", message: String(error && error.message || error) });
    }
  } else if (message.type === "random" && kernel) {
    // one draw from each of Python's random generators (page_kernel.random_draws): the site's
    // tests see that two visits draw differently although both restored the same snapshot
    say({ type: "random", draws: JSON.parse(kernel.random_draws()) });
  } else if (message.type === "homework_code" && kernel) {
    // the homework page asks for its result code (checked in Python: page_kernel.homework_code)
    say({ type: "homework_code", result: kernel.homework_code(JSON.stringify(message.asked)) });
  } else if (kernel) {
    deliver(message);
  }
};
