"""QR codes drawn as inline SVG: a table link's on its session page, each table's on a tournament round's sheet."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe

from schreiber import kept

QR_TIMEOUT = 24 * 3600  # a link lives an evening or a tournament day


def qr_svg(text: str, title: str) -> SafeString:
    """``text`` as a QR code in inline SVG, dark on a white ground (readable on a dark page, and when printed).

    Drawn once for each link (its address names its token) and kept: the code of a text never changes, so the cache
    is never stale, in any process."""

    def draw() -> str:
        code = segno.make(text, error="m")
        return code.svg_inline(scale=4, dark="#000", light="#fff", omitsize=True, title=title, svgclass="qr")

    return mark_safe(kept.kept("qr", (text, title), draw, QR_TIMEOUT))  # segno's own markup; it escapes the title
