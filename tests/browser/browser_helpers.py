"""Shared bits of the browser tests (imported by conftest.py and the test modules)."""
from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

#: The explorer's main board (the overview boards are [data-board="overview"]).
MAIN = '[data-board="main"]'


def screenshot(target, name: str) -> Path:
    """Save a PNG of a page or locator to artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    target.screenshot(path=str(path))
    return path
