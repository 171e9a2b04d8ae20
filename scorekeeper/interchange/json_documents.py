"""Reading a JSON document handed in from outside (a command's file, an upload): what every import shares.

Parsing alone can exhaust the interpreter (10,000 nested lists) and text with a NUL cannot be stored (PostgreSQL
refuses it in text and in jsonb); both are refused here with a message rather than failing later.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..engine.messages import Message
from ..services.refusals import refusal

# The deepest document here, a club backup with its tournaments, nests about a dozen levels (club, tournament,
# rounds, a round, tables, a table, deals, a deal, a party's counts); anything much deeper is junk, and printing it
# in a message could exhaust the interpreter's recursion.
MAX_NESTING = 32


class Unreadable(ValueError):
    """A document that cannot be read; ``words`` says why (a refusal, rendered in the reader's language by a page),
    its text in the author's English."""

    def __init__(self, words: Message) -> None:
        super().__init__(str(words))
        self.words = words


def read_json(data: bytes | str, *, most_bytes: int | None = None) -> Any:
    """The JSON document in ``data``, or Unreadable."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if most_bytes is not None and size > most_bytes:
        raise Unreadable(refusal("unreadable_too_large", most=most_bytes // 1_000_000))
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise Unreadable(refusal("unreadable_not_utf8")) from None
    too_deep = Unreadable(refusal("unreadable_too_deep", most=MAX_NESTING))
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise Unreadable(refusal("unreadable_not_json", error=str(error))) from None
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
