"""``manage.py settle SESSION.json|- [--pdf OUT.pdf]``: score a schreiber/1 document with the pure engine, no database.

With ``--pdf`` it writes the settlement sheet instead (the same sheet as the web page's PDF) and prints nothing, in
the project's language (``LANGUAGE_CODE``) and the document's ``currency`` (EUR when it has none).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import CommandParser

from scorekeeper import engine
from scorekeeper.management.document_command import DocumentCommand, without_cycle_collector
from scorekeeper.settlement import printing


class Command(DocumentCommand):
    help = "Settle a schreiber/1 session document and print the result (JSON or a score sheet table) or a PDF sheet."
    requires_system_checks: list[str] = []  # touches no database table
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="session document, or - for standard input")
        parser.add_argument("--format", choices=["json", "table"], default="json", dest="output_format")
        parser.add_argument("--pdf", metavar="OUT.pdf", help="write the settlement sheet to OUT.pdf, print nothing")

    def handle(self, *args: Any, file: str, output_format: str, pdf: str | None, **options: Any) -> None:
        with without_cycle_collector():
            self.settle(file, output_format, pdf)

    def settle(self, file: str, output_format: str, pdf: str | None) -> None:
        document = self.read_document(file)
        try:
            session = engine.load(document)
            results = session.results()
            printout = printing.printout_of_document(document) if pdf else None
        except engine.InvalidSession as error:
            self.fail(error.problems)
        if pdf and printout is not None:
            self.write_pdf(printout, pdf)
        elif output_format == "table":
            self.stdout.write(engine.settle_table(session, results), ending="")
        else:
            self.stdout.write(engine.settle_json(session, results))

    def write_pdf(self, printout: printing.Printout, out: str) -> None:
        sheet = printing.settlement_pdf(printout, settings.LANGUAGE_CODE)
        try:
            Path(out).write_bytes(sheet)
        except OSError as error:
            self.fail([f"{out}: {error.strerror}"])
