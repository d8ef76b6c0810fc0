"""The static site (scripts/build-site), built once per session and driven in Chromium with the
network cut: every request that does not go to 127.0.0.1 is aborted and counted.

* ``site_dir``: ``scripts/build_site.py`` run into a temporary folder, once per run (every
  xdist worker serves the same build). It uses the same download
  cache as ``scripts/build-site`` (``~/.cache/periodic_edu-site``), so only the first run on a
  machine reaches PyPI and npm. ``PERIODIC_EDU_BUILT_SITE=site`` uses a site built already
  (by ``scripts/build-site`` from the same checkout: the tests then test that build).
* ``site_server``: ``python -m http.server`` serving that folder on a free loopback port.
* ``offline_page``: a fresh browser context whose requests to anywhere else are aborted; the
  aborted URLs are in ``page.blocked``.
* ``lesson_page``: one such page on JupyterLab for all the lessons of a module (they share one
  Python: see tests/site/test_static_site.py).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "browser"))  # browser_helpers: serving(), screenshot()
sys.path.insert(0, str(HERE.parent.parent / "scripts"))  # build_site: the build, its pins

import build_site  # noqa: E402
from browser_helpers import launch_chromium, serving  # noqa: E402
from shared_builds import once_per_run  # noqa: E402

collect_ignore_glob: list[str] = []
#: Name resolution fails for every host but the loopback address, so even a request that
#: escaped the route below could not leave the machine.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


def pytest_collection_modifyitems(items):
    """Everything here is ``site`` (select it with ``-m site``) and ``browser`` (so the quick
    ``-m "not browser"`` run leaves it out, as it leaves out the other Chromium tests)."""
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.site)
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_build(tmp_path_factory):
    """Built once per run, however many xdist workers ask (tests/shared_builds.py); every
    worker serves the same folder, read-only."""
    built = os.environ.get("PERIODIC_EDU_BUILT_SITE")
    if built:  # a site scripts/build-site has just built from this checkout: not built again
        print(f"\n[site] the site built already: {built}")
        return {"output": str(Path(built).resolve())}
    started = time.monotonic()
    facts = once_per_run(tmp_path_factory, "static-site",
                         lambda folder: build_site.build(folder / "site"))
    print(f"\n[site] scripts/build_site.py: {facts['bytes'] / 1e6:.1f} MB, "
          f"ready after {time.monotonic() - started:.0f} s")
    return facts


@pytest.fixture(scope="session")
def site_dir(site_build) -> Path:
    return Path(site_build["output"])


@pytest.fixture(scope="session")
def site_server(site_dir, tmp_path_factory):
    home = tmp_path_factory.mktemp("site-server")
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
           str(site_dir), "{port}"]
    with serving(cmd, home, home, "/index.html", site_dir) as server:
        yield server


@pytest.fixture(scope="session")
def site_browser(playwright_session):  # tests/conftest.py: one Playwright per run
    browser = launch_chromium(playwright_session, CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


def offline_context(browser, base: str, **options):
    """A browser context in which only ``base`` (the loopback server) answers."""
    context = browser.new_context(**options)
    blocked: list[str] = []

    def route(request_route):
        url = request_route.request.url
        if url.startswith(base + "/") or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            blocked.append(url)
            request_route.abort()

    context.route("**/*", route)
    context.blocked = blocked
    return context


@pytest.fixture
def offline_page(site_browser, site_server):
    context = offline_context(site_browser, site_server.base,
                              viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    page.blocked = context.blocked
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(scope="module")
def lesson_page(site_browser, site_server):
    """One offline JupyterLab page for all the lessons; ``page.kernel``: the shared kernel."""
    context = offline_context(site_browser, site_server.base,
                              viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    page.blocked = context.blocked
    page.kernel = None
    page.goto(f"{site_server.base}/lab/index.html")
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell", timeout=120_000)
    try:
        yield page
    finally:
        context.close()
