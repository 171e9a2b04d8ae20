"""``manage.py settle SESSION.json|-``: score a schreiber/1 document with the pure engine, no database."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper import engine


class Command(BaseCommand):
    help = "Settle a schreiber/1 session document and print the result (JSON or a score sheet table)."
    requires_system_checks: list[str] = []  # touches no database table
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="session document, or - for standard input")
        parser.add_argument("--format", choices=["json", "table"], default="json", dest="output_format")

    def handle(self, *args: Any, file: str, output_format: str, **options: Any) -> None:
        try:
            document = json.load(sys.stdin) if file == "-" else json.loads(Path(file).read_text(encoding="utf-8"))
            session = engine.load(document)
            results = session.results()
        except OSError as error:
            self.fail([f"{file}: {error.strerror}"])
        except json.JSONDecodeError as error:
            self.fail([f"{file}: not valid JSON ({error})"])
        except engine.InvalidSession as error:
            self.fail([str(problem) for problem in error.problems])
        if output_format == "table":
            self.stdout.write(engine.settle_table(session, results), ending="")
        else:
            self.stdout.write(json.dumps(engine.settle_document(session, results), ensure_ascii=False))

    def fail(self, lines: list[str]) -> None:
        for line in lines:
            self.stderr.write(line)
        sys.exit(2)
