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


class DocumentCommand(BaseCommand):
    def read_document(self, file: str) -> Any:
        """The JSON document at ``file`` (``-`` for standard input); exits 2 when it cannot be read."""
        try:
            return json.load(sys.stdin) if file == "-" else json.loads(Path(file).read_text(encoding="utf-8"))
        except OSError as error:
            self.fail([f"{file}: {error.strerror}"])
        except json.JSONDecodeError as error:
            self.fail([f"{file}: not valid JSON ({error})"])

    def fail(self, lines: Iterable[object]) -> NoReturn:
        """One line per problem on stderr, nothing on stdout, exit status 2."""
        for line in lines:
            self.stderr.write(str(line))
        sys.exit(2)
