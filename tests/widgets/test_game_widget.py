"""GameWidget without a browser: synced state, intents through the comm handler, refusals,
no hidden information in any synced trait, bots, undo, and the end-of-game breakdown."""
from __future__ import annotations

import json
import re

import pytest

from periodic_edu.widgets._table_widget import _rules_page_html

from periodic_edu import board
from periodic_edu.engine import Game
from periodic_edu.widgets import GameWidget
from periodic_edu.widgets._game_intents import MAX_ACTION_LENGTH
from widget_helpers import custom

#: A seed long enough that its digits cannot turn up in the state by chance.
SEED = 918273645




def plain(value):
    return json.loads(json.dumps(value))


def human_choice(view: dict) -> str:
    """A simple person: keep the first agenda, discover when offered, one paid move, end."""
    legal = view["legal_actions"]
    discover = [a for a in legal if a.startswith("d:")]
    if discover:
        return discover[0]
    if view["mode"] is None:
        first = [a for a in legal if a.startswith(("a:", "s:"))]
        return first[0] if first else next(a for a in legal if a.startswith("g:"))
    return "end" if "end" in legal else legal[0]


def human_turn(w: GameWidget) -> list[str]:
    """Play the person's turn through messages; returns the actions sent."""
    seat = w.game.current_player
    sent = []
    turns = w.game.turns
    while (not w.game.is_over and w.game.current_player == seat and w.game.turns == turns
           and not w.bot_pending):
        action = human_choice(w.view)
        sent.append(action)
        custom(w, {"type": "act", "action": action, "rev": w.revision})
        assert w.error == "", (action, w.error)
        if action.startswith("a:"):
            break
    return sent


def bots_play(w: GameWidget) -> int:
    """Tick the bots the way the browser's timer does (step_bot with the current revision)."""
    count = 0
    while w.bot_pending:
        custom(w, {"type": "step_bot", "rev": w.revision})
        assert w.error == ""
        count += 1
    return count


@pytest.fixture
def duel(wire):
    w = GameWidget(players=["Ada", "Bot"], bots={1: "greedy"}, seed=SEED, max_rounds=4,
                   bot_delay=0)
    wire(w)  # fail the test if the widget ever logs an exception while handling a message
    return w


def started(w: GameWidget) -> GameWidget:
    """Past the agenda choices: the person to move, at the start of their first turn."""
    custom(w, {"type": "act", "action": w.view["legal_actions"][0], "rev": w.revision})
    bots_play(w)
    assert w.view["phase"] == "start" and w.game.current_player == 0
    return w


# -- synced state ----------------------------------------------------------------------------------
def test_synced_traits_and_module():
    w = GameWidget(seed=SEED)
    import anywidget
    own = set(w.trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
    assert own - {"_esm", "_css", "_anywidget_id"} == {
        "static", "seats", "view", "viewer", "reach", "game_log", "log_total", "final",
        "bot_pending", "bot_delay_ms", "paused", "can_undo", "undo_note", "revision", "refusals",
        "error", "resume_token", "resume_offer", "lang", "strings", "moved_away", "rules_page"}
    state = w.get_state()
    assert "export default" in state["_esm"] and "createBoard" in state["_esm"]
    assert 'from "./' not in state["_esm"]
    assert ".pe-g-flask" in state["_css"] and ".pe-cell" in state["_css"]
    assert len(w.static["cells"]) == 88
    assert [s["bot"] for s in w.seats] == [None, None]


def test_synced_view_is_the_view_of_the_person_to_move(duel):
    w = duel
    assert w.view == plain(w.game.view(0)) and w.viewer == 0
    started(w)
    for _ in range(3):
        assert w.view == plain(w.game.view(w.game.current_player))
        assert w.view["legal_actions"] == [a.text for a in w.game.legal_actions()]
        here = w.game.state.flask[0]
        assert w.reach["ionization_energy"] == plain(dict(board.reach(here, "ionization_energy")))
        human_turn(w)
        # while the bot plays, the person's view stays on screen, never the bot's
        while w.bot_pending:
            assert w.viewer == 0 and w.view == plain(w.game.view(0))
            assert w.view["legal_actions"] == [] and w.reach == {}
            assert w.view["players_state"][1]["agenda"] is None
            custom(w, {"type": "step_bot", "rev": w.revision})


def test_hot_seat_shows_each_person_their_own_view(wire):
    w = GameWidget(players=["Ada", "Grace"], seed=SEED, max_rounds=2)
    custom(w, {"type": "act", "action": w.view["legal_actions"][0]})
    assert w.viewer == 1 and w.view == plain(w.game.view(1))
    assert w.view["players_state"][0]["agenda"] is None


# -- intents ---------------------------------------------------------------------------------------
def test_intents_play_a_whole_human_turn(duel):
    w = started(duel)
    rev = w.revision
    start_round = w.game.round
    sent = human_turn(w)
    assert sent[0].startswith("s:") and sent[-1] == "end"
    assert w.game.history[-len(sent):] == sent
    assert w.revision > rev
    mine = [e for e in w.game_log if e["bot"] is None and e["round"] == start_round]
    assert [e["action"] for e in mine] == sent
    assert all(e["name"] == "Ada" and len(e["text"].split()) >= 4 for e in mine)
    moved = mine[0]
    assert moved["from"] and moved["to"] and moved["from"] != moved["to"]
    assert w.bot_pending and w.game.current_player == 1


def test_the_browser_cannot_play_for_a_bot(duel):
    w = duel
    custom(w, {"type": "act", "action": w.view["legal_actions"][0], "rev": w.revision})
    assert w.bot_pending
    bot_options = [a.text for a in w.game.legal_actions()]
    before = w.game.to_json()
    custom(w, {"type": "act", "action": bot_options[0]})
    assert "bot" in w.error and w.game.to_json() == before


BAD_MESSAGES = [
    ("not a dict", "act"),
    ("a list", ["act", "end"]),
    ("null", None),
    ("a number", 7),
    ("no type", {"action": "end"}),
    ("unknown type", {"type": "eval", "code": "1"}),
    ("type not a string", {"type": ["act"]}),
    ("missing action", {"type": "act"}),
    ("extra key", {"type": "act", "action": "end", "seat": 1}),
    ("too many keys", {"type": "undo", "a": 1, "b": 2, "c": 3, "d": 4}),
    ("action not a string", {"type": "act", "action": {"kind": "end"}}),
    ("empty action", {"type": "act", "action": "  "}),
    ("huge action", {"type": "act", "action": "s:ie>F" * 10_000}),
    ("just too long", {"type": "act", "action": "d:" + "x" * (MAX_ACTION_LENGTH - 1)}),
    ("not notation", {"type": "act", "action": "__import__('os')"}),
    ("illegal action", {"type": "act", "action": "s:ie>Og"}),
    ("end before a paid move", {"type": "act", "action": "end"}),
    ("agenda after setup", {"type": "act", "action": "a:A01"}),
    ("bad rev", {"type": "act", "action": "end", "rev": "latest"}),
    ("hello without token", {"type": "hello"}),
    ("hello short token", {"type": "hello", "token": "abc"}),
    ("hello token with a path", {"type": "hello", "token": "../../etc/passwd/aaaaaaaaaaaaaaaa"}),
    ("hello huge token", {"type": "hello", "token": "a" * 10_000}),
    ("resume with nothing offered", {"type": "resume"}),
    ("bool rev", {"type": "undo", "rev": True}),
    ("pause not bool", {"type": "pause", "paused": "yes"}),
    ("step_bot without rev", {"type": "step_bot"}),
    ("step_bot on a person's turn", "STEP_NOW"),
    ("undo with nothing to undo", "UNDO_FRESH"),
]


@pytest.mark.parametrize("label, message", BAD_MESSAGES, ids=[b[0] for b in BAD_MESSAGES])
def test_bad_messages_are_refused_and_change_nothing(label, message, wire):
    w = GameWidget(players=["Ada", "Bot"], bots={1: "greedy"}, seed=SEED, max_rounds=3)
    wire(w)
    if message == "UNDO_FRESH":
        message = {"type": "undo"}
    else:
        started(w)
        w.log_entries.clear()  # so that undo has no person's action to undo either
        w.refresh()
    if message == "STEP_NOW":
        message = {"type": "step_bot", "rev": w.revision}
    before = (w.game.to_json(), w.revision, json.dumps(w.view), len(w.game_log))
    refusals = w.refusals
    custom(w, message)
    assert w.error, label
    assert w.refusals == refusals + 1
    assert (w.game.to_json(), w.revision, json.dumps(w.view), len(w.game_log)) == before
    assert len(w.error) < 400  # a huge value is never echoed back
    # ... and the widget keeps working
    custom(w, {"type": "act", "action": human_choice(w.view), "rev": w.revision})
    assert w.error == ""


def test_the_engine_explains_an_illegal_move_by_name(duel):
    w = started(duel)
    custom(w, {"type": "act", "action": "s:ie>Og"})
    # the rule in words: no seat number, no notation (issue 28)
    assert "not reachable" in w.error and w.error.startswith("Og is not reachable from ")
    assert "player" not in w.error and "s:ie>Og" not in w.error


def test_same_refusal_twice_is_shown_twice(duel):
    w = started(duel)
    custom(w, {"type": "act", "action": "end"})
    first = (w.error, w.refusals)
    custom(w, {"type": "act", "action": "end"})
    assert w.error == first[0] and w.refusals == first[1] + 1


SYNCED_WRITES = [
    {"view": {"phase": "over", "legal_actions": ["end"]}},
    {"bot_pending": False},
    {"paused": True},
    {"revision": 999},
    {"error": ""},
    {"reach": {"ionization_energy": {"Og": 1}}},
    {"seats": [{"seat": 1, "bot": None}]},
    {"final": {"winners": [0]}},
    {"_esm": "export default {render(){}}"},
    {"static": {}},
]


@pytest.mark.parametrize("state", SYNCED_WRITES, ids=[next(iter(s)) for s in SYNCED_WRITES])
def test_browser_writes_to_synced_traits_are_refused(state, duel, wire):
    w = started(duel)
    w2 = wire(w)
    name = next(iter(state))
    old = plain(getattr(w, name))
    before = (w.game.to_json(), w.revision)
    w2.update(**state)
    assert "read-only" in w.error
    if name != "error":
        assert plain(getattr(w, name)) == old
    assert (w.game.to_json(), w.revision) == before
    # the truth is sent back to the browser
    assert name in {k for s in w2.states() for k in s}


# -- hidden information ----------------------------------------------------------------------------
def _hidden_strings(game: Game, viewer: int | None) -> set[str]:
    st = game.state
    hidden = {c for stack in st.stacks for c in stack} | {c for box in st.box for c in box}
    for q in range(st.n):
        if q != viewer:
            hidden.update(st.dealt[q])
    return hidden


def _synced_json(w: GameWidget) -> str:
    state = w.get_state()
    # the rule book (docs/rules.md as a page) is a constant of the widget, the same in every
    # game; it cites example card ids ("table_salt"), so it is checked apart, as a constant
    assert state.pop("rules_page") == _rules_page_html("periodic", w.lang)
    return json.dumps(state, sort_keys=True, default=str)


def _assert_nothing_hidden(w: GameWidget, viewer: int | None, agendas_public: bool = False):
    text = _synced_json(w)
    assert str(SEED) not in text
    assert str(w.game.seed) not in text
    hidden = _hidden_strings(w.game, viewer)
    if agendas_public:  # at the end every agenda is scored in public
        hidden -= {a for q in range(w.game.players) for a in w.game.state.dealt[q]
                   if a == w.game.state.agenda[q]}
    words = set(re.findall(r"[A-Za-z0-9_]+", text))  # ids are whole words of the JSON
    found = hidden & words
    assert not found, found
    # award tiles: the only Free Action / Move To codes in sight are those players hold or used
    st = w.game.state
    seen_codes = set(re.findall(r'"((?:free|move):[a-z_]+)"', text))
    held = {t for q in range(st.n) for t in st.tiles[q]} | set(st.used_tiles)
    assert seen_codes <= held, seen_codes - held


@pytest.mark.parametrize("players, bots", [
    (["Ada", "Bot"], {1: "greedy"}),
    (3, [None, "greedy", "random"]),
])
def test_no_hidden_information_in_any_synced_trait(players, bots, wire):
    w = GameWidget(players=players, bots=bots, seed=SEED, max_rounds=4)
    wire(w)
    checks = 0
    while not w.game.is_over:
        _assert_nothing_hidden(w, viewer=0)
        checks += 1
        if w.bot_pending:
            custom(w, {"type": "step_bot", "rev": w.revision})
        else:
            custom(w, {"type": "act", "action": human_choice(w.view), "rev": w.revision})
        assert w.error == ""
    _assert_nothing_hidden(w, viewer=0, agendas_public=True)
    assert checks > 20
    assert any(e["bot"] for e in w.log_entries)


def test_all_bot_game_shows_only_public_information():
    w = GameWidget(players=3, bots=["greedy", "random", "greedy"], seed=SEED, max_rounds=2)
    assert w.viewer == -1
    steps = 0
    while not w.game.is_over:
        _assert_nothing_hidden(w, viewer=None)
        assert all(p["agenda"] is None for p in w.view["players_state"])
        assert w.view["legal_actions"] == [] and w.view["agenda_choices"] == []
        assert w.step_bot() is not None
        steps += 1
    assert steps > 10 and w.final["scores"]


def test_agenda_choices_are_logged_without_the_card(duel):
    w = started(duel)
    agenda = [e for e in w.log_entries if e["kind"] == "agenda"]
    assert len(agenda) == 2 and all(e["action"] is None for e in agenda)
    assert all("A0" not in e["text"] and "A1" not in e["text"] for e in agenda)


# -- bots ------------------------------------------------------------------------------------------
def test_bots_take_their_turns_and_explain_each_action(duel):
    w = started(duel)
    human_turn(w)
    assert w.bot_pending
    rev = w.revision
    custom(w, {"type": "step_bot", "rev": rev})
    custom(w, {"type": "step_bot", "rev": rev})  # a second view's tick for the same revision
    assert w.error == "" and w.revision == rev + 1  # ... played nothing
    bots_play(w)
    bot = [e for e in w.log_entries if e["bot"] == "greedy" and e["round"] >= 1]
    assert bot and bot[-1]["kind"] == "end"
    for e in bot:
        assert e["name"] == "Bot" and len(e["text"].split()) >= 5, e
        assert not re.fullmatch(r"[a-z]:\S+|end|d-", e["text"])
    assert not w.bot_pending and w.game.current_player == 0


def test_pause_is_a_flag_for_the_browser_timer(duel):
    w = duel
    custom(w, {"type": "pause", "paused": True})
    assert w.paused and w.error == ""
    custom(w, {"type": "pause", "paused": False, "rev": w.revision})
    assert not w.paused
    assert w.bot_delay_ms == 0


def test_search_bot_plays_a_turn():
    w = GameWidget(players=["Ada", "Deep"], bots={1: "search"}, seed=SEED, max_rounds=2)
    started(w)
    human_turn(w)
    assert w.run_bots() > 0 and w.game.current_player == 0


# -- undo ------------------------------------------------------------------------------------------
def test_undo_a_persons_action(duel):
    w = started(duel)
    saved = w.game.to_json()
    view = json.dumps(w.view)
    action = human_choice(w.view)
    custom(w, {"type": "act", "action": action, "rev": w.revision})
    assert w.can_undo and w.game.to_json() != saved
    custom(w, {"type": "undo", "rev": w.revision})
    assert w.error == ""
    assert w.game.to_json() == saved and json.dumps(w.view) == view
    assert all(e["i"] < len(w.game.history) for e in w.log_entries)


def test_undo_goes_back_through_the_bots_turn_to_the_last_human_decision(duel):
    w = started(duel)
    sent = human_turn(w)
    before_end = Game.from_json(w.game.to_json())
    before_end.undo()  # the state just before Ada's "end"
    bots_play(w)
    assert w.game.current_player == 0 and len(w.game.history) > len(before_end.history) + 1
    custom(w, {"type": "undo", "rev": w.revision})
    assert w.error == ""
    assert w.game.history == before_end.history and w.game.current_player == 0
    assert w.view == plain(before_end.view(0))
    assert w.log_entries[-1]["action"] == sent[-2]
    # the person plays on from there
    custom(w, {"type": "act", "action": "end", "rev": w.revision})
    assert w.error == "" and w.bot_pending


# -- the end ---------------------------------------------------------------------------------------
def test_short_game_ends_with_the_score_breakdown(wire):
    w = GameWidget(players=["Ada", "Bot"], bots={1: "greedy"}, seed=SEED, max_rounds=2)
    wire(w)
    while not w.game.is_over:
        assert w.final == {}
        if w.bot_pending:
            bots_play(w)
        else:
            human_turn(w)
    assert not w.bot_pending and w.view["is_over"] and w.view["legal_actions"] == []
    final = w.final
    assert final["winners"] == w.game.winners()
    assert final["scores"] == plain(w.game.scores()) == plain(w.scores())
    for row in final["scores"]:
        parts = (row["printed_points"] + row["lab_points"] + row["aa_value"]
                 + row["cubes_on_incomplete"] + row["agenda"])
        assert row["total"] == parts
        assignment = row["agenda_assignment"]
        assert assignment["explanation"] and assignment["objectives"]
        assert row["agenda_id"] in final["agendas"]
        assert all(c in final["cards"] for c in row["cards"])
    assert any("game is over" in x for e in w.log_entries for x in e["events"])
    custom(w, {"type": "act", "action": "end"})
    assert "over" in w.error
    custom(w, {"type": "new_game", "rev": w.revision})
    assert w.error == "" and not w.game.is_over and w.final == {} and w.game_log == []
    assert w.game.seed != SEED and w.view["phase"] == "agenda"


def test_scores_are_not_shown_before_the_end(duel):
    with pytest.raises(ValueError, match="end of the game"):
        duel.scores()
    assert duel.final == {}


# -- construction ----------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, match", [
    ({"players": 1}, "2 to 5"),
    ({"players": 6}, "2 to 5"),
    ({"players": True}, "2 to 5"),
    ({"players": 2, "bots": {2: "greedy"}}, "seat 2"),
    ({"players": 2, "bots": {1: "clever"}}, "unknown bot"),
    ({"players": 2, "bots": ["greedy"]}, "one entry per player"),
    ({"players": 2, "bots": "greedy"}, "dict"),
    ({"players": 2, "bot_delay": -1}, "bot_delay"),
    ({"players": 2, "bot_delay": 60}, "bot_delay"),
])
def test_bad_constructor_arguments_raise(kwargs, match):
    with pytest.raises(ValueError, match=match):
        GameWidget(**kwargs)


def test_default_names_and_python_api():
    w = GameWidget(players=3, bots={1: "greedy", 2: "greedy"}, seed=SEED, max_rounds=1)
    assert [s["name"] for s in w.seats] == ["Player 1", "Greedy bot 2", "Greedy bot 3"]
    assert w.bots == [None, "greedy", "greedy"]
    w.play(w.game.legal_actions()[0])
    assert w.run_bots() == 2
    with pytest.raises(ValueError):
        w.play("s:ie>Og")
    w.new_game(seed=5)
    assert w.game.seed == 5 and w.log_entries == []


def test_a_failing_bot_pauses_and_the_widget_keeps_working(duel):
    w = duel
    custom(w, {"type": "act", "action": w.view["legal_actions"][0], "rev": w.revision})

    def broken(view):
        raise ZeroDivisionError("a bug in a bot")

    w.table._bots[1].choose = broken  # an instance attribute hides the method
    before = (w.game.to_json(), w.revision)
    custom(w, {"type": "step_bot", "rev": w.revision})
    assert "ZeroDivisionError" in w.error and w.paused
    assert (w.game.to_json(), w.revision) == before
    del w.table._bots[1].choose
    custom(w, {"type": "pause", "paused": False})
    custom(w, {"type": "step_bot", "rev": w.revision})
    assert w.error == "" and w.view["phase"] == "start"


def test_a_stale_click_is_dropped_without_an_error():
    """A double click sends the same action twice; the second one is about a game that has
    moved on: nothing happens and nothing red is shown (issue 8, item 5)."""
    w = GameWidget(players=["You", "Bot"], bots={1: "greedy"}, seed=SEED, max_rounds=3)
    action = w.view["legal_actions"][0]
    rev = w.revision
    custom(w, {"type": "act", "action": action, "rev": rev})
    after = (w.game.to_json(), w.revision, w.refusals)
    custom(w, {"type": "act", "action": action, "rev": rev})
    assert (w.game.to_json(), w.revision, w.refusals) == after
    assert w.error == ""


def test_agenda_objectives_and_events_in_words_for_a_player_called_you():
    w = GameWidget(players=["You", "Bot"], bots={1: "greedy"}, seed=SEED, max_rounds=3)
    words = w.static["objectives"]
    assert words["pair:2+3"] == "+5 for each pair: one blue and one purple card you completed"
    assert all("oo" not in text for text in words.values())
    from periodic_edu.engine.story import possessive
    assert possessive("You") == "Your" and possessive("Ada") == "Ada's"
    for _ in range(6):
        human_turn(w)
        bots_play(w)
        if w.game.is_over:
            break
    said = " ".join(e["text"] + " " + " ".join(e["events"]) for e in w.log_entries)
    assert "You's" not in said and "You chooses" not in said
    assert all(e["action"] is None or not e["action"].startswith("a:") for e in w.log_entries)


def test_the_board_constants_are_in_the_state_the_comm_opens_with():
    """game.js draws from `static` at once: the comm's first state must hold it (the static
    site's page drew a game between the comm's opening and a later update, and failed)."""
    from unittest import mock

    import ipywidgets

    opened = []
    real = ipywidgets.Widget.open

    def spy(self):
        if isinstance(self, GameWidget):
            opened.append(dict(self.get_state()))
        return real(self)
    with mock.patch.object(ipywidgets.Widget, "open", spy):
        GameWidget(players=2, seed=5, lang="de")
    assert opened and opened[0]["static"]["cells"], "the comm opened without the board"
    assert opened[0]["lang"] == "de"
