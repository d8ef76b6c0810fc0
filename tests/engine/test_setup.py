"""RULES §3: setup per edition and player count."""
import pytest

from periodic_edu.engine import Game, get_edition
from periodic_edu.engine.tables import COLOURS, FAMILY_START

from engine_helpers import TEST_DECK, new_game


@pytest.mark.parametrize("edition", ["en", "uk"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_counts(edition, players):
    g = Game(players=players, edition=edition, seed=11)
    st = g.state
    ed = get_edition(edition)
    assert st.energy == [3, 4, 5, 3, 4][:players]
    assert st.aa == [0, 0, 0, 1, 1][:players]
    assert st.spots == [1] * 5
    assert st.supply + sum(st.spots) + sum(st.energy) == ed.energy_total
    assert st.cubes == [ed.research_cubes] * players
    for slot, colour in enumerate(COLOURS):
        assert len(st.stacks[slot]) + 1 == ed.stacks[colour]
        assert st.face[slot] is not None
        assert len(st.awards[slot]) == 3
    deal = 2 if (edition, players) == ("uk", 5) else 3
    assert all(len(d) == deal for d in st.dealt)
    dealt = [a for d in st.dealt for a in d]
    assert len(set(dealt)) == len(dealt)
    assert g.phase == "agenda" and g.current_player == 0


def test_energy_and_supply_numbers():
    assert Game(players=5, edition="en", seed=1).state.supply == 30 - 5 - 19
    assert Game(players=5, edition="uk", seed=1).state.supply == 0


@pytest.mark.parametrize("edition,cards", [("en", [1, 3, 5, 7, 2]), ("uk", [1, 3, 5, 7, 7])])
def test_start_cards_and_flasks(edition, cards):
    st = Game(players=5, edition=edition, seed=5).state
    assert st.micro == [c - 1 for c in cards]
    for p in range(5):
        assert st.flask[p] == FAMILY_START[st.ring[st.micro[p]]]
    if edition == "uk":  # players 4 and 5 share a start card and so a start cell
        assert st.flask[3] == st.flask[4]
    else:
        assert len(set(st.flask)) == 5


def test_box_holds_the_rest():
    st = Game(players=3, edition="en", seed=2, goal_deck=TEST_DECK).state
    total = sum(len(st.stacks[s]) + 1 + len(st.box[s]) for s in range(4))
    assert total == len(TEST_DECK["cards"])


def test_award_tile_faces_differ():
    for edition in ("en", "uk"):
        ed = get_edition(edition)
        assert ed.award_tiles["green"] == ("plus3",) * 3
        assert ed.award_tiles["blue"] == ("take2",) * 3
        assert len(set(ed.award_tiles["purple"])) == 3
        assert all(t.startswith("free:") for t in ed.award_tiles["purple"])
        assert len(set(ed.award_tiles["pink"])) == 3
        assert all(t.startswith("move:") for t in ed.award_tiles["pink"])


def test_same_seed_same_setup_different_seed_differs():
    a = Game(players=4, seed=42).state.to_json()
    assert Game(players=4, seed=42).state.to_json() == a
    assert Game(players=4, seed=43).state.to_json() != a


def test_agenda_choice_comes_first():
    g = Game(players=3, seed=3)
    for p in range(3):
        assert g.current_player == p
        options = [str(a) for a in g.legal_actions()]
        assert options == [f"a:{x}" for x in g.state.dealt[p]]
        g.play(options[-1])
        assert g.state.agenda[p] == g.state.dealt[p][-1]
    assert g.phase == "start" and g.round == 1 and g.current_player == 0


def test_players_validation():
    with pytest.raises(ValueError, match="2 to 5"):
        Game(players=6)
    with pytest.raises(ValueError, match="2 to 5"):
        Game(players=["solo"])
    with pytest.raises(ValueError, match="unknown edition"):
        Game(edition="fr")
    g = Game(players=["Ann", "Bo"], seed=1)
    assert g.names == ("Ann", "Bo")


def test_max_rounds_validation():
    with pytest.raises(ValueError, match="max_rounds"):
        new_game(max_rounds=0)
