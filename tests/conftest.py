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
# The second pass leaves out what cannot differ there: a test that touches no database (the rule engine, the
# commands that read a document, the words) and what a browser does with a page or how a PDF is laid out (the
# server-side paths those use are covered on PostgreSQL by the client tests).
ONCE_ON_SQLITE = ("browser", "pdf")
TOUCHES_THE_DATABASE = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}


def runs_on_postgresql(item: pytest.Item) -> bool:
    if any(item.get_closest_marker(name) for name in ONCE_ON_SQLITE):
        return False
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(TOUCHES_THE_DATABASE & fixtures)


def pytest_report_header() -> str | None:
    if connection.vendor == "sqlite":
        return None
    return "PostgreSQL pass: the tests that touch the database, the browser and PDF tests aside (tests/conftest.py)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if connection.vendor == "sqlite":
        return
    ran_once = [item for item in items if not runs_on_postgresql(item)]
    items[:] = [item for item in items if runs_on_postgresql(item)]
    config.hook.pytest_deselected(items=ran_once)


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
