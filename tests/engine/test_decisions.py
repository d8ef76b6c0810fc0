"""One test per rule decision documented in periodic_edu/engine/rules.py (R-1 .. R-10)."""
import pytest

from periodic_edu.engine import IllegalMoveError, rules

from engine_helpers import edit, legal, new_game

FACES = {"green": "salt", "blue": "h2so4", "purple": "agno3", "pink": "pbno32"}


def game(players=3, **fields):
    g = new_game(players=players)
    base = dict(flask=["Mg"] * players, face=dict(FACES), energy=[9] + [4] * (players - 1))
    base.update(fields)
    return edit(g, **base)


def test_decisions_are_documented():
    for n in range(1, 14):
        assert f"R-{n} " in rules.__doc__


def test_r1_free_action_does_not_count_for_cost():
    g = game(tiles=[("free:atomic_number",), (), ()])
    g.play("f:an>Al")
    g.play("s:an>Si")
    assert g.state.energy[0] == 8  # 1, not 2
    g.play("s:an>P")
    assert g.state.energy[0] == 6


def test_r2_take2_only_first_and_one_token_allowed():
    g = game(tiles=[("take2",), (), ()], spots=[1, 0, 0, 0, 0])
    assert [a for a in legal(g) if a.startswith("e:")] == ["e:an"]
    g.play("s:an>Al")
    assert not any(a.startswith("e:") for a in legal(g))


def test_r3_gain_empty_spot_richest_rules():
    g = game(players=4, spots=[0, 1, 1, 1, 1], energy=[3, 7, 7, 1])
    assert {"g:an>Al/2", "g:an>Al/3"} <= set(legal(g))
    g = game(players=4, spots=[0, 1, 1, 1, 1], energy=[7, 7, 2, 1])
    g.play("g:an>Al")
    assert g.state.energy == [7, 7, 2, 1]


def test_r4_plus3_only_after_an_activation_once():
    g = game(tiles=[("plus3", "plus3"), (), ()])
    g.play("s:an>Al")
    g.play("x>Si")
    assert not any(a.startswith("x>") for a in legal(g))


def test_r5_move_to_must_move_and_is_not_an_activation():
    g = game(tiles=[("move:alkaline_earth_metals", "plus3"), (), ()])
    assert "m>Mg" not in legal(g)
    g.play("m>Ca")
    assert not any(a.startswith("x>") for a in legal(g))
    assert "end" not in legal(g)


def test_r6_discovery_is_a_separate_decision_only_when_possible():
    g = game()
    g.play("s:an>Al")
    assert g.phase == "main"
    g.play("s:an>Na")
    assert g.phase == "discover" and legal(g) == ["d:salt", "d-"]


def test_r7_tiles_any_time_but_not_during_a_discovery():
    g = game(tiles=[("free:atomic_number",), (), ()], flask=["Ne"] * 3)
    g.play("s:an>Na")
    with pytest.raises(IllegalMoveError, match="first decide the discovery"):
        g.play("f:an>Mg")
    g.play("d-")
    g.play("f:an>Mg")


def test_r8_aa_track_end():
    g = game(aa=[8, 0, 0], flask=["Na"] * 3,
             ring=("alkali_metals", "alkaline_earth_metals", "transition_metals",
                   "post_transition_metals", "metalloids", "other_nonmetals", "halogens",
                   "noble_gases"), micro=[0, 0, 0])
    g.play("s:an>Mg")
    g.play("end")
    assert g.state.aa[0] == 8 and g.state.micro[0] == 0


def test_r9_round_limit_is_hard():
    ring = ("alkali_metals", "alkaline_earth_metals", "transition_metals",
            "post_transition_metals", "metalloids", "other_nonmetals", "halogens", "noble_gases")
    g = game(players=2, flask=["Al", "Na"], aa=[7, 6], micro=[0, 0], ring=ring)
    edit(g, max_rounds=1)
    g.play("s:an>Si")
    g.play("end")
    g.play("s:an>Mg")  # seat 2 reaches index 7: two markers on 7+ -> end triggered
    g.play("end")
    st = g.state
    assert st.trigger == (1, "track")
    # seat 1's final turn would fall in round 2: the round limit ends the game first
    assert g.is_over and st.ended_by == "round_limit" and st.round == 1


def test_r10_end_is_an_action_after_the_paid_activation():
    g = game()
    assert "end" not in legal(g)
    g.play("s:an>Al")
    assert legal(g)[-1] == "end"


def test_r11_agenda_choice_is_round_0():
    g = new_game(players=2, choose=False, max_rounds=1)
    assert g.phase == "agenda" and g.round == 0
    g.play(legal(g)[1])
    g.play(legal(g)[0])
    assert g.round == 1 and g.phase == "start"
    assert g.state.agenda == [g.state.dealt[0][1], g.state.dealt[1][0]]


def test_r12_refill_from_the_shuffled_box():
    g = game(players=2, face={"green": "salt"})
    box = g.state.box[0]
    edit(g, stacks=[(), g.state.stacks[1], g.state.stacks[2], g.state.stacks[3]])
    from engine_helpers import mark
    mark(g, "salt", 0, "Cl")
    g.play("s:an>Na")
    g.play("d:salt")
    g.play("end")
    assert g.state.face[0] == box[-1] and g.state.box[0] == box[:-1]


def test_r13_lab_points_never_run_out():
    g = game(players=2, lab=[0, 1000], face={"green": "salt"})
    from engine_helpers import mark
    mark(g, "salt", 1, "Na")
    mark(g, "salt", 0, "Cl")
    g.play("s:an>Na")
    g.play("d:salt")
    g.play("end")
    assert g.state.lab == [0, 1003]
