#!/usr/bin/env python3
"""Regenerate ``periodic_edu/data/elemonster_cards.csv`` and ``elemonster_sources.json``.

The Elemonster cards (ELEMONSTER E-4) need facts that ``elements.csv`` does not carry: mass in
a 70 kg adult, flame colour, alchemical sign, native occurrence, and the facts the property
symbols are computed from (ELEMONSTER E-6): nutritional class, CLP Annex VI pictograms,
standard electrode potential, Curie temperature, Mohs hardness, UNS series, band gap and
radiation-shield use. They are written down below, one cited source per column and the source
of every filled cell named in the row's ``sources`` cell. Nothing is fetched from the network.

An empty cell means "not listed / not known with confidence": it is never guessed. The
*symbols* are NOT in the csv: ``periodic_edu.elemonster.cards`` computes them at load time
from these facts and from ``elements.csv`` (ionization energy, family, Z), so a correction
of either file flows into the cards.

Usage::

    python scripts/build_elemonster_cards.py            # rewrites periodic_edu/data/
    python scripts/build_elemonster_cards.py --out DIR  # writes the two files into DIR

The output is byte-for-byte deterministic (``tests/elemonster/test_cards.py`` rebuilds it and
compares).
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "periodic_edu" / "data"
sys.path.insert(0, str(ROOT))
from periodic_edu.chemistry import SYMBOLS  # noqa: E402  (the 118 symbols, ordered by Z)

# --- sources (key -> citation); each column names its default source ------------------------
SOURCES = {
    "emsley2011": "J. Emsley, Nature's Building Blocks: An A-Z Guide to the Elements, 2nd ed., "
                  "Oxford University Press, 2011 (entry 'Human body': amount in an average "
                  "70 kg person)",
    "vogel": "G. Svehla, Vogel's Qualitative Inorganic Analysis, 7th ed., Longman, 1996, "
             "section on flame tests (colours seen without a filter)",
    "unicode_alchemy": "The Unicode Standard 15.1, chart Alchemical Symbols U+1F700-U+1F77F",
    "unicode_planets": "The Unicode Standard 15.1, chart Miscellaneous Symbols U+2600-U+26FF: "
                       "the planetary signs the alchemists gave the seven metals of antiquity",
    "ima": "IMA Database of Mineral Properties / The New IMA List of Minerals (RRUFF project, "
           "Univ. of Arizona): the element is an approved or grandfathered native-element "
           "mineral",
    "openstax_ap": "J. G. Betts et al., Anatomy and Physiology 2e, OpenStax, 2022, §2.1 "
                   "(O, C, H, N make up more than 96 % of the body's mass)",
    "whitney_rolfes": "E. Whitney and S. R. Rolfes, Understanding Nutrition, 15th ed., Cengage, "
                      "2019, ch. 12 (the major minerals)",
    "efsa_drv": "EFSA, Dietary Reference Values for nutrients: Summary report, EFSA Supporting "
                "Publications 2017:e15121, doi:10.2903/sp.efsa.2017.e15121 (trace elements; "
                "F and Cr: no essential requirement shown; Co as part of vitamin B12)",
    "clp_annex_vi": "Regulation (EC) No 1272/2008 (CLP), Annex VI Table 3, harmonised "
                    "classification as amended up to the 21st ATP; pictograms of the entry "
                    "(powder entry where forms differ; white phosphorus for P); 'none' = the "
                    "element has no entry of its own",
    "crc_e0": "W. M. Haynes (ed.), CRC Handbook of Chemistry and Physics, 97th ed., 2016, "
              "Electrochemical Series (standard potentials at 298.15 K, 101.325 kPa)",
    "kittel": "C. Kittel, Introduction to Solid State Physics, 8th ed., Wiley, 2005, ch. 11, "
              "table of ferromagnetic crystals (Curie temperatures)",
    "samsonov": "G. V. Samsonov (ed.), Handbook of the Physicochemical Properties of the "
                "Elements, IFI/Plenum, 1968 (Mohs hardness; hardest natural form)",
    "astm_e527": "ASTM E527 / SAE J1086, Practice for Numbering Metals and Alloys in the "
                 "Unified Numbering System (UNS): the letter series a metal's alloys are "
                 "numbered in",
    "crc_semi": "W. M. Haynes (ed.), CRC Handbook of Chemistry and Physics, 97th ed., 2016, "
                "Properties of Semiconductors (band gap of the form stable at 25 °C; 0 for a "
                "metal or semimetal form)",
    "mccaffrey2007": "J. P. McCaffrey, H. Shen, B. Downton and E. Mainegra-Hing, Radiation "
                     "attenuation by lead and nonlead materials used in radiation shielding "
                     "garments, Med. Phys. 34, 530 (2007), doi:10.1118/1.2426404",
    "glasstone": "S. Glasstone and A. Sesonske, Nuclear Reactor Engineering, 4th ed., Chapman "
                 "& Hall, 1994, ch. 5 (control materials: B, Cd, Hf, Gd)",
}

# --- the facts ---------------------------------------------------------------------------------
# Grams in a 70 kg adult (Emsley 2011). Noble gases and Pt are not listed: empty.
BODY_MASS_G = {
    "O": 43000, "C": 16000, "H": 7000, "N": 1800, "Ca": 1000, "P": 780, "K": 140, "S": 140,
    "Na": 100, "Cl": 95, "Mg": 19, "Fe": 4.2, "F": 2.6, "Zn": 2.3, "Si": 1.0, "Rb": 0.68,
    "Sr": 0.32, "Br": 0.26, "Pb": 0.12, "Cu": 0.072, "Al": 0.060, "Cd": 0.050, "Ce": 0.040,
    "Ba": 0.022, "I": 0.020, "Sn": 0.020, "Ti": 0.020, "B": 0.018, "Ni": 0.015, "Se": 0.015,
    "Cr": 0.014, "Mn": 0.012, "As": 0.007, "Li": 0.007, "Cs": 0.006, "Hg": 0.006, "Ge": 0.005,
    "Mo": 0.005, "Co": 0.003, "Sb": 0.002, "Ag": 0.002, "Nb": 0.0015, "Zr": 0.001,
    "La": 0.0008, "Ga": 0.0007, "Te": 0.0007, "Y": 0.0006, "Bi": 0.0005, "Tl": 0.0005,
    "In": 0.0004, "Au": 0.0002, "Sc": 0.0002, "Ta": 0.0002, "V": 0.00011, "Th": 0.0001,
    "U": 0.0001, "Sm": 0.00005, "Be": 0.000036, "W": 0.00002,
}
# Flame colours of the classical flame test (Vogel); elements without one are empty.
FLAME_COLOUR = {
    "Li": "carmine red", "Na": "golden yellow", "K": "lilac", "Rb": "red-violet",
    "Cs": "blue-violet", "Ca": "brick red", "Sr": "crimson", "Ba": "apple green",
    "Cu": "blue-green", "B": "green", "Tl": "green",
}
# (sign, source key): the planetary signs of the seven metals, the alchemical block for others.
ALCHEMY = {
    "Au": ("\u2609", "unicode_planets"), "Ag": ("\u263d", "unicode_planets"),
    "Hg": ("\u263f", "unicode_planets"), "Cu": ("\u2640", "unicode_planets"),
    "Fe": ("\u2642", "unicode_planets"), "Sn": ("\u2643", "unicode_planets"),
    "Pb": ("\u2644", "unicode_planets"),
    "S": ("\U0001f70d", "unicode_alchemy"), "As": ("\U0001f73a", "unicode_alchemy"),
}
# Native-element minerals (IMA). 'false' only where the element certainly never occurs free
# as a mineral (reactive metals, the gases, Br, I, P, U); empty where not checked.
NATIVE_TRUE = ("C", "S", "Se", "As", "Sb", "Te", "Bi", "Cu", "Ag", "Au", "Pt", "Pd", "Ir",
               "Os", "Ru", "Rh", "Fe", "Ni", "Zn", "Cd", "In", "Sn", "Pb", "Hg", "Cr", "Al")
NATIVE_FALSE = ("H", "He", "Li", "Be", "N", "O", "F", "Ne", "Na", "Mg", "P", "Cl", "Ar", "K",
                "Ca", "Br", "Kr", "I", "Xe", "Rn", "U", "Rb", "Cs", "Sr", "Ba")
# Nutritional class (E-6 heart): bulk 3, major mineral 2, trace 1, not_essential 0.
NUTRITION = {
    **{s: ("bulk", "openstax_ap") for s in ("C", "H", "N", "O")},
    **{s: ("major_mineral", "whitney_rolfes") for s in ("Ca", "P", "K", "S", "Na", "Cl", "Mg")},
    **{s: ("trace", "efsa_drv") for s in ("Fe", "Zn", "Cu", "Mn", "I", "Se", "Mo", "Co")},
    "F": ("not_essential", "efsa_drv"), "Cr": ("not_essential", "efsa_drv"),
}
# CLP Annex VI pictograms of the element's own entry; "none" = no entry of its own.
# Radioactive elements are outside CLP (Art. 1(2)(a)): empty.
CLP = {
    "H": "GHS02", "Li": "GHS02 GHS05", "Be": "GHS06 GHS08 GHS07", "O": "GHS03",
    "F": "GHS03 GHS06 GHS05", "Na": "GHS02 GHS05", "Mg": "GHS02", "Al": "GHS02",
    "P": "GHS02 GHS06 GHS05 GHS09", "S": "GHS07", "Cl": "GHS03 GHS06 GHS07 GHS09",
    "K": "GHS02 GHS05", "Ca": "GHS02", "Co": "GHS08 GHS07", "Ni": "GHS08 GHS07",
    "Zn": "GHS02 GHS09", "As": "GHS06 GHS09", "Se": "GHS06 GHS08", "Br": "GHS06 GHS05 GHS09",
    "Hg": "GHS06 GHS08 GHS09", "Pb": "GHS08 GHS09",
    **{s: "none" for s in ("He", "C", "N", "Ne", "Si", "Ar", "Ti", "Cr", "Mn", "Fe", "Ga", "Ge",
                           "Kr", "Sn", "Xe", "W", "Pt", "Au", "Bi")},
}
# Standard electrode potential of the usual couple M^z+/M, volts (CRC).
E0 = {
    "Li": ("Li+/Li", -3.0401), "Be": ("Be2+/Be", -1.847), "Na": ("Na+/Na", -2.71),
    "Mg": ("Mg2+/Mg", -2.372), "Al": ("Al3+/Al", -1.662), "K": ("K+/K", -2.931),
    "Ca": ("Ca2+/Ca", -2.868), "Sc": ("Sc3+/Sc", -2.077), "Ti": ("Ti2+/Ti", -1.630),
    "V": ("V2+/V", -1.175), "Cr": ("Cr3+/Cr", -0.744), "Mn": ("Mn2+/Mn", -1.185),
    "Fe": ("Fe2+/Fe", -0.447), "Co": ("Co2+/Co", -0.28), "Ni": ("Ni2+/Ni", -0.257),
    "Cu": ("Cu2+/Cu", 0.3419), "Zn": ("Zn2+/Zn", -0.7618), "Ga": ("Ga3+/Ga", -0.549),
    "Ag": ("Ag+/Ag", 0.7996), "Sn": ("Sn2+/Sn", -0.1375), "Pt": ("Pt2+/Pt", 1.18),
    "Au": ("Au3+/Au", 1.498), "Hg": ("Hg2+/Hg", 0.851), "Pb": ("Pb2+/Pb", -0.1262),
    "Bi": ("Bi3+/Bi", 0.308), "U": ("U3+/U", -1.798),
}
# Curie temperatures of the ferromagnetic elements, K (Kittel).
CURIE_K = {"Fe": 1043, "Co": 1388, "Ni": 627, "Gd": 292, "Dy": 88}
# Mohs hardness, hardest natural form (C = diamond) (Samsonov). Gases, liquids, unknown: empty.
MOHS = {
    "Li": 0.6, "Be": 5.5, "B": 9.5, "C": 10, "Na": 0.5, "Mg": 2.5, "Al": 2.75, "Si": 6.5,
    "P": 0.5, "S": 2, "K": 0.4, "Ca": 1.75, "Ti": 6, "V": 7, "Cr": 8.5, "Mn": 6, "Fe": 4,
    "Co": 5, "Ni": 4, "Cu": 3, "Zn": 2.5, "Ga": 1.5, "Ge": 6, "As": 3.5, "Se": 2, "Ag": 2.5,
    "Sn": 1.5, "W": 7.5, "Pt": 3.5, "Au": 2.5, "Pb": 1.5, "Bi": 2.25, "U": 6,
}
# UNS letter series the metal's alloys are numbered in (ASTM E527).
UNS = {
    "Al": "A", "Cu": "C", "Fe": "F", "Ni": "N", "Zn": "Z", "Ag": "P", "Au": "P", "Pt": "P",
    "Pd": "P", "Ir": "P", "Os": "P", "Rh": "P", "Ru": "P",
    "Pb": "L", "Sn": "L", "Mg": "M", "Ti": "R", "W": "R", "Co": "R",
}
# Band gap of the form stable at 25 °C, eV (CRC); 0 for the metallic/semimetal forms named.
BAND_GAP_EV = {"B": 1.5, "C": 0, "Si": 1.12, "Ge": 0.66, "Se": 1.74, "Sn": 0, "As": 0}
# Use as the main component of a standard radiation shield.
SHIELD_USE = {"Pb": ("gamma", "mccaffrey2007"), "W": ("gamma", "mccaffrey2007"),
              "Bi": ("gamma", "mccaffrey2007"), "B": ("neutron", "glasstone"),
              "Cd": ("neutron", "glasstone"), "Hf": ("neutron", "glasstone"),
              "Gd": ("neutron", "glasstone")}

# (column, unit, default source key, description)
COLUMNS = (
    ("body_mass_g", "g", "emsley2011", "mass of the element in an average 70 kg adult"),
    ("flame_colour", None, "vogel", "colour the element gives a flame"),
    ("alchemy", None, "unicode_planets", "alchemical or planetary sign (Unicode character)"),
    ("native", None, "ima", "the pure element occurs in nature as an approved mineral"),
    ("nutrition", None, "efsa_drv", "bulk / major_mineral / trace / not_essential"),
    ("clp_pictograms", None, "clp_annex_vi", "GHS pictograms of the CLP Annex VI entry"),
    ("e0_couple", None, "crc_e0", "the usual redox couple M^z+/M"),
    ("e0_v", "V", "crc_e0", "standard electrode potential of e0_couple"),
    ("curie_k", "K", "kittel", "Curie temperature of a ferromagnetic element"),
    ("mohs", None, "samsonov", "Mohs hardness of the hardest natural form"),
    ("uns_series", None, "astm_e527", "UNS letter series of the metal's alloys"),
    ("band_gap_ev", "eV", "crc_semi", "band gap of the form stable at 25 °C"),
    ("shield_use", None, "mccaffrey2007", "gamma / neutron: main component of a shield"),
)
CSV_COLUMNS = ("atomic_number", "symbol", *(c for c, *_ in COLUMNS), "sources")


def _num(value: float | int) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def rows() -> list[dict[str, str]]:
    out = []
    for z, symbol in enumerate(SYMBOLS, start=1):
        row = {"atomic_number": str(z), "symbol": symbol}
        cited: dict[str, str] = {}

        def put(column: str, value: str, source: str) -> None:
            row[column] = value
            cited[column] = source

        if symbol in BODY_MASS_G:
            put("body_mass_g", _num(BODY_MASS_G[symbol]), "emsley2011")
        if symbol in FLAME_COLOUR:
            put("flame_colour", FLAME_COLOUR[symbol], "vogel")
        if symbol in ALCHEMY:
            put("alchemy", *ALCHEMY[symbol])
        if symbol in NATIVE_TRUE or symbol in NATIVE_FALSE:
            put("native", "true" if symbol in NATIVE_TRUE else "false", "ima")
        if symbol in NUTRITION:
            put("nutrition", *NUTRITION[symbol])
        if symbol in CLP:
            put("clp_pictograms", CLP[symbol], "clp_annex_vi")
        if symbol in E0:
            couple, volts = E0[symbol]
            put("e0_couple", couple, "crc_e0")
            put("e0_v", _num(volts), "crc_e0")
        if symbol in CURIE_K:
            put("curie_k", _num(CURIE_K[symbol]), "kittel")
        if symbol in MOHS:
            put("mohs", _num(MOHS[symbol]), "samsonov")
        if symbol in UNS:
            put("uns_series", UNS[symbol], "astm_e527")
        if symbol in BAND_GAP_EV:
            put("band_gap_ev", _num(BAND_GAP_EV[symbol]), "crc_semi")
        if symbol in SHIELD_USE:
            put("shield_use", *SHIELD_USE[symbol])
        row["sources"] = " ".join(f"{c}={s}" for c, s in cited.items())
        out.append(row)
    return out


def csv_bytes() -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in rows():
        writer.writerow([r.get(c, "") for c in CSV_COLUMNS])
    return buf.getvalue().encode("utf-8")


def sources_bytes() -> bytes:
    doc = {
        "format": "periodic-edu/elemonster-sources", "version": 1,
        "generated_by": "scripts/build_elemonster_cards.py",
        "unknown": "An empty cell means not listed or not known with confidence; never guessed.",
        "row_sources": "The 'sources' cell of each row names, for every filled cell, its "
                       "source key (column=key), resolved in 'sources' below.",
        "columns": {c: {"unit": unit, "source": src, "citation": SOURCES[src],
                        "description": desc} for c, unit, src, desc in COLUMNS},
        "sources": SOURCES,
        "symbols": "The property symbols (heart, skull, crown, neutral, radioactive, magnetic, "
                   "flammable, hard, material, semiconductor, corrosive, shield) are not stored: "
                   "periodic_edu/elemonster/cards.py computes them from these facts and "
                   "elements.csv by the rules of ELEMONSTER E-6 (see docs/elemonster.md).",
    }
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "elemonster_cards.csv").write_bytes(csv_bytes())
    (args.out / "elemonster_sources.json").write_bytes(sources_bytes())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
