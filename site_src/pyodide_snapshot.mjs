// pyodide_snapshot.mjs: Pyodide started from one of the site build's memory snapshots, and the
// packages' files written after it (scripts/build_site.py makes both: SNAPSHOT_NODE, and
// packages_pack's layout). The dashboard's worker (dashboard_worker.js) and the lessons' kernel
// (lesson_pyodide.mjs) start their Python this way; each then calls snapshot_python.restored()
// first of all (a snapshot is every visitor's: its random generators are reseeded).
import { loadPyodide } from "./pyodide.mjs";

/** The bytes of a gzipped file, ungzipped by the browser (DecompressionStream). */
export async function ungzipped(url) {
  const got = await fetch(url);
  if (!got.ok) throw new Error(`${got.url}: HTTP ${got.status}`);
  const stream = got.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The files of a packages file, `[[path in site-packages, bytes], ...]`. */
export async function unpacked(url) {
  const bytes = await ungzipped(url);
  const length = new DataView(bytes.buffer).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let at = 4 + length;
  const files = index.map(([path, size]) => [path, bytes.subarray(at, (at += size))]);
  if (at !== bytes.length) throw new Error(`${url}: not the file its index describes`);
  return files;
}

/** Pyodide started from `snapshot` (a promise of its bytes), with loadPyodide's `options`
 * (`indexURL`: this folder unless given).
 *
 * Pyodide 314.0.6 sizes the wasm memory for a snapshot through a setting (INITIAL_MEMORY) its
 * build does not read, so a snapshot larger than the memory a fresh start has fails ("offset
 * is out of bounds"): the memory is grown to the snapshot's size before Pyodide copies it in.
 * The snapshot was made in Node: a function of Pyodide's it holds, the build wrote by its name
 * on Pyodide's public API (`{"pyodide": name}`) or its internal one (`{"api": name}`), and it
 * is found again here, in this page's Pyodide. */
export async function fromSnapshot(snapshot, options = {}) {
  const indexURL = options.indexURL || new URL(".", import.meta.url).href;
  const { default: createModule } = await import(`${indexURL}pyodide.asm.mjs`);
  let module = null;
  return loadPyodide({
    ...options, indexURL, _loadSnapshot: snapshot,
    createPyodideModule: async (settings) => {
      module = await createModule(settings);
      const size = (await snapshot).length;
      if (module.HEAP8.length < size) module.growMemory(size);
      return module;
    },
    _snapshotDeserializer: (held) => {
      const found = "pyodide" in held ? module.API.public_api[held.pyodide] : module.API[held.api];
      if (found === undefined) {
        throw new Error(`the snapshot holds ${JSON.stringify(held)}, which this Pyodide lacks`);
      }
      return found;
    },
  });
}

/** `files` (`[[path, bytes], ...]`) written into Python's site-packages, and each package
 * among them (a `<name>-<version>.dist-info/`) recorded as installed, as Pyodide's
 * loadPackage records it (by the lock's name: the wheel's, normalized), so that neither
 * loadPackage nor a lesson cell's import (loadPackagesFromImports) fetches it again. The
 * folder's path is asked without running code in __main__ (a lesson's namespace: a cell would
 * find `site` there). */
export function writeFiles(pyodide, files) {
  const sitePackages = pyodide.pyimport("site").getsitepackages().toJs()[0];
  const made = new Set();
  for (const [path, bytes] of files) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (folder && !made.has(folder)) {
      pyodide.FS.mkdirTree(`${sitePackages}/${folder}`);
      made.add(folder);
    }
    pyodide.FS.writeFile(`${sitePackages}/${path}`, bytes);
    const installed = /^([^/-]+)-[^/]+\.dist-info\/METADATA$/.exec(path);
    if (installed) {
      pyodide.loadedPackages[installed[1].toLowerCase().replace(/[-_.]+/g, "-")] = "default channel";
    }
  }
  return sitePackages;
}
