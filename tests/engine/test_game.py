"""The Game facade: illegal actions change nothing, undo, save/load, views."""
import json
import random

import pytest

from periodic_edu.engine import Game, IllegalMoveError, SaveError, UndoError

from engine_helpers import TEST_DECK, new_game


def play_random(g, n, rng):
    for _ in range(n):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))


def test_illegal_action_leaves_the_state_exactly_as_it_was():
    g = new_game(players=3, seed=4)
    before = g.state.to_json()
    history = list(g.history)
    for bad in ["end", "d-", "s:ie>Og", "x>Na", "m>Cl", "e:an", "a:A01", "garbage", "g:an>Mg/4"]:
        with pytest.raises(IllegalMoveError) as info:
            g.play(bad)
        assert "player 1 cannot play" in str(info.value)
        assert g.state.to_json() == before
        assert g.history == history


def test_error_names_player_action_and_why():
    g = new_game(players=2)
    with pytest.raises(IllegalMoveError) as info:
        g.play("end")
    e = info.value
    assert e.player == 0 and e.action == "end" and "paid activation" in e.why
    assert isinstance(e, ValueError)


def test_undo_restores_the_exact_previous_state():
    g = new_game(players=4, seed=9, max_rounds=20)
    rng = random.Random(2)
    snapshots = [g.state.to_json()]
    for _ in range(200):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
        snapshots.append(g.state.to_json())
    while len(snapshots) > 1:
        snapshots.pop()
        g.undo()
        assert g.state.to_json() == snapshots[-1]


def test_undo_with_nothing_raises():
    g = Game(players=2, seed=1)
    with pytest.raises(UndoError):
        g.undo()


def test_save_load_round_trip():
    g = new_game(players=3, seed=21, max_rounds=10)
    play_random(g, 120, random.Random(3))
    text = g.to_json()
    doc = json.loads(text)
    assert doc["format"] == "periodic-edu/game" and doc["version"] == 2
    assert doc["seed"] == 21 and doc["edition"] == "en" and doc["max_rounds"] == 10
    assert doc["goal_deck"]["cards"]  # custom deck inline
    h = Game.from_json(text)
    assert h.state.to_json() == g.state.to_json()
    assert h.history == g.history


def test_shipped_deck_save_has_no_inline_deck():
    g = Game(players=2, edition="uk", seed=3)
    doc = g.to_dict()
    assert "goal_deck" not in doc and "agenda_deck" not in doc
    assert Game.from_dict(doc).state == g.state


def test_load_refuses_a_save_that_does_not_replay_naming_the_index():
    g = new_game(players=2, seed=5)
    g.play(g.legal_actions()[0])
    doc = g.to_dict()
    doc["actions"].insert(1, "end")
    with pytest.raises(SaveError, match=r"action 1 \('end'\) does not replay: first every"):
        Game.from_dict(doc)


@pytest.mark.parametrize("mutate,match", [
    (lambda d: d.pop("seed"), "field 'seed' is missing"),
    (lambda d: d.update(seed="x"), "field 'seed' must be a whole number"),
    (lambda d: d.update(format="nope"), "field 'format'"),
    (lambda d: d.update(version=3), "field 'version'"),
    (lambda d: d.update(version="2"), "field 'version'"),
    (lambda d: d.update(actions="end"), "field 'actions'"),
    (lambda d: d.update(players=7), "2 to 5 players"),
    (lambda d: d.update(edition="fr"), "unknown edition"),
    (lambda d: d.update(max_rounds="10"), "field 'max_rounds'"),
])
def test_malformed_saves(mutate, match):
    doc = Game(players=2, seed=1).to_dict()
    mutate(doc)
    with pytest.raises(SaveError, match=match):
        Game.from_dict(doc)


def test_malformed_json():
    with pytest.raises(SaveError, match="malformed JSON"):
        Game.from_json("{not json")


def test_view_hides_what_a_player_may_not_see():
    g = Game(players=3, seed=8)
    while g.phase == "agenda":
        g.play(g.legal_actions()[0])
    st = g.state
    v = g.view(1)
    text = json.dumps(v)
    json.loads(text)  # JSON-ready
    assert v["players_state"][1]["agenda"]["id"] == st.agenda[1]
    assert v["players_state"][0]["agenda"] is None and v["players_state"][2]["agenda"] is None
    for q in (0, 2):
        assert st.agenda[q] not in text or st.agenda[q] == st.agenda[1]
    for slot in range(4):  # no face-down card and nothing of the box appears
        for cid in st.stacks[slot] + st.box[slot]:
            assert f'"{cid}"' not in text
    assert v["legal_actions"] == []  # not their turn
    assert v["scores"][0]["agenda"] is None and v["scores"][0]["total"] is None
    assert v["scores"][1]["total"] == g.scores()[1]["total"]
    assert g.view(0)["legal_actions"] == [str(a) for a in g.legal_actions()]
    assert [c["stack_size"] for c in v["goal_cards"]] == [len(s) for s in st.stacks]


def test_view_has_what_a_ui_needs():
    g = new_game(players=2)
    v = g.view(0)
    for key in ("board_cubes", "goal_cards", "trend_spots", "players_state", "phase", "mode",
                "current_player", "paid_activations", "next_spend_cost", "ring", "round"):
        assert key in v
    card = v["goal_cards"][0]["card"]
    for key in ("id", "name", "formula", "colour", "points", "elements", "discovered"):
        assert key in card
    p = v["players_state"][0]
    for key in ("energy", "research_cubes", "tiles", "microscope", "aa_index", "flask"):
        assert key in p


def test_observe_matches_view():
    g = new_game(players=2)
    assert g.observe(0).to_dict() == g.view(0)
    with pytest.raises(ValueError):
        g.view(5)


def test_determinize_keeps_public_information():
    g = new_game(players=4, seed=3)
    d = g.observe(2).determinize(seed=1)
    st = g.state
    assert d.face == st.face and d.flask == st.flask and d.energy == st.energy
    assert [len(s) for s in d.stacks] == [len(s) for s in st.stacks]
    assert d.agenda[2] == st.agenda[2]


def test_state_is_json_and_round_trips_through_a_save():
    g = new_game(players=2)
    g.play(g.legal_actions()[0])
    doc = json.loads(g.state.to_json())
    assert doc["phase"] == g.phase and doc["names"] == list(g.names)
    assert len(doc["stacks"]) == 4 and doc["seat"] == g.current_player
    again = Game.from_json(g.to_json())
    assert again.state == g.state and json.loads(again.state.to_json()) == doc


def test_custom_deck_from_file(tmp_path):
    path = tmp_path / "mydeck.json"
    path.write_text(json.dumps(TEST_DECK))
    g = Game(players=2, seed=1, goal_deck=str(path))
    assert g.state.face[0] in {c["id"] for c in TEST_DECK["cards"]}
    assert Game.from_json(g.to_json()).state == g.state


def test_undo_and_play_mixed_matches_a_fresh_replay():
    """Branching histories across checkpoints: the state always equals replaying the history."""
    rng = random.Random(11)
    g = new_game(players=3, seed=12, max_rounds=15, deck=False, choose=False)
    for step in range(600):
        if g.is_over or (g.history and rng.random() < 0.3):
            for _ in range(rng.randint(1, 40)):
                if not g.history:
                    break
                g.undo()
        else:
            g.play(rng.choice(g.legal_actions()))
        if step % 25 == 0:
            fresh = Game(players=3, seed=12, max_rounds=15)
            fresh.play_many(g.history)
            assert fresh.state.to_json() == g.state.to_json()
