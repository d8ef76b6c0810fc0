"""The static dashboard cached and offline: our own service worker (sw.js) keeps the page and
all it loads after the first visit, so the second visit fetches nothing but the version check
and the page works with the network cut (explore, a card, a turn against a bot); a new build
replaces the old cache whole, never a mix of two builds; installable (manifest and icons)."""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import time

import pytest

from browser_helpers import screenshot, serving
from build_site import DATA_FILE, offline_pieces, worker_files  # scripts/: conftest.py
from test_static_site import BOOT_TIMEOUT_MS, NA_IONIZATION, play_a_turn_and_the_bot_answers

from periodic_edu import i18n

SW_FILES = re.compile(r"const FILES = (\{.*?\});", re.S)
SW_VERSION = re.compile(r'const VERSION = "([0-9a-f]+)";')


def sw_facts(site) -> tuple[str, dict]:
    text = (site / "sw.js").read_text()
    return SW_VERSION.search(text).group(1), json.loads(SW_FILES.search(text).group(1))


def test_the_build_writes_an_installable_app_and_versions_every_file(site_dir):
    version, files = sw_facts(site_dir)
    for path, digest in files.items():  # byte for byte the build's files
        assert hashlib.sha256((site_dir / path).read_bytes()).hexdigest() == digest, path
    packages = worker_files(site_dir)  # the dashboard's packages, the homework page's wheels
    assert len(packages) >= 2 and {f"static/pyodide/{p}" for p in packages} <= set(files)
    assert {DATA_FILE.format(lang=lang) for lang in i18n.LANGUAGES} <= set(files)
    assert {"dashboard.html", "dashboard.js", "static/pyodide/pyodide.asm.wasm"} <= set(files)
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "dashboard.html" and manifest["display"] == "standalone"
    german = json.loads((site_dir / "manifest-de.webmanifest").read_text())
    assert german["start_url"] == "dashboard.html?lang=de" and german["lang"] == "de"
    assert german["description"] != manifest["description"]  # from the catalog, in German
    assert {"manifest-uk.webmanifest", "manifest-de.webmanifest"} <= set(files)
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for size in (192, 512):  # real PNGs of the size the manifest says
        png = (site_dir / f"icon-{size}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(png[16:20], "big") == int.from_bytes(png[20:24], "big") == size
    # no third-party script: the service worker imports nothing and names no other host
    sw = (site_dir / "sw.js").read_text()
    assert "importScripts" not in sw and not re.search(r"https?://", sw)
    # the floor page of the benchmark: 88 cells, no script
    floor = (site_dir / "board.html").read_text()
    assert floor.count("data-symbol=") == 88 and "<script" not in floor


def wait_offline_ready(page, want: str | None = None, timeout_s: float = 240) -> str:
    """Python ready and the page controlled by our service worker (of version ``want``, when
    given); returns its version. Polls through the reload the page makes itself when a new
    build takes over (until then the page runs, and says, the old one)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            data = page.evaluate("({...document.body.dataset})")
        except Exception:  # the page is navigating
            data = {}
        if data.get("state") == "failed":
            pytest.fail(f"the dashboard failed: {data}")
        if data.get("state") == "ready" and data.get("offline") and (
                want is None or data["offline"] == want):
            return data["offline"]
        time.sleep(0.25)
    pytest.fail(f"never controlled by the service worker: {data}, {page.evaluate(WORKERS)}")


#: The dashboard's registration: its workers' states and the caches (a failure's message).
WORKERS = """async () => {
  const r = await navigator.serviceWorker.getRegistration('./dashboard');
  const state = (w) => w ? w.state : null;
  return {installing: state(r?.installing), waiting: state(r?.waiting), active: state(r?.active),
          controller: !!navigator.serviceWorker.controller, caches: await caches.keys()}; }"""


#: One draw from each of the page's Python's random generators (the worker's "random" message:
#: page_kernel.random_draws), ``{"module.name": "number"}``.
RANDOM_DRAWS = """() => new Promise((resolve) => {
  const worker = window.pythonWorker;
  worker.addEventListener("message", function got({ data }) {
    if (data.type !== "random") return;
    worker.removeEventListener("message", got);
    resolve(data.draws);
  });
  worker.postMessage({ type: "random" });
})"""


def test_second_visit_fetches_only_the_version_check_and_works_offline(site_browser,
                                                                         site_server, site_dir):
    version, files = sw_facts(site_dir)
    context = site_browser.new_context(viewport={"width": 1400, "height": 1000})
    network: list[str] = []  # responses that came from the server, not from our cache
    context.on("response", lambda r: None if r.from_service_worker or not r.url.startswith(
        "http") else network.append(r.url))  # blob: URLs are the widgets' modules, in memory
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{site_server.base}/dashboard.html")
        assert wait_offline_ready(page) == version
        first = len(network)
        # Python starts from the build's snapshot, the same bytes at every visit: each visit
        # reseeds every random generator (page_kernel.restored), or both would draw the same
        draws = page.evaluate(RANDOM_DRAWS)
        assert "random._inst" in draws, draws
        # the cache holds this build's files, all of them
        cached = page.evaluate("async () => (await caches.keys())")
        assert cached == [f"periodic-edu-dashboard-{version}"], cached

        network.clear()
        page.reload()
        assert wait_offline_ready(page) == version
        base = site_server.base + "/"
        app = [u for u in network if u.startswith(base) and u[len(base):].split("?")[0] in files]
        others = [u for u in network if u not in app and not u.endswith("/sw.js")]
        print(f"\n[site] first visit: {first} responses from the server; second visit: "
              f"{len(network)} ({network})")
        assert app == [] and others == [], network  # nothing but the version check (sw.js)
        again = page.evaluate(RANDOM_DRAWS)  # the same snapshot, from the cache this time
        assert again.keys() == draws.keys()
        assert all(again[name] != draws[name] for name in draws), (draws, again)

        # the network cut: reload, explore, open a card, play a turn against the bot
        context.set_offline(True)
        page.reload()
        page.wait_for_function("document.body.dataset.firstRenderMs", timeout=60_000)
        main = page.locator('#explorer [data-board="main"]')
        main.locator('[data-symbol="Na"]').click()
        page.locator('#explorer [data-trend="ionization_energy"]').click()
        reached = main.locator("[data-distance]").evaluate_all(
            "ns => ns.map(n => n.dataset.symbol)")
        assert set(reached) == NA_IONIZATION
        page.get_by_role("tab", name="Element cards").click()
        page.get_by_label("Element", exact=True).select_option(label="80 Hg — Mercury")
        page.locator('#card [data-card-symbol="Hg"]').wait_for()
        page.wait_for_function("document.body.dataset.state === 'ready'",
                               timeout=BOOT_TIMEOUT_MS, polling=250)
        play_a_turn_and_the_bot_answers(page)
        screenshot(page, "site_dashboard_offline_play")
        assert errors == []
    finally:
        context.close()


#: Asks for the new sw.js (as the reload did: the two checks are one when both are pending) until
#: a worker installs, then waits for it to end: "redundant" when its install failed.
BROKEN_INSTALL_ENDS = """async () => {
  const r = await navigator.serviceWorker.getRegistration('./dashboard');
  let worker = r.installing;
  for (let tries = 0; !worker && !r.waiting && tries < 60; tries++) {
    await r.update().catch(() => {});
    worker = r.installing;  // set before update() resolves, when a new sw.js was found
    if (!worker) await new Promise((done) => setTimeout(done, 500));
  }
  if (worker) {
    await new Promise((done) => {
      const settled = () => ["redundant", "installed", "activated"].includes(worker.state);
      if (settled()) done();
      worker.addEventListener("statechange", () => settled() && done());
    });
  }
  return {worker: worker ? worker.state : null, waiting: !!r.waiting,
          caches: await caches.keys()};
}"""
CACHED_DIGESTS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      const digest = await crypto.subtle.digest("SHA-256", body);
      out[name + " " + new URL(request.url).pathname.slice(1)] =
        [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    }
  }
  return out;
}"""


def test_a_new_build_replaces_the_cache_whole_and_a_broken_one_never_lands(site_browser,
                                                                            site_dir, tmp_path):
    """A copy of the site is served and visited; then "rebuilt" (a changed file, sw.js stamped
    again by the build's own step): the next visit takes the new build whole, the old cache
    gone. A build whose files do not match its sw.js is never installed: the last good one
    stays, whole."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    packages = worker_files(site)
    data = [DATA_FILE.format(lang=lang) for lang in i18n.LANGUAGES]
    home = tmp_path / "server"
    home.mkdir()
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site),
           "{port}"]
    context = site_browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        with serving(cmd, home, home, "/dashboard.html", site) as server:
            page = context.new_page()
            page.goto(f"{server.base}/dashboard.html")
            old = wait_offline_ready(page)

            # a new build: dashboard.js changed, sw.js stamped again
            script = site / "dashboard.js"
            script.write_text(script.read_text() + "\n/* the next build */\n")
            new = offline_pieces(site, packages, data)
            assert new != old
            page.reload()  # served by the old build; it finds the new one and takes it
            assert wait_offline_ready(page, new) == new
            _, files = sw_facts(site)
            digests = page.evaluate(CACHED_DIGESTS)
            assert digests == {f"periodic-edu-dashboard-{new} {p}": d for p, d in files.items()}
            assert "/* the next build */" in page.evaluate(
                "async () => (await fetch('dashboard.js')).text()")

            # a broken build: a new sw.js, and a file on the server that is not the one it names
            (site / data[0]).write_text((site / data[0]).read_text().replace("Sodium", "Sodiun"))
            sw = (site / "sw.js").read_text().replace(f'"{new}"', '"0badb0d0badb0d00"')
            assert sw != (site / "sw.js").read_text()
            (site / "sw.js").write_text(sw)
            page.reload()
            assert wait_offline_ready(page) == new
            # the broken build's install is tried and fails: waited for, not assumed (the
            # reload's own check for a new sw.js may not have begun yet: an empty "installing"
            # said nothing, and a fresh clone's run read the broken cache mid-install)
            state = page.evaluate(BROKEN_INSTALL_ENDS)
            assert state == {"worker": "redundant", "waiting": False,
                             "caches": [f"periodic-edu-dashboard-{new}"]}, state
            assert page.evaluate(CACHED_DIGESTS) == digests  # the good build, whole
    finally:
        context.close()


def test_the_lessons_keep_their_own_service_worker_beside_the_dashboards(site_browser,
                                                                          site_server):
    """The dashboard's service worker (scope ./dashboard) and JupyterLab's (the whole site)
    live side by side: after the dashboard is cached, the lessons' app starts with its own; it
    unregisters every older service worker of the site once per JupyterLite version (its own
    rule), and the next visit of the dashboard registers ours again."""
    context = site_browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(120_000)
    scopes = """async () => (await navigator.serviceWorker.getRegistrations()).map(
        (r) => new URL(r.scope).pathname).sort()"""
    try:
        page.goto(f"{site_server.base}/dashboard.html")
        version = wait_offline_ready(page)
        assert page.evaluate(scopes) == ["/dashboard"]
        page.goto(f"{site_server.base}/lab/index.html")
        page.wait_for_function("window.jupyterapp && window.jupyterapp.shell")
        page.wait_for_function(f"({scopes})().then((s) => s.includes('/'))", polling=500)
        page.goto(f"{site_server.base}/dashboard.html")
        assert wait_offline_ready(page) == version
        assert page.evaluate(scopes) == ["/", "/dashboard"]
    finally:
        context.close()
