"""Languages: English (``en``), Ukrainian (``uk``) and German (``de``).

Every user-facing word goes through one gettext catalog per language and *domain* under
``periodic_edu/locale/``: the templates ``locale/<domain>.pot`` hold the English source
messages (the message ids), ``locale/<lang>/LC_MESSAGES/<domain>.po`` their translations. The
``.po`` files are the source of truth that translators edit with ordinary tools (Babel, Poedit,
Weblate; see ``locale/README.md``); this module reads them directly with the standard library,
so the runtime needs neither Babel nor a compiled ``.mo`` file.

>>> gettext("elements", "Iron", "uk"), gettext("elements", "Iron", "de")
('Ферум', 'Eisen')
>>> [ngettext("cli", "{n} step", "{n} steps", n, "uk").format(n=n) for n in (1, 2, 5, 11, 21)]
['1 крок', '2 кроки', '5 кроків', '11 кроків', '21 крок']
>>> format_number(13.598, "de"), format_number(13.598, "en", digits=1)
('13,598', '13.6')

Rules:

* The language is ``en``, ``uk`` or ``de``; ``None`` means ``$PERIODIC_EDU_LANG``, or ``en``
  when it is unset. Anything else raises :class:`UnknownLanguageError` - never a silent
  fallback to English.
* A message with no translation (missing, empty or marked fuzzy) falls back to the English
  text; ``tests/i18n`` fails on every such gap (:func:`untranslated`).
* Plural forms follow each catalog's ``Plural-Forms`` header (the CLDR rules: Ukrainian
  1 крок, 2 кроки, 5 кроків, 11 кроків, 21 крок).
* Ids - trend ids, family ids, symbols, action notation, JSON keys - are never translated.

For a front end, :func:`bundle` gives every message of some domains in one language as a
JSON-ready dict (with the plural forms keyed by CLDR category, so a browser can choose with
``Intl.PluralRules``): it is sent once, there is no second catalog in JavaScript.
"""
from __future__ import annotations

import gettext as _gettext
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Iterable, Mapping

__all__ = [
    "LANGUAGES", "LANGUAGE_NAMES", "DEFAULT_LANGUAGE", "ENV_VAR", "DOMAINS",
    "UnknownLanguageError", "CatalogError", "resolve_language", "gettext", "ngettext",
    "pgettext", "translate", "plural_index", "format_number", "decimal_mark", "messages", "bundle",
    "untranslated", "Translator", "translator", "N_", "NP_", "in_sentence",
    "LOCALE_DIR", "keyed_strings", "Message", "preload",
]

LANGUAGES: tuple[str, ...] = ("en", "uk", "de")
#: Each language in its own words (for a language switch).
LANGUAGE_NAMES: Mapping[str, str] = MappingProxyType(
    {"en": "English", "uk": "Українська", "de": "Deutsch"})
DEFAULT_LANGUAGE = "en"
ENV_VAR = "PERIODIC_EDU_LANG"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The message domains, one ``.pot`` template each (see ``locale/README.md``).
DOMAINS: tuple[str, ...] = ("elements", "board", "card", "decks", "bots", "cli", "widgets",
                           "notes", "engine", "elemonster", "classroom", "workshop", "homework")

_DECIMAL_MARK = {"en": ".", "uk": ",", "de": ","}
#: gettext plural form index -> CLDR plural category, per language (for Intl.PluralRules).
_PLURAL_CATEGORIES = {"en": ("one", "other"), "de": ("one", "other"),
                      "uk": ("one", "few", "many")}
_ENGLISH_PLURAL = "nplurals=2; plural=(n != 1);"


class UnknownLanguageError(ValueError):
    """A language other than en, uk, de was asked for."""


class CatalogError(ValueError):
    """A catalog file that cannot be read: names the file, the line and the fault."""


def N_(message: str) -> str:
    """Mark a string for extraction into the catalog; translated later, where it is shown."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction; see :func:`ngettext`."""
    return singular, plural


def resolve_language(lang: str | None = None) -> str:
    """``lang``, or ``$PERIODIC_EDU_LANG``, or ``en``; an unknown code raises
    :class:`UnknownLanguageError` naming it and the choices."""
    source = "language"
    if lang is None:
        lang = os.environ.get(ENV_VAR) or DEFAULT_LANGUAGE
        source = ENV_VAR
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown {source} {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


# ---- reading .po / .pot files ------------------------------------------------------------------
@dataclass(frozen=True)
class _Entry:
    context: str | None
    msgid: str
    plural: str | None          # msgid_plural
    strings: tuple[str, ...]    # msgstr, or msgstr[0..n-1]
    fuzzy: bool


@dataclass(frozen=True)
class _Catalog:
    headers: Mapping[str, str]
    entries: Mapping[tuple[str | None, str], _Entry]
    plural: Callable[[int], int]
    nplurals: int


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"\s*$')
_KEYWORD = re.compile(r"msgctxt|msgid|msgid_plural|msgstr(\[\d+\])?")


def _unquote(text: str, where: str) -> str:
    m = _STRING.fullmatch(text.strip())
    if not m:
        raise CatalogError(f"{where}: expected a quoted string, found {text.strip()[:40]!r}")
    body = m.group(1)
    if "\\" not in body:  # most strings: nothing to decode (every kernel parses these)
        return body
    out = []
    chars = iter(body)
    for ch in chars:
        if ch == "\\":
            nxt = next(chars, "")
            if nxt not in _ESCAPES:
                raise CatalogError(f"{where}: unknown escape \\{nxt}")
            out.append(_ESCAPES[nxt])
        else:
            out.append(ch)
    return "".join(out)


def _parse_po(path: Path) -> _Catalog:
    """A small reader for the gettext PO format (what Babel and msgfmt write): comments,
    ``#, fuzzy``, ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr[n]``, continued strings.
    Obsolete entries (``#~``) are skipped."""
    entries: dict[tuple[str | None, str], _Entry] = {}
    fields: dict[str, str] = {}
    flags: set[str] = set()
    last: str | None = None
    line_of_entry = 0

    def finish() -> None:
        nonlocal fields, flags, last
        if "msgid" in fields:
            plural = fields.get("msgid_plural")
            if plural is None:
                strings: tuple[str, ...] = (fields.get("msgstr", ""),)
            else:
                idx = sorted(int(k[7:-1]) for k in fields if k.startswith("msgstr["))
                if idx != list(range(len(idx))):
                    raise CatalogError(f"{path.name}:{line_of_entry}: msgstr[n] not numbered "
                                       "0, 1, ...")
                strings = tuple(fields[f"msgstr[{i}]"] for i in idx)
            key = (fields.get("msgctxt"), fields["msgid"])
            if key in entries:
                raise CatalogError(f"{path.name}:{line_of_entry}: duplicate message "
                                   f"{fields['msgid']!r}")
            entries[key] = _Entry(key[0], key[1], plural, strings, "fuzzy" in flags)
        elif fields:
            raise CatalogError(f"{path.name}:{line_of_entry}: an entry without msgid")
        fields, flags, last = {}, set(), None

    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise CatalogError(f"{path.name}: not UTF-8 ({error.reason})") from None
    name = path.name
    for number, line in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        stripped = line.strip()
        if not stripped or stripped.startswith("#~"):  # blank, or an obsolete entry
            continue
        if stripped.startswith("#"):
            if "msgid" in fields:  # a comment after a complete entry starts the next one
                finish()
            if stripped.startswith("#,"):
                flags.update(f.strip() for f in stripped[2:].split(","))
            continue
        if stripped.startswith('"'):
            if last is None:
                raise CatalogError(f"{where}: a string continues nothing")
            fields[last] += _unquote(stripped, where)
            continue
        keyword, _, rest = stripped.partition(" ")
        if not _KEYWORD.fullmatch(keyword):
            raise CatalogError(f"{where}: unknown keyword {keyword[:20]!r}")
        if keyword in ("msgctxt", "msgid") and "msgid" in fields:
            finish()
        if not fields:
            line_of_entry = number
        if keyword in fields:
            raise CatalogError(f"{where}: {keyword} twice in one entry")
        fields[keyword] = _unquote(rest, where)
        last = keyword
    finish()

    header_entry = entries.pop((None, ""), None)
    headers: dict[str, str] = {}
    if header_entry is not None:
        for raw in header_entry.strings[0].splitlines():
            name, sep, value = raw.partition(":")
            if sep:
                headers[name.strip()] = value.strip()
    rule = headers.get("Plural-Forms") or _ENGLISH_PLURAL
    m = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", rule)
    if not m:
        raise CatalogError(f"{path.name}: malformed Plural-Forms header {rule!r}")
    try:
        # the standard library's own parser of the C expression (what GNUTranslations uses):
        # it accepts only numbers, n and operators, so nothing in a catalog is ever executed
        plural = _gettext.c2py(m.group(2))
    except (ValueError, SyntaxError, RecursionError) as error:
        raise CatalogError(f"{path.name}: Plural-Forms: {error}") from None
    return _Catalog(MappingProxyType(headers), MappingProxyType(entries), plural,
                    int(m.group(1)))


def _template_path(domain: str) -> Path:
    if domain not in DOMAINS:
        raise KeyError(f"unknown message domain {domain!r}: one of {', '.join(DOMAINS)}")
    return LOCALE_DIR / f"{domain}.pot"


@lru_cache(maxsize=None)
def _template(domain: str) -> _Catalog:
    return _parse_po(_template_path(domain))


@lru_cache(maxsize=None)
def _catalog(domain: str, lang: str) -> _Catalog:
    if lang == "en":
        return _template(domain)
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    _template_path(domain)
    if not path.exists():  # a new domain not yet translated: English, and the tests say so
        return _Catalog(MappingProxyType({}), MappingProxyType({}),
                        _gettext.c2py("n != 1"), 2)
    return _parse_po(path)


def preload() -> None:
    """Every catalog parsed now (each is otherwise parsed when first used): the static site's
    build calls it before it freezes Python into a memory snapshot (site_src/page_kernel.py),
    so a page starts with them all read."""
    for domain in DOMAINS:
        for lang in LANGUAGES:
            _catalog(domain, lang)


def _lookup(domain: str, lang: str, context: str | None, msgid: str) -> _Entry | None:
    if lang == "en":
        return None
    entry = _catalog(domain, lang).entries.get((context, msgid))
    if entry is None or entry.fuzzy or not all(entry.strings):
        return None
    return entry


# ---- translating -------------------------------------------------------------------------------
def gettext(domain: str, message: str, lang: str | None = None) -> str:
    """``message`` (the English source text) in ``lang``; English when not translated."""
    return pgettext(domain, None, message, lang)


def pgettext(domain: str, context: str | None, message: str, lang: str | None = None) -> str:
    """Like :func:`gettext` for a message with a ``msgctxt`` (same English, other meaning)."""
    lang = resolve_language(lang)
    entry = _lookup(domain, lang, context, message)
    return message if entry is None else entry.strings[0]


def plural_index(n: int, lang: str | None = None) -> int:
    """Which plural form a count takes in ``lang`` (gettext numbering: uk 0 one, 1 few, 2 many)."""
    lang = resolve_language(lang)
    if lang == "en":
        return 0 if n == 1 else 1
    return _catalog("cli", lang).plural(abs(int(n)))


def ngettext(domain: str, singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The form of a message for the count ``n``: real plural forms of ``lang``.

    The result still holds its ``{placeholders}``: format it after choosing."""
    lang = resolve_language(lang)
    entry = _lookup(domain, lang, None, singular)
    if entry is None or entry.plural is None:
        return singular if n == 1 else plural
    index = _catalog(domain, lang).plural(abs(int(n)))
    return entry.strings[min(index, len(entry.strings) - 1)]


def translate(domain: str, message: str | tuple[str, str], lang: str | None = None,
              n: int | None = None) -> str:
    """A message of a catalog table in ``lang``: an ``N_`` text, or for an ``NP_`` pair
    (singular, plural) its form for the count ``n``. Unformatted, like :func:`gettext`."""
    if isinstance(message, tuple):
        return ngettext(domain, message[0], message[1], n, lang)
    return gettext(domain, message, lang)


def decimal_mark(lang: str | None = None) -> str:
    return _DECIMAL_MARK[resolve_language(lang)]


def format_number(value: float | int, lang: str | None = None, digits: int | None = None) -> str:
    """A number with the language's decimal mark (uk, de: comma): ``13,6``. ``digits`` rounds
    to that many decimals; without it the shortest text that round-trips is used. No grouping
    of thousands (the kit's numbers are small and grouping marks would differ per language)."""
    mark = decimal_mark(lang)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"format_number needs a number, not {type(value).__name__}")
    text = f"{value:.{digits}f}" if digits is not None else (
        str(value) if isinstance(value, int) else repr(float(value)))
    if text.endswith(".0") and digits is None:
        text = text[:-2]
    return text.replace(".", mark)


def in_sentence(name: str, lang: str | None = None) -> str:
    """A name inside running text: lower case in English and Ukrainian (``натрій (Na)``, as
    the Ukrainian rulebook writes), unchanged in German, where every noun is capitalized."""
    return name if resolve_language(lang) == "de" else name[:1].lower() + name[1:]


class Message(str):
    """An English sentence (a ``str``: what ``str()``, ``==`` and English callers see) that
    keeps its message ``key`` and ``params``, so a front end can say it in another language
    with :meth:`render`. A subclass names its sentences: ``_say(key, params, lang, **context)``
    (the engine's refusals, the widgets' page messages)."""

    #: the catalog the sentences come from
    domain: str = ""
    key: str
    params: dict

    def __new__(cls, key: str, **params):
        self = super().__new__(cls, cls._say(key, params, "en"))
        self.key = key
        self.params = params
        return self

    @classmethod
    def _say(cls, key: str, params: Mapping, lang: str | None, **context) -> str:
        raise NotImplementedError

    def render(self, lang: str | None = None, **context) -> str:
        """The sentence in ``lang``."""
        return self._say(self.key, self.params, lang, **context)

    @property
    def msgid(self) -> str:
        """The message's id: its key, or the English singular of a plural pair."""
        return self.key if isinstance(self.key, str) else self.key[0]

    def to_dict(self) -> dict:
        """JSON-ready: ``{"domain", "id", "params"}`` (a part that is a message, nested) - what a
        store keeps instead of free text, to say it later in any language."""
        return {"domain": self.domain, "id": self.msgid, "params": {
            k: v.to_dict() if isinstance(v, Message) else list(v) if isinstance(v, tuple) else v
            for k, v in self.params.items()}}

    def __reduce__(self):  # copy and pickle keep the key and parameters
        return (_rebuild_message, (type(self), self.key, dict(self.params)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {str(self)!r})"


def _rebuild_message(cls: type, key: str, params: dict) -> Message:
    return cls(key, **params)


class Translator:
    """The functions above bound to one language: ``t = translator("uk"); t("cli", "...")``."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = resolve_language(lang)

    def __call__(self, domain: str, message: str) -> str:
        return gettext(domain, message, self.lang)

    def p(self, domain: str, context: str, message: str) -> str:
        return pgettext(domain, context, message, self.lang)

    def n(self, domain: str, singular: str, plural: str, count: int) -> str:
        return ngettext(domain, singular, plural, count, self.lang)

    def number(self, value: float | int, digits: int | None = None) -> str:
        return format_number(value, self.lang, digits)

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"


def translator(lang: str | None = None) -> Translator:
    return Translator(lang)


# ---- whole catalogs: for a front end, and for the completeness tests -----------------------
def _key(context: str | None, msgid: str) -> str:
    # the GNU convention for a message with a context: "context\x04msgid"
    return msgid if context is None else f"{context}\x04{msgid}"


def messages(domain: str, lang: str | None = None) -> dict[str, str | dict[str, str]]:
    """Every message of ``domain`` in ``lang``: English text -> translated text (English where
    not translated). A plural message maps to ``{cldr category: text}`` (uk: one, few, many)."""
    lang = resolve_language(lang)
    cats = _PLURAL_CATEGORIES[lang]
    out: dict[str, str | dict[str, str]] = {}
    for (context, msgid), source in _template(domain).entries.items():
        entry = _lookup(domain, lang, context, msgid)
        if source.plural is None:
            out[_key(context, msgid)] = msgid if entry is None else entry.strings[0]
        elif entry is None:
            out[_key(context, msgid)] = {c: (msgid if c == "one" else source.plural)
                                         for c in _PLURAL_CATEGORIES["en"]}
        else:
            forms = dict(zip(cats, entry.strings))
            forms.setdefault("other", entry.strings[-1])  # CLDR "other": fractions in uk
            out[_key(context, msgid)] = forms
    return out


def bundle(domains: Iterable[str], lang: str | None = None) -> dict:
    """What a widget sends its front end once: ``{"lang", "decimal_mark", "messages":
    {domain: messages(domain, lang)}}`` - JSON-ready."""
    lang = resolve_language(lang)
    return {"lang": lang, "decimal_mark": decimal_mark(lang),
            "messages": {d: messages(d, lang) for d in domains}}


def untranslated(domain: str, lang: str) -> list[str]:
    """Source messages of ``domain`` with no usable translation in ``lang`` (missing, empty,
    fuzzy, or a plural with too few forms)."""
    lang = resolve_language(lang)
    if lang == "en":
        return []
    cat = _catalog(domain, lang)
    gaps = []
    for (context, msgid), source in _template(domain).entries.items():
        entry = _lookup(domain, lang, context, msgid)
        if entry is None or (source.plural is not None and (
                entry.plural is None or len(entry.strings) != cat.nplurals)):
            gaps.append(_key(context, msgid))
    return gaps


# ---- keyed tables: a front end asks for a text by its id -----------------------------------
def keyed_strings(table: Mapping[str, str | tuple[str, str]], domain: str,
                  lang: str | None = None) -> dict:
    """A table ``{key: English text or (singular, plural)}`` (marked with ``N_``/``NP_``) in
    ``lang``, JSON-ready: ``{"lang", "decimal_mark", "text": {key: text or {cldr category:
    text}}}``. Every plural is a dict of CLDR categories (en/de: one, other; uk: one, few,
    many, other), so a browser chooses with ``new Intl.PluralRules(lang).select(n)``."""
    lang = resolve_language(lang)
    catalog = messages(domain, lang)
    text: dict[str, str | dict[str, str]] = {}
    for key, source in table.items():
        if isinstance(source, tuple):
            found = catalog.get(source[0])
            if not isinstance(found, dict):
                found = {"one": source[0], "other": source[1]}
            text[key] = dict(found)
        else:
            found = catalog.get(source)
            text[key] = found if isinstance(found, str) else source
    return {"lang": lang, "decimal_mark": decimal_mark(lang), "text": text}
