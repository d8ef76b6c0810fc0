"""ElementCard: one element's real data with units and sources, as a card.

In the spirit of the Elemonster card legend: symbol and atomic number, name, family, period
and group, mass, electronegativity, ionization energy, radius, a drawing of the electron
shells, melting and boiling points on a thermometer with the state at 25 °C, density and the
year of discovery. A value nobody knows shows "—" with a note, never a guess.

>>> from periodic_edu.widgets import ElementCard
>>> card = ElementCard("Fe")
>>> card.element["name"], card.element["shells"]
('Iron', [2, 8, 14, 2])
>>> ElementCard("Fe", style="elemonster").elemonster["symbols"]["magnetic"]
1
"""
from __future__ import annotations

from typing import Any

import traitlets

from ..chemistry import element as _element
from . import _a11y_payload, _checks, _payload
from ._assets import css, esm
from ._base import IntentWidget

__all__ = ["ElementCard"]


def _ionization_payload(symbol: str) -> dict:
    """What the card's chart needs: every successive ionization energy, the shell each electron
    comes from, the leaps, and the citation (empty dict when the kit has no values)."""
    from .. import ionization
    values = ionization.energies(symbol)
    if not values:
        return {}
    info = ionization.source()
    leaps = ionization.leaps(symbol)
    return {
        "energies": list(values),
        "shells": list(ionization.shells_removed(symbol)),
        # the leaps the data show (a shell change, or a sub-shell one such as B's 2p -> 2s),
        # and the shell changes that show no leap (Sc-Zn: 4s and 3d lie close in energy)
        "jumps": [{"after": j.after_stage, "ratio": round(j.ratio, 1), "from": j.from_shell,
                   "to": j.to_shell, "from_sub": j.from_subshell, "to_sub": j.to_subshell}
                  for j in leaps],
        "quiet": [{"after": j.after_stage, "ratio": round(j.ratio, 1), "from": j.from_shell,
                   "to": j.to_shell} for j in ionization.jumps(symbol)
                  if j.after_stage not in {leap.after_stage for leap in leaps}],
        "unit": info["unit"], "citation": info["citation"],
    }


class ElementCard(IntentWidget):
    """A card for ``symbol`` (any of the 118 elements: symbol, name or atomic number), in
    ``lang`` (``"en"``, ``"uk"``, ``"de"``; default ``$PERIODIC_EDU_LANG``)."""

    _esm = esm("element_card.js")
    _css = css("periodic.css", "elemonster.css")  # elemonster.css: style="elemonster"
    _intents = {"symbol": _checks.any_element}

    symbol = traitlets.Unicode("H", help="The element shown.").tag(sync=True)
    element = traitlets.Dict(help="The card fields of the element shown (read-only).").tag(
        sync=True)
    sources = traitlets.Dict(help="field -> {unit, source, citation} (read-only).").tag(
        sync=True)
    # not "style": ipywidgets' DOM views read a trait of that name as a Style widget model
    card_style = traitlets.Unicode("classic", help="'classic' or 'elemonster' (the full "
                                   "Elemonster card; read-only).").tag(sync=True)
    elemonster = traitlets.Dict(help="style='elemonster': the card's legend (read-only).").tag(
        sync=True)
    elemonster_text = traitlets.Dict(help="style='elemonster': its words and sources.").tag(
        sync=True)
    ionization = traitlets.Dict(help="Successive ionization energies (eV) with the shell "
                                "each electron leaves and the jumps between shells; empty "
                                "beyond Kr (read-only).").tag(sync=True)

    sound = traitlets.Dict(help="The rows the card plays as pitch: its period and group with "
                           "the first ionization energy of each element and the direction "
                           "the trend expects (read-only; issue 33).").tag(sync=True)

    def __init__(self, symbol: Any = "H", style: str = "classic", **kwargs: Any) -> None:
        if style not in ("classic", "elemonster"):
            raise ValueError(f"style must be 'classic' or 'elemonster', not {style!r}")
        kwargs.setdefault("sources", _payload.column_sources())
        super().__init__(symbol=symbol, card_style=style, **kwargs)
        self._show(self.symbol)

    @traitlets.validate("symbol")
    def _validate_symbol(self, proposal: dict) -> Any:
        return self._refuse_or_accept("symbol", proposal)

    @traitlets.observe("symbol")
    def _symbol_changed(self, change: dict) -> None:
        self.error = ""
        self._show(change["new"])

    def _show(self, symbol: str) -> None:
        self.element = _payload.card_data(_element(symbol), self.lang)
        self.ionization = _ionization_payload(symbol)
        self.sound = _a11y_payload.card_rows(symbol)
        if self.card_style == "elemonster":
            from ._elemonster_payload import card_payload, card_text
            self.elemonster_text = card_text(self.lang)  # its words in the card's language
            self.elemonster = card_payload(self.element["symbol"], self.lang)

    def _translate(self, lang: str) -> None:
        self._show(self.symbol)
