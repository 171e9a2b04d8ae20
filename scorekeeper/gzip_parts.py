"""A page put together from parts kept as bytes and compressed once: a long sheet's full blocks of lines stay the same
from one answer to the next, so neither are they drawn into the page's template nor compressed with the page again
(GZipMiddleware would compress the whole page, and a page after each save is most of an evening's sheet).

Deflate allows it: a part compressed on its own and ended with a full flush stops byte-aligned and refers to nothing
before it, so the parts' streams joined make one stream; the gzip trailer's checksum is of the whole page.
"""

from __future__ import annotations

import secrets
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.utils.cache import patch_vary_headers

LEVEL = 6  # as GZipMiddleware
END = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS).flush(zlib.Z_FINISH)  # the stream's last, empty block
SMALLEST = 200  # as GZipMiddleware: shorter answers are not worth compressing


@dataclass(frozen=True)
class Packed:
    """A part of a page: its bytes, and the same compressed on their own."""

    raw: bytes
    deflated: bytes

    @classmethod
    def of(cls, text: str) -> Packed:
        raw = text.encode()
        return cls(raw, _deflate(raw))


def _deflate(data: bytes | memoryview) -> bytes:
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush(zlib.Z_FULL_FLUSH)


def gzipped(before: bytes | memoryview, parts: Sequence[Packed], after: bytes | memoryview) -> bytes:
    """The gzip file of ``before``, the parts and ``after``, one after the other; only the ends compressed now."""
    crc = zlib.crc32(before)
    for part in parts:
        crc = zlib.crc32(part.raw, crc)
    crc = zlib.crc32(after, crc)
    size = len(before) + sum(len(part.raw) for part in parts) + len(after)
    # A random file name pads the answer as GZipMiddleware does (BREACH guesses secrets from compressed lengths).
    name = b"a" * secrets.randbelow(GZipMiddleware.max_random_bytes) + b"\x00"
    header = b"\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\xff" + name
    body = [_deflate(before), *(part.deflated for part in parts), _deflate(after), END]
    return b"".join([header, *body, struct.pack("<II", crc & 0xFFFFFFFF, size & 0xFFFFFFFF)])


def put_in(request: HttpRequest, response: HttpResponse, mark: bytes, parts: Sequence[Packed]) -> None:
    """The ``parts`` put into ``response`` where ``mark`` stands: gzipped for a browser that takes it (the parts as
    compressed before), as they are for another."""
    content = response.content
    at = content.find(mark)
    if at < 0:
        return
    view = memoryview(content)
    before, after = view[:at], view[at + len(mark) :]
    patch_vary_headers(response, ("Accept-Encoding",))
    takes_gzip = re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))
    size = len(content) - len(mark) + sum(len(part.raw) for part in parts)
    if takes_gzip and size >= SMALLEST and not response.has_header("Content-Encoding"):
        response.content = gzipped(before, parts, after)
        response.headers["Content-Encoding"] = "gzip"
        etag = response.get("ETag")
        if etag and etag.startswith('"'):  # as GZipMiddleware: a strong ETag names the bytes, a weak one the content
            response.headers["ETag"] = "W/" + etag
    else:
        response.content = b"".join([before, *(part.raw for part in parts), after])
    response.headers["Content-Length"] = str(len(response.content))
