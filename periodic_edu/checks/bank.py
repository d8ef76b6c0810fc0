"""The item bank: data files with a schema, validated at load, every number and key computed
from the kit's element data (:mod:`periodic_edu.chemistry`) and board (:mod:`periodic_edu.board`).

Two files make the kit's own bank (``data/``, CC BY-SA 4.0, stated in each file):

* ``templates.json`` - the wording of each item template in en/uk/de, the words they share
  (property names, units) and the reason tiers of each concept;
* ``items.json`` - the items: ``id``, ``concept``, ``form`` (``A``/``B``), ``template`` and the
  elements it is about (``a``, ``b``). No number is typed into an item: ``{va}``, the keys of
  numbers and cells, even which choice is right, are read from the data when the bank loads,
  so an item cannot drift from the data it asks about.

Why item text lives in data files with all three languages side by side, not in gettext
catalogs: an item is one record a teacher can copy, translate and add (``item_bank(lang,
extra=[path])``) without the catalog tools; a missing language is a load error naming the file
and item, not a silent English fallback; and the terms that must match the rulebooks - trend
names as printed on the board, element names - are not typed here at all but inserted from
the catalogs (``board`` and ``elements`` domains) when an item renders.

A teacher's file may also hold items written out in full (``kind: "choice"`` with ``text``,
``choices``, ``answer``, optionally ``reasons`` and ``reason``), each choice and reason naming
the misconception codes it targets.

Misconception codes are ``<concept>/<id>``: for a trend, ``<id>`` is one of the rules' refusal
ids (:data:`periodic_edu.engine.reasons.MESSAGES`: ``not_reachable`` is moving the flask
against the trend's arrow) - the same pair the room files a refusal under (group = the trend,
reason = the id) - or one of :data:`MISCONCEPTIONS`, ideas that no move of the game can show.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from .. import board, i18n
from ..chemistry import UnknownElementError, element, element_name
from ..engine.reasons import MESSAGES
from ..trends import TREND_PROPERTY

__all__ = ["CONCEPTS", "FORMS", "KINDS", "MISCONCEPTIONS", "Item", "ItemBankError", "item_bank",
           "load_items", "DATA"]

DATA = Path(__file__).resolve().parent / "data"
#: the five trends of the board, and electron shells / the octet
CONCEPTS: tuple[str, ...] = (*board.TRENDS, "shells")
FORMS = ("A", "B")
KINDS = ("choice", "number", "cell")
LANGS = i18n.LANGUAGES
#: misconceptions no move of the game can show (only an item can): ``<concept>/<id>``
MISCONCEPTIONS = frozenset({
    "no_trend", "mass_decides", "more_electrons_harder", "more_electrons_larger",
    "z_is_shells", "z_is_mass", "radius_decides", "mass_is_electrons",
    "valence_is_period", "valence_is_shells", "shells_is_group", "ion_sign", "valence_miscount",
})
#: decimals a value of each property is shown with, and the tolerance of a number about it
DIGITS = {"ionization_energy_ev": 2, "atomic_radius_pm": 0, "atomic_mass": 2, "atomic_number": 0}
TOLERANCE = {"ionization_energy_ev": 0.05, "atomic_radius_pm": 1.0, "atomic_mass": 0.05,
             "atomic_number": 0.0}
ID_LIMIT = 40


class ItemBankError(ValueError):
    """A bad item file: names the file, the item and the fault."""

    def __init__(self, path: Path | str, item: str | None, fault: str) -> None:
        self.path, self.item, self.fault = str(path), item, fault
        where = f"{Path(path).name}" + (f", item {item}" if item else "")
        super().__init__(f"{where}: {fault}")


@dataclass(frozen=True)
class Item:
    """One item rendered in one language, with its key.

    ``key``: the right choice's id (choice), the number (number), the set of right cells
    (cell); ``reason_key``: the right reason's id (a two-tier choice) or None. ``codes``: every
    misconception code the item's distractors target; ``choice_codes``/``reason_codes``: per
    distractor. :meth:`public` is what a student's page may be sent (no key)."""

    id: str
    concept: str
    form: str
    kind: str
    text: str
    codes: tuple[str, ...]
    key: Any
    reason_key: str | None = None
    choices: tuple[tuple[str, str], ...] = ()
    reasons: tuple[tuple[str, str], ...] = ()
    unit: str = ""
    tolerance: float = 0.0
    explanation: str = ""
    lang: str = "en"
    choice_codes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    reason_codes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    source: str = ""

    @property
    def two_tier(self) -> bool:
        return self.reason_key is not None

    def public(self) -> dict[str, Any]:
        """The question as a student's page shows it: never the key nor the explanation."""
        return {"item": self.id, "concept": self.concept, "kind": self.kind, "text": self.text,
                "choices": [{"id": i, "text": t} for i, t in self.choices],
                "reasons": [{"id": i, "text": t} for i, t in self.reasons],
                "unit": self.unit, "lang": self.lang}

    def grade(self, choice: Any = None, reason: Any = None, value: Any = None,
              cell: Any = None) -> dict[str, Any]:
        """``{"answer_ok", "reason_ok", "both_ok", "codes"}`` for a response already checked
        by :func:`periodic_edu.checks.grading.clean_response`; ``codes``: the misconceptions
        the chosen distractors target."""
        codes: list[str] = []
        reason_ok = None
        if self.kind == "choice":
            answer_ok = choice == self.key
            codes += self.choice_codes.get(choice, ())
            if self.two_tier:
                reason_ok = reason == self.reason_key
                codes += self.reason_codes.get(reason, ())
        elif self.kind == "number":
            answer_ok = abs(float(value) - float(self.key)) <= self.tolerance + 1e-9
            if not answer_ok:
                codes += self.codes
        else:
            answer_ok = cell in self.key
            if not answer_ok:
                codes += self.codes
        both = answer_ok and (reason_ok is not False)
        return {"answer_ok": answer_ok, "reason_ok": reason_ok, "both_ok": both,
                "codes": sorted(set(codes))}


# ---- reading ----------------------------------------------------------------------------------
def _read_json(path: Path) -> dict:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ItemBankError(path, None, f"cannot be read ({error.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ItemBankError(path, None, f"is not JSON ({error})") from None
    if not isinstance(doc, dict):
        raise ItemBankError(path, None, "must hold a JSON object")
    if "CC BY-SA" not in str(doc.get("license", "")) and "license" not in doc:
        raise ItemBankError(path, None, "must state its licence (\"license\")")
    return doc


def _languages(value: Any, path: Path, item: str | None, what: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ItemBankError(path, item, f"{what} must give the text in {', '.join(LANGS)}")
    missing = [lang for lang in LANGS if not isinstance(value.get(lang), str)
               or (not value[lang].strip() and not what.startswith("words.unit"))]
    if missing:
        raise ItemBankError(path, item, f"{what} has no text in {', '.join(missing)}")
    return {lang: value[lang] for lang in LANGS}


def _code(code: Any, concept: str, path: Path, item: str) -> str:
    if not isinstance(code, str):
        raise ItemBankError(path, item, f"a misconception code must be text, not {code!r}")
    code = code.replace("{concept}", concept)
    head, _, tail = code.partition("/")
    if head not in CONCEPTS or not (tail in MESSAGES or tail in MISCONCEPTIONS):
        raise ItemBankError(path, item, f"unknown misconception code {code!r} (a concept, '/', "
                                        "and a rule's refusal id or one of MISCONCEPTIONS)")
    return code


class _Templates:
    def __init__(self, path: Path) -> None:
        doc = _read_json(path)
        self.path = path
        self.templates = doc.get("templates", {})
        self.words = doc.get("words", {})
        self.reasons = doc.get("reasons", {})
        self.explain = doc.get("explain", {})

    def reason_list(self, concept: str) -> list[dict]:
        found = self.reasons.get(concept)
        if isinstance(found, str):
            found = self.reasons.get(found)
        if not isinstance(found, list):
            raise ItemBankError(self.path, None, f"no reasons for the concept {concept}")
        return found

    def word(self, group: str, key: str) -> dict[str, str]:
        return _languages(self.words.get(group, {}).get(key), self.path, None,
                          f"words.{group}.{key}")


@lru_cache(maxsize=None)
def _templates() -> _Templates:
    return _Templates(DATA / "templates.json")


# ---- the keys, from the data ----------------------------------------------------------------
def _element(symbol: Any, path: Path, item: str, on_board: bool = True) -> str:
    try:
        e = element(symbol)
    except (UnknownElementError, TypeError):
        raise ItemBankError(path, item, f"{symbol!r} is not an element") from None
    if on_board and not board.is_on_board(e.symbol):
        raise ItemBankError(path, item, f"{e.symbol} is not a cell of the board")
    return e.symbol


def _relation(a: str, b: str) -> str | None:
    ea, eb = element(a), element(b)
    if ea.period == eb.period:
        return "period"
    if ea.group is not None and ea.group == eb.group:
        return "group"
    return None


def _value(symbol: str, prop: str) -> float:
    value = getattr(element(symbol), prop)
    return round(value, DIGITS[prop]) if DIGITS[prop] else value


def _show(value: float, prop: str, lang: str, unit: str) -> str:
    digits = DIGITS[prop] or None
    text = i18n.format_number(value if digits else int(value), lang, digits)
    return f"{text} {unit}".strip()


def _name(symbol: str, lang: str) -> str:
    return f"{i18n.in_sentence(element_name(symbol, lang), lang)} ({symbol})"


def _trend_name(trend: str, lang: str) -> str:
    return i18n.gettext("board", board.TREND_NAMES[trend], lang)


#: what the key of each relation is for a comparison: the element that is higher in the data
#: is expected to the right along a period, and up (IE) or down (the rest) a group
_EXPECTED = {"ionization_energy_ev": ("right", "up"), "atomic_radius_pm": ("left", "down"),
             "atomic_number": ("right", "down"), "atomic_mass": ("right", "down")}


def _build(raw: dict, path: Path, lang: str, t: _Templates) -> Item:
    item_id = raw.get("id")
    if not isinstance(item_id, str) or not item_id or len(item_id) > ID_LIMIT \
            or not all(c.isalnum() or c in "-_." for c in item_id):
        raise ItemBankError(path, None if not isinstance(item_id, str) else item_id[:ID_LIMIT],
                            f"needs an id: letters, digits, '-', '_', '.'; at most {ID_LIMIT}")
    concept = raw.get("concept")
    if concept not in CONCEPTS:
        raise ItemBankError(path, item_id, f"concept must be one of {', '.join(CONCEPTS)}")
    form = raw.get("form")
    if form not in FORMS and form is not None:
        raise ItemBankError(path, item_id, "form must be A, B or absent (a quick check's item)")
    name = raw.get("template")
    if name is None:
        return _inline(raw, path, lang, item_id, concept, form or "")
    template = t.templates.get(name)
    if not isinstance(template, dict):
        raise ItemBankError(path, item_id, f"unknown template {name!r} (one of "
                                           f"{', '.join(sorted(t.templates))})")
    kind = template["kind"]
    text_of = _languages(template.get("text"), t.path, item_id, f"template {name}")
    a = _element(raw.get("a"), path, item_id)
    b = _element(raw["b"], path, item_id) if raw.get("b") is not None else None
    trend = concept if concept in board.TRENDS else None
    prop = TREND_PROPERTY.get(trend) if trend else None
    fill: dict[str, str] = {"a": _name(a, lang), "b": _name(b, lang) if b else ""}
    if trend:
        fill["trend"] = _trend_name(trend, lang)
        fill["property"] = t.word("property", prop)[lang]
    codes = [_code(c, concept, path, item_id) for c in template.get("codes", [])]
    unit = t.word("unit", template["unit"])[lang] if "unit" in template else ""
    choices: list[tuple[str, str]] = []
    choice_codes: dict[str, tuple[str, ...]] = {}
    reasons: list[tuple[str, str]] = []
    reason_codes: dict[str, tuple[str, ...]] = {}
    reason_key = None
    tolerance = 0.0
    shown_key = ""
    if name in ("compare", "compare_low"):
        if b is None or b == a or not trend:
            raise ItemBankError(path, item_id, "a comparison needs a trend and two elements a, b")
        relation = _relation(a, b)
        if relation is None:
            raise ItemBankError(path, item_id, f"{a} and {b} share neither a period nor a group")
        va, vb = getattr(element(a), prop), getattr(element(b), prop)
        if va is None or vb is None or va == vb:
            raise ItemBankError(path, item_id, f"the data has no clear {prop} order of {a}, {b}")
        higher = a if va > vb else b
        ea, eb = element(a), element(b)
        along, down = _EXPECTED[prop]
        if relation == "period":
            right = a if ea.group > eb.group else b
            expected = right if along == "right" else ({a, b} - {right}).pop()
        else:
            lower_row = a if ea.period > eb.period else b
            expected = lower_row if down == "down" else ({a, b} - {lower_row}).pop()
        if expected != higher:
            raise ItemBankError(path, item_id, f"the data of {a}, {b} goes against the trend "
                                               "(an exception): its reason tier would be wrong")
        key_symbol = higher if name == "compare" else ({a, b} - {higher}).pop()
        ids = {a: "a", b: "b"}
        same = _languages(t.words.get("equal"), t.path, None, "words.equal")[lang]
        choices = [("a", fill["a"]), ("b", fill["b"]), ("c", same)]
        key = ids[key_symbol]
        wrong = "b" if key == "a" else "a"
        choice_codes = {wrong: (f"{concept}/not_reachable",), "c": (f"{concept}/no_trend",)}
        reason_key, reasons, reason_codes = _reason_tier(t, concept, relation, lang, path,
                                                         item_id)
        shown_key = dict(choices)[key]
    elif name == "steps":
        if b is None or not trend:
            raise ItemBankError(path, item_id, "steps needs a trend and two elements a, b")
        distance = board.reach(a, trend, board.MAX_STEPS).get(b)
        if distance is None:
            raise ItemBankError(path, item_id, f"{trend} cannot take the flask from {a} to {b}")
        key = distance
        shown_key = str(distance)  # a count: its unit is the input's label (plural forms)
    elif name == "reach_cell":
        if not trend:
            raise ItemBankError(path, item_id, "reach_cell needs a trend")
        key = frozenset(board.reach(a, trend, 1))
        if not key:
            raise ItemBankError(path, item_id, f"{trend} reaches no cell from {a}")
    elif name == "change":
        if b is None or not trend or b not in board.reach(a, trend, board.DEFAULT_STEPS):
            raise ItemBankError(path, item_id, f"{trend} cannot take the flask from {a} to {b}")
        va, vb = _value(a, prop), _value(b, prop)
        unit = t.word("unit", prop)[lang]
        fill["va"] = _show(va, prop, lang, unit)
        fill["vb"] = _show(vb, prop, lang, unit)
        key = round(vb - va, DIGITS[prop]) if DIGITS[prop] else vb - va
        tolerance = TOLERANCE[prop]
        shown_key = _show(key, prop, lang, unit)
    elif name in ("outer", "shell_count"):
        shells = element(a).shells
        key = shells[-1] if name == "outer" else len(shells)
        shown_key = str(key)
    elif name == "ion":
        e = element(a)
        outer = e.shells[-1]
        if outer in (1, 2) and len(e.shells) > 2 and e.shells[-2] == 8:
            charge, relation = outer, "lose"
        elif outer in (6, 7):
            charge, relation = outer - 8, "gain"
        else:
            raise ItemBankError(path, item_id, f"{a} does not form a simple ion by an octet")
        options = [1, 2, -1, -2]
        choices = [(chr(ord("a") + i), _ion(a, c)) for i, c in enumerate(options)]
        key = choices[options.index(charge)][0]
        for cid, c in zip("abcd", options):
            if c == charge:
                continue
            choice_codes[cid] = ("shells/ion_sign",) if (c > 0) != (charge > 0) \
                else ("shells/valence_miscount",)
        reason_key, reasons, reason_codes = _reason_tier(t, concept, relation, lang, path,
                                                         item_id)
        shown_key = dict(choices)[key]
    elif name == "same_outer":
        outer = element(a).shells[-1]
        key = frozenset(c.symbol for c in board.CELLS
                        if c.symbol != a and element(c.symbol).shells[-1] == outer)
    else:  # pragma: no cover - a template without a key rule
        raise ItemBankError(path, item_id, f"template {name} has no key rule")
    text = _fill(text_of[lang], fill, t.path, item_id)
    if kind == "cell":
        cells = ", ".join(sorted(key, key=lambda s: element(s).atomic_number))
        explanation = _fill(t.explain["cells"][lang], {"cells": cells}, t.path, item_id)
    else:
        explanation = _fill(t.explain["answer"][lang], {"answer": shown_key}, t.path, item_id)
    if reason_key is not None:
        explanation += " " + _fill(t.explain["reason"][lang],
                                   {"reason": dict(reasons)[reason_key]}, t.path, item_id)
    all_codes = set(codes)
    for group in (*choice_codes.values(), *reason_codes.values()):
        all_codes.update(group)
    return Item(id=item_id, concept=concept, form=form or "", kind=kind, text=text,
                codes=tuple(sorted(all_codes)), key=key, reason_key=reason_key,
                choices=tuple(choices), reasons=tuple(reasons), unit=unit, tolerance=tolerance,
                explanation=explanation, lang=lang, choice_codes=choice_codes,
                reason_codes=reason_codes, source=path.name)


def _ion(symbol: str, charge: int) -> str:
    size = abs(charge)
    return f"{symbol}{'' if size == 1 else size}{'+' if charge > 0 else '−'}"


def _reason_tier(t: _Templates, concept: str, relation: str, lang: str, path: Path,
                 item_id: str) -> tuple[str, list[tuple[str, str]], dict[str, tuple[str, ...]]]:
    listed = t.reason_list(concept)
    reasons, codes, key = [], {}, None
    for letter, r in zip("abcdefgh", listed):
        text = _languages(r, t.path, item_id, f"reason {r.get('id')} of {concept}")[lang]
        reasons.append((letter, text))
        if r.get("key_when") == relation:
            key = letter
        elif r.get("codes"):
            codes[letter] = tuple(_code(c, concept, path, item_id) for c in r["codes"])
    if key is None:
        raise ItemBankError(path, item_id, f"no reason of {concept} is right for a {relation}")
    return key, reasons, codes


def _fill(text: str, values: Mapping[str, str], path: Path, item_id: str) -> str:
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError) as error:
        raise ItemBankError(path, item_id, f"the text has a placeholder it cannot fill "
                                           f"({error})") from None


def _inline(raw: dict, path: Path, lang: str, item_id: str, concept: str, form: str) -> Item:
    """A teacher's item written out in full: a (two-tier) choice."""
    if raw.get("kind") != "choice":
        raise ItemBankError(path, item_id, "an item without a template must be kind \"choice\"")
    text = _languages(raw.get("text"), path, item_id, "text")[lang]

    def options(name: str) -> tuple[list[tuple[str, str]], dict[str, tuple[str, ...]]]:
        listed = raw.get(name)
        if not isinstance(listed, list) or not 2 <= len(listed) <= 8:
            raise ItemBankError(path, item_id, f"{name} must list 2 to 8 options")
        out, codes = [], {}
        for o in listed:
            if not isinstance(o, dict) or not isinstance(o.get("id"), str) or not o["id"]:
                raise ItemBankError(path, item_id, f"every one of {name} needs an id")
            out.append((o["id"], _languages(o.get("text"), path, item_id,
                                            f"{name} {o['id']}")[lang]))
            if o.get("codes"):
                codes[o["id"]] = tuple(_code(c, concept, path, item_id) for c in o["codes"])
        if len({i for i, _ in out}) != len(out):
            raise ItemBankError(path, item_id, f"{name} repeat an id")
        return out, codes

    choices, choice_codes = options("choices")
    if raw.get("answer") not in dict(choices):
        raise ItemBankError(path, item_id, "answer must be the id of one of the choices")
    reasons, reason_codes, reason_key = [], {}, None
    if "reasons" in raw:
        reasons, reason_codes = options("reasons")
        reason_key = raw.get("reason")
        if reason_key not in dict(reasons):
            raise ItemBankError(path, item_id, "reason must be the id of one of the reasons")
    explanation = raw.get("explanation")
    explanation = _languages(explanation, path, item_id, "explanation")[lang] \
        if explanation is not None else ""
    all_codes = set()
    for group in (*choice_codes.values(), *reason_codes.values()):
        all_codes.update(group)
    return Item(id=item_id, concept=concept, form=form, kind="choice", text=text,
                codes=tuple(sorted(all_codes)), key=raw["answer"], reason_key=reason_key,
                choices=tuple(choices), reasons=tuple(reasons), explanation=explanation,
                lang=lang, choice_codes=choice_codes, reason_codes=reason_codes,
                source=path.name)


def load_items(path: Path | str, lang: str = "en") -> list[Item]:
    """The items of one file in ``lang``; a bad file raises :class:`ItemBankError` naming the
    file, the item and the fault."""
    path = Path(path)
    lang = i18n.resolve_language(lang)
    doc = _read_json(path)
    raw_items = doc.get("items")
    if not isinstance(raw_items, list):
        raise ItemBankError(path, None, "must hold a list \"items\"")
    t = _templates()
    out, seen = [], set()
    for raw in raw_items:
        if not isinstance(raw, dict):
            raise ItemBankError(path, None, "every item must be a JSON object")
        item = _build(raw, path, lang, t)
        if item.id in seen:
            raise ItemBankError(path, item.id, "the id is used twice")
        seen.add(item.id)
        out.append(item)
    return out


@lru_cache(maxsize=16)
def _bank(lang: str, extra: tuple[str, ...]) -> tuple[Item, ...]:
    items = load_items(DATA / "items.json", lang)
    seen = {i.id for i in items}
    for path in extra:
        for item in load_items(path, lang):
            if item.id in seen:
                raise ItemBankError(path, item.id, "the id is already in the bank")
            seen.add(item.id)
            items.append(item)
    return tuple(items)


def item_bank(lang: str | None = "en", extra: Iterable[str | Path] = ()) -> tuple[Item, ...]:
    """Every item of the kit's bank (and of the ``extra`` files a teacher adds) in ``lang``."""
    return _bank(i18n.resolve_language(lang), tuple(str(p) for p in extra))
