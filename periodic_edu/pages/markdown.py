r"""The small part of Markdown the kit's printable pages use: headings, paragraphs, nested and
numbered lists, tables, code spans and blocks, emphasis, links (the rule books of
:mod:`.rules_page`, the lessons' prose on :mod:`.worksheets`). Written here once: a dependency
would be needed in every visitor's kernel, the browser's own Python included, for documents the
project writes itself. Everything is escaped first, so no text can inject markup.

>>> markdown_to_html("# Title\n\nSome *text* and `code`.\n\n- one\n- two")
'<h1 id="title">Title</h1>\n<p>Some <em>text</em> and <code>code</code>.</p>\n<ul>\n<li>one\n</li>\n<li>two\n</li>\n</ul>'
"""
from __future__ import annotations

import html
import re

__all__ = ["markdown_to_html", "inline"]


def inline(text: str) -> str:
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
            out.append(f"<p>{inline(' '.join(para))}</p>")
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
            out.append(f'<h{level} id="{html.escape(anchor)}">{inline(title)}</h{level}>')
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
                       + "".join(f"<th>{inline(c)}</th>" for c in head) + "</tr></thead><tbody>"
                       + "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>"
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
            out.append(f"<li>{inline(item.group(3))}")
            i += 1
            continue
        if lists and line.startswith(" "):  # a list item's next line
            out.append(" " + inline(stripped))
            i += 1
            continue
        close_lists()
        para.append(stripped)
        i += 1
    close_para()
    close_lists()
    return "\n".join(out)
