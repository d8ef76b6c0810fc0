"""site_src/page_kernel.py's homework page part, under CPython (in the browser: tests/site/
test_homework_page.py): a link holding no readable assignment is said in the page's language,
never a traceback; a good one gives its game's widget and the assignment's words; the page's
requests for a code are checked in Python (a malformed one, a game not over, then a code the
teacher's side reads); the page's language switch reaches the homework game. Each case runs in a
fresh Python, as the page does."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import asyncio, json, random, sys
sys.path.insert(0, sys.argv[1])
import page_kernel
from periodic_edu.assignments import new_assignment, read_code

sent = []
post = lambda text, buffers: sent.append(json.loads(text))
bad = json.loads(asyncio.run(page_kernel.start_homework(post, "homework?v=1&game=chess", "de")))
a = new_assignment(game="periodic", seed=9, players=2, bots=["greedy"], lang="uk",
                   options={"max_rounds": 1})
good = json.loads(asyncio.run(page_kernel.start_homework(post, a.fragment, "uk")))
opened = [m["comm_id"] for m in sent if m["msg_type"] == "comm_open"]
malformed = [json.loads(page_kernel.homework_code(t)) for t in ("{", "[]", '{"answers": {}}')]
early = json.loads(page_kernel.homework_code(json.dumps({"name": "Ada", "answers": {}})))
switched = page_kernel.set_language("de")
w = page_kernel._homework["session"].widget
rng = random.Random(2)
while not w.table.is_over:
    if w.bot_pending:
        w.handle_message({"type": "step_bot", "rev": w.revision})
    else:
        w.handle_message({"type": "act", "action": rng.choice(w.view["legal_actions"]),
                          "rev": w.revision})
made = json.loads(page_kernel.homework_code(json.dumps({"name": "Ada", "answers": {}})))
read = read_code(a, made["code"])
print(json.dumps({"bad": bad, "good": good, "opened": opened, "malformed": malformed,
                  "early": early, "switched": switched, "lang": w.lang, "made": made,
                  "read": [read["name"], read["score"], read["over"]]}))
"""


def test_the_homework_page_gets_its_game_and_its_code_checked_in_python(tmp_path):
    env = {"PERIODIC_EDU_SAVE_DIR": str(tmp_path / "saves"), "PATH": "/usr/bin:/bin",
           "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(REPO / "site_src")], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(out["bad"]) == {"error"}
    assert out["bad"]["error"].startswith("Dieser Link enthält keine Aufgabe")
    assert "Traceback" not in out["bad"]["error"]
    assert out["good"]["game"] in out["opened"]
    assert out["good"]["about"]["text"] == "Periodic, суперники: Жадібний бот."
    assert out["malformed"] == [{"error": "malformed"}] * 3
    assert out["early"]["error"].startswith("Спершу зіграй гру до кінця")
    assert out["switched"] is True and out["lang"] == "de"
    assert out["read"] == ["Ada", out["made"]["score"], True]
