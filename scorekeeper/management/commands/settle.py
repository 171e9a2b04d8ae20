"""``manage.py settle SESSION.json|-``: score a schreiber/1 document with the pure engine, no database."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import CommandParser

from scorekeeper import engine
from scorekeeper.management.document_command import DocumentCommand


class Command(DocumentCommand):
    help = "Settle a schreiber/1 session document and print the result (JSON or a score sheet table)."
    requires_system_checks: list[str] = []  # touches no database table
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="session document, or - for standard input")
        parser.add_argument("--format", choices=["json", "table"], default="json", dest="output_format")

    def handle(self, *args: Any, file: str, output_format: str, **options: Any) -> None:
        document = self.read_document(file)
        try:
            session = engine.load(document)
            results = session.results()
        except engine.InvalidSession as error:
            self.fail(error.problems)
        if output_format == "table":
            self.stdout.write(engine.settle_table(session, results), ending="")
        else:
            self.stdout.write(json.dumps(engine.settle_document(session, results), ensure_ascii=False))
