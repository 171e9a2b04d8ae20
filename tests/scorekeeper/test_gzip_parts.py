"""A page put together from parts compressed once (``gzip_parts``): the same bytes as compressing it whole."""

from __future__ import annotations

import gzip
import zlib

from django.http import HttpResponse
from django.test import RequestFactory
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import gzip_parts
from scorekeeper.gzip_parts import Packed, crc32_combine

MARK = "<!--here-->"
texts = st.text(max_size=3000).filter(lambda text: MARK not in text)


@given(first=st.binary(max_size=5000), second=st.binary(max_size=5000))
def test_two_checksums_combined_are_the_checksum_of_both(first: bytes, second: bytes) -> None:
    assert crc32_combine(zlib.crc32(first), zlib.crc32(second), len(second)) == zlib.crc32(first + second)


@given(parts=st.lists(texts, max_size=5))
def test_parts_joined_are_one_part_of_their_text(parts: list[str]) -> None:
    joined = Packed.joined([Packed.of(text) for text in parts])
    assert (joined.raw, joined.crc, joined.size) == (
        "".join(parts).encode(), zlib.crc32("".join(parts).encode()), len("".join(parts).encode()),
    )  # fmt: skip


@given(before=texts, parts=st.lists(texts, max_size=4), after=texts, takes_gzip=st.booleans())
def test_a_page_with_its_parts_put_in_is_the_page(before: str, parts: list[str], after: str, takes_gzip: bool) -> None:
    whole = (before + "".join(parts) + after).encode()
    response = HttpResponse(before + MARK + after)
    request = RequestFactory().get("/", headers={"accept-encoding": "gzip"} if takes_gzip else {})
    gzip_parts.put_in(request, response, MARK.encode(), [Packed.of(text) for text in parts])
    packed = response.get("Content-Encoding") == "gzip"
    assert packed == (takes_gzip and len(whole) >= gzip_parts.SMALLEST)
    assert (gzip.decompress(response.content) if packed else response.content) == whole
    assert int(response["Content-Length"]) == len(response.content)
