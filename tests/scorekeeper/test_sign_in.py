"""A signed-in browser's Django session and user, each read by one raw statement (``scorekeeper.sign_in``): in the
database, so a copy of its cookie (another app server, a stolen cookie) is signed out at once by a logout, a password
change or the session's expiry; a session Django's backend logged in before stays signed in; a wrong password is
hashed once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from axes.models import AccessFailureLog
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.auth.hashers import check_password, make_password
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session as StoredSession
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.sign_in import MODEL_BACKEND, ModelBackend, SessionStore

from .conftest import Personas

pytestmark = pytest.mark.django_db


PASSWORD = "correct horse battery"  # the personas' (``make_user``)


def logged_in(personas: Personas) -> Client:
    """A browser the member logged in with, on the login page."""
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert (
        browser.post(reverse("login"), {"username": personas.member.username, "password": PASSWORD}).status_code == 302
    )
    return browser


def signed_in(personas: Personas) -> tuple[Client, Client]:
    """The member's browser, and a second one holding a copy of its session cookie."""
    browser, copy = logged_in(personas), Client(HTTP_ACCEPT_LANGUAGE="en")
    copy.cookies[settings.SESSION_COOKIE_NAME] = browser.cookies[settings.SESSION_COOKIE_NAME].value
    return browser, copy


def club_page(client: Client, personas: Personas) -> int:
    return client.get(reverse("club", args=[personas.club.slug])).status_code


def test_the_session_is_read_in_one_query(personas: Personas, django_assert_num_queries: Any) -> None:
    browser, _ = signed_in(personas)
    key = browser.cookies[settings.SESSION_COOKIE_NAME].value
    with django_assert_num_queries(1):
        assert SessionStore(key).load()["_auth_user_id"] == str(personas.member.pk)


def test_a_logout_signs_out_every_copy_of_the_cookie(personas: Personas) -> None:
    browser, copy = signed_in(personas)
    assert club_page(copy, personas) == 200
    browser.post(reverse("logout"))
    assert club_page(copy, personas) == 404


def test_a_password_change_signs_out_the_other_browsers(personas: Personas) -> None:
    browser, copy = signed_in(personas)
    other = logged_in(personas)
    assert club_page(other, personas) == 200
    changed = {
        "old_password": PASSWORD,
        "new_password1": "a much longer pass 7",
        "new_password2": "a much longer pass 7",
    }
    assert browser.post(reverse("password_change"), changed).status_code == 302
    assert club_page(browser, personas) == 200  # the browser that changed it stays signed in
    assert club_page(other, personas) == 404
    assert club_page(copy, personas) == 404  # the old key: the changing browser's session got a new one


def test_an_expired_session_is_none(personas: Personas) -> None:
    browser, _ = signed_in(personas)
    key = browser.cookies[settings.SESSION_COOKIE_NAME].value
    StoredSession.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    assert club_page(browser, personas) == 404
    store = SessionStore(key)
    assert store.load() == {}
    assert store.session_key is None  # a write makes a new session, never the expired one again


def test_a_login_loads_its_user_in_one_query_as_the_orm_would(
    personas: Personas, django_assert_num_queries: Any
) -> None:
    browser = logged_in(personas)
    key = browser.cookies[settings.SESSION_COOKIE_NAME].value
    assert SessionStore(key).load()[BACKEND_SESSION_KEY] == MODEL_BACKEND
    with django_assert_num_queries(1):
        user = ModelBackend().get_user(personas.member.pk)
    assert user is not None
    stored = User.objects.get(pk=personas.member.pk)
    assert {f.attname: getattr(user, f.attname) for f in User._meta.concrete_fields} == {
        f.attname: getattr(stored, f.attname) for f in User._meta.concrete_fields
    }
    User.objects.filter(pk=personas.member.pk).update(is_active=False)
    assert ModelBackend().get_user(personas.member.pk) is None
    assert club_page(browser, personas) == 404


def test_a_session_djangos_backend_logged_in_before_stays_signed_in(personas: Personas) -> None:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(personas.member, backend="django.contrib.auth.backends.ModelBackend")
    assert club_page(browser, personas) == 200


@pytest.mark.parametrize("username", ["caro", "nobody"])
def test_a_wrong_password_is_hashed_once(personas: Personas, username: str) -> None:
    """Django's backend, listed after ours to load the sessions it logged in, never hashes the password again."""
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    with (
        mock.patch("django.contrib.auth.base_user.check_password", wraps=check_password) as checked,
        mock.patch("django.contrib.auth.base_user.make_password", wraps=make_password) as made,
    ):
        answer = browser.post(reverse("login"), {"username": username, "password": "wrong"})
    assert answer.status_code == 200  # the form again, with its error
    assert checked.call_count + made.call_count == 1
    assert AccessFailureLog.objects.count() == 1  # the throttle counted it once
