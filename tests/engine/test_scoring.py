"""RULES §7.1: final scoring and tiebreaks."""
from engine_helpers import edit, mark, new_game


def test_breakdown_adds_up():
    g = new_game(players=3)
    st = g.state
    agenda = st.agenda[0]
    edit(g, won=[("salt", "naoh"), (), ()], lab=[3, 5, 0], aa=[2, 0, 1],
         face={"green": "hf", "blue": "h2so4", "purple": "agno3", "pink": "pbno32"})
    mark(g, "hf", 0, "H")            # 1 cube on an incomplete card -> 3
    mark(g, "h2so4", 0, "H", "S")    # 2 cubes -> 5
    rows = g.scores()
    r = rows[0]
    assert r["printed_points"] == 6 + 9
    assert r["lab_points"] == 3
    assert r["aa_value"] == 4
    assert r["cubes_on_incomplete"] == 8
    assert r["agenda_id"] == agenda
    assert r["total"] == 15 + 3 + 4 + 8 + r["agenda"]
    assert rows[1]["total"] == 5 + rows[1]["agenda"]


def _tie(g, totals_equal=True, **fields):
    edit(g, **fields)
    # give everybody the same agenda-free score: agendas cleared
    g.state.agenda = [None] * g.state.n
    return g.winners()


def test_most_points_wins():
    g = new_game(players=3)
    assert _tie(g, lab=[0, 9, 3], aa=[0, 0, 0]) == [1]


def test_tie_higher_aa_index_wins():
    g = new_game(players=3)
    # 2 (aa 1) + 3 lab = 5 vs 5 lab at aa 0
    assert _tie(g, lab=[3, 5, 0], aa=[1, 0, 0], energy=[0, 9, 0]) == [0]


def test_tie_then_most_energy():
    g = new_game(players=3)
    assert _tie(g, lab=[5, 5, 0], aa=[0, 0, 0], energy=[2, 4, 9]) == [1]


def test_shared_win():
    g = new_game(players=3)
    assert _tie(g, lab=[5, 5, 0], aa=[0, 0, 0], energy=[4, 4, 9]) == [0, 1]
