"""What every request of a signed-in browser reads before its view: its Django session (``settings.SESSION_ENGINE``)
and its user (``settings.AUTHENTICATION_BACKENDS``), read as Django's database session store and model backend read
them, each by a queryset compiled once (``rows.Statement``) instead of a query the ORM builds anew each time.

The sessions stay in the database Django keeps them in, so every app server reads the same, and a logout or a
password change ends a session at once, as before. A login stores this module's backend in the session (Django's
stays listed after it, to load the users of the sessions it logged in before).
"""

from __future__ import annotations

import functools
from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, backends
from django.contrib.auth.models import User
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.core.exceptions import PermissionDenied
from django.db.models import CharField, IntegerField, QuerySet
from django.db.models.functions import Now
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare

from schreiber import rows

MODEL_BACKEND = "scorekeeper.sign_in.ModelBackend"  # what a login stores in the session: the backend of its user
KEY = rows.Slot("key", CharField())  # a session cookie's value
_USER_ID = rows.Slot("user", IntegerField())


def live_sessions(key: str | rows.Slot) -> QuerySet[Session]:
    """The unexpired session of a cookie's key (by the database's clock, the same for every server)."""
    return Session.objects.filter(session_key=key, expire_date__gt=Now())


@functools.cache
def _session() -> rows.Statement:
    return rows.Statement.of(live_sessions(KEY).values_list("session_data"))


@functools.cache
def _user() -> rows.Statement:
    return rows.Statement.of(User.objects.filter(pk=_USER_ID).order_by())


def session_data(text: str) -> dict[str, Any]:
    """A stored session's data as the store reads it (nothing for data it cannot read)."""
    return SessionStore().decode(text)


def signed_in(data: dict[str, Any], user_id: int, password: str) -> bool:
    """Whether a request with the session ``data`` is the login ``user_id`` of ``password`` as it stands, as Django's
    ``auth.get_user`` decides (its user, a backend still listed, the hash of the password now); a session whose hash
    only an old ``SECRET_KEY`` made is not, as ``get_user`` would write it anew."""
    if data.get(SESSION_KEY) != str(user_id) or data.get(BACKEND_SESSION_KEY) not in settings.AUTHENTICATION_BACKENDS:
        return False
    return constant_time_compare(data.get(HASH_SESSION_KEY) or "", User(password=password).get_session_auth_hash())


class SessionStore(db.SessionStore):
    """Django's database sessions, each loaded by ``live_sessions``: the unexpired session of the cookie's key, else
    none (and the key forgotten, so that a write makes a new one)."""

    def load(self) -> dict[str, Any]:
        row = _session().fetch_one(key=self.session_key)
        if row is None:
            self._session_key = None
            return {}
        return self.decode(row[0])


class ModelBackend(backends.ModelBackend):
    """Django's model backend, the user of every request loaded by a statement compiled once. Its refusal of a
    password is final (``PermissionDenied`` stops ``authenticate``): Django's backend after it would refuse the same
    password for the same reasons, only after hashing it a second time."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> User | None:
        user = super().authenticate(request, username, password, **kwargs)
        if user is None:
            raise PermissionDenied
        return user

    def get_user(self, user_id: int) -> User | None:
        row = _user().fetch_one(user=user_id)
        if row is None:
            return None
        (user,) = rows.instances(row, User)
        return user if self.user_can_authenticate(user) else None
