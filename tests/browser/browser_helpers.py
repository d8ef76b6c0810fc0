"""Shared bits of the browser tests (imported by conftest.py and the test modules)."""
from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from ports import free_port
from shared_builds import file_lock

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

#: The browser the tests drive: Debian's Chromium as its headless shell (package
#: chromium-headless-shell: the same Blink, V8 and DevTools protocol as ``chromium``, without the
#: desktop browser around them; what Playwright itself runs for headless tests). The suite is
#: bound by its CPU: one test file's Chromium took 35 s of CPU as ``chromium --headless`` and
#: 25 s as the shell. The benchmarks keep /usr/bin/chromium: they measure what a visitor sees.
CHROMIUM = os.environ.get("PERIODIC_CHROMIUM", "/usr/bin/chromium-headless-shell")


def launch_chromium(playwright, args: list[str]):
    """Launch the tests' Chromium; a missing one fails the suite, it never skips."""
    import pytest
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium-headless-shell "
                    "(scripts/test does)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=args, headless=True)


#: The explorer's main board (the overview boards are [data-board="overview"]).
MAIN = '[data-board="main"]'
#: axe-core, pinned; installed from npm once per machine by the test setup (never at run time
#: of the page: it is read from disk and injected by playwright).
AXE_VERSION = "4.14.1"
AXE_CACHE = Path(os.environ.get("PERIODIC_AXE_CACHE",
                                Path.home() / ".cache" / "periodic_edu-tests" / f"axe-core-{AXE_VERSION}"))
#: The rules run: WCAG 2.0-2.2 A and AA.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_source() -> str:
    """axe.min.js of the pinned version (npm install into AXE_CACHE when missing)."""
    script = AXE_CACHE / "node_modules" / "axe-core" / "axe.min.js"
    # the cache is the machine's: two workers (or two runs) installing at once would clash
    with file_lock(AXE_CACHE.with_name(AXE_CACHE.name + ".lock")):
        if not script.is_file():
            _install_axe(script)
    return script.read_text(encoding="utf-8")


def _install_axe(script: Path) -> None:
    AXE_CACHE.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        ["npm", "install", "--prefix", str(AXE_CACHE), "--no-audit", "--no-fund",
         "--no-save", f"axe-core@{AXE_VERSION}"], capture_output=True, text=True, timeout=300)
    if result.returncode != 0 or not script.is_file():
        raise RuntimeError(f"could not install axe-core {AXE_VERSION} from npm:\n"
                           f"{result.stdout[-2000:]}{result.stderr[-2000:]}")


def run_axe(page, source: str, context: str = "document") -> dict:
    """Run axe on the page (or a CSS selector); returns {impact: count} and the violations."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(source)
    result = page.evaluate(
        """async ([ctx, tags]) => {
          const r = await axe.run(ctx === "document" ? document : ctx,
                                  {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
          return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.length, targets: v.nodes.slice(0, 4).map(n => n.target.join(" ")),
            summary: v.nodes.slice(0, 2).map(n => n.failureSummary)}));
        }""", [context, AXE_TAGS])
    counts = {"critical": 0, "serious": 0, "moderate": 0, "minor": 0}
    for v in result:
        counts[v["impact"] or "minor"] += v["nodes"]
    return {"counts": counts, "violations": result}


def screenshot(target, name: str, full_page: bool = False) -> Path:
    """Save a PNG of a page or locator to artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    if full_page:
        # Voila scrolls an inner element, not the document: grow the viewport to its height
        size = target.viewport_size
        tall = target.evaluate("""() => Math.max(document.documentElement.scrollHeight,
            ...[...document.querySelectorAll('body *')].filter(n => /auto|scroll/.test(
                getComputedStyle(n).overflowY)).map(n => n.scrollHeight + n.getBoundingClientRect().top))""")
        target.set_viewport_size({"width": size["width"], "height": min(int(tall) + 20, 6000)})
        target.wait_for_timeout(200)
        try:
            target.screenshot(path=str(path))
        finally:
            target.set_viewport_size(size)
    else:
        target.screenshot(path=str(path))
    return path


#: Every board frame in sight has fitted its cells to its present width: board_frame.js sets
#: ``data-sized`` to the width it fitted (a ResizeObserver does it after a load or a resize).
FRAMES_SIZED = """() => [...document.querySelectorAll('[data-role="board-frame"]')]
  .filter(n => n.offsetParent !== null)
  .every(n => n.dataset.sized === String(n.clientWidth))"""


def wait_settled(page, timeout: int = 15_000) -> None:
    """Wait until the boards in sight are sized for the present viewport and the page has
    painted twice since (a layout that follows a resize or a new tab has landed): the condition
    the tests once waited a fixed 300-500 ms for."""
    page.wait_for_function(FRAMES_SIZED, timeout=timeout)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => "
                  "requestAnimationFrame(() => done(true))))")


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server not ready after {timeout}s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    """End a test server and every process it started, at once. A graceful stop (SIGTERM)
    made Voila shut its kernels down one by one: 2-6 s per module's server and ~30 s of
    session servers at each worker's end, on a loaded machine. Nothing here tests a server's
    own shutdown (test_workshop_restart.py stops its server with Ctrl-C and reads its
    terminal). The kernels run in sessions of their own, so the server's process group alone
    would leave them: the group is frozen first (no new kernel starts), its whole tree listed,
    then everything is killed."""
    if proc.poll() is not None:
        return
    import psutil
    try:
        os.killpg(proc.pid, signal.SIGSTOP)
        tree = psutil.Process(proc.pid).children(recursive=True)
    except (ProcessLookupError, psutil.NoSuchProcess):
        tree = []
    for sig_target in (lambda: os.killpg(proc.pid, signal.SIGKILL),
                       *(child.kill for child in tree)):
        try:
            sig_target()
        except (ProcessLookupError, psutil.NoSuchProcess):
            pass
    proc.wait(timeout=10)  # the kernels, dead too, are reaped by init (a zombie holds no port)


def _jupyter_env(home: Path) -> dict[str, str]:
    """A server's Jupyter folders in ``home``; its runtime folder (kernels' connection files
    and Unix sockets: KERNELS_ON_SOCKETS) a short one of ``home``'s own in the temporary
    folder, since a socket's path must fit in 107 bytes and ``home`` lies too deep."""
    env = dict(os.environ)
    runtime = Path(tempfile.gettempdir(),
                   "pe-rt-" + hashlib.sha256(str(home).encode()).hexdigest()[:12])
    runtime.mkdir(mode=0o700, exist_ok=True)
    env["JUPYTER_RUNTIME_DIR"] = str(runtime)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"),
                     ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
                     ("IPYTHONDIR", "ipython")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # the dashboard's saved games go to this server's own directory, not the user's
    env["PERIODIC_EDU_SAVE_DIR"] = str(home / "saves")
    env.pop("JUPYTER_PATH", None)
    return env


def _start(cmd: list[str], cwd: Path, env: dict, log: Path) -> subprocess.Popen:
    handle = log.open("w")
    return subprocess.Popen(cmd, cwd=cwd, env=env, stdout=handle, stderr=subprocess.STDOUT,
                            start_new_session=True)


class Server:
    def __init__(self, proc: subprocess.Popen, base: str, log: Path, root: Path):
        self.proc, self.base, self.log, self.root = proc, base, log, root

    def kernels(self):
        """The kernel processes this server started (psutil), newest last."""
        import psutil
        kernels = []
        for child in psutil.Process(self.proc.pid).children(recursive=True):
            try:  # an ended kernel not yet reaped (a zombie) has no command line
                if "ipykernel" in " ".join(child.cmdline()):
                    kernels.append((child.create_time(), child))
            except psutil.Error:
                continue
        return [child for _, child in sorted(kernels, key=lambda pair: pair[0])]


#: The workshop's test servers keep one preheated kernel spare, not two: a test loads its
#: pages one after another, and a spare no page ever takes costs a kernel's start and the
#: dashboard's run for nothing (some 10 per run). Plain Voila keeps voila.json's two: with one
#: spare, a kernel that died at start (its TCP port taken) was the only one to hand out
#: (docs/benchmarks.md, stop 41; its kernels are on Unix sockets since stop 43, one spare not
#: tried again); the workshop's pool hands out only a kernel that started.
ONE_SPARE_WORKSHOP = "--spare_kernels=1"
#: The other Jupyter servers' kernels talk over Unix sockets too (in the short runtime folder
#: :func:`_jupyter_env` gives each server), not TCP: a kernel's ports are chosen free and bound
#: a moment later, and on the suite's busy machine another connection took one first ("Address
#: already in use"); the restarts kept that port, and a class-check page waited for a kernel
#: that never started (stop 43). Plain Voila as a person runs it keeps TCP: the race needs a
#: machine this busy.
KERNELS_ON_SOCKETS = "--KernelManager.transport=ipc"


def workshop_cmd(*args: str, port: str = "{port}") -> list[str]:
    """``python -m periodic_edu.workshop lessons/dashboard.ipynb`` on loopback without a
    browser, on ``port`` (``{port}``: the free one :func:`serving` finds), then ``args``."""
    return [sys.executable, "-m", "periodic_edu.workshop", "lessons/dashboard.ipynb",
            "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", *args]


@contextmanager
def serving(cmd: list[str], cwd: Path, home: Path, ready_path: str, root: Path):
    """Run a server on a free port (``{port}`` in ``cmd``) until the block ends."""
    log = home / "server.log"
    env = _jupyter_env(home)
    for attempt in range(3):
        port = free_port()
        proc = _start([part.format(port=port) for part in cmd], cwd=cwd, env=env, log=log)
        try:
            _wait_http(f"http://127.0.0.1:{port}{ready_path}", proc, log)
            break
        except RuntimeError:
            _stop(proc)
            # another program of the machine took the port first (tests/ports.py): another one
            said = log.read_text()
            if attempt == 2 or not ("already in use" in said or "no available port" in said):
                raise
    try:
        yield Server(proc, f"http://127.0.0.1:{port}", log, root)
    finally:
        _stop(proc)
        shutil.rmtree(env["JUPYTER_RUNTIME_DIR"], ignore_errors=True)


def sized_page(browser, width: int, height: int, touch: bool = False,
               locale: str | None = None):
    """A page of its own context at this viewport (a phone gets touch and a mobile UA scale);
    ``locale`` (e.g. "de-DE"): the browser's language (navigator.languages, Accept-Language)."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=touch, is_mobile=touch, device_scale_factor=1,
                                  **({"locale": locale} if locale else {}))
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return context, page


def play_one_turn(root, game, turn_timeout: int = 30_000, move_timeout: int = 15_000):
    """A person's first turn in the game widget, by clicks: keep the first agenda card, Spend
    on "±Z" to the first reachable cell, decline a discovery, end the turn. ``root`` is the
    page or the frame holding the widget, ``game`` the widget's locator. Returns the flask's
    cell before and after the move."""
    game.locator('[data-role="agenda"] button[data-action^="a:"]').first.click()
    root.locator('[data-widget="game"][data-my-turn="true"][data-phase="start"]').wait_for(
        timeout=turn_timeout)
    start = game.locator('[aria-current="true"]').get_attribute("data-symbol")
    game.locator('[data-mode="spend"]').click()
    game.locator('[data-trend="atomic_number"]').click()
    target = game.locator('[data-board="game"] [data-reachable="true"]').first
    destination = target.get_attribute("data-symbol")
    target.click()
    game.locator(f'[aria-current="true"][data-symbol="{destination}"]').wait_for(
        timeout=move_timeout)
    discover = game.locator('[data-role="discover"] button[data-action="d-"]')
    if discover.count():
        discover.click()
    game.locator('button[data-action="end"]').click()
    return start, destination


# -- every screen (tests/browser/test_responsive.py, tests/site) ------------------------------
#: For each cell of a board: scroll it into view, then is the topmost element at its centre
#: the cell itself (or inside it), and does no ancestor with hidden/clipped overflow cut it?
REACHABLE_CELLS = """(board) => {
  const out = [];
  for (const cell of document.querySelectorAll(`[data-board="${board}"] .pe-grid:not(.pe-fblock) [data-symbol]`)) {
    cell.scrollIntoView({block: "center", inline: "center"});
    const r = cell.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    let clipped = null;
    for (let a = cell.parentElement; a; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (/hidden|clip/.test(cs.overflowX + cs.overflowY)) {
        const ar = a.getBoundingClientRect();
        if (r.left < ar.left - 1 || r.right > ar.right + 1 || r.top < ar.top - 1 || r.bottom > ar.bottom + 1) {
          clipped = a.className || a.tagName; break;
        }
      }
    }
    out.push({symbol: cell.dataset.symbol, hit: Boolean(hit && cell.contains(hit)), clipped,
              w: Math.round(r.width), h: Math.round(r.height)});
  }
  return out;
}"""

#: Visible text smaller than 10 px, and controls smaller than 24 x 24 px, inside the widgets.
SMALL_THINGS = """(root) => {
  const scope = [...document.querySelectorAll(root)];
  const visible = (n) => { const r = n.getBoundingClientRect(); const cs = getComputedStyle(n);
    return r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none"; };
  const small = [], tiny = [], outside = [];
  for (const top of scope) for (const n of top.querySelectorAll("*")) {
    if (!visible(n) || n.closest(".pe-sr, [hidden], option")) continue;
    const own = [...n.childNodes].some(c => c.nodeType === 3 && c.textContent.trim()) || n.getAttribute("data-text");
    const size = parseFloat(getComputedStyle(n).fontSize);
    if (own && size < 10) small.push(`${n.className || n.tagName}: ${size}px`);
    const control = n.matches("button, select, input, summary, [role=gridcell], [role=tab], a[href]:not(p a, li a)");
    if (control && !n.closest("[data-role=board-frame]")) { const r = n.getBoundingClientRect();
      if (r.left < -1 || r.right > innerWidth + 1) outside.push(`${n.tagName}.${n.className}: ${Math.round(r.left)}..${Math.round(r.right)}`); }
    if (control) { const r = n.getBoundingClientRect();
      if (r.width < 24 || r.height < 24) tiny.push(`${n.tagName}.${n.className} ${n.textContent.trim().slice(0, 20)}: ${Math.round(r.width)}x${Math.round(r.height)}`); }
  }
  return {small: [...new Set(small)], tiny: [...new Set(tiny)], outside: [...new Set(outside)]};
}"""


def check_board(page, board: str, where: str) -> None:
    cells = page.evaluate(REACHABLE_CELLS, board)
    assert len(cells) == 88, (where, len(cells))
    hidden = [c for c in cells if not c["hit"] or c["clipped"]]
    assert not hidden, (where, hidden[:5])
    assert min(min(c["w"], c["h"]) for c in cells) >= 24, where


def check_sizes(page, root: str, where: str) -> None:
    found = page.evaluate(SMALL_THINGS, root)
    assert found["small"] == [], (where, found["small"][:10])
    assert found["tiny"] == [], (where, found["tiny"][:10])
    assert found["outside"] == [], (where, found["outside"][:10])  # cut off at the side


def reload_mid_game(page) -> list[str]:
    """Reload the page, accepting the "Leave page?" question; the dialogs the page raised."""
    dialogs: list[str] = []

    def on_dialog(dialog) -> None:
        dialogs.append(dialog.type)
        dialog.accept()
    page.on("dialog", on_dialog)
    page.reload()
    return dialogs


@contextmanager
def room_env(url: str):
    """``PERIODIC_EDU_ROOM`` set to ``url`` for the servers started inside the block."""
    old = os.environ.get("PERIODIC_EDU_ROOM")
    os.environ["PERIODIC_EDU_ROOM"] = url
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("PERIODIC_EDU_ROOM", None)
        else:
            os.environ["PERIODIC_EDU_ROOM"] = old


@contextmanager
def voila_on_room(notebook: str, home: Path):
    """``voila lessons/<notebook>`` from the repository root (its voila.json applies) on
    loopback, its kernels on a SQLite room store in ``home``; yields the server, with the
    store's URL as ``room_url``."""
    url = f"sqlite:///{home / 'room.db'}"
    cmd = [sys.executable, "-m", "voila", f"lessons/{notebook}", "--no-browser",
           "--port={port}", "--Voila.ip=127.0.0.1", KERNELS_ON_SOCKETS]
    with room_env(url), serving(cmd, REPO, home, "/voila/static/voila.js",
                                REPO / "lessons") as server:
        server.room_url = url
        yield server


#: The teacher's key form's words (periodic_edu.workshop.pages.TEXT), in English.
TEACHER_KEY_LABEL = "Teacher key or room key"
TEACHER_KEY_BUTTON = "Open the teacher's page"


def open_teacher_page(page, base: str, key: str, timeout: int = 150_000) -> None:
    """Open the workshop server's teacher's page as the teacher does: ``/teacher`` shows the
    key form (no kernel yet); type ``key`` (a class's teacher key or the room key) into the
    labelled field and press the button; the server sets the teacher's cookie and sends the
    page back to ``/teacher``, now the Voila page. Returns once the key form has gone (the
    Voila page may still be loading, or retrying while the teacher's places are taken)."""
    page.goto(base + "/teacher")
    field = page.get_by_label(TEACHER_KEY_LABEL)
    field.fill(key)
    page.get_by_role("button", name=TEACHER_KEY_BUTTON).click()
    field.wait_for(state="detached", timeout=timeout)
