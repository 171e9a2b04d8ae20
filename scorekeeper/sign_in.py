"""What every request of a signed-in browser reads before its view: its Django session (``settings.SESSION_ENGINE``),
read as Django's database session store reads it, by one raw statement of constant text (``rows``) instead of a query
the ORM builds anew each time.

The sessions stay in the database Django keeps them in, so every app server reads the same, and a logout or a
password change ends a session at once, as before.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.db import connection
from django.utils import timezone

from . import rows

_SESSION = f"SELECT s.session_data FROM {rows.table(Session)} s WHERE s.session_key = %s AND s.expire_date > %s"


class SessionStore(db.SessionStore):
    """Django's database sessions, each loaded by ``_SESSION``: the unexpired session of the cookie's key, else none
    (and the key forgotten, so that a write makes a new one)."""

    def load(self) -> dict[str, Any]:
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_SESSION, [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return {}
        return self.decode(row[0])
