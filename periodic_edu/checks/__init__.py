"""Checks: an openly licensed item bank on the board's trends and on electron shells, for
pre/post checks, quick checks and exit tickets (game-agnostic; no widget code).

>>> from periodic_edu.checks import item_bank
>>> bank = item_bank("en")
>>> item = next(i for i in bank if i.id == "ie-compare-A")
>>> item.text, item.form, item.kind, item.key, item.reason_key
('Which has the higher first ionization energy: sodium (Na) or chlorine (Cl)?', 'A', 'choice', 'b', 'a')
>>> "key" in str(item.public()) or "reason_key" in item.public()
False

Modules: :mod:`.bank` (the data files, their schema, keys computed from the element data),
:mod:`.grading` (a response checked against its item, the feedback a student is shown, the bank
as the key of a homework check).
"""
from __future__ import annotations

from .bank import (CONCEPTS, FORMS, KINDS, MISCONCEPTIONS, Item, ItemBankError, item_bank,
                   load_items)

__all__ = ["item_bank", "load_items", "Item", "ItemBankError", "CONCEPTS", "FORMS", "KINDS",
           "MISCONCEPTIONS", "form_items", "find_item"]


def form_items(lang: str | None, form: str) -> list[Item]:
    """The items of form ``form`` (``A`` or ``B``), in the bank's order."""
    return [i for i in item_bank(lang) if i.form == form]


def find_item(lang: str | None, item_id: str, extra=()) -> Item | None:
    return next((i for i in item_bank(lang, extra) if i.id == item_id), None)
