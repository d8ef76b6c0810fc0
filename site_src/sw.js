// sw.js: the dashboard's service worker (our own: no library, nothing from elsewhere). After
// the first visit the dashboard page and everything it loads (its scripts, the data, Pyodide, the
// wheels) come from the browser's cache, so a second visit fetches nothing but this file (the
// browser's own check for a new version) and the page works with the network cut.
//
// Versioned by the build: scripts/build_site.py writes FILES (path -> sha256 of every file the
// page loads) and VERSION (a hash of them). A new build is a new sw.js; the browser installs
// it beside the old one. Installing fetches every file again from the server (revalidated:
// unchanged files are not sent again), checks each against its sha256 and fails as a whole
// if one differs, so a cache never holds a mix of two builds. Once the page says it has
// loaded all it needs (dashboard.js: Python is ready), the new version takes over, deletes
// the old cache and the page reloads when the visitor has not begun anything (else it keeps
// the version it runs, and the next visit has the new one).
//
// Scope: "./dashboard" (the page dashboard.html and what it loads). The homework page
// (homework.html, homework.js) registers this same file for "./homework": its own registration,
// the same files and the same cache of this version. The lessons' JupyterLab registers its own
// service worker for the whole site; the longer scope wins for the dashboard and the homework
// page, and the lessons are untouched.
const VERSION = "";
const FILES = {};
const PREFIX = "periodic-edu-dashboard-";
const CACHE = PREFIX + VERSION;
const BASE = new URL("./", self.location.href);
const URLS = new Map(Object.keys(FILES).map((path) => [new URL(path, BASE).href, path]));

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function fill() {
  const cache = await caches.open(CACHE);
  await Promise.all([...URLS].map(async ([url, path]) => {
    if (await cache.match(url)) return; // an install that was cut off: resumed
    // no-cache: the server is asked (a 304 when the file did not change), never a stale copy
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = await response.clone().arrayBuffer();
    if (await sha256(body) !== FILES[path]) throw new Error(`${path} is not this build's file`);
    await cache.put(url, response);
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(fill().catch(async (error) => {
    // a half-filled cache of this version must never be used: start again next time
    await caches.delete(CACHE);
    throw error;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "take-over") self.skipWaiting();
  else if (message.type === "version") event.source?.postMessage({ type: "version", version: VERSION });
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.search = ""; // dashboard.html?lang=uk is dashboard.html
  url.hash = "";
  if (!URLS.has(url.href)) return; // not the dashboard's: the network, as without us
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(url.href);
    return hit || fetch(request);
  })());
});
