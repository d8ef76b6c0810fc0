"""TrendChart without a browser: the series against the real data and trends.py, every
verdict drawn, unit and source, and browser messages checked like every other widget's."""
from __future__ import annotations

import pytest

from periodic_edu import board, trends
from periodic_edu.chemistry import column_info, element
from periodic_edu.widgets import TrendChart
from periodic_edu.widgets._assets import esm
from periodic_edu.widgets._payload import PROPERTIES, display_unit
from periodic_edu.widgets.trend_chart import GAME_ARROWS, trend_series


def test_period_two_ionization_energy_marks_be_b_and_n_o():
    chart = TrendChart("ionization_energy_ev", period=2)
    s = chart.series
    assert [p["symbol"] for p in s["points"]] == "Li Be B C N O F Ne".split()
    assert [p["value"] for p in s["points"]] == [
        element(x).ionization_energy_ev for x in "Li Be B C N O F Ne".split()]
    against = [(st["from"], st["to"]) for st in s["steps"] if st["verdict"] == "disagrees"]
    assert against == [("Be", "B"), ("N", "O")]
    assert s["arrow"]["trend"] == "ionization_energy" and s["arrow"]["direction"] == "right"
    assert "Be → B" in s["desc"] and "N → O" in s["desc"]


def test_unit_and_source_come_from_the_data_columns():
    for prop in ("ionization_energy_ev", "atomic_radius_pm", "atomic_mass", "density_g_cm3"):
        s = trend_series(prop, "period", 3)
        info = column_info(prop)
        assert s["source"] == info["source"] and s["source"]
        assert s["unit"] == display_unit(info["unit"])
        assert s["y_label"].startswith(PROPERTIES[prop])
        if s["unit"]:
            assert s["y_label"].endswith(f"({s['unit']})")


@pytest.mark.parametrize("prop", sorted(GAME_ARROWS))
@pytest.mark.parametrize("along,numbers", [("period", range(1, 8)), ("group", range(1, 19))])
def test_every_step_is_checked_the_arrows_way_with_trends_py(prop, along, numbers):
    trend = GAME_ARROWS[prop][0]
    for n in numbers:
        s = trend_series(prop, along, n)
        symbols = [p["symbol"] for p in s["points"]]
        expected_members = [c.symbol for c in sorted(
            (c for c in board.CELLS if (c.period if along == "period" else c.group) == n),
            key=lambda c: c.group if along == "period" else c.period)]
        assert symbols == expected_members
        assert len(s["steps"]) == max(0, len(symbols) - 1)
        for i, st in enumerate(s["steps"]):
            assert {st["from"], st["to"]} == {symbols[i], symbols[i + 1]}
            # the step is taken the way the arrow points along this axis
            forward = (st["from"], st["to"]) == (symbols[i], symbols[i + 1])
            assert forward == (s["arrow"]["direction"] == "right")
            assert st["verdict"] == trends.check_step(trend, st["from"], st["to"]).verdict
            assert st["verdict"] in ("agrees", "disagrees", "equal", "unknown")


def test_mass_across_period_four_marks_co_ni():
    s = trend_series("atomic_mass", "period", 4)
    assert [(st["from"], st["to"]) for st in s["steps"] if st["verdict"] == "disagrees"] == [
        ("Co", "Ni")]


def test_a_property_without_a_game_trend_has_no_arrow_and_no_verdicts():
    s = trend_series("electronegativity_pauling", "period", 2)
    assert s["arrow"] is None
    assert {st["verdict"] for st in s["steps"]} == {None}
    assert "no trend" in s["desc"]


def test_missing_values_stay_none():
    s = trend_series("ionization_energy_ev", "period", 7)
    values = {p["symbol"]: p["value"] for p in s["points"]}
    assert values["Og"] is None and element("Og").ionization_energy_ev is None
    unknown = [st for st in s["steps"] if None in (st["before"], st["after"])]
    assert unknown and all(st["verdict"] == "unknown" for st in unknown)


def test_constructor_is_strict():
    with pytest.raises(ValueError, match="unknown property"):
        TrendChart("colour", period=2)
    with pytest.raises(ValueError, match="period must be 1..7"):
        TrendChart("atomic_mass", period=8)
    with pytest.raises(ValueError, match="not both"):
        TrendChart("atomic_mass", period=2, group=2)
    assert TrendChart("atomic_mass", group=18).series["title"] == "Atomic mass down group 18"


def test_browser_changes_are_checked_in_python(wire):
    chart = TrendChart("ionization_energy_ev", period=2)
    wire = wire(chart)
    wire.update(along="group")
    assert chart.along == "group" and chart.series["along"] == "group"
    assert chart.series["title"] == "First ionization energy down group 2"
    wire.update(number=17)
    assert [p["symbol"] for p in chart.series["points"]][:2] == ["F", "Cl"]
    wire.update(along="period")  # group 17 is no period: the chart starts at period 1
    assert chart.number == 1 and chart.series["points"][0]["symbol"] == "H"
    for bad in ({"number": 8}, {"number": "x"}, {"number": True}, {"property": "colour"},
                {"along": "diagonal"}, {"series": {}}, {"choices": []}):
        before = dict(chart.series)
        wire.update(**bad)
        assert chart.error, bad
        assert chart.series == before, bad
    wire.update(property="atomic_radius_pm")
    assert chart.error == "" and chart.series["property"] == "atomic_radius_pm"


def test_front_end_module_is_self_contained_and_accessible():
    text = esm("trend_chart.js")
    assert "export default" in text and "import " not in text.split("export default")[0]
    for needle in ('"title"', '"desc"', "aria-labelledby", "aria-live", 'html("table")',
                   "ResizeObserver", "data-verdict"):
        assert needle in text, needle
    assert "http" not in text.replace("http://www.w3.org/2000/svg", "")
