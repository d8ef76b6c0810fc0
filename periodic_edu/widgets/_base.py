"""What every periodic_edu widget shares: Python is the truth, the browser sends intents.

A browser may write only the traits a widget lists in ``_intents``; each one is checked by a
function ``value -> normalized value`` that raises :class:`ValueError` with a short message.

* Every comm message from the browser goes through one guard (:meth:`IntentWidget._handle_msg`):
  a malformed message, a refused write or even a bug in a handler ends in a refusal, never in a
  traceback on the page. The details of an unexpected failure are logged on the server only
  (logger ``periodic_edu.widgets``, written to the kernel process's own stderr, which is the
  server's console, never the notebook's output).
* From the browser (``set_state``): a refused value never reaches the trait. The old value is
  sent back so the browser shows the truth again, and ``error`` says what was wrong. A write
  to any other synced trait (the widget's data, ``error``, ``_esm``, and ipywidgets' own view
  traits ``layout``, ``tooltip``, ``tabbable``, ``_dom_classes``, ``_view_count``, which these
  widgets do not use) is refused the same way. An accepted value is stored normalized and the
  normalized value is what the browser is sent back (``"na"`` -> ``"Na"``, ``26`` -> ``"Fe"``
  on an :class:`~periodic_edu.widgets.ElementCard`).
* From Python: a trait ``@validate`` runs the same check; a refused value keeps the old one and
  sets ``error`` (a wrong *type*, e.g. ``steps = "x"``, raises ``TraitError`` first, as for
  any traitlet). Constructor arguments are checked strictly and raise ``ValueError``.

Every accepted change clears ``error``, so the widget keeps working after a bad message.

Every widget speaks one language: ``lang`` (``en``, ``uk``, ``de``; the constructor's default
is ``$PERIODIC_EDU_LANG``, else ``en``; an unknown code raises
:class:`~periodic_edu.i18n.UnknownLanguageError`). The read-only ``strings`` trait carries the
front end's words in that language (:func:`periodic_edu.locale.widget_texts.widget_strings`); there is no
catalog in JavaScript. Setting ``lang`` from Python re-sends ``strings`` and calls
:meth:`IntentWidget._translate` so a widget re-sends the names its data shows. The browser may
write neither trait (the guard below refuses it like any other read-only trait).
"""
from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any, Callable, ClassVar

import anywidget
import traitlets

from .. import i18n
from ..echo import echo
from ..locale.widget_texts import widget_strings

__all__ = ["IntentWidget", "Text", "describe", "local", "log"]

#: server-side log of refused browser messages (debug) and of unexpected failures (error)
log = logging.getLogger("periodic_edu.widgets")
if not log.handlers:
    # Not the root logger's last-resort handler: inside a kernel ``sys.stderr`` is the page's
    # output stream. ``sys.__stderr__`` is the kernel process's own stderr (the server log).
    _handler = logging.StreamHandler(sys.__stderr__)
    _handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    log.addHandler(_handler)
    log.setLevel(logging.WARNING)
    log.propagate = False

#: A refused message re-sends the widget's whole state (the page may have changed something
#: locally) at most this often per widget; in between, only ``error``: a page sending malformed
#: messages in a loop must not be answered with the whole state each time (a 235 KB answer per
#: 150 bytes asked). The workshop kernel's guard also bounds ``request_state`` and the rate of
#: the page's messages (periodic_edu.workshop.kernel_guard).
RESEND_EVERY_S = 1.0

# a technical detail inside "a message from the page was malformed (...)" (English: it is
# what a developer debugging a tampered page reads; the sentence around it is translated)
_MSG_BUFFERS = "binary data is not accepted"


def describe(value: Any) -> str:
    """A short, safe rendering of a (possibly huge) value for an error message: the package's
    one echo helper (:func:`periodic_edu.echo.echo`)."""
    return echo(value)


# The page's sentences are the table's (one class: periodic_edu.tabletop.table.Text, below
# widgets so that a table says its refusals without widget code).
from ..tabletop.table import Text  # noqa: E402


def local(message: Any, lang: str | None) -> str:
    """A message in ``lang``: a :class:`Text`, an engine ``Reason`` or an exception carrying
    one (``ValueError(Text(...))``, ``NotationError``) is rendered; anything else is its text."""
    if isinstance(message, BaseException):
        reason = getattr(message, "reason", None)
        if reason is None and message.args and isinstance(message.args[0], str):
            reason = message.args[0]
        if reason is None or not hasattr(reason, "render"):
            return str(message)
        message = reason
    render = getattr(message, "render", None)
    if isinstance(message, str) and callable(render):
        return render(lang)
    return str(message)


class _Malformed(Exception):
    """A comm message that does not have the shape ipywidgets' front end sends."""


class IntentWidget(anywidget.AnyWidget):
    """Base class: validated intents, an ``error`` trait, read-only data traits."""

    #: trait name -> check(value) -> normalized value (raises ValueError).
    _intents: ClassVar[dict[str, Callable[[Any], Any]]] = {}

    error = traitlets.Unicode("", help="Why the last refused change was refused; '' if none.",
                              ).tag(sync=True)

    lang = traitlets.Unicode(i18n.DEFAULT_LANGUAGE, help="The language shown: en, uk or de.",
                             ).tag(sync=True)
    strings = traitlets.Dict(help="The front end's words in `lang` (read-only): "
                             "{lang, decimal_mark, text: {key: text or {plural category: "
                             "text}}}.").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        for name, check in self._intents.items():
            if name in kwargs:
                kwargs[name] = check(kwargs[name])  # strict in Python: raises ValueError
        lang = i18n.resolve_language(kwargs.pop("lang", None))  # unknown: UnknownLanguageError
        kwargs["strings"] = widget_strings(lang)
        super().__init__(lang=lang, **kwargs)
        # The host element is a flex item of ipywidgets' boxes (a dashboard tab, explore()'s
        # HBox): with min-width auto the board's width stretches it past a phone's screen in
        # JupyterLab/JupyterLite, whose output area then scrolls the controls out of sight.
        # Set here, not in CSS: ipywidgets' layout clears the host's min/max-width otherwise.
        if self.layout.min_width is None:
            self.layout.min_width = "0"
        if self.layout.max_width is None:
            self.layout.max_width = "100%"

    # -- the language -------------------------------------------------------------------------
    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict) -> str:
        # an unknown language is the caller's mistake: say so (UnknownLanguageError), never
        # keep showing another language silently
        return i18n.resolve_language(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        with self.hold_sync():  # one message: the words and the data names change together
            self.strings = widget_strings(change["new"])
            self._translate(change["new"])

    def _translate(self, lang: str) -> None:
        """Re-send the data whose names depend on the language (subclasses)."""

    # -- Python-side writes ---------------------------------------------------------------
    def _refuse_or_accept(self, name: str, proposal: dict) -> Any:
        try:
            return self._intents[name](proposal["value"])
        except ValueError as exc:
            self.error = f"{name}: {local(exc, self.lang)}"
            return getattr(self, name)

    # -- the guard: every message from the browser ------------------------------------------
    def _handle_msg(self, msg: Any) -> None:  # noqa: D401 - ipywidgets API
        """Handle one comm message from the front end; nothing raised here ever reaches the
        page (ipywidgets' own ``_handle_msg`` would show the traceback in the notebook)."""
        try:
            self._dispatch_msg(msg)
        except _Malformed as exc:
            log.debug("%s: malformed message refused: %s", type(self).__name__, exc)
            self._refused_message(Text("bad_message", why=str(exc)).render(self.lang))
        except Exception:  # noqa: BLE001 - the guard: log on the server, refuse on the page
            log.exception("%s: a message from the page failed; refused", type(self).__name__)
            self._refused_message(Text("internal").render(self.lang))

    def _dispatch_msg(self, msg: Any) -> None:
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        if not isinstance(data, dict):
            raise _Malformed("no data")
        method = data.get("method")
        if method == "update":
            state = data.get("state")
            if not isinstance(state, dict):
                raise _Malformed("an update without a state")
            if data.get("buffer_paths") or (isinstance(msg, dict) and msg.get("buffers")):
                raise _Malformed(_MSG_BUFFERS)  # no widget here takes binary data
            self.set_state(state)
        elif method == "request_state":
            self.send_state()
        elif method == "custom":
            if not self._msg_callbacks.callbacks:
                self._refused_message(Text("no_messages").render(self.lang))
                return
            self._handle_custom_msg(data.get("content"), [])
        else:
            raise _Malformed(f"unknown method {echo(method)}")

    def _refused_message(self, text: str) -> None:
        """Say why on the page and send the whole truth again (the page may have changed
        something locally before its message was refused)."""
        try:
            with self.hold_sync():
                self.error = text
                if hasattr(self, "refusals"):
                    self.refusals = self.refusals + 1
            now = time.monotonic()
            if now - getattr(self, "_last_resend", -RESEND_EVERY_S) >= RESEND_EVERY_S:
                self._last_resend = now
                self.send_state()
        except Exception:  # noqa: BLE001 - never let the guard itself raise
            log.exception("%s: could not send the state again", type(self).__name__)

    # -- browser trait writes -----------------------------------------------------------------
    def set_state(self, sync_data: dict) -> None:  # noqa: D401 - ipywidgets API
        """Apply a state update from the browser, refusing what does not validate."""
        if not isinstance(sync_data, dict):
            return
        accepted: dict[str, Any] = {}
        problems: list[str] = []
        resend: list[str] = []
        synced = set(self.keys)
        for name, value in sync_data.items():
            if not isinstance(name, str):
                continue
            if name in self._intents:
                try:
                    accepted[name] = self._intents[name](value)  # stored normalized
                except ValueError as exc:
                    problems.append(f"{name}: {local(exc, self.lang)}")
                    resend.append(name)
                    continue
                if not _same(accepted[name], value):
                    resend.append(name)  # normalized (e.g. "na" -> "Na"): show the truth
            elif name in synced:
                problems.append(Text("read_only", name=echo(name)).render(self.lang))
                resend.append(name)
            # any other name is not a trait: ignored, as ipywidgets does
        if accepted:
            before = {name: getattr(self, name) for name in accepted}
            try:
                super().set_state(accepted)
            except traitlets.TraitError as exc:  # a check let through what the trait refuses
                log.warning("%s: accepted value refused by its trait: %s", type(self).__name__,
                            echo(str(exc)))
                for name, value in before.items():
                    self.set_trait(name, value)
                problems.append(Text("internal").render(self.lang))
                resend.extend(accepted)
        if problems:
            log.debug("%s: browser write refused: %s", type(self).__name__, "; ".join(problems))
            self.error = "; ".join(problems)
        elif accepted:
            self.error = ""
        if resend:
            self.send_state(sorted(set(resend)))


def _same(python_value: Any, sent: Any) -> bool:
    try:
        return json.loads(json.dumps(python_value)) == sent
    except (TypeError, ValueError, RecursionError):
        return False
