"""Smoke test: the same notebook in JupyterLab, run from the Run menu, draws the widgets."""
from __future__ import annotations

import re

import pytest

from browser_helpers import MAIN, screenshot

pytestmark = pytest.mark.browser


def test_notebook_runs_in_jupyterlab_and_the_widgets_render(page, jupyterlab):
    page.goto(f"{jupyterlab.base}/lab/tree/explorer.ipynb")
    # Lab sometimes asks "Select Kernel" (Python 3 preselected) when the machine is slow to
    # start a kernel, at open or at run time: accept it like a user would. On a loaded machine
    # the first "Run All Cells" can also be lost while the kernel connects: try again.
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    idle = page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
    widget = page.locator(f'.jp-OutputArea {MAIN} [data-symbol="Og"]')
    started = page.locator(".jp-CodeCell .jp-InputPrompt").filter(
        has_text=re.compile(r"\[(\*|\d+)\]"))

    def wait_accepting(target, timeout):
        target.or_(accept).first.wait_for(timeout=timeout)
        if accept.count():
            accept.first.click()
            target.wait_for(timeout=timeout)

    try:
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        wait_accepting(idle, 60_000)  # a started, idle kernel
        for attempt in range(3):
            page.locator(".jp-Notebook .jp-Cell").last.click()  # the notebook has focus
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            try:
                wait_accepting(started, 10_000)  # "[*]:" or "[1]:": the run was taken
                break
            except Exception:
                screenshot(page, f"jupyterlab_retry_{attempt}")
                if attempt == 2:
                    raise
                page.keyboard.press("Escape")
        wait_accepting(widget, 60_000)
    except Exception:
        screenshot(page, "jupyterlab_failure")
        raise
    cells = page.locator(f".jp-OutputArea {MAIN} [data-symbol]").count()
    assert cells == 118  # 88 board cells + the f-block shown apart
    assert page.locator(f'.jp-OutputArea {MAIN} [aria-current="true"]').count() == 1
    page.locator(f'.jp-OutputArea {MAIN} [data-symbol="K"]').click()
    page.wait_for_selector('.jp-OutputArea [data-widget="element-card"][data-card-symbol="K"]')
    # the arrow keys move across the board, not between notebook cells
    page.keyboard.press("Escape")  # command mode, where Lab binds the arrow keys
    page.locator(f'.jp-OutputArea {MAIN} [data-symbol="K"]').focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.symbol") == "Mg"
    page.keyboard.press("Enter")
    page.wait_for_selector('.jp-OutputArea [data-widget="element-card"][data-card-symbol="Mg"]')
    # P on the focused cell plays its period as pitch (Web Audio in Lab too, issue 33): the
    # key reaches the board, not Lab's command mode
    page.keyboard.press("p")
    melody = page.evaluate("window.__periodicSonify.last")
    assert [n["symbol"] for n in melody["notes"]] == ["Na", "Mg", "Al", "Si", "P", "S", "Cl", "Ar"]
    assert melody["audio"] is True and melody["earcons"] == []  # Z rises along every period
    screenshot(page, "jupyterlab_explorer")
    # The test venv also holds the static site's build tools (the `site` extra), whose
    # JupyterLite kernel extension is meant for the built site: JupyterLab loads it from the
    # venv and logs "Shared module @jupyterlite/services doesn't exist" (a server installed
    # with the `app` extra has no such extension). Every other page error fails the test.
    assert [e for e in page.js_errors if "@jupyterlite/services" not in e] == []
