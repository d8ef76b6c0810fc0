"""site_src/static_model.js, the kernel-less model of the static tabs, against Python's own
widget: a browser's write that Python's TrendExplorer accepts, normalizes or refuses gets the
same value and the same error, word for word, in en/uk/de (run in Node, on the data the build
writes for the page)."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from build_site import REPO, dashboard_data  # scripts/, on the path: conftest.py

from periodic_edu import i18n

#: (trait, value the page writes): accepted, normalized and refused writes.
WRITES = [("symbol", "Cl"), ("symbol", "k"), ("symbol", "11"), ("symbol", "Ce"),
          ("symbol", "Xx"), ("symbol", ""), ("symbol", 5), ("trend", "ionization_energy"),
          ("trend", "bogus"), ("steps", 3), ("steps", 9), ("steps", "x"),
          ("property", "density_g_cm3"), ("property", "bogus"), ("cells", []),
          ("reach_table", {})]

NODE = """
import { readFileSync } from "node:fs";
import { StaticModel, explorerIntents } from "%s";
const data = JSON.parse(readFileSync(process.argv[1], "utf8"));
const writes = JSON.parse(process.argv[2]);
const out = [];
for (const [name, value] of writes) {
  const model = new StaticModel({ ...data.explorer, reach_table: data.reach_table },
    explorerIntents(data), data.refusals);
  const events = [];
  model.on(`change:${name}`, (v) => events.push(v));
  model.set(name, value);
  model.save_changes();
  out.push({ value: model.get(name), error: model.get("error"), events: events.length });
}
console.log(JSON.stringify(out));
"""


def python_answers(lang: str) -> list[dict]:
    from periodic_edu.widgets import TrendExplorer

    out = []
    for name, value in WRITES:
        widget = TrendExplorer(symbol="Na", lang=lang)
        widget.set_state({name: value})  # what the guard does with a browser's write
        shown = getattr(widget, name)
        out.append({"value": shown if name not in ("cells", "reach_table") else "kept",
                    "error": widget.error})
    return out


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_static_model_accepts_and_refuses_as_python_does(lang, tmp_path):
    node = shutil.which("node")
    assert node, "node is needed (the site build needs it too)"
    data = dashboard_data(lang)
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    script = NODE % (REPO / "site_src" / "static_model.js").as_posix()
    done = subprocess.run([node, "--experimental-default-type=module", "--input-type=module",
                           "-e", script, str(path), json.dumps(WRITES)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    page = json.loads(done.stdout)
    python = python_answers(lang)
    for (name, value), js, py in zip(WRITES, page, python):
        if name in ("cells", "reach_table"):  # read-only: the old value back, and why
            assert js["value"] == data["explorer"].get(name, data.get(name)), name
        else:
            assert js["value"] == py["value"], (name, value, js, py)
        assert js["error"] == py["error"], (name, value, js["error"], py["error"])
        assert js["events"] >= 1  # the view heard its own write at once (then the answer)
    refused = [e["error"] for e in page if e["error"]]
    assert len(refused) >= 8 and any("Ce" in e for e in refused)
