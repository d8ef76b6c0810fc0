"""A QR code as inline SVG, drawn in Python (offline: no service, no script in the page).

segno (pure Python, no dependencies of its own) is installed with the ``app`` extra, which the
workshop server and the teacher's page run with, and with ``qr``; without it :func:`qr_svg` is
``""`` and the page shows the text alone.
"""
from __future__ import annotations

import io

__all__ = ["qr_svg"]


def qr_svg(text: str) -> str:
    """``text``'s QR code as an SVG element (scales to its box: a viewBox, no size), or ''
    without segno. Error correction M: read from a screen or a projector across a room."""
    try:
        import segno
    except ImportError:
        return ""
    out = io.BytesIO()
    # with its namespace: the page parses it as SVG (an element of no namespace draws nothing)
    segno.make(text, error="m").save(out, kind="svg", xmldecl=False, svgns=True, nl=False,
                                     omitsize=True, border=4, dark="#000", light="#fff")
    return out.getvalue().decode("utf-8")
