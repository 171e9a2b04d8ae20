"""``manage.py import_club FILE [--slug NEW]``: restore a club from its ``export_club`` document, all or nothing."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from scorekeeper import services
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
            club, created = services.import_club(document=document, slug=slug)
        except services.ServiceError as error:
            self.fail([str(error)])
        self.stdout.write(f"Restored {club} as {club.slug}: {club.sessions.count()} sessions.")
        if created:
            self.stdout.write(
                "New logins without a password (set one with manage.py changepassword): " + ", ".join(created)
            )
