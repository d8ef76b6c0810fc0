"""RULES §4.3: movement and discovery."""
import pytest

from periodic_edu import board
from periodic_edu.engine import IllegalMoveError
from periodic_edu.engine.tables import TREND_ABBR, TRENDS

from engine_helpers import edit, legal, mark, new_game

FACES = {"green": "salt", "blue": "naoh", "purple": "na3po4", "pink": "naaucl4"}


def game(**fields):
    g = new_game(players=3)
    base = dict(flask=["Mg", "Mg", "Mg"], face=dict(FACES))
    base.update(fields)
    return edit(g, **base)


@pytest.mark.parametrize("cell", ["Na", "S", "Be", "Al", "H", "Og", "Ba", "Fe"])
def test_legal_spend_destinations_are_the_reachable_set(cell):
    g = game(flask=[cell] * 3, face={"green": "hf", "blue": "h2so4", "purple": "agno3",
                                     "pink": "pbno32"})
    actions = legal(g)
    for trend in TRENDS:
        code = TREND_ABBR[trend]
        dests = {a.split(">")[1] for a in actions if a.startswith(f"s:{code}>")}
        assert dests == set(board.reach(cell, trend))


def test_movement_onto_a_cube_offers_a_discovery():
    g = game()
    g.play("s:an>Na")
    assert g.phase == "discover"
    assert legal(g) == ["d:salt", "d:naoh", "d:na3po4", "d:naaucl4", "d-"]
    g.play("d:naoh")
    assert g.state.cubes[0] == 6
    assert g.state.marks[1][0] == 1 << 0  # Na is element 0 of NaOH
    assert g.phase == "main"


def test_one_discovery_per_movement_and_not_twice_on_one_card():
    g = game(energy=[9, 4, 5])
    g.play("s:an>Na")
    g.play("d:salt")
    with pytest.raises(IllegalMoveError, match="nothing to discover"):
        g.play("d:naoh")
    g.play("s:an>Mg")
    g.play("s:an>Na")
    assert "d:salt" not in legal(g)  # already discovered Na on salt
    with pytest.raises(IllegalMoveError, match="already discovered Na on salt"):
        g.play("d:salt")
    g.play("d:naoh")


def test_decline_discovery():
    g = game()
    g.play("s:an>Na")
    g.play("d-")
    assert g.state.cubes[0] == 7 and g.phase == "main"
    with pytest.raises(IllegalMoveError, match="no discovery is waiting"):
        g.play("d-")


def test_discovery_must_be_decided_first():
    g = game()
    g.play("s:an>Na")
    with pytest.raises(IllegalMoveError, match="first decide the discovery"):
        g.play("end")
    with pytest.raises(IllegalMoveError, match="first decide the discovery"):
        g.play("s:an>Mg")


def test_no_discovery_without_research_cubes():
    g = game(cubes=[0, 7, 7])
    g.play("s:an>Na")
    assert g.phase == "main"
    assert "end" in legal(g)


def test_starting_on_a_cube_discovers_nothing():
    g = game(flask=["Na", "Na", "Na"])
    assert g.phase == "start"
    assert not any(a.startswith("d:") for a in legal(g))


def test_two_players_may_discover_the_same_element():
    g = game()
    mark(g, "salt", 1, "Na")
    g.play("s:an>Na")
    g.play("d:salt")
    assert g.state.marks[0][0] == 1 and g.state.marks[0][1] == 1


def test_flasks_may_share_a_cell():
    g = game(flask=["Mg", "Na", "Na"])
    g.play("s:an>Na")
    assert g.state.flask == ["Na", "Na", "Na"]
