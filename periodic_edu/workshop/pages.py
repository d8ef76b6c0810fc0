"""The small pages the workshop server sends instead of the dashboard, and all their words.

Each page is complete, self-contained HTML (no script, no external file), readable at 360 px,
in the visitor's language (the address's ``?lang=``, else the browser's Accept-Language, else
English); its words are the ``workshop`` catalog's.
"""
from __future__ import annotations

from html import escape

from .. import i18n
from ..i18n import N_

__all__ = ["TEXT", "page", "key_form", "visitor_language"]

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
    "teacher_key.title": N_("The teacher's page"),
    "teacher_key.body": N_("Type the teacher key of your class, or the room key from the "
                           "server's ready block. The key is checked here, before the "
                           "teacher's page starts; the class code is asked for on that page."),
    "teacher_key.label": N_("Teacher key or room key"),
    "teacher_key.button": N_("Open the teacher's page"),
    "teacher_key.wrong": N_("That key is not the teacher key of a class in this room, nor "
                            "the room key. Check it and type it again."),
    "teacher_key.too_many": N_("Too many wrong keys from this address: wait {seconds} seconds, "
                               "then type the key again."),
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
          "a{color:#0b5394}label{display:block;font-weight:600;margin:1rem 0 .25rem}"
          "input{font:inherit;width:100%;box-sizing:border-box;min-height:44px;padding:.25rem .5rem;"
          "border:2px solid #555;border-radius:4px}"
          "button{font:inherit;min-height:44px;margin-top:1rem;padding:.25rem 1rem;"
          "color:#fff;background:#0b5394;border:0;border-radius:4px;cursor:pointer}"
          "input:focus,button:focus{outline:3px solid #b45309;outline-offset:2px}"
          ".error{color:#b91c1c;font-weight:600}")


def _document(lang: str, title: str, body: str, refresh: str = "") -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"{refresh}<title>{title}</title><style>{_STYLE}</style></head>"
            f"<body><main>{body}</main></body></html>\n")


def key_form(*, lang: str = "en", xsrf_field: str, action: str, error: str | None = None,
             **values: object) -> str:
    """The teacher's key form (``/teacher`` before its cookie): a label, a password field and
    a button, and ``error`` ("wrong", "too_many") said in words next to the field, as an alert.
    ``xsrf_field``: the form's hidden ``_xsrf`` input (tornado's ``xsrf_form_html``)."""
    def say(key: str) -> str:
        return escape(i18n.gettext("workshop", TEXT[f"teacher_key.{key}"], lang).format(**values))
    described = "key-help"
    alert = ""
    if error is not None:
        described = "key-error key-help"
        alert = f'<p id="key-error" class="error" role="alert">{say(error)}</p>'
    invalid = ' aria-invalid="true"' if error is not None else ""
    body = (f"<h1>{say('title')}</h1><p id=\"key-help\">{say('body')}</p>"
            f'<form method="post" action="{escape(action)}">{xsrf_field}'
            f'<label for="key">{say("label")}</label>{alert}'
            f'<input id="key" name="key" type="password" autocomplete="current-password" '
            f'required maxlength="200" aria-describedby="{described}"{invalid}>'
            f'<button type="submit">{say("button")}</button></form>')
    return _document(lang, say("title"), body)


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
    return _document(lang, title, "".join(parts), refresh)
