"""ElementCard without a browser: real data for every element, sources, refused messages."""
from __future__ import annotations

import pytest

from periodic_edu.chemistry import ELEMENTS, column_info, element
from periodic_edu.widgets import ElementCard
from periodic_edu.widgets._payload import CARD_FIELDS, display_unit


def test_card_shows_the_real_data_of_every_element():
    card = ElementCard("H")
    for e in ELEMENTS:
        card.symbol = e.symbol
        data = e.to_dict()
        for field in CARD_FIELDS:
            expected = data[field]
            if isinstance(expected, tuple):
                expected = list(expected)
            assert card.element[field] == expected, (e.symbol, field)
        assert sum(card.element["shells"]) == e.atomic_number
    assert card.error == ""


def test_card_accepts_symbol_name_or_atomic_number():
    assert ElementCard("fe").symbol == "Fe"
    assert ElementCard("Iron").symbol == "Fe"
    assert ElementCard(26).symbol == "Fe"
    assert ElementCard("La").element["on_board"] is False  # every element has a card
    with pytest.raises(ValueError):
        ElementCard("Xx")


def test_card_ships_unit_and_source_for_each_measured_field():
    card = ElementCard("Na")
    for field in ("atomic_mass", "ionization_energy_ev", "atomic_radius_pm", "melting_point_k",
                  "density_g_cm3", "electronegativity_pauling"):
        info = column_info(field)
        assert card.sources[field]["source"] == info["source"] and info["source"]
        assert card.sources[field]["unit"] == display_unit(info["unit"])
    assert card.sources["density_g_cm3"]["unit"] == "g/cm³"
    assert card.sources["electronegativity_pauling"]["unit"] == ""  # dimensionless


def test_unknown_values_stay_none_never_a_guess():
    og = ElementCard("Og").element
    assert og["melting_point_k"] is None  # nobody has melted oganesson
    assert og["melting_point_k"] == element("Og").melting_point_k


@pytest.mark.parametrize("value", ["Xx", "", None, True, 0, 119, 2.5, ["Na"], "N" * 100_000])
def test_bad_browser_symbol_is_refused(wire, value):
    card = ElementCard("Fe")
    io = wire(card)
    io.update(symbol=value)
    assert card.symbol == "Fe" and card.element["symbol"] == "Fe"
    assert card.error.startswith("symbol:") and len(card.error) < 300
    assert io.last_value("symbol") == "Fe"
    io.update(symbol="Cu")
    assert card.symbol == "Cu" and card.error == ""


def test_browser_cannot_write_the_element_data(wire):
    card = ElementCard("Fe")
    io = wire(card)
    io.update(element={"symbol": "Fe", "name": "Gold"})
    assert card.element["name"] == "Iron" and "read-only" in card.error


def test_card_carries_the_notes_on_its_values():
    from periodic_edu.chemistry import notes
    he = ElementCard("He").element
    assert he["electron_affinity_ev"] is None
    assert he["notes"]["electron_affinity_ev"][0]["note"].startswith("no stable anion")
    au = ElementCard("Au").element["notes"]["electronegativity_pauling"]
    assert au == [{"kind": n.kind, "note": n.text, "citation": n.citation}
                  for n in notes("Au") if n.field == "electronegativity_pauling"]
    assert ElementCard("Fe").element["notes"] == {}
    assert ElementCard("Og").element["notes"]["electron_configuration"][0]["kind"] == "predicted"


def test_card_carries_successive_ionization_energies():
    from periodic_edu.widgets import ElementCard

    card = ElementCard("Na")
    assert len(card.ionization["energies"]) == 11
    assert [j["after"] for j in card.ionization["jumps"]] == [1, 9]
    assert card.ionization["quiet"] == []  # from H to Ca every shell change is a leap
    # Sc: the 4s -> 3d change shows no leap; the leap comes when the argon core is reached
    card.symbol = "Sc"
    assert [(j["after"], j["from_sub"], j["to_sub"]) for j in card.ionization["jumps"]] == [
        (3, "3d", "3p"), (11, "3s", "2p"), (19, "2s", "1s")]
    assert [(j["after"], j["from"], j["to"]) for j in card.ionization["quiet"]] == [(2, 4, 3)]
    assert card.ionization["unit"] == "eV" and "NIST" in card.ionization["citation"]
    card.symbol = "Rb"  # beyond Kr: no values, and the card says so instead of guessing
    assert card.ionization == {}
