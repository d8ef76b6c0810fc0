"""Run the front end's JavaScript unit tests (tests/js/*.test.mjs) with node's own test runner,
so ``./scripts/test`` runs them too. Node is required (the widgets' JS is tested, not skipped)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")


def test_javascript_units_pass_under_node(tmp_path):
    if NODE is None:  # a missing runtime fails, never skips
        pytest.fail("node is needed for tests/js (Debian: apt-get install nodejs)")
    files = sorted(str(p) for p in HERE.glob("*.test.mjs"))
    assert len(files) >= 2, files
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import widget_strings
    for lang in i18n.LANGUAGES:  # the words the widgets receive from Python, per language
        (tmp_path / f"{lang}.json").write_text(json.dumps(widget_strings(lang)), "utf-8")
    env = {**os.environ, "PE_STRINGS_DIR": str(tmp_path)}
    result = subprocess.run([NODE, "--test", *files], capture_output=True, text=True, timeout=120,
                            cwd=HERE.parents[1], env=env)
    summary = [line for line in result.stdout.splitlines() if line.startswith(("# pass", "# fail"))]
    print("\n".join(summary))
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout
