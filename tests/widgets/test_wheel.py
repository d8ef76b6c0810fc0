"""Packaging: the wheel carries the widgets' JS/CSS, and an installed wheel renders a widget
from its own files (not from the source checkout). The wheel: the ``wheel`` fixture of
tests/conftest.py, built once per run (tests/i18n/test_wheel_catalogs.py reads it too)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

PROBE = textwrap.dedent("""
    import json, pathlib, sys
    import periodic_edu
    from periodic_edu.widgets import TrendExplorer, ElementCard, _assets
    w = TrendExplorer(symbol="Na", trend="ionization_energy")
    card = ElementCard("Fe")
    bundle = w._repr_mimebundle_()
    print(json.dumps({
        "package": str(pathlib.Path(periodic_edu.__file__).resolve().parent),
        "assets": str(_assets.asset_dir().resolve()),
        "esm": w._esm, "card_esm": card._esm, "css": w._css,
        "installed_board_js": (_assets.asset_dir() / "board.js").read_text(),
        "mime": sorted((bundle[0] if isinstance(bundle, tuple) else bundle).keys()),
        "reach": sorted(w.reachable()),
        "sys_path0": sys.path[0],
    }))
""")


def test_wheel_contains_the_widget_front_end(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for asset in ("board.js", "trend_explorer.js", "element_card.js", "periodic.css"):
        assert f"periodic_edu/_widgets_js/{asset}" in names
    assert "periodic_edu/widgets/trend_explorer.py" in names
    assert not any(n.startswith("widgets_js/") for n in names)


def test_installed_wheel_renders_a_widget_from_its_own_files(wheel, tmp_path):
    venv = tmp_path / "venv"
    # no pip of its own (ensurepip cost most of this test): this interpreter's pip installs
    # into the venv (pip --python)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps",
                    "--no-index", "--quiet", "--disable-pip-version-check", str(wheel)],
                   check=True)
    # The dependencies (anywidget, ipywidgets, ...) come from the test interpreter's
    # site-packages, added AFTER the venv's own. The .pth files in there (this checkout's
    # editable install) are not processed, so periodic_edu can only come from the wheel.
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "zz_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run = subprocess.run([str(py), "-I", "-c", PROBE], capture_output=True, text=True,
                         cwd=tmp_path, env={k: v for k, v in os.environ.items()
                                            if not k.startswith("PYTHON")})
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    package = Path(got["package"])
    assert package.is_relative_to(venv.resolve()), got["package"]
    assert Path(got["assets"]) == package / "_widgets_js"
    assert not Path(got["assets"]).is_relative_to(REPO)
    for key in ("esm", "card_esm"):
        assert got[key] and "export default" in got[key]
    # the module text came from there (its own imports are replaced by the linked modules)
    board_js = got["installed_board_js"].strip()
    assert board_js and all(line in got["esm"] for line in board_js.splitlines()
                            if not line.startswith("import "))
    assert ".pe-cell" in got["css"]
    assert "application/vnd.jupyter.widget-view+json" in got["mime"]
    assert "He" in got["reach"]
