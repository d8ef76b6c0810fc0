"""Log lines a visitor cannot write into: every record of the process is escaped and cut short.

The server's log is the terminal of the person who started it, where the ready block shows the
class code and the one-time teacher key. A page can put text into that log through anything a
server logs about a request (jupyter_server wrote a message type raw: "Received message of type
"<ESC>[2J<ESC>[3J...", which cleared the screen and its scrollback, and a fake ready block with
another address). :func:`install` makes every log record of the process escape its control
characters (``\\x1b``, ``\\n``, ``\\u202e``, see :func:`periodic_edu.echo.clean`) and cut its text
at :data:`MESSAGE_LIMIT` characters (a traceback at :data:`TRACEBACK_LIMIT`, its own line breaks
kept, every other control character escaped). It is a record factory rather than a filter on
each handler: it holds for every logger and for handlers added later (tornado's, the kernel
manager's). The workshop server installs it at its start and each visitor kernel in its guard.

>>> import logging
>>> install()
>>> logging.makeLogRecord({"msg": "type %s", "args": ("x\\n==\\x1b[2J",)}).getMessage()
'type x\\\\n==\\\\x1b[2J'
"""
from __future__ import annotations

import logging
import traceback

from ..echo import clean

__all__ = ["install", "MESSAGE_LIMIT", "TRACEBACK_LIMIT", "SafeRecord"]

#: Characters of one log message (a message longer than this is the page's text, not ours).
MESSAGE_LIMIT = 400
#: Characters of one traceback.
TRACEBACK_LIMIT = 8000


def _escape_keeping_lines(text: str, limit: int) -> str:
    lines = text[:limit].split("\n")
    kept = "\n".join(clean(line, limit) for line in lines)
    return kept + (f"\n… ({len(text)} chars)" if len(text) > limit else "")


class SafeRecord(logging.LogRecord):
    """A log record whose message is escaped and cut short (see the module docstring)."""

    def getMessage(self) -> str:  # noqa: N802 - logging's API
        return clean(super().getMessage(), MESSAGE_LIMIT)

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003 - logging's signature
        super().__init__(*args, **kwargs)
        if self.exc_info and self.exc_info[0] is not None:
            # logging.Formatter uses exc_text when it is set: the traceback, escaped
            text = "".join(traceback.format_exception(*self.exc_info)).rstrip("\n")
            self.exc_text = _escape_keeping_lines(text, TRACEBACK_LIMIT)


class _KnownNoise(logging.Filter):
    """Lines that would follow the ready block and say nothing to the person who started the
    server: tornado's note, at the first websocket, that jupyter_server's ping timeout (in ms)
    is longer than the interval (harmless, see app.py); jupyter_server's "Clearing
    invalid/expired login cookie" for every tab left open from before a restart (the server's
    "A page asked for kernel ..." line says it once)."""

    NOISE = ("websocket_ping_timeout", "Clearing invalid/expired login cookie")

    def filter(self, record: logging.LogRecord) -> bool:
        text = str(record.msg)
        return not any(noise in text for noise in self.NOISE)


_NOISE = _KnownNoise()


def install() -> None:
    """Make every log record of this process a :class:`SafeRecord` (idempotent)."""
    if logging.getLogRecordFactory() is not SafeRecord:
        logging.setLogRecordFactory(SafeRecord)
    for name in ("tornado.general", "WorkshopVoila", "Voila"):
        logger = logging.getLogger(name)
        if _NOISE not in logger.filters:
            logger.addFilter(_NOISE)

