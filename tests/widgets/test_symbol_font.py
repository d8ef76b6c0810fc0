"""Every symbol the widgets print has a font that draws it, shipped in the package (issue 21,
part 7): the wheel carries ``widgets_js/fonts/periodic-symbols.ttf`` (a DejaVu Sans subset made
by ``scripts/make_symbol_font.py``), its cmap covers every symbol character in the widgets'
JS/CSS, the Elemonster card data and the catalogs, and every widget's CSS loads it with an
``@font-face`` from the package's own bytes (no CDN)."""
from __future__ import annotations

import base64
import importlib.util
import io
import re
import unicodedata
import zipfile
from pathlib import Path

import pytest

from fontTools.ttLib import TTFont  # the test extra pins it: missing, the suite fails

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("make_symbol_font",
                                              REPO / "scripts/make_symbol_font.py")
make_symbol_font = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_symbol_font)
FONT = "periodic_edu/_widgets_js/fonts/periodic-symbols.ttf"


def uncovered(font_bytes: bytes) -> list[str]:
    cmap = TTFont(io.BytesIO(font_bytes)).getBestCmap()
    return sorted(f"{ch} U+{ord(ch):04X} {unicodedata.name(ch, '?')}"
                  for ch in make_symbol_font.symbols_used() if ord(ch) not in cmap)


def test_the_symbols_found_include_the_ones_a_phone_lacked():
    used = make_symbol_font.symbols_used()
    # the Elemonster card's glyphs and the arrows of the game's controls are among them
    assert {"♥", "☠", "♛", "♨", "⚗", "⬟", "←", "★"} <= used, sorted(used)
    assert "⛨" not in used  # no free font we ship draws it: the shield is ⬟


def test_the_wheel_ships_the_font_and_it_draws_every_symbol(wheel):  # noqa: F811
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        assert FONT in names
        assert "periodic_edu/_widgets_js/fonts/LICENSE-DejaVu.txt" in names
        assert uncovered(z.read(FONT)) == []


def test_every_widget_css_loads_the_font_from_its_own_bytes():
    from periodic_edu.widgets import ElementCard, GameWidget, TrendExplorer, _assets
    from periodic_edu.widgets.elemonster_widget import ElemonsterWidget

    font = (_assets.asset_dir() / _assets.SYMBOL_FONT).read_bytes()
    for widget in (TrendExplorer(symbol="Na"), ElementCard("Fe"), GameWidget(seed=1),
                   ElemonsterWidget(seed=1)):
        found = re.search(r'@font-face \{ font-family: "periodic_edu symbols";.*?'
                          r"url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)", widget._css)
        assert found, type(widget).__name__
        assert base64.b64decode(found.group(1)) == font
        assert "http" not in widget._css.split("}")[0]  # no font from the network
        assert '"periodic_edu symbols"' in widget._css.split("@font-face", 2)[1]  # a stack uses it
