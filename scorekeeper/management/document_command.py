"""What the commands that read a JSON document share: reading it, and failing the way the spec says."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand
from django.utils import translation

from scorekeeper.interchange.json_documents import Unreadable, read_json


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


class DocumentCommand(BaseCommand):
    max_bytes: int | None = None  # a command that stores what it reads sets a size limit

    def read_document(self, file: str) -> Any:
        """The JSON document at ``file`` (``-`` for standard input); exits 2 when it cannot be read."""
        try:
            data = getattr(sys.stdin, "buffer", sys.stdin).read() if file == "-" else Path(file).read_bytes()
        except OSError as error:
            self.fail([f"{file}: {error.strerror}"])
        with translation.override("en"):  # the commands speak English, as the engine's problems do
            try:
                return read_json(data, most_bytes=self.max_bytes)
            except Unreadable as error:
                self.fail([f"{file}: {error}"])

    def fail(self, lines: Iterable[object]) -> NoReturn:
        """One line per problem on stderr, nothing on stdout, exit status 2."""
        for line in lines:
            self.stderr.write(str(line))
        sys.exit(2)
