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
// (loadPackagesFromImports and others): the build names each one by where it is found on
// Pyodide's API (`{"pyodide": name}` or `{"api": name}`), and here they are found again in
// the browser's Pyodide. Anything else held refuses the build (scripts/build_site.py).
import { loadPyodide as loadFresh } from "./pyodide.mjs";

async function ungzipped(url) {
  const got = await fetch(url);
  if (!got.ok) throw new Error(`${got.url}: HTTP ${got.status}`);
  const stream = got.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `[[path in site-packages, bytes], ...]` of a packages file. */
async function unpacked(url) {
  const bytes = await ungzipped(url);
  const length = new DataView(bytes.buffer).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let at = 4 + length;
  const files = index.map(([path, size]) => [path, bytes.subarray(at, (at += size))]);
  if (at !== bytes.length) throw new Error(`${url}: not the file its index describes`);
  return files;
}

export async function loadPyodide(options = {}) {
  const { lessonSnapshotURL, lessonPackagesURL, packages, ...rest } = options;
  if (!lessonSnapshotURL || !lessonPackagesURL) return loadFresh(options);
  const indexURL = rest.indexURL || new URL(".", import.meta.url).href;
  const snapshot = ungzipped(lessonSnapshotURL);
  const files = unpacked(lessonPackagesURL);
  snapshot.catch(() => {}); // loadPyodide awaits it, and fails with its error
  files.catch(() => {}); // awaited below
  const { default: createModule } = await import(`${indexURL}pyodide.asm.mjs`);
  let module = null;
  const pyodide = await loadFresh({
    ...rest, indexURL, _loadSnapshot: snapshot,
    // Pyodide 314.0.6 sizes the memory for a snapshot through a setting its build does not
    // read: grown here to the snapshot's size before Pyodide copies it in (as the dashboard's
    // worker does)
    createPyodideModule: async (settings) => {
      module = await createModule(settings);
      const size = (await snapshot).length;
      if (module.HEAP8.length < size) module.growMemory(size);
      return module;
    },
    _snapshotDeserializer: (held) => {
      const found = "pyodide" in held ? module.API.public_api[held.pyodide] : module.API[held.api];
      if (found === undefined) throw new Error(`the snapshot holds ${JSON.stringify(held)}, which this Pyodide lacks`);
      return found;
    },
  });
  const restored = pyodide.pyimport("snapshot_python"); // imported in the snapshot
  restored.restored(); // first of all: every random generator seeded afresh
  // not run in __main__: the lessons' namespace (a cell would find `site` there)
  const sitePackages = pyodide.pyimport("site").getsitepackages().toJs()[0];
  const made = new Set();
  for (const [path, bytes] of await files) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (folder && !made.has(folder)) {
      pyodide.FS.mkdirTree(`${sitePackages}/${folder}`);
      made.add(folder);
    }
    pyodide.FS.writeFile(`${sitePackages}/${path}`, bytes);
  }
  restored.files_written();
  restored.destroy();
  // installed, as Pyodide's loadPackage records it (by the lock's name, which a cell's import
  // is looked up by: the wheel's name, normalized), so a cell's import loads nothing again
  for (const [path] of await files) {
    const found = /^([^/-]+)-[^/]+\.dist-info\/METADATA$/.exec(path);
    if (found) pyodide.loadedPackages[found[1].toLowerCase().replace(/[-_.]+/g, "-")] = "default channel";
  }
  return pyodide;
}
