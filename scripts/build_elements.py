#!/usr/bin/env python3
"""Regenerate ``periodic_edu/data/elements.csv`` and ``periodic_edu/data/sources.json``.

Inputs (nothing is fetched from the network):

* ``mendeleev==1.3.0`` -- ships its own SQLite database (``pip install -e ".[dev]"``);
* ``periodic_edu/data/overrides.csv`` -- hand-checked corrections, one cited source per row;
* ``periodic_edu/data/clementi_1967_radii.csv`` -- Clementi's calculated atomic radii, which
  mendeleev does not carry (its ``atomic_radius`` is Slater 1964).

Usage::

    python scripts/build_elements.py            # rewrites periodic_edu/data/
    python scripts/build_elements.py --out DIR  # writes the two files into DIR instead

The output is byte-for-byte deterministic: the same inputs give the same files, which
``tests/test_data.py`` checks. The rules that turn raw values into columns (state at 25 °C,
groups, families, what counts as unknown) are written down in ``RULES`` below and copied into
``sources.json``, so the data and its documentation cannot drift apart.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
import warnings
from pathlib import Path

MENDELEEV_VERSION = "1.3.0"
ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "periodic_edu" / "data"
OVERRIDES = DATA / "overrides.csv"
CLEMENTI = DATA / "clementi_1967_radii.csv"

ROOM_TEMPERATURE_K = 298.15

# --- citations ------------------------------------------------------------------------------
MENDELEEV = ("L. M. Mentel, mendeleev -- a Python resource for properties of chemical elements, "
             "ions and isotopes, version 1.3.0, https://github.com/lmmentel/mendeleev")
CRC_95 = "W. M. Haynes (ed.), CRC Handbook of Chemistry and Physics, 95th ed., CRC Press, 2014"
CRC_97 = "W. M. Haynes (ed.), CRC Handbook of Chemistry and Physics, 97th ed., CRC Press, 2016"
NIST_ASD = ("A. Kramida, Yu. Ralchenko, J. Reader and NIST ASD Team, NIST Atomic Spectra "
            "Database, https://physics.nist.gov/asd")
CIAAW_2021 = ("T. Prohaska et al., Standard atomic weights of the elements 2021 (IUPAC Technical "
              "Report), Pure Appl. Chem. 94, 573 (2022), doi:10.1515/pac-2019-0603")
CIAAW_2013 = ("J. Meija et al., Atomic weights of the elements 2013 (IUPAC Technical Report), "
              "Pure Appl. Chem. 88, 265 (2016), doi:10.1515/pac-2015-0305")
NUBASE_2020 = ("F. G. Kondev, M. Wang, W. J. Huang, S. Naimi and G. Audi, The NUBASE2020 "
               "evaluation of nuclear physics properties, Chin. Phys. C 45, 030001 (2021), "
               "doi:10.1088/1674-1137/abddae")
CLEMENTI_1967 = ("E. Clementi, D. L. Raimondi and W. P. Reinhardt, Atomic Screening Constants "
                 "from SCF Functions. II. Atoms with 37 to 86 Electrons, J. Chem. Phys. 47, 1300 "
                 "(1967), doi:10.1063/1.1712084")
CORDERO_2008 = ("B. Cordero et al., Covalent radii revisited, Dalton Trans. 2008, 2832, "
                "doi:10.1039/b801115j")
ALLEN_2000 = ("J. B. Mann, T. L. Meek and L. C. Allen, J. Am. Chem. Soc. 122, 2780 (2000), "
              "doi:10.1021/ja992866e; J. B. Mann, T. L. Meek, E. T. Knight, J. F. Capitani and "
              "L. C. Allen, J. Am. Chem. Soc. 122, 5132 (2000), doi:10.1021/ja9928677")
ANDERSEN_2004 = ("T. Andersen, Atomic negative ions: structure, dynamics and collisions, "
                 "Phys. Rep. 394, 157 (2004), doi:10.1016/j.physrep.2004.01.001")
ALLRED_1961 = ("A. L. Allred, Electronegativity values from thermochemical data, J. Inorg. Nucl. "
               "Chem. 17, 215 (1961), doi:10.1016/0022-1902(61)80142-5")
NING_2022 = ("C. Ning and Y. Lu, Electron affinities of atoms and structures of atomic negative "
             "ions, J. Phys. Chem. Ref. Data 51, 021502 (2022)")
HOFFMAN_2006 = ("D. C. Hoffman, D. M. Lee and V. Pershina, Transactinide elements and future "
                "elements, in The Chemistry of the Actinide and Transactinide Elements, 3rd ed., "
                "Springer, 2006, ch. 14 (configurations for Z >= 104: predictions)")
RED_BOOK = ("IUPAC, Nomenclature of Inorganic Chemistry -- IUPAC Recommendations 2005 (Red Book), "
            "Table I; names of elements 113, 115, 117 and 118 approved by IUPAC in 2016")
RULES_MD = "RULES.md §1 (the board) and §1.4 (the eight element groups, decision D-4)"

# --- the table's columns --------------------------------------------------------------------
#: (csv column, Element field). Units live in the csv column names; the Element keeps the
#: DESIGN §2 field names, which already carry a unit where the contract wants one.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("atomic_number", "atomic_number"),
    ("symbol", "symbol"),
    ("name", "name"),
    ("period", "period"),
    ("group", "group"),
    ("family", "family"),
    ("atomic_mass_da", "atomic_mass"),
    ("electronegativity_pauling", "electronegativity_pauling"),
    ("electronegativity_allen_ev", "electronegativity_allen"),
    ("ionization_energy_ev", "ionization_energy_ev"),
    ("atomic_radius_pm", "atomic_radius_pm"),
    ("covalent_radius_pm", "covalent_radius_pm"),
    ("electron_affinity_ev", "electron_affinity_ev"),
    ("melting_point_k", "melting_point_k"),
    ("boiling_point_k", "boiling_point_k"),
    ("density_g_cm3", "density_g_cm3"),
    ("state_at_25c", "state_at_25c"),
    ("discovery_year", "discovery_year"),
    ("electron_configuration", "electron_configuration"),
    ("shells", "shells"),
    ("valence_electrons", "valence_electrons"),
    ("on_board", "on_board"),
)
CSV_COLUMNS = tuple(c for c, _ in COLUMNS)
NUMERIC = {"atomic_number", "period", "group", "atomic_mass_da", "electronegativity_pauling",
           "electronegativity_allen_ev", "ionization_energy_ev", "atomic_radius_pm",
           "covalent_radius_pm", "electron_affinity_ev", "melting_point_k", "boiling_point_k",
           "density_g_cm3", "discovery_year", "valence_electrons"}
INTEGER = {"atomic_number", "period", "group", "discovery_year", "valence_electrons"}
#: Columns computed from other columns; an override of an input column flows into them.
DERIVED = ("state_at_25c", "shells", "valence_electrons", "group", "family", "on_board")

# --- the game's board and families (RULES §1, §1.4) ------------------------------------------
LANTHANIDES = range(57, 72)
ACTINIDES = range(89, 104)
BOARD_FAMILIES: dict[str, tuple[str, ...]] = {
    "alkali_metals": ("Li", "Na", "K", "Rb", "Cs", "Fr"),
    "alkaline_earth_metals": ("Be", "Mg", "Ca", "Sr", "Ba", "Ra"),
    "transition_metals": (),  # every board cell in groups 3-12, filled in by _family()
    "post_transition_metals": ("Al", "Ga", "In", "Sn", "Tl", "Pb", "Bi", "Po", "Nh", "Fl",
                               "Mc", "Lv"),
    "metalloids": ("B", "Si", "Ge", "As", "Sb", "Te"),
    "other_nonmetals": ("H", "C", "N", "O", "P", "S", "Se"),
    "halogens": ("F", "Cl", "Br", "I", "At", "Ts"),
    "noble_gases": ("He", "Ne", "Ar", "Kr", "Xe", "Rn", "Og"),
}

# --- systematic rules (each one quoted in sources.json) --------------------------------------
#: mendeleev's own metadata (propertymetadata.annotations for elements.density) says these
#: densities are "theoretical estimates taken from" Wikipedia, not measurements.
ESTIMATED_DENSITY = ("At", "Fr", "Es", "Fm", "Md", "No", "Lr", "Rf", "Db", "Sg", "Bh", "Hs",
                     "Mt", "Ds", "Rg", "Cn", "Nh", "Fl", "Mc", "Lv", "Ts", "Og")
#: From Rf on, nothing but ionization energies is known by experiment: NIST lists only
#: calculated or semi-empirical first ionization energies (Rf-Hs, +-0.04 to 0.5 eV) and
#: mendeleev's electron affinity for Og is a calculation.
SUPERHEAVY_FROM_Z = 104

#: Melting points are chosen per allotrope so the column has one documented meaning.
ALLOTROPE_FOR_MELTING = {"C": "graphite", "P": "white", "S": "monoclinic", "Se": "gray",
                         "Sn": "white", "As": "gray", "Sb": "gray", "Bk": "β form"}
#: Alternative spellings accepted by element() lookups, documented with the name column.
NAME_ALIASES = {"aluminum": "Al", "cesium": "Cs", "sulphur": "S"}

RULES = {
    "state_at_25c": (
        "State of the pure element at 25 °C (298.15 K) and 101.325 kPa, derived from "
        "melting_point_k and boiling_point_k after overrides: gas if the boiling (or "
        "sublimation) point is at or below 298.15 K; liquid if the melting point is at or below "
        "298.15 K and the boiling point above it; solid if the melting point is above 298.15 K, "
        "or if the element sublimes above 298.15 K without melting at 101.325 kPa (C, As). "
        "Helium, which does not solidify at 101.325 kPa, is a gas by its boiling point. "
        "Allotropes: every allotrope of C, P, S, Se, Sn, As and Sb is solid at 25 °C, so the "
        "choice of allotrope for the melting point never changes the state. Oxygen means O2. "
        "Elements whose melting point was never measured (At, Fr, Fm, Md, No, Lr: estimates "
        "only, see overrides.csv) and the superheavy elements (Z >= 104, no bulk sample ever "
        "made) get null: unknown, never guessed. Br and Hg are liquid; Ga (mp 302.91 K) and Cs "
        "(mp 301.65 K) are solid at 25 °C."
    ),
    "discovery_year": (
        "The year conventionally credited as the element's discovery: for natural elements the "
        "first isolation of the element or first identification of the new element in a "
        "compound; for synthetic elements the first reported synthesis. Values are mendeleev "
        "1.3.0's, corrected where mendeleev breaks its own convention (Y, Nd, Nh: see "
        "overrides.csv). null means no single datable discovery: the element was known and "
        "used since antiquity or the Middle Ages (C, S, Fe, Cu, Zn, As, Ag, Sn, Sb, Au, Hg, Pb, "
        "Bi). References disagree by a year or two for some elements depending on whether "
        "observation, announcement or isolation is counted (e.g. He: spectral lines 1868, "
        "isolated 1895; Os and Ir: 1803 or 1804; No: 1957 claim or 1966 confirmation; Bh: "
        "1976 claim or 1981 credited); mendeleev's year is kept in those cases. Rn is 1900 "
        "(Dorn's radium emanation; Rutherford and Owens saw thorium emanation in 1899), shown "
        "to the learner as a note (notes.csv). The dates follow M. E. Weeks, Discovery of the "
        "Elements, 7th ed. (1968) for natural elements and the IUPAC/IUPAP Transfermium and "
        "Joint Working Group reports for Z >= 101."
    ),
    "family": (
        "Board elements use the eight element groups of RULES.md §1.4 (decision D-4): "
        "alkali_metals, "
        "alkaline_earth_metals, transition_metals (every board cell in IUPAC groups 3-12), "
        "post_transition_metals, metalloids, other_nonmetals, halogens, noble_gases. H is in "
        "other_nonmetals. The f-block rows, which are not on the board, get the family ids "
        "lanthanides (La-Lu, Z 57-71) and actinides (Ac-Lr, Z 89-103). Chemists disagree "
        "about Po, At and the superheavy elements; this table follows the game."
    ),
    "group": (
        "IUPAC groups 1-18 as laid out on the game board: group 3 holds Sc and Y only, Hf is "
        "the first element of group 4 in period 6 and Rf in period 7. The fifteen lanthanides "
        "La-Lu and fifteen actinides Ac-Lr have group null."
    ),
    "on_board": "True for the 88 cells of the game board: Z 1-56, 72-88 and 104-118 (RULES §1).",
    "atomic_mass": (
        "IUPAC/CIAAW standard atomic weight (2021 table). For elements whose standard atomic "
        "weight is an interval the CIAAW conventional value is used (H 1.008, Li 6.94, B 10.81, "
        "C 12.011, N 14.007, O 15.999, Mg 24.305, Si 28.085, S 32.06, Cl 35.45, Ar 39.95, "
        "Br 79.904, Tl 204.38, Pb 207.2). Th, Pa and U have standard atomic weights. For "
        "elements with no stable isotope and no standard atomic weight the value is the mass "
        "number of the longest-lived isotope, as the IUPAC table prints in brackets (e.g. "
        "Tc [97], Pm [145], Po [209], Ra [226], Og [294]). CIAAW revised Gd, Lu and Zr in 2024; "
        "those revisions are not applied."
    ),
    "atomic_radius": (
        "Clementi, Raimondi & Reinhardt (1967) calculated radii: the radius of maximum radial "
        "density of the outermost orbital, from SCF wavefunctions of the free atom. Chosen "
        "because it shrinks across every period (DESIGN §3). mendeleev 1.3.0 does not carry "
        "this set (its atomic_radius is Slater 1964, empirical), so the values live in "
        "clementi_1967_radii.csv. Empty beyond Rn (Z > 86, outside Clementi's table) and for La "
        "and Ce, where secondary tabulations of the paper disagree."
    ),
    "unknown": (
        "An empty cell (null in JSON) means nobody knows the value, or it is only a prediction "
        "or estimate: it is never guessed, interpolated or filled with a mean. In particular "
        "densities mendeleev marks as theoretical estimates, melting points never measured, "
        "calculated ionization energies and electron affinities of superheavy elements "
        "(Z >= 104) and the calculated electron affinities of Tc, Po, Fr, Ra and Ac are "
        "empty. Where a cell is empty for a reason a learner should hear (no stable anion, "
        "measurements that disagree), notes.csv says so."
    ),
}


# --- helpers --------------------------------------------------------------------------------
def fmt(value) -> str:
    """One csv cell. Floats are rounded to 12 decimals so binary noise never reaches the file."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        r = round(value, 12)
        if r == int(r) and abs(r) < 1e15:
            return str(int(r))
        return repr(r)
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return str(value)


_SUBSHELL = re.compile(r"^(\d+)([spdfg])(\d*)$")


def normalise_configuration(econf: str) -> str:
    """mendeleev writes a lone electron as ``2s``; the table always writes the count: ``2s1``."""
    out = []
    for token in econf.split():
        m = _SUBSHELL.match(token)
        if m and not m.group(3):
            token = f"{m.group(1)}{m.group(2)}1"
        out.append(token)
    return " ".join(out)


def shells_of(configuration: str, cores: dict[str, str]) -> tuple[int, ...]:
    """Electrons per shell K, L, M, ... from a configuration such as ``[Ar] 3d6 4s2``."""
    counts: dict[int, int] = {}
    for token in configuration.split():
        if token.startswith("["):
            for n, c in enumerate(shells_of(cores[token.strip("[]")], cores), start=1):
                counts[n] = counts.get(n, 0) + c
            continue
        m = _SUBSHELL.match(token)
        if not m:
            raise ValueError(f"cannot parse {token!r} in {configuration!r}")
        n = int(m.group(1))
        counts[n] = counts.get(n, 0) + int(m.group(3) or 1)
    return tuple(counts.get(n, 0) for n in range(1, max(counts) + 1))


def on_board(z: int) -> bool:
    return 1 <= z <= 56 or 72 <= z <= 88 or 104 <= z <= 118


def board_group(z: int, mendeleev_group: int | None) -> int | None:
    # mendeleev puts La and Ac in group 3; the game board keeps group 3 for Sc and Y only.
    if z in LANTHANIDES or z in ACTINIDES:
        return None
    return mendeleev_group


def family_of(symbol: str, z: int, group: int | None) -> str:
    if z in LANTHANIDES:
        return "lanthanides"
    if z in ACTINIDES:
        return "actinides"
    if group is not None and 3 <= group <= 12:
        return "transition_metals"
    for fid, members in BOARD_FAMILIES.items():
        if symbol in members:
            return fid
    raise ValueError(f"{symbol} has no family in RULES §1.4")


def valence_electrons(group: int | None, period: int) -> int | None:
    """Main groups: electrons in the outermost shell (He 2); groups 3-11: ns + (n-1)d electrons,
    which equals the group number; group 12: 2, the ns electrons, as schools count them (the
    full (n-1)d10 sub-shell takes no part in bonding; notes.csv says so for Zn, Cd, Hg). The
    f-block rows have no agreed count (and no group)."""
    if group is None:
        return None
    if group == 12:
        return 2
    if group <= 11:
        return group
    if group == 18:
        return 2 if period == 1 else 8  # helium's only shell is full with two
    return group - 10


def state_at_25c(mp: float | None, bp: float | None, sublimes: bool) -> str | None:
    if bp is not None and bp <= ROOM_TEMPERATURE_K:
        return "gas"
    if mp is None:
        # Without a melting point only a sublimation point above 25 °C decides (C, As).
        return "solid" if (sublimes and bp is not None) else None
    if mp > ROOM_TEMPERATURE_K:
        return "solid"
    if bp is not None:
        return "liquid"
    return None


def electron_affinity(z: int, value: float | None) -> float | None:
    # A zero or negative "electron affinity" means no bound anion exists; tables that print a
    # number there give the energy of an excited, metastable anion or a calculation, which a
    # trend lesson would misread as "repels electrons strongly".
    if z >= SUPERHEAVY_FROM_Z or value is None or value <= 0:
        return None
    return value


def melting_and_boiling(el) -> tuple[float | None, float | None, bool]:
    """(melting point, boiling point, boiling point is a sublimation point) in K."""
    pts = list(el.phase_transitions)
    if not pts:
        return None, None, False
    wanted = ALLOTROPE_FOR_MELTING.get(el.symbol)
    if len(pts) > 1 or wanted:
        chosen = [p for p in pts if p.allotrope == wanted]
        if len(chosen) != 1:
            raise RuntimeError(f"{el.symbol}: allotrope {wanted!r} not found in {pts!r}")
        pt = chosen[0]
    else:
        pt = pts[0]
    # A melting point flagged as a transition is a solid-solid change (rhombic -> monoclinic
    # S, grey -> white Sn), never the melting point.
    mp = None if pt.is_transition else pt.melting_point
    return mp, pt.boiling_point, bool(pt.is_sublimation_point)


def read_overrides(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for i, row in enumerate(rows, start=2):
        if set(row) != {"symbol", "column", "value", "source"}:
            raise SystemExit(f"{path.name}:{i}: columns must be symbol,column,value,source")
        if not (row["source"] or "").strip():
            raise SystemExit(f"{path.name}:{i}: every override needs a source")
        if row["column"] not in CSV_COLUMNS:
            raise SystemExit(f"{path.name}:{i}: unknown column {row['column']!r}")
    return rows


def parse_cell(column: str, text: str):
    text = text.strip()
    if text == "":
        return None
    if column in INTEGER:
        return int(text)
    if column in NUMERIC:
        return float(text)
    return text


# --- the build ------------------------------------------------------------------------------
def load_mendeleev():
    try:
        from importlib.metadata import version
        have = version("mendeleev")
    except Exception:  # noqa: BLE001 - any failure means it is not installed
        raise SystemExit('mendeleev is not installed: pip install -e ".[dev]"') from None
    if have != MENDELEEV_VERSION:
        raise SystemExit(f"mendeleev {have} found, the data is pinned to {MENDELEEV_VERSION}: "
                         f'pip install -e ".[dev]"')
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from mendeleev.db import get_session
        from mendeleev.models import Element
        from sqlalchemy.orm import noload, selectinload

        # mendeleev.get_all_elements() eagerly loads every relationship (isotopes, X-ray
        # scattering factors, ...): half a minute. Load only the two this build reads.
        session = get_session()
        try:
            return (session.query(Element)
                    .options(noload("*"),
                             selectinload(Element.phase_transitions),
                             selectinload(Element._ionization_energies))
                    .order_by(Element.atomic_number)
                    .all())
        finally:
            session.close()


def build_rows(elements, overrides, clementi) -> tuple[list[dict], dict[str, list[str]]]:
    cores: dict[str, str] = {}
    rows: list[dict] = []
    for el in elements:
        z = el.atomic_number
        mp, bp, sublimes = melting_and_boiling(el)
        ie = el.ionenergies.get(1)
        row = {
            "atomic_number": z,
            "symbol": el.symbol,
            "name": el.name,
            "period": el.period,
            "group": el.group_id,
            "atomic_mass_da": el.atomic_weight,
            "electronegativity_pauling": el.en_pauling,
            "electronegativity_allen_ev": el.en_allen,
            "ionization_energy_ev": None if z >= SUPERHEAVY_FROM_Z else ie,
            "atomic_radius_pm": clementi.get(el.symbol),
            "covalent_radius_pm": el.covalent_radius_cordero,
            "electron_affinity_ev": electron_affinity(z, el.electron_affinity),
            "melting_point_k": mp,
            "boiling_point_k": bp,
            "density_g_cm3": None if el.symbol in ESTIMATED_DENSITY else el.density,
            "discovery_year": el.discovery_year,
            "electron_configuration": normalise_configuration(el.econf),
            "_sublimes": sublimes,
            "_mendeleev_group": el.group_id,
        }
        rows.append(row)
        if row["period"] and el.group_id == 18:
            cores[el.symbol] = row["electron_configuration"]

    by_symbol = {r["symbol"]: r for r in rows}
    overridden: dict[str, list[str]] = {c: [] for c in CSV_COLUMNS}
    late: list[dict[str, str]] = []
    for o in overrides:
        if o["symbol"] not in by_symbol:
            raise SystemExit(f"overrides.csv: unknown symbol {o['symbol']!r}")
        if o["column"] in DERIVED:
            late.append(o)
            continue
        by_symbol[o["symbol"]][o["column"]] = parse_cell(o["column"], o["value"])
        overridden[o["column"]].append(o["symbol"])

    for r in rows:
        z = r["atomic_number"]
        r["group"] = board_group(z, r.pop("_mendeleev_group"))
        r["family"] = family_of(r["symbol"], z, r["group"])
        r["shells"] = shells_of(r["electron_configuration"], cores)
        if sum(r["shells"]) != z:
            raise RuntimeError(f"{r['symbol']}: shells {r['shells']} do not add up to Z")
        r["valence_electrons"] = valence_electrons(r["group"], r["period"])
        sublimes = r.pop("_sublimes")
        r["state_at_25c"] = (None if z >= SUPERHEAVY_FROM_Z else
                             state_at_25c(r["melting_point_k"], r["boiling_point_k"], sublimes))
        r["on_board"] = on_board(z)

    for o in late:
        by_symbol[o["symbol"]][o["column"]] = parse_cell(o["column"], o["value"])
        overridden[o["column"]].append(o["symbol"])

    return rows, overridden


def check(rows, elements) -> None:
    """Fail loudly if the rules produced something the game or the tests cannot use."""
    if [r["atomic_number"] for r in rows] != list(range(1, 119)):
        raise RuntimeError("expected Z = 1..118 in order")
    board = [r for r in rows if r["on_board"]]
    if len(board) != 88:
        raise RuntimeError(f"{len(board)} board cells, expected 88")
    for fid in BOARD_FAMILIES:
        if not any(r["family"] == fid for r in board):
            raise RuntimeError(f"family {fid} is empty")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for r, el in zip(rows, elements):
            # Our group-based valence count must agree with mendeleev's own for every element
            # that has a group; a disagreement means a group or a configuration is off.
            # (group 12 is counted as schools do, 2; mendeleev counts s + d = 12)
            expected = 12 if r["group"] == 12 else r["valence_electrons"]
            if r["valence_electrons"] is not None and expected != el.nvalence():
                raise RuntimeError(f"{r['symbol']}: valence {r['valence_electrons']} "
                                   f"vs mendeleev {el.nvalence()}")


def render_csv(rows) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        writer.writerow([fmt(r[c]) for c in CSV_COLUMNS])
    return buf.getvalue().encode("utf-8")


def column_sources(overridden: dict[str, list[str]]) -> dict[str, dict]:
    def entry(field, unit, source, citation, note=None, **extra):
        d = {"field": field, "unit": unit, "source": source, "citation": citation}
        if note:
            d["note"] = note
        d.update(extra)
        return d

    cols = {
        "atomic_number": entry("atomic_number", None, "mendeleev 1.3.0: elements.atomic_number",
                               MENDELEEV, "Number of protons, Z."),
        "symbol": entry("symbol", None, "mendeleev 1.3.0: elements.symbol", RED_BOOK),
        "name": entry("name", None, "mendeleev 1.3.0: elements.name, with overrides", RED_BOOK,
                      "English IUPAC names (aluminium, caesium, sulfur). element() also "
                      "accepts the variants " + ", ".join(sorted(NAME_ALIASES)) + "."),
        "period": entry("period", None, "mendeleev 1.3.0: elements.period", MENDELEEV),
        "group": entry("group", None, "mendeleev 1.3.0: elements.group_id, with the board rule",
                       RULES_MD, RULES["group"]),
        "family": entry("family", None, "rule: RULES §1.4 table; lanthanides / actinides "
                        "for the f-block rows", RULES_MD, RULES["family"]),
        "atomic_mass_da": entry(
            "atomic_mass", "Da", "mendeleev 1.3.0: elements.atomic_weight (CIAAW 2013 plus the "
            "CIAAW radioactive-elements table), updated to the 2021 table by overrides",
            CIAAW_2021 + "; " + CIAAW_2013 + "; " + NUBASE_2020,
            "Standard atomic weight Ar°, a dimensionless ratio numerically equal to the mass in "
            "daltons. " + RULES["atomic_mass"] + " For Lr and Z >= 104 the mass numbers are those "
            "of the longest-lived isotopes in NUBASE2020 (overrides.csv: Lr 266, Sg 269, Bh 270, "
            "Mt 278, Rg 282, Mc 290, where mendeleev 1.3.0 still has older ones); they shift as "
            "longer-lived isotopes are found."),
        "electronegativity_pauling": entry(
            "electronegativity_pauling", "1", "CRC Handbook 'Electronegativity of the elements' "
            "(via mendeleev 1.3.0: elements.en_pauling, corrected to the CRC values by overrides)",
            CRC_95 + "; " + ALLRED_1961,
            "Pauling scale (dimensionless), the CRC Handbook's table throughout: Pauling's values "
            "as revised by Allred (1961) from newer thermochemical data. mendeleev 1.3.0 mixes "
            "in Pauling's 1960 values for W, Pt, Au, Hg, Tl, Pb, Bi and other values for Tc, "
            "Lu, U, Np, Pu; overrides.csv restores the CRC numbers (W 2.36, Au 2.54, Pb 2.33) "
            "and the card shows Pauling's 1960 value as a note (notes.csv). Kr 3.00 and Xe 2.60 "
            "are CRC's; He, Ne, Ar and elements without a value derived from their own "
            "thermochemistry are empty (no series averages such as 1.3 for every late "
            "actinide)."),
        "electronegativity_allen_ev": entry(
            "electronegativity_allen", "eV", "mendeleev 1.3.0: elements.en_allen", ALLEN_2000,
            "Allen's configuration energy (average one-electron valence energy of the free "
            "atom) in eV, as published; multiply by 0.169 for values comparable to the Pauling "
            "scale (Allen, J. Am. Chem. Soc. 111, 9003 (1989), doi:10.1021/ja00207a003). "
            "Empty for most f-block and superheavy elements, and for Tl, Fr and Ra, which "
            "mendeleev 1.3.0 lacks (not yet checked against the paper's tables)."),
        "ionization_energy_ev": entry(
            "ionization_energy_ev", "eV", "mendeleev 1.3.0: ionizationenergies "
            "(degree 1), from the NIST Atomic Spectra Database", NIST_ASD,
            "First ionization energy of the neutral atom. Empty for Z >= 104: NIST lists only "
            "calculated or semi-empirical predictions there (Rf-Hs, uncertainty 0.04-0.5 eV) "
            "and nothing beyond Hs; no measurement exists. Lr (4.96 eV) is measured."),
        "atomic_radius_pm": entry(
            "atomic_radius_pm", "pm", "clementi_1967_radii.csv (mendeleev has no Clementi radii)",
            CLEMENTI_1967, RULES["atomic_radius"] + " H is the Bohr radius, 53 pm."),
        "covalent_radius_pm": entry(
            "covalent_radius_pm", "pm", "mendeleev 1.3.0: elements.covalent_radius_cordero, "
            "with overrides", CORDERO_2008,
            "Single-bond covalent radius from crystal structures. Where Cordero gives several "
            "values the table uses C sp3 (76 pm) and low-spin Mn, Fe, Co (mendeleev averages "
            "them, which matches no published value). Empty from Bk on (Cordero stops at Cm)."),
        "electron_affinity_ev": entry(
            "electron_affinity_ev", "eV", "measured values: mendeleev 1.3.0's "
            "elements.electron_affinity (CRC Handbook, Andersen 2004) with every newer "
            "measurement and every removed estimate cited in overrides.csv",
            ANDERSEN_2004 + "; " + NING_2022 + "; " + CRC_95,
            "Energy released when a neutral gas-phase atom gains an electron. Empty when the "
            "atom forms no bound anion (e.g. He, Be, N, Ne, Mg, Ar, Mn, Zn, Kr, Cd, Xe, Hg, Rn): "
            "the electron affinity is then negative and has no measured value. Rule: any value "
            "<= 0 is dropped (mendeleev's negative numbers for He, Be, N, Ar and Xe are "
            "energies of excited metastable anions, see overrides.csv; Yb -0.02 eV). Empty for "
            "Z >= 104 (Og's value is a calculation). Measured or nothing: the calculated or "
            "estimated values mendeleev carries for Tc, Po, Fr, Ra and Ac are removed; where "
            "measurements disagree by a factor of ten (Pr, Nd, Eu, Tb, Dy, Hf) the cell is "
            "empty and the card gives both. Newer measurements replace older ones for Sr, Ga, "
            "In, La, Ce, Lu, Th and Fe (overrides.csv); Nb, Co and Pb are 2016 slow-electron "
            "velocity-map imaging measurements, each paper named in overrides.csv."),
        "melting_point_k": entry(
            "melting_point_k", "K", "mendeleev 1.3.0: phasetransitions.melting_point, with "
            "overrides", CRC_97,
            "At 101.325 kPa. Allotropes: " + ", ".join(f"{k} {v}" for k, v in
                                                       ALLOTROPE_FOR_MELTING.items()) +
            ". S is the melting point of monoclinic sulfur (the rhombic -> monoclinic "
            "transition at 368 K is not a melting point); Sn is white (beta) tin. Empty for "
            "He (no solid at 101.325 kPa), C and As (they sublime), and where the value was "
            "never measured (At, Fr, Fm, Md, No, Lr, Z >= 104)."),
        "boiling_point_k": entry(
            "boiling_point_k", "K", "mendeleev 1.3.0: phasetransitions.boiling_point, with "
            "overrides (In 2345.15 K)", CRC_97,
            "At 101.325 kPa. For C (graphite) and As (grey) this is the sublimation point. "
            "Empty where not known."),
        "density_g_cm3": entry(
            "density_g_cm3", "g/cm3", "mendeleev 1.3.0: elements.density (CRC Handbook), with "
            "overrides where the CRC number is rounded", CRC_95,
            "Solids and liquids near room temperature; gases are ideal-gas densities at 25 °C "
            "and 101.325 kPa. Allotropes: C graphite, P white, S rhombic, Se grey, Sn white, "
            "Sb grey. Empty where mendeleev marks the value as a theoretical estimate: "
            + ", ".join(ESTIMATED_DENSITY) + ". K, V, Tc, Ru, Ba, Ta and Re: the CRC "
            "inorganic-compounds table rounds them (K 0.89); overrides.csv gives the value two "
            "independent tables agree on (K 0.862)."),
        "state_at_25c": entry("state_at_25c", None, "rule: derived from melting_point_k and "
                              "boiling_point_k", CRC_97, RULES["state_at_25c"]),
        "discovery_year": entry("discovery_year", None, "mendeleev 1.3.0: "
                                "elements.discovery_year, with overrides", MENDELEEV,
                                RULES["discovery_year"]),
        "electron_configuration": entry(
            "electron_configuration", None, "mendeleev 1.3.0: elements.econf (NIST ASD), "
            "with overrides", NIST_ASD + "; " + HOFFMAN_2006,
            "Ground-state configuration with a noble-gas core, e.g. [Ar] 3d6 4s2; every "
            "subshell carries its electron count. From Z = 104 on these are PREDICTED by "
            "relativistic calculations, never measured; the card and `periodic-edu element "
            "--json` say so in a note. Ds 6d8 7s2 and Rg 6d9 7s2 follow the calculations "
            "(mendeleev 1.3.0 extrapolates 6d9 7s1 and 6d10 7s1 from Pt and Au)."),
        "shells": entry("shells", None, "rule: summed from electron_configuration", NIST_ASD,
                        "Electrons per shell K, L, M, ...; space-separated in the csv, a tuple "
                        "on Element, a list in JSON. Fe: 2 8 14 2."),
        "valence_electrons": entry(
            "valence_electrons", None, "rule: from group", RULES_MD,
            "Main groups: electrons in the outermost shell (1-8; He 2). Groups 3-11: ns + "
            "(n-1)d electrons, which equals the group number. Group 12 (Zn, Cd, Hg, Cn): 2, the "
            "ns electrons, as schools count them (the full (n-1)d10 sub-shell takes no part in "
            "bonding; mendeleev counts 12). Empty for La-Lu and Ac-Lr, which "
            "have no group and no agreed count. Checked against mendeleev's nvalence() at build "
            "time."),
        "on_board": entry("on_board", None, "rule: RULES §1", RULES_MD, RULES["on_board"]),
    }
    for col, entry_ in cols.items():
        if overridden.get(col):
            entry_["overridden"] = sorted(overridden[col])
    return cols


#: The successive ionization energies (scripts/build_ionization_energies.py writes the file; the
#: citation lives here so that sources.json has one writer).
SUCCESSIVE_IONIZATION = {
    "generated_by": "scripts/build_ionization_energies.py",
    "columns": ["atomic_number", "symbol", "stage", "energy_ev"],
    "unit": "eV",
    "range": "Z = 1-36, every stage: stage n is the energy to remove the n-th electron, "
             "X^(n-1)+ (g) -> X^n+ (g) + e-, from the ion's ground state",
    "source": "mendeleev 1.3.0: ionizationenergies (all degrees), from the NIST Atomic Spectra "
              "Database ionization-energy tables; cross-checked at build time against "
              "pymatgen-core's Element.ionization_energies (also NIST ASD)",
    "citation": NIST_ASD + " (Ground levels and ionization energies for the neutral atoms and "
                "ions; A. Kramida, Yu. Ralchenko, J. Reader and NIST ASD Team, NIST Atomic "
                "Spectra Database, ver. 5.9, 2021, doi:10.18434/T4W30F)",
    "note": "Values for highly charged ions are partly theoretical or semi-empirical in NIST's "
            "compilation (uncertainties up to ~0.1 eV for the outer stages, much smaller than "
            "the jumps between shells). 1 eV per atom = 96.485 kJ/mol.",
}


def render_sources(overridden: dict[str, list[str]]) -> bytes:
    doc = {
        "format": "periodic-edu/element-sources",
        "version": 1,
        "generated_by": "scripts/build_elements.py",
        "inputs": {
            "mendeleev": MENDELEEV_VERSION,
            "cross_check": "scripts/cross_check_elements.py against pymatgen-core, chemicals, "
                           "periodictable and ase; differences explained in "
                           "periodic_edu/data/known_differences.csv",
            "notes": "periodic_edu/data/notes.csv (shown to the learner)",
            "overrides": "periodic_edu/data/overrides.csv",
            "clementi_radii": "periodic_edu/data/clementi_1967_radii.csv",
        },
        "rules": RULES,
        "columns": column_sources(overridden),
        "files": {"ionization_energies.csv": SUCCESSIVE_IONIZATION},
    }
    if list(doc["columns"]) != list(CSV_COLUMNS):
        raise RuntimeError("sources.json columns out of step with the csv")
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return text.encode("utf-8")


def read_clementi(path: Path) -> dict[str, float]:
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    out = {}
    for i, row in enumerate(rows, start=2):
        if not (row.get("source") or "").strip():
            raise SystemExit(f"{path.name}:{i}: every radius needs a source")
        out[row["symbol"]] = float(row["atomic_radius_pm"])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DATA,
                        help="directory for elements.csv and sources.json (default: %(default)s)")
    args = parser.parse_args(argv)

    elements = load_mendeleev()
    rows, overridden = build_rows(elements, read_overrides(OVERRIDES), read_clementi(CLEMENTI))
    check(rows, elements)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "elements.csv").write_bytes(render_csv(rows))
    (args.out / "sources.json").write_bytes(render_sources(overridden))
    print(f"wrote {args.out / 'elements.csv'} and {args.out / 'sources.json'} "
          f"({len(rows)} elements)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
