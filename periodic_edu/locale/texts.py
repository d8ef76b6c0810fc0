"""English source texts shown beside the data: element-card fields, units, states, notes,
goal-card colours and award tiles. They are message ids of the ``card`` and ``decks``
catalogs (``scripts/update_catalogs.py`` reads these tables: CARD_FIELDS, UNITS, STATES
and NOTES go to ``card``, COLOURS and AWARD_TILES to ``decks``); translate them with
:func:`periodic_edu.i18n.gettext` / ``pgettext`` where they are shown. Keys are ids and are
never translated."""
from __future__ import annotations

from ..i18n import N_

#: Element field (the keys of ``Element.to_dict()``) -> its label on a card or in the CLI.
CARD_FIELDS = {
    "atomic_number": N_("Atomic number"),
    "symbol": N_("Symbol"),
    "name": N_("Name"),
    "period": N_("Period"),
    "group": N_("Group"),
    "family": N_("Family"),
    "atomic_mass": N_("Atomic mass"),
    "electronegativity_pauling": N_("Electronegativity (Pauling)"),
    "electronegativity_allen": N_("Electronegativity (Allen)"),
    "ionization_energy_ev": N_("First ionization energy"),
    "atomic_radius_pm": N_("Atomic radius (Clementi, calc.)"),
    "covalent_radius_pm": N_("Covalent radius"),
    "electron_affinity_ev": N_("Electron affinity"),
    "melting_point_k": N_("Melting point"),
    "boiling_point_k": N_("Boiling point"),
    "density_g_cm3": N_("Density"),
    "state_at_25c": N_("State at 25 °C"),
    "discovery_year": N_("Discovered"),
    "electron_configuration": N_("Electron configuration"),
    "shells": N_("Electron shells"),
    "valence_electrons": N_("Valence electrons"),
    "on_board": N_("On the game board"),
}

#: Unit symbols as ``data/sources.json`` writes them.
UNITS = (N_("Da"), N_("eV"), N_("pm"), N_("K"), N_("g/cm3"))

#: ``state_at_25c`` values.
STATES = {"solid": N_("solid"), "liquid": N_("liquid"), "gas": N_("gas")}

#: Why a value is missing, and other words of the card.
NOTES = {
    "unknown": N_("unknown"),
    "not_measured": N_("not measured"),
    "not_calculated": N_("not calculated"),
    "antiquity": N_("known since antiquity"),
    "on_board": N_("on the game board"),
    "off_board": N_("not on the game board"),
    "yes": N_("yes"),
    "no": N_("no"),
    "bce": N_("{year} BCE"),
    "melts": N_("Melts"),
    "boils": N_("Boils"),
    "sources": N_("Sources"),
    "shells_of": N_("Electron shells of {symbol}: {shells}"),
    "card_of": N_("Element card: {name}"),
}

#: Goal-card colours (the ids stay English).
COLOURS = {"green": N_("green"), "blue": N_("blue"), "purple": N_("purple"),
           "pink": N_("pink")}

#: Award tiles, as printed (``decks`` catalog).
AWARD_TILES = {
    "plus3": N_("+3 Spaces"),
    "take2": N_("Take 2 Energy"),
    "free": N_("Free Action: {trend}"),
    "move": N_("Move To: {family}"),
}
