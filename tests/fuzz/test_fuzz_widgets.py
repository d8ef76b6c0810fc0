"""Fuzzing every widget's browser messages and trait writes, without a browser: each message
goes through the comm entry point (``_handle_msg``) exactly as ipykernel delivers it. Nothing
may raise, nothing sent to the page may hold a traceback, no unexpected failure may be logged,
and the widget must stay consistent (valid intents, untouched data, a legal game, the truth
re-sent for every refused write)."""
from __future__ import annotations

import json
import logging

import pytest

pytest.importorskip("anywidget")

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fuzz_helpers import (COUNTS, DEFAULT_CASES, JSON, MANY_CASES, NASTY_TEXT, TEXT,  # noqa: E402
                          fuzz_settings, report)
from periodic_edu.chemistry import element  # noqa: E402
from periodic_edu.engine import Game  # noqa: E402
from periodic_edu.widgets import ElementCard, GameWidget, TrendExplorer  # noqa: E402
from periodic_edu.widgets import _a11y_payload, _payload  # noqa: E402
from periodic_edu.widgets.element_card import _ionization_payload  # noqa: E402
from periodic_edu.widgets._base import log as widget_log  # noqa: E402
from periodic_edu.widgets._game_intents import INTENTS  # noqa: E402

#: widget sequences in the default run (1-6 messages each: about 350 messages per widget)
WIDGET_CASES = DEFAULT_CASES * 2 // 3
#: The card's traits that follow its symbol (ElementCard._show): a legal symbol changes them.
CARD_FOLLOWS = ("element", "ionization", "sound")
VIEW_TRAITS = ["layout", "tooltip", "tabbable", "_dom_classes", "_view_count", "_esm", "_css",
               "_model_name", "_view_module", "error", "comm", "keys", "log"]


class Recorder(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture
def recorder():
    handler = Recorder()
    widget_log.addHandler(handler)
    yield handler
    widget_log.removeHandler(handler)


def make(kind: str):
    if kind == "explorer":
        return TrendExplorer(symbol="Na", trend="ionization_energy")
    if kind == "card":
        return ElementCard("Fe")
    return GameWidget(players=["Ada", "Bot"], bots={1: "greedy"}, seed=2 ** 70 + 11,
                      max_rounds=2, bot_delay=0)


def attach(widget):
    sent: list[dict] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)
    warnings: list[str] = []
    widget.log.warning = lambda *a, **k: warnings.append(str(a))  # ipywidgets' own fallback
    widget.log.error = lambda *a, **k: warnings.append(str(a))
    return sent, warnings


def values_for(name: str):
    return st.one_of(JSON, NASTY_TEXT, st.sampled_from(
        ["Na", "na", " fe ", "Fe", 26, 26.0, 0, 119, -1, 5, 9, 8.5, True, "ionization_energy",
         "melting_point_k", "", None, [], {}, "IPY_MODEL_x", ["x"] * 50]))


@st.composite
def message(draw, widget):
    kind = draw(st.sampled_from(["update", "update", "custom", "custom", "request_state",
                                 "buffers", "malformed"]))
    names = sorted(set(widget.keys) | set(widget._intents) | set(VIEW_TRAITS))
    if kind == "update":
        state = draw(st.dictionaries(st.one_of(st.sampled_from(names), TEXT),
                                     values_for("x"), min_size=1, max_size=4))
        return {"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                "buffers": []}
    if kind == "buffers":
        return {"content": {"data": {"method": "update", "state": {"symbol": None},
                                     "buffer_paths": [["symbol"]]}}, "buffers": [b"xx"]}
    if kind == "request_state":
        return {"content": {"data": {"method": "request_state"}}, "buffers": []}
    if kind == "custom":
        if isinstance(widget, GameWidget) and draw(st.booleans()):
            legal = widget.view.get("legal_actions") or ["end"]
            content = {"type": draw(st.sampled_from(sorted(INTENTS) + ["x", ""]))}
            if draw(st.booleans()):
                content["action"] = draw(st.one_of(st.sampled_from(legal), TEXT, JSON))
            if draw(st.booleans()):
                content["rev"] = draw(st.one_of(st.just(widget.revision), JSON))
            if draw(st.booleans()):
                content["paused"] = draw(st.one_of(st.booleans(), JSON))
        else:
            content = draw(JSON)
        return {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    return draw(st.one_of(JSON, st.just({"content": {"data": {"method": "nope"}}}),
                          st.just({"content": {"data": None}}), st.just({"content": 5})))


def check_consistent(widget, kind: str, data_before: dict, sent: list[dict]) -> None:
    for name, check in widget._intents.items():
        value = getattr(widget, name)
        assert check(value) == value, (name, value)
    for name, value in data_before.items():
        assert getattr(widget, name) is value, f"{name} changed"
    # whatever was sent last for a trait is Python's value (the truth is shown again)
    last: dict = {}
    for msg in sent:
        if msg.get("method") in ("update", "echo_update"):
            last.update(msg.get("state", {}))
    for name, value in last.items():
        if name in widget.keys and name not in ("comm",):
            current = widget.get_state(name)[name]
            assert json.loads(json.dumps(current)) == json.loads(json.dumps(value)), name
    text = json.dumps(sent, default=str)
    assert "Traceback" not in text and "File \"" not in text
    if kind == "card":  # what follows the symbol is the symbol's own
        assert widget.element == _payload.card_data(element(widget.symbol))
        assert widget.ionization == _ionization_payload(widget.symbol)
        assert widget.sound == _a11y_payload.card_rows(widget.symbol)
    if kind == "game":
        g = widget.game
        assert Game.from_json(g.to_json()).state == g.state  # every action legal, replayable
        if widget.viewer >= 0:
            assert widget.view == json.loads(json.dumps(g.view(widget.viewer)))


def _fuzz_widget(kind: str, cases: int, recorder) -> None:
    target = f"widget {kind}: messages"
    counts = COUNTS[target]

    @fuzz_settings(cases)
    @given(st.data())
    def one(data):
        widget = make(kind)
        sent, warnings = attach(widget)
        # data the page can never change (what the card shows follows `symbol`: checked apart)
        static = {n: getattr(widget, n) for n in widget.keys
                  if n not in widget._intents and n not in ("error", "layout") + CARD_FOLLOWS
                  and kind != "game"}
        for _ in range(data.draw(st.integers(1, 6))):
            msg = data.draw(message(widget))
            refusals_before = getattr(widget, "refusals", None)
            sent.clear()
            widget._handle_msg(msg)  # must never raise
            check_consistent(widget, kind, static, sent)
            said_error = any(m.get("state", {}).get("error") for m in sent
                             if isinstance(m.get("state"), dict))
            if said_error or (refusals_before is not None and widget.refusals != refusals_before):
                counts["refused"] += 1
            else:
                counts["accepted or ignored"] += 1
        assert warnings == []
        assert [r.getMessage() for r in recorder.records] == []

    one()
    report(target)
    assert counts["refused"] > 0


@pytest.mark.parametrize("kind", ["explorer", "card", "game"])
def test_fuzz_widget_messages(kind, recorder):
    _fuzz_widget(kind, WIDGET_CASES, recorder)


@pytest.mark.fuzz
@pytest.mark.parametrize("kind", ["explorer", "card", "game"])
def test_fuzz_widget_messages_thousands(kind, recorder):
    _fuzz_widget(kind, MANY_CASES, recorder)


# ---- the cases issue 9 names -------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["explorer", "card", "game"])
@pytest.mark.parametrize("name,value", [("layout", "IPY_MODEL_nope"), ("tooltip", 5),
                                        ("_dom_classes", "x"), ("tabbable", "yes"),
                                        ("_view_count", -1), ("_esm", "alert(1)")])
def test_view_traits_are_read_only_from_the_page(kind, name, value, recorder):
    widget = make(kind)
    sent, warnings = attach(widget)
    before = widget.get_state(name)[name]
    widget._handle_msg({"content": {"data": {"method": "update", "state": {name: value},
                                             "buffer_paths": []}}, "buffers": []})
    assert widget.get_state(name)[name] == before
    assert widget.error == f"'{name}' is read-only"
    assert any(m.get("state", {}).get(name, object()) == before for m in sent)  # truth re-sent
    assert warnings == [] and recorder.records == []


def test_element_card_26_becomes_iron_everywhere(recorder):
    card = ElementCard("H")
    sent, _ = attach(card)
    card._handle_msg({"content": {"data": {"method": "update", "state": {"symbol": 26},
                                           "buffer_paths": []}}, "buffers": []})
    assert card.symbol == "Fe" and card.error == "" and card.element["name"] == "Iron"
    symbols = [m["state"]["symbol"] for m in sent if "symbol" in m.get("state", {})]
    assert symbols and set(symbols) == {"Fe"}  # the echo and the re-send both say Fe


def test_a_bug_in_a_handler_is_refused_and_logged_on_the_server_only(recorder, monkeypatch):
    widget = make("explorer")
    sent, warnings = attach(widget)

    def broken(*args, **kwargs):
        raise RuntimeError("secret detail /home/user/site-packages")

    monkeypatch.setattr(TrendExplorer, "set_state", broken)
    widget._handle_msg({"content": {"data": {"method": "update", "state": {"steps": 3},
                                             "buffer_paths": []}}, "buffers": []})
    assert widget.error.startswith("something went wrong")
    assert "secret detail" not in json.dumps(sent, default=str)
    assert len(recorder.records) == 1 and recorder.records[0].exc_info is not None
    recorder.records.clear()
