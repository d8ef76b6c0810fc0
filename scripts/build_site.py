"""Build the static site: the dashboard and the lessons in JupyterLite, Python in the browser.

Run through ``scripts/build-site`` (which makes ``.venv`` with the ``site`` extra). Everything
comes from the package registries, pinned (``site_src/pins.json``, pyproject's ``site`` extra):

* Pyodide's core from the npm package ``pyodide`` (checked against its sha256);
* the kernel's boot packages (micropip, ipython and its dependencies, jedi, ...) as pure-Python
  wheels from PyPI at the versions Pyodide's lock file names; the lock is rewritten to those
  files (their sha256) and trimmed to what the site holds, so nothing is looked up elsewhere;
* the app stack (anywidget, ipywidgets, ...) from PyPI and periodic-edu built from this
  checkout, added to the lock and preloaded in parallel when the kernel starts;
* the dashboard page (no JupyterLab, no kernel: Pyodide in a worker with only the wheels the
  dashboard imports, see site_src/page_kernel.py) and its widget front end, bundled by esbuild
  from the npm packages pinned in site_src/package-lock.json.

Downloads are cached (``$PERIODIC_EDU_SITE_CACHE``, default ``~/.cache/periodic_edu-site``),
so a rebuild needs no network. Usage: ``build_site.py [--output site]``.
"""
from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SRC = REPO / "site_src"
PINS = json.loads((SRC / "pins.json").read_text(encoding="utf-8"))
#: The lock's platform: what a pure wheel is downloaded for.
WASM_PYTHON = "3.14"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: The kernel extension's own wheels (piplite, the kernel, the ipykernel and
#: widgetsnbextension stand-ins), added to the lock so they load with everything else.
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")


def say(message: str) -> None:
    print(f"build-site: {message}", flush=True)


class BuildError(Exception):
    """A build step failed; the message says which and why."""


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def cache_dir() -> Path:
    root = os.environ.get("PERIODIC_EDU_SITE_CACHE") or Path.home() / ".cache" / "periodic_edu-site"
    path = Path(root)
    for sub in ("npm", "pypi", "lite"):
        (path / sub).mkdir(parents=True, exist_ok=True)
    return path


def run(cmd: list[str], **kwargs) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise BuildError(f"{' '.join(cmd[:4])} ... failed:\n{result.stdout[-2000:]}"
                         f"{result.stderr[-2000:]}")


# -- downloads -------------------------------------------------------------------------------
def npm_tarball(cache: Path) -> Path:
    pin = PINS["pyodide"]
    tarball = cache / "npm" / f"{pin['npm']}-{pin['version']}.tgz"
    if not tarball.exists():
        say(f"npm pack {pin['npm']}@{pin['version']}")
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed once to fetch Pyodide (apt-get install npm)")
        run([npm, "pack", f"{pin['npm']}@{pin['version']}", "--silent"], cwd=cache / "npm")
    if sha256(tarball) != pin["sha256"]:
        raise BuildError(f"{tarball} does not match the sha256 pinned in site_src/pins.json")
    return tarball


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for path in folder.glob("*.whl"):
        dist, ver = path.name.split("-")[:2]
        if dist.lower() == stem and ver == version and path.name.endswith("-none-any.whl"):
            return path
    return None


def pypi_wheels(cache: Path, wanted: dict[str, str]) -> dict[str, Path]:
    """Pure-Python wheels ``name -> path`` at exactly the versions asked, from the cache or
    PyPI (one pip call for all that are missing)."""
    folder = cache / "pypi"
    missing = [f"{n}=={v}" for n, v in wanted.items() if find_wheel(folder, n, v) is None]
    if missing:
        say(f"pip download {len(missing)} wheels from PyPI")
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
             "--python-version", WASM_PYTHON, "--implementation", "py", "--abi", "none",
             "--platform", "any", "--disable-pip-version-check", "-q", "-d", str(folder),
             *missing])
    found = {}
    for name, version in wanted.items():
        path = find_wheel(folder, name, version)
        if path is None:
            raise BuildError(f"no pure-Python wheel of {name}=={version} on PyPI")
        found[canonical(name)] = path
    return found


def project_wheel(out: Path) -> Path:
    say("building the periodic-edu wheel from this checkout")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "-q", "-w", str(out), str(REPO)])
    wheels = list(out.glob("periodic_edu-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one periodic_edu wheel in {out}, found {wheels}")
    without_description(wheels[0])
    return wheels[0]


def without_description(wheel: Path) -> None:
    """``wheel`` with no description in its METADATA (the README, which a package index shows):
    no page reads it, and with it every edit of the README changed the site's wheel, so the
    next build compiled its bytecode and made the Python snapshot anew (about 30 s, paid by the
    next test run). RECORD gets METADATA's new hash; the rest is copied byte for byte."""
    with zipfile.ZipFile(wheel) as z:
        members = [[info, z.read(info)] for info in z.infolist()]
    meta = next(m for m in members if m[0].filename.endswith(".dist-info/METADATA"))
    meta[1] = meta[1].decode("utf-8").partition("\n\n")[0].encode("utf-8") + b"\n"
    digest = base64.urlsafe_b64encode(hashlib.sha256(meta[1]).digest()).rstrip(b"=").decode()
    line = f"{meta[0].filename},sha256={digest},{len(meta[1])}"
    record = next(m for m in members if m[0].filename.endswith(".dist-info/RECORD"))
    record[1] = "".join(line + "\n" if old.startswith(meta[0].filename + ",") else old
                        for old in record[1].decode("utf-8").splitlines(keepends=True)
                        ).encode("utf-8")
    rewritten = wheel.with_name(wheel.name + ".part")
    with zipfile.ZipFile(rewritten, "w") as z:
        for info, data in members:
            z.writestr(info, data)
    rewritten.replace(wheel)


# -- the lock --------------------------------------------------------------------------------
def wheel_facts(path: Path) -> dict:
    """Name, version, top-level imports and runtime requirements of a wheel."""
    with zipfile.ZipFile(path) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode("utf-8"))
        tops = set()
        for n in z.namelist():
            head = n.split("/")[0]
            if head.endswith((".dist-info", ".data")):
                continue
            if "/" in n:
                tops.add(head)
            elif n.endswith(".py"):
                tops.add(n[:-3])
    return {"name": meta["Name"], "version": meta["Version"],
            "imports": sorted(t for t in tops if t.isidentifier()),
            "requires": meta.get_all("Requires-Dist") or []}


def runtime_requirements(requires: list[str]) -> list[str]:
    """Requirement names that apply in the browser (no extras, markers for Python 3.14)."""
    from packaging.requirements import Requirement

    env = {"python_version": WASM_PYTHON, "python_full_version": WASM_PYTHON + ".0",
           "sys_platform": "emscripten", "platform_system": "Emscripten",
           "implementation_name": "cpython", "extra": ""}
    names = []
    for text in requires:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate(env):
            names.append(canonical(req.name))
    return names


def closure(lock: dict, roots: list[str]) -> list[str]:
    seen: list[str] = []
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in lock:
            raise BuildError(f"Pyodide's lock has no package {name!r}")
        seen.append(name)
        todo.extend(canonical(d) for d in lock[name]["depends"])
    return sorted(seen)


def entry(facts: dict, path: Path) -> dict:
    return {"name": canonical(facts["name"]), "version": facts["version"],
            "file_name": path.name, "install_dir": "site", "sha256": sha256(path),
            "package_type": "package", "imports": facts["imports"], "depends": [],
            "unvendored_tests": False, "shared_library": False}


def write_lock(pyodide_dir: Path, lock: dict, wheels: dict[str, Path]) -> list[str]:
    """Rewrite ``pyodide-lock.json`` to hold exactly ``wheels`` (copied beside it)."""
    packages = {}
    requires = {}
    for name, path in wheels.items():
        facts = wheel_facts(path)
        item = entry(facts, path)
        old = lock["packages"].get(name)
        if old is not None:  # keep Pyodide's imports list where it has one
            item["imports"] = old.get("imports") or item["imports"]
        packages[name] = item
        requires[name] = runtime_requirements(facts["requires"])
        shutil.copy2(path, pyodide_dir / path.name)
    for name, item in packages.items():
        old = lock["packages"].get(name, {}).get("depends", [])
        depends = {canonical(d) for d in old} | set(requires[name])
        item["depends"] = sorted(d for d in depends if d in packages and d != name)
    lock = {"info": lock["info"], "packages": dict(sorted(packages.items()))}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(packages)


# -- bytecode --------------------------------------------------------------------------------
#: Runs in Node with the site's own Pyodide (so the bytecode is exactly its Python's): each
#: wheel in ``in/`` is written to ``out/`` with a ``__pycache__/*.cpython-314.pyc`` beside every
#: module (unchecked-hash pycs: valid whatever the files' times). The .py files stay (tracebacks,
#: inspect, jedi). The standard library (``python_stdlib.zip``, which Pyodide ships as sources
#: only, imported from the zip by zipimport) is written as bytecode alone, each ``x.pyc`` where
#: ``x.py`` was (zipimport's layout: it has no ``__pycache__``): the dashboard's worker loads it
#: instead of Pyodide's (``stdLibURL``), so the page compiles no standard module at start; the
#: sources are left out (4.5 MB instead of 7 MB: a cold visit downloads it), so a traceback
#: through the standard library shows no source line there. The lessons keep Pyodide's own.
PYC_NODE = """
import { loadPyodide } from "./pyodide.mjs";
const [work] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: new URL(".", import.meta.url).pathname });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/work");
py.runPython(`
import importlib.util, os, posixpath, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
tag = sys.implementation.cache_tag
major, minor = sys.version_info[:2]
for name in sorted(os.listdir("/work/in")):
    stdlib = name == "python_stdlib.zip"
    root = f"/lib/python{major}{minor}.zip/" if stdlib else f"/lib/python{major}.{minor}/site-packages/"
    with zipfile.ZipFile("/work/in/" + name) as zin, \\
            zipfile.ZipFile("/work/out/" + name, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            head = info.filename.split("/")[0]
            if not info.filename.endswith(".py") or head.endswith((".dist-info", ".data")):
                zout.writestr(info, data)
                continue
            try:
                code = compile(data, root + info.filename, "exec", dont_inherit=True)
            except SyntaxError:  # a template or a Python 2 leftover: imported never
                zout.writestr(info, data)
                continue
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            if stdlib:
                zout.writestr(info.filename + "c", pyc)
                continue
            zout.writestr(info, data)
            folder, base = posixpath.split(info.filename)
            zout.writestr(posixpath.join(folder, "__pycache__", base[:-3] + "." + tag + ".pyc"),
                          pyc)
`);
"""


def precompiled(wheels: dict[str, Path], pyodide_dir: Path, lock: dict,
                cache: Path) -> dict[str, Path]:
    """The wheels with their bytecode in them, so the browser's Python imports without
    compiling (IPython and its friends take seconds to compile on a slow machine, at every
    page load, since the page's file system starts empty). Cached by the wheel's sha256."""
    node = shutil.which("node")
    if node is None:
        say("node not found: wheels left without bytecode (the site starts slower)")
        return wheels
    folder = cache / "pyc"
    folder.mkdir(exist_ok=True)
    done = {name: folder / sha256(path)[:16] / path.name for name, path in wheels.items()}
    todo = {name: path for name, path in wheels.items() if not done[name].exists()}
    if todo:
        say(f"compiling {len(todo)} wheels to bytecode with the site's Pyodide (node)")
        with tempfile.TemporaryDirectory(prefix="periodic-edu-pyc-") as tmp:
            work = Path(tmp)
            (work / "in").mkdir()
            (work / "out").mkdir()
            for path in todo.values():
                shutil.copy2(path, work / "in" / path.name)
            for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                         "python_stdlib.zip"):
                shutil.copy2(pyodide_dir / name, work / name)
            (work / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
            (work / "compile.mjs").write_text(PYC_NODE, encoding="utf-8")
            run([node, str(work / "compile.mjs"), str(work)], cwd=work)
            for name, path in todo.items():
                done[name].parent.mkdir(exist_ok=True)
                shutil.copy2(work / "out" / path.name, done[name])
    return done


# -- the memory snapshots --------------------------------------------------------------------
#: Runs in Node with the site's own Pyodide: Python started as the page's worker starts it (the
#: same standard library, the same files in site-packages: a packages file's), the given Python
#: modules written beside them and the given code run (every module the page imports before
#: its first answer), then Pyodide's memory snapshot (``makeMemorySnapshot``: the wasm memory,
#: Python's whole state) written gzipped. A page restores it instead of starting Python and
#: importing (site_src/page_kernel.py says what must not be in it, and what a page does first:
#: ``snapshot_python.restored``). A JavaScript value Python holds must be found again in the
#: page: Pyodide restores its own API object and a global taken through ``js`` (``js.fetch``,
#: which ``pyodide.http`` takes: the page's own, looked up by name); a function of Pyodide's
#: public API or its internal one (``loadPackagesFromImports``, which the lessons' kernel
#: imports) is written by name (``{"pyodide": name}``, ``{"api": name}``:
#: site_src/lesson_pyodide.mjs finds it again); anything else refuses the snapshot (it would be
#: Node's object, not the page's).
SNAPSHOT_NODE = """
import { loadPyodide } from "./pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
const [stdlib, pack, out, code, ...modules] = process.argv.slice(2);
const here = new URL(".", import.meta.url).pathname;
try {
  const py = await loadPyodide({ indexURL: here, stdLibURL: here + stdlib, _makeSnapshot: true });
  const bytes = gunzipSync(readFileSync(here + pack));  // packages_pack's layout
  const length = bytes.readUInt32LE(0);
  const index = JSON.parse(bytes.subarray(4, 4 + length).toString("utf8"));
  let at = 4 + length;
  const sitePackages = py.pyimport("site").getsitepackages().toJs()[0];
  for (const [path, size] of index) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (folder) py.FS.mkdirTree(`${sitePackages}/${folder}`);
    py.FS.writeFile(`${sitePackages}/${path}`, bytes.subarray(at, (at += size)));
  }
  for (const name of modules) py.FS.writeFile(`${sitePackages}/${name}`, readFileSync(here + name));
  // in a namespace of its own: the names it binds are not the lessons' (their namespace is
  // Python's __main__)
  const scope = py.toPy({});
  await py.runPythonAsync(`import importlib\nimportlib.invalidate_caches()\n${code}`, { globals: scope });
  scope.destroy();
  py.pyimport("gc").collect();
  const named = (value) => {
    for (const [where, owner] of [["pyodide", py], ["api", py._api]]) {
      const name = Object.getOwnPropertyNames(owner).find((key) => {
        try { return owner[key] === value; } catch { return false; }
      });
      if (name !== undefined) return { [where]: name };
    }
    throw new Error("not one of Pyodide's own");
  };
  let snapshot;
  try {
    snapshot = py.makeMemorySnapshot({ serializer: named });
  } catch (error) {
    throw new Error(`Pyodide refused to write the snapshot (${error.message}): Python holds a `
                    + "JavaScript object; what the snapshot's code imports must hold none");
  }
  writeFileSync(out, gzipSync(snapshot, { level: 9 }));
  // the bytecode files of the modules it holds imported (paths in site-packages): Python reads
  // them no more (asked after the snapshot: this leaves nothing in it)
  const cached = py.runPython(
    "import json, sys\\n"
    + `json.dumps(sorted(f[len(${JSON.stringify(sitePackages + "/")}):] for f in `
    + `(getattr(m, '__cached__', None) for m in list(sys.modules.values())) `
    + `if isinstance(f, str) and f.startswith(${JSON.stringify(sitePackages + "/")})))`,
    { globals: py.toPy({}) });
  writeFileSync(out + ".imported.json", cached);
} catch (error) {  // one clear line, not Pyodide's minified source
  console.error(String(error && (error.message || error)).slice(-3000));
  process.exit(1);
}
"""
#: The dashboard's Python as a Pyodide memory snapshot (``SNAPSHOT_NODE``), gzipped, in
#: static/pyodide/: the worker fetches it while Pyodide's own files load, ungzips it with the
#: browser's DecompressionStream and starts Python from it.
SNAPSHOT_FILE = "dashboard-python.snapshot"
#: The lessons' kernel's Python (JupyterLite's Pyodide kernel: IPython's kernel imported, and
#: what the lessons import first), and its packages' files: site_src/lesson_pyodide.mjs.
LESSON_SNAPSHOT_FILE = "lesson-python.snapshot"
LESSON_PACKAGES_FILE = "lesson-packages.pack"
#: What the lessons' snapshot imports: the kernel's own start (jupyterlite-pyodide-kernel's
#: worker runs ``import pyodide_kernel`` after configuring piplite: then a no-op), the modules
#: the lessons import (the widgets' by name: the package imports each on first use), and the
#: message catalogs parsed, as the dashboard's.
LESSON_IMPORTS = """\
import micropip, piplite.piplite, pyodide_kernel, snapshot_python
from periodic_edu import board, chemistry, elemonster, engine, i18n, ionization, trends
from periodic_edu.widgets import (ElementCard, ElemonsterWidget, GameWidget, PracticeCheckWidget,
                                  TrendChart, TrendExplorer, explore)
i18n.preload()"""


def snapshot(pyodide_dir: Path, cache: Path, *, wheels: list[Path], out: str, code: str,
             modules: list[Path], what: str) -> set[str]:
    """Writes ``out`` into ``pyodide_dir``: ``SNAPSHOT_NODE`` run with the site's Pyodide,
    standard library (``STDLIB_PYC``) and the files of ``wheels`` (a packages file of them),
    ``modules`` written into site-packages and ``code`` run; made with Node and cached by the
    sha256 of them all. Returns the bytecode files (paths in site-packages) of the modules the
    snapshot holds imported: a page restored from it reads them no more. No Node, or a
    snapshot Pyodide or the check refuses: a ``BuildError`` naming ``what`` and saying why (the
    page has no other way to start its Python)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"node is needed to make {what} (apt-get install nodejs)")
    inputs = [pyodide_dir / n for n in (*PYODIDE_FILES, STDLIB_PYC)]
    missing = [p.name for p in inputs if not p.is_file()]
    if missing:
        raise BuildError(f"{what} needs {missing} (made earlier in the build)")
    key = hashlib.sha256(("".join(sha256(p) for p in [*inputs, *wheels, *modules])
                          + "".join(m.name for m in modules) + PACK_SKIP.pattern + code
                          + SNAPSHOT_NODE).encode())
    done = cache / "snapshot" / key.hexdigest()[:16] / out
    if not done.exists():
        say(f"making {what} with the site's Pyodide (node)")
        with tempfile.TemporaryDirectory(prefix="periodic-edu-snapshot-") as tmp:
            work = Path(tmp)
            for path in [*inputs, *modules]:
                shutil.copy2(path, work / path.name)
            (work / "packages.pack").write_bytes(packages_pack(wheels))
            (work / "snapshot.mjs").write_text(SNAPSHOT_NODE, encoding="utf-8")
            try:
                run([node, str(work / "snapshot.mjs"), STDLIB_PYC, "packages.pack",
                     str(work / out), code, *(m.name for m in modules)], cwd=work)
            except BuildError as exc:
                raise BuildError(f"{what} could not be made: {exc}") from exc
            done.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(work / f"{out}.imported.json", done.parent)
            shutil.copy2(work / out, done)
    shutil.copy2(done, pyodide_dir / out)
    return set(json.loads((done.parent / f"{out}.imported.json").read_text(encoding="utf-8")))


def site_lock(pyodide_dir: Path) -> dict:
    """The site's lock (``write_lock``'s): its packages by name, each wheel in ``pyodide_dir``."""
    return json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]


def memory_snapshot(pyodide_dir: Path, cache: Path, kernel: Path = SRC / "page_kernel.py") -> Path:
    """``PACKAGES_FILE`` and ``SNAPSHOT_FILE``: the dashboard's packages (pins.json's
    ``dashboard``, those alone: ipywidgets' IPython is page_kernel's stand-in) in one file, and
    its Python with them, ``kernel`` (site_src/page_kernel.py) imported and its ``prepare``
    run."""
    lock = site_lock(pyodide_dir)
    wheels = [pyodide_dir / lock[canonical(n)]["file_name"] for n in PINS["dashboard"]]
    (pyodide_dir / PACKAGES_FILE).write_bytes(packages_pack(wheels))
    snapshot(pyodide_dir, cache, wheels=wheels, out=SNAPSHOT_FILE,
             code="import page_kernel\npage_kernel.prepare()",
             modules=[kernel, SRC / "snapshot_python.py"], what="the dashboard's Python snapshot")
    return pyodide_dir / SNAPSHOT_FILE


def lesson_snapshot(pyodide_dir: Path, cache: Path) -> None:
    """``LESSON_SNAPSHOT_FILE`` and ``LESSON_PACKAGES_FILE``: the lessons' kernel's Python with
    its packages (pins.json's ``preload`` and what they need), ``LESSON_IMPORTS`` imported, and
    the packages' files in one file, less the bytecode of the modules the snapshot holds
    imported (a quarter of its bytes: a page ungzips and writes every one)."""
    lock = site_lock(pyodide_dir)
    wheels = [pyodide_dir / lock[name]["file_name"] for name in closure(lock, PINS["preload"])]
    imported = snapshot(pyodide_dir, cache, wheels=wheels, out=LESSON_SNAPSHOT_FILE,
                        code=LESSON_IMPORTS, modules=[SRC / "snapshot_python.py"],
                        what="the lessons' Python snapshot")
    (pyodide_dir / LESSON_PACKAGES_FILE).write_bytes(packages_pack(wheels, leave_out=imported))


# -- the dashboard page ----------------------------------------------------------------------
def page_bundle(cache: Path, anywidget_wheel: Path, into: Path) -> Path:
    """``dashboard-widgets.js`` and ``.css``: the Jupyter widgets' front end for the dashboard
    page (site_src/page_widgets.js, bundled with its npm packages; anywidget's front end from
    the same wheel as its Python). ``npm ci`` runs once per lock file (cached)."""
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed to bundle the dashboard page (apt-get install npm)")
    lock = SRC / "package-lock.json"
    work = cache / "npm" / f"dashboard-page-{sha256(lock)[:16]}"
    if not (work / "node_modules" / ".bin" / "esbuild").exists():
        say("npm ci (the dashboard page's widget front end)")
        work.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(SRC / name, work / name)
        run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=work)
    with zipfile.ZipFile(anywidget_wheel) as wheel:
        front = wheel.read("anywidget/nbextension/index.js").decode("utf-8")
    # its notebook bundle is an AMD module, define(["@jupyter-widgets/base"], factory)
    (work / "anywidget_front.js").write_text(
        "let factory;\nconst define = (deps, f) => { factory = f; };\n" + front
        + "\nexport default factory;\n", encoding="utf-8")
    shutil.copy2(SRC / "page_widgets.js", work / "page_widgets.js")
    run([str(work / "node_modules" / ".bin" / "esbuild"), "page_widgets.js", "--bundle",
         "--format=esm", "--minify", "--legal-comments=eof", "--log-level=warning",
         "--alias:anywidget-front=./anywidget_front.js", "--loader:.svg=dataurl",
         "--loader:.woff=dataurl", "--loader:.woff2=dataurl", "--loader:.ttf=dataurl",
         "--loader:.eot=dataurl", f"--outfile={into / 'dashboard-widgets.js'}"], cwd=work)
    return work


def filled(name: str, marker: str, declaration: str, value: Any) -> str:
    """The script ``site_src/<name>`` with its line ``marker`` replaced by
    ``<declaration> = <value as JSON>;``: what a page needs before Python has loaded."""
    script = (SRC / name).read_text(encoding="utf-8")
    if script.count(marker) != 1:
        raise BuildError(f"site_src/{name}: the line {marker!r} is missing")
    return script.replace(marker, f"{declaration} = {json.dumps(value, ensure_ascii=False)};")


def homework_wheels(wheels: dict[str, Path]) -> list[str]:
    """The file names of the wheels the homework page loads besides the dashboard's
    (pins.json's ``homework``: segno, for the result code's QR code)."""
    return [wheels[canonical(n)].name for n in PINS["homework"]]


def worker_script(wheels: dict[str, Path], stdlib: str) -> str:
    """dashboard_worker.js with the file names of the dashboard's packages (``PACKAGES_FILE``,
    unpacked: ``packages_file``), its Python's snapshot (``SNAPSHOT_FILE``), the homework
    page's own wheels, and the standard library it loads (``stdlib_file``)."""
    script = (SRC / "dashboard_worker.js").read_text(encoding="utf-8")
    for marker, value in (('const PACKAGES = "";', PACKAGES_FILE),
                          ('const SNAPSHOT = "";', SNAPSHOT_FILE),
                          ("const HOMEWORK_WHEELS = [];", homework_wheels(wheels)),
                          ('const STDLIB = "";', stdlib if stdlib == STDLIB_PYC else "")):
        if script.count(marker) != 1:
            raise BuildError(f"site_src/dashboard_worker.js: the line {marker!r} is missing")
        script = script.replace(marker, f"{marker.split(' = ')[0]} = {json.dumps(value)};")
    return script


def worker_files(site: Path) -> list[str]:
    """The files in static/pyodide/ the built worker loads besides Pyodide's own: the
    dashboard's packages, its Python's snapshot and the homework page's wheels (what the
    service worker caches)."""
    script = (site / "dashboard_worker.js").read_text(encoding="utf-8")
    packages = json.loads(re.search(r"const PACKAGES = (\".*?\");", script).group(1))
    snapshot = json.loads(re.search(r"const SNAPSHOT = (\".*?\");", script).group(1))
    wheels = json.loads(re.search(r"const HOMEWORK_WHEELS = (\[.*?\]);", script).group(1))
    return [packages, snapshot, *wheels]


#: The dashboard's packages (pins.json's ``dashboard``), unpacked into one file: the worker
#: fetches it while Pyodide starts, ungzips it with the browser's own DecompressionStream and
#: writes each file into site-packages (Pyodide's unpackArchive unzipped seven wheels in
#: Python: 0.4 s of a cold start). Layout, gzipped: a 4-byte little-endian length, that many
#: bytes of JSON ``[[path, size], ...]`` (paths in site-packages), then the files' bytes in
#: that order. Each file is the wheel's own, byte for byte (bytecode included: ``precompiled``).
PACKAGES_FILE = "dashboard-packages.pack"
#: What the page's Python never reads: a wheel's ``.data`` (JupyterLab's copy of anywidget's
#: front end), anywidget's own front-end bundles (the page bundles the one it needs at build
#: time: ``page_bundle``), test suites.
PACK_SKIP = re.compile(r"^[^/]+\.data/|^anywidget/(labextension|nbextension)/|(^|/)tests/")


def packages_pack(wheels: list[Path], leave_out: set[str] = frozenset()) -> bytes:
    """``PACKAGES_FILE``'s bytes: the files of ``wheels`` but ``PACK_SKIP``'s and those named
    in ``leave_out``, gzipped."""
    index: list[list] = []
    blobs: list[bytes] = []
    owner: dict[str, str] = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            for info in z.infolist():
                if info.is_dir() or PACK_SKIP.search(info.filename) \
                        or info.filename in leave_out:
                    continue
                if info.filename in owner:
                    raise BuildError(f"{info.filename} is in both {owner[info.filename]} and "
                                     f"{wheel.name}")
                owner[info.filename] = wheel.name
                data = z.read(info)
                index.append([info.filename, len(data)])
                blobs.append(data)
    head = json.dumps(index, separators=(",", ":")).encode("utf-8")
    return gzip.compress(len(head).to_bytes(4, "little") + head + b"".join(blobs),
                         compresslevel=9, mtime=0)


def read_pack(data: bytes) -> dict[str, bytes]:
    """``path -> bytes`` of a ``PACKAGES_FILE`` (what the worker writes into site-packages)."""
    raw = gzip.decompress(data)
    length = int.from_bytes(raw[:4], "little")
    at = 4 + length
    files = {}
    for path, size in json.loads(raw[4:at].decode("utf-8")):
        files[path] = raw[at:at + size]
        at += size
    if at != len(raw):
        raise ValueError(f"the pack holds {len(raw) - at} bytes its index does not name")
    return files


# -- the JupyterLite build -------------------------------------------------------------------
def kernel_extension_wheels(kernel_whl: Path, into: Path) -> dict[str, Path]:
    """The wheels the pyodide kernel extension ships (piplite, pyodide_kernel, stubs)."""
    found = {}
    with zipfile.ZipFile(kernel_whl) as z:
        for n in z.namelist():
            base = n.rsplit("/", 1)[-1]
            if "/static/pypi/" in n and base.endswith(".whl") and base.startswith(KERNEL_WHEELS):
                target = into / base
                target.write_bytes(z.read(n))
                found[canonical(wheel_facts(target)["name"])] = target
    if set(found) != {"piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension"}:
        raise BuildError(f"unexpected wheels in {kernel_whl.name}: {sorted(found)}")
    return found


def site_lesson(name: str) -> str:
    """Where a lesson of ``lessons/`` goes in the site: ``uk/01_x.ipynb`` -> ``uk/01_x.uk.ipynb``.

    JupyterLite 0.8 keys a notebook's session by its file name alone, so ``uk/01_x.ipynb``
    opened after ``01_x.ipynb`` would be handed the English lesson's session (and fail)."""
    folder, _, base = name.rpartition("/")
    return f"{folder}/{base.removesuffix('.ipynb')}.{folder.replace('/', '.')}.ipynb" \
        if folder else name


def lesson_copy(src: Path, dst: Path) -> None:
    """A lesson for the browser: the Pyodide kernel named, so no kernel dialog opens."""
    nb = json.loads(src.read_text(encoding="utf-8"))
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                    "language": "python"}
    dst.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


def page_script() -> str:
    """dashboard.js with the page's own words in every language, from the message catalog
    (the page speaks before its data and Python have loaded): SITE's, the dashboard frame's
    (DASHBOARD: tabs, language switch, element picker), the language switch's choices and
    Python's own sentence for an unknown ``?lang=``."""
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import DASHBOARD, SITE

    marker = "\x00"
    try:
        i18n.resolve_language(marker)
    except i18n.UnknownLanguageError as exc:
        unknown = str(exc).replace(repr(marker), "{lang}")
    frame = ("title", "about", "intro", "tab_explore", "tab_cards", "tab_play", "tab_practice",
             "language", "element")
    words = {lang: {**{key: i18n.gettext("widgets", text, lang) for key, text in SITE.items()},
                    **{key: i18n.gettext("widgets", DASHBOARD[key], lang)
                       for key in frame if key != "title"},
                    "dashboard_title": i18n.gettext("widgets", DASHBOARD["title"], lang),
                    "unknown_language": unknown,
                    "languages": [[c, i18n.LANGUAGE_NAMES[c]] for c in i18n.LANGUAGES]}
             for lang in i18n.LANGUAGES}
    return filled("dashboard.js", "const WORDS = {}; // WORDS: written by scripts/build_site.py",
                  "const WORDS", words)


def homework_script() -> str:
    """homework.js with the homework page's own words in every language, from the message
    catalog (SITE's, HOMEWORK's, the language switch's): they show before Python has loaded."""
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import DASHBOARD, HOMEWORK, SITE

    words = {lang: {**{key: i18n.gettext("widgets", text, lang) for key, text in SITE.items()},
                    **{key: i18n.gettext("widgets", text, lang)
                       for key, text in HOMEWORK.items()},
                    "language": i18n.gettext("widgets", DASHBOARD["language"], lang),
                    "languages": [[c, i18n.LANGUAGE_NAMES[c]] for c in i18n.LANGUAGES]}
             for lang in i18n.LANGUAGES}
    return filled("homework.js", "const WORDS = {}; // WORDS: written by scripts/build_site.py",
                  "const WORDS", words)


# -- the static tabs: data written by Python, drawn by the widgets' own modules ----------------
#: Where the static dashboard finds one language's data (the page fetches only its own).
DATA_FILE = "dashboard-data-{lang}.json"
#: The static tabs' ES modules and the widgets' CSS they need (widgets_js/, bundled).
STATIC_CSS = ("periodic.css", "elemonster.css")
#: ``dashboard-games.css``: the rest of what the page's game widgets carry in ``_css`` (the
#: symbol font's ``@font-face`` first), linked by the page while Python starts (dashboard.js)
#: instead of inserted by anywidget as each game is drawn; tests/site checks that every sheet
#: of every widget class the page's Python builds is in one of the two files.
GAMES_CSS = ("game.css", "class_check.css")


def dashboard_data(lang: str) -> dict:
    """What the static dashboard's Explore trends and Element cards tabs draw, in ``lang``:
    the synced state of the widgets themselves (a TrendExplorer, an ElementCard shown on each
    of the 118 elements), so the page shows what the widget would, without Python.

    Also the dashboard's words for its frame (tabs, language switch, element picker) and the
    templates of the refusals the explorer can meet (an unknown symbol typed in its box)."""
    from periodic_edu import board, i18n
    from periodic_edu.chemistry import ELEMENTS
    from periodic_edu.locale.widget_texts import DASHBOARD, PAGE
    from periodic_edu.widgets import ElementCard, TrendExplorer
    from periodic_edu.widgets.dashboard import _element_options

    explorer = TrendExplorer(symbol="Na", lang=lang)
    card = ElementCard("Na", lang=lang)
    cards = {}
    for e in ELEMENTS:
        card.symbol = e.symbol
        cards[e.symbol] = card.element
    say = lambda key: i18n.gettext("widgets", DASHBOARD[key], lang)  # noqa: E731
    page = lambda key: i18n.gettext("widgets", PAGE[key], lang)  # noqa: E731
    state = lambda widget, names: {n: getattr(widget, n) for n in names}  # noqa: E731
    return {
        "lang": lang,
        "max_steps": board.MAX_STEPS,
        "words": {k: say(k) for k in ("title", "intro", "tab_explore", "tab_cards", "tab_play",
                                      "language", "element")},
        "explorer": state(explorer, ("symbol", "trend", "steps", "property", "error", "lang",
                                     "strings", "cells", "fblock", "elements", "trend_info",
                                     "properties")),
        "reach_table": explorer.reach_table,
        "card": state(card, ("error", "lang", "strings", "sources", "card_style")),
        "cards": cards,
        "options": [[label, symbol] for label, symbol in _element_options(lang)],
        "off_board": [[c["symbol"], c["name"], c["z"]] for c in explorer.fblock],
        "refusals": {k: page(k) for k in ("want_cell", "f_block", "unknown_symbol",
                                          "unknown_trend", "want_steps", "unknown_property",
                                          "read_only", "no_messages")},
    }


def write_dashboard_data(into: Path) -> list[str]:
    """One data file per language (compact JSON); returns their names."""
    from periodic_edu import i18n

    names = []
    for lang in i18n.LANGUAGES:
        name = DATA_FILE.format(lang=lang)
        (into / name).write_text(json.dumps(dashboard_data(lang), ensure_ascii=False,
                                            separators=(",", ":")), encoding="utf-8")
        names.append(name)
    return names


def static_bundle(work: Path, into: Path) -> None:
    """``dashboard.js``: the page's script with the widgets' own ES modules (widgets_js/) and
    the static model, one file (esbuild); ``dashboard-static.css``: the widgets' CSS."""
    for folder in ("widgets_js", "site_src"):  # the repository's layout: ../widgets_js/
        if (work / folder).exists():
            shutil.rmtree(work / folder)
    shutil.copytree(REPO / "widgets_js", work / "widgets_js")
    (work / "site_src").mkdir()
    shutil.copy2(SRC / "static_model.js", work / "site_src" / "static_model.js")
    (work / "site_src" / "dashboard.js").write_text(page_script(), encoding="utf-8")
    run([str(work / "node_modules" / ".bin" / "esbuild"), "site_src/dashboard.js", "--bundle",
         "--external:./dashboard-widgets.js",  # the games' front end: loaded while Python starts
         "--format=esm", "--minify", "--legal-comments=eof", "--log-level=warning",
         f"--outfile={into / 'dashboard.js'}"], cwd=work)
    (into / "dashboard-static.css").write_text(
        "\n".join((REPO / "widgets_js" / n).read_text(encoding="utf-8") for n in STATIC_CSS),
        encoding="utf-8")
    from periodic_edu.widgets._assets import font_face
    (into / "dashboard-games.css").write_text("\n".join(
        [font_face(), *((REPO / "widgets_js" / n).read_text(encoding="utf-8") for n in GAMES_CSS)]),
        encoding="utf-8")


# -- cached and offline: the service worker, the manifest, the icons ---------------------------
#: The files the dashboard page loads besides the wheels and the data (a test holds this list
#: to what a visit really fetches).
PAGE_FILES = ("dashboard.html", "site.css", "dashboard-static.css", "dashboard.js",
              "dashboard-widgets.js", "dashboard-widgets.css", "dashboard-games.css",
              "dashboard_worker.js", "manifest.webmanifest", "icon-192.png", "icon-512.png",
              "icon.svg", "homework.html", "homework.js", "homework_worker.js",
              "static/pyodide/pyodide_snapshot.mjs")
#: Pyodide's own files the worker loads (the lock: loadPyodide reads it at start).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: The standard library as bytecode (see PYC_NODE), in static/pyodide/ beside Pyodide's own.
STDLIB_PYC = "python_stdlib_pyc.zip"


def stdlib_file(site: Path) -> str:
    """The standard library the dashboard's worker loads: ours as bytecode when the build
    made it (node was there), else Pyodide's own."""
    return STDLIB_PYC if (site / "static" / "pyodide" / STDLIB_PYC).is_file() \
        else "python_stdlib.zip"


def cached_files(site: Path, wheels: list[str], data: list[str]) -> dict[str, str]:
    """Every file the dashboard page loads, ``path -> sha256`` (what the service worker
    caches and checks, byte for byte)."""
    from periodic_edu import i18n

    manifests = [manifest_name(lang) for lang in i18n.LANGUAGES if lang != "en"]
    paths = [*PAGE_FILES, *manifests, *data,
             *(f"static/pyodide/{n}" for n in (*PYODIDE_FILES, stdlib_file(site), *wheels))]
    missing = [p for p in paths if not (site / p).is_file()]
    if missing:
        raise BuildError(f"the dashboard's files are missing from the build: {missing}")
    return {p: sha256(site / p) for p in paths}


def service_worker(files: dict[str, str]) -> tuple[str, str]:
    """sw.js with the build's files and version (a hash of their names and contents): a new
    build is a new sw.js, which is how a browser learns of it (its only fetch on a visit)."""
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    script = filled("sw.js", "const FILES = {};", "const FILES", files)
    return script.replace('const VERSION = "";', f"const VERSION = {json.dumps(version)};"), \
        version


def manifest_name(lang: str) -> str:
    """The manifest of ``lang``: ``manifest.webmanifest`` for English (the page's default),
    ``manifest-uk.webmanifest``... (dashboard.js links the one of the page's language)."""
    return "manifest.webmanifest" if lang == "en" else f"manifest-{lang}.webmanifest"


def manifest(lang: str) -> dict:
    """The web app manifest: installable on a phone's home screen, opening the dashboard in
    ``lang`` (its name and description from the message catalog)."""
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import DASHBOARD, SITE

    return {
        "name": i18n.gettext("widgets", SITE["title"], lang), "short_name": "periodic_edu",
        "lang": lang, "start_url": "dashboard.html" + ("" if lang == "en" else f"?lang={lang}"),
        "scope": "./", "display": "standalone",
        "background_color": "#ffffff", "theme_color": "#1d4ed8",
        "description": i18n.gettext("widgets", DASHBOARD["title"], lang),
        "icons": [{"src": "icon-192.png", "sizes": "192x192", "type": "image/png",
                   "purpose": "any maskable"},
                  {"src": "icon-512.png", "sizes": "512x512", "type": "image/png",
                   "purpose": "any maskable"},
                  {"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }


def icon_cells() -> list[tuple[int, int]]:
    """(row, column) of the 88 board cells, from the board itself (period, group)."""
    from periodic_edu import board

    return [(c.period - 1, c.group - 1) for c in board.CELLS]


def icon_png(size: int) -> bytes:
    """A square PNG: the game board's 88 cells, white on blue (a safe zone of 10 % on every
    side, so a phone's round mask cuts none). Written with zlib: no imaging library."""
    import struct
    import zlib

    blue, white = (0x1d, 0x4e, 0xd8), (0xff, 0xff, 0xff)
    margin = size * 0.14
    pitch = (size - 2 * margin) / 18
    top = (size - 7 * pitch) / 2
    cells = set(icon_cells())
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter: none
        r = int((y - top) // pitch) if y >= top else -1
        inside_y = (y - top) - r * pitch < pitch * 0.82
        for x in range(size):
            c = int((x - margin) // pitch) if x >= margin else -1
            inside = inside_y and (x - margin) - c * pitch < pitch * 0.82 and (r, c) in cells
            row.extend(white if inside else blue)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def icon_svg() -> str:
    cells = "".join(f'<rect x="{14 + 4 * c}" y="{36 + 4 * r}" width="3.3" height="3.3"/>'
                    for r, c in icon_cells())
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            '<rect width="100" height="100" fill="#1d4ed8"/>'
            f'<g fill="#fff">{cells}</g></svg>')


def floor_page() -> str:
    """board.html: the floor the benchmark sets beside the dashboard, a plain page of this
    site with the 88 board cells in a table and no script (also a printable board)."""
    from periodic_edu import board

    grid = {(c.period, c.group): c for c in board.CELLS}
    rows = []
    for period in range(1, 8):
        cells = []
        for group in range(1, 19):
            c = grid.get((period, group))
            cells.append(f'<td data-symbol="{c.symbol}"><small>{c.atomic_number}</small> '
                         f'<b>{c.symbol}</b></td>' if c else "<td></td>")
        rows.append(f"<tr><th scope=\"row\">{period}</th>{''.join(cells)}</tr>")
    head = "".join(f'<th scope="col">{g}</th>' for g in range(1, 19))
    title = "periodic_edu: the board"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="stylesheet" href="site.css">
</head>
<body>
<main>
<h1>{title}</h1>
<div class="floor-board"><table>
<caption>The 88 cells of the game board (no f-block), by period and group</caption>
<thead><tr><td></td>{head}</tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody></table></div>
</main>
</body>
</html>
"""


#: The benchmark's floor for Python's start: Pyodide's own start, alone, as published (its own
#: standard library, no wheel; ``?bytecode``: with the dashboard's standard library, compiled
#: by the build: the stricter floor), in a web worker (the dashboard's own worker script, asked for
#: just that), on this site: what the dashboard's "Python ready" is measured against. Inside the
#: service worker's scope of nothing (not "./dashboard..."): it uses the browser's HTTP cache.
PYODIDE_FLOOR = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>periodic_edu: bare Pyodide's start (the benchmark's floor)</title>
</head>
<body data-state="loading">
<p>Bare Pyodide's start, for benchmarks/bench_site.py: <output id="out">starting…</output></p>
<script type="module">
const worker = new Worker("dashboard_worker.js", { type: "module" });
const page = (at) => String(Math.round(at - performance.timeOrigin));
worker.onmessage = ({ data }) => {
  if (data.type === "floor") {
    document.body.dataset.workerMs = page(data.timings.start);
    document.body.dataset.pythonReadyMs = page(data.timings.python);
    document.getElementById("out").textContent = `ready at ${page(data.timings.python)} ms`;
  }
  document.body.dataset.state = data.type === "floor" ? "ready" : "failed";
};
// ?bytecode: Pyodide with the standard library the dashboard loads (compiled by the build)
worker.postMessage({ type: "floor", bytecode: new URLSearchParams(location.search).has("bytecode") });
</script>
</body>
</html>
"""


def offline_pieces(built: Path, wheels: list[str], data: list[str]) -> str:
    """The manifest, the icons, the floor page and last the service worker (which hashes the
    files it caches: everything else must be in place). Returns the build's version."""
    from periodic_edu import i18n

    for lang in i18n.LANGUAGES:
        (built / manifest_name(lang)).write_text(
            json.dumps(manifest(lang), indent=1, ensure_ascii=False), encoding="utf-8")
    for size in (192, 512):
        (built / f"icon-{size}.png").write_bytes(icon_png(size))
    (built / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    (built / "board.html").write_text(floor_page(), encoding="utf-8")
    (built / "pyodide-floor.html").write_text(PYODIDE_FLOOR, encoding="utf-8")
    script, version = service_worker(cached_files(built, wheels, data))
    (built / "sw.js").write_text(script, encoding="utf-8")
    return version


def build(output: Path) -> dict:
    started = time.monotonic()
    cache = cache_dir()
    version = PINS["pyodide"]["version"]
    import jupyterlite_pyodide_kernel.constants as kernel_constants

    if kernel_constants.PYODIDE_VERSION != version:
        raise BuildError(f"jupyterlite-pyodide-kernel expects Pyodide "
                         f"{kernel_constants.PYODIDE_VERSION}, pins.json says {version}")
    kernel_whl = pypi_wheels(cache, {"jupyterlite-pyodide-kernel": _installed_version(
        "jupyterlite-pyodide-kernel")})["jupyterlite-pyodide-kernel"]
    tarball = npm_tarball(cache)

    with tempfile.TemporaryDirectory(prefix="periodic-edu-site-") as tmp:
        tmp = Path(tmp)
        lite = tmp / "lite"
        pyodide_dir = lite / "static" / "pyodide"
        pyodide_dir.mkdir(parents=True)
        with tarfile.open(tarball) as tar:
            for name in [*PINS["pyodide_files"], "pyodide-lock.json"]:
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise BuildError(f"{tarball.name} has no {name}")
                (tmp / name).write_bytes(member.read())
        for name in PINS["pyodide_files"]:
            shutil.move(tmp / name, pyodide_dir / name)
        lock = json.loads((tmp / "pyodide-lock.json").read_text(encoding="utf-8"))

        boot = closure(lock["packages"], PINS["boot"])
        wanted = {name: lock["packages"][name]["version"] for name in boot}
        wanted.update(PINS["app"])
        wheels = pypi_wheels(cache, wanted)
        wheels.update(kernel_extension_wheels(kernel_whl, tmp))
        wheels["periodic-edu"] = project_wheel(tmp / "dist")
        wheels = precompiled(wheels, pyodide_dir, lock, cache)
        stdlib = pyodide_dir / "python_stdlib.zip"
        compiled = precompiled({"stdlib": stdlib}, pyodide_dir, lock, cache)["stdlib"]
        if compiled != stdlib:  # node found: the dashboard's worker loads it (STDLIB_PYC)
            shutil.copy2(compiled, pyodide_dir / STDLIB_PYC)
        in_lock = write_lock(pyodide_dir, lock, wheels)
        missing = [p for p in PINS["preload"] if canonical(p) not in in_lock]
        if missing:
            raise BuildError(f"preloaded packages missing from the lock: {missing}")

        files = lite / "files"
        files.mkdir()
        for name in PINS["lessons"]:  # "uk/...": the Ukrainian lessons, in a folder of their own
            (files / site_lesson(name)).parent.mkdir(parents=True, exist_ok=True)
            lesson_copy(REPO / "lessons" / name, files / site_lesson(name))

        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "periodic_edu",
                # window.jupyterapp: the site's tests open the lessons through it
                "exposeAppInBrowser": "true",
                "litePluginSettings": {KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    # the standard library as bytecode, as the dashboard's (a lesson's Python
                    # would otherwise compile every standard module it imports, IPython's
                    # many included, at every start); its tracebacks show no standard
                    # library source line (the lessons' own code and our packages keep theirs)
                    "loadPyodideOptions": {"packages": PINS["preload"], **(
                        {"stdLibURL": f"./static/pyodide/{STDLIB_PYC}"}
                        if (pyodide_dir / STDLIB_PYC).is_file() else {})},
                }},
            },
        }, indent=2), encoding="utf-8")
        extensions = [str(wheels[canonical(n)]) for n in PINS["federated_extensions"]]
        (lite / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
            "apps": ["lab"], "no_sourcemaps": True, "no_unused_shared_packages": True,
            "ignore_sys_prefix": True, "federated_extensions": [str(kernel_whl), *extensions],
            "contents": ["files"], "cache_dir": str(cache / "lite"),
        }}, indent=2), encoding="utf-8")
        shutil.copy2(SRC / "overrides.json", lite / "overrides.json")

        built = tmp / "out"
        say("jupyter lite build")
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
             "--output-dir", str(built)], cwd=lite)
        for name in ("index.html", "dashboard.html", "homework.html", "site.css",
                     "homework_worker.js"):
            shutil.copy2(SRC / name, built / name)
        (built / "homework.js").write_text(homework_script(), encoding="utf-8")
        (built / "dashboard_worker.js").write_text(worker_script(wheels, stdlib_file(built)),
                                                   encoding="utf-8")
        shutil.copy2(SRC / "pyodide_snapshot.mjs", built / "static" / "pyodide")
        memory_snapshot(built / "static" / "pyodide", cache)
        lessons_from_snapshot(built, cache)
        rules_pages(built)
        work = page_bundle(cache, wheels["anywidget"], built)
        static_bundle(work, built)
        data = write_dashboard_data(built)
        version = offline_pieces(built, worker_files(built), data)
        (built / ".nojekyll").touch()  # GitHub Pages: serve every file as it is
        _check_offline(built)
        if output.exists():
            shutil.rmtree(output)
        shutil.move(str(built), str(output))

    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    seconds = time.monotonic() - started
    say(f"built {output} ({size / 1e6:.1f} MB, {len(in_lock)} Python packages) "
        f"in {seconds:.0f} s")
    return {"output": str(output), "bytes": size, "seconds": seconds, "packages": in_lock,
            "version": version}


def rules_pages(into: Path) -> list[str]:
    """The rule books as pages (periodic_edu/pages/rules_page.py), one per game and language, linked
    from index.html: rules-<lang>.html (Periodic), elemonster-rules-<lang>.html. The widgets'
    How to play panels open the same page from Python (no file needed)."""
    from periodic_edu import i18n
    from periodic_edu.pages.rules_page import GAMES, rules_page
    from periodic_edu.widgets._assets import font_face

    names = []
    for game in GAMES:
        for lang in i18n.LANGUAGES:
            name = f"{'rules' if game == 'periodic' else 'elemonster-rules'}-{lang}.html"
            (into / name).write_text(rules_page(game, lang, head=font_face()), encoding="utf-8")
            names.append(name)
    return names


def lessons_from_snapshot(site: Path, cache: Path) -> None:
    """The lessons' kernel starts from ``LESSON_SNAPSHOT_FILE``: JupyterLite's Pyodide kernel
    imports the module its ``pyodideUrl`` names and calls its ``loadPyodide`` with
    ``loadPyodideOptions``; site_src/lesson_pyodide.mjs is that module, and the two files it
    restores are named in those options (the kernel makes each ``...URL`` option absolute)."""
    folder = site / "static" / "pyodide"
    lesson_snapshot(folder, cache)
    shutil.copy2(SRC / "lesson_pyodide.mjs", folder / "lesson_pyodide.mjs")
    path = site / "jupyter-lite.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    settings["pyodideUrl"] = "./static/pyodide/lesson_pyodide.mjs"
    settings["loadPyodideOptions"].update(
        lessonSnapshotURL=f"./static/pyodide/{LESSON_SNAPSHOT_FILE}",
        lessonPackagesURL=f"./static/pyodide/{LESSON_PACKAGES_FILE}")
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")


def _installed_version(dist: str) -> str:
    from importlib.metadata import version

    return version(dist)


def _check_offline(site: Path) -> None:
    """The kernel must look nowhere but the site: PyPI fallback off, Pyodide local."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if not settings.get("pyodideUrl", "").startswith("./"):
        raise BuildError(f"pyodideUrl is not local: {settings.get('pyodideUrl')!r}")
    if settings.get("disablePyPIFallback") is not True:
        raise BuildError("disablePyPIFallback is not set")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build-site", description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=REPO / "site",
                        help="where to write the site (default: site/)")
    args = parser.parse_args(argv)
    try:
        build(args.output.resolve())
    except BuildError as exc:
        print(f"build-site: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
