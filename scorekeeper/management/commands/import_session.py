"""``manage.py import_session SESSION.json --club SLUG``: a document as a finished session, all or nothing."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from scorekeeper import services
from scorekeeper.management.document_command import DocumentCommand
from scorekeeper.models import Club


class Command(DocumentCommand):
    help = "Import a schreiber/1 session document into a club as a finished session."
    max_bytes = 32_000_000

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="session document, or - for standard input")
        parser.add_argument("--club", required=True, help="the club's short name (slug)")
        parser.add_argument("--again", action="store_true", help="import a document that was imported before")

    def handle(self, *args: Any, file: str, club: str, again: bool, **options: Any) -> None:
        target = Club.objects.filter(slug=club).first()
        if target is None:
            self.fail([f"--club: no club with the short name {club!r}"])
        document = self.read_document(file)
        try:
            session = services.import_session(club=target, document=document, again=again)
        except services.DealRejected as error:
            self.fail(error.problems)
        except services.ServiceError as error:
            self.fail([fault.for_author for fault in error.faults])
        self.stdout.write(f"Imported {session} with {session.deals.count()} deals into {target}.")
