"""How fast a big club's page answers (run by hand, not in the test suite).

    DATABASE_URL=postgres://… .venv/bin/python benchmarks/club_page_bench.py [SESSIONS] [DEALS_PER_SESSION]

Builds, in a scratch database (a throwaway SQLite file, or a database named ``schreiber_bench`` next to the one
``DATABASE_URL`` names), a club of SESSIONS sessions (3,000 when not given) with DEALS_PER_SESSION deals each (34:
about 100,000 deals), then times the club's page and its second page as the owner's phone asks for them, and counts
the queries. The page reads each session's stored summary, so the time should not grow with the deals.
"""

from __future__ import annotations

import statistics
import sys
import time

from _scratch import scratch_database
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import Deal, Seat, Session

PLAYERS = ["Anna", "Bert", "Caro", "Dieter"]


def build_club(sessions: int, deals_per_session: int) -> tuple[User, str]:
    owner = User.objects.create_user("anna", password="x")
    club = services.create_club(owner=owner, name="Stammtisch", owner_name="Anna")
    players = [club.members.get()] + [services.add_member(club=club, name=n) for n in PLAYERS[1:]]
    model = services.start_session(
        club=club, actor=owner, game="schafkopf", rules="classic", tariff="classic", players=players
    )
    facts = {"contract": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": 70}
    services.record_deal(session=model, actor=owner, facts=facts)
    services.close_session(session=model, actor=owner)
    model.refresh_from_db()
    template, seat_rows = model.deals.get(), list(model.seats.all())
    # Copies of the stored session and deal, written in bulk: the page only reads what services stored.
    copies = [Session(**{**_fields(model), "deal_count": deals_per_session}) for _ in range(sessions - 1)]
    Session.objects.bulk_create(copies, batch_size=1000)
    for session in Session.objects.exclude(pk=model.pk).iterator(chunk_size=1000):
        Seat.objects.bulk_create(
            [Seat(session=session, position=s.position, member=s.member, name=s.name) for s in seat_rows]
        )
        Deal.objects.bulk_create(
            [
                Deal(session=session, sequence=n, number=n, facts=template.facts, result=template.result)
                for n in range(1, deals_per_session + 1)
            ]
        )
    return owner, club.slug


def _fields(session: Session) -> dict[str, object]:
    skip = {"id", "pot_from"}
    return {f.attname: getattr(session, f.attname) for f in Session._meta.concrete_fields if f.name not in skip}


def timed(client: Client, path: str, rounds: int = 20) -> tuple[float, int]:
    client.get(path, secure=True)  # warm
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        response = client.get(path, secure=True)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    with CaptureQueriesContext(connections["default"]) as queries:
        client.get(path, secure=True)
    return statistics.median(times), len(queries)


def main() -> None:
    sessions = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    deals_per_session = int(sys.argv[2]) if len(sys.argv) > 2 else 34
    with scratch_database("schreiber_bench"):
        start = time.perf_counter()
        owner, slug = build_club(sessions, deals_per_session)
        with connection.cursor() as cursor:  # fresh planner statistics, as autovacuum keeps them in production
            cursor.execute("ANALYZE")
        print(f"{connection.vendor}: {sessions} sessions, {Deal.objects.count()} deals, "
              f"built in {time.perf_counter() - start:.0f} s")  # fmt: skip
        client = Client()
        client.force_login(owner)
        for label, path in (("club page", reverse("club", args=[slug])),
                            ("page 50", reverse("club", args=[slug]) + "?page=50")):  # fmt: skip
            median, queries = timed(client, path)
            print(f"{label:10} median {median * 1000:6.1f} ms  {queries} queries")


if __name__ == "__main__":
    main()
