"""The names students pick: what the room accepts, and when two names are "the same".

A name is a pseudonym a classmate reads on the table and the teacher on the overview, so two
names that *look* alike are the same name here, and a name that looks like the room's own
words is not a name:

* at most :data:`NAME_LIMIT` characters, no control or format character (ESC, newline, bidi
  overrides, zero-width characters) and no lone surrogate; spaces collapse to one;
* at most :data:`MARKS_IN_A_ROW` combining marks on one letter (a Ukrainian й or a German ü
  has one; a "Zalgo" name stacks dozens over the neighbouring rows);
* compared by :func:`name_key`: Unicode NFKC (fullwidth ``Ａ`` is ``A``, the ligature ``ﬁ`` is
  ``fi``), case folded, then Cyrillic and Greek letters that look like Latin ones are read as
  those Latin letters (a Cyrillic ``А`` beside a Latin ``A``): ``Аda`` is ``Ada``;
* "Bot", "Bot 3", "Бот 2" and their look-alikes are the bots' names (a bot seat is shown that
  way), never a person's.

>>> name_key("Аda") == name_key("ADA") == name_key("Ａｄａ")
True
>>> clean_name("  Ada   Lovelace ")
'Ada Lovelace'
>>> clean_name("Bot 3")
Traceback (most recent call last):
...
periodic_edu.classroom.errors.BadInput: "Bot" followed by a number is how the table shows a bot; choose another name
"""
from __future__ import annotations

import re
import unicodedata

from .errors import BadInput

__all__ = ["NAME_LIMIT", "MARKS_IN_A_ROW", "clean_name", "name_key"]

NAME_LIMIT = 24
MARKS_IN_A_ROW = 2

#: Cyrillic and Greek letters (after case folding) that are drawn like a Latin letter in the
#: fonts a classroom uses; the Latin letter they are read as
_LOOK_ALIKE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
    "ӏ": "l", "һ": "h", "ү": "y", "ԛ": "q", "ԝ": "w", "ь": "b", "г": "r", "п": "n",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j",
})
_BOT = re.compile(r"^(bot|бot|6ot)[\s\d]*$")


def _bad(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")


def name_key(name: str) -> str:
    """The form two names are compared in (see the module docstring)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join(folded.translate(_LOOK_ALIKE).split())


def clean_name(name: object) -> str:
    """The name as stored (spaces collapsed, NFC), or :class:`BadInput` saying what a name
    may be."""
    if not isinstance(name, str) or any(_bad(ch) for ch in name) or not name.strip() \
            or len(name.strip()) > NAME_LIMIT:
        raise BadInput("bad_name", limit=NAME_LIMIT)
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    run = 0
    for ch in name:
        run = run + 1 if unicodedata.combining(ch) or unicodedata.category(ch) == "Me" else 0
        if run > MARKS_IN_A_ROW:
            raise BadInput("name_marks", marks=MARKS_IN_A_ROW)
    if _BOT.match(name_key(name)):
        raise BadInput("name_bot")
    return name
