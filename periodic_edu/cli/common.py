"""What every sub-command shares: the user-error type, one-line error text and JSON output."""
from __future__ import annotations

import json
import re
import sys
from typing import Any

from ..echo import clean, echo

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
