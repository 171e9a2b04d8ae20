"""What the benchmarks share: the real settings (not the test ones) and a scratch database to fill.

Importing this module sets Django up. The scratch database is a throwaway SQLite file in a temporary folder (never
the checkout's own ``var/``), or on PostgreSQL a database of its own next to the one ``DATABASE_URL`` names,
dropped again at the end.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schreiber.settings")
SCRATCH = tempfile.mkdtemp(prefix="schreiber-bench-")
os.environ.setdefault("SCHREIBER_VAR_DIR", SCRATCH)
os.environ.setdefault("SCHREIBER_PLAIN_STATIC", "true")  # no collectstatic for a benchmark

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)  # WhiteNoise warns about a missing one


@contextmanager
def scratch_database(name: str) -> Iterator[None]:
    """The default connection on an empty, migrated database (on PostgreSQL ``name`` after the configured one)
    while the block runs."""
    # The test client's host, without setup_test_environment(): it would record every template rendered
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    before = connection.settings_dict["NAME"]
    if connection.vendor == "postgresql":
        # Named after the configured database too: two worktrees benchmarking at once never drop each other's.
        connection.settings_dict["TEST"]["NAME"] = f"{before}_{name}"
        connection.creation.create_test_db(verbosity=0, autoclobber=True)
    else:
        connection.close()
        connection.settings_dict["NAME"] = str(Path(SCRATCH) / "bench.sqlite3")
        call_command("migrate", verbosity=0)
    try:
        yield
    finally:
        if connection.vendor == "postgresql":
            connection.creation.destroy_test_db(before, verbosity=0)
