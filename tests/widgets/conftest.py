"""Helpers to talk to a widget the way the browser does, without a browser or a kernel."""
from __future__ import annotations

import itertools

import pytest

pytest.importorskip("anywidget")


@pytest.fixture(autouse=True)
def page_per_widget(monkeypatch):
    """Each class-play widget of these tests is a page of its own (its own kernel, in a
    classroom): its own one-seat-per-class and tries bounds (widgets/_page_limits.py). Without
    it the widgets of every test of a worker shared the process's page limits and real clock:
    five joins a minute were all a worker had (a fresh clone's run lost the pacing test's sixth
    so), and a join within 0.1 s of another test's would be dropped as a double click."""
    from periodic_edu.widgets import _page_limits

    def a_page():  # its clock moves a second at each reading: a person's pace, not a burst
        return _page_limits.PageLimits(clock=itertools.count(1000.0).__next__)
    monkeypatch.setattr(_page_limits, "this_page", a_page)


class Wire:
    """Records what the widget sends to the front end, and feeds it front-end messages."""

    def __init__(self, widget, monkeypatch):
        self.widget = widget
        self.sent: list[dict] = []
        monkeypatch.setattr(widget, "_send", self._capture, raising=False)

        def fail(message, *args, **kwargs):  # _handle_msg swallows exceptions into a warning
            raise AssertionError("widget raised while handling a message: " + message % args)

        monkeypatch.setattr(widget.log, "warning", fail)

    def _capture(self, msg, buffers=None):
        self.sent.append(msg)

    def update(self, **state):
        """A comm message {"method": "update", "state": ...} as ipywidgets' front end sends."""
        self.sent.clear()
        self.widget._handle_msg({
            "content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
            "buffers": [],
        })

    def states(self) -> list[dict]:
        """The state dicts of every 'update'/'echo_update' message sent since the last update."""
        return [m["state"] for m in self.sent if m.get("method") in ("update", "echo_update")]

    def last_value(self, name):
        values = [s[name] for s in self.states() if name in s]
        return values[-1] if values else None


@pytest.fixture
def wire(monkeypatch):
    """wire(widget) -> Wire: capture the widget's messages for this test."""
    return lambda widget: Wire(widget, monkeypatch)
