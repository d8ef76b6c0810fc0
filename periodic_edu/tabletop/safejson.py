"""JSON from outside (save files, deck files, browser payloads) read with bounds, so that a
hostile document ends in a clear refusal and never in a ``RecursionError``, a ``MemoryError`` or
a 4,300-digit integer conversion error.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
periodic_edu.tabletop.safejson.JsonLimitError: nested deeper than 32 levels
"""
from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["loads", "read_limited", "JsonLimitError", "MAX_DEPTH", "MAX_DIGITS", "MAX_BYTES"]

#: deepest nesting of arrays/objects a document may have (a save or a deck needs 4)
MAX_DEPTH = 32
#: longest integer literal, in digits (a 256-bit seed has 78)
MAX_DIGITS = 80
#: largest document, in bytes (a deck file is ~10 kB, a long game's save ~20 kB)
MAX_BYTES = 1_000_000

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class JsonLimitError(ValueError):
    """A document beyond the bounds above, or not JSON; the message says which, in one line."""


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JsonLimitError(f"an integer of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _constant(name: str) -> Any:
    raise JsonLimitError(f"{name} is not a JSON number")


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse nesting deeper than ``max_depth`` without recursing (strings are skipped)."""
    depth = 0
    for match in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > max_depth:
                raise JsonLimitError(f"nested deeper than {max_depth} levels")
        else:
            depth -= 1


def loads(text: str | bytes, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` with bounded size, depth and integers; NaN/Infinity refused.

    Raises :class:`JsonLimitError` (a ``ValueError``) for every kind of bad input."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise JsonLimitError(f"larger than {max_bytes:,} bytes")
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise JsonLimitError(f"not UTF-8 text (byte {error.start})") from None
    if not isinstance(text, str):
        raise JsonLimitError(f"expected text, not {type(text).__name__}")
    if len(text) > max_bytes:
        raise JsonLimitError(f"larger than {max_bytes:,} characters")
    check_depth(text, max_depth)
    try:
        return json.loads(text, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise JsonLimitError(f"malformed JSON at line {error.lineno} column {error.colno}: "
                             f"{error.msg}") from None
    except RecursionError:  # pragma: no cover - check_depth comes first
        raise JsonLimitError(f"nested deeper than {max_depth} levels") from None


def read_limited(path: Any, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ``OSError``/``JsonLimitError``
    otherwise. The file is checked (``fstat``) after opening and read with a bound, so a FIFO, a
    device (``/dev/zero``, ``/dev/stdin``) or a file that grows is never read without end."""
    import os
    import stat
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise JsonLimitError("not a regular file")
        if info.st_size > max_bytes:
            raise JsonLimitError(f"larger than {max_bytes:,} bytes")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(max_bytes + 1)
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise JsonLimitError(f"larger than {max_bytes:,} bytes")
    return data
