"""``manage.py export_club SLUG FILE``: the whole club as one JSON document (``-`` writes to standard output)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.interchange.backup import export_club
from scorekeeper.models import Club


class Command(BaseCommand):
    help = (
        "Write a club with everything it keeps (members, sessions, deals, history, its leagues and tournaments) as a "
        "schreiber-club/1 document, and name what it cannot carry."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the club's short name")
        parser.add_argument("file", help="where to write the document, or - for standard output")

    def handle(self, *args: Any, slug: str, file: str, **options: Any) -> None:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"no club with the short name {slug!r}")
        document = export_club(club)
        text = json.dumps(document, ensure_ascii=False, indent=1)
        if file == "-":
            sys.stdout.write(text + "\n")
        else:
            try:
                Path(file).write_text(text + "\n", encoding="utf-8")
            except OSError as error:
                raise CommandError(f"{file}: {error.strerror}") from None
            self.stdout.write(f"Wrote {club} to {file}.")
        report = self.stderr if file == "-" else self.stdout  # the document alone on standard output
        for entry in document["not_carried"]:
            report.write(f"Not carried: {entry['kind']} {entry['name']}: {entry['why']}")
