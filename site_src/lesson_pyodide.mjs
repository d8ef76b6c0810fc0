// lesson_pyodide.mjs: Pyodide for the lessons' kernel (JupyterLite's Pyodide kernel), started
// from the build's memory snapshot of that kernel's Python instead of started, given its
// packages and made to import IPython's kernel at every visit.
//
// The kernel imports the module its `pyodideUrl` names and calls its `loadPyodide` with
// jupyter-lite.json's `loadPyodideOptions` (scripts/build_site.py points it here). This
// `loadPyodide` takes two options of its own from there: `lessonSnapshotURL` (the snapshot,
// gzipped: Python started, the kernel's packages' files in site-packages and `pyodide_kernel`
// with IPython imported) and `lessonPackagesURL` (those packages' files in one gzipped file,
// scripts/build_site.py's packages_pack layout). Both are fetched while Pyodide's own files
// load; the files are written into site-packages (a snapshot holds Python's memory, not its
// files: the modules not imported yet, data files and message catalogs are read from there)
// and Pyodide is told they are installed, so a cell's import loads nothing again. `packages`
// is left to the kernel, which reads it to know what is preloaded; Pyodide is not given it.
//
// The snapshot was made in Node, where Python took a few of Pyodide's own functions
// (loadPackagesFromImports, which pyodide_kernel imports, and micropip's): pyodide_snapshot.mjs
// finds each again in the browser's Pyodide.
import { loadPyodide as loadFresh } from "./pyodide.mjs";
import { fromSnapshot, ungzipped, unpacked, writeFiles } from "./pyodide_snapshot.mjs";

export async function loadPyodide(options = {}) {
  const { lessonSnapshotURL, lessonPackagesURL, packages, ...rest } = options;
  if (!lessonSnapshotURL || !lessonPackagesURL) return loadFresh(options);
  const snapshot = ungzipped(lessonSnapshotURL);
  const files = unpacked(lessonPackagesURL);
  snapshot.catch(() => {}); // loadPyodide awaits it, and fails with its error
  files.catch(() => {}); // awaited below
  const pyodide = await fromSnapshot(snapshot, rest);
  const restored = pyodide.pyimport("snapshot_python"); // imported in the snapshot
  restored.restored(); // first of all: every random generator seeded afresh
  writeFiles(pyodide, await files);
  restored.files_written();
  restored.destroy();
  return pyodide;
}
