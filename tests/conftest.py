"""Fixtures shared by the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.utils import translation

# `make test` runs the suite on SQLite, then again on PostgreSQL for the queries, the transactions and the locks.
# What a browser does with a page (markup, accessibility, taps, scripts, offline) and how a PDF is laid out does
# not depend on the database: the server-side paths those tests use are covered on PostgreSQL by the client
# tests. So the browser and PDF tests, the slowest of the suite, run in the SQLite pass alone.
ONCE_ON_SQLITE = ("browser", "pdf")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if connection.vendor == "sqlite":
        return
    skip = pytest.mark.skip(reason="browser and PDF tests run once, in the SQLite pass")
    for item in items:
        if any(item.get_closest_marker(name) for name in ONCE_ON_SQLITE):
            item.add_marker(skip)


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
