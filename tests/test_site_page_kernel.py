"""site_src/page_kernel.py, the static dashboard's comm bridge, under CPython: the messages it
sends the page and what it does with the page's messages, good and bad. (In the browser, with
Pyodide: tests/site.) Each case runs in a fresh Python, as the page does: the bridge stands in
for IPython, which must not already be imported."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import asyncio, json, sys
sys.path.insert(0, sys.argv[1])
import page_kernel

sent = []
post = lambda text, buffers: sent.append(json.loads(text))
langs = []
model_id = asyncio.run(page_kernel.start(post, "lang=de", langs.append))
opened = [m for m in sent if m["msg_type"] == "comm_open"]
explorer = next(m for m in opened if m["data"]["state"].get("trend") == "atomic_number")["comm_id"]
heavy = sorted(n for n in ("prompt_toolkit", "jedi", "pygments") if n in sys.modules)
tab = next(m for m in opened if m["data"]["state"]["_model_name"] == "TabModel")["comm_id"]
titles = [m["data"]["state"]["titles"] for m in sent if m["comm_id"] == tab
          and "titles" in m["data"].get("state", {})][-1]  # what the page shows in the end

def reply_to(msg_id, text, kind="comm_msg", buffers=()):
    before = len(sent)
    page_kernel.receive(text, buffers, kind)
    return [m for m in sent[before:] if m["parent_header"].get("msg_id") == msg_id], sent[before:]

good = json.dumps({"msg_id": "m1", "comm_id": explorer,
                   "data": {"method": "update", "state": {"symbol": "k"}, "buffer_paths": []}})
answered, _ = reply_to("m1", good)
refused, _ = reply_to("m2", json.dumps({"msg_id": "m2", "comm_id": explorer, "data": {
    "method": "update", "state": {"_esm": "alert(1)"}, "buffer_paths": []}}))
bad = {name: reply_to("x", text, kind)[1] for name, text, kind in [
    ("not json", "{", "comm_msg"),
    ("no comm", json.dumps({"msg_id": "x", "comm_id": "nope", "data": {}}), "comm_msg"),
    ("wrong types", json.dumps({"msg_id": 1, "comm_id": explorer, "data": []}), "comm_msg"),
    ("unknown kind", json.dumps({"msg_id": "x", "comm_id": explorer, "data": {}}), "comm_eval"),
]}
# the language switch (a core ipywidgets Dropdown): a tampered index is refused by ipywidgets'
# own check, without an exception into the page; a real choice reaches the page's words
switch = next(m for m in opened if "Deutsch" in m["data"]["state"].get("_options_labels", []))
labels = switch["data"]["state"]["_options_labels"]
def choose(index, msg_id):
    return reply_to(msg_id, json.dumps({"msg_id": msg_id, "comm_id": switch["comm_id"], "data": {
        "method": "update", "state": {"index": index}, "buffer_paths": []}}))[1]
bad_index = choose(99, "m3")
langs_after_bad = list(langs)
choose(labels.index("English"), "m4")
print(json.dumps({
    "langs": langs, "langs_after_bad": langs_after_bad, "bad_index": bad_index,
    "ipython": sys.modules["IPython"].__doc__, "heavy": heavy, "model_id": model_id,
    "titles": titles,
    "opened": [(m["comm_id"], m["target_name"], m["data"]["state"]) for m in opened],
    "answered": answered, "refused": refused, "bad": bad,
}))
"""


def run_bridge(tmp_path) -> dict:
    env = {"PERIODIC_EDU_SAVE_DIR": str(tmp_path / "saves"), "PATH": "/usr/bin:/bin",
           "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(REPO / "site_src")], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_page_gets_every_widget_before_the_dashboard_that_holds_it(tmp_path):
    out = run_bridge(tmp_path)
    assert out["ipython"] == "Stand-in: this page runs no IPython."
    assert out["heavy"] == []  # IPython's own dependencies stay out of the page
    ids = [comm_id for comm_id, _, _ in out["opened"]]
    assert {target for _, target, _ in out["opened"]} == {"jupyter.widget"}
    assert ids[-1] == out["model_id"]  # the dashboard itself comes last
    seen = set()
    for comm_id, _, state in out["opened"]:  # a widget refers only to widgets already sent
        refs = {v[len("IPY_MODEL_"):] for v in json.dumps(state).replace('"', " ").split()
                if v.startswith("IPY_MODEL_")}
        assert refs <= seen, (comm_id, refs - seen)
        seen.add(comm_id)
    # the page's language (?lang=de) reached Python: German tab titles
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import DASHBOARD

    german = [i18n.gettext("widgets", DASHBOARD[k], "de") for k in ("tab_explore", "tab_cards")]
    assert out["titles"][:2] == german and german[0] != DASHBOARD["tab_explore"], out["titles"]


def test_a_page_message_is_answered_and_a_bad_one_dropped(tmp_path):
    out = run_bridge(tmp_path)
    # "k" is normalized to "K" by the explorer's own check, and the answer names the message
    states = [m["data"].get("state", {}) for m in out["answered"]]
    assert any(s.get("symbol") == "K" for s in states), out["answered"]
    # a write to a trait the browser may not write: refused, the old value sent back
    refused = [m["data"].get("state", {}) for m in out["refused"]]
    assert any("_esm" in s and s["_esm"] != "alert(1)" for s in refused), out["refused"]
    # the language switch: a tampered index changes nothing; choosing English tells the page
    assert out["langs_after_bad"] == ["de"], out["langs_after_bad"]
    assert out["langs"] == ["de", "en"], out["langs"]
    # malformed or misdirected messages: dropped, nothing sent, no exception
    assert out["bad"] == {"not json": [], "no comm": [], "wrong types": [],
                          "unknown kind": []}
