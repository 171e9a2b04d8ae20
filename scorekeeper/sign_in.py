"""What every request of a signed-in browser reads before its view: its Django session (``settings.SESSION_ENGINE``)
and its user (``settings.AUTHENTICATION_BACKENDS``), read as Django's database session store and model backend read
them, each by one raw statement of constant text (``rows``) instead of a query the ORM builds anew each time.

The sessions stay in the database Django keeps them in, so every app server reads the same, and a logout or a
password change ends a session at once, as before. A login stores this module's backend in the session (Django's
stays listed after it, to load the users of the sessions it logged in before).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends
from django.contrib.auth.models import User
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import HttpRequest
from django.utils import timezone

from . import rows

MODEL_BACKEND = "scorekeeper.sign_in.ModelBackend"  # what a login stores in the session: the backend of its user

_SESSION = f"SELECT s.session_data FROM {rows.table(Session)} s WHERE s.session_key = %s AND s.expire_date > %s"
_USER = f"SELECT {rows.columns(User, 'u')} FROM {rows.table(User)} u WHERE u.id = %s"


class SessionStore(db.SessionStore):
    """Django's database sessions, each loaded by ``_SESSION``: the unexpired session of the cookie's key, else none
    (and the key forgotten, so that a write makes a new one)."""

    def load(self) -> dict[str, Any]:
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        row = rows.fetch_one(_SESSION, [self.session_key, now])
        if row is None:
            self._session_key = None
            return {}
        return self.decode(row[0])


class ModelBackend(backends.ModelBackend):
    """Django's model backend, the user of every request loaded by ``_USER``. Its refusal of a password is final
    (``PermissionDenied`` stops ``authenticate``): Django's backend after it would refuse the same password for the
    same reasons, only after hashing it a second time."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> User | None:
        user = super().authenticate(request, username, password, **kwargs)
        if user is None:
            raise PermissionDenied
        return user

    def get_user(self, user_id: int) -> User | None:
        row = rows.fetch_one(_USER, [user_id])
        if row is None:
            return None
        (user,) = rows.instances(row, User)
        return user if self.user_can_authenticate(user) else None
