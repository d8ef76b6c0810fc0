"""RULES §4.2: Spend or Gain, and D-13."""
import pytest

from periodic_edu.engine import IllegalMoveError

from engine_helpers import edit, legal, new_game


def setup_turn(players=4, **fields):
    g = new_game(players=players)
    defaults = dict(flask=["Na"] * players, face={"green": "salt", "blue": "h2so4",
                                                  "purple": "agno3", "pink": "pbno32"})
    defaults.update(fields)
    return edit(g, **defaults)


def test_spend_costs_one_then_two():
    g = setup_turn(energy=[5, 4, 5, 3])
    g.play("s:an>Mg")
    assert g.state.energy[0] == 4 and g.state.spots[0] == 2
    g.play("s:an>Al")
    assert g.state.energy[0] == 2 and g.state.spots[0] == 4
    g.play("s:ie>Si")
    assert g.state.energy[0] == 0 and g.state.spots[1] == 3
    assert not any(a.startswith("s:") for a in legal(g))
    g.play("end")
    assert g.current_player == 1


def test_spend_needs_the_energy():
    g = setup_turn(energy=[1, 4, 5, 3])
    g.play("s:an>Mg")
    with pytest.raises(IllegalMoveError, match="costs 2 energy and you hold 0"):
        g.play("s:an>Al")


def test_cannot_pay_must_gain():
    g = setup_turn(energy=[0, 4, 5, 3])
    actions = legal(g)
    assert not any(a.startswith("s:") for a in actions)
    assert any(a.startswith("g:") for a in actions)
    assert "end" not in actions
    with pytest.raises(IllegalMoveError, match="must Gain"):
        g.play("s:an>Mg")


def test_gain_takes_all_tokens_and_is_the_only_paid_activation():
    g = setup_turn(spots=[3, 1, 1, 1, 1])
    before = g.state.energy[0]
    g.play("g:an>Mg")
    assert g.state.energy[0] == before + 3 and g.state.spots[0] == 0
    assert g.state.mode == "gain"
    actions = legal(g)
    assert not any(a[:2] in ("s:", "g:") for a in actions)
    with pytest.raises(IllegalMoveError, match="only paid activation"):
        g.play("s:an>Al")
    with pytest.raises(IllegalMoveError, match="already gained"):
        g.play("g:an>Al")
    g.play("end")


def test_no_gain_after_spend():
    g = setup_turn()
    g.play("s:an>Mg")
    with pytest.raises(IllegalMoveError, match="only paid activation"):
        g.play("g:ie>Al")


def test_gain_on_empty_spot_takes_from_the_richest():
    g = setup_turn(spots=[0, 1, 1, 1, 1], energy=[1, 2, 6, 3])
    g.play("g:an>Mg")
    assert g.state.energy == [2, 2, 5, 3]


def test_gain_empty_spot_richest_is_self_takes_nothing():
    g = setup_turn(spots=[0, 1, 1, 1, 1], energy=[6, 2, 5, 3])
    g.play("g:an>Mg")
    assert g.state.energy == [6, 2, 5, 3]


def test_gain_empty_spot_active_tied_for_richest_takes_nothing():
    g = setup_turn(spots=[0, 1, 1, 1, 1], energy=[5, 2, 5, 3])
    assert "g:an>Mg" in legal(g)
    g.play("g:an>Mg")
    assert g.state.energy == [5, 2, 5, 3]


def test_gain_empty_spot_tie_among_others_the_player_chooses():
    g = setup_turn(spots=[0, 1, 1, 1, 1], energy=[1, 5, 2, 5])
    actions = legal(g)
    assert "g:an>Mg/2" in actions and "g:an>Mg/4" in actions
    assert "g:an>Mg" not in actions and "g:an>Mg/3" not in actions
    with pytest.raises(IllegalMoveError, match="name the seat"):
        g.play("g:an>Mg")
    with pytest.raises(IllegalMoveError, match="not among the richest"):
        g.play("g:an>Mg/3")
    g.play("g:an>Mg/4")
    assert g.state.energy == [2, 5, 2, 4]


def test_gain_empty_spot_nobody_has_energy():
    g = setup_turn(spots=[0, 1, 1, 1, 1], energy=[0, 0, 0, 0])
    g.play("g:an>Mg")
    assert g.state.energy == [0, 0, 0, 0]


def test_two_players_gain_from_the_supply():
    g = setup_turn(players=2, spots=[0, 1, 1, 1, 1], energy=[1, 9])
    supply = g.state.supply
    g.play("g:an>Mg")
    assert g.state.energy == [2, 9] and g.state.supply == supply - 1


def test_two_players_empty_supply_gives_nothing():
    g = setup_turn(players=2, spots=[0, 1, 1, 1, 1], energy=[1, 9], supply=0)
    g.play("g:an>Mg")
    assert g.state.energy == [1, 9] and g.state.supply == 0


def test_every_turn_needs_a_paid_activation():  # D-13
    g = setup_turn()
    with pytest.raises(IllegalMoveError, match="paid activation"):
        g.play("end")


def test_activation_must_move():  # D-13: a trend that reaches nothing is not offered
    # From H, Increase Atomic Mass decrease (up/left) reaches nothing.
    g = setup_turn(flask=["H"] * 4)
    assert not any(a.startswith(("s:md", "g:md")) for a in legal(g))
    with pytest.raises(IllegalMoveError, match="reaches no cell"):
        g.play("s:md>He")


def test_destination_must_be_reachable():
    g = setup_turn()
    with pytest.raises(IllegalMoveError, match="not reachable from Na"):
        g.play("s:ie>Cl")
