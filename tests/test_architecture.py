"""The house's arrows (DESIGN §1), checked: the import contracts in pyproject.toml
([tool.importlinter], run with import-linter), no import circle between any two modules, and
no widget or plotting library loaded by anything below the widgets."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

REPO = Path(__file__).resolve().parents[1]
FORBIDDEN = ("ipywidgets", "anywidget", "traitlets", "IPython", "matplotlib")


def lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    """import-linter over the package found in ``cwd`` with ``cwd/pyproject.toml``."""
    code = ("import sys; from importlinter.cli import lint_imports; "
            "sys.exit(lint_imports(no_cache=True))")
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True,
                          text=True, env={"PYTHONPATH": str(cwd), "PATH": "/usr/bin:/bin"})


def test_the_import_contracts_hold():
    done = lint_imports(REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout, done.stdout


@pytest.mark.parametrize("module, wrong", [
    # the tabletop reaching up to a game, a game to the other game, i18n to the data above it
    ("tabletop/game.py", "from ..engine import Game as _Wrong"),
    ("elemonster/rules.py", "from ..engine import rules as _wrong"),
    ("i18n.py", "def _wrong():\n    from .chemistry import element\n"),
    ("engine/state.py", "import ipywidgets as _wrong"),
    # the room's SQL rows reaching up to a table's authority (the room's own layers)
    ("classroom/rows.py", "def _wrong():\n    from . import turns\n"),
])
def test_a_wrong_import_breaks_a_contract(tmp_path, module, wrong):
    """The contracts have teeth: a copy of the package with one wrong import fails them."""
    shutil.copytree(REPO / "periodic_edu", tmp_path / "periodic_edu",
                    ignore=shutil.ignore_patterns("__pycache__", "data", "LC_MESSAGES", "*.pot"))
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "periodic_edu" / module
    target.write_text(target.read_text(encoding="utf-8") + "\n" + wrong + "\n", encoding="utf-8")
    done = lint_imports(tmp_path)
    importer = "periodic_edu." + module.removesuffix(".py").replace("/", ".")
    assert done.returncode != 0, done.stdout
    assert "BROKEN" in done.stdout and importer in done.stdout, done.stdout


def test_no_import_circles():
    """No module imports, directly or through others, a module that imports it back (at module
    level or inside a function: grimp reads both)."""
    graph = grimp.build_graph("periodic_edu")
    circles = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if imported != module and graph.chain_exists(importer=imported, imported=module):
                circles.add(" <-> ".join(sorted((module, imported))))
    assert not circles, sorted(circles)


def test_nothing_below_the_widgets_loads_a_widget_library():
    """Importing the games, the tabletop, the registry, the CLI and the data loads none of the
    widget or plotting libraries (a real import in a fresh process)."""
    code = ("import sys, periodic_edu, periodic_edu.engine, periodic_edu.elemonster, "
            "periodic_edu.engine.bots, periodic_edu.elemonster.bots, periodic_edu.games, "
            "periodic_edu.simulation, periodic_edu.tabletop, periodic_edu.trends, "
            "periodic_edu.cli\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout
