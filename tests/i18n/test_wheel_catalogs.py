"""The catalogs ship inside the wheel, and a copy of the package from the wheel alone
translates (no source checkout, no Babel). The wheel: tests/conftest.py's ``wheel`` fixture."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

from periodic_edu import i18n

REPO = Path(__file__).resolve().parents[2]


def test_wheel_holds_every_catalog(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    locale = REPO / "periodic_edu" / "locale"
    wanted = {f"periodic_edu/locale/{p.relative_to(locale).as_posix()}"
              for p in locale.rglob("*.po*")}
    # every domain: a template and the uk and de translations each
    assert len(wanted) == 3 * len(i18n.DOMAINS) and wanted <= names, sorted(wanted - names)
    assert "periodic_edu/locale/uk/LC_MESSAGES/notes.po" in names


def test_package_from_the_wheel_translates(wheel, tmp_path):
    zipfile.ZipFile(wheel).extractall(tmp_path / "site")
    probe = ("import sys; sys.modules['babel'] = None\n"
             "import periodic_edu.i18n as i\n"
             "assert i.__file__.startswith(sys.argv[1]), i.__file__\n"
             "from periodic_edu.chemistry import element_name as name\n"
             "print(name('Fe', 'uk'), name('Fe', 'de'),"
             " i.ngettext('cli', '{n} step', '{n} steps', 21, 'uk').format(n=21))")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(tmp_path / "site")
    done = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "site")],
                          capture_output=True, text=True,
                          cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["Ферум", "Eisen", "21", "крок"]
