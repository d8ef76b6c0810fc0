"""Shared by every test folder: ONE Playwright for the whole run.

Playwright's sync API runs its own event loop, so a second ``sync_playwright()`` in the same
process fails; tests/browser (Voila, JupyterLab, Notebook 7) and tests/site (the static site)
each launch their own Chromium from this one instance.
"""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def playwright_session():
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        yield p
