"""RULES §4.4: award tiles, and decisions R-1, R-2, R-4, R-5, R-7."""
import pytest

from periodic_edu.engine import IllegalMoveError

from engine_helpers import edit, legal, new_game

FACES = {"green": "salt", "blue": "h2so4", "purple": "agno3", "pink": "pbno32"}


def game(tiles, **fields):
    g = new_game(players=3)
    base = dict(flask=["Mg"] * 3, face=dict(FACES), tiles=[tuple(tiles), (), ()],
                energy=[9, 4, 5])
    base.update(fields)
    return edit(g, **base)


# ---- +3 Spaces -----------------------------------------------------------------------------
def test_plus3_extends_atomic_number_in_the_same_direction():
    g = game(["plus3"])
    g.play("s:an>Al")  # Mg -> Al is +1: the extension continues upward in Z
    ext = sorted(a for a in legal(g) if a.startswith("x>"))
    assert ext == ["x>P", "x>S", "x>Si"]
    g.play("x>S")
    assert g.state.flask[0] == "S" and g.state.tiles[0] == ()
    assert g.state.used_tiles == ("plus3",)
    assert g.phase == "discover" and legal(g) == ["d:h2so4", "d-"]


def test_plus3_extension_downward_in_z():
    g = game(["plus3"], flask=["Al", "Al", "Al"])
    g.play("s:an>Mg")
    assert sorted(a for a in legal(g) if a.startswith("x>")) == ["x>F", "x>Na", "x>Ne"]


def test_plus3_discovery_only_at_the_end_of_the_extended_movement():
    g = game(["plus3"], flask=["Ne"] * 3)
    g.play("s:an>Na")  # on a cube: discovery OR extension
    assert "d:salt" in legal(g) and "x>Si" in legal(g)
    g.play("x>Si")  # Na -> Mg -> Al -> Si: passes Mg, discovers nothing on the way
    assert g.phase == "main" and g.state.cubes[0] == 7


def test_plus3_grid_trend_uses_the_same_directions():
    g = game(["plus3"], flask=["Na"] * 3)
    g.play("s:ie>Mg")  # right
    ext = {a[2:] for a in legal(g) if a.startswith("x>")}
    from periodic_edu import board
    assert ext == set(board.reach("Mg", "ionization_energy", 3))


def test_plus3_only_right_after_an_activation():
    g = game(["plus3"])
    assert not any(a.startswith("x>") for a in legal(g))
    with pytest.raises(IllegalMoveError, match="extends the movement of the activation"):
        g.play("x>Al")
    g.play("s:an>Al")
    g.play("s:an>Si")
    g.play("x>Cl")
    g.play("d-")
    assert not any(a.startswith("x>") for a in legal(g))


def test_plus3_not_after_discovery_decided():
    g = game(["plus3", "plus3"], flask=["Ne"] * 3)
    g.play("s:an>Na")
    g.play("d:salt")
    assert not any(a.startswith("x>") for a in legal(g))


def test_plus3_one_per_movement():
    g = game(["plus3", "plus3"])
    g.play("s:an>Al")
    g.play("x>P")
    assert not any(a.startswith("x>") for a in legal(g))


def test_plus3_not_after_move_to():
    g = game(["plus3", "move:halogens"])
    g.play("m>Br")
    assert not any(a.startswith("x>") for a in legal(g))


# ---- Free Action ----------------------------------------------------------------------------
def test_free_action_costs_nothing_and_does_not_count_for_cost():
    g = game(["free:atomic_number"])
    g.play("f:an>Al")
    assert g.state.energy[0] == 9 and g.state.tiles[0] == ()
    assert "end" not in legal(g)  # not the paid activation (D-13)
    g.play("s:an>Si")
    assert g.state.energy[0] == 8  # first paid Spend still costs 1


def test_free_action_in_gain_mode():
    g = game(["free:ionization_energy"])
    g.play("g:an>Al")
    assert any(a.startswith("f:ie>") for a in legal(g))
    g.play("f:ie>Si")
    assert g.state.flask[0] == "Si"


def test_free_action_only_its_trend():
    g = game(["free:atomic_number"])
    with pytest.raises(IllegalMoveError, match="no Free Action tile for Increase Ionization"):
        g.play("f:ie>Al")


# ---- Move To --------------------------------------------------------------------------------
def test_move_to_the_family_and_discover():  # D-8
    g = game(["move:halogens"])
    moves = sorted(a for a in legal(g) if a.startswith("m>"))
    assert moves == sorted(f"m>{s}" for s in ["F", "Cl", "Br", "I", "At", "Ts"])
    g.play("m>Cl")
    assert g.phase == "discover" and "d:salt" in legal(g)
    assert g.state.tiles[0] == ()


def test_move_to_must_move():
    g = game(["move:halogens"], flask=["Cl"] * 3)
    assert "m>Cl" not in legal(g)
    with pytest.raises(IllegalMoveError, match="Move To must move it"):
        g.play("m>Cl")


def test_move_to_wrong_family():
    g = game(["move:halogens"])
    with pytest.raises(IllegalMoveError, match="no Move To tile for noble gases"):
        g.play("m>Ne")


# ---- Take 2 Energy --------------------------------------------------------------------------
def test_take2_from_two_spots_and_one_spot():
    g = game(["take2", "take2"], spots=[2, 1, 0, 0, 0])
    options = sorted(a for a in legal(g) if a.startswith("e:"))
    assert options == ["e:an", "e:an+an", "e:an+ie", "e:ie"]
    g.play("e:an+ie")
    assert g.state.energy[0] == 11 and g.state.spots == [1, 0, 0, 0, 0]
    assert g.phase == "start"  # several tiles may be played at the start
    g.play("e:an")
    assert g.state.spots == [0] * 5 and g.state.tiles[0] == ()


def test_take2_only_at_the_start_of_the_turn():
    g = game(["take2"], spots=[2, 2, 2, 2, 2])
    g.play("s:an>Al")
    assert not any(a.startswith("e:") for a in legal(g))
    with pytest.raises(IllegalMoveError, match="start of the turn"):
        g.play("e:ie")


def test_take2_not_from_empty_spots():
    g = game(["take2"], spots=[0, 1, 0, 0, 0])
    with pytest.raises(IllegalMoveError, match="holds 0 token"):
        g.play("e:an")
