"""``manage.py backup FILE``: a consistent copy of the SQLite database while the app keeps running.

It uses SQLite's backup API, which copies the pages of one consistent state (the write-ahead log included), unlike
a copy of the file. On PostgreSQL use ``pg_dump`` (docs/backups.md).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection


class Command(BaseCommand):
    help = "Copy the SQLite database consistently while the app runs (PostgreSQL: use pg_dump)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the copy to write; an existing file is replaced")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        if connection.vendor != "sqlite":
            raise CommandError("This database is PostgreSQL: back it up with pg_dump (see docs/backups.md).")
        target = Path(file)
        if target.resolve() == Path(connection.settings_dict["NAME"]).resolve():
            raise CommandError("The copy cannot replace the database itself.")
        connection.ensure_connection()
        try:
            with sqlite3.connect(target) as copy:
                connection.connection.backup(copy)
        except (OSError, sqlite3.Error) as error:
            raise CommandError(f"{file}: {error}") from None
        copy.close()
        self.stdout.write(f"Wrote a consistent copy of the database to {file}.")
