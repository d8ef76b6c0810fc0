"""What a focused cell says and the element card plays (issue 33), from the element data:
ranks in period and group over the board's cells, and the card's rows with the direction the
trend's arrow expects."""
from __future__ import annotations

import pytest

from periodic_edu import board, trends
from periodic_edu.chemistry import element
from periodic_edu.widgets import ElementCard, TrendExplorer
from periodic_edu.widgets._a11y_payload import card_rows, expect_along, rank_table


@pytest.mark.parametrize("field", sorted(set(trends.TREND_PROPERTY.values())))
def test_ranks_order_every_period_and_group_from_the_lowest(field):
    table = rank_table()[field]
    assert set(table) == {c.symbol for c in board.CELLS}
    for key, rank_at, n_at in (("period", 0, 1), ("group", 2, 3)):
        for n in {getattr(c, key) for c in board.CELLS}:
            line = [c.symbol for c in board.CELLS if getattr(c, key) == n
                    and getattr(element(c.symbol), field) is not None]
            by_value = sorted(line, key=lambda s: getattr(element(s), field))
            for s in line:
                assert table[s][n_at] == len(line)
                # the rank is 1 + how many in the line have a strictly lower value
                lower = sum(getattr(element(o), field) < getattr(element(s), field) for o in line)
                assert table[s][rank_at] == lower + 1, (field, key, s)
            if line:
                assert table[by_value[0]][rank_at] == 1


def test_na_is_the_lowest_first_ionization_energy_of_period_3():
    assert rank_table()["ionization_energy_ev"]["Na"][:2] == [1, 8]
    assert rank_table()["ionization_energy_ev"]["Ar"][:2] == [8, 8]
    assert TrendExplorer().ranks["ionization_energy_ev"]["Na"][:2] == [1, 8]


def test_a_cell_without_data_has_no_rank():
    missing = [c.symbol for c in board.CELLS if element(c.symbol).ionization_energy_ev is None]
    assert missing, "the kit has superheavy elements without a measured ionization energy"
    assert all(rank_table()["ionization_energy_ev"][s] is None for s in missing)


@pytest.mark.parametrize("trend", board.TRENDS)
def test_expected_direction_follows_the_arrows(trend):
    # walk one step right and one step down on the board and compare with the arrow's words
    for axis, forward, backward in (("period", "right", "left"), ("group", "down", "up")):
        got = expect_along(trend, axis)
        dirs = board.TREND_DIRECTIONS.get(trend, ())
        if trend == "atomic_number":
            assert got == 1
        elif forward in dirs:
            assert got == trends.TREND_SIGN[trend]
        elif backward in dirs:
            assert got == -trends.TREND_SIGN[trend]


def test_the_card_plays_its_period_and_group_and_f_block_has_no_group():
    rows = ElementCard("Be").sound
    assert [s for s, _ in rows["period"]["points"]] == ["Li", "Be", "B", "C", "N", "O", "F", "Ne"]
    assert rows["period"]["expect"] == 1 and rows["group"]["expect"] == -1
    assert [s for s, _ in rows["group"]["points"]][:3] == ["Be", "Mg", "Ca"]
    assert card_rows("Ce")["group"] is None and card_rows("Ce")["period"]["n"] == 6
