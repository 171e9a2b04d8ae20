"""How many examples a slow property test draws in each pass of `make test`.

The SQLite pass draws them all. The PostgreSQL pass runs the same code on the same strategies a second time, for
what only PostgreSQL does (its column types and errors, its savepoints and locks): a quarter of the examples
reaches those paths too, and keeps that pass short.
"""

from __future__ import annotations

from django.db import connection


def examples(on_sqlite: int) -> int:
    return on_sqlite if connection.vendor == "sqlite" else max(1, on_sqlite // 4)
