"""Fixtures shared by the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.utils import translation


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Services, commands and engine messages outside a request speak English in tests, whatever ran before;
    a request still speaks what its Accept-Language asks for."""
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    """Cached sheets and PDFs are keyed by ids and revisions, which a test's rolled-back database hands out again."""
    cache.clear()


@pytest.fixture
def make_user(db):
    def make(username: str, password: str = "correct horse battery") -> User:
        return User.objects.create_user(username=username, password=password, first_name=username.title())

    return make


@pytest.fixture
def login(client: Client, make_user):
    """Log the test client in as a new user of that name; returns the user."""

    def log_in(username: str = "anna") -> User:
        user = make_user(username)
        client.force_login(user)
        return user

    return log_in
