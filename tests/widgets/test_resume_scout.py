"""A reload opens where the game is (issue 21, part 7): the dashboard's ResumeScout hears which
resume tokens the browser holds and opens the tab of the newest saved game; anything else a
page may send opens nothing and raises nothing."""
from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from periodic_edu.widgets.resume_scout import ResumeScout
from periodic_edu.widgets import save_store
from periodic_edu.widgets.save_store import SaveStore


def message(scout, content):
    """What the guard does with a comm message from the page."""
    scout._handle_msg({"content": {"data": {"method": "custom", "content": content}}})


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves")


def test_the_newest_saved_game_is_opened_once(store, monkeypatch):
    # the store's clock, moved by hand: the second save is a minute newer, whatever the
    # machine's clock resolution or load (the store stamps saves with time.time())
    now = [time.time()]
    monkeypatch.setattr(save_store, "time", SimpleNamespace(time=lambda: now[0]))
    older, newer = SaveStore.new_token(), SaveStore.new_token()
    store.put(older, {"game": "periodic"})
    now[0] += 60
    store.put(newer, {"game": "elemonster"})
    opened = []
    scout = ResumeScout(store, opened.append)
    assert scout.layout.display == "none"
    message(scout, {"type": "saved", "tokens": {"periodic": older, "elemonster": newer}})
    assert opened == ["elemonster"]
    message(scout, {"type": "saved", "tokens": {"periodic": older}})  # one answer per page
    assert opened == ["elemonster"]


@pytest.mark.parametrize("content", [
    {"type": "saved", "tokens": {"periodic": "", "elemonster": ""}},       # nothing saved
    {"type": "saved", "tokens": {"periodic": "x" * 32}},                   # unknown token
    {"type": "saved", "tokens": {"periodic": "../../etc/passwd"}},          # not a token
    {"type": "saved", "tokens": ["periodic"]},                              # not a dict
    {"type": "saved", "tokens": {"periodic": 5, "elemonster": None}},
    {"type": "saved"}, {"type": "other"}, "saved", None, [],
], ids=lambda c: repr(c)[:40])
def test_nothing_saved_or_a_bad_message_opens_nothing(store, content):
    opened = []
    scout = ResumeScout(store, opened.append)
    message(scout, content)
    assert opened == []
    assert scout.error == ""


def test_the_dashboard_opens_the_saved_games_tab_unless_one_was_chosen(tmp_path):
    from periodic_edu.widgets.dashboard import dashboard

    store = SaveStore(tmp_path / "saves")
    token = SaveStore.new_token()
    store.put(token, {"game": "periodic"})
    app = dashboard(seed=1, lang="en", save_store=store, lazy_tabs=True)  # the workshop's
    scout = app.children[-1]
    assert isinstance(scout, ResumeScout)
    assert app.opened() == [0, 1]
    message(scout, {"type": "saved", "tokens": {"periodic": token}})
    assert app.tabs.selected_index == 2 and 2 in app.opened()

    chosen = dashboard(seed=1, lang="en", save_store=store, lazy_tabs=True)
    chosen.tabs.selected_index = 1  # the visitor was quicker
    message(chosen.children[-1], {"type": "saved", "tokens": {"periodic": token}})
    assert chosen.tabs.selected_index == 1
