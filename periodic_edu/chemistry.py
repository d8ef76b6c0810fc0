"""The 118 chemical elements: symbols, the data table, units and sources.

>>> from periodic_edu.chemistry import element
>>> element("Fe").atomic_mass, element("Fe").shells
(55.845, (2, 8, 14, 2))

The table is read from ``data/elements.csv`` (written by ``scripts/build_elements.py`` from
mendeleev 1.3.0 plus cited overrides) with the standard library only: the runtime never needs
mendeleev, numpy or pandas, and loading the table costs about two milliseconds. Units are part
of the csv column names; the :class:`Element` fields keep the names of the DESIGN §2 ``element``
contract. Every column's unit, source and citation is in ``data/sources.json`` (see
:func:`column_info`); the rules that shaped the data are in its ``"rules"`` section.
"""
from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, Mapping

from . import i18n

#: Element symbols in order of atomic number (index 0 is hydrogen, Z = 1).
SYMBOLS: tuple[str, ...] = tuple(
    """H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn
    Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce
    Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn
    Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl
    Mc Lv Ts Og""".split()
)
assert len(SYMBOLS) == 118

# --- the data table -------------------------------------------------------------------------
__all__ = [
    "SYMBOLS", "Element", "ELEMENTS", "element", "UnknownElementError", "COLUMNS",
    "column_info", "FAMILIES", "FAMILY_NAMES", "OFF_BOARD_FAMILY_NAMES", "family_name",
    "Note", "notes", "PREDICTED_CONFIGURATION_FROM_Z", "element_name", "ElementDataError",
]

_DATA = Path(__file__).resolve().parent / "data"

State = Literal["solid", "liquid", "gas"]


@dataclass(frozen=True, slots=True)
class Element:
    """One chemical element: its place in the table and its measured properties.

    A field is ``None`` when nobody knows the value, or only a prediction or estimate exists:
    it is never guessed. Sources in brief (full citations in ``data/sources.json``, rules in its
    ``"rules"`` section):

    Attributes:
        atomic_number: Z, number of protons.
        symbol: IUPAC symbol, e.g. ``"Na"``.
        name: English IUPAC name, e.g. ``"Sodium"``, ``"Aluminium"``, ``"Caesium"``.
        period: Row of the periodic table, 1-7.
        group: IUPAC group 1-18 as on the game board (group 3 holds Sc and Y only);
            ``None`` for the lanthanides La-Lu and actinides Ac-Lr.
        family: One of the eight element groups of RULES §1.4 (see :data:`FAMILIES`), or
            ``"lanthanides"`` / ``"actinides"`` for the f-block rows, which are not on the board.
        atomic_mass: IUPAC/CIAAW 2021 standard atomic weight (dimensionless, numerically the
            mass in Da); the conventional value where the standard is an interval (Ar 39.95);
            for elements without a standard atomic weight the mass number of the longest-lived
            isotope, as the IUPAC table shows in brackets (Tc 97, Og 294).
        electronegativity_pauling: Pauling scale, dimensionless: the CRC Handbook's table
            (Allred's 1961 revision of Pauling's values) throughout. ``None`` for He, Ne, Ar
            and elements with no value of their own. Pauling's 1960 values are :func:`notes`.
        electronegativity_allen: Allen's configuration energy in eV (Mann, Meek & Allen 2000);
            times 0.169 it is comparable to the Pauling scale.
        ionization_energy_ev: First ionization energy in eV (NIST Atomic Spectra Database).
            ``None`` from Rf on, where only calculations exist.
        atomic_radius_pm: Calculated atomic radius in pm (Clementi, Raimondi & Reinhardt 1967),
            the set that shrinks across every period. ``None`` beyond Rn and for La, Ce.
        covalent_radius_pm: Single-bond covalent radius in pm (Cordero et al. 2008; C sp3,
            low-spin Mn, Fe, Co). ``None`` from Bk on.
        electron_affinity_ev: Measured electron affinity in eV (Andersen 2004 / CRC via
            mendeleev, newer measurements cited in overrides.csv). ``None`` where no bound
            anion exists (He, Be, N, noble gases, Mg, Zn, ...), where only calculations exist
            (Tc, Po, Fr, Ra, Ac, superheavy elements) and where measurements disagree tenfold
            (Pr, Nd, Eu, Tb, Dy, Hf); :func:`notes` says which.
        melting_point_k: Melting point in K at 101.325 kPa (CRC Handbook). ``None`` for He,
            C and As (no melting at 1 atm) and where never measured (At, Fr, Fm-Lr, Z >= 104).
        boiling_point_k: Boiling point in K at 101.325 kPa (CRC Handbook); the sublimation
            point for C and As.
        density_g_cm3: Density in g/cm3 near room temperature; gases as ideal gases at 25 °C
            and 101.325 kPa (CRC Handbook). ``None`` where only estimates exist.
        state_at_25c: ``"solid"``, ``"liquid"`` or ``"gas"`` at 25 °C and 101.325 kPa,
            derived from the melting and boiling points; ``None`` when they are unknown.
        discovery_year: Year conventionally credited as the discovery; ``None`` for elements
            known since antiquity or the Middle Ages (C, S, Fe, Cu, Zn, As, Ag, Sn, Sb, Au, Hg,
            Pb, Bi).
        electron_configuration: Ground-state configuration with a noble-gas core,
            e.g. ``"[Ar] 3d6 4s2"`` (NIST via mendeleev; predictions for Z >= 104, marked
            by a ``"predicted"`` note).
        shells: Electrons per shell K, L, M, ..., e.g. Fe ``(2, 8, 14, 2)``.
        valence_electrons: Outer-shell electrons for main-group elements (He 2, noble gases
            8), ns + (n-1)d electrons (= group number) for groups 3-11, 2 for group 12
            (school usage: the full d10 sub-shell is not counted); ``None`` for the f-block rows.
        on_board: ``True`` for the 88 cells of the game board, Z 1-56, 72-88, 104-118.
    """

    atomic_number: int
    symbol: str
    name: str
    period: int
    group: int | None
    family: str
    atomic_mass: float
    electronegativity_pauling: float | None
    electronegativity_allen: float | None
    ionization_energy_ev: float | None
    atomic_radius_pm: float | None
    covalent_radius_pm: float | None
    electron_affinity_ev: float | None
    melting_point_k: float | None
    boiling_point_k: float | None
    density_g_cm3: float | None
    state_at_25c: State | None
    discovery_year: int | None
    electron_configuration: str
    shells: tuple[int, ...]
    valence_electrons: int | None
    on_board: bool

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict whose keys are exactly the field names (``shells`` as a list)."""
        d = {name: getattr(self, name) for name in _FIELDS}
        d["shells"] = list(self.shells)
        return d

    def __str__(self) -> str:
        return f"{self.symbol} ({self.name}, Z={self.atomic_number})"


_FIELDS: tuple[str, ...] = tuple(Element.__dataclass_fields__)


class UnknownElementError(ValueError):
    """Raised by :func:`element` for a key that names no element."""


class ElementDataError(ValueError):
    """A damaged element data file: names the file, the row, the column and the fault. Nothing
    of the file is used (the import of :mod:`periodic_edu.chemistry` fails with it)."""


def _number(text: str, kind: type, low: float, high: float, unit: str = "") -> Any:
    """``text`` as ``kind`` (int or float), finite and within [low, high], or ValueError."""
    try:
        value = kind(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a {'whole number' if kind is int else 'number'}") \
            from None
    if kind is float and not math.isfinite(value):
        raise ValueError(f"{text!r} is not a finite number")
    if not low <= value <= high:
        raise ValueError(f"{text} is outside the range {low:g} to {high:g}{unit}")
    return value


def _required(kind: type, low: float, high: float, unit: str = "") -> Any:
    return lambda text: _number(text, kind, low, high, unit)


def _optional(kind: type, low: float, high: float, unit: str = "") -> Any:
    return lambda text: _number(text, kind, low, high, unit) if text else None


def _text(text: str) -> str:
    if not text.strip():
        raise ValueError("it is empty")
    return text


def _one_of(*choices: str, optional: bool = False) -> Any:
    def check(text: str) -> str | None:
        if optional and not text:
            return None
        if text not in choices:
            raise ValueError(f"{text!r} is not one of {', '.join(choices)}")
        return text
    return check


def _bool(text: str) -> bool:
    if text not in ("true", "false"):
        raise ValueError(f"expected true or false, got {text!r}")
    return text == "true"


def _shells(text: str) -> tuple[int, ...]:
    shells = tuple(_number(n, int, 1, 32) for n in text.split())
    if not 1 <= len(shells) <= 7:
        raise ValueError(f"{text!r} is not 1 to 7 shell counts")
    return shells


#: the family ids of elements.csv: RULES §1.4's eight, and the two f-block rows off the board
_FAMILY_IDS = ("alkali_metals", "alkaline_earth_metals", "transition_metals",
               "post_transition_metals", "metalloids", "other_nonmetals", "halogens",
               "noble_gases", "lanthanides", "actinides")

#: (csv column, Element field, converter), in csv order. The csv header must match exactly, so
#: a regenerated file with a renamed or reordered column fails at import, not later. Each
#: converter checks its range: wide enough for every real element, narrow enough to catch a
#: unit slip (°C for K, kJ/mol for eV) or a sign lost.
_SCHEMA: tuple[tuple[str, str, Any], ...] = (
    ("atomic_number", "atomic_number", _required(int, 1, 118)),
    ("symbol", "symbol", _text),
    ("name", "name", _text),
    ("period", "period", _required(int, 1, 7)),
    ("group", "group", _optional(int, 1, 18)),
    ("family", "family", _one_of(*_FAMILY_IDS)),
    ("atomic_mass_da", "atomic_mass", _required(float, 1, 300, " Da")),
    ("electronegativity_pauling", "electronegativity_pauling", _optional(float, 0.5, 4.0)),
    ("electronegativity_allen_ev", "electronegativity_allen", _optional(float, 1, 35, " eV")),
    ("ionization_energy_ev", "ionization_energy_ev", _optional(float, 3, 25, " eV")),
    ("atomic_radius_pm", "atomic_radius_pm", _optional(float, 20, 350, " pm")),
    ("covalent_radius_pm", "covalent_radius_pm", _optional(float, 20, 300, " pm")),
    ("electron_affinity_ev", "electron_affinity_ev", _optional(float, 0, 4, " eV")),
    ("melting_point_k", "melting_point_k", _optional(float, 0.5, 4500, " K")),
    ("boiling_point_k", "boiling_point_k", _optional(float, 1, 6500, " K")),
    ("density_g_cm3", "density_g_cm3", _optional(float, 1e-5, 41, " g/cm3")),
    ("state_at_25c", "state_at_25c", _one_of("solid", "liquid", "gas", optional=True)),
    ("discovery_year", "discovery_year", _optional(int, 1000, 2100)),
    ("electron_configuration", "electron_configuration", _text),
    ("shells", "shells", _shells),
    ("valence_electrons", "valence_electrons", _optional(int, 0, 18)),
    ("on_board", "on_board", _bool),
)

#: The csv columns of ``data/elements.csv``, in file order; units are in the names.
COLUMNS: tuple[str, ...] = tuple(c for c, _, _ in _SCHEMA)
_FIELD_OF_COLUMN = {c: f for c, f, _ in _SCHEMA}
_COLUMN_OF_FIELD = {f: c for c, f, _ in _SCHEMA}
assert tuple(f for _, f, _ in _SCHEMA) == _FIELDS


def _row(values: list[str], line: int, name: str) -> Element:
    """One csv row as an :class:`Element`, every value checked; the first fault raises
    :class:`ElementDataError` naming the line and the column."""
    if len(values) != len(_SCHEMA):
        raise ElementDataError(f"{name}, line {line}: {len(values)} values, not "
                               f"{len(_SCHEMA)} (one per column)")
    cells = []
    for (column, _, convert), text in zip(_SCHEMA, values):
        try:
            cells.append(convert(text))
        except ValueError as error:
            raise ElementDataError(f"{name}, line {line}, column {column}: {error}") from None
    el = Element(*cells)
    z = line - 1
    if el.atomic_number != z or el.symbol != SYMBOLS[z - 1]:
        raise ElementDataError(f"{name}, line {line}: expected element {z} "
                               f"({SYMBOLS[z - 1]}), found {el.atomic_number} ({el.symbol}): "
                               f"rows are ordered by atomic number")
    if sum(el.shells) != z:
        raise ElementDataError(f"{name}, line {line}, column shells: {sum(el.shells)} "
                               f"electrons, not {z}")
    return el


def _load(path: Path) -> tuple[Element, ...]:
    """Every row of ``path`` checked, or :class:`ElementDataError`: a damaged file is refused
    whole, never half-loaded."""
    name = path.name
    try:
        with path.open(newline="", encoding="utf-8") as fh:
            reader = csv.reader(fh)
            header = tuple(next(reader, ()))
            if header != COLUMNS:
                raise ElementDataError(f"{name}, line 1: the columns do not match {COLUMNS}; "
                                       "regenerate it with scripts/build_elements.py")
            elements = []
            for values in reader:
                if len(elements) == len(SYMBOLS):
                    raise ElementDataError(f"{name}, line {reader.line_num}: more than "
                                           f"{len(SYMBOLS)} rows")
                elements.append(_row(values, reader.line_num, name))
    except (UnicodeDecodeError, csv.Error) as error:
        raise ElementDataError(f"{name}: not a UTF-8 csv file ({error})") from None
    if len(elements) != len(SYMBOLS):
        raise ElementDataError(f"{name}: {len(elements)} rows, not {len(SYMBOLS)}")
    return tuple(elements)


#: All 118 elements, ordered by atomic number (``ELEMENTS[z - 1]`` is element ``z``).
ELEMENTS: tuple[Element, ...] = _load(_DATA / "elements.csv")

# --- lookups --------------------------------------------------------------------------------
# Accepted spellings besides the IUPAC names in the table (documented in sources.json, column
# "name"): American and older British spellings pupils will type.
_ALIASES = {"aluminum": "Al", "cesium": "Cs", "sulphur": "S"}
_INDEX: dict[str, Element] = {}
for _e in ELEMENTS:
    _INDEX[_e.symbol.lower()] = _e
    _INDEX[_e.name.lower()] = _e
for _alias, _sym in _ALIASES.items():
    _INDEX[_alias] = ELEMENTS[SYMBOLS.index(_sym)]
del _e, _alias, _sym

_HELP = "use a symbol (Na), a name (sodium) or an atomic number 1-118"


def _unknown(key: object) -> UnknownElementError:
    message = f"unknown element {key!r}: {_HELP}"
    if isinstance(key, str) and key.strip():
        import difflib  # only a failed lookup pays for it

        guess = difflib.get_close_matches(key.strip().lower(), _INDEX, n=1, cutoff=0.6)
        if guess:
            e = _INDEX[guess[0]]
            shown = e.symbol if guess[0] == e.symbol.lower() else guess[0]
            message += f"; did you mean {shown!r}?"
    return UnknownElementError(message)


def element(key: str | int) -> Element:
    """The element named by ``key``.

    ``key`` is a symbol in any letter case (``"Na"``, ``"na"``, ``"NA"``), an English name
    (``"sodium"``; ``"aluminum"``, ``"cesium"`` and ``"sulphur"`` are accepted too) or an
    atomic number (``11`` or ``"11"``).

    >>> element("na").name
    'Sodium'
    >>> element(26).shells
    (2, 8, 14, 2)
    >>> element("Xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    periodic_edu.chemistry.UnknownElementError: unknown element 'Xx': use a symbol (Na), ...

    Raises:
        UnknownElementError: ``key`` names no element (the message may suggest a close match).
    """
    if isinstance(key, Element):
        return key
    if isinstance(key, bool):  # bool is an int; True is not hydrogen
        raise _unknown(key)
    if isinstance(key, int):
        if 1 <= key <= len(ELEMENTS):
            return ELEMENTS[key - 1]
        raise _unknown(key)
    if isinstance(key, str):
        text = key.strip()
        if text.isascii() and text.isdigit():
            z = int(text)
            if 1 <= z <= len(ELEMENTS):
                return ELEMENTS[z - 1]
            raise _unknown(key)
        found = _INDEX.get(text.lower())
        if found is not None:
            return found
    raise _unknown(key)


# --- families (RULES §1.4) ------------------------------------------------------------------
#: Human names of the eight element groups on the game's Element Group cards (RULES §1.4),
#: in the order of that table.
FAMILY_NAMES: Mapping[str, str] = MappingProxyType({
    "alkali_metals": "Alkali metals",
    "alkaline_earth_metals": "Alkaline earth metals",
    "transition_metals": "Transition metals",
    "post_transition_metals": "Post-transition metals",
    "metalloids": "Metalloids",
    "other_nonmetals": "Other nonmetals",
    "halogens": "Halogens",
    "noble_gases": "Noble gases",
})
#: The family ids of the f-block rows, which are not on the board and have no card.
OFF_BOARD_FAMILY_NAMES: Mapping[str, str] = MappingProxyType({
    "lanthanides": "Lanthanides",
    "actinides": "Actinides",
})

#: Family id -> symbols of its board members in Z order (RULES §1.4; 88 cells in all).
FAMILIES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    fid: tuple(e.symbol for e in ELEMENTS if e.on_board and e.family == fid)
    for fid in FAMILY_NAMES
})
assert set(FAMILY_NAMES) | set(OFF_BOARD_FAMILY_NAMES) == set(_FAMILY_IDS)
if sum(map(len, FAMILIES.values())) != 88 or not all(FAMILIES.values()):
    raise RuntimeError("elements.csv: the board families do not cover the 88 cells")


def family_name(family_id: str) -> str:
    """Human name of a family id, board families and ``lanthanides``/``actinides`` alike."""
    try:
        return FAMILY_NAMES.get(family_id) or OFF_BOARD_FAMILY_NAMES[family_id]
    except KeyError:
        known = ", ".join([*FAMILY_NAMES, *OFF_BOARD_FAMILY_NAMES])
        raise KeyError(f"unknown family {family_id!r}: one of {known}") from None


# --- units and sources ----------------------------------------------------------------------
@lru_cache(maxsize=1)
def _sources() -> Mapping[str, Any]:
    # Loaded on first use: most programs never ask for citations.
    import json

    with (_DATA / "sources.json").open(encoding="utf-8") as fh:
        return json.load(fh)


def column_info(name: str) -> dict[str, Any]:
    """Unit, source, citation (and a note where a rule was chosen) of one column.

    ``name`` is a csv column (``"atomic_mass_da"``) or an :class:`Element` field
    (``"atomic_mass"``). ``unit`` is ``None`` for non-quantities (symbol, family, ...) and
    ``"1"`` for dimensionless numbers. Returns a fresh dict the caller may change.

    >>> column_info("atomic_radius_pm")["unit"]
    'pm'
    """
    column = name if name in _FIELD_OF_COLUMN else _COLUMN_OF_FIELD.get(name)
    if column is None:
        raise KeyError(f"unknown column {name!r}: one of {', '.join(COLUMNS)}")
    return dict(_sources()["columns"][column])


# --- notes for the learner -----------------------------------------------------------------
#: From this atomic number on, electron configurations are predictions (no measurement).
PREDICTED_CONFIGURATION_FROM_Z = 104
_PREDICTED_NOTE = ("predicted by relativistic calculations; no superheavy atom's configuration "
                   "has been measured")
_PREDICTED_CITATION = ("D. C. Hoffman, D. M. Lee and V. Pershina, Transactinide elements and "
                       "future elements, in The Chemistry of the Actinide and Transactinide "
                       "Elements, 3rd ed., Springer, 2006, ch. 14")


@dataclass(frozen=True, slots=True)
class Note:
    """What a learner should know about one value.

    ``kind`` is ``"gap"`` when it says why a value is empty (``"no stable anion"``),
    ``"disagree"`` when reputable sources give another value (``"2.54 on the Pauling scale
    (Allred's 1961 values, ...); Pauling's 1960 table gives 2.4"``) and ``"predicted"`` when the value is a calculation
    (electron configurations from Z = 104 on).

    ``template`` is the English sentence with ``{named}`` placeholders for its numbers: the
    message id of the ``notes`` catalog. ``values`` fills them, as :class:`~decimal.Decimal`
    so the digits written in ``data/notes.csv`` are the digits shown (``2.00``, not ``2.0``).
    The citation is a bibliographic reference and is never translated.
    """

    field: str
    kind: Literal["gap", "disagree", "predicted"]
    template: str
    citation: str
    values: tuple[tuple[str, Decimal], ...] = ()

    @property
    def text(self) -> str:
        """The note in English (what ``element --json`` carries)."""
        return self.in_language("en")

    def in_language(self, lang: str | None = None) -> str:
        """The note in ``lang`` (``en``, ``uk``, ``de``; ``None``: ``$PERIODIC_EDU_LANG``),
        its numbers with the language's decimal mark, as many decimals as the data has.

        >>> notes("Hg")[0].in_language("uk")[-33:]
        'у таблиці Полінга 1960 року — 1,9'
        """
        numbers = {name: i18n.format_number(float(v), lang, max(0, -v.as_tuple().exponent))
                   for name, v in self.values}
        return i18n.gettext("notes", self.template, lang).format(**numbers)

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "kind": self.kind, "note": self.text,
                "citation": self.citation}


_NOTE_COLUMNS = ["symbol", "field", "kind", "note", "values", "citation"]


def _note_values(text: str, template: str, where: str) -> tuple[tuple[str, Decimal], ...]:
    # "name=2.36 other=1.7": each a placeholder of the template, each a plain decimal number
    import string

    values: dict[str, Decimal] = {}
    for pair in text.split():
        name, _, number = pair.partition("=")
        if not name.isidentifier() or not re.fullmatch(r"\d+(\.\d+)?", number):
            raise ValueError(f"{where}: values: {pair!r} is not name=number")
        if name in values:
            raise ValueError(f"{where}: values: {name!r} twice")
        values[name] = Decimal(number)
    wanted = {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}
    if wanted != set(values):
        raise ValueError(f"{where}: the note's placeholders {sorted(wanted)} do not match its "
                         f"values {sorted(values)}")
    return tuple(values.items())


@lru_cache(maxsize=1)
def _notes() -> Mapping[str, tuple[Note, ...]]:
    # data/notes.csv: symbol,field,kind,note,values,citation -- hand-written, one cited line
    # each; "note" is the English template (the msgid of the notes catalog), "values" its numbers.
    by_symbol: dict[str, list[Note]] = {}
    path = _DATA / "notes.csv"
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        if reader.fieldnames != _NOTE_COLUMNS:
            raise ValueError(f"{path.name}: columns {reader.fieldnames}, expected {_NOTE_COLUMNS}")
        for row in reader:
            where = f"{path.name} line {reader.line_num}"
            values = _note_values(row["values"], row["note"], where)
            by_symbol.setdefault(row["symbol"], []).append(
                Note(row["field"], row["kind"], row["note"], row["citation"], values))  # type: ignore[arg-type]
    for e in ELEMENTS:
        if e.atomic_number >= PREDICTED_CONFIGURATION_FROM_Z:
            by_symbol.setdefault(e.symbol, []).append(
                Note("electron_configuration", "predicted", _PREDICTED_NOTE, _PREDICTED_CITATION))
    return MappingProxyType({s: tuple(n) for s, n in by_symbol.items()})


def notes(key: str | int) -> tuple[Note, ...]:
    """The notes on an element's values, in file order (empty for most elements).

    >>> [n.text[:37] for n in notes("Au") if n.field == "electronegativity_pauling"]
    ["2.54 on the Pauling scale (Allred's 1"]
    >>> notes("He")[0].text.startswith("no stable anion")
    True
    """
    return _notes().get(element(key).symbol, ())


def __getattr__(attr: str) -> Any:
    # SOURCES is the whole parsed sources.json, read lazily (PEP 562).
    if attr == "SOURCES":
        return _sources()
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def element_name(symbol: str, lang: str | None = None) -> str:
    """An element's name as a school in ``lang`` writes it, capitalized: Fe -> Ферум, Eisen.

    >>> element_name("Fe", "uk"), element_name("Fe", "de")
    ('Ферум', 'Eisen')
    """
    return i18n.gettext("elements", element(symbol).name, lang)
