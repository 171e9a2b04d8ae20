"""A page put together from parts kept as bytes and compressed once: a long sheet's full blocks of lines stay the same
from one answer to the next, so neither are they drawn into the page's template nor compressed with the page again
(GZipMiddleware would compress the whole page, and a page after each save is most of an evening's sheet).

Deflate allows it: a part compressed on its own and ended with a full flush stops byte-aligned and refers to nothing
before it, so the parts' streams joined make one stream. The gzip trailer's checksum is of the whole page: each
part keeps its own, and ``crc32_combine`` (zlib's, which Python's module does not offer) appends it to the page's
without reading the part's bytes again.
"""

from __future__ import annotations

import functools
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
    """A part of a page, compressed on its own: kept so, as a page takes it (a tenth of its bytes to keep and copy),
    with the CRC-32 and the length of its bytes."""

    deflated: bytes
    crc: int
    size: int

    @classmethod
    def of(cls, text: str) -> Packed:
        raw = text.encode()
        return cls(_deflate(raw), zlib.crc32(raw), len(raw))

    @classmethod
    def joined(cls, parts: Sequence[Packed]) -> Packed:
        """``parts`` one after the other, as one part: neither compressed nor read again."""
        crc = 0
        for part in parts:
            crc = crc32_combine(crc, part.crc, part.size)
        return cls(b"".join(part.deflated for part in parts), crc, sum(part.size for part in parts))

    @property
    def raw(self) -> bytes:
        """Its bytes, for an answer not compressed."""
        return zlib.decompressobj(-zlib.MAX_WBITS).decompress(self.deflated)


def _deflate(data: bytes | memoryview) -> bytes:
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush(zlib.Z_FULL_FLUSH)


def gzipped(before: bytes | memoryview, parts: Sequence[Packed], after: bytes | memoryview) -> bytes:
    """The gzip file of ``before``, the parts and ``after``, one after the other; only the ends compressed now."""
    crc = zlib.crc32(before)
    for part in parts:
        crc = crc32_combine(crc, part.crc, part.size)
    crc = zlib.crc32(after, crc)
    size = len(before) + sum(part.size for part in parts) + len(after)
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
    size = len(content) - len(mark) + sum(part.size for part in parts)
    if takes_gzip and size >= SMALLEST and not response.has_header("Content-Encoding"):
        response.content = gzipped(before, parts, after)
        response.headers["Content-Encoding"] = "gzip"
        etag = response.get("ETag")
        if etag and etag.startswith('"'):  # as GZipMiddleware: a strong ETag names the bytes, a weak one the content
            response.headers["ETag"] = "W/" + etag
    else:
        response.content = b"".join([before, *(part.raw for part in parts), after])
    response.headers["Content-Length"] = str(len(response.content))


# CRC-32 arithmetic as zlib's crc32.c does it (polynomials over GF(2), reflected): appending n bytes to a message
# multiplies its CRC by x^(8n) modulo the CRC's polynomial.
POLYNOMIAL = 0xEDB88320


def crc32_combine(crc1: int, crc2: int, length2: int) -> int:
    """The CRC-32 of two byte strings one after the other, from the CRC-32 of each and the second's length."""
    return _multiply(_x_to_the_8n(length2), crc1) ^ crc2


def _multiply(a: int, b: int) -> int:
    """a times b modulo the polynomial (a not 0)."""
    bit, product = 1 << 31, 0
    while True:
        if a & bit:
            product ^= b
            if not a & (bit - 1):
                return product
        bit >>= 1
        b = (b >> 1) ^ POLYNOMIAL if b & 1 else b >> 1


def _powers() -> list[int]:
    """x^(2^k) modulo the polynomial, for k = 0 … 31."""
    powers = [1 << 30]  # x^1
    for _ in range(31):
        powers.append(_multiply(powers[-1], powers[-1]))
    return powers


POWERS = _powers()


@functools.lru_cache(maxsize=256)  # a kept part's length comes again with every page that carries it
def _x_to_the_8n(n: int) -> int:
    """x^(8n) modulo the polynomial."""
    power, k = 1 << 31, 3  # x^0; 8n = n·2^3
    while n:
        if n & 1:
            power = _multiply(POWERS[k & 31], power)
        n >>= 1
        k += 1
    return power
