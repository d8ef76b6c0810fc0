"""The engine side never loads widget or plotting libraries (DESIGN §1, arrows point one way)."""
import subprocess
import sys

FORBIDDEN = ("ipywidgets", "anywidget", "traitlets", "IPython", "matplotlib")


def test_core_modules_import_no_widget_code():
    code = (
        "import sys, periodic_edu, periodic_edu.board, periodic_edu.chemistry, "
        "periodic_edu.trends, periodic_edu.cli\n"
        "import importlib.util\n"
        "if importlib.util.find_spec('periodic_edu.engine'): import periodic_edu.engine\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]", out
