"""What every periodic_edu widget shares: Python is the truth, the browser sends intents.

A browser may write only the traits a widget lists in ``_intents``; each one is checked by a
function ``value -> normalized value`` that raises :class:`ValueError` with a short message.

* From the browser (``set_state``): a refused value never reaches the trait. The old value is
  sent back so the browser shows the truth again, and ``error`` says what was wrong. A write
  to any other synced trait (the widget's data, ``error``, ``_esm``, ...) is refused the same
  way, except ipywidgets' own view traits (``layout``, ``tooltip``, ...).
* From Python: a trait ``@validate`` runs the same check; a refused value keeps the old one and
  sets ``error`` (a wrong *type*, e.g. ``steps = "x"``, raises ``TraitError`` first, as for
  any traitlet). Constructor arguments are checked strictly and raise ``ValueError``.

Every accepted change clears ``error``, so the widget keeps working after a bad message.

Every widget speaks one language: ``lang`` (``en``, ``uk``, ``de``; the constructor's default
is ``$PERIODIC_EDU_LANG``, else ``en``; an unknown code raises
:class:`~periodic_edu.i18n.UnknownLanguageError`). The read-only ``strings`` trait carries the
front end's words in that language (:func:`periodic_edu.i18n.widget_strings`); there is no
catalog in JavaScript. Setting ``lang`` from Python re-sends ``strings`` and calls
:meth:`IntentWidget._translate` so a widget re-sends the names its data shows. The browser may
write neither trait (the guard below refuses it like any other read-only trait).
"""
from __future__ import annotations

import json
from typing import Any, Callable, ClassVar

import anywidget
import traitlets

from .. import i18n

__all__ = ["IntentWidget", "describe"]

#: Longest value quoted back in an error message.
_QUOTE = 40


def describe(value: Any) -> str:
    """A short, safe rendering of a (possibly huge) value for an error message."""
    if isinstance(value, str):
        return repr(value) if len(value) <= _QUOTE else f"a text of {len(value)} characters"
    if isinstance(value, (list, dict, tuple)):
        return f"a {type(value).__name__} of {len(value)} items"
    text = repr(value)
    return text if len(text) <= _QUOTE else f"a {type(value).__name__} value"


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
        kwargs["strings"] = i18n.widget_strings(lang)
        super().__init__(lang=lang, **kwargs)

    # -- the language -------------------------------------------------------------------------
    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict) -> str:
        # an unknown language is the caller's mistake: say so (UnknownLanguageError), never
        # keep showing another language silently
        return i18n.resolve_language(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        with self.hold_sync():  # one message: the words and the data names change together
            self.strings = i18n.widget_strings(change["new"])
            self._translate(change["new"])

    def _translate(self, lang: str) -> None:
        """Re-send the data whose names depend on the language (subclasses)."""

    # -- Python-side writes ---------------------------------------------------------------
    def _refuse_or_accept(self, name: str, proposal: dict) -> Any:
        try:
            return self._intents[name](proposal["value"])
        except ValueError as exc:
            self.error = f"{name}: {exc}"
            return getattr(self, name)

    # -- browser messages -------------------------------------------------------------------
    #: ipywidgets' own view traits a front end may legitimately write; everything else that
    #: is synced (our data, ``error``, ``_esm``, ``_css``, model names) is read-only.
    _FRONT_END_MAY_SET = frozenset({"layout", "tooltip", "tabbable", "_dom_classes",
                                    "_view_count"})

    def set_state(self, sync_data: dict) -> None:  # noqa: D401 - ipywidgets API
        """Apply a state update from the browser, refusing what does not validate."""
        if not isinstance(sync_data, dict):
            return
        accepted: dict[str, Any] = {}
        problems: list[str] = []
        resend: list[str] = []
        synced = set(self.keys)
        for name, value in sync_data.items():
            if name in self._intents:
                try:
                    self._intents[name](value)
                except ValueError as exc:
                    problems.append(f"{name}: {exc}")
                    resend.append(name)
                    continue
                accepted[name] = value
            elif name in self._FRONT_END_MAY_SET:
                accepted[name] = value  # ipywidgets handles these as usual
            elif name in synced:
                problems.append(f"{describe(name)} is read-only")
                resend.append(name)
            # any other name is not a trait: ignored, as ipywidgets does
        if accepted:
            super().set_state(accepted)
            for name in accepted:
                if name in self._intents and not _same(getattr(self, name),
                                                       accepted[name]):
                    resend.append(name)  # normalized (e.g. "na" -> "Na"): show the truth
        if problems:
            self.error = "; ".join(problems)
        elif any(name in self._intents for name in accepted):
            self.error = ""
        if resend:
            self.send_state(resend)


def _same(python_value: Any, sent: Any) -> bool:
    try:
        return json.loads(json.dumps(python_value)) == sent
    except (TypeError, ValueError):
        return False
