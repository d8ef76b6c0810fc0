"""One way to put a value that came from outside (a file, the command line, the browser) into an
error message or CLI output: shortened, with control characters escaped, so a 10 MB action
cannot make a 20 MB message and a name holding ESC or a newline cannot forge or clear a terminal.

>>> echo("Ada\\x1b[2J")
"'Ada\\\\x1b[2J'"
>>> echo("x" * 200)[-15:]
"x… (200 chars)'"
>>> echo(10 ** 100)
'1000000000000000000000000000000000000000000000000000000000000000000… (101 digits)'
>>> echo(2 ** 5000), echo([1, 2, 3])
('a whole number of 5001 bits', 'a list of 3 items')
"""
from __future__ import annotations

import unicodedata

__all__ = ["echo", "clean", "has_control", "LIMIT"]

#: the longest echo, in characters, before the note on the full length
LIMIT = 80


def has_control(text: str) -> bool:
    """True when ``text`` holds a control or format character (ESC, newline, bidi overrides,
    zero-width characters...), which a name or an identifier must not carry."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text)


def clean(text: str, limit: int = LIMIT) -> str:
    """``text`` with control characters escaped (``\\x1b``, ``\\n``, ``\\u202e``) and cut to
    ``limit`` characters plus a note of the full length."""
    out = []
    for ch in text[: limit + 1]:
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs"):
            code = ord(ch)
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(
                ch, f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"))
        else:
            out.append(ch)
    short = "".join(out)
    if len(text) > limit or len(short) > limit:
        return f"{short[:limit]}… ({len(text)} chars)"
    return short


def echo(value: object, limit: int = LIMIT) -> str:
    """A value as it may appear in a message: strings quoted, everything shortened/escaped.

    Never calls ``repr`` or ``str`` on a big container or a huge integer in full."""
    if isinstance(value, str):
        return f"'{clean(value, limit)}'"
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() <= 1024:
            text = str(value)
            if len(text) <= limit:
                return text
            return f"{text[:limit - 13]}… ({len(text.lstrip('-'))} digits)"
        return f"a whole number of {value.bit_length()} bits"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, (bytes, bytearray)):
        return f"{len(value)} bytes"
    return f"a {type(value).__name__}"
