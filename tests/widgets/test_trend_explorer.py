"""TrendExplorer without a browser: synced state, browser intents, refused messages, no hidden
information, and the shipped reach table equal to board.reach everywhere."""
from __future__ import annotations

import json
import math

import pytest

from periodic_edu import board, trends
from periodic_edu.chemistry import ELEMENTS
from periodic_edu.widgets import PROPERTIES, ElementCard, TrendExplorer, explore

INTENTS = {"symbol", "trend", "steps", "property"}
DATA = {"cells", "fblock", "reach_table", "elements", "trend_info", "properties", "ranks"}


@pytest.fixture(scope="module")
def explorer_state():
    return TrendExplorer().get_state()


def own_synced(widget) -> set[str]:
    import anywidget
    base = set(anywidget.AnyWidget.class_trait_names(sync=True))
    return set(widget.trait_names(sync=True)) - base - {"_esm", "_css", "_anywidget_id"}


# -- synced state --------------------------------------------------------------------------------
def test_synced_traits_are_exactly_the_intents_the_data_and_error():
    assert own_synced(TrendExplorer()) == INTENTS | DATA | {"error", "lang", "strings"}


def test_default_state_and_module():
    w = TrendExplorer()
    assert (w.symbol, w.trend, w.steps, w.property, w.error) == ("Na", "atomic_number", 5, "", "")
    state = w.get_state()
    assert "export default" in state["_esm"] and "createBoard" in state["_esm"]
    assert 'from "./' not in state["_esm"]  # board.js is linked in, not imported
    assert ".pe-cell" in state["_css"]
    assert len(state["cells"]) == 88 and len(state["fblock"]) == 30
    assert [c["symbol"] for c in state["cells"]] == [c.symbol for c in board.CELLS]


def test_constructor_arguments_are_checked_strictly():
    w = TrendExplorer(symbol="cl", trend="atomic_radius", steps=8, property="density_g_cm3")
    assert (w.symbol, w.trend, w.steps, w.property) == ("Cl", "atomic_radius", 8, "density_g_cm3")
    for bad in ({"symbol": "Xx"}, {"symbol": "La"}, {"trend": "up"}, {"steps": 0},
                {"steps": 9}, {"property": "colour"}):
        with pytest.raises(ValueError):
            TrendExplorer(**bad)


def test_reach_table_equals_board_reach_for_every_cell_trend_and_steps(explorer_state):
    table = explorer_state["reach_table"]
    assert set(table) == {c.symbol for c in board.CELLS}
    for c in board.CELLS:
        assert set(table[c.symbol]) == set(board.TRENDS)
        for t in board.TRENDS:
            for k in range(1, board.MAX_STEPS + 1):
                shipped = {s: d for s, d in table[c.symbol][t].items() if d <= k}
                assert shipped == dict(board.reach(c.symbol, t, k)), (c.symbol, t, k)


def test_reach_table_survives_json(explorer_state):
    again = json.loads(json.dumps(explorer_state["reach_table"]))
    assert again == explorer_state["reach_table"]


def test_shipped_element_columns_are_the_chemistry_table(explorer_state):
    columns = explorer_state["elements"]
    assert columns["symbol"] == [e.symbol for e in ELEMENTS]
    for field in PROPERTIES:
        assert columns[field] == [getattr(e, field) for e in ELEMENTS], field


def test_trend_info_carries_every_disagreeing_step(explorer_state):
    for info in explorer_state["trend_info"]:
        expected = [[c.source, c.target] for c in trends.step_checks(info["id"])
                    if c.verdict == "disagrees"]
        assert [d[:2] for d in info["disagreements"]] == expected
    by_id = {i["id"]: i for i in explorer_state["trend_info"]}
    assert ["N", "O"] in [d[:2] for d in by_id["ionization_energy"]["disagreements"]]


# -- no hidden information ----------------------------------------------------------------------
def _keys(value, found):
    if isinstance(value, dict):
        for k, v in value.items():
            found.add(str(k))
            _keys(v, found)
    elif isinstance(value, list):
        for v in value:
            _keys(v, found)
    return found


def test_synced_state_is_public_board_and_element_data_only(explorer_state):
    data = {k: explorer_state[k] for k in INTENTS | DATA | {"error"}}
    text = json.dumps(data)
    assert len(text) < 400_000  # sent once; keep it modest
    keys = _keys(list(data.values()), set())
    symbols = {e.symbol for e in ELEMENTS}
    allowed = (symbols | set(board.TRENDS) | set(PROPERTIES) | {
        "symbol", "z", "period", "group", "name", "family", "row", "column", "id", "property",
        "sign", "directions", "arrows", "disagreements", "unknown", "label", "unit", "source", "citation"})
    assert keys <= allowed, keys - allowed
    for word in ("seed", "deck", "agenda", "hand", "secret", "box", "player", "score"):
        assert f'"{word}' not in text.lower()


# -- intents from the browser -------------------------------------------------------------------
def test_browser_intents_are_applied(wire):
    w = TrendExplorer()
    io = wire(w)
    io.update(symbol="S", trend="atomic_radius", steps=3, property="ionization_energy_ev")
    assert (w.symbol, w.trend, w.steps, w.property, w.error) == (
        "S", "atomic_radius", 3, "ionization_energy_ev", "")
    assert w.reachable() == board.reach("S", "atomic_radius", 3)
    assert w.report() == trends.reach_report("S", "atomic_radius", 3)


def test_browser_symbol_is_normalized_and_the_truth_sent_back(wire):
    w = TrendExplorer(symbol="K")
    io = wire(w)
    io.update(symbol=" na")
    assert w.symbol == "Na"
    assert io.last_value("symbol") == "Na"


def test_integral_float_steps_from_javascript_is_accepted(wire):
    w = TrendExplorer()
    io = wire(w)
    io.update(steps=3.0)
    assert w.steps == 3 and isinstance(w.steps, int) and w.error == ""


BAD = [
    ("symbol", "Xx"), ("symbol", "La"), ("symbol", ""), ("symbol", 11), ("symbol", None),
    ("symbol", ["Na"]), ("symbol", "N" * 1_000_000),
    ("trend", "sideways"), ("trend", ""), ("trend", 3), ("trend", {"id": "atomic_number"}),
    ("steps", 0), ("steps", 9), ("steps", -1), ("steps", "x"), ("steps", "5"), ("steps", True),
    ("steps", 2.5), ("steps", 10**30), ("steps", None), ("steps", list(range(100_000))),
    ("property", "colour"), ("property", "symbol"), ("property", 1), ("property", None),
]


@pytest.mark.parametrize("name,value", BAD, ids=[f"{n}-{str(v)[:12]}" for n, v in BAD])
def test_bad_browser_message_is_refused_and_the_widget_keeps_working(wire, name, value):
    w = TrendExplorer(symbol="Be", trend="atomic_mass_increase", steps=4,
                      property="density_g_cm3")
    before = {k: getattr(w, k) for k in INTENTS}
    io = wire(w)
    io.update(**{name: value})
    assert {k: getattr(w, k) for k in INTENTS} == before
    assert w.error.startswith(f"{name}:"), w.error
    assert len(w.error) < 300  # a huge payload is described, never echoed
    assert io.last_value(name) == before[name]  # the browser is told the truth again
    assert all(len(json.dumps(s)) < 2000 for s in io.states())
    # and it keeps working: the next good message is applied and clears the error
    io.update(symbol="Cl")
    assert w.symbol == "Cl" and w.error == ""


def test_unknown_names_in_a_message_are_ignored(wire):
    w = TrendExplorer()
    io = wire(w)
    io.update(symbol="K", not_a_trait=[1] * 1000)
    assert w.symbol == "K" and w.error == "" and not hasattr(w, "not_a_trait")


def test_mixed_message_applies_the_good_part_and_refuses_the_bad(wire):
    w = TrendExplorer()
    io = wire(w)
    io.update(symbol="Mg", steps=9)
    assert w.symbol == "Mg" and w.steps == 5
    assert w.error.startswith("steps:")
    assert io.last_value("steps") == 5


@pytest.mark.parametrize("name", sorted(DATA | {"error", "_esm", "_css", "_model_name"}))
def test_browser_cannot_write_data_traits(wire, name):
    w = TrendExplorer()
    before = w.get_state(name)[name]
    io = wire(w)
    forged = {"Na": {"atomic_number": {"Og": 1}}} if name in DATA else "all clear"
    io.update(**{name: forged})
    assert "read-only" in w.error
    if name != "error":
        assert w.get_state(name)[name] == before
        assert io.last_value(name) == before  # the browser gets the real data back


# -- Python-side writes ------------------------------------------------------------------------
@pytest.mark.parametrize("name,value", [("symbol", "Xx"), ("symbol", "Lu"), ("trend", "up"),
                                        ("steps", 0), ("steps", 9), ("property", "colour")])
def test_python_write_of_a_bad_value_is_refused_with_error(name, value):
    w = TrendExplorer()
    old = getattr(w, name)
    setattr(w, name, value)
    assert getattr(w, name) == old
    assert w.error.startswith(f"{name}:")
    w.symbol = "F"
    assert w.error == ""


def test_python_write_of_a_wrong_type_raises_traiterror():
    import traitlets
    w = TrendExplorer()
    with pytest.raises(traitlets.TraitError):
        w.steps = "x"
    assert w.steps == 5


# -- linking with a card ------------------------------------------------------------------------
def test_card_follows_the_explorer():
    card = ElementCard("H")
    w = TrendExplorer(card=card)
    assert card.symbol == "Na"
    w.symbol = "Fe"
    assert card.symbol == "Fe" and card.element["name"] == "Iron"


def test_card_follows_browser_clicks(wire):
    app = explore("Na", trend="ionization_energy")
    explorer, card = app.children
    assert isinstance(explorer, TrendExplorer) and isinstance(card, ElementCard)
    wire(explorer).update(symbol="Og")
    assert card.symbol == "Og" and card.element["atomic_number"] == 118
    wire(explorer).update(symbol="Qq")  # refused: the card stays
    assert card.symbol == "Og"


def test_report_numbers_are_finite_or_none():
    w = TrendExplorer(symbol="Na", trend="ionization_energy")
    report = w.report()
    for c in report["cells"]:
        assert c["value"] is None or math.isfinite(c["value"])
