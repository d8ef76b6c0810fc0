"""What the workshop server tells a teacher's kernel through its environment: the room key's
hash (a class is created from the page only with the key), the mark that keeps the teacher's
page's place, and the addresses students join at (``periodic_edu.workshop.app`` sets them under
the same names: the server never imports the widgets)."""
from __future__ import annotations

import hmac
import os
from pathlib import Path
from typing import Any

from ._base import describe, log

__all__ = ["ROOM_KEY_ENV", "TEACHER_MARK_ENV", "JOIN_URLS_ENV", "join_addresses",
           "room_key_ok", "mark_opened"]

#: Set by the workshop server for its kernels: the SHA-256 (hex) of the room key printed in its
#: ready block. When set, a class is created from the page only with that key.
ROOM_KEY_ENV = "PERIODIC_EDU_ROOM_KEY_HASH"
#: Set by the workshop server for a teacher's kernel: a file to make once the page has opened a
#: class, so the server keeps this page's place (an unused teacher's page gives it up).
TEACHER_MARK_ENV = "PERIODIC_EDU_TEACHER_MARK"
#: Set by the workshop server for its kernels: the addresses its ready block prints for the
#: students (one per line; this computer's own when it serves no other). Projector mode shows
#: them and the first one's QR code (the same name as periodic_edu.workshop.app.JOIN_URLS_ENV:
#: the server never imports the widgets).
JOIN_URLS_ENV = "PERIODIC_EDU_JOIN_URLS"


def join_addresses() -> dict[str, Any]:
    """What projector mode shows beside the class code: ``urls``, the addresses the workshop
    server's ready block prints for the students (:data:`JOIN_URLS_ENV`), and ``qr``, the
    first one's QR code as inline SVG (drawn here, offline). Outside the workshop server (a
    notebook, plain Voila) there is no address to show: ``{}``."""
    from ._qr import qr_svg
    urls = [u.strip() for u in os.environ.get(JOIN_URLS_ENV, "").splitlines()
            if u.strip().startswith(("http://", "https://"))][:8]
    if not urls:
        return {}
    return {"urls": urls, "qr": qr_svg(urls[0])}


def room_key_ok(given: Any) -> bool:
    """True when no room key is asked (no workshop server) or ``given`` is the room key."""
    from ..classroom import credentials
    wanted = os.environ.get(ROOM_KEY_ENV, "")
    if not wanted:
        return True
    if not (isinstance(given, str) and credentials.valid_token(given)):
        return False
    return hmac.compare_digest(credentials.token_hash(given), wanted)


def mark_opened() -> None:
    """Tell the workshop server this teacher's page has opened a class (see TEACHER_MARK_ENV)."""
    mark = os.environ.get(TEACHER_MARK_ENV)
    if mark:
        try:
            Path(mark).touch(mode=0o600)
        except OSError as exc:  # the page works on; only its place is not kept
            log.warning("ClassroomWidget: could not mark the page as opened: %s",
                        describe(str(exc)))
