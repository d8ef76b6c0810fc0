"""Elemonster's words: the names of its ids, and :class:`Reason`, a refusal kept as a message id.

Every English text here is marked with ``N_``/``NP_`` and extracted into the ``elemonster``
gettext domain (``periodic_edu/locale/elemonster.pot``). A refusal of the engine is a
:class:`Reason`: the English message (the catalog's id) and named parameters that are ids
(element symbols, card ids, kinds, categories, value ids, counts), so the CLI and the widgets
can say it in any language; ``str(reason)`` is the English text the CLI and JSON show.

>>> r = Reason(NP_("{t} fills {n} gap", "{t} fills {n} gaps"), t="O", n=2)
>>> str(r), r.render("uk"), r.render("de")
('O fills 2 gaps', 'O заповнює 2 вільні місця', 'O füllt 2 Lücken')
>>> Reason(N_("an alloy needs two metal (square) cards: {x} is a {kind}"), x="O",
...        kind="nonmetal").render("de")
'eine Legierung braucht zwei Metall-Karten (quadratisch): O ist ein Nichtmetall'

Pure standard library (``periodic_edu.i18n``): the engine imports no widget code.
"""
from __future__ import annotations

from typing import Any, Mapping

from .. import i18n
from ..i18n import N_, NP_

__all__ = ["DOMAIN", "Reason", "say", "nsay", "KIND_WORDS", "CATEGORY_WORDS", "VALUE_WORDS",
           "SYMBOL_WORDS", "SPECIAL_WORDS", "MODE_WORDS", "FLAME_WORDS", "term", "N_", "NP_"]

DOMAIN = "elemonster"

#: kind id -> its name in a sentence ("Fe is a metal")
KIND_WORDS = {
    # TRANSLATORS: a kind of card, in "Fe is a metal"
    "metal": N_("metal"),
    # TRANSLATORS: a kind of card (square and hexagon), in "Si is a metalloid"
    "metalloid": N_("metalloid"),
    # TRANSLATORS: a kind of card, in "O is a nonmetal"
    "nonmetal": N_("nonmetal"),
    # TRANSLATORS: a kind of card (a noble gas), in "Ne is a noble gas"
    "noble": N_("noble gas"),
}
#: bond category id -> name
CATEGORY_WORDS = {"alloy": N_("alloy"), "ions": N_("ions"), "molecule": N_("molecule"),
                  "noble": N_("noble gases")}
#: value id -> its short name in a sentence ("its melting point")
VALUE_WORDS = {
    "en": N_("electronegativity"), "ie": N_("ionization energy ÷ 5"),
    "mass": N_("atomic mass"), "mp": N_("melting point (°C)"), "bp": N_("boiling point (°C)"),
    "year": N_("year of discovery"), "body": N_("grams in a human body"),
    "z": N_("atomic number"), "group": N_("group"), "period": N_("period"),
}
#: property symbol id -> its name ("Fe has no magnetic symbol")
SYMBOL_WORDS = {
    "heart": N_("heart"), "skull": N_("skull"), "crown": N_("crown"),
    "neutral": N_("neutral"), "radioactive": N_("radioactive"), "magnetic": N_("magnetic"),
    "flammable": N_("flammable"), "hard": N_("hard"), "material": N_("material"),
    "semiconductor": N_("semiconductor"), "corrosive": N_("corrosive"),
    "shield": N_("shield"),
}
#: special-action id -> its name ("which the magnet needs")
SPECIAL_WORDS = {
    "second": N_("second card"), "two": N_("two values"), "metals": N_("fix metals"),
    "nonmetals": N_("fix nonmetals"), "low": N_("reprogram"), "shield": N_("shield"),
    "magnet": N_("card magnet"), "swap": N_("forced swap"), "block": N_("block decay"),
    "exchange": N_("exchange"), "crowns": N_("extra draw"), "dissolve": N_("dissolve"),
}
#: duel mode id -> words ("the duel is fixed to metals")
MODE_WORDS = {"metals": N_("metals"), "nonmetals": N_("nonmetals")}
#: flame colours of the card data (elemonster_sources.json) -> words
FLAME_WORDS = {c: c for c in (
    N_("apple green"), N_("blue-green"), N_("blue-violet"), N_("brick red"), N_("carmine red"),
    N_("crimson"), N_("golden yellow"), N_("green"), N_("lilac"), N_("red-violet"))}

#: parameter name -> the table its ids are named from (every other parameter is shown as is)
_TERMS: Mapping[str, Mapping[str, str]] = {
    "kind": KIND_WORDS, "kind_a": KIND_WORDS, "kind_b": KIND_WORDS,
    "cat": CATEGORY_WORDS, "category": CATEGORY_WORDS, "v": VALUE_WORDS, "values": VALUE_WORDS,
    "symbol": SYMBOL_WORDS, "sid": SPECIAL_WORDS, "mode": MODE_WORDS,
}


def say(message: str, lang: str | None = None) -> str:
    """One message of the ``elemonster`` domain in ``lang``."""
    return i18n.gettext(DOMAIN, message, lang)


def nsay(forms: tuple[str, str], n: int, lang: str | None = None) -> str:
    """The plural form of ``forms`` (an ``NP_`` pair) for ``n`` in ``lang``."""
    return i18n.ngettext(DOMAIN, forms[0], forms[1], n, lang)


def term(table: Mapping[str, str], key: str, lang: str | None = None) -> str:
    """An id's name from one of the tables above (an unknown id is shown as it is)."""
    return say(table[key], lang) if key in table else key


def _render_value(name: str, value: Any, lang: str) -> str:
    if isinstance(value, Reason):
        return value.render(lang)
    table = _TERMS.get(name)
    if isinstance(value, (tuple, list)):
        return (", " if table is not None else ",").join(_render_value(name, v, lang)
                                                         for v in value)
    if table is not None and isinstance(value, str):
        return term(table, value, lang)
    if isinstance(value, float):
        return i18n.format_number(value, lang)
    return str(value)


class Reason(i18n.Message):
    """A message of the ``elemonster`` domain with its parameters (a ``str``: the English text),
    said in any language with ``render(lang)``.

    ``message`` is an English text (``N_``) or a singular/plural pair (``NP_``, chosen by the
    parameter ``n``). A parameter is an id or number, a list of them, or another Reason
    (a part of the sentence).
    """

    domain = DOMAIN

    @classmethod
    def _say(cls, key: str | tuple[str, str], params: Mapping[str, Any],
             lang: str | None) -> str:
        lang = i18n.resolve_language(lang)
        count = int(params["n"]) if isinstance(key, tuple) else None
        return i18n.translate(DOMAIN, key, lang, count).format(
            **{k: _render_value(k, v, lang) for k, v in params.items()})

    @property
    def message(self) -> str | tuple[str, str]:
        return self.key
