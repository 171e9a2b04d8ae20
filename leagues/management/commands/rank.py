"""``manage.py rank TOURNAMENT.json|- [--format json|csv] [--final]``: rank a schreiber-tournament/1 document, no
database. ``--final`` insists the ranking is final: otherwise the ranking is still printed, what is missing goes to
stderr and the exit status is 1."""

from __future__ import annotations

import csv
import json
import sys
from typing import Any

from django.core.management.base import CommandParser

from leagues.tournaments.rules import document
from scorekeeper.management.document_command import DocumentCommand


class Command(DocumentCommand):
    help = "Rank a schreiber-tournament/1 document and print the ranking per round and overall (JSON) or overall (CSV)."
    requires_system_checks: list[str] = []  # touches no database table
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="tournament document, or - for standard input")
        parser.add_argument("--format", choices=["json", "csv"], default="json", dest="output_format")
        parser.add_argument("--final", action="store_true", help="exit 1, naming what is missing, unless final")

    def handle(self, *args: Any, file: str, output_format: str, final: bool, **options: Any) -> None:
        try:
            ranking = document.rank(self.read_document(file))
        except document.InvalidTournament as error:
            self.fail(error.problems)
        if output_format == "csv":
            self.write_csv(ranking)
        else:
            self.stdout.write(json.dumps(ranking, ensure_ascii=False))
        if final and not ranking["final"]:
            self.stderr.write("The ranking is provisional:")
            for missing in ranking["missing"]:
                self.stderr.write(missing["text"])
            sys.exit(1)

    def write_csv(self, ranking: dict[str, Any]) -> None:
        """The overall ranking, one row a player: place, start number, name, points, each round, the tie-breaks."""
        rounds = [str(r["round"]) for r in ranking["rounds"]]
        tiebreaks = [key for key in ranking["tiebreaks"] if key not in ("points", "shared")]
        writer = csv.writer(self.stdout, lineterminator="\n")
        writer.writerow(["place", "number", "name", "points", *(f"round_{r}" for r in rounds), *tiebreaks])
        for row in ranking["overall"]:
            per_round = [row["rounds"].get(r, "") for r in rounds]
            writer.writerow(
                [
                    row["place"],
                    row["number"],
                    row["name"],
                    row["points"],
                    *per_round,
                    *(row["tiebreaks"][k] for k in tiebreaks),
                ]
            )
