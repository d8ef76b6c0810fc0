"""Workshop load check: N students open the Voila dashboard at once and each makes a move.

One real Voila server (the repository's ``voila.json``) serves ``lessons/dashboard.ipynb`` on
loopback; one headless Chromium opens N independent sessions (browser contexts), arriving
over ``--ramp`` seconds (a room does not click in the same millisecond). Each session waits
for the dashboard to render, opens the *Play* tab, chooses its agenda card and moves its
flask. The script prints how many sessions succeeded, p50/p95 time until the server has run
the notebook and until the page has drawn, the server's total memory (Voila + kernels) at its
peak, and whether the idle kernels are culled after the students leave.

All N browsers run on the same 2 cores as the server, so the drawing times are pessimistic: in
a real room every student's laptop draws its own page.

Run (after ./scripts/test or ./scripts/run has made .venv):

    .venv/bin/python benchmarks/workshop_load.py --sessions 30

Only loopback is used; every wait is bounded; the server is stopped at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("PERIODIC_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kernels(server: psutil.Process) -> list[psutil.Process]:
    found = []
    for child in server.children(recursive=True):
        try:
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            pass
    return found


def rss_mb(processes) -> float:
    total = 0
    for proc in processes:
        try:
            total += proc.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20


def tree_rss_mb(server: psutil.Process) -> float:
    return rss_mb([server, *server.children(recursive=True)])


class MemorySampler(threading.Thread):
    """Samples the server's memory (Voila + kernels) every half second; keeps the peak."""

    def __init__(self, server: psutil.Process) -> None:
        super().__init__(daemon=True)
        self.server, self.peak, self.peak_kernels, self.per_kernel = server, 0.0, 0, 0.0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(0.5):
            self.peak = max(self.peak, tree_rss_mb(self.server))
            running = kernels(self.server)
            self.peak_kernels = max(self.peak_kernels, len(running))
            if running:
                self.per_kernel = max(self.per_kernel, rss_mb(running) / len(running))


def start_voila(port: int, cull_idle: int, cull_interval: int, log: Path) -> subprocess.Popen:
    home = Path(tempfile.mkdtemp(prefix="periodic-load-"))
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(home / "runtime"), JUPYTER_PLATFORM_DIRS="1")
    cmd = [sys.executable, "-m", "voila", "lessons/dashboard.ipynb", "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1",
           # shorter than voila.json's 10 minutes, so the check can watch the culling happen
           f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
           f"--MappingKernelManager.cull_interval={cull_interval}"]
    return subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log.open("w"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def wait_ready(url: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"voila exited with status {proc.returncode}")
        try:
            urllib.request.urlopen(url + "voila/static/voila.js", timeout=2)
            return
        except urllib.error.HTTPError:
            return  # any HTTP answer means the server is up
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"voila did not answer within {timeout} s")


async def one_session(browser, url: str, index: int, delay: float, timeout_ms: int) -> dict:
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    started = time.monotonic()
    result = {"session": index, "ok": False}
    try:
        # Voila sends the page once a kernel has run the notebook (a preheated one already has):
        # the HTML is complete (DOMContentLoaded) when the server's work is done; the widgets
        # then draw in the browser
        await page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
        result["server_s"] = time.monotonic() - started
        await page.locator("[data-symbol]").first.wait_for(state="visible", timeout=timeout_ms)
        result["first_render_s"] = time.monotonic() - started
        await page.get_by_role("tab", name="Play").click(timeout=timeout_ms)
        game = page.locator("[data-widget='game']")
        before = await game.locator("[aria-current='true']").get_attribute("data-symbol")
        await game.locator("button[data-action^='a:']").first.click(timeout=timeout_ms)
        # the bot keeps its agenda card too, then the turn is ours
        await page.locator("[data-widget='game'][data-my-turn='true'][data-phase='start']"
                           ).wait_for(timeout=timeout_ms)
        await game.locator("[data-mode='spend']").click(timeout=timeout_ms)
        await game.locator("[data-trend='atomic_number']").click(timeout=timeout_ms)
        target = game.locator("[data-board='game'] [data-reachable='true']").first
        destination = await target.get_attribute("data-symbol", timeout=timeout_ms)
        await target.click(timeout=timeout_ms)
        await game.locator(f"[aria-current='true'][data-symbol='{destination}']").wait_for(
            timeout=timeout_ms)
        result.update(ok=True, moved=f"{before}->{destination}",
                      move_s=time.monotonic() - started - result["first_render_s"])
    except Exception as error:  # a failed session is reported, not fatal for the others
        result["error"] = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
    finally:
        await context.close()
    return result


async def run_sessions(url: str, sessions: int, ramp_s: float, timeout_s: float) -> list[dict]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return await asyncio.gather(*(
                one_session(browser, url, i, ramp_s * i / sessions, int(timeout_s * 1000))
                for i in range(sessions)))
        finally:
            await browser.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--ramp", type=float, default=60,
                        help="seconds over which the sessions arrive (0: all at once)")
    parser.add_argument("--session-timeout", type=float, default=300,
                        help="seconds one session may take to render and move")
    parser.add_argument("--cull-idle", type=int, default=300,
                        help="seconds; at least the session timeout, or a page still loading "
                             "on the overloaded client could lose its kernel")
    parser.add_argument("--cull-interval", type=int, default=5)
    parser.add_argument("--cull-wait", type=float, default=420,
                        help="seconds to wait for idle kernels to be culled")
    args = parser.parse_args()

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log = Path(tempfile.mkstemp(prefix="voila-load-", suffix=".log")[1])
    proc = start_voila(port, args.cull_idle, args.cull_interval, log)
    server = psutil.Process(proc.pid)
    try:
        wait_ready(url, proc, 60)
        pool_deadline = time.monotonic() + 90
        while len(kernels(server)) < 2 and time.monotonic() < pool_deadline:
            time.sleep(0.5)  # let the preheated pool (voila.json) fill, as before a workshop
        pooled = len(kernels(server))
        idle_mb = tree_rss_mb(server)
        print(f"voila ready on {url} with {pooled} preheated kernels, {idle_mb:.0f} MB")

        sampler = MemorySampler(server)
        sampler.start()
        started = time.monotonic()
        results = asyncio.run(run_sessions(url, args.sessions, args.ramp, args.session_timeout))
        wall = time.monotonic() - started
        sampler.stopped.set()
        sampler.join()

        ok = [r for r in results if r["ok"]]
        renders = [r["first_render_s"] for r in results if "first_render_s" in r]
        served = [r["server_s"] for r in results if "server_s" in r]
        print(f"sessions: {len(ok)}/{args.sessions} rendered the dashboard and moved a flask "
              f"({args.sessions} arriving over {args.ramp:.0f} s; {wall:.1f} s wall clock)")
        for r in results:
            if not r["ok"]:
                print(f"  session {r['session']} failed: {r.get('error')}")
        if served:
            print(f"server: page executed and sent: p50 {statistics.median(served):.1f} s, "
                  f"p95 {percentile(served, 0.95):.1f} s")
        if renders:
            print(f"time to first render: p50 {statistics.median(renders):.1f} s, "
                  f"p95 {percentile(renders, 0.95):.1f} s, max {max(renders):.1f} s")
        if ok:
            moves = [r["move_s"] for r in ok]
            print(f"tab switch + agenda + one move: p50 {statistics.median(moves):.1f} s, "
                  f"p95 {percentile(moves, 0.95):.1f} s")
        print(f"server memory (voila + kernels): peak {sampler.peak:.0f} MB with "
              f"{sampler.peak_kernels} kernels; a kernel's RSS: {sampler.per_kernel:.0f} MB "
              f"(largest mean over the run)")

        left = len(kernels(server))
        deadline = time.monotonic() + args.cull_wait
        while len(kernels(server)) > pooled and time.monotonic() < deadline:
            time.sleep(1)
        after = len(kernels(server))
        waited = args.cull_wait - max(0.0, deadline - time.monotonic())
        culled = after <= pooled
        print(f"idle kernels culled: {'yes' if culled else 'NO'} ({left} kernels when the "
              f"sessions closed, {after} after {waited:.0f} s; {pooled} preheated kernels stay "
              f"in the pool; cull_idle_timeout {args.cull_idle} s, "
              f"cull_interval {args.cull_interval} s)")
        print(f"memory after culling: {tree_rss_mb(server):.0f} MB")
        return 0 if len(ok) == args.sessions and culled else 1
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(proc.pid, signal.SIGKILL)


if __name__ == "__main__":
    raise SystemExit(main())
