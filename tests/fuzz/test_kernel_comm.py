"""A real kernel, no browser: bad trait writes and messages sent over the kernel's shell channel
exactly as the page sends them (``comm_msg``), and everything the kernel publishes on iopub (what
a page would show) is read back. No traceback, no error and no stderr may reach it.

A plain ``ipywidgets.IntSlider`` given the same bad ``layout`` write is the control: the kernel
does publish a traceback for it, so the check can see one when there is one."""
from __future__ import annotations

import json
import queue
import time

import pytest

pytest.importorskip("ipykernel")
from jupyter_client.manager import start_new_kernel  # noqa: E402

SETUP = """
import json
import ipywidgets
from periodic_edu.widgets import ElementCard, GameWidget, TrendExplorer
card, explorer = ElementCard("H"), TrendExplorer(symbol="Na")
game = GameWidget(players=["Ada", "Bot"], bots={1: "greedy"}, seed=5, max_rounds=2, bot_delay=0)
control = ipywidgets.IntSlider()
print(json.dumps({"card": card.model_id, "explorer": explorer.model_id, "game": game.model_id,
                  "control": control.model_id}))
"""

BAD_WRITES = [{"layout": "IPY_MODEL_nope"}, {"layout": None}, {"tooltip": 5},
              {"_dom_classes": "x"}, {"tabbable": "yes"}, {"_view_count": -1},
              {"symbol": 26}, {"symbol": ["x"] * 1000}, {"symbol": "\x1b[2J"}, {"steps": 9},
              {"steps": 1e300}, {"trend": {"a": 1}}, {"property": "x" * 100000},
              {"error": "forged"}, {"_esm": "alert(1)"}, {"view": {}}, {"revision": "x"}]
BAD_CUSTOM = [None, 5, "act", [], {"type": "act"}, {"type": "act", "action": "x" * 100000},
              {"type": "undo", "rev": "x"}, {"type": "new_game", "rev": 10 ** 100},
              {"type": "step_bot", "rev": -1}, {"type": "pause", "paused": "yes"}]


@pytest.fixture(scope="module")
def kernel():
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _drain(kc, until_idle_of=None, timeout=30.0) -> list[dict]:
    """iopub messages until the kernel is idle after ``until_idle_of`` (a parent msg id)."""
    out, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            msg = kc.get_iopub_msg(timeout=1)
        except queue.Empty:
            if until_idle_of is None:
                return out
            continue
        out.append(msg)
        if (until_idle_of is not None and msg["msg_type"] == "status"
                and msg["content"].get("execution_state") == "idle"
                and msg["parent_header"].get("msg_id") == until_idle_of):
            return out
    raise AssertionError("the kernel did not go idle")


def _send_comm(kc, comm_id: str, data: dict) -> list[dict]:
    msg = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": data})
    kc.shell_channel.send(msg)
    return _drain(kc, msg["header"]["msg_id"])


def _tracebacks(messages: list[dict]) -> list[str]:
    bad = []
    for m in messages:
        text = json.dumps(m["content"], default=str)
        if m["msg_type"] == "error" or "Traceback" in text or (
                m["msg_type"] == "stream" and m["content"].get("name") == "stderr"):
            bad.append(f"{m['msg_type']}: {text[:300]}")
    return bad


def test_no_traceback_reaches_the_page_from_any_bad_write_or_message(kernel):
    kc = kernel
    msg_id = kc.execute(SETUP)
    setup = _drain(kc, msg_id)
    printed = "".join(m["content"]["text"] for m in setup
                      if m["msg_type"] == "stream" and m["content"]["name"] == "stdout")
    ids = json.loads(printed)
    assert _tracebacks(setup) == []

    # the control: ipywidgets' own widget shows a traceback for a bad layout write
    control = _send_comm(kc, ids["control"], {"method": "update",
                                              "state": {"layout": "IPY_MODEL_nope"},
                                              "buffer_paths": []})
    assert _tracebacks(control), "the harness must see a traceback when one is published"

    sent = 0
    for kind in ("card", "explorer", "game"):
        for state in BAD_WRITES:
            got = _send_comm(kc, ids[kind], {"method": "update", "state": state,
                                             "buffer_paths": []})
            assert _tracebacks(got) == [], (kind, state)
            sent += 1
        for content in BAD_CUSTOM:
            got = _send_comm(kc, ids[kind], {"method": "custom", "content": content})
            assert _tracebacks(got) == [], (kind, content)
            sent += 1
        for data in ({"method": "nope"}, {"method": "update"}, {"method": "update", "state": 5},
                     {}):
            got = _send_comm(kc, ids[kind], data)
            assert _tracebacks(got) == [], (kind, data)
            sent += 1
    # the widgets are still consistent and working
    msg_id = kc.execute("print(card.symbol, explorer.symbol, explorer.steps, "
                        "game.game.history == [], repr(card.error)[:40])")
    final = _drain(kc, msg_id)
    text = "".join(m["content"]["text"] for m in final if m["msg_type"] == "stream")
    assert text.startswith("Fe Na 5 True"), text
    print(f"{sent} bad writes and messages to 3 widgets in a real kernel: no traceback, "
          f"no error, no stderr on iopub (the control widget published one)")
