"""Browser tests of the markup alone (accessibility, widths): they run once, on SQLite.

The suite runs a second time on PostgreSQL for the queries and the locks; what a page looks like and how it is
read does not depend on the database, and these tests are the slowest of the suite.
"""

from __future__ import annotations

import pytest
from django.db import connection

MARKUP_ONLY = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="markup does not depend on the database; it is checked on SQLite"
)
