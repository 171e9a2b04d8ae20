"""Two app servers on one PostgreSQL, as a federation runs them (docs/deployment.md, "Several app servers"): what one
writes the other shows at once, because nothing a page shows is kept per process unless it is keyed by a revision
the database holds. Each server has caches of its own (Django's LocMemCache, two workers each); both are warmed
before the write.
"""

from __future__ import annotations

import datetime
import html
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection  # noqa: F401  the skipif condition reads it
from django.test import Client
from django.urls import reverse

from leagues.models import Season, Tournament
from leagues.tournaments import services as tournaments
from scorekeeper import services
from scorekeeper.models import Session
from tests.gunicorn_server import Server
from tests.scorekeeper.conftest import Personas, sauspiel

pytest.importorskip("gunicorn")
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        "connection.vendor != 'postgresql'",
        reason="several app servers share one PostgreSQL; SQLite is for one machine",
    ),
]

HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
SHEET = re.compile(r'<section id="sheet"[^>]*>')
TABLES = re.compile(r"<table\b.*?</table>", re.S)


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    both = (Server(tmp_path / "a"), Server(tmp_path / "b"))
    for server in both:
        server.start()
    yield both
    for server in both:
        if server.process is not None and server.process.poll() is None:
            server.kill()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None


class Phone:
    """A signed-in browser that may ask either server: the same session cookie is good on both."""

    def __init__(self, user: Any) -> None:
        client = Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        self.cookies = {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}

    def ask(
        self, server: Server, url: str, data: dict[str, Any] | None = None, *, htmx: bool = False
    ) -> tuple[int, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        request = urllib.request.Request(server.url + url, data=body, headers={"Accept-Language": "en"})
        if htmx:  # as the sheet polls
            request.add_header("HX-Request", "true")
        request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        try:
            answer = urllib.request.build_opener(NoRedirect).open(request, timeout=30)
        except urllib.error.HTTPError as error:
            answer = error
        for header in answer.headers.get_all("Set-Cookie") or []:
            self.cookies.update((k, m.value) for k, m in SimpleCookie(header).items())
        return answer.status, answer.read().decode()


def shows(page: str) -> dict[str, str]:
    """Where a phone following the sheet polls, with the revision and shape it shows (as static/js/app.js asks)."""
    found = SHEET.search(page)
    assert found, "no live sheet"
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', found.group(0)))
    query = urllib.parse.urlencode({"rev": attributes["data-revision"], "shape": attributes.get("data-shape", "")})
    url = html.unescape(attributes["hx-get"])
    return {"poll": url + ("&" if "?" in url else "?") + query, "revision": attributes["data-revision"]}


def tables_of(page: str) -> list[str]:
    return TABLES.findall(page)


def test_a_deal_saved_through_one_server_is_in_the_next_poll_through_the_other(
    personas: Personas, tournament: Tournament, servers: tuple[Server, Server]
) -> None:
    one, other = servers
    table = tournaments.start_round(tournament=tournament, actor=personas.owner).tables.get(number=1)
    session = table.session
    scorer, watcher = Phone(personas.scorer), Phone(personas.member)
    sheet = session.get_absolute_url()
    for server in servers:  # both servers have drawn the sheet and answered a poll
        following = shows(watcher.ask(server, sheet)[1])
        assert watcher.ask(server, following["poll"], htmx=True)[0] == 204
    deal = reverse("deal_new", args=[personas.club.slug, session.pk])
    players = [seat.name for seat in session.seats.order_by("position")]
    hidden = dict(HIDDEN.findall(scorer.ask(one, deal)[1]))
    form = {**hidden, "contract_type": "normal", "re": players[:2], "re_points": "151"}
    assert scorer.ask(one, deal, form)[0] == 302

    status, patch = watcher.ask(other, following["poll"], htmx=True)

    session.refresh_from_db()
    assert session.deal_count == 1
    assert status == 200
    assert f'data-revision="{session.revision}"' in patch
    assert shows(watcher.ask(other, sheet)[1])["revision"] == str(session.revision)


def test_both_servers_serve_the_same_standing_and_ranking_after_a_correction(
    personas: Personas, season: Season, tournament: Tournament, servers: tuple[Server, Server]
) -> None:
    owner = Phone(personas.owner)
    standing = reverse("season", args=[personas.club.slug, season.pk])
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    for table in this_round.tables.all():
        for re_party in ([0, 1], [2, 3], [0, 2]):
            players = [seat.name for seat in table.session.seats.order_by("position")]
            facts = {"type": "normal", "re": [players[i] for i in re_party], "re_points": 130}
            services.record_deal(session=table.session, actor=personas.owner, facts=facts)
    ranking = reverse("tournament_ranking", args=[personas.club.slug, tournament.pk])
    hall = reverse("tournament_hall", args=[personas.club.slug, tournament.pk])  # kept by each server till it changes
    before = {url: [tables_of(owner.ask(server, url)[1]) for server in servers] for url in (standing, ranking, hall)}
    assert all(a == b and a for a, b in before.values())  # both drew (and cached) the same pages

    evening = Session.objects.get(played_on=datetime.date(2026, 1, 15))
    services.reopen_session(session=evening, actor=personas.owner)
    deal = evening.deals.get()
    services.correct_deal(
        deal=deal, actor=personas.scorer, facts=sauspiel("Caro", "Dieter", 91), revision=deal.revision
    )
    services.close_session(session=evening, actor=personas.owner)
    table = this_round.tables.get(number=1)
    first = table.session.deals.order_by("sequence")[0]
    players = [seat.name for seat in table.session.seats.order_by("position")]
    services.correct_deal(
        deal=first, actor=personas.owner, facts={"type": "normal", "re": players[2:], "re_points": 130},
        revision=first.revision,
    )  # fmt: skip

    for url in (standing, ranking, hall):
        now = [tables_of(owner.ask(server, url)[1]) for server in servers]
        assert now[0] == now[1], url
        assert now[0] != before[url][0], url
