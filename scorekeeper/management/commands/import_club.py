"""``manage.py import_club FILE [--slug NEW]``: restore a club from its ``export_club`` document, all or nothing."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from scorekeeper import services
from scorekeeper.interchange.backup import import_club
from scorekeeper.management.document_command import DocumentCommand


class Command(DocumentCommand):
    help = "Restore a club from a schreiber-club/1 document (into an empty database, or under a new short name)."
    max_bytes = 256_000_000

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the club document, or - for standard input")
        parser.add_argument("--slug", help="restore under this short name instead of the document's")

    def handle(self, *args: Any, file: str, slug: str | None, **options: Any) -> None:
        document = self.read_document(file)
        try:
            restored = import_club(document=document, slug=slug)
        except services.ServiceError as error:
            self.fail([fault.for_author for fault in error.faults])
        counts = ", ".join(_counted(n, kind) for kind, n in restored.counts.items() if n)
        self.stdout.write(f"Restored {restored.club} as {restored.club.slug}: {counts or 'nothing but the club'}.")
        for line in restored.not_carried:
            self.stdout.write(f"Not in the backup: {line}")
        for line in restored.not_restored:
            self.stdout.write(f"Not restored: {line}")
        if restored.created_logins:
            self.stdout.write(
                "New logins without a password (set one with manage.py changepassword): "
                + ", ".join(restored.created_logins)
            )


def _counted(n: int, kind: str) -> str:
    """``1 league``, ``2 leagues``: the kinds are named in the plural (``penalties``, ``house rules``)."""
    if n != 1:
        return f"{n} {kind}"
    return f"1 {kind[:-3]}y" if kind.endswith("ies") else f"1 {kind.removesuffix('s')}"
