"""Chemical formulas read the way a chemist writes them: element counts from parentheses and
brackets, hydrates (``CuSO4·5H2O``), unicode subscripts, and a trailing ``n``/``x`` for
polymers (counted once). Both games read formulas with it (goal cards, bonds), as do the
deck-design scripts.

>>> parse_formula("Ca3(PO4)2")
{'Ca': 3, 'P': 2, 'O': 8}
>>> parse_formula("CuSO₄·5H₂O")
{'Cu': 1, 'S': 1, 'O': 9, 'H': 10}
"""
from __future__ import annotations

import re

from .chemistry import SYMBOLS
from .echo import echo

__all__ = ["parse_formula", "FormulaError", "MAX_FORMULA_DEPTH", "MAX_FORMULA_LENGTH"]

#: a formula nests parentheses at most this deep (real ones: 2), and is at most this long
MAX_FORMULA_DEPTH = 6
MAX_FORMULA_LENGTH = 120
_SYMBOL_SET = frozenset(SYMBOLS)


class FormulaError(ValueError):
    """A formula the parser cannot read."""


_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_HYDRATE_DOTS = "·•∙⋅*."


def parse_formula(formula: str) -> dict[str, int]:
    """Element counts of a chemical formula: parentheses/brackets, hydrates (``·5H2O``),
    unicode subscripts, and a trailing ``n``/``x`` for polymers (counted once).

    >>> parse_formula("(C2H4)n")
    {'C': 2, 'H': 4}
    """
    if not isinstance(formula, str):
        raise FormulaError(f"a formula is text, not {echo(formula)}")
    if len(formula) > MAX_FORMULA_LENGTH:
        raise FormulaError(f"longer than {MAX_FORMULA_LENGTH} characters")
    text = formula.translate(_SUBSCRIPTS).replace(" ", "")
    if not text:
        raise FormulaError("empty formula")
    for dot in _HYDRATE_DOTS:
        text = text.replace(dot, "·")
    total: dict[str, int] = {}
    for part in text.split("·"):
        match = re.match(r"^(\d*)(.*)$", part)
        assert match is not None
        factor = int(match.group(1) or 1)
        body = match.group(2)
        if not body:
            raise FormulaError(f"nothing after the hydrate dot in {echo(formula)}")
        counts, pos = _parse_group(body, 0, formula)
        if pos != len(body):
            raise FormulaError(f"unexpected {echo(body[pos])} in {echo(formula)}")
        for el, n in counts.items():
            total[el] = total.get(el, 0) + n * factor
    return total


_CLOSE = {"(": ")", "[": "]"}


def _count(body: str, pos: int) -> tuple[int, int]:
    match = re.match(r"\d+|[nx](?![a-z])", body[pos:])
    if not match:
        return 1, pos
    token = match.group(0)
    return (int(token) if token.isdigit() else 1), pos + len(token)


def _parse_group(body: str, pos: int, formula: str,
                 depth: int = 0) -> tuple[dict[str, int], int]:
    counts: dict[str, int] = {}
    while pos < len(body):
        ch = body[pos]
        if ch in _CLOSE:
            if depth >= MAX_FORMULA_DEPTH:
                raise FormulaError(f"parentheses nested deeper than {MAX_FORMULA_DEPTH} levels")
            inner, pos = _parse_group(body, pos + 1, formula, depth + 1)
            if pos >= len(body) or body[pos] != _CLOSE[ch]:
                raise FormulaError(f"unbalanced {echo(ch)} in {echo(formula)}")
            if not inner:
                raise FormulaError(f"empty parentheses in {echo(formula)}")
            n, pos = _count(body, pos + 1)
            for el, k in inner.items():
                counts[el] = counts.get(el, 0) + k * n
        elif ch in ")]":
            return counts, pos
        elif ch.isupper():
            two = body[pos:pos + 2]
            if len(two) == 2 and two[1].islower() and two in _SYMBOL_SET:
                symbol = two
            elif ch in _SYMBOL_SET:
                symbol = ch
            else:
                unknown = two if len(two) == 2 and two[1].islower() else ch
                raise FormulaError(f"unknown element {echo(unknown)} in {echo(formula)}")
            n, pos = _count(body, pos + len(symbol))
            counts[symbol] = counts.get(symbol, 0) + n
        else:
            raise FormulaError(f"unexpected {echo(ch)} in {echo(formula)}")
    return counts, pos
