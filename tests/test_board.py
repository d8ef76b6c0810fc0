"""Board geometry: RULES §1 exactly, including the rulebook's own examples (§1.3)."""
import pytest

from periodic_edu import board
from periodic_edu.board import CELLS, RULEBOOK_EXAMPLES, cell, neighbours, reach, z_walk


def test_rulebook_examples_are_the_rules_text():
    """Guard the shared constant against edits: RULES §1.3, copied letter for letter."""
    assert [(s, t, " ".join(sorted(c))) for s, t, c in RULEBOOK_EXAMPLES] == [
        (s, t, " ".join(sorted(c.split()))) for s, t, c in [
            ("Na", "atomic_number", "C N O F Ne Mg Al Si P S"),
            ("Na", "ionization_energy", "H He Li Be B C N Mg Al Si P S"),
            ("S", "atomic_radius",
             "Na Mg Al Si P Ca Zn Ga Ge As Se In Sn Sb Te Pb Bi Po Mc Lv"),
            ("Be", "atomic_mass_increase",
             "B C N O F Mg Al Si P S Ca Sc Ti V Ga Ge As Sr Y Zr In Sn Ba Hf Tl Ra"),
            ("Al", "atomic_mass_decrease", "H Li Be B Na Mg"),
        ]]


@pytest.mark.parametrize("start,trend,expected", RULEBOOK_EXAMPLES)
def test_rulebook_examples(start, trend, expected):
    assert set(reach(start, trend)) == expected


def test_88_cells_without_f_block():
    zs = [c.atomic_number for c in CELLS]
    assert len(CELLS) == 88
    assert zs == [*range(1, 57), *range(72, 89), *range(104, 119)]
    assert not board.is_on_board("La") and not board.is_on_board("U")
    with pytest.raises(board.NotOnBoardError, match="f-block"):
        cell("La")
    with pytest.raises(board.NotOnBoardError, match="unknown"):
        cell("Xx")


def test_positions():
    assert (cell("Fe").period, cell("Fe").group) == (4, 8)
    assert (cell("Hf").period, cell("Hf").group) == (6, 4)
    assert (cell("Rf").period, cell("Rf").group) == (7, 4)
    assert (cell("He").period, cell("He").group) == (1, 18)
    assert (cell("Og").period, cell("Og").group) == (7, 18)
    assert cell("na") is cell("Na")


@pytest.mark.parametrize("a,b", [("H", "He"), ("Be", "B"), ("Mg", "Al"), ("Ba", "Hf"),
                                 ("Ra", "Rf")])
def test_gaps_collapse(a, b):
    assert neighbours(a)["right"] == b and neighbours(b)["left"] == a


def test_no_vertical_step_across_a_gap_and_no_wrap():
    assert "down" not in neighbours("Y")
    assert "up" not in neighbours("Be") and "up" not in neighbours("Sc")
    assert "left" not in neighbours("Na") and "right" not in neighbours("Ne")
    assert neighbours("He") == {"left": "H", "down": "Ne"}


def test_atomic_number_walks_board_cells_only():
    assert z_walk("Ba", 1) == "Hf" and z_walk("Ra", 1) == "Rf"  # RULES D-2
    assert z_walk("Og", 1) is None and z_walk("H", -1) is None  # RULES D-3
    assert set(reach("Og", "atomic_number")) == {"Nh", "Fl", "Mc", "Lv", "Ts"}
    assert set(reach("Ne", "atomic_number", 1)) == {"F", "Na"}


def test_distances_are_shortest_paths():
    # Mg -> Al -> Ga is 2 steps even though Mg -> Ca -> ... -> Ga also exists.
    assert reach("Mg", "atomic_mass_increase")["Ga"] == 2
    assert reach("Na", "ionization_energy")["He"] == 3  # Na -> Li -> H -> He
    d = reach("S", "atomic_radius")
    assert d["P"] == 1 and d["Se"] == 1 and d["Mc"] == 5


def test_no_diagonal_step_and_start_not_reachable():
    for c in CELLS:
        for trend in board.TRENDS:
            assert c.symbol not in reach(c.symbol, trend, board.MAX_STEPS)
    assert reach("Na", "ionization_energy", 1).keys() == {"Li", "Mg"}


def test_reach_grows_with_steps_and_every_cell_can_move():
    for c in CELLS:
        assert any(reach(c.symbol, t, 1) for t in board.TRENDS), c.symbol  # RULES D-13
        for trend in board.TRENDS:
            previous: dict = {}
            for steps in range(1, board.MAX_STEPS + 1):
                now = reach(c.symbol, trend, steps)
                assert previous.items() <= now.items()
                assert all(d <= steps for d in now.values())
                previous = dict(now)


def test_reach_matches_brute_force_paths():
    """Enumerate every path of 1..5 steps by hand and compare with the precomputed table."""
    for c in CELLS[::7]:
        for trend, directions in board.TREND_DIRECTIONS.items():
            best: dict = {}
            frontier = {c.symbol}
            for step in range(1, 6):
                frontier = {n for s in frontier for d, n in neighbours(s).items()
                            if d in directions}
                for s in frontier:
                    best.setdefault(s, step)
            best.pop(c.symbol, None)
            assert dict(reach(c.symbol, trend)) == best


def test_bad_queries():
    with pytest.raises(board.UnknownTrendError, match="choose one of"):
        reach("Na", "electronegativity")
    with pytest.raises(ValueError, match="steps"):
        reach("Na", "atomic_radius", 0)
    with pytest.raises(ValueError, match="steps"):
        reach("Na", "atomic_radius", 9)


def test_reach_filled_on_first_use_equals_the_whole_table():
    """reach() builds its rows on first use, one cell and trend at a time: the same as the
    whole table built at once, in every cell, trend and number of steps."""
    whole = board._build_reach()
    board._REACH.clear()
    assert {key: dict(reach(*key)) for key in whole} == {k: dict(v) for k, v in whole.items()}
    assert list(reach("Na", "ionization_energy", 3)) == list(whole["Na", "ionization_energy", 3])
