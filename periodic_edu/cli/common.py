"""What every sub-command shares: the user-error type and JSON output."""
from __future__ import annotations

import json
import sys
from typing import Any


class UserError(Exception):
    """A mistake in what the user asked for; printed as one line, exit status 2."""


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
