"""The phone's language and the tab a reopened page lands on (issue 28, parts 2 and 7).

A page opened without ``?lang=`` follows the browser: :class:`PagePrefs` (invisible, built with
the dashboard) sends the language this device chose before (kept in ``localStorage`` when the
visitor switches) and ``navigator.languages`` (what the browser's ``Accept-Language`` says);
Python takes the first one it has (``uk-UA`` -> ``uk``) and switches the dashboard. ``?lang=``
always wins. It also says whether this browser holds a class seat (the seat token's key of
class_play.js, never the token), so a reopened tab lands on that game's tab.

On a Voila page it also names the page in its language (WCAG 2.4.2 and 3.1.1): Voila's template
owns ``<title>`` and ``<html lang>`` and fills them with the notebook's name and nothing, so
the page's script sets both from ``page_title``/``page_lang`` (never in JupyterLab, whose
document is not ours).

Everything sent is checked: a malformed message changes nothing; only the three languages and
the two games are ever acted on; every message passes the widgets' guard (IntentWidget).
"""
from __future__ import annotations

import os
from typing import Any, Callable
from urllib.parse import parse_qs

import traitlets

from .. import i18n
from ._assets import esm
from ._base import IntentWidget
from .game_views import VIEWS

__all__ = ["PagePrefs", "pick_language", "LanguageChoice", "language_from_query",
           "page_language"]

#: at most this many of the browser's languages are read (a page may send anything)
MAX_LANGUAGES = 12


def pick_language(stored: Any, languages: Any) -> str | None:
    """The language to show: the one this device chose before, else the browser's first one
    the kit has (``"de-AT"`` -> ``"de"``); None when none fits.

    >>> pick_language("", ["fr-FR", "uk-UA", "en"])
    'uk'
    >>> pick_language("de", ["en-GB"])
    'de'
    >>> pick_language(None, "not a list") is None
    True
    """
    wanted = [stored] if isinstance(stored, str) else []
    if isinstance(languages, list):
        wanted += [x for x in languages[:MAX_LANGUAGES] if isinstance(x, str)]
    for tag in wanted:
        base = tag.strip().lower().replace("_", "-").split("-")[0][:8]
        if base in i18n.LANGUAGES:
            return base
    return None


class PagePrefs(IntentWidget):
    """Calls ``on_language(lang)`` once with the device's language (when the page gave no
    ``?lang=``) and ``on_class_seat(game)`` once when this browser holds a class seat."""

    _esm = esm("page_language.js")
    chosen = traitlets.Unicode("", help="The language the visitor chose on this page: the "
                               "page keeps it on the device.").tag(sync=True)
    page_lang = traitlets.Unicode("en", help="The page's language, for <html lang> on a Voila "
                                  "page.").tag(sync=True)
    page_title = traitlets.Unicode("", help="The page's title in that language, for <title> "
                                   "on a Voila page.").tag(sync=True)

    def __init__(self, on_language: Callable[[str], None],
                 on_class_seat: Callable[[str], None], title: str = "", lang: str = "en",
                 **kwargs: Any) -> None:
        """``title``: the page's title, a message of the widgets catalog (translated here)."""
        super().__init__(**kwargs)
        self.layout.display = "none"
        self._title = title
        self.name_page(lang)
        self._on_language = on_language
        self._on_class_seat = on_class_seat
        self._done = False
        self.on_msg(self._message)

    def name_page(self, lang: str) -> None:
        """Title the page and set its language (the page applies both only in Voila)."""
        self.page_lang = lang
        self.page_title = i18n.gettext("widgets", self._title, lang) if self._title else ""

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self._done or not isinstance(content, dict) or content.get("type") != "hello":
            return  # one answer per page
        self._done = True
        lang = pick_language(content.get("stored"), content.get("languages"))
        if lang is not None:
            self._on_language(lang)
        seats = content.get("class_seats")
        if isinstance(seats, list):
            game = next((g for g in VIEWS if g in seats), None)  # a game with a view
            if game is not None:
                self._on_class_seat(game)


class LanguageChoice:
    """Who chose a page's language, so the right one wins: ``?lang=`` (:meth:`from_query`) and
    the visitor's own switch win over the device's language (:meth:`from_device`, what
    :class:`PagePrefs` reports), which never overrides them. ``apply(lang)`` switches the page;
    the page's observer of its language calls :meth:`changed`, which keeps a choice that was
    not the device's own on the device (``prefs.chosen``)."""

    def __init__(self, apply: Callable[[str], None]) -> None:
        self._apply = apply
        self.prefs: PagePrefs | None = None
        self.query = self.device = self.visitor = False

    def from_device(self, wanted: str) -> None:
        if self.query or self.visitor:
            return  # ?lang=, or a language the visitor already chose on this page, wins
        self.device = True
        try:
            self._apply(wanted)
        finally:
            self.device = False

    def from_query(self, wanted: str) -> None:
        self.query = True
        self._apply(wanted)

    def changed(self, new: str) -> None:
        if self.prefs is not None:
            self.prefs.name_page(new)
        if not self.device:
            self.visitor = True
            if self.prefs is not None:
                self.prefs.chosen = new  # a choice (the switch, ?lang=): kept on this device


# ---- ?lang= of a Voila page -------------------------------------------------------------
def language_from_query(query: str | None) -> str | None:
    """The ``lang`` of a page's query string (``"lang=uk&x=1"`` -> ``"uk"``); None when the
    query has none. An unknown language raises :class:`~periodic_edu.i18n.UnknownLanguageError`
    (the page says so instead of silently showing English)."""
    values = parse_qs(query or "").get("lang")
    if not values:
        return None
    return i18n.resolve_language(values[-1].strip())


def page_language() -> str | None:
    """The language the page asked for with ``?lang=`` when Voila serves the dashboard.

    Voila passes the query to the kernel as ``$QUERY_STRING``; with preheated kernels (the
    workshop server) the kernel ran before anyone asked, and :func:`_voila_request_query`
    waits for the visitor's request and returns its query. Outside Voila: None."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        query = _voila_request_query()
    else:  # Voila's own kernel per page has it already; a notebook or a script has none
        query = os.environ.get("QUERY_STRING")
    return language_from_query(query)


def _voila_request_query() -> str | None:
    """What ``voila.utils.get_query_string`` does, without importing ``voila.utils`` (which
    loads jupyter_server, nbconvert and requests: 48 MB in every visitor kernel, for one
    websocket message). A preheated kernel asks ``<server>/voila/query/<kernel id>`` and
    waits for the request info Voila sends there once a visitor takes the kernel; its fields
    become the environment (``QUERY_STRING``, ...). None when it cannot connect (said in the
    server's log, never on the page)."""
    import asyncio
    import json
    import logging
    import threading

    env = os.environ.get
    base = env("VOILA_WS_BASE_URL", env("VOILA_SERVER_URL", "/"))
    url = (f"{env('VOILA_WS_PROTOCOL', 'ws')}://{env('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env('VOILA_APP_PORT', '8866')}{base}voila/query/{env('VOILA_KERNEL_ID', '')}")
    found: dict[str, str] = {}

    async def ask() -> None:
        import websockets  # Voila's own dependency, the client it uses for the same request

        async with websockets.connect(url, open_timeout=5) as socket:
            found.update(json.loads(await socket.recv()))

    def run() -> None:
        try:
            asyncio.new_event_loop().run_until_complete(ask())
        except Exception as exc:  # noqa: BLE001 - no query: the page's default language
            logging.getLogger("periodic_edu.widgets").warning("no request info: %s", exc)

    thread = threading.Thread(target=run, name="voila-request-info")
    thread.start()
    thread.join()
    for key, value in found.items():
        if isinstance(key, str) and isinstance(value, str):
            os.environ[key] = value
    return os.environ.get("QUERY_STRING")
