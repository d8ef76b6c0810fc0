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
    # the registry's core reaching up to the registry of the kit's games, a game's spec to
    # the other game's
    ("tabletop/spec.py", "from ..games import load_game as _wrong"),
    ("engine/spec.py", "from ..elemonster import spec as _wrong"),
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


# ---- no game named outside its own package ---------------------------------------------------
def _game_classes() -> set[tuple[str, str]]:
    """Each registered game's class: ``(its name, the package it lives in)`` (both kit games'
    classes are named ``Game``)."""
    from periodic_edu.games import GAMES
    return {(spec.game.__name__, spec.game.__module__.rsplit(".", 1)[0])
            for spec in GAMES.values()}


def _switches(path: Path, names: set[str], classes: set[tuple[str, str]]) -> list[str]:
    """Where ``path`` decides by a game's name (a comparison or ``case`` with the name as a
    string) or by a game's class (``isinstance``/``issubclass``/``type(...) is`` with a class
    imported from a game's package)."""
    import ast
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = "periodic_edu." + ".".join(path.relative_to(REPO / "periodic_edu").parts[:-1])
    game_names = set()  # local names bound to a game's class by an import
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.rstrip(".").split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                if any(alias.name == name and (base + ".").startswith(home + ".")
                       for name, home in classes):
                    game_names.add(alias.asname or alias.name)

    def named(expr: ast.AST) -> bool:
        return isinstance(expr, ast.Constant) and expr.value in names

    def a_game_class(expr: ast.AST) -> bool:
        if isinstance(expr, ast.Tuple):
            return any(a_game_class(e) for e in expr.elts)
        return isinstance(expr, ast.Name) and expr.id in game_names

    found = []
    for node in ast.walk(tree):
        hit = False
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            hit = any(named(e) for e in operands) or any(
                isinstance(e, (ast.Tuple, ast.List, ast.Set)) and any(named(x) for x in e.elts)
                for e in node.comparators)
            hit = hit or (any(isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq))
                              for op in node.ops) and any(a_game_class(e) for e in operands))
        elif isinstance(node, ast.MatchValue):
            hit = named(node.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
            hit = a_game_class(node.args[1])
        if hit:
            found.append(f"{path.relative_to(REPO)}:{node.lineno}")
    return found


def test_no_game_is_named_outside_its_own_package():
    """The kit hosts any registered game through its spec (issue 30): outside a game's own
    package no code compares with a game's name or asks whether a game is of a game's class.
    (Per-game widgets are chosen through :mod:`periodic_edu.widgets.game_views`.)"""
    from periodic_edu.games import GAMES
    classes = _game_classes()
    own = {REPO / "periodic_edu" / home.split(".")[1] for _, home in classes
           if home.startswith("periodic_edu.")}  # (a test's game lives under tests/)
    found = []
    for path in sorted((REPO / "periodic_edu").rglob("*.py")):
        if not any(d in path.parents for d in own):
            found += _switches(path, set(GAMES), classes)
    found = [f for f in found if f.split(":")[0] not in NOT_A_GAME]
    assert not found, found


#: files where a game's name is another thing's name, never a game switch
NOT_A_GAME = {
    # the card *style* "elemonster" (the element card drawn with Elemonster's legend), chosen
    # by the caller for any element: a look of the card, not a game
    "periodic_edu/widgets/element_card.py",
}


@pytest.mark.parametrize("wrong", [
    'def _wrong(game):\n    return game == "periodic"\n',
    'def _wrong(game):\n    return "x" if game != "elemonster" else "y"\n',
    'def _wrong(game):\n    return game in ("elemonster", "z")\n',
    'def _wrong(game):\n    match game:\n        case "periodic":\n            return 1\n',
    'from .engine import Game as _G\n\ndef _wrong(g):\n    return isinstance(g, _G)\n',
    'from .elemonster.game import Game\n\ndef _wrong(g):\n    return type(g) is Game\n',
])
def test_a_game_switch_is_found(tmp_path, monkeypatch, wrong):
    """The search above has teeth: each kind of switch, written into a copy of a kit module,
    is found."""
    target = tmp_path / "periodic_edu" / "simulation.py"
    target.parent.mkdir()
    target.write_text((REPO / "periodic_edu" / "simulation.py").read_text(encoding="utf-8")
                      + "\n" + wrong, encoding="utf-8")
    from periodic_edu.games import GAMES
    monkeypatch.setitem(globals(), "REPO", tmp_path)  # the search reads paths under REPO
    found = _switches(target, set(GAMES), _game_classes())
    assert found and all(f.startswith("periodic_edu/simulation.py:") for f in found), found
