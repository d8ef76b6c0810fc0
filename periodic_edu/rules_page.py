"""The rules as a page a student can open: ``docs/rules.md`` (Periodic) and
``docs/elemonster.md`` (Elemonster) rendered to one self-contained HTML page, in the page's
language where a translation of the rules exists, else in English with a sentence that says so.

The How to play panels open it (the widget sends the page; the browser shows it in a new tab
from a ``blob:`` address), so it works wherever a widget runs: the Voila dashboard, a workshop
server, JupyterLab and the static site, with no server route and nothing from the network. The
static site also writes the pages as files (``scripts/build_site.py``).

The Markdown here is the small part the two rule books use (headings, paragraphs, nested lists,
tables, code, emphasis, links); a dependency would be needed in every visitor's kernel,
including the browser's own Python, for two documents the project writes itself.

>>> page = rules_page("periodic", "en")
>>> page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page and "<h2" in page
True
>>> '<p class="note" lang="de">' in rules_page("elemonster", "de")  # no German rules yet
True
"""
from __future__ import annotations

import html
import re
from pathlib import Path

from . import i18n

__all__ = ["rules_page", "rules_markdown", "GAMES"]

#: game -> the rule book's file name (in docs/, shipped in the wheel as periodic_edu/_docs/).
GAMES = {"periodic": "rules.md", "elemonster": "elemonster.md"}


def _source(name: str, lang: str) -> Path | None:
    """The rule book ``name`` in ``lang`` (``docs/<lang>/<name>``; English: ``docs/<name>``),
    from the installed package or the source checkout; None if there is none."""
    package = Path(__file__).resolve().parent
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


# -- Markdown, the part the rule books use ---------------------------------------------------
def _inline(text: str) -> str:
    # code spans first, kept aside (their text is literal), so emphasis may span them
    codes: list[str] = []

    def keep(m: re.Match) -> str:
        codes.append(f"<code>{html.escape(m.group(1), quote=False)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    t = html.escape(re.sub(r"`([^`]+)`", keep, text), quote=False)

    def link(m: re.Match) -> str:
        label, target = m.group(1), m.group(2)
        if re.match(r"https?://", target):
            return f'<a href="{html.escape(target)}" rel="noopener">{label}</a>'
        return label  # another file of the project: the page has no address for it

    t = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", link, t)
    t = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", t)
    t = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", t)
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], t)


_ITEM = re.compile(r"^(\s*)([-*]|\d+[.)])\s+(.*)$")


def markdown_to_html(text: str) -> str:
    """HTML of the Markdown subset above (block by block; nested lists by indentation)."""
    out: list[str] = []
    para: list[str] = []
    lists: list[tuple[int, str]] = []  # (indent, "ul"/"ol") of the open lists
    item_open: list[bool] = []
    lines = text.splitlines()
    i = 0

    def close_para() -> None:
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()

    def close_lists(to: int = 0) -> None:
        while len(lists) > to:
            if item_open.pop():
                out.append("</li>")
            out.append(f"</{lists.pop()[1]}>")

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```"):
            close_para()
            close_lists()
            code = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i])
                i += 1
            out.append(f"<pre><code>{html.escape(chr(10).join(code), quote=False)}</code></pre>")
            i += 1
            continue
        if not stripped:
            close_para()
            i += 1
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        if heading and not line.startswith(" "):
            close_para()
            close_lists()
            level = len(heading.group(1))
            title = heading.group(2)
            anchor = re.sub(r"[^\w]+", "-", title.lower()).strip("-")
            out.append(f'<h{level} id="{html.escape(anchor)}">{_inline(title)}</h{level}>')
            i += 1
            continue
        if re.fullmatch(r"-{3,}|\*{3,}", stripped):
            close_para()
            close_lists()
            out.append("<hr>")
            i += 1
            continue
        if stripped.startswith("|"):
            close_para()
            close_lists()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i].strip())
                i += 1
            cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows
                     if not re.fullmatch(r"\|?[\s:|-]+\|?", r)]
            head, *body = cells or [[]]
            out.append("<div class=\"table\"><table><thead><tr>"
                       + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr></thead><tbody>"
                       + "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>"
                                 for r in body) + "</tbody></table></div>")
            continue
        item = _ITEM.match(line)
        if item:
            close_para()
            indent = len(item.group(1))
            kind = "ul" if item.group(2) in "-*" else "ol"
            while lists and indent < lists[-1][0]:
                close_lists(len(lists) - 1)
            if not lists or indent > lists[-1][0]:
                lists.append((indent, kind))
                item_open.append(False)
                out.append(f"<{kind}>")
            elif item_open[-1]:
                out.append("</li>")
            item_open[-1] = True
            out.append(f"<li>{_inline(item.group(3))}")
            i += 1
            continue
        if lists and line.startswith(" "):  # a list item's next line
            out.append(" " + _inline(stripped))
            i += 1
            continue
        close_lists()
        para.append(stripped)
        i += 1
    close_para()
    close_lists()
    return "\n".join(out)


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
    from .locale.widget_texts import RULES_PAGE

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
