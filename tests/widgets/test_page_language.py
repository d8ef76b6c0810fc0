"""The phone's language and the class tab of a reopened page (issue 28, parts 2 and 7):
:class:`PagePrefs` in the dashboard, its messages as a page would send them."""
from __future__ import annotations

import pytest

from periodic_edu.widgets.dashboard import dashboard
from periodic_edu.widgets.page_language import pick_language


def hello(app, **content):
    app.prefs._handle_msg({"content": {"data": {"method": "custom",
                                                "content": {"type": "hello", **content}}}})


def test_the_browsers_language_is_the_pages_when_no_lang_was_asked(tmp_path):
    from periodic_edu.widgets.save_store import SaveStore
    app = dashboard(save_store=SaveStore(tmp_path))
    assert app.switch.value == "en"
    hello(app, stored="", languages=["fr-FR", "de-AT", "en"], class_seats=[])
    assert app.switch.value == "de"
    assert app.prefs.chosen == ""  # followed the browser: nothing kept on the device
    hello(app, stored="uk", languages=["en"], class_seats=[])  # one answer per page
    assert app.switch.value == "de"
    app.switch.value = "uk"  # the visitor's choice: kept on the device
    assert app.prefs.chosen == "uk"


def test_lang_in_the_address_wins_and_a_class_seat_opens_its_tab(tmp_path):
    from periodic_edu.widgets.save_store import SaveStore
    app = dashboard(save_store=SaveStore(tmp_path))
    app.use_page_language(lambda: "uk")
    hello(app, stored="de", languages=["de"], class_seats=["elemonster"])
    assert app.switch.value == "uk"
    assert app.tabs.selected_index == 3  # the class game this browser holds a seat in


@pytest.mark.parametrize("content", [
    {"stored": 5, "languages": "de", "class_seats": "periodic"},
    {"stored": "xx", "languages": [None, {"a": 1}, "x" * 10_000], "class_seats": [3, "chess"]},
])
def test_a_malformed_hello_changes_nothing(tmp_path, content):
    from periodic_edu.widgets.save_store import SaveStore
    app = dashboard(save_store=SaveStore(tmp_path))
    hello(app, **content)
    assert app.switch.value == "en" and app.tabs.selected_index == 0


def test_pick_language_reads_only_the_first_few_tags():
    assert pick_language("", ["fr"] * 12 + ["de"]) is None
    assert pick_language("", ["de_CH"]) == "de"


def test_one_game_per_screen_the_tabs_own_game_hides_while_seated(tmp_path):
    import ipywidgets

    from periodic_edu.classroom import open_room
    from periodic_edu.widgets.class_seat import class_play_box

    room = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        info = room.create_class(game="periodic", tables=1, seats=2)
        solo = ipywidgets.Label("the tab's own game")
        box = class_play_box("periodic", room=room, rest=(solo,), served=True)
        assert solo.layout.display is None
        box.join._dispatch({"type": "join", "code": info.code, "name": "Ada"})
        assert box.join.phase == "waiting" and solo.layout.display == "none"
        box.join._dispatch({"type": "leave"})
        assert box.join.phase == "join" and solo.layout.display is None
    finally:
        room.close()


def test_a_language_chosen_before_the_browser_speaks_is_kept(tmp_path):
    from periodic_edu.widgets.save_store import SaveStore
    app = dashboard(save_store=SaveStore(tmp_path))
    app.switch.value = "uk"  # the visitor was quicker than the page's first message
    hello(app, stored="", languages=["de"], class_seats=[])
    assert app.switch.value == "uk"


def test_the_teachers_page_follows_the_browser_and_keeps_the_teachers_choice(tmp_path):
    from periodic_edu.classroom import open_room
    from periodic_edu.widgets.teacher_page import teacher_page

    room = open_room(f"sqlite:///{tmp_path / 'room.db'}")
    try:
        app = teacher_page(room=room)
        assert app.page.lang == "en"
        hello(app, stored="", languages=["fr-FR", "de-DE"], class_seats=["periodic"])
        assert app.page.lang == "de" and app.checks.lang == "de"  # the checks follow the page
        assert app.prefs.chosen == ""  # followed the browser: nothing kept on the device
        app.page._dispatch({"type": "lang", "lang": "uk"})  # the page's Language menu
        assert app.page.lang == "uk" and app.prefs.chosen == "uk"

        asked = teacher_page(room=room)  # ?lang= wins over the device, before or after it
        asked.use_page_language(lambda: "uk")
        hello(asked, stored="de", languages=["de"], class_seats=[])
        assert asked.page.lang == "uk" and asked.prefs.chosen == "uk"
    finally:
        room.close()
