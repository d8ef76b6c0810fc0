"""The rules as a page a student can open: ``docs/rules.md`` (Periodic) and
``docs/elemonster.md`` (Elemonster) rendered to one self-contained HTML page, in the page's
language where a translation of the rules exists, else in English with a sentence that says so.

The How to play panels open it (the widget sends the page; the browser shows it in a new tab
from a ``blob:`` address), so it works wherever a widget runs: the Voila dashboard, a workshop
server, JupyterLab and the static site, with no server route and nothing from the network. The
static site also writes the pages as files (``scripts/build_site.py``).

The Markdown is :mod:`.markdown`'s, the renderer the worksheets use too.

>>> page = rules_page("periodic", "en")
>>> page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page and "<h2" in page
True
>>> '<p class="note" lang="de">' in rules_page("elemonster", "de")  # no German rules yet
True
"""
from __future__ import annotations

import html
from pathlib import Path

from .. import i18n
from ..games import GAMES as _SPECS
from .markdown import markdown_to_html

__all__ = ["rules_page", "rules_markdown", "markdown_to_html", "GAMES"]

#: game -> its rule book's file name (its spec's ``rules_book``: in docs/, shipped in the wheel
#: as periodic_edu/_docs/)
GAMES = {name: spec.rules_book for name, spec in _SPECS.items() if spec.rules_book}


def _source(name: str, lang: str) -> Path | None:
    """The rule book ``name`` in ``lang`` (``docs/<lang>/<name>``; English: ``docs/<name>``),
    from the installed package or the source checkout; None if there is none."""
    package = Path(__file__).resolve().parent.parent
    rel = name if lang == "en" else f"{lang}/{name}"
    for base in (package / "_docs", package.parent / "docs"):
        if (base / rel).is_file():
            return base / rel
    return None


def rules_markdown(game: str, lang: str = "en") -> tuple[str, str]:
    """``(language of the text, its Markdown)`` of ``game``'s rules, in ``lang`` where a
    translation exists, else in English. Raises ValueError for an unknown game and
    FileNotFoundError when the rule book is not shipped."""
    if game not in GAMES:
        raise ValueError(f"no rules for {game!r}: one of {', '.join(GAMES)}")
    lang = i18n.resolve_language(lang)
    for candidate in dict.fromkeys((lang, "en")):
        path = _source(GAMES[game], candidate)
        if path is not None:
            return candidate, path.read_text(encoding="utf-8")
    raise FileNotFoundError(f"the rule book {GAMES[game]} is not installed")


# -- the page ----------------------------------------------------------------------------------
STYLE = """
body { font: 17px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif, "periodic_edu symbols";
       color: #1b1b1b; background: #fff; margin: 0 auto; padding: 0.75rem 1rem 3rem; max-width: 46rem;
       hyphens: auto; -webkit-hyphens: auto; overflow-wrap: break-word; }
h1 { font-size: 1.6rem; line-height: 1.25; } h2 { font-size: 1.3rem; margin-top: 2rem; }
h3 { font-size: 1.1rem; } code { font-size: 0.92em; background: #f1f5f9; padding: 0 0.2em;
       overflow-wrap: anywhere; }
pre { overflow-x: auto; background: #f1f5f9; padding: 0.5rem; } pre code { background: none; }
.table { overflow-x: auto; } table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid #94a3b8; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
a { color: #1d4ed8; } .note { background: #fff7ed; border: 1px solid #fdba74; border-radius: 6px;
       padding: 0.5rem 0.75rem; }
"""


def rules_page(game: str, lang: str = "en", head: str = "") -> str:
    """The whole HTML page of ``game``'s rules (``"periodic"`` or ``"elemonster"``) for a page
    in ``lang``: the translation where one exists, else the English text, ``lang="en"`` on it,
    and a sentence in ``lang`` that says so. ``head``: more CSS for the page (the widgets give
    their symbol font's ``@font-face``)."""
    from ..locale.widget_texts import RULES_PAGE

    lang = i18n.resolve_language(lang)
    text_lang, text = rules_markdown(game, lang)
    say = lambda key: html.escape(i18n.gettext("widgets", RULES_PAGE[key], lang))  # noqa: E731
    title = text.splitlines()[0].lstrip("# ").strip() if text.startswith("#") else game
    note = ""
    if text_lang != lang:
        note = (f'<p class="note" lang="{lang}">'
                f'{say("english_only")}</p>')
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{head}{STYLE}</style></head>\n"
            f"<body><header>{note}</header>\n<main lang=\"{text_lang}\">"
            f"{markdown_to_html(text)}</main></body></html>\n")
