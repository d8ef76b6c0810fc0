"""``--lang en|uk|de`` on every sub-command, and the command line's words in that language.

The option is added to every sub-parser in one place (:func:`add_lang_option`), so a new
sub-command gets it too. It changes the human output only; JSON output keeps its ids and
English texts, except the ``name`` of ``element --json`` (the element's name in that language).
"""
from __future__ import annotations

import argparse

from ..i18n import LANGUAGES, ENV_VAR, Translator, resolve_language

__all__ = ["add_lang_option", "chosen_language", "Words"]


def add_lang_option(sub: argparse._SubParsersAction) -> None:
    """Add ``--lang`` to every sub-command, and to the leaves of nested ones
    (``periodic-edu elemonster simulate --lang uk``)."""
    seen: set[int] = set()
    for parser in sub.choices.values():
        if id(parser) in seen or any("--lang" in a.option_strings for a in parser._actions):
            continue
        seen.add(id(parser))
        nested = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        for inner in nested:
            add_lang_option(inner)
        if not nested:
            parser.add_argument("--lang", default=None, metavar="|".join(LANGUAGES),
                                help=f"language of the output (default: ${ENV_VAR} or en)")


def chosen_language(args: argparse.Namespace) -> str:
    """The language of this run; an unknown one raises UnknownLanguageError (exit 2)."""
    return resolve_language(getattr(args, "lang", None))


class Words:
    """The ``cli`` catalog in one language: ``_ = Words(args.lang); _("text")``,
    ``_.ngettext("{n} cell", "{n} cells", n)``; ``_.t`` is the whole :class:`Translator`."""

    def __init__(self, lang: str | None) -> None:
        self.t = Translator(lang)

    def __call__(self, message: str) -> str:
        return self.t("cli", message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.t.n("cli", singular, plural, count)
