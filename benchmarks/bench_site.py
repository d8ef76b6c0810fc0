"""The static site's figures: size on disk, bytes a first visit fetches, and the dashboard's
first render (navigation -> first board cell) cold and warm, in headless Chromium with the
network cut (only 127.0.0.1 answers).

    .venv/bin/python benchmarks/bench_site.py                # builds site/ first if missing
    .venv/bin/python benchmarks/bench_site.py --site /tmp/site --runs 3

Cold: a fresh browser profile (no HTTP cache, no compiled-WebAssembly cache). Warm: the same
profile loading the page again. The machine's load average is printed with the figures: the
first render is CPU-bound (compiling WebAssembly, starting Python), so a busy machine is slow.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("PERIODIC_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


def site_size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load(context, base: str, fetched: list[int]) -> dict:
    page = context.new_page()
    page.goto(f"{base}/dashboard.html")
    page.wait_for_function("document.body.dataset.state !== 'loading'", timeout=400_000,
                           polling=200)
    data = page.evaluate("({...document.body.dataset})")
    page.close()
    return {"state": data.get("state"), "first_render_s": int(data.get("firstRenderMs", 0)) / 1000,
            "python_s": int(data.get("pythonMs", 0)) / 1000,
            "built_s": int(data.get("displayMs", 0)) / 1000, "bytes": sum(fetched)}


def measure(site: Path, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               "--directory", str(site), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cold, warm, blocked = [], [], []
    try:
        time.sleep(1.0)
        with sync_playwright() as p:
            for _ in range(runs):
                with tempfile.TemporaryDirectory(prefix="bench-site-profile-") as profile:
                    context = p.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=ARGS, headless=True,
                        viewport={"width": 1400, "height": 1000})
                    fetched: list[int] = []

                    def route(r, fetched=fetched):
                        if r.request.url.startswith(base + "/") or \
                                r.request.url.startswith(("data:", "blob:")):
                            r.continue_()
                        else:
                            blocked.append(r.request.url)
                            r.abort()

                    def done(request, fetched=fetched):
                        try:
                            fetched.append(request.sizes()["responseBodySize"])
                        except Exception:  # a request the page cancelled
                            pass

                    context.route("**/*", route)
                    context.on("requestfinished", done)
                    cold.append(load(context, base, fetched))
                    fetched.clear()
                    warm.append(load(context, base, fetched))
                    context.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return {"cold": cold, "warm": warm, "blocked": blocked}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not (args.site / "dashboard.html").exists():
        sys.path.insert(0, str(REPO / "scripts"))
        import build_site

        build_site.build(args.site.resolve())
    before = os.getloadavg()
    result = measure(args.site, args.runs)
    result.update(site_bytes=site_size(args.site), load_before=before,
                  load_after=os.getloadavg(), cpus=os.cpu_count())
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"site on disk: {result['site_bytes'] / 1e6:.1f} MB ({args.site})")
    for kind in ("cold", "warm"):
        runs = result[kind]
        times = [r["first_render_s"] for r in runs if r["state"] == "ready"]
        fetched = [r["bytes"] / 1e6 for r in runs]
        if times:
            print(f"{kind}: first render (navigation -> first board cell) "
                  f"median {statistics.median(times):.1f} s, runs "
                  f"{', '.join(f'{t:.1f}' for t in times)} s; fetched "
                  f"{statistics.median(fetched):.1f} MB")
            ready = [r for r in runs if r["state"] == "ready"]
            print(f"{kind}:   of which Python started (Pyodide in the worker) median "
                  f"{statistics.median(r['python_s'] for r in ready):.1f} s, dashboard built "
                  f"median {statistics.median(r['built_s'] for r in ready):.1f} s")
        failed = [r for r in runs if r["state"] != "ready"]
        if failed:
            print(f"{kind}: {len(failed)} of {len(runs)} loads did not finish: {failed}")
    print(f"blocked requests (outside 127.0.0.1): {len(result['blocked'])}")
    print(f"load average before/after (1, 5, 15 min): "
          f"{' '.join(f'{x:.1f}' for x in result['load_before'])} / "
          f"{' '.join(f'{x:.1f}' for x in result['load_after'])} on {result['cpus']} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
