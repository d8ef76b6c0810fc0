"""The static site's figures, desktop and phone, cold and warm, with the floor beside them.

    .venv/bin/python benchmarks/bench_site.py                # builds site/ first if missing
    .venv/bin/python benchmarks/bench_site.py --site /tmp/site --runs 3
    .venv/bin/python benchmarks/bench_site.py --profiles phone --json

For each profile and run, a fresh browser profile loads the dashboard twice:

* **cold**: nothing cached (no HTTP cache, no service worker, no compiled WebAssembly);
* **warm**: the second visit, after the first has finished (Python ready, the service worker
  installed): what a student opening the page again gets.

Each load reports, from navigation: the first board cell (in the DOM, and the frame that shows
it); the first correct highlight after a click (a visitor who clicks Na, then *Increase
Ionization Energy*, the moment the cell is there: the cells and distances shown equal
``periodic_edu.reach``, and the frame that shows them); Python ready (the Play tab drawn and
playable) and the steps to it, as the worker timed them (``dashboard_worker.js``: the files
arrived, Pyodide started, the packages written into site-packages, each import of
``page_kernel.start``, Play built, the page's drawing of it; then Elemonster and Check yourself,
built while the page draws Play, and every game drawn); and the bytes the server sent (counted
by the bench's own file server, so a response from the browser's caches counts 0).
``--lesson``: also lesson 1 in JupyterLite, cold and warm in a browser profile of its own (the
lab, Python's kernel, every cell run, from navigation).

Beside them, in the same run and profile, **the floors**: for Python, **bare Pyodide's start**
(``pyodide-floor.html``: ``loadPyodide`` alone, in a web worker, on the same site and server,
cold in a fresh browser profile and warm on its second visit), twice: with the standard library
the dashboard loads (compiled to bytecode by the build: the stricter floor, ``?bytecode``) and as
published (its standard library as sources, which Python compiles at every start); for the static
tabs, ``board.html``, a plain page of the same site with the 88-cell table and no script (its
first contentful paint). The floors run in a browser profile of their own, so the dashboard's
cold visit finds nothing of theirs in the caches.

Profiles: **desktop** (1400x1000, the machine's CPU) and **phone** (390x844, touch, Chromium's
CPU throttling 4x through the DevTools protocol, ``Emulation.setCPUThrottlingRate``). The
throttling slows the page's own thread only: Python runs in a web worker, which it does not
reach (each profile times the same loop on a page and in a worker of it, and prints both), and
a worker's DevTools target refuses it ("Operation is only supported for pages, not workers",
Chromium 156, also through ``Target.setAutoAttach``). So the phone profile's Python figures
are this machine's CPU for Python plus a throttled page (they flatter a real phone, where
Python's steps and bare Pyodide's start alike would take its slower CPU's time). The network is cut (only 127.0.0.1 resolves).
The load average is printed with the figures: the start of Python is CPU-bound, so a busy
machine is slow.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("PERIODIC_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
PROFILES = {
    "desktop": {"viewport": {"width": 1400, "height": 1000}, "cpu": 1},
    "phone": {"viewport": {"width": 390, "height": 844}, "cpu": 4, "is_mobile": True,
              "has_touch": True, "device_scale_factor": 2},
}
PAGE_TIMEOUT_MS = 400_000

#: Runs in the page before its own scripts: as soon as the explorer's Na cell exists, click it
#: and then the Increase Ionization Energy trend (as a visitor would), and mark the moment the
#: board shows exactly the expected cells and distances, and the frame after it.
CLICKER = """(() => {
  const want = JSON.stringify(__WANT__);
  function shown(board) {
    const got = {};
    for (const n of board.querySelectorAll('[data-distance]')) got[n.dataset.symbol] = Number(n.dataset.distance);
    return JSON.stringify(Object.fromEntries(Object.entries(got).sort()));
  }
  function attempt() {
    const board = document.querySelector('#explorer [data-board="main"]');
    const na = board && board.querySelector('[data-symbol="Na"]');
    const trend = document.querySelector('#explorer .pe-trends [data-trend="ionization_energy"]');
    if (!na || !trend) return requestAnimationFrame(attempt);
    document.body.dataset.clickMs = String(Math.round(performance.now()));
    na.click();
    trend.click();
    if (shown(board) !== want) return requestAnimationFrame(attempt);
    document.body.dataset.highlightMs = String(Math.round(performance.now()));
    requestAnimationFrame(() => setTimeout(() => {
      document.body.dataset.highlightFrameMs = String(Math.round(performance.now()));
    }, 0));
  }
  if (location.pathname.endsWith('/dashboard.html')) {
    addEventListener('DOMContentLoaded', attempt);
  }
})();"""


class Counter:
    """Bytes and requests the file server sent (reset before each load)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests: list[str] = []

    def reset(self) -> None:
        with self.lock:
            self.bytes = 0
            self.requests = []

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n


def file_server(site: Path, counter: Counter) -> ThreadingHTTPServer:
    class Handler(SimpleHTTPRequestHandler):
        def setup(self) -> None:
            super().setup()
            raw = self.wfile

            class Counted:  # every byte written to the socket, headers included
                def write(self, data):
                    counter.add(len(data))
                    return raw.write(data)

                def flush(self):
                    return raw.flush()

                def __getattr__(self, name):
                    return getattr(raw, name)

            self.wfile = Counted()

        def log_request(self, code="-", size="-") -> None:
            with counter.lock:
                counter.requests.append(f"{code} {self.path}")

        def log_message(self, *args) -> None:  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(Handler, directory=str(site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def site_size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


def ms(data: dict, key: str) -> float | None:
    value = data.get(key)
    return int(value) / 1000 if value is not None else None


def steps(data: dict) -> dict[str, float]:
    """The steps to Python ready, seconds from navigation: the worker's (data-python-steps:
    the files it fetched as ``got:<file>``, ``python``: Pyodide started, ``fetched``: every
    file in, ``packages``: written into site-packages, ``py:<step>``: page_kernel.start's
    imports and Play, ``built``, then start_rest's, ``rest``) and the page's (Play's display
    message, Play drawn, ready; every game drawn)."""
    worker = json.loads(data.get("pythonSteps") or "{}")
    out = {k: v / 1000 for k, v in worker.items() if not k.startswith("got:")}
    got = {k[4:]: v / 1000 for k, v in worker.items() if k.startswith("got:")}
    for name, v in got.items():
        if name.startswith(("pyodide.asm.wasm", "python_stdlib", "dashboard-packages",
                            "dashboard-python")) \
                or name.endswith(".whl"):
            out[f"got: {name}"] = v
    for key, label in (("displayMs", "page: Play's display message"),
                       ("drawnMs", "page: Play drawn"),
                       ("pythonReadyMs", "page: Python ready (Play playable)"),
                       ("gamesReadyMs", "page: every game drawn (Elemonster, Check yourself)")):
        if data.get(key) is not None:
            out[label] = ms(data, key)
    return out


#: Does the profile's CPU throttling reach a web worker? The same loop, timed on the page and in
#: a dedicated worker of it (Chromium's Emulation.setCPUThrottlingRate applies to the page's
#: target; a worker's target refuses it: "Operation is only supported for pages, not workers").
THROTTLE_CHECK = """async () => {
  const spin = `const t = performance.now(); let x = 0;
    for (let i = 0; i < 2e7; i++) x += Math.sqrt(i); performance.now() - t`;
  const onPage = eval(spin);
  const url = URL.createObjectURL(new Blob([`postMessage(eval(${JSON.stringify(spin)}))`],
    {type: "text/javascript"}));
  const inWorker = await new Promise((resolve) => {
    const worker = new Worker(url);
    worker.onmessage = ({data}) => { worker.terminate(); resolve(data); };
  });
  return {page_ms: onPage, worker_ms: inWorker};
}"""


def throttle_check(page, base: str) -> dict:
    page.goto(f"{base}/board.html")
    return page.evaluate(THROTTLE_CHECK)


def dashboard_load(page, base: str, counter: Counter, settle: bool) -> dict:
    """One visit; ``settle``: wait until the service worker controls the page (the first visit
    installs it after Python is ready)."""
    counter.reset()
    page.goto(f"{base}/dashboard.html")
    page.wait_for_function("['ready', 'failed'].includes(document.body.dataset.state)"
                           " && document.body.dataset.highlightFrameMs", timeout=PAGE_TIMEOUT_MS,
                           polling=100)
    if settle:
        page.wait_for_function("document.body.dataset.offline", timeout=120_000, polling=200)
    data = page.evaluate("({...document.body.dataset})")
    return {"state": data.get("state"), "first_cell_s": ms(data, "firstRenderMs"),
            "first_frame_s": ms(data, "firstFrameMs"), "highlight_s": ms(data, "highlightMs"),
            "highlight_frame_s": ms(data, "highlightFrameMs"),
            "python_ready_s": ms(data, "pythonReadyMs"), "python_s": ms(data, "pythonMs"),
            "games_ready_s": ms(data, "gamesReadyMs"),
            "steps": steps(data), "bytes": counter.bytes, "requests": len(counter.requests),
            "offline": data.get("offline"),
            "served": counter.requests if len(counter.requests) <= 5 else counter.requests[:5]}


def pyodide_floor_load(page, base: str, counter: Counter, query: str = "") -> dict:
    """Bare Pyodide's start on this site (``pyodide-floor.html``), from navigation."""
    counter.reset()
    page.goto(f"{base}/pyodide-floor.html{query}")
    page.wait_for_function("['ready', 'failed'].includes(document.body.dataset.state)",
                           timeout=PAGE_TIMEOUT_MS, polling=50)
    data = page.evaluate("({...document.body.dataset})")
    return {"state": data.get("state"), "python_ready_s": ms(data, "pythonReadyMs"),
            "worker_s": ms(data, "workerMs"), "bytes": counter.bytes,
            "requests": len(counter.requests)}


def floor_load(page, base: str, counter: Counter) -> dict:
    counter.reset()
    page.goto(f"{base}/board.html")
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length",
                           timeout=60_000, polling=50)
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    cells = page.locator("td[data-symbol]").count()
    return {"first_paint_s": fcp / 1000, "cells": cells, "bytes": counter.bytes,
            "requests": len(counter.requests)}


#: Lesson 1 in JupyterLite, as a student runs it: the lab opened, the lesson opened, every cell
#: run (Run All Cells); the moments (ms from navigation) the lab, Python's kernel (its
#: kernel_info answered: Pyodide, the preloaded packages, IPython's kernel) and every cell are
#: done.
LESSON = "01_the_board_is_the_periodic_table.ipynb"
LESSON_RUN = """async (path) => {
  const app = window.jupyterapp;
  await app.restored;
  window.__bench = {lab: performance.now()};
  const panel = await app.commands.execute("docmanager:open", {path, factory: "Notebook"});
  await panel.context.ready;
  await panel.sessionContext.ready;
  app.shell.activateById(panel.id);
  const kernel = panel.sessionContext.session.kernel;
  kernel.info.then(() => { window.__bench.kernel = performance.now(); });
  await app.commands.execute("notebook:run-all-cells");
}"""
LESSON_DONE = """(path) => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.content || panel.context.path !== path) return null;
  const model = panel.content.model;
  const counts = [];
  let errors = 0;
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type !== "code") continue;
    counts.push(cell.executionCount);
    for (let k = 0; k < cell.outputs.length; k++) {
      if (cell.outputs.get(k).type === "error") errors += 1;
    }
  }
  const idle = panel.sessionContext.session?.kernel?.status === "idle";
  if (!idle || !counts.length || counts.some((c) => c === null)) return null;
  if (window.__bench.cells === undefined) window.__bench.cells = performance.now();
  return {...window.__bench, count: counts.length, errors};
}"""


def lesson_load(page, base: str, counter: Counter) -> dict:
    """Lesson 1, cold or warm: seconds from navigation to the lab, Python's kernel, every cell."""
    counter.reset()
    page.goto(f"{base}/lab/index.html")
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell", timeout=PAGE_TIMEOUT_MS)
    page.evaluate(LESSON_RUN, LESSON)
    done = page.wait_for_function(LESSON_DONE, arg=LESSON, timeout=PAGE_TIMEOUT_MS, polling=100)
    out = done.json_value()
    return {"lab_s": out["lab"] / 1000, "kernel_s": out.get("kernel", 0) / 1000 or None,
            "cells_s": out["cells"] / 1000, "cells": out["count"], "errors": out["errors"],
            "bytes": counter.bytes, "requests": len(counter.requests)}


def measure(site: Path, runs: int, profiles: list[str], lesson: bool = False) -> dict:
    from playwright.sync_api import sync_playwright

    from periodic_edu import reach

    counter = Counter()
    server = file_server(site, counter)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    want = dict(sorted(reach("Na", "ionization_energy", 5).items()))
    result: dict = {"outside": []}
    try:
        with sync_playwright() as p:
            for name in profiles:
                profile = PROFILES[name]
                out = result[name] = {"cold": [], "warm": [], "floor_cold": [], "floor_warm": [],
                                      "pyodide_cold": [], "pyodide_warm": [],
                                      "bytecode_cold": [], "bytecode_warm": []}

                def browser(folder: str):
                    context = p.chromium.launch_persistent_context(
                        folder, executable_path=CHROMIUM, args=ARGS, headless=True,
                        **{k: v for k, v in profile.items() if k != "cpu"})
                    context.add_init_script(CLICKER.replace("__WANT__", json.dumps(want)))
                    context.on("request", lambda r: None if r.url.startswith(
                        (base + "/", "data:", "blob:")) else result["outside"].append(r.url))
                    page = context.pages[0] if context.pages else context.new_page()
                    if profile["cpu"] > 1:
                        cdp = context.new_cdp_session(page)
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
                    return context, page

                for _ in range(runs):
                    # the floors, in a browser profile of their own (nothing of theirs cached
                    # for the dashboard's cold visit), then the dashboard in a fresh one
                    with tempfile.TemporaryDirectory(prefix="bench-site-floor-") as folder:
                        context, page = browser(folder)
                        out["floor_cold"].append(floor_load(page, base, counter))
                        out["pyodide_cold"].append(pyodide_floor_load(page, base, counter))
                        out["floor_warm"].append(floor_load(page, base, counter))
                        out["pyodide_warm"].append(pyodide_floor_load(page, base, counter))
                        out.setdefault("throttle", []).append(throttle_check(page, base))
                        context.close()
                    with tempfile.TemporaryDirectory(prefix="bench-site-floor-") as folder:
                        context, page = browser(folder)
                        for kind in ("cold", "warm"):
                            out[f"bytecode_{kind}"].append(
                                pyodide_floor_load(page, base, counter, "?bytecode"))
                        context.close()
                    with tempfile.TemporaryDirectory(prefix="bench-site-profile-") as folder:
                        context, page = browser(folder)
                        out["cold"].append(dashboard_load(page, base, counter, settle=True))
                        out["warm"].append(dashboard_load(page, base, counter, settle=False))
                        context.close()
                    if lesson:
                        with tempfile.TemporaryDirectory(prefix="bench-site-lesson-") as folder:
                            context, page = browser(folder)
                            for kind in ("cold", "warm"):
                                out.setdefault(f"lesson_{kind}", []).append(
                                    lesson_load(page, base, counter))
                            context.close()
    finally:
        server.shutdown()
    return result


def median(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def size(n: float) -> str:
    """Bytes the server sent, headers included: a 304 is about 150 bytes."""
    return f"{n / 1e6:.1f} MB" if n >= 1e5 else f"{n / 1e3:.1f} kB"


def fmt(value, unit="s") -> str:
    return "—" if value is None else f"{value:.2f} {unit}"


def report(result: dict, profiles: list[str]) -> None:
    for name in profiles:
        prof = PROFILES[name]
        print(f"\n{name} ({prof['viewport']['width']}x{prof['viewport']['height']}, CPU "
              f"{'x' + str(prof['cpu']) + ' throttled' if prof['cpu'] > 1 else 'as is'}), "
              f"median of {len(result[name]['cold'])} runs:")
        for kind in ("cold", "warm"):
            runs = result[name][kind]
            floor = result[name][f"floor_{kind}"]
            failed = [r for r in runs if r["state"] != "ready"]
            print(f"  {kind}: first board cell {fmt(median(r['first_cell_s'] for r in runs))} "
                  f"(shown {fmt(median(r['first_frame_s'] for r in runs))}); correct highlight "
                  f"after the click (Na, Increase Ionization Energy) "
                  f"{fmt(median(r['highlight_s'] for r in runs))} "
                  f"(shown {fmt(median(r['highlight_frame_s'] for r in runs))}); Python ready "
                  f"{fmt(median(r['python_ready_s'] for r in runs))}; fetched "
                  f"{size(median(r['bytes'] for r in runs))} in "
                  f"{median(r['requests'] for r in runs):.0f} requests")
            print(f"  {kind} floor (board.html, no script): first paint "
                  f"{fmt(median(r['first_paint_s'] for r in floor))}; fetched "
                  f"{size(median(r['bytes'] for r in floor))} in "
                  f"{median(r['requests'] for r in floor):.0f} requests")
            ready_s = median(r["python_ready_s"] for r in runs)
            print(f"  {kind}: Python ready (Play playable) {fmt(ready_s)}, runs "
                  f"{[r['python_ready_s'] for r in runs]}; beside the floors, bare Pyodide's "
                  f"start (pyodide-floor.html: loadPyodide alone, in a worker):")
            for key, what in (("bytecode", "with the page's standard library as bytecode"),
                              ("pyodide", "as published (its standard library as sources)")):
                bare = result[name][f"{key}_{kind}"]
                floor_s = median(r["python_ready_s"] for r in bare)
                ratio = f" = {ready_s / floor_s:.2f}x" if ready_s and floor_s else ""
                print(f"    {what}: {fmt(floor_s)}{ratio}, runs "
                      f"{[r['python_ready_s'] for r in bare]}")
            print(f"  {kind}: every game drawn (Elemonster, Check yourself too) "
                  f"{fmt(median(r.get('games_ready_s') for r in runs))}")
            print(f"    the steps to it (median, seconds from navigation, +since the step before):")
            keys = {k for r in runs for k in r["steps"]}
            at = {k: median(r["steps"].get(k) for r in runs) for k in keys}
            before = 0.0
            for key in sorted(at, key=lambda k: at[k]):
                print(f"      {at[key]:6.2f} s  (+{at[key] - before:5.2f})  {key}")
                before = at[key]
            print(f"    what the server sent on the last run: {runs[-1]['served']}"
                  f"{' …' if runs[-1]['requests'] > 5 else ''}")
            print(f"    runs: first cell {[r['first_cell_s'] for r in runs]}, highlight "
                  f"{[r['highlight_s'] for r in runs]}, Python "
                  f"{[r['python_ready_s'] for r in runs]}")
            if failed:
                print(f"  {kind}: {len(failed)} of {len(runs)} loads did not finish: {failed}")
        for kind in ("cold", "warm"):
            lessons = result[name].get(f"lesson_{kind}", [])
            if lessons:
                print(f"  lesson 1 in JupyterLite, {kind} (every cell run, from navigation): "
                      f"{fmt(median(r['cells_s'] for r in lessons))}; the lab ready "
                      f"{fmt(median(r['lab_s'] for r in lessons))}, Python's kernel ready "
                      f"{fmt(median(r['kernel_s'] for r in lessons))}; fetched "
                      f"{size(median(r['bytes'] for r in lessons))}; runs "
                      f"{[round(r['cells_s'], 2) for r in lessons]}, cells with an error: "
                      f"{sum(r['errors'] for r in lessons)}")
        checks = result[name].get("throttle", [])
        if checks:
            on_page = median(c["page_ms"] for c in checks)
            in_worker = median(c["worker_ms"] for c in checks)
            verdict = ("no throttling here" if prof["cpu"] == 1 else
                       "the throttling does NOT reach the worker, where Python runs: the phone's "
                       "Python figures are the desktop CPU's" if on_page > 2 * in_worker else
                       "the throttling reaches the worker")
            print(f"  the same loop on the page {on_page:.0f} ms, in a web worker "
                  f"{in_worker:.0f} ms: {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--profiles", default="desktop,phone",
                        help="comma-separated: desktop, phone (default both)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--lesson", action="store_true",
                        help="also lesson 1 in JupyterLite, every cell run, cold and warm")
    args = parser.parse_args(argv)
    profiles = [p.strip() for p in args.profiles.split(",") if p.strip()]
    unknown = [p for p in profiles if p not in PROFILES]
    if unknown:
        parser.error(f"unknown profile(s) {unknown}: choose from {', '.join(PROFILES)}")
    if not (args.site / "dashboard.html").exists():
        sys.path.insert(0, str(REPO / "scripts"))
        import build_site

        build_site.build(args.site.resolve())
    before = os.getloadavg()
    result = measure(args.site, args.runs, profiles, lesson=args.lesson)
    result.update(site_bytes=site_size(args.site), load_before=before,
                  load_after=os.getloadavg(), cpus=os.cpu_count())
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"site on disk: {result['site_bytes'] / 1e6:.1f} MB ({args.site})")
    report(result, profiles)
    print(f"\nrequests outside 127.0.0.1: {len(result['outside'])}")
    print(f"load average before/after (1, 5, 15 min): "
          f"{' '.join(f'{x:.1f}' for x in result['load_before'])} / "
          f"{' '.join(f'{x:.1f}' for x in result['load_after'])} on {result['cpus']} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
