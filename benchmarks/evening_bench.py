"""Whether a long evening stays fast (run by hand, not in the test suite).

    [DATABASE_URL=postgres://…] .venv/bin/python benchmarks/evening_bench.py [--deals 300] [--phones 4]

Plays an evening in a scratch database (``schreiber_evening_bench`` on PostgreSQL) through the real settings and
middleware: for each deal the scorer opens the entry form, posts it and follows the redirect to the sheet; then each
phone polls once (it gets what changed) and once more (nothing changed), as a phone polling every 3 s would. Every
request asks for gzip, as a phone does.

The last line is one JSON object: ``per_deal_first_ms`` and ``per_deal_last_ms`` (the scorer's form, post and sheet,
median of the first and the last ten deals), ``poll_p95_ms`` (the polls during the last ten deals) and
``poll_bytes_last`` (an unchanged poll at the end: status line, headers and body as sent), and the same times in
CPU time of this process (``cpu_ms``), which a busy machine does not stretch. Targets: the last deal at most 1.2×
the first, poll p95 under 20 ms, an unchanged poll under 1 KB.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import time
from typing import Any

from _scratch import scratch_database
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

import schreiber.wsgi  # noqa: F401  start-up as the production server does it: the views loaded, the heap frozen
from scorekeeper import services
from scorekeeper.models import Role, Session

PLAYERS = ["Anna", "Bert", "Caro", "Dieter"]
GZIP = {"accept-encoding": "gzip, deflate, br"}
WINDOW = 10  # deals at each end of the evening that the numbers are taken from


def body(response: Any) -> str:
    content = response.content
    return (gzip.decompress(content) if response.get("Content-Encoding") == "gzip" else content).decode()


def wire_bytes(response: Any) -> int:
    status_line = b"HTTP/1.1 %d\r\n" % response.status_code
    return len(status_line) + len(response.serialize_headers()) + 4 + len(response.content)


def hidden_fields(form: str) -> dict[str, str]:
    """The hidden inputs of the entry form: what it was opened for (number, dealer, token …)."""
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


def facts(number: int) -> dict[str, str]:
    """A varied Sauspiel: declarers, partners and points move around the table."""
    declarer = PLAYERS[number % 4]
    partner = PLAYERS[(number + 1 + number // 4 % 3) % 4]
    return {"contract_type": "sauspiel", "declarer": declarer, "partner": partner, "points": str(30 + number * 7 % 90)}


class Clock:
    """Wall time, and the process's CPU time: on a busy machine only the first is stretched by the others."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def read(self) -> tuple[float, float]:
        return (time.perf_counter() - self.wall) * 1000, (time.process_time() - self.cpu) * 1000


def median(times: list[tuple[float, float]]) -> tuple[float, float]:
    return round(statistics.median(t[0] for t in times), 1), round(statistics.median(t[1] for t in times), 1)


def p95(times: list[tuple[float, float]]) -> tuple[float, float]:
    walls, cpus = sorted(t[0] for t in times), sorted(t[1] for t in times)
    at = int(len(times) * 0.95)
    return round(walls[at], 1), round(cpus[at], 1)


class Phone:
    """A member's phone following the sheet: it says which revision and shape it shows, as static/js/app.js does."""

    def __init__(self, user: User, page: str, live: str) -> None:
        self.client = Client(headers=GZIP)
        self.client.force_login(user)
        self.url = live
        self.shows: dict[str, str] = {}
        self.remember(self.client.get(page, secure=True))

    def remember(self, response: Any) -> None:
        html = body(response)
        sheet = re.findall(r'<section id="sheet"[^>]*>', html)[0]
        token = re.findall(r'data-poll-token="([^"]*)"', html) or [response.get("X-Poll-Token")]
        self.shows = {**dict(re.findall(r'data-(revision|shape)="([^"]*)"', sheet)), "t": token[0] or self.shows["t"]}

    def poll(self) -> tuple[tuple[float, float], Any]:
        clock = Clock()
        query = {"rev": self.shows["revision"], "shape": self.shows.get("shape", ""), "t": self.shows["t"]}
        response = self.client.get(self.url, query, secure=True, headers={"hx-request": "true"})
        elapsed = clock.read()
        assert response.status_code in (200, 204), response.status_code
        if response.status_code == 200:
            self.remember(response)
        return elapsed, response


def evening(deals: int, phones: int) -> dict[str, Any]:
    owner = User.objects.create_user("anna", password="x")
    club = services.create_club(owner=owner, name="Stammtisch", owner_name="Anna")
    players, users = [club.members.get()], []
    for name in PLAYERS[1:]:
        member = services.add_member(club=club, name=name, role=Role.MEMBER)
        member.user = User.objects.create_user(name.lower(), password="x")
        member.save()
        players.append(member)
        users.append(member.user)
    session: Session = services.start_session(
        club=club, actor=owner, game="schafkopf", rules="classic", tariff="10/20/50", players=players,
        cents_per_point=10,
    )  # fmt: skip
    scorer = Client(headers=GZIP)
    scorer.force_login(owner)
    sheet_url = session.get_absolute_url()
    form_url = reverse("deal_new", args=[club.slug, session.pk])
    live_url = reverse("session_live", args=[club.slug, session.pk])
    watchers = [Phone(users[i % 3], sheet_url, live_url) for i in range(phones)]
    per_deal: list[tuple[float, float]] = []
    polls: list[list[tuple[float, float]]] = []
    for number in range(1, deals + 1):
        clock = Clock()
        form = body(scorer.get(form_url, secure=True))
        saved = scorer.post(form_url, {**hidden_fields(form), **facts(number)}, secure=True)
        assert saved.status_code == 302, body(saved)[:2000]
        sheet = scorer.get(saved["Location"], secure=True)
        per_deal.append(clock.read())
        assert f"+ Deal {number + 1}" in body(sheet) or f"+ Spiel {number + 1}" in body(sheet)
        polls.append([watcher.poll()[0] for watcher in watchers for _ in range(2)])
        if number <= WINDOW or number % 50 == 0 or number == deals:
            wall, cpu = per_deal[-1]
            print(f"deal {number:4}: {wall:6.1f} ms ({cpu:5.1f} ms CPU), polls up to {max(polls[-1])[0]:5.1f} ms")
    unchanged = watchers[0].poll()[1]
    (first, first_cpu), (last, last_cpu) = median(per_deal[:WINDOW]), median(per_deal[-WINDOW:])
    poll, poll_cpu = p95([t for round_ in polls[-WINDOW:] for t in round_])
    return {
        "database": connection.vendor,
        "deals": deals,
        "phones": phones,
        "cpu_ms": {"per_deal_first": first_cpu, "per_deal_last": last_cpu, "poll_p95": poll_cpu},
        "per_deal_first_ms": first,
        "per_deal_last_ms": last,
        "poll_p95_ms": poll,
        "poll_bytes_last": wire_bytes(unchanged),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--phones", type=int, default=4)
    args = parser.parse_args()
    with scratch_database("schreiber_evening_bench"):
        result = evening(args.deals, args.phones)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
