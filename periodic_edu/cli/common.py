"""What every sub-command shares: the user-error type, one-line error text, JSON output and
reading a save file."""
from __future__ import annotations

import json
import re
import sys
from typing import Any

from ..echo import clean, echo
from ..i18n import N_
from ..tabletop import safejson

#: the longest error line the CLI prints (each value in it is already cut to ~80 characters)
LINE_LIMIT = 400
_QUOTED = re.compile(r"'([^'\n]{81,})'")


class UserError(Exception):
    """A mistake in what the user asked for; printed as one line, exit status 2."""


def one_line(message: str) -> str:
    """An error message as ONE safe line: long quoted values (argparse quotes what it was
    given) shortened, control characters (newline, ESC...) escaped, the whole line bounded."""
    message = _QUOTED.sub(lambda m: echo(m.group(1)), message)
    return clean(message, LINE_LIMIT)


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def read_save(file: str, say) -> Any:
    """The JSON document of the save file the user named, or a one-line :class:`UserError`
    in the user's language (``say``: the command's ``Words``). A regular file of at most
    1 MB only: never /dev/zero, a FIFO or a terminal; nesting and number sizes bounded."""
    shown = clean(file)
    try:
        return safejson.loads(safejson.read_limited(file))
    except safejson.JsonLimitError as error:
        raise UserError(say(N_("{file}: save file: {why}")).format(file=shown, why=error)) from None
    except (OSError, ValueError) as error:
        # a ValueError here is a path the system cannot take (a NUL byte in it)
        why = error.strerror if isinstance(error, OSError) and error.strerror else say(N_("bad path"))
        raise UserError(say(N_("cannot read {file}: {why}")).format(file=shown, why=why)) from None
