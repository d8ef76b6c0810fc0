"""The widgets' JS/CSS are found, linked into one module each, and work offline."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from periodic_edu.widgets import _assets


@pytest.mark.parametrize("entry", ["trend_explorer.js", "element_card.js"])
def test_each_widget_module_is_one_self_contained_es_module(entry):
    text = _assets.esm(entry)
    assert len(re.findall(r"^export default\b", text, re.M)) == 1
    assert not re.search(r"^\s*import\b", text, re.M)  # board.js inlined, nothing else imported
    assert "export function createBoard" in text or entry == "element_card.js"
    assert "export function pe(" in text


def test_no_network_in_the_front_end():
    for path in _assets.asset_dir().iterdir():
        if path.is_dir():  # fonts/: the symbol font and its licence, loaded as bytes by _assets
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), path.name
        assert "import(" not in text, path.name


def test_assets_come_from_the_checkout_or_the_installed_package():
    import periodic_edu
    directory = _assets.asset_dir()
    assert directory.name in ("widgets_js", "_widgets_js")
    assert {"board.js", "trend_explorer.js", "element_card.js", "periodic.css"} <= {
        p.name for p in directory.iterdir()}
    checkout = Path(periodic_edu.__file__).resolve().parent.parent / "widgets_js"
    if checkout.is_dir():  # a source checkout / editable install: the live files, never the
        assert directory == checkout  # snapshot an editable wheel copies into site-packages


def test_linking_refuses_a_shared_module_with_a_default_export(tmp_path, monkeypatch):
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport default {};\n')
    (tmp_path / "b.js").write_text("export default function b() {}\n")
    monkeypatch.setattr(_assets, "asset_dir", lambda: tmp_path)
    with pytest.raises(ValueError, match="must not export default"):
        _assets.esm("a.js")


def test_linking_inlines_each_dependency_once(tmp_path, monkeypatch):
    (tmp_path / "a.js").write_text(
        'import { b } from "./b.js";\nimport { c } from "./c.js";\nexport default { b, c };\n')
    (tmp_path / "b.js").write_text('import { c } from "./c.js";\nexport function b() { return c(); }\n')
    (tmp_path / "c.js").write_text("export function c() { return 1; }\n")
    monkeypatch.setattr(_assets, "asset_dir", lambda: tmp_path)
    text = _assets.esm("a.js")
    assert text.count("export function c()") == 1
    assert text.index("export function c()") < text.index("export function b()")
