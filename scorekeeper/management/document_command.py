"""What the commands that read a schreiber/1 document share: reading it, and failing the way the spec says."""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand


@contextmanager
def without_cycle_collector() -> Iterator[None]:
    """Scoring a document makes millions of objects and no reference cycles: the cycle collector would only
    rescan them again and again (a fifth of the time of 100,000 deals). Reference counting still frees them."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# A session document nests five levels (document, deals, a deal, extras, a party's counts); anything much deeper is
# not a session, and printing it in a message could exhaust the interpreter's recursion.
MAX_NESTING = 20


def nesting(value: Any) -> int:
    """How many levels of lists and objects ``value`` has, counted without recursion."""
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


class DocumentCommand(BaseCommand):
    max_bytes: int | None = None  # a command that stores what it reads sets a size limit

    def read_document(self, file: str) -> Any:
        """The JSON document at ``file`` (``-`` for standard input); exits 2 when it cannot be read."""
        try:
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except OSError as error:
            self.fail([f"{file}: {error.strerror}"])
        except UnicodeDecodeError:
            self.fail([f"{file}: not UTF-8 text"])
        if self.max_bytes is not None and len(text.encode("utf-8")) > self.max_bytes:
            self.fail([f"{file}: larger than {self.max_bytes // 1_000_000} MB"])
        too_deep = [f"{file}: nested more than {MAX_NESTING} levels deep; a session document needs a few"]
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            self.fail([f"{file}: not valid JSON ({error})"])
        except RecursionError:  # nested beyond what Python parses
            self.fail(too_deep)
        if nesting(document) > MAX_NESTING:
            self.fail(too_deep)
        return document

    def fail(self, lines: Iterable[object]) -> NoReturn:
        """One line per problem on stderr, nothing on stdout, exit status 2."""
        for line in lines:
            self.stderr.write(str(line))
        sys.exit(2)
