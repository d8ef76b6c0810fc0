"""The small pages the workshop server sends instead of the dashboard, and all their words.

Each page is complete, self-contained HTML (no script, no external file), readable at 360 px,
with the language set; the texts live in :data:`TEXT` so a translation catalog can take them.
"""
from __future__ import annotations

from html import escape

__all__ = ["TEXT", "page"]

#: Every word a visitor can read on these pages.
TEXT = {
    "room_full.title": "The room is full",
    "room_full.body": "The room is full: this page tries again by itself in a few seconds.",
    "room_full.detail": "Every seat of this workshop is taken ({seats} of {seats}). When a "
                        "student closes the page, the seat is free again; this page tries "
                        "again by itself every few seconds.",
    "no_options.title": "This page takes no options",
    "no_options.body": "The workshop dashboard has one look for everyone: the address may not "
                       "choose a template or a theme.",
    "no_options.link": "Open the dashboard",
    "unavailable.title": "The dashboard could not start",
    "unavailable.body": "The server could not start the dashboard for you: this page tries "
                        "again by itself in a few seconds.",
}

_STYLE = ("body{font:1.125rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff;"
          "max-width:36rem;margin:3rem auto;padding:0 1rem}h1{font-size:1.5rem}"
          "a{color:#0b5394}")


def page(kind: str, *, link: str | None = None, refresh_s: int | None = None,
         **values: object) -> str:
    """The HTML of page ``kind`` ("room_full", "no_options", "unavailable")."""
    title = escape(TEXT[f"{kind}.title"])
    parts = [f"<h1>{title}</h1>", f"<p>{escape(TEXT[f'{kind}.body'])}</p>"]
    if f"{kind}.detail" in TEXT:
        parts.append(f"<p>{escape(TEXT[f'{kind}.detail'].format(**values))}</p>")
    if link is not None and f"{kind}.link" in TEXT:
        parts.append(f'<p><a href="{escape(link)}">{escape(TEXT[f"{kind}.link"])}</a></p>')
    refresh = (f'<meta http-equiv="refresh" content="{int(refresh_s)}">'
               if refresh_s else "")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"{refresh}<title>{title}</title><style>{_STYLE}</style></head>"
            f"<body><main>{''.join(parts)}</main></body></html>\n")
