"""The small pages the workshop server sends instead of the dashboard, and all their words.

Each page is complete, self-contained HTML (no script, no external file), readable at 360 px,
in the visitor's language (the address's ``?lang=``, else the browser's Accept-Language, else
English); its words are the ``workshop`` catalog's.
"""
from __future__ import annotations

from html import escape

from .. import i18n
from ..i18n import N_

__all__ = ["TEXT", "page", "visitor_language"]

#: Every word a visitor can read on these pages (English: the catalog's ids).
TEXT = {
    "room_full.title": N_("The room is full"),
    "room_full.body": N_("The room is full: this page tries again by itself in a few seconds."),
    "room_full.detail": N_("Every seat of this workshop is taken ({seats} of {seats}). When a "
                           "student closes the page, the seat is free again; this page tries "
                           "again by itself every few seconds."),
    "no_options.title": N_("This page takes no options"),
    "no_options.body": N_("The workshop dashboard has one look for everyone: the address may "
                          "not choose a template or a theme."),
    "no_options.link": N_("Open the dashboard"),
    "teacher_busy.title": N_("The teacher's page is open elsewhere"),
    "teacher_busy.body": N_("The teacher's page is already open as often as this server "
                            "allows at once ({pages}). When one of them is closed, this page "
                            "tries again by itself in a few seconds."),
    "unavailable.title": N_("The dashboard could not start"),
    "unavailable.body": N_("The server could not start the dashboard for you: this page tries "
                           "again by itself in a few seconds."),
}


def visitor_language(query: str | None, accept: str | None) -> str:
    """The kit's language a visitor asked for: ``?lang=`` when it is one of the kit's, else the
    first of the browser's Accept-Language that is, else English (never an error: a page must
    always be sent)."""
    if query in i18n.LANGUAGES:
        return query
    for part in (accept or "").split(",")[:16]:
        code = part.split(";")[0].strip().lower()[:2]
        if code in i18n.LANGUAGES:
            return code
    return i18n.DEFAULT_LANGUAGE

_STYLE = ("body{font:1.125rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff;"
          "max-width:36rem;margin:3rem auto;padding:0 1rem}h1{font-size:1.5rem}"
          "a{color:#0b5394}")


def page(kind: str, *, lang: str = "en", link: str | None = None,
         refresh_s: int | None = None, **values: object) -> str:
    """The HTML of page ``kind`` ("room_full", "no_options", "teacher_busy", "unavailable") in
    ``lang``."""
    def say(key: str) -> str:
        return i18n.gettext("workshop", TEXT[key], lang)
    title = escape(say(f"{kind}.title"))
    parts = [f"<h1>{title}</h1>", f"<p>{escape(say(f'{kind}.body').format(**values))}</p>"]
    if f"{kind}.detail" in TEXT:
        parts.append(f"<p>{escape(say(f'{kind}.detail').format(**values))}</p>")
    if link is not None and f"{kind}.link" in TEXT:
        parts.append(f'<p><a href="{escape(link)}">{escape(say(f"{kind}.link"))}</a></p>')
    refresh = (f'<meta http-equiv="refresh" content="{int(refresh_s)}">'
               if refresh_s else "")
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"{refresh}<title>{title}</title><style>{_STYLE}</style></head>"
            f"<body><main>{''.join(parts)}</main></body></html>\n")
