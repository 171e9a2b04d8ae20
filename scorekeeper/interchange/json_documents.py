"""Reading a JSON document handed in from outside (a command's file, an upload): what every import shares.

Parsing alone can exhaust the interpreter (10,000 nested lists) and text with a NUL cannot be stored (PostgreSQL
refuses it in text and in jsonb); both are refused here with a message rather than failing later.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext_lazy as _

# The deepest document here, a club backup with its tournaments, nests about a dozen levels (club, tournament,
# rounds, a round, tables, a table, deals, a deal, a party's counts); anything much deeper is junk, and printing it
# in a message could exhaust the interpreter's recursion.
MAX_NESTING = 32


class Unreadable(ValueError):
    """A document that cannot be read; its text says why, in the reader's language."""


def read_json(data: bytes | str, *, most_bytes: int | None = None) -> Any:
    """The JSON document in ``data``, or Unreadable."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if most_bytes is not None and size > most_bytes:
        raise Unreadable(_("It is larger than %(most)s MB.") % {"most": most_bytes // 1_000_000})
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise Unreadable(_("It is not UTF-8 text.")) from None
    too_deep = Unreadable(_("It is nested more than %(most)s levels deep, deeper than any document of Schreiber.")
                          % {"most": MAX_NESTING})  # fmt: skip
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise Unreadable(_("It is not valid JSON (%(error)s).") % {"error": error}) from None
    except RecursionError:  # nested beyond what Python parses
        raise too_deep from None
    if nesting(document) > MAX_NESTING:
        raise too_deep
    return document


def nesting(value: Any) -> int:
    """How many levels of lists and objects ``value`` has, counted without recursion (and no further than one
    level past the most a document may have)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level <= MAX_NESTING:
            stack.extend((child, level + 1) for child in children)
    return deepest
