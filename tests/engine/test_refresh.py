"""RULES §4.5 (refresh) and §7 (end of the game)."""
import pytest

from engine_helpers import edit, legal, mark, new_game

FACES = {"green": "salt", "blue": "naoh", "purple": "agno3", "pink": "pbno32"}


def game(players=4, **fields):
    g = new_game(players=players)
    base = dict(flask=["Mg"] * players, face=dict(FACES), energy=[9] * players,
                ring=("alkali_metals", "alkaline_earth_metals", "transition_metals",
                      "post_transition_metals", "metalloids", "other_nonmetals", "halogens",
                      "noble_gases"),
                micro=[0] * players)
    base.update(fields)
    return edit(g, **base)


def complete_salt(g):
    """Player 0 has Cl on salt; moves to Na and discovers it."""
    mark(g, "salt", 0, "Cl")
    g.play("s:an>Na")
    g.play("d:salt")


def test_completion_lab_points_and_cubes_back():
    g = game()
    mark(g, "salt", 1, "Na")         # 1 cube -> 3 lab points
    mark(g, "naoh", 1, "Na")         # 1 cube -> 3
    mark(g, "salt", 2, "Na")         # 1 cube -> 3
    mark(g, "naoh", 2, "O", "H")     # 2 cubes -> 5
    mark(g, "salt", 0, "Cl")
    mark(g, "naoh", 0, "O", "H")
    g.play("s:an>Na")
    g.play("d:salt")
    g.play("s:an>Mg")
    g.play("s:an>Na")
    g.play("d:naoh")
    cubes_before = list(g.state.cubes)
    g.play("end")  # two completions in one turn, green then blue
    st = g.state
    assert st.won[0] == ("salt", "naoh")
    assert st.lab == [0, 3 + 3, 3 + 5, 0]
    assert st.cubes[0] == cubes_before[0] + 2 + 3
    assert st.cubes[1] == cubes_before[1] + 2
    assert st.cubes[2] == cubes_before[2] + 3
    # next cards flipped face up, marks cleared, award tiles taken green then blue
    assert st.face[0] not in ("salt",) and st.face[1] != "naoh"
    assert st.marks[0] == (0, 0, 0, 0) and st.marks[1] == (0, 0, 0, 0)
    assert st.tiles[0] == ("plus3", "take2")
    assert len(st.awards[0]) == 2 and len(st.awards[1]) == 2


def test_completion_only_for_the_active_player_and_only_whole_cards():
    g = game()
    mark(g, "naoh", 0, "O")
    g.play("s:an>Na")
    g.play("d:naoh")
    g.play("end")
    assert g.state.won[0] == () and g.state.face[1] == "naoh"


def test_refill_from_the_stack():
    g = game()
    nxt = g.state.stacks[0][-1]
    complete_salt(g)
    g.play("end")
    assert g.state.face[0] == nxt and g.state.trigger is None


def test_empty_stack_takes_from_the_box_and_triggers_the_end():
    g = game()
    box_top = g.state.box[0][-1]
    edit(g, stacks=[(), g.state.stacks[1], g.state.stacks[2], g.state.stacks[3]])
    complete_salt(g)
    g.play("end")
    st = g.state
    assert st.face[0] == box_top
    assert st.trigger == (0, "stack")
    assert st.final_left == (1, 2, 3)


def test_empty_stack_and_empty_box_leaves_the_slot_empty():
    g = game()
    edit(g, stacks=[(), g.state.stacks[1], g.state.stacks[2], g.state.stacks[3]],
         box=[(), g.state.box[1], g.state.box[2], g.state.box[3]])
    complete_salt(g)
    g.play("end")
    assert g.state.face[0] is None
    # nothing to discover on an empty slot; the game goes on
    assert g.current_player == 1


def test_no_award_tile_left():
    g = game()
    edit(g, awards=[(), g.state.awards[1], g.state.awards[2], g.state.awards[3]])
    complete_salt(g)
    g.play("end")
    assert g.state.tiles[0] == () and g.state.won[0] == ("salt",)


def test_group_track_advance():
    g = game()  # micro 0 = alkali metals; next is alkaline earth metals
    g.play("s:an>Na")
    g.play("d-")
    g.play("s:an>Mg")
    g.play("end")
    assert g.state.micro[0] == 1 and g.state.aa[0] == 1


def test_no_advance_when_not_on_the_next_group():
    g = game()
    g.play("s:an>Al")
    g.play("end")
    assert g.state.micro[0] == 0 and g.state.aa[0] == 0


def test_one_advance_per_turn():
    g = game(flask=["Na"] * 4)
    g.play("s:an>Mg")  # next group (alkaline earth) -> advance to 1
    g.play("end")
    assert g.state.aa[0] == 1 and g.state.micro[0] == 1


@pytest.mark.parametrize("target,cap", [(6, 3), (7, 2), (8, 1)])
def test_aa_capacity_blocks_both_tracks(target, cap):  # D-9
    others = [target] * cap + [0] * (3 - cap)
    g = game(aa=[target - 1] + others, flask=["Na"] * 4)
    g.play("s:an>Mg")
    g.play("end")
    assert g.state.aa[0] == target - 1 and g.state.micro[0] == 0


def test_aa_capacity_has_room():
    g = game(aa=[6, 7, 0, 0], flask=["Na"] * 4)
    g.play("s:an>Mg")
    g.play("end")
    assert g.state.aa[0] == 7 and g.state.micro[0] == 1


def test_aa_track_end_does_not_advance():
    g = game(aa=[8, 0, 0, 0], flask=["Na"] * 4)
    g.play("s:an>Mg")
    g.play("end")
    assert g.state.aa[0] == 8 and g.state.micro[0] == 0


def test_end_trigger_track_and_final_turns():  # D-11
    g = game(aa=[6, 7, 0, 0], flask=["Na"] * 4)
    g.play("s:an>Mg")
    g.play("end")
    st = g.state
    assert st.trigger == (0, "track") and st.final_left == (1, 2, 3)
    for seat in (1, 2, 3):
        assert g.current_player == seat and not g.is_over
        g.play(next(a for a in legal(g) if a.startswith(("s:", "g:"))))
        while g.phase == "discover":
            g.play("d-")
        g.play("end")
    assert g.is_over and g.state.ended_by == "final_turns"
    assert g.legal_actions() == []


def test_final_turns_wrap_around_in_seat_order():
    g = game(aa=[0, 0, 7, 6], flask=["Na"] * 4)
    for _ in range(3):  # seats 0, 1, 2 pass quietly
        g.play("s:an>Al")
        g.play("end")
    assert g.current_player == 3
    edit(g, flask=["Al", "Al", "Al", "Na"], micro=[0, 0, 0, 0])
    g.play("s:an>Mg")
    g.play("end")
    assert g.state.trigger == (3, "track")
    assert g.state.final_left == (0, 1, 2)
    assert g.current_player == 0 and g.round == 2


def test_trigger_needs_two_markers_on_7_or_8():
    g = game(aa=[6, 0, 0, 0], flask=["Na"] * 4)
    g.play("s:an>Mg")
    g.play("end")
    assert g.state.aa[0] == 7 and g.state.trigger is None


def test_round_limit():  # D-12
    g = new_game(players=2, max_rounds=2)
    for _ in range(4):
        g.play(next(a for a in legal(g) if a.startswith(("s:", "g:"))))
        while g.phase == "discover":
            g.play("d-")
        g.play("end")
    assert g.is_over and g.state.ended_by == "round_limit" and g.round == 2


def test_round_counter():
    g = new_game(players=3)
    assert g.round == 1
    for _ in range(3):
        g.play(next(a for a in legal(g) if a.startswith(("s:", "g:"))))
        while g.phase == "discover":
            g.play("d-")
        g.play("end")
    assert g.round == 2 and g.current_player == 0 and g.turns == 3
