"""The laptop dies in the middle of a round: gunicorn is killed (SIGKILL) while two table phones are saving deals,
and started again. Every deal whose save was answered (the redirect to the sheet) is there, the numbers run 1..n,
and each sheet's totals are what its deals add up to; the phones then carry on.

The server is a separate process on the test database, so the test writes for real (``transaction=True``): on
PostgreSQL and on SQLite (the embedded default, where a killed writer must not leave the file locked or torn).
"""

from __future__ import annotations

import datetime
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from leagues.models import Participant
from leagues.tournaments import services as tournaments
from scorekeeper import engine
from scorekeeper.models import Role, Session
from scorekeeper.services import add_member, create_club
from scorekeeper.stored.documents import session_document
from tests.gunicorn_server import Server

pytestmark = pytest.mark.django_db(transaction=True)

DAY = datetime.date(2026, 11, 28)
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path)
    running.start()
    yield running
    if running.process is not None and running.process.poll() is None:
        running.kill()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None  # the save's answer is the redirect itself


@dataclass
class TablePhone:
    """A table's scorer phone, signed in: it opens the entry form and saves a normal game, again and again."""

    base: str
    deal_url: str
    players: list[str]
    cookies: dict[str, str]
    saved: list[str] = field(default_factory=list)  # client tokens of the saves answered "saved" (the redirect)
    refused: list[int] = field(default_factory=list)  # any other answer's status

    def request(self, data: bytes | None = None) -> Any:
        request = urllib.request.Request(self.base + self.deal_url, data=data)
        request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        try:
            answer = urllib.request.build_opener(NoRedirect).open(request, timeout=5)
        except urllib.error.HTTPError as error:
            answer = error
        for header in answer.headers.get_all("Set-Cookie") or []:
            self.cookies.update((k, m.value) for k, m in SimpleCookie(header).items())
        return answer

    def save_one(self, n: int) -> None:
        hidden = dict(HIDDEN.findall(self.request().read().decode()))
        re_party = [self.players[n % 4], self.players[(n + 1 + n // 4 % 3) % 4]]
        form = {**hidden, "contract_type": "normal", "re": re_party, "re_points": str(90 + 30 * (n % 5))}
        answer = self.request(urllib.parse.urlencode(form, doseq=True).encode())
        if answer.status == 302:
            self.saved.append(hidden["client_token"])
        else:
            self.refused.append(answer.status)

    def play(self, stop: threading.Event) -> None:
        n = 0
        while not stop.is_set():
            try:
                self.save_one(n)
            except OSError:  # the server is gone: the phone tries again
                time.sleep(0.05)
            n += 1


def test_every_answered_deal_survives_the_server_being_killed(make_user: Any, server: Server) -> None:
    owner, scorer = make_user("anna"), make_user("bert")
    club = create_club(owner=owner, name="Stammtisch Zum Hirschen", owner_name="Anna")
    at_the_table = add_member(club=club, name="Bert", role=Role.SCORER)
    at_the_table.user = scorer
    at_the_table.save(update_fields=["user"])
    tournament = tournaments.create_tournament(
        club=club, actor=owner, name="Stromausfall", preset="ddv", played_on=DAY, rounds=2, seed=3
    )
    for number in range(1, 9):
        Participant.objects.create(
            tournament=tournament, number=number, name=f"Spieler {number}",
            member=add_member(club=club, name=f"Spieler {number}"),
        )  # fmt: skip
    this_round = tournaments.start_round(tournament=tournament, actor=owner)
    client = Client()
    client.force_login(scorer, backend="django.contrib.auth.backends.ModelBackend")
    signed_in = {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}
    phones = [
        TablePhone(
            server.url,
            reverse("deal_new", args=[club.slug, table.session_id]),
            [seat.name for seat in table.session.seats.order_by("position")],
            dict(signed_in),
        )
        for table in this_round.tables.select_related("session")
    ]
    stop = threading.Event()
    threads = [threading.Thread(target=phone.play, args=(stop,)) for phone in phones]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 10
    while sum(len(phone.saved) for phone in phones) < 6 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.kill()  # mid-round, with saves in flight
    before_the_kill = sum(len(phone.saved) for phone in phones)
    time.sleep(0.3)
    server.start()
    time.sleep(1)  # the phones carry on on the restarted server
    stop.set()
    for thread in threads:
        thread.join(10)

    assert before_the_kill >= 6
    assert sum(len(phone.saved) for phone in phones) > before_the_kill
    assert [phone.refused for phone in phones] == [[], []]
    for table, phone in zip(this_round.tables.order_by("number"), phones, strict=True):
        session = Session.objects.get(pk=table.session_id)
        stored = list(session.deals.filter(deleted_at__isnull=True).order_by("sequence"))
        assert set(phone.saved) <= {str(deal.client_token) for deal in stored}
        assert [deal.number for deal in stored] == list(range(1, len(stored) + 1))
        replayed = engine.load(session_document(session, [deal.facts for deal in stored])).results()
        assert session.totals == [replayed[-1].totals[name] for name in phone.players]
        assert session.deal_count == len(stored) >= len(phone.saved)
