"""The static site, as a student gets it: built by scripts/build-site, served by a plain file
server, opened in Chromium with no network. The dashboard works (explorer, element card, a
human turn and a bot turn), every lesson runs all its cells without an error, and nothing is
fetched from outside the site."""
from __future__ import annotations

import hashlib
import json
import re
import time

import pytest
from playwright.sync_api import expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_helpers import (REPO, axe_source, check_board, check_sizes, play_one_turn,
                             run_axe, screenshot)
from build_site import KERNEL_PLUGIN, PINS, site_lesson  # scripts/, on the path: conftest.py

LESSONS = [site_lesson(name) for name in PINS["lessons"]]
NA_IONIZATION = set("H He Li Be B C N Mg Al Si P S".split())
#: A cold start of Python in the browser is CPU-bound: minutes on a loaded 2-core machine.
BOOT_TIMEOUT_MS = 300_000


# -- the build -------------------------------------------------------------------------------
def test_the_site_holds_everything_python_needs(site_dir):
    config = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    # the site's own Pyodide, started from the lessons' snapshot (test_the_lessons_kernel_...)
    assert kernel["pyodideUrl"] == "./static/pyodide/lesson_pyodide.mjs"
    pyodide = site_dir / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    for name, item in lock.items():  # every package is in the site, byte for byte
        wheel = pyodide / item["file_name"]
        assert wheel.is_file(), f"{name}: {item['file_name']} is missing"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == item["sha256"], name
        assert set(item["depends"]) <= set(lock), f"{name} depends on {item['depends']}"
    preload = kernel["loadPyodideOptions"]["packages"]
    assert {"periodic-edu", "anywidget", "ipywidgets", "ipython"} <= set(preload) <= set(lock)
    assert "matplotlib" not in lock  # no WebAssembly wheel on the registries: see the lessons
    for lesson in LESSONS:
        nb = json.loads((site_dir / "files" / lesson).read_text())
        assert nb["metadata"]["kernelspec"]["name"] == "python"  # no kernel dialog
    # every lesson of the kit, in English and in Ukrainian
    kit = sorted(p.relative_to(REPO / "lessons").as_posix()
                 for p in (REPO / "lessons").glob("**/[0-9][0-9]_*.ipynb"))
    assert sorted(PINS["lessons"]) == kit and any(n.startswith("uk/") for n in kit)
    names = [p.name for p in (site_dir / "files").glob("**/*.ipynb")]
    assert len(set(names)) == len(names) == len(kit), names  # one session per lesson


def test_the_dashboard_page_loads_only_what_the_dashboard_imports(site_dir):
    """The dashboard page's worker fetches one file of packages: the files of the wheels
    pins.json names for it, each byte for byte the lock's wheel's (so the lessons and the
    dashboard run the same packages), but what its Python never reads (front-end bundles, a
    wheel's .data, test suites); and no IPython: page_kernel.py stands in for the little of it
    that ipywidgets imports."""
    import zipfile

    from build_site import PACK_SKIP, PACKAGES_FILE, read_pack

    worker = (site_dir / "dashboard_worker.js").read_text()
    assert json.loads(re.search(r"const PACKAGES = (\".*?\");", worker).group(1)) == PACKAGES_FILE
    folder = site_dir / "static" / "pyodide"
    packed = read_pack((folder / PACKAGES_FILE).read_bytes())
    lock = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    want = {}
    for name in PINS["dashboard"]:
        with zipfile.ZipFile(folder / lock[name]["file_name"]) as wheel:
            want.update({n: wheel.read(n) for n in wheel.namelist()
                         if not n.endswith("/") and not PACK_SKIP.search(n)})
    assert packed.keys() == want.keys()
    assert all(packed[n] == want[n] for n in want)  # byte for byte, bytecode included
    tops = {n.split("/")[0] for n in packed if not n.split("/")[0].endswith(".dist-info")}
    assert {"periodic_edu", "ipywidgets", "anywidget", "traitlets", "comm", "psygnal",
            "typing_extensions.py"} <= tops
    assert not any(t.lower().startswith(("ipython", "jedi", "prompt", "segno")) for t in tops)
    assert any(n.startswith("periodic_edu/") and "/__pycache__/" in n for n in packed)
    assert not any(n.startswith("anywidget/labextension/") for n in packed)
    assert not (site_dir / "page_kernel.py").exists()  # in the snapshot, imported already
    bundle = (site_dir / "dashboard-widgets.js").read_text()
    assert "AnyModel" in bundle and "TabView" in bundle  # anywidget's and ipywidgets' views
    assert (site_dir / "dashboard-widgets.css").stat().st_size > 10_000


def test_the_sites_wheel_of_ours_does_not_change_with_the_readme(site_dir):
    """The site's periodic-edu wheel has no description in its METADATA (the README: an edit of
    it made the site's bytecode and Python snapshot anew, 30 s of the next run), and its RECORD
    still holds every file's true hash and size (the bytecode the build adds is not listed)."""
    import base64
    import hashlib
    import zipfile

    (wheel,) = (site_dir / "static" / "pyodide").glob("periodic_edu-*.whl")
    with zipfile.ZipFile(wheel) as z:
        meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA")))
        assert meta.decode().partition("\n\n")[2] == "", meta[-300:]
        assert b"Requires-Dist: ipywidgets" in meta  # the headers stay
        record = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/RECORD")))
        listed = set()
        for line in record.decode().splitlines():
            name, digest, size = line.rsplit(",", 2)
            if digest:  # RECORD names itself without a hash
                data = z.read(name)
                assert digest == "sha256=" + base64.urlsafe_b64encode(
                    hashlib.sha256(data).digest()).rstrip(b"=").decode(), name
                assert int(size) == len(data), name
            listed.add(name)
        # every file but the bytecode the build added (tests above) is listed
        assert listed == {n for n in z.namelist() if "/__pycache__/" not in n}


def test_the_page_links_every_sheet_its_game_widgets_carry(site_dir):
    """The dashboard's page links the style sheets its Python widgets carry in ``_css``
    (dashboard-static.css in the head, dashboard-games.css while Python starts) and its widget
    manager drops ``_css``: every sheet of every anywidget class the page's Python can build
    must be in one of the two files, the symbol font's face included."""
    from periodic_edu.widgets import ElemonsterWidget, GameWidget
    from periodic_edu.widgets._assets import asset_path, font_face
    from periodic_edu.widgets.practice_check import PracticeCheckWidget

    linked = (site_dir / "dashboard-static.css").read_text() + \
        (site_dir / "dashboard-games.css").read_text()
    assert font_face() in linked
    sheets = sorted(p.name for p in asset_path("periodic.css").parent.glob("*.css"))
    for cls in (GameWidget, ElemonsterWidget, PracticeCheckWidget):
        carried = cls._css if isinstance(cls._css, str) else cls.class_traits()["_css"].default()
        used = [name for name in sheets if asset_path(name).read_text() in carried]
        assert used, cls  # each carries at least one sheet of the package
        rest = carried.replace(font_face(), "")
        for name in used:
            rest = rest.replace(asset_path(name).read_text(), "")
            assert asset_path(name).read_text() in linked, (cls.__name__, name)
        assert rest.strip() == "", (cls.__name__, rest[:200])  # nothing the files do not hold


def test_the_dashboard_loads_the_standard_library_as_bytecode(site_dir):
    """Pyodide ships its standard library as sources (compiled at every page load): the build
    compiles every module of it, and the dashboard's worker loads that file, which the service
    worker caches; so does the lessons' kernel."""
    import zipfile

    worker = (site_dir / "dashboard_worker.js").read_text()
    name = json.loads(re.search(r"const STDLIB = (\".*?\");", worker).group(1))
    assert name == "python_stdlib_pyc.zip"
    folder = site_dir / "static" / "pyodide"
    with zipfile.ZipFile(folder / "python_stdlib.zip") as z:
        sources = {n for n in z.namelist() if n.endswith(".py")}
    with zipfile.ZipFile(folder / name) as z:
        names = set(z.namelist())
        pycs = {n for n in names if n.endswith(".pyc")}
        # zipimport's layout (x.pyc where x.py was), unchecked-hash pycs: valid at any time
        assert all(z.read(n)[4:8] == (1).to_bytes(4, "little") for n in sorted(pycs)[:50])
    compiled = {n[:-1] for n in pycs}
    assert len(compiled) > 500 and compiled <= sources
    assert sources - compiled <= {n for n in sources if "test" in n or "lib2to3" in n}, \
        sorted(sources - compiled)[:10]
    assert not names & compiled  # bytecode alone: the sources stay in Pyodide's file
    files = json.loads(re.search(r"const FILES = (\{.*?\});", (site_dir / "sw.js").read_text(),
                                 re.S).group(1))
    assert f"static/pyodide/{name}" in files
    assert "static/pyodide/python_stdlib.zip" not in files  # the dashboard never loads it
    config = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    options = config["litePluginSettings"][KERNEL_PLUGIN]["loadPyodideOptions"]
    assert options["stdLibURL"] == f"./static/pyodide/{name}"  # the lessons' Python too
    # the benchmark's floor: bare Pyodide's start, in the same worker script
    floor = (site_dir / "pyodide-floor.html").read_text()
    assert 'new Worker("dashboard_worker.js"' in floor and 'type: "floor"' in floor


def test_the_dashboard_starts_python_from_a_snapshot_the_build_made(site_dir):
    """The worker restores the build's Pyodide memory snapshot (Python started, the
    dashboard's modules and page_kernel imported, the catalogs parsed) instead of starting
    Python and importing: the file it names is in the site and in the service worker's cache,
    it is Pyodide's snapshot format, and the Python in it holds no JavaScript value (it was
    made in Node: a value of Node's would be wrong in a page)."""
    import gzip

    from build_site import SNAPSHOT_FILE

    worker = (site_dir / "dashboard_worker.js").read_text()
    assert json.loads(re.search(r"const SNAPSHOT = (\".*?\");", worker).group(1)) == SNAPSHOT_FILE
    assert "pageKernel.restored()" in worker  # reseeded before anything runs (test_offline)
    raw = gzip.decompress((site_dir / "static" / "pyodide" / SNAPSHOT_FILE).read_bytes())
    magic, head, length = (int.from_bytes(raw[i:i + 4], "little") for i in (0, 4, 8))
    assert magic == 1886286592 and head >= 48 + length  # Pyodide 314's snapshot header
    held = json.loads(raw[48:48 + length])
    assert [key for key in held["hiwireKeys"] if key is not None and not key.get("API")] == []
    assert len(raw) - head > 20_000_000  # the whole wasm memory, the imported modules in it
    assert b"periodic_edu/widgets/dashboard.py" in raw  # its code objects' file names
    files = json.loads(re.search(r"const FILES = (\{.*?\});", (site_dir / "sw.js").read_text(),
                                 re.S).group(1))
    assert f"static/pyodide/{SNAPSHOT_FILE}" in files


def test_the_lessons_kernel_starts_from_a_snapshot_the_build_made(site_dir):
    """JupyterLite's Pyodide kernel imports the module jupyter-lite.json's ``pyodideUrl``
    names: the build points it at site_src/lesson_pyodide.mjs, which restores the lessons'
    snapshot (IPython's kernel and the lessons' first imports in it) and writes the packages'
    files from one file, instead of Pyodide loading 27 wheels and Python importing IPython at
    every start. Every package the kernel preloads is in that file; the snapshot holds no
    JavaScript value the page could not find again (Pyodide's own, named)."""
    import gzip

    from build_site import KERNEL_PLUGIN, LESSON_PACKAGES_FILE, LESSON_SNAPSHOT_FILE, read_pack

    config = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"][KERNEL_PLUGIN]
    assert settings["pyodideUrl"] == "./static/pyodide/lesson_pyodide.mjs"
    options = settings["loadPyodideOptions"]
    folder = site_dir / "static" / "pyodide"
    assert options["lessonSnapshotURL"] == f"./static/pyodide/{LESSON_SNAPSHOT_FILE}"
    assert options["lessonPackagesURL"] == f"./static/pyodide/{LESSON_PACKAGES_FILE}"
    assert (folder / "lesson_pyodide.mjs").read_text() == (REPO / "site_src" / "lesson_pyodide.mjs").read_text()
    packed = read_pack((folder / LESSON_PACKAGES_FILE).read_bytes())
    installed = {path.split("-")[0].lower().replace("_", "-") for path in packed
                 if path.endswith(".dist-info/METADATA")}
    assert set(options["packages"]) <= installed, set(options["packages"]) - installed
    assert {"ipython", "jedi", "traitlets", "parso"} <= installed  # what they need, too
    assert any(p.startswith("jedi/third_party/typeshed/") for p in packed)  # Tab completion
    # a module the snapshot holds imported: its source (tracebacks, inspect), not its bytecode,
    # which Python reads no more; one it did not import: both
    assert "IPython/core/interactiveshell.py" in packed
    assert "IPython/core/__pycache__/interactiveshell.cpython-314.pyc" not in packed
    assert "IPython/lib/__pycache__/demo.cpython-314.pyc" in packed
    raw = gzip.decompress((folder / LESSON_SNAPSHOT_FILE).read_bytes())
    magic, head, length = (int.from_bytes(raw[i:i + 4], "little") for i in (0, 4, 8))
    assert magic == 1886286592 and head >= 48 + length
    held = [key for key in json.loads(raw[48:48 + length])["hiwireKeys"] if key is not None]
    named = [key["serialized"] for key in held if "serialized" in key]
    assert {"pyodide": "loadPackagesFromImports"} in named  # pyodide_kernel's, found again
    assert all(set(key) <= {"API", "path", "abortSignalAny", "serialized"} for key in held), held
    assert all(set(n) in ({"pyodide"}, {"api"}) for n in named), named
    for module in (b"pyodide_kernel/kernel.py", b"IPython/core/interactiveshell.py",
                   b"periodic_edu/widgets/trend_explorer.py", b"snapshot_python.py"):
        assert module in raw, module  # imported: its code objects' file names


def test_a_build_that_cannot_make_the_snapshot_fails_and_says_why(site_dir, tmp_path,
                                                                    monkeypatch):
    """The page has no other way to start its Python, so the build stops: without Node, and
    when the Python to freeze holds a JavaScript value (a page_kernel whose prepare keeps one:
    Node's, which would be wrong in a page)."""
    import shutil

    from build_site import BuildError, memory_snapshot

    pyodide = tmp_path / "pyodide"
    shutil.copytree(site_dir / "static" / "pyodide", pyodide)
    kernel = tmp_path / "page_kernel.py"
    kernel.write_text("def prepare():\n    import js\n    global held\n"
                      "    held = js.Object.new()\n")
    with pytest.raises(BuildError, match="(?s)snapshot could not be made: .*holds a JavaScript object"):
        memory_snapshot(pyodide, tmp_path / "cache", kernel)
    monkeypatch.setenv("PATH", str(tmp_path))  # no node on it
    with pytest.raises(BuildError, match="node is needed to make the dashboard's Python snapshot"):
        memory_snapshot(pyodide, tmp_path / "cache")


def test_our_pages_link_nothing_outside_the_site(site_dir):
    for name in ("index.html", "dashboard.html", "dashboard.js", "dashboard_worker.js",
                 "homework.html", "homework.js", "homework_worker.js",
                 "site.css", "dashboard-widgets.css", "dashboard-static.css",
                 "dashboard-games.css", "sw.js", "static/pyodide/lesson_pyodide.mjs",
                 "static/pyodide/pyodide_snapshot.mjs",
                 "manifest.webmanifest", "board.html"):
        text = (site_dir / name).read_text()
        assert not re.search(r"(src|href)=\"(https?:)?//", text), name
        assert not re.search(r"url\(['\"]?(https?:)?//", text), name
        # (a data URL's base64, the symbol font's, may spell anything)
        assert "cdn" not in re.sub(r"url\(data:[^)]*\)", "", text).lower(), name
    # the bundled widget libraries: no script, style or font from anywhere else
    bundle = (site_dir / "dashboard-widgets.js").read_text()
    assert not re.search(r"https?://[^\s\"'`]*(cdn|unpkg|jsdelivr)", bundle)
    assert not re.search(r"import\(\s*['\"`]https?:", bundle)


# -- the dashboard ---------------------------------------------------------------------------
def play_a_turn_and_the_bot_answers(page):
    """Open Play, play one turn by clicks (the flask moves), and wait for the bot's turn that
    follows - played by Python in this page - to show its sentences in the log."""
    page.get_by_role("tab", name="Play").click()
    game = page.locator(GAME)
    start, destination = play_one_turn(page, game, turn_timeout=60_000, move_timeout=30_000)
    assert destination != start
    game.locator('[data-role="log"] li[data-bot]:not([data-kind="agenda"])').first.wait_for(
        timeout=60_000)
    return game


def test_dashboard_offline_explorer_card_game_turn_and_resume_after_reload(offline_page, site_server):
    page = offline_page
    page.goto(f"{site_server.base}/dashboard.html")
    progress = page.locator('[data-python="play"] .pe-python-text')
    assert re.fullmatch(r"Python is starting… \d+ %", progress.text_content())
    # folded to one line (a <details>): its words are there, shown on demand
    assert "hidden information" in page.locator("#fairness").text_content()
    data = wait_ready(page)
    seconds = {k: int(data[f"{k}Ms"]) / 1000 for k in ("firstRender", "python", "pythonReady")}
    print(f"\n[site] dashboard first board cell {seconds['firstRender']:.1f} s after "
          f"navigation; Python started {seconds['python']:.1f} s, the games drawn "
          f"{seconds['pythonReady']:.1f} s")
    # every step the worker reports, in order, before the games are shown
    steps = [int(data[f"{name}Ms"]) for name in ("python", "packages", "display", "drawn")]
    assert steps == sorted(steps) and steps[-1] <= int(data["pythonReadyMs"]), data
    assert int(data["firstRenderMs"]) < int(data["pythonReadyMs"])  # static first
    assert page.locator('[data-python="play"]').is_hidden()
    # Play first (Python ready for the visitor), then Elemonster and Check yourself: all drawn
    assert int(data["pythonReadyMs"]) <= int(data["gamesReadyMs"])
    for game in ("elemonster", "practice"):
        assert page.locator(f'[data-python="{game}"]').is_hidden()
        assert page.locator(f"#{game}").evaluate("el => el.childElementCount") > 0
    # the games' style sheets are the page's own files, linked while Python started: anywidget
    # inserted no <style> of a game's while drawing it, and the games are styled (the symbol
    # font and the game's own rules: dashboard-games.css)
    sheets = page.evaluate("""() => ({
      inserted: [...document.querySelectorAll("style")].filter((s) =>
        /\\.pe-g-|\\.em-|\\.pe-cc|periodic_edu symbols/.test(s.textContent)).length,
      linked: [...document.styleSheets].map((s) => (s.href || "").split("/").pop()),
      font: getComputedStyle(document.querySelector("#play .pe-game")).fontFamily})""")
    assert sheets["inserted"] == 0, sheets
    assert {"dashboard-games.css", "dashboard-widgets.css"} <= set(sheets["linked"]), sheets
    assert "periodic_edu symbols" in sheets["font"], sheets
    # a screen reader hears the end of Python's start, outside the hidden progress panels
    assert page.locator("#progress-status[role=status]").inner_text() == "The dashboard is ready."
    assert "start(" not in page.locator("body").inner_text()  # no code in sight

    main = page.locator('[data-board="main"]')
    main.locator('[data-symbol="Na"]').click()
    page.locator('[data-trend="ionization_energy"]').first.click()
    page.locator('[data-board="main"] [data-distance]').first.wait_for()
    reached = main.locator("[data-distance]").evaluate_all(
        "ns => ns.map(n => n.dataset.symbol)")
    assert set(reached) == NA_IONIZATION and len(reached) == len(NA_IONIZATION)
    assert main.locator('[data-symbol="Na"][aria-current="true"]').count() == 1
    screenshot(page, "site_dashboard_explore")

    page.get_by_role("tab", name="Element cards").click()
    page.get_by_label("Element", exact=True).select_option(label="80 Hg — Mercury")
    card = page.locator('[data-card-symbol="Hg"]')
    card.wait_for(timeout=30_000)
    assert "Mercury" in card.inner_text() and "liquid" in card.inner_text().lower()

    game = play_a_turn_and_the_bot_answers(page)
    page.locator(f'{GAME}[data-my-turn="true"][data-bot-pending="false"]').wait_for(
        timeout=120_000)  # the bot has finished its turn: the position is settled
    screenshot(page, "site_dashboard_play")
    assert_axe_clean(page, "the static dashboard, Play, after a bot's turn")
    before = game_position(page)
    assert before["round"] and before["energy"] and before["log"], before
    token = page.evaluate("() => localStorage.getItem('periodic_edu.resume_token')")
    assert token and len(token) >= 32
    wait_for_the_save_in_indexeddb(page)

    # a reload: a new Python in the page, the save read back from this browser's IndexedDB
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the game?" before unloading
    page.reload()
    wait_ready(page)
    # the reload opens where the game is: the Play tab, chosen by the page, with its offer
    page.locator('#tab-play[aria-selected="true"]').wait_for(timeout=60_000)
    assert page.locator('#tab-explore').get_attribute("aria-selected") == "false"
    # the Play tab's own offer (the Elemonster tab has one of its own)
    offer = game.locator('[data-role="resume-offer"]')
    offer.wait_for(timeout=60_000)
    assert game.locator('[data-role="resume"]').inner_text().startswith(
        "Resume your game (round ")
    assert game_position(page)["log"] == []  # a fresh deal until the student chooses
    game.locator('[data-role="resume"]').click()
    page.wait_for_function(
        "n => document.querySelectorAll("
        "'[data-widget=\"game\"] [data-role=\"log\"] li[data-i]').length >= n",
        arg=len(before["log"]), timeout=60_000)
    assert game_position(page) == before
    assert offer.is_hidden()
    assert page.blocked == [], page.blocked
    assert page.js_errors == []


GAME = '[data-widget="game"]'


def assert_axe_clean(page, where: str) -> None:
    """No critical or serious WCAG 2.2 A/AA finding of axe-core (pinned, from npm at setup)."""
    report = run_axe(page, axe_source())
    bad = [v for v in report["violations"] if v["impact"] in ("critical", "serious")]
    print(f"\n[site] axe, {where}: {report['counts']}")
    assert not bad, json.dumps(bad, indent=1)[:4000]


def wait_ready(page) -> dict:
    """Python ready and the games drawn (the static tabs are drawn long before: 'explore')."""
    page.wait_for_function("['ready', 'failed'].includes(document.body.dataset.state)",
                           timeout=BOOT_TIMEOUT_MS, polling=250)
    data = page.evaluate("({...document.body.dataset})")
    assert data["state"] == "ready", page.locator(".pe-python-text").first.text_content()
    return data


def game_position(page) -> dict:
    """Where the game stands as the page shows it: flasks, energies, round, log, whose turn."""
    return page.locator(GAME).evaluate("""n => ({
        flasks: [...n.querySelectorAll('[data-board="game"] .pe-g-flask')].map(
            f => [f.dataset.seat, f.closest('[data-symbol]').dataset.symbol]).sort(),
        energy: [...n.querySelectorAll('[data-fact="energy"] .pe-g-fact-value')].map(
            e => e.textContent),
        round: n.querySelector('.pe-g-title').textContent,
        log: [...n.querySelectorAll('[data-role="log"] li[data-i]')].map(
            li => li.dataset.i + ':' + li.dataset.kind),
        phase: n.dataset.phase, seat: n.dataset.currentSeat})""")


#: The saves' IndexedDB (Emscripten's IDBFS names it after the mount point): the newest save
#: file's text, read the way the next page's Python will read it.
READ_SAVE = """async () => {
  const names = (await indexedDB.databases()).map(d => d.name).filter(n => n.endsWith("/saves"));
  if (names.length !== 1) return null;
  const db = await new Promise((ok, no) => {
    const r = indexedDB.open(names[0]); r.onsuccess = () => ok(r.result); r.onerror = no; });
  const store = db.transaction("FILE_DATA").objectStore("FILE_DATA");
  const entries = await new Promise((ok) => {
    const out = []; const c = store.openCursor();
    c.onsuccess = () => { const cur = c.result; if (!cur) return ok(out);
      out.push([cur.key, cur.value]); cur.continue(); }; });
  db.close();
  const saves = entries.filter(([k, v]) => k.endsWith(".json") && v.contents);
  if (saves.length !== 1) return null;
  return new TextDecoder().decode(saves[0][1].contents);
}"""


def wait_for_the_save_in_indexeddb(page, timeout_s: float = 30) -> dict:
    """The save of the position on screen has reached IndexedDB (written right after each
    action; a reload before that would resume one action earlier)."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        text = page.evaluate(READ_SAVE)
        if text and text == last and not json.loads(text)["over"]:
            return json.loads(text)  # the same for half a second: nothing more on its way
        last = text
        time.sleep(0.5)
    pytest.fail(f"no settled save in the browser's IndexedDB: {last}")


def test_dashboard_opens_in_the_language_of_the_url(offline_page, site_server):
    """``?lang=uk`` opens the dashboard in Ukrainian (the page passes its query to Python)."""
    page = offline_page
    page.set_viewport_size({"width": 360, "height": 800})  # a small phone, the longer words
    page.goto(f"{site_server.base}/dashboard.html?lang=uk")
    wait_ready(page)
    tabs = page.get_by_role("tab").all_inner_texts()
    assert tabs[:3] == ["Властивості", "Елементи", "Гра"], tabs
    # every trend button of the explorer within the phone's width (a widget stretched by the
    # board would push them out of sight)
    edges = page.evaluate(
        "() => [...document.querySelectorAll('.pe-trends [data-trend]')]"
        ".map(n => n.getBoundingClientRect().right)")
    assert len(edges) == 5 and max(edges) <= 360, edges
    # every cell of the board can be brought into view and tapped; nothing too small; the page
    # never scrolls sideways (only the board's own region does)
    check_board(page, "main", "the static dashboard at 360 px")
    check_sizes(page, ".pe-explorer", "the static dashboard at 360 px")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")
    page.evaluate("window.scrollTo(0, 0)")
    assert page.get_by_role("alert").count() == 0
    screenshot(page, "site_dashboard_phone_uk")
    # by keyboard alone: Tab from the top of the page reaches a trend button; Enter chooses it
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.pe-trends [data-trend]')"):
            break
    else:
        pytest.fail("Tab never reached a trend button of the explorer")
    page.keyboard.press("Enter")
    page.locator('[data-board="main"] [data-distance]').first.wait_for()
    assert_axe_clean(page, "the static dashboard in Ukrainian at 360 px")
    # the page's own words (written before Python loads) come from the same catalog
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import DASHBOARD, SITE
    assert page.evaluate("document.documentElement.lang") == "uk"
    assert page.title() == i18n.gettext("widgets", SITE["title"], "uk")
    notice = page.locator("#fairness").inner_text()
    assert i18n.gettext("widgets", SITE["fair_head"], "uk") in notice, notice
    assert "curious" not in notice and "browser" not in notice, notice
    assert page.locator("#progress-status").text_content() == i18n.gettext(
        "widgets", SITE["ready"], "uk")
    # the visitor switches to German: the page's words follow, and a reload stays German
    page.get_by_label(i18n.gettext("widgets", DASHBOARD["language"], "uk")).select_option(
        label="Deutsch")
    page.wait_for_function("document.documentElement.lang === 'de'", timeout=30_000)
    assert page.title() == i18n.gettext("widgets", SITE["title"], "de")
    assert "lang=de" in page.url
    page.reload()
    wait_ready(page)
    assert page.get_by_role("tab").all_inner_texts()[:2] == [
        i18n.gettext("widgets", DASHBOARD[k], "de") for k in ("tab_explore", "tab_cards")]
    assert page.blocked == [], page.blocked
    assert page.js_errors == []


def test_an_unknown_language_is_said_on_the_page_not_a_traceback(offline_page, site_server):
    """``?lang=xx`` (mangled as a visitor could): English, and a message naming the language,
    never an exception; the games start in English too."""
    page = offline_page
    page.goto(f"{site_server.base}/dashboard.html?lang=xx%22%27%5C")
    page.wait_for_function("document.body.dataset.firstRenderMs", timeout=60_000)
    note = page.locator("#lang-note[role=alert]")
    assert note.is_visible() and "xx" in note.inner_text() and "en, uk, de" in note.inner_text()
    assert page.get_by_role("tab").all_inner_texts()[:3] == ["Explore trends", "Element cards",
                                                             "Play"]
    wait_ready(page)
    page.get_by_role("tab", name="Play").click()
    game = page.locator('#play [data-widget="game"]')
    expect(game).to_be_visible(timeout=30_000)  # the tab is drawn (again) after the click
    assert page.js_errors == [] and page.blocked == []


# -- the lessons -----------------------------------------------------------------------------
# All lessons run in one JupyterLab page and one Python (the kernel's start is most of a
# lesson's time): each lesson's notebook is opened on the kernel of the first, whose namespace
# is cleared first (%reset -f), so a lesson that forgot an import or a name still fails.
OPEN = """async ([path, kernelId]) => {
  const app = window.jupyterapp;
  await app.restored;  // every plugin active, the commands registered
  // the previous lesson's panel goes (its kernel stays): open panels keep their widgets'
  // views alive, and each later lesson ran slower than the one before (de 05 ~6x en 05).
  // Its names go first, while its panel is there to take its widgets' closing messages (a
  // reset after the panel had gone closed them into a disposed output area on a loaded run:
  // "Cannot read properties of null (reading 'insertWidget')")
  for (const old of [...app.shell.widgets("main")]) {
    const previous = old.sessionContext?.session?.kernel;
    if (kernelId && previous) {  // as in a fresh kernel
      const reply = await previous.requestExecute({code: "%reset -f", store_history: false}).done;
      if (reply.content.status !== "ok") throw new Error("%reset -f: " + reply.content.status);
    }
    if (old.context && old.context.model) old.context.model.dirty = false;  // no save dialog
    old.dispose();
  }
  const args = {path, factory: "Notebook"};
  if (kernelId) args.kernel = {id: kernelId, name: "python"};
  const panel = await app.commands.execute("docmanager:open", args);
  await panel.context.ready;
  await panel.sessionContext.ready;
  app.shell.activateById(panel.id);
  const kernel = panel.sessionContext.session.kernel;
  // JupyterLite 0.8 runs nothing by itself: run every cell, as a student would from the menu
  await app.commands.execute("notebook:run-all-cells");
  return kernel.id;
}"""

OUTCOME = """(path) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  if (!panel || !panel.content || panel.context.path !== path) return null;
  const cells = [];
  const model = panel.content.model;
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type !== "code") continue;
    const outputs = [];
    for (let k = 0; k < cell.outputs.length; k++) outputs.push(cell.outputs.get(k).toJSON());
    cells.push({count: cell.executionCount, outputs});
  }
  const busy = panel.sessionContext.session?.kernel?.status === "busy";
  return {cells, busy};
}"""

#: True once the lesson's panel is in front, its kernel idle and every code cell has run (the
#: cheap test polled in the page; OUTCOME then reads the outputs once).
DONE = """(path) => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.content || panel.context.path !== path) return false;
  if (panel.sessionContext.session?.kernel?.status === "busy") return false;
  const cells = [...panel.content.model.cells].filter((cell) => cell.type === "code");
  return cells.length > 0 && cells.every((cell) => cell.executionCount != null);
}"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_every_cell_offline(lesson_page, lesson):
    page = lesson_page
    started = time.monotonic()
    first = page.kernel is None
    page.kernel = page.evaluate(OPEN, [lesson, page.kernel])
    timeout_ms = (BOOT_TIMEOUT_MS if first else 0) + 300_000
    try:  # polled in the page: done as soon as the last cell has run, no second's sleep
        page.wait_for_function(DONE, arg=lesson, timeout=timeout_ms, polling=200)
    except PlaywrightTimeout:
        outcome = page.evaluate(OUTCOME, lesson)
        screenshot(page, f"site_lesson_{lesson.replace('/', '_')[:5]}_timeout")
        pytest.fail(f"{lesson}: not every cell ran in time: "
                    f"{[c['count'] for c in (outcome or {}).get('cells', [])]}")
    outcome = page.evaluate(OUTCOME, lesson)
    errors = [o for c in outcome["cells"] for o in c["outputs"] if o["output_type"] == "error"
              or (o["output_type"] == "stream" and o.get("name") == "stderr")]
    assert errors == [], f"{lesson}: {json.dumps(errors)[:2000]}"
    print(f"\n[site] {lesson}: {len(outcome['cells'])} code cells ran in "
          f"{time.monotonic() - started:.0f} s{' (Python start included)' if first else ''}")
    if lesson == "02_ionization_energy_and_radius.ipynb":
        check_trend_chart(page)
    if first:  # Tab completion, the standard library's included (loaded as bytecode alone)
        matches = page.evaluate("""async () => {
          const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
          const out = [];
          for (const code of ["import json\\njson.lo", "from periodic_edu import ele"]) {
            out.push((await kernel.requestComplete({code, cursor_pos: code.length})).content.matches);
          }
          return out;
        }""")
        assert [sorted(m) for m in matches] == [["load", "loads"], ["element", "elemonster"]], \
            matches
    assert page.blocked == [], page.blocked
    assert page.js_errors == []


def check_trend_chart(page):
    """Lesson 02's TrendChart in the browser: SVG with title and desc, Be → B and N → O drawn
    against the arrow, a click answered by Python in the page (360 px: tests/browser)."""
    chart = page.locator('[data-widget="trend-chart"]:visible').first
    chart.wait_for(timeout=60_000)
    svg = chart.locator("svg.pe-chart-svg")
    assert svg.locator("title").first.text_content() == "First ionization energy across period 2"
    assert "Be → B" in svg.locator("desc").text_content()
    against = chart.locator('svg [data-verdict="disagrees"]').evaluate_all(
        "ns => ns.map(n => n.dataset.step)")
    assert sorted(against) == ["Be>B", "N>O"]
    assert chart.locator("table tbody tr").count() == 8  # the text alternative
    chart.locator('button[data-along="group"]').click()
    # Python in the page answers; its first answer may compile what the click needs, slow on
    # a loaded CI machine. Two fresh-clone runs of ~25 saw no answer at all (60 s, then 150 s):
    # a lost click or a closed comm, not a slow one; if it comes again, say what the page showed
    try:
        page.wait_for_function(
            "el => el.dataset.along === 'group'", arg=chart.element_handle(), timeout=150_000)
    except PlaywrightTimeout:
        state = page.evaluate("""() => {
          const panel = window.jupyterapp.shell.currentWidget;
          const kernel = panel?.sessionContext?.session?.kernel;
          return {kernel: kernel ? kernel.status + " " + kernel.connectionStatus : null,
                  panels: [...window.jupyterapp.shell.widgets("main")].length};
        }""")
        screenshot(page, "site_lesson_02_chart_unanswered")
        pytest.fail(f"the chart's click was not answered: {state}, js errors "
                    f"{page.js_errors}, the chart said {chart.inner_text()[:400]!r}")
    assert svg.locator("title").first.text_content() == "First ionization energy down group 2"
    assert chart.locator('button[data-along="group"]').get_attribute("aria-pressed") == "true"


#: Two more kernels started on the lessons' page, each asked for one draw from every random
#: generator its Python holds (snapshot_python.random_draws) and for what __main__ holds, then
#: shut down.
TWO_KERNELS = """async () => {
  await window.jupyterapp.restored;  // the kernel's plugin active (a test run first on the page)
  const kernels = window.jupyterapp.serviceManager.kernels;
  const ask = async (kernel, code) => {
    let text = "";
    const future = kernel.requestExecute({code, store_history: false});
    future.onIOPub = (msg) => { if (msg.header.msg_type === "stream") text += msg.content.text; };
    const reply = await future.done;
    if (reply.content.status !== "ok") throw new Error(code + ": " + reply.content.status);
    return JSON.parse(text);
  };
  const out = [];
  for (const _ of [1, 2]) {
    const kernel = await kernels.startNew({name: "python"});
    out.push({
      draws: await ask(kernel, "import snapshot_python\\nprint(snapshot_python.random_draws())"),
      names: await ask(kernel, "import json, ipywidgets, periodic_edu\\nprint(json.dumps(sorted(n for n in globals() if not n.startswith('_'))))"),
    });
    await kernel.shutdown();
  }
  return out;
}"""


def test_each_lessons_kernel_draws_its_own_random_numbers_and_fetches_no_wheel(lesson_page):
    """Every lesson kernel restores the same snapshot, every generator's state in it: each
    reseeds them first (snapshot_python.restored), or two students' random numbers would be
    the same. It loads its packages from the one file, so no wheel is fetched, not even when a
    cell imports them; and the names the snapshot's imports bound are not in the lesson's."""
    page = lesson_page
    fetched: list[str] = []

    def wheel(request):
        if ".whl" in request.url:
            fetched.append(request.url)

    page.on("request", wheel)
    try:
        first, second = page.evaluate(TWO_KERNELS)
    finally:  # the page is the module's: its later lessons are not this test's
        page.remove_listener("request", wheel)
    assert "random._inst" in first["draws"], first["draws"]
    assert first["draws"].keys() == second["draws"].keys()
    assert all(first["draws"][n] != second["draws"][n] for n in first["draws"]), (first, second)
    for names in (first["names"], second["names"]):  # the kernel's own start binds these
        assert set(names) <= {"piplite", "pyodide_kernel", "snapshot_python", "json",
                              "ipywidgets", "periodic_edu",
                              "get_ipython", "exit", "quit", "open", "In", "Out"}, names
    assert fetched == [], fetched
    assert page.js_errors == [] and page.blocked == []
