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
early = page_kernel.set_language("uk")  # before the games exist: nothing to switch
models = json.loads(asyncio.run(page_kernel.start(post, "lang=de")))  # Play, sent at once
first = dict(models)
models.update(json.loads(page_kernel.start_rest()))  # then the others, while the page draws
again = page_kernel.start_rest()  # out of turn: nothing built twice
opened = [m for m in sent if m["msg_type"] == "comm_open"]
heavy = sorted(n for n in ("prompt_toolkit", "jedi", "pygments") if n in sys.modules)
by_name = lambda name: [m for m in opened if m["data"]["state"]["_model_name"] == name]
players = next(m for m in by_name("BoundedIntTextModel"))["comm_id"]
game = next(m for m in opened if "bot_pending" in m["data"]["state"])["comm_id"]
described = [m["data"]["state"]["description"] for m in sent if m["comm_id"] == players
             and m["data"].get("state", {}).get("description")]

def reply_to(msg_id, text, kind="comm_msg", buffers=()):
    before = len(sent)
    page_kernel.receive(text, buffers, kind)
    return [m for m in sent[before:] if m["parent_header"].get("msg_id") == msg_id], sent[before:]

def update(msg_id, comm_id, state):
    return json.dumps({"msg_id": msg_id, "comm_id": comm_id,
                       "data": {"method": "update", "state": state, "buffer_paths": []}})

answered, _ = reply_to("m1", update("m1", players, {"value": 9}))  # clamped to 5 seats
refused, _ = reply_to("m2", update("m2", game, {"_esm": "alert(1)"}))
bad = {name: reply_to("x", text, kind)[1] for name, text, kind in [
    ("not json", "{", "comm_msg"),
    ("no comm", json.dumps({"msg_id": "x", "comm_id": "nope", "data": {}}), "comm_msg"),
    ("wrong types", json.dumps({"msg_id": 1, "comm_id": game, "data": []}), "comm_msg"),
    ("unknown kind", json.dumps({"msg_id": "x", "comm_id": game, "data": {}}), "comm_eval"),
]}
# the page's language switch: an unknown language changes nothing; a real one reaches the games
before = len(sent)
unknown = [page_kernel.set_language("xx"), page_kernel.set_language(5)]
after_unknown = sent[before:]
switched = page_kernel.set_language("uk")
descriptions = [m["data"]["state"].get("description") for m in sent[before:]
                if m["comm_id"] == players and "description" in m["data"].get("state", {})]
langs = [m["data"]["state"]["lang"] for m in sent[before:]
         if m["comm_id"] == models["elemonster"] and "lang" in m["data"].get("state", {})]
print(json.dumps({
    "early": early, "models": models, "first": first, "again": again, "described": described, "unknown": unknown, "after_unknown": after_unknown,
    "switched": switched, "descriptions": descriptions, "langs": langs,
    "ipython": sys.modules["IPython"].__doc__, "heavy": heavy,
    "opened": [(m["comm_id"], m["target_name"], m["data"]["state"]) for m in opened],
    "answered": answered, "refused": refused, "bad": bad,
}))
"""


def run_bridge(tmp_path, script: str = SCRIPT) -> dict:
    env = {"PERIODIC_EDU_SAVE_DIR": str(tmp_path / "saves"), "PATH": "/usr/bin:/bin",
           "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script, str(REPO / "site_src")], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_page_gets_the_two_games_and_every_widget_before_one_that_holds_it(tmp_path):
    out = run_bridge(tmp_path)
    assert out["ipython"] == "Stand-in: this page runs no IPython."
    assert out["heavy"] == []  # IPython's own dependencies stay out of the page
    ids = [comm_id for comm_id, _, _ in out["opened"]]
    assert {target for _, target, _ in out["opened"]} == {"jupyter.widget"}
    assert set(out["models"]) == {"play", "elemonster", "practice"} and set(out["models"].values()) <= set(ids)
    # Play first, alone: the page draws it while Python builds the others; then no second set
    assert set(out["first"]) == {"play"} and out["again"] == "{}"
    # Python builds only the games: the explorer and the cards are the page's own
    names = {state["_model_name"] for _, _, state in out["opened"]}
    assert "TabModel" not in names
    assert not any("reach_table" in state for _, _, state in out["opened"])
    seen = set()
    for comm_id, _, state in out["opened"]:  # a widget refers only to widgets already sent
        refs = {v[len("IPY_MODEL_"):] for v in json.dumps(state).replace('"', " ").split()
                if v.startswith("IPY_MODEL_")}
        assert refs <= seen, (comm_id, refs - seen)
        seen.add(comm_id)
    # the page's language (?lang=de) reached Python: the setup's words are German
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import DASHBOARD

    german = i18n.gettext("widgets", DASHBOARD["players"], "de")
    assert german != DASHBOARD["players"]
    assert out["described"][-1] == german, out["described"]


def test_a_page_message_is_answered_and_a_bad_one_dropped(tmp_path):
    out = run_bridge(tmp_path)
    # 9 players is clamped to 5 by ipywidgets' own check, and the answer names the message
    states = [m["data"].get("state", {}) for m in out["answered"]]
    assert any(s.get("value") == 5 for s in states), out["answered"]
    # a write to a trait the browser may not write: refused, the old value sent back
    refused = [m["data"].get("state", {}) for m in out["refused"]]
    assert any("_esm" in s and s["_esm"] != "alert(1)" for s in refused), out["refused"]
    # malformed or misdirected messages: dropped, nothing sent, no exception
    assert out["bad"] == {"not json": [], "no comm": [], "wrong types": [],
                          "unknown kind": []}


def test_the_pages_language_switch_reaches_the_games_and_a_bad_one_changes_nothing(tmp_path):
    out = run_bridge(tmp_path)
    from periodic_edu import i18n
    from periodic_edu.locale.widget_texts import DASHBOARD

    assert out["early"] is False  # before the games were built
    assert out["unknown"] == [False, False] and out["after_unknown"] == []
    assert out["switched"] is True
    assert out["descriptions"] == [i18n.gettext("widgets", DASHBOARD["players"], "uk")]
    assert out["langs"] == ["uk"]


REST_IN_SWITCHED_LANGUAGE = r"""
import asyncio, json, sys
sys.path.insert(0, sys.argv[1])
import page_kernel

sent = []
post = lambda text, buffers: sent.append(json.loads(text))
early = page_kernel.start_rest()  # before Play: out of turn, nothing built
models = json.loads(asyncio.run(page_kernel.start(post, "lang=de")))
switched = page_kernel.set_language("uk")  # while the page draws Play, before the others exist
models.update(json.loads(page_kernel.start_rest()))
opened = {m["comm_id"]: m["data"]["state"] for m in sent if m["msg_type"] == "comm_open"}
print(json.dumps({"early": early, "switched": switched,
                  "elemonster": opened[models["elemonster"]].get("lang"),
                  "practice": opened[models["practice"]].get("lang")}))
"""


def test_the_games_built_after_play_are_in_the_language_the_page_switched_to_meanwhile(
        tmp_path):
    out = run_bridge(tmp_path, REST_IN_SWITCHED_LANGUAGE)
    assert out == {"early": "{}", "switched": True, "elemonster": "uk", "practice": "uk"}


SNAPSHOT_RANDOMNESS = r"""
import json, random, sys, types
sys.path.insert(0, sys.argv[1])
import page_kernel

random.seed(7)
before = random.getstate()
page_kernel.prepare()  # what the build runs before it writes the snapshot
drew_at_import = random.getstate() != before
# a package that made its own generator at import, as a snapshot would freeze it
kit = types.ModuleType("made_at_import")
kit.rng = random.Random(42)
sys.modules["made_at_import"] = kit
names = sorted(page_kernel.generators())
frozen = [random.random(), kit.rng.random()]
random.seed(7), kit.rng.seed(42)  # two visitors restoring the same snapshot: these two draws
page_kernel.restored()
visitor = [random.random(), kit.rng.random()]
draws = json.loads(page_kernel.random_draws())
print(json.dumps({"drew_at_import": drew_at_import, "names": names, "frozen": frozen,
                  "visitor": visitor, "draws": sorted(draws), "js": "js" in sys.modules}))
"""


def test_a_restored_snapshot_draws_fresh_random_numbers(tmp_path):
    """The page's Python starts from the build's snapshot (site_src/page_kernel.py: prepare,
    restored), which freezes every random generator's state: restored() reseeds each one a
    module holds, random's own and any a package made at import, and prepare() imports
    nothing that draws from random (its draw would be every visitor's)."""
    out = run_bridge(tmp_path, SNAPSHOT_RANDOMNESS)
    assert out["drew_at_import"] is False and out["js"] is False
    assert {"random._inst", "made_at_import.rng"} <= set(out["names"])
    assert not any("sysrand" in name for name in out["names"])  # secrets': no state to freeze
    assert out["visitor"][0] != out["frozen"][0] and out["visitor"][1] != out["frozen"][1]
    assert set(out["draws"]) == set(out["names"])
