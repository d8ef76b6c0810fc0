"""Make ``widgets_js/fonts/periodic-symbols.ttf``: the glyphs the widgets print that a phone's
own fonts may not draw (♛, ☠, ♨, ⚗, ⬟, arrows, ≈ ...), cut from DejaVu Sans (Debian's
``fonts-dejavu-core``; free, Bitstream Vera licence, in ``widgets_js/fonts/LICENSE-DejaVu.txt``).

The widgets' CSS loads it as an ``@font-face`` from the package's own file (no CDN), first in
the stack of the glyph spans and last in the text's stack. Run again when a widget prints a new
symbol; ``tests/test_symbol_font.py`` fails until then. Needs fontTools (the ``dev`` extra).

    python scripts/make_symbol_font.py [--source /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf]
"""
from __future__ import annotations

import argparse
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "widgets_js" / "fonts" / "periodic-symbols.ttf"
FAMILY = "periodic_edu symbols"  # renamed: the licence wants a modified font not called Vera
SOURCE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def printed_files(repo: Path = REPO) -> list[Path]:
    """Where the widgets' printed words and glyphs live: their JS and CSS, the Elemonster card
    data, the widget texts and every message catalog."""
    return sorted([*repo.glob("widgets_js/*.js"), *repo.glob("widgets_js/*.css"),
                   repo / "periodic_edu/widgets/_elemonster_payload.py",
                   *repo.glob("periodic_edu/locale/*.py"),
                   *repo.glob("periodic_edu/locale/*/LC_MESSAGES/*.po")])


def symbols_used(repo: Path = REPO) -> set[str]:
    """Every non-ASCII symbol character (Unicode category S*: ♥ ☠ → ≈ ° ...) in those files."""
    return {ch for path in printed_files(repo) for ch in path.read_text(encoding="utf-8")
            if ord(ch) > 127 and unicodedata.category(ch).startswith("S")}


def main(argv: list[str] | None = None) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    args = parser.parse_args(argv)
    wanted = symbols_used()
    font = TTFont(args.source)
    missing = sorted(ch for ch in wanted if ord(ch) not in font.getBestCmap())
    if missing:
        raise SystemExit(f"{args.source.name} draws no glyph for {' '.join(missing)} "
                         f"({', '.join(unicodedata.name(c, hex(ord(c))) for c in missing)}): "
                         "use another symbol in the widget, or another source font")
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13]  # copyright, names, version, licence
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in wanted))
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = FAMILY
        elif record.nameID == 6:
            record.string = FAMILY.replace(" ", "-")
        elif record.nameID == 3:
            record.string = f"{FAMILY}; subset of DejaVu Sans"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    font.save(OUT)
    print(f"{OUT.relative_to(REPO)}: {len(wanted)} symbols, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
