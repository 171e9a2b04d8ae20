"""QR codes drawn as inline SVG: a table link's on its session page, each table's on a tournament round's sheet."""

from __future__ import annotations

import hashlib

import segno
from django.core.cache import cache
from django.utils.safestring import SafeString, mark_safe

QR_TIMEOUT = 24 * 3600  # a link lives an evening or a tournament day


def qr_svg(text: str, title: str) -> SafeString:
    """``text`` as a QR code in inline SVG, dark on a white ground (readable on a dark page, and when printed).

    Drawn once for each link (its address names its token) and kept: the code of a text never changes, so the cache
    is never stale, in any process."""
    key = "qr:" + hashlib.blake2b(f"{text}\n{title}".encode(), digest_size=16).hexdigest()
    svg = cache.get(key)
    if svg is None:
        code = segno.make(text, error="m")
        svg = code.svg_inline(scale=4, dark="#000", light="#fff", omitsize=True, title=title, svgclass="qr")
        cache.set(key, svg, QR_TIMEOUT)
    return mark_safe(svg)  # segno's own markup; it escapes the title
