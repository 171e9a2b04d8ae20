"""Headless Chromium (Debian's, never a downloaded one) driven by Playwright against the live server."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.core.signals import request_finished, request_started

from .chromium import CHROMIUM, LAUNCH_ARGS, PHONE


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not os.path.exists(CHROMIUM):
        skip = pytest.mark.skip(reason="browser tests need Debian's chromium (apt-get install chromium)")
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in the test thread; the ORM calls that fixtures make
    # there are still synchronous and safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=LAUNCH_ARGS,
        )
        yield browser
        browser.close()
    del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


class InFlight:
    """The live server's requests begun and not yet finished, by the thread that serves each (Django's request
    signals). A request of the test's own thread (the test client) is not the live server's, and one whose thread
    has ended (the browser dropped the connection before the answer was done) will never finish."""

    def __init__(self) -> None:
        self.serving: set[threading.Thread] = set()
        self.lock = threading.Lock()
        request_started.connect(self.started, weak=False)
        request_finished.connect(self.finished, weak=False)

    def started(self, **_: Any) -> None:
        with self.lock:
            self.serving.add(threading.current_thread())

    def finished(self, **_: Any) -> None:
        with self.lock:
            self.serving.discard(threading.current_thread())

    def busy(self) -> bool:
        here = threading.current_thread()
        with self.lock:
            self.serving = {thread for thread in self.serving if thread.is_alive() and thread is not here}
            return bool(self.serving)

    def wait(self, seconds: float = 10) -> None:
        deadline = time.monotonic() + seconds
        while self.busy() and time.monotonic() < deadline:
            time.sleep(0.02)


IN_FLIGHT = InFlight()


@pytest.fixture(autouse=True)
def _server_done(request: pytest.FixtureRequest) -> Iterator[None]:
    """The database is emptied after a browser test only once the live server has answered every request the pages
    sent: a fetch a page started in its last moment (a preview, a poll) must not find the tables locked by
    the flush, or a later test's set-up find them half flushed."""
    if "live_server" in request.fixturenames:
        request.getfixturevalue("transactional_db")  # set up first, so emptied after this waited
    yield
    IN_FLIGHT.wait()


class Requests:
    """The requests a page has begun and not yet ended, to wait for them: sooner than Playwright's "networkidle",
    which waits half a second after the last one."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.pending: set[Any] = set()
        page.on("request", lambda request: self.pending.add(request))
        page.on("requestfinished", lambda request: self.pending.discard(request))
        page.on("requestfailed", lambda request: self.pending.discard(request))

    def wait(self, quiet_ms: int = 100, seconds: float = 10) -> None:
        """Until none has been running for ``quiet_ms`` (an answer may start another request)."""
        deadline, quiet = time.monotonic() + seconds, 0
        while quiet < quiet_ms and time.monotonic() < deadline:
            self.page.wait_for_timeout(25)
            quiet = 0 if self.pending else quiet + 25


@pytest.fixture
def phone(chromium: Any, live_server: Any) -> Iterator[Any]:
    """A fresh page in a phone-sized English browser context."""
    context = chromium.new_context(viewport=PHONE, locale="en-GB", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def open_phone(chromium: Any, live_server: Any) -> Iterator[Callable[..., Any]]:
    """Opens a phone-sized page (375 px wide unless told) already logged in as a user (None: nobody), in English
    unless told another browser locale."""
    contexts = []

    def open_as(user: User | None, width: int = PHONE["width"], locale: str = "en-GB") -> Any:
        viewport = {**PHONE, "width": width}
        context = chromium.new_context(viewport=viewport, locale=locale, base_url=live_server.url, has_touch=True)
        if user is not None:
            store = SessionStore()
            store[SESSION_KEY], store[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
            store[HASH_SESSION_KEY] = user.get_session_auth_hash()
            store.create()
            context.add_cookies(
                [{"name": settings.SESSION_COOKIE_NAME, "value": store.session_key, "url": live_server.url}]
            )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_as
    for context in contexts:
        context.close()


NAMES = ["Anna", "Bert", "Caro", "Dieter", "Emil"]


@pytest.fixture
def club(make_user: Any) -> tuple[Any, User]:
    """A club whose owner Anna scores, with four more members by name only."""
    from scorekeeper import services

    scorer = make_user("anna")
    club = services.create_club(owner=scorer, name="Stammtisch", owner_name="Anna")
    for name in NAMES[1:]:
        services.add_member(club=club, name=name)
    return club, scorer
