"""Find the widgets' ES modules and CSS, and link them into one module per widget.

The front-end code lives in plain files (``widgets_js/`` at the repository root), shipped
inside the wheel as ``periodic_edu/_widgets_js`` (hatch ``force-include``). There is no bundler
and no CDN: anywidget imports each widget's ``_esm`` text as ONE module (from a blob URL), so a
relative ``import ... from "./board.js"`` cannot be resolved by the browser. :func:`esm` does the
one job a bundler would do here: it replaces every line of the form

    import { a, b } from "./board.js";

with the text of that file (once, depth first). A shared module therefore only *declares*
things (``export function``/``export const``), never ``export default``, and every name it
exports is unique across the modules a widget links.
"""
from __future__ import annotations

import re
from pathlib import Path

__all__ = ["asset_dir", "asset_path", "esm", "css", "font_face", "SYMBOL_FONT"]

_IMPORT = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./([A-Za-z0-9_\-]+\.js)";?\s*$', re.M)


def asset_dir() -> Path:
    """The directory that holds the JS/CSS files.

    An installed wheel has them at ``periodic_edu/_widgets_js``; a source checkout (or an
    editable install) at ``<repo>/widgets_js``.
    """
    package = Path(__file__).resolve().parent.parent
    installed = package / "_widgets_js"
    if installed.is_dir():
        return installed
    checkout = package.parent / "widgets_js"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"periodic_edu's widget files are missing: looked in {installed} and {checkout}")


def asset_path(name: str) -> Path:
    path = asset_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"widget asset {name!r} not found in {asset_dir()}")
    return path


def _link(name: str, seen: set[str]) -> str:
    seen.add(name)
    text = asset_path(name).read_text(encoding="utf-8")

    def inline(match: re.Match) -> str:
        dependency = match.group(1)
        if dependency in seen:
            return f"// {dependency}: already linked above"
        body = _link(dependency, seen)
        if re.search(r"^\s*export\s+default\b", body, re.M):
            raise ValueError(f"{dependency} is a shared module and must not export default")
        return f"// ---- {dependency} ----\n{body}\n// ---- end of {dependency} ----"

    return _IMPORT.sub(inline, text)


def esm(name: str) -> str:
    """The linked module text of widget entry point ``name`` (e.g. ``"trend_explorer.js"``)."""
    return _link(name, set())


#: The font that draws every symbol the widgets print (scripts/make_symbol_font.py).
SYMBOL_FONT = "fonts/periodic-symbols.ttf"


def font_face() -> str:
    """The ``@font-face`` of the symbol font, from the package's own file. anywidget injects
    the CSS as text (no URL of the package is known to the page), so the font travels inside
    it as a data URL: 16 kB, no CDN, no server route."""
    import base64

    data = base64.b64encode(asset_path(SYMBOL_FONT).read_bytes()).decode("ascii")
    return ('@font-face { font-family: "periodic_edu symbols"; font-display: swap; '
            f'src: url(data:font/ttf;base64,{data}) format("truetype"); }}')


def css(*names: str) -> str:
    """The widget's CSS files, after the symbol font's ``@font-face``."""
    return "\n".join([font_face(), *(asset_path(n).read_text(encoding="utf-8") for n in names)])
